import { DeleteOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Col, DatePicker, Drawer, Empty, Form, Input, InputNumber, Radio, Row, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AfectacionesCompra, PorcentajesPercepcion, TiposDocumentoCompra, type TCompra, type TCompraGuardar, type TCompraXmlLeida } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { opcionesCatalogo } from '../../../lib/catalogos';
import { fecha, monto } from '../../../lib/formato';
import { useAlmacenes } from '../api/inventario';
import { leerXmlCompra, useAnularCompra, useCompras, useComprasDelProveedor, useRegistrarCompra } from '../api/compras';
import { SelectorBien } from '../components/selector-bien';
import { CamposLote, controlDe, type TControl } from '../../../components/campos-lote';
import { CentroCostoSelect } from '../../../components/centro-costo-select';

const SIMBOLO: Record<number, string> = { 1: 'S/', 2: 'US$' };
const dinero = (v: string, idMoneda: number) => `${SIMBOLO[idMoneda] ?? ''}\u00a0${monto(v)}`;
const COLOR_ESTADO: Record<number, string> = { 1: 'orange', 3: 'gold', 4: 'green', 7: 'default' };

type TLineaForm = {
  IdItem?: number; IdAlmacen?: number; Cantidad?: string; ValorUnitario?: string; AfectacionIgv: '10' | '20' | '30'; DescripcionXml?: string; EtiquetaItem?: string;
  Control?: TControl; Lote?: string; FechaVencimiento?: Dayjs; Series?: string[];
};
type TValores = {
  RucProveedor: string;
  RazonSocialProveedor?: string;
  TipoDocumento: '01' | '03' | '04' | '07' | '08';
  Serie: string;
  Numero: string;
  FechaEmision: Dayjs;
  FechaVencimiento?: Dayjs;
  IdMoneda: 1 | 2;
  IdCondicionPago: 1 | 2;
  Observacion?: string;
  IdCentroCosto?: number | null;
  /** A note's modified purchase, as "tipo|serie|número". */
  Referencia?: string;
  /** SPOT (factura only) and the percepción the supplier charged (factura or boleta). */
  ConDetraccion?: boolean;
  Detraccion?: { CodigoBien?: string; Porcentaje?: string; Monto?: string };
  ConPercepcion?: boolean;
  Percepcion?: { Porcentaje?: '2' | '1' | '0.5'; Monto?: string };
  Lineas: TLineaForm[];
};

/** Purchases from suppliers: the list with payment status, registering one (typed or from the supplier's XML), voiding. */
export function ComprasPage() {
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const filtro = { proveedor: params.get('proveedor') ?? '', pagina: Math.max(1, Number(params.get('pagina') ?? 1) || 1) };
  const consulta = useCompras(filtro);
  const anular = useAnularCompra();
  const [abierto, setAbierto] = useState(false);

  const pedirAnulacion = (c: Omit<TCompra, 'Detalle'>) => {
    let motivo = '';
    modal.confirm({
      title: `Anular la compra ${c.SerieNumero}`,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>Se revertirá el ingreso al almacén y la cuenta por pagar.</span>
          <Input aria-label="Motivo de la anulación" placeholder="Motivo" maxLength={200} onChange={(e) => (motivo = e.target.value)} />
        </Space>
      ),
      okText: 'Anular',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await anular.mutateAsync({ id: c.Id, motivo });
          message.success(`Compra ${c.SerieNumero} anulada`);
        } catch (e) {
          message.error(e instanceof ApiError && e.errores.Motivo ? e.errores.Motivo : mensajeDeError(e));
          throw e;
        }
      },
    });
  };

  return (
    <Card data-testid="pagina-compras">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="Proveedor"
          placeholder="RUC o nombre del proveedor"
          allowClear
          defaultValue={filtro.proveedor}
          onSearch={(v) => setParams(v.trim() ? { proveedor: v.trim() } : {}, { replace: true })}
          style={{ width: 280 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto(true)}>
          Nueva compra
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<Omit<TCompra, 'Detalle'>>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="Aún no hay compras registradas" /> }}
        pagination={{ current: filtro.pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setParams({ ...(filtro.proveedor ? { proveedor: filtro.proveedor } : {}), pagina: String(p) }, { replace: true }) }}
        columns={[
          { title: 'Emisión', dataIndex: 'FechaEmision', render: (v: string) => fecha(v) },
          {
            title: 'Documento',
            key: 'doc',
            render: (_, c) => (
              <>
                {c.Referencia ? `${c.NombreTipoDocumento} ${c.SerieNumero} (modifica ${c.Referencia.SerieNumero})` : `${c.NombreTipoDocumento} ${c.SerieNumero}`}
                {c.Detraccion && <Tag style={{ marginLeft: 6 }}>Detracción {dinero(c.Detraccion.Monto, c.IdMoneda)}</Tag>}
                {c.Percepcion && <Tag style={{ marginLeft: 6 }}>Percepción {dinero(c.Percepcion.Monto, c.IdMoneda)}</Tag>}
              </>
            ),
          },
          { title: 'Proveedor', key: 'prov', render: (_, c) => `${c.RazonSocialProveedor} (${c.RucProveedor})` },
          { title: 'Condición', key: 'cond', render: (_, c) => (c.IdCondicionPago === 2 ? 'Crédito' : 'Contado') },
          { title: 'Total', dataIndex: 'Total', align: 'right', render: (v: string, c) => dinero(v, c.IdMoneda) },
          { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string, c) => <span data-testid={`saldo-compra-${c.SerieNumero}`}>{dinero(v, c.IdMoneda)}</span> },
          { title: 'Estado de pago', key: 'estado', render: (_, c) => <Tag color={COLOR_ESTADO[c.IdEstadoPago]}>{c.EstadoPago}</Tag> },
          {
            title: 'Acciones',
            key: 'acc',
            fixed: 'right',
            render: (_, c) =>
              c.Anulado ? null : (
                <Button type="link" danger aria-label={`Anular ${c.SerieNumero}`} onClick={() => pedirAnulacion(c)}>
                  Anular
                </Button>
              ),
          },
        ]}
      />
      {abierto && <NuevaCompra onCerrar={() => setAbierto(false)} />}
    </Card>
  );
}

const nombreCampo = (k: string) => k.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

function NuevaCompra({ onCerrar }: { onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TValores>();
  const almacenes = useAlmacenes();
  const registrar = useRegistrarCompra();
  const archivo = useRef<HTMLInputElement>(null);
  const [xml, setXml] = useState<TCompraXmlLeida | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leyendo, setLeyendo] = useState(false);
  const condicion = Form.useWatch('IdCondicionPago', form);
  const tipo = Form.useWatch('TipoDocumento', form);
  const ruc = Form.useWatch('RucProveedor', form);
  const conDetraccion = Form.useWatch('ConDetraccion', form);
  const conPercepcion = Form.useWatch('ConPercepcion', form);
  const esNota = tipo === '07' || tipo === '08';
  const delProveedor = useComprasDelProveedor(ruc, esNota);
  const refXml = xml?.Referencia ? `${xml.Referencia.TipoDocumento}|${xml.Referencia.Serie}|${xml.Referencia.Numero}` : null;
  const opcionesReferencia = [
    ...(delProveedor.data ?? []).map((c) => ({
      value: `${c.TipoDocumento}|${c.Serie}|${c.Numero}`,
      label: `${c.NombreTipoDocumento} ${c.SerieNumero} · ${fecha(c.FechaEmision)} · ${dinero(c.Total, c.IdMoneda)}${c.IdCondicionPago === 2 ? ` · saldo ${dinero(c.Saldo, c.IdMoneda)}` : ' · contado'}`,
    })),
  ];
  if (refXml && !opcionesReferencia.some((o) => o.value === refXml)) {
    const [t, se, n] = refXml.split('|');
    opcionesReferencia.push({ value: refXml, label: `${TiposDocumentoCompra[t as '01']} ${se}-${n} (del XML)` });
  }
  const activos = (almacenes.data?.Data ?? []).filter((a) => a.LogEstado === 1);
  const predeterminado = activos.find((a) => a.EsPredeterminado)?.Id ?? activos[0]?.Id;
  const lineaNueva = (): TLineaForm => ({ IdAlmacen: predeterminado, AfectacionIgv: '10' });
  // The warehouses arrive after the form: lines without one take the default warehouse then.
  useEffect(() => {
    if (!predeterminado) return;
    const lineas = (form.getFieldValue('Lineas') as TLineaForm[] | undefined) ?? [];
    if (lineas.some((l) => !l.IdAlmacen)) form.setFieldValue('Lineas', lineas.map((l) => ({ ...l, IdAlmacen: l.IdAlmacen ?? predeterminado })));
  }, [predeterminado, form]);

  async function importar(f: File) {
    setError(null);
    setLeyendo(true);
    try {
      const l = await leerXmlCompra(await f.text());
      setXml(l);
      form.setFieldsValue({
        RucProveedor: l.RucProveedor,
        RazonSocialProveedor: l.RazonSocialProveedor,
        TipoDocumento: l.TipoDocumento as TValores['TipoDocumento'],
        Serie: l.Serie,
        Numero: String(l.Numero),
        FechaEmision: dayjs(l.FechaEmision),
        FechaVencimiento: l.FechaVencimiento ? dayjs(l.FechaVencimiento) : undefined,
        IdMoneda: l.IdMoneda as 1 | 2,
        IdCondicionPago: l.IdCondicionPago as 1 | 2,
        Referencia: l.Referencia ? `${l.Referencia.TipoDocumento}|${l.Referencia.Serie}|${l.Referencia.Numero}` : undefined,
        // Branch guiaalm: the SPOT and the percepción the supplier wrote in the XML.
        ConDetraccion: l.Detraccion !== null,
        Detraccion: l.Detraccion ?? undefined,
        ConPercepcion: l.Percepcion !== null,
        Percepcion: l.Percepcion ?? undefined,
        Lineas: l.Lineas.map((x) => ({
          IdItem: x.IdItem ?? undefined,
          EtiquetaItem: x.ItemDescripcion ?? undefined,
          IdAlmacen: predeterminado,
          Cantidad: x.Cantidad,
          ValorUnitario: x.ValorUnitario,
          AfectacionIgv: x.AfectacionIgv as TLineaForm['AfectacionIgv'],
          DescripcionXml: `${x.Codigo ? `${x.Codigo} · ` : ''}${x.Descripcion}`,
          // The supplier's lot (UBL LotIdentification) of a lot-tracked item.
          ...(x.Lote ? { Control: 'L' as const, Lote: x.Lote, FechaVencimiento: x.FechaVencimientoLote ? dayjs(x.FechaVencimientoLote) : undefined } : {}),
        })),
      });
    } catch (e) {
      setXml(null);
      setError(e instanceof ApiError && e.errores.Xml ? e.errores.Xml : mensajeDeError(e));
    } finally {
      setLeyendo(false);
      if (archivo.current) archivo.current.value = '';
    }
  }

  async function guardar(v: TValores) {
    setError(null);
    const datos: TCompraGuardar = {
      RucProveedor: v.RucProveedor,
      RazonSocialProveedor: v.RazonSocialProveedor || undefined,
      TipoDocumento: v.TipoDocumento,
      Serie: v.Serie,
      Numero: Number(v.Numero),
      FechaEmision: v.FechaEmision.format('YYYY-MM-DD'),
      IdMoneda: v.IdMoneda,
      IdCondicionPago: v.IdCondicionPago,
      Observacion: v.Observacion || undefined,
      IdCentroCosto: v.IdCentroCosto ?? null,
      ...((v.TipoDocumento === '07' || v.TipoDocumento === '08') && v.Referencia
        ? (() => {
            const [t, se, n] = v.Referencia.split('|');
            return { Referencia: { TipoDocumento: t as '01', Serie: se, Numero: Number(n) } };
          })()
        : {}),
      ...(v.IdCondicionPago === 2 && v.FechaVencimiento ? { FechaVencimiento: v.FechaVencimiento.format('YYYY-MM-DD') } : {}),
      ...(v.TipoDocumento === '01' && v.ConDetraccion && v.Detraccion
        ? { Detraccion: { CodigoBien: v.Detraccion.CodigoBien ?? '', Porcentaje: String(v.Detraccion.Porcentaje ?? ''), Monto: String(v.Detraccion.Monto ?? '') } }
        : {}),
      ...((v.TipoDocumento === '01' || v.TipoDocumento === '03') && v.ConPercepcion && v.Percepcion
        ? { Percepcion: { Porcentaje: v.Percepcion.Porcentaje ?? '2', Monto: String(v.Percepcion.Monto ?? '') } }
        : {}),
      ...(xml ? { Origen: 'X' as const, TotalDeclarado: xml.Total, ...(v.IdCondicionPago === 2 && xml.Cuotas.length ? { Cuotas: xml.Cuotas } : {}) } : {}),
      Lineas: v.Lineas.map((l) => ({
        IdItem: l.IdItem!, IdAlmacen: l.IdAlmacen!, Cantidad: l.Cantidad ?? '', ValorUnitario: l.ValorUnitario ?? '', AfectacionIgv: l.AfectacionIgv,
        ...(l.Control === 'L' ? { Lote: l.Lote?.trim(), FechaVencimiento: l.FechaVencimiento?.format('YYYY-MM-DD') } : {}),
        ...(l.Control === 'S' ? { Series: l.Series ?? [] } : {}),
      })),
    };
    try {
      const c = await registrar.mutateAsync(datos);
      message.success(`Compra ${c.SerieNumero} registrada: ${dinero(c.Total, c.IdMoneda)}`);
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        const conocidos = ['RucProveedor', 'RazonSocialProveedor', 'TipoDocumento', 'Serie', 'Numero', 'FechaEmision', 'FechaVencimiento', 'IdMoneda', 'IdCondicionPago', 'Observacion', 'Lineas', 'Referencia', 'Detraccion', 'Percepcion', 'IdCentroCosto'];
        form.setFields(
          Object.entries(e.errores)
            .filter(([k]) => conocidos.includes(k.split('.')[0]) && k !== 'Lineas')
            .map(([k, msg]) => ({ name: nombreCampo(k) as never, errors: [msg] })),
        );
        setError(Object.entries(e.errores).map(([, m]) => m).join(' · '));
      } else setError(mensajeDeError(e));
    }
  }

  const sinReconocer = xml?.Lineas.filter((l) => l.IdItem === null).length ?? 0;
  return (
    <Drawer
      open
      title="Nueva compra"
      size={980}
      onClose={onCerrar}
      destroyOnHidden
      extra={
        <Space>
          <input ref={archivo} type="file" accept=".xml,text/xml,application/xml" hidden aria-label="Archivo XML del proveedor" onChange={(e) => e.target.files?.[0] && importar(e.target.files[0])} />
          <Button icon={<FileTextOutlined />} loading={leyendo} onClick={() => archivo.current?.click()}>
            Importar XML del proveedor
          </Button>
          <Button type="primary" loading={registrar.isPending} onClick={() => form.submit()}>
            Registrar compra
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="error-compra" />}
      {xml && (
        <Alert
          type={sinReconocer ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={`XML de ${xml.RazonSocialProveedor}: total ${dinero(xml.Total, xml.IdMoneda)}${xml.Firmado ? ' (firma válida)' : ''}`}
          description={[
            ...(sinReconocer ? [`${sinReconocer} producto(s) del XML no se reconocieron: elija en cada línea marcada el producto de su catálogo.`] : []),
            ...(xml.IdCondicionPago === 2 && xml.Cuotas.length ? [`Cuotas: ${xml.Cuotas.map((c) => `${dinero(c.Monto, xml.IdMoneda)} al ${fecha(c.FechaVencimiento)}`).join(', ')}`] : []),
            ...xml.Avisos,
          ].join(' ')}
        />
      )}
      <Form<TValores>
        form={form}
        layout="vertical"
        onFinish={guardar}
        initialValues={{ TipoDocumento: '01', IdMoneda: 1, IdCondicionPago: 1, FechaEmision: dayjs(), Lineas: [lineaNueva()] }}
      >
        <Row gutter={12}>
          <Col xs={24} md={6}>
            <Form.Item name="RucProveedor" label="RUC del proveedor" rules={[{ required: true, pattern: /^\d{11}$/, message: 'El RUC tiene 11 dígitos' }]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="RazonSocialProveedor" label="Razón social" extra="Obligatoria si el proveedor es nuevo">
              <Input maxLength={250} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="TipoDocumento" label="Tipo de documento">
              <Select options={Object.entries(TiposDocumentoCompra).map(([value, label]) => ({ value, label: `${value} ${label}` }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="Serie" label="Serie" rules={[{ required: true, message: 'Indique la serie' }]}>
              <Input maxLength={4} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="Numero" label="Número" rules={[{ required: true, pattern: /^\d{1,8}$/, message: 'Número de 1 a 8 dígitos' }]}>
              <Input maxLength={8} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="FechaEmision" label="Fecha de emisión" rules={[{ required: true, message: 'Indique la fecha' }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="IdMoneda" label="Moneda" extra="En dólares se usa el tipo de cambio del día de Finanzas">
              <Select options={[{ value: 1, label: 'Soles' }, { value: 2, label: 'Dólares' }]} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="IdCondicionPago" label="Condición de pago">
              <Radio.Group options={[{ value: 1, label: 'Contado' }, { value: 2, label: 'Crédito' }]} />
            </Form.Item>
          </Col>
          {esNota && (
            <Col xs={24} md={12}>
              <Form.Item
                name="Referencia"
                label="Documento que modifica"
                extra={tipo === '07' ? 'Una nota de crédito sobre una compra al crédito rebaja sus cuotas; sobre una al contado o pagada queda como saldo a favor' : 'Sobre una compra al crédito, la nota de débito le agrega una cuota'}
              >
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={delProveedor.isFetching}
                  placeholder={ruc && /^\d{11}$/.test(ruc) ? 'Elija la compra del proveedor' : 'Indique primero el RUC del proveedor'}
                  options={opcionesReferencia}
                  notFoundContent="El proveedor no tiene compras registradas"
                />
              </Form.Item>
            </Col>
          )}
          {condicion === 2 && !(xml?.Cuotas.length) && (
            <Col xs={12} md={5}>
              <Form.Item name="FechaVencimiento" label="Vencimiento" rules={[{ required: true, message: 'Indique el vencimiento' }]}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={8}>
            <Form.Item
              name="IdCentroCosto"
              label="Centro de costo"
              tooltip="El asiento de la compra lleva este centro en su cuenta de compras (60). Una nota sin centro toma el de la compra que modifica"
            >
              <CentroCostoSelect />
            </Form.Item>
          </Col>
        </Row>
        {(tipo === '01' || tipo === '03') && (
          <Row gutter={12}>
            {tipo === '01' && (
              <Col xs={24} md={12}>
                <Form.Item name="ConDetraccion" valuePropName="checked" style={{ marginBottom: 8 }}>
                  <Checkbox>Sujeta a detracción (SPOT)</Checkbox>
                </Form.Item>
                {conDetraccion && (
                  <Row gutter={8}>
                    <Col xs={24}>
                      <Form.Item name={['Detraccion', 'CodigoBien']} label="Bien o servicio (catálogo 54)" rules={[{ required: true, message: 'Elija el bien o servicio' }]}>
                        <Select options={opcionesCatalogo('54')} showSearch={{ optionFilterProp: 'label' }} popupMatchSelectWidth={false} />
                      </Form.Item>
                    </Col>
                    <Col xs={10}>
                      <Form.Item name={['Detraccion', 'Porcentaje']} label="Porcentaje" rules={[{ required: true, message: 'Indique el %' }]}>
                        <InputNumber stringMode min="0.01" max="100" precision={2} style={{ width: '100%' }} suffix="%" />
                      </Form.Item>
                    </Col>
                    <Col xs={14}>
                      <Form.Item name={['Detraccion', 'Monto']} label="Monto de la detracción" extra="Se deposita en la cuenta del proveedor en el Banco de la Nación; al proveedor se le paga el resto" rules={[{ required: true, message: 'Indique el monto' }]}>
                        <InputNumber stringMode min="0.01" precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                )}
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item name="ConPercepcion" valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox>El proveedor cobró percepción del IGV</Checkbox>
              </Form.Item>
              {conPercepcion && (
                <Row gutter={8}>
                  <Col xs={10}>
                    <Form.Item name={['Percepcion', 'Porcentaje']} label="Porcentaje" initialValue="2" rules={[{ required: true, message: 'Elija el %' }]}>
                      <Select options={PorcentajesPercepcion.map((p) => ({ value: p, label: `${p} %` }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={14}>
                    <Form.Item name={['Percepcion', 'Monto']} label="Monto de la percepción" extra="Se paga al proveedor con el total" rules={[{ required: true, message: 'Indique el monto' }]}>
                      <InputNumber stringMode min="0.01" precision={2} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </Row>
              )}
            </Col>
          </Row>
        )}
        <Form.List name="Lineas">
          {(campos, { add, remove }) => (
            <>
              {campos.map((c) => (
                <Row key={c.key} gutter={8} align="top" data-testid="linea-compra">
                  <Col xs={24} md={8}>
                    <Form.Item
                      noStyle
                      shouldUpdate={(a: TValores, b: TValores) => a.Lineas?.[c.name]?.EtiquetaItem !== b.Lineas?.[c.name]?.EtiquetaItem || a.Lineas?.[c.name]?.DescripcionXml !== b.Lineas?.[c.name]?.DescripcionXml}
                    >
                      {() => {
                        const l = form.getFieldValue(['Lineas', c.name]) as TLineaForm | undefined;
                        return (
                          <Form.Item name={[c.name, 'IdItem']} label="Producto" rules={[{ required: true, message: l?.DescripcionXml ? 'Producto no reconocido: elija el de su catálogo' : 'Elija el producto' }]} extra={l?.DescripcionXml ? `En el XML: ${l.DescripcionXml}` : undefined}>
                            <SelectorBien etiqueta={l?.EtiquetaItem} onElegir={(i) => form.setFieldValue(['Lineas', c.name, 'Control'], controlDe(i))} />
                          </Form.Item>
                        );
                      }}
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[c.name, 'IdAlmacen']} label="Almacén" rules={[{ required: true, message: 'Elija el almacén' }]}>
                      <Select options={activos.map((a) => ({ value: a.Id, label: a.Nombre }))} loading={almacenes.isLoading} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[c.name, 'Cantidad']} label="Cantidad" rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,10})?$/, message: 'Cantidad no válida' }]}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[c.name, 'ValorUnitario']} label="Valor unitario (sin IGV)" rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,10})?$/, message: 'Valor no válido' }]}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={4}>
                    <Form.Item name={[c.name, 'AfectacionIgv']} label="IGV">
                      <Select options={Object.entries(AfectacionesCompra).map(([value, label]) => ({ value, label }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={1}>
                    <Form.Item label=" ">
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar línea" disabled={campos.length === 1} onClick={() => remove(c.name)} />
                    </Form.Item>
                  </Col>
                  <Form.Item name={[c.name, 'Control']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate={(a: TValores, b: TValores) => a.Lineas?.[c.name]?.Control !== b.Lineas?.[c.name]?.Control}>
                    {() => <CamposLote nombre={[c.name]} control={form.getFieldValue(['Lineas', c.name, 'Control']) as TControl} entrada={form.getFieldValue('TipoDocumento') !== '07'} indice={c.name} />}
                  </Form.Item>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(lineaNueva())}>
                Agregar línea
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="Observacion" label="Observación" style={{ marginTop: 12 }}>
          <Input maxLength={250} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
