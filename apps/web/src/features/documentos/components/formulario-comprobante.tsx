import {
  CLIENTE_GENERICO,
  CodigoMoneda,
  LIMITE_BOLETA_SIN_IDENTIFICAR,
  NombreCondicionPago,
  SimboloMoneda,
  TipoDocumentoContable,
  type TDocumentoContable,
  type TDocumentoContableCrear,
} from '@yupana/contracts';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useEmitirDocumento } from '../api/emitir-documento';
import { useSeriesDeTipo } from '../api/get-series';
import { opcionesBienesDetraccion, opcionesMotivoNotaCredito, opcionesMotivoNotaDebito, type TTipoEmision } from './catalogos-ui';
import { ClienteCampos } from './cliente-campos';
import { nuevaClaveIdempotencia } from './clave-idempotencia';
import { useParametrosFacturacion, valorParametro } from '../../../lib/api/parametros-facturacion';
import { CuotasCampos } from './cuotas-campos';
import { ErroresApi } from './errores-api';
import { LINEA_VACIA, LineasItems } from './lineas-items';
import { lineaCompleta, totalesDe, type TLineaFormulario, type TValoresComprobante } from './modelo-comprobante';
import { PanelTotales } from './panel-totales';
import { importe } from '../../../lib/formato';
import { CentroCostoSelect } from '../../../components/centro-costo-select';
import { useCentrosCosto } from '../../../lib/api/centros-costo';

/** From this amount (soles) a sale of services is usually subject to detracción (SPOT). */
const UMBRAL_DETRACCION = 700;

type TProps = { tipo: TTipoEmision; referencia?: TDocumentoContable | null };

const clienteDe = (ref: TDocumentoContable): TValoresComprobante['Cliente'] => ({
  IdEntidad: ref.Receptor.IdEntidad ?? undefined,
  IdTipoDocumento: ref.Receptor.IdTipoDocumento,
  NumeroDocumento: ref.Receptor.NumeroDocumento,
  RazonSocial: ref.Receptor.RazonSocial,
  Direccion: ref.Receptor.Direccion ?? undefined,
  Correo: ref.Receptor.CorreoEntidadReceptor ?? undefined,
});
const lineasDe = (ref: TDocumentoContable): TValoresComprobante['Items'] =>
  ref.ListaItems.map((l) => ({
    CodigoItem: l.CodigoItem ?? undefined,
    ItemDescripcion: l.ItemDescripcion,
    CodigoUnidad: l.CodigoUnidad,
    Cantidad: l.Cantidad,
    Precio: l.PrecioUnitario,
    IncluyeIgv: true,
    Afectacion: l.TipoAfectacion,
  }));

function valoresIniciales(tipo: TTipoEmision, ref?: TDocumentoContable | null): TValoresComprobante {
  const base: TValoresComprobante = { FechaEmision: dayjs(), IdMoneda: 1, IdCondicionPago: 1, Items: [{ ...LINEA_VACIA }], Cuotas: [] };
  if (tipo.id === TipoDocumentoContable.BOLETA || tipo.id === TipoDocumentoContable.NOTA_VENTA)
    base.Cliente = { IdTipoDocumento: 6, NumeroDocumento: CLIENTE_GENERICO.Documento, RazonSocial: CLIENTE_GENERICO.RazonSocial };
  if (tipo.id === TipoDocumentoContable.FACTURA) base.Cliente = { IdTipoDocumento: 2 };
  if (ref && ref.IdTipoDocumento === TipoDocumentoContable.NOTA_VENTA) {
    // Canje: the factura or boleta repeats the nota de venta's lines; its customer stays unless a factura needs a RUC.
    base.IdMoneda = ref.IdMoneda;
    base.Canje = ref.Id;
    if (tipo.id === TipoDocumentoContable.BOLETA || ref.Receptor.IdTipoDocumento === 2) base.Cliente = clienteDe(ref);
    base.Items = lineasDe(ref);
    return base;
  }
  if (ref) {
    // A note repeats the affected document's customer, currency and lines (the usual case: full void or correction).
    base.IdMoneda = ref.IdMoneda;
    base.Cliente = clienteDe(ref);
    base.Items = lineasDe(ref);
    base.Referencia = { IdDocumento: ref.Id, IdTipoDocumento: ref.IdTipoDocumento, SerieNumero: ref.SerieNumero, FechaEmision: ref.FechaEmision };
    base.Motivo = { Codigo: '01' };
  }
  return base;
}

/**
 * The document's cost centre: its sales income (70) is posted with it, and without one with its branch's. Shown only
 * when the company has an active centre and the user may read them (a cashier without the finance masters does not
 * see an empty field).
 */
function CampoCentroCosto() {
  const centros = useCentrosCosto();
  if (!(centros.data?.Data ?? []).some((c) => c.LogEstado === 1)) return null;
  return (
    <Col xs={24} sm={12} md={8}>
      <Form.Item label="Centro de costo" name="IdCentroCosto" tooltip="La venta (cuenta 70) se registra con este centro; sin él, con el de la sucursal">
        <CentroCostoSelect />
      </Form.Item>
    </Col>
  );
}

/** Request body of the seed's Accounting document from the form. */
export function aSolicitud(tipo: TTipoEmision, v: TValoresComprobante): TDocumentoContableCrear {
  const credito = (v.IdCondicionPago ?? 1) !== 1;
  const lineas = (v.Items ?? []).filter(lineaCompleta) as (TLineaFormulario & { Cantidad: string; Precio: string; Afectacion: string })[];
  const c = v.Cliente ?? {};
  const esNota = tipo.id === TipoDocumentoContable.NOTA_CREDITO || tipo.id === TipoDocumentoContable.NOTA_DEBITO;
  const [serieRef, numeroRef] = (v.Referencia?.SerieNumero ?? '').toUpperCase().split('-');
  return {
    IdTipoDocumento: tipo.id,
    IdSerie: v.IdSerie as number,
    IdMoneda: (v.IdMoneda ?? 1) as 1 | 2,
    IdCondicionPago: (v.IdCondicionPago ?? 1) as 1 | 2 | 3 | 4,
    FechaEmision: (v.FechaEmision ?? dayjs()).format('YYYY-MM-DD'),
    FechaVencimiento: v.FechaVencimiento ? v.FechaVencimiento.format('YYYY-MM-DD') : undefined,
    Observaciones: v.Observaciones?.trim() || undefined,
    ...(v.IdCentroCosto ? { IdCentroCosto: v.IdCentroCosto } : {}),
    ListaItems: lineas.map((l) => ({
      IdItem: l.IdItem ? Number(l.IdItem) : undefined,
      CodigoItem: l.CodigoItem?.trim() || undefined,
      ItemDescripcion: (l.ItemDescripcion ?? '').trim(),
      CodigoUnidad: l.CodigoUnidad ?? 'NIU',
      Cantidad: l.Cantidad,
      ...(l.IncluyeIgv ? { PrecioUnitario: l.Precio } : { ValorUnitario: l.Precio }),
      Descuento: l.Descuento && Number(l.Descuento) > 0 ? l.Descuento : undefined,
      TipoAfectacion: l.Afectacion,
      ...(l.IdItem && l.Control === 'L' && l.Lote?.trim() ? { CodigoLote: l.Lote.trim() } : {}),
      ...(l.IdItem && l.Control === 'S' && l.Series?.length ? { Series: l.Series } : {}),
    })),
    ListaEntidades: [
      {
        TipoEntidad: 2,
        IdEntidad: c.IdEntidad ? Number(c.IdEntidad) : undefined,
        IdTipoDocumento: c.IdTipoDocumento ?? 6,
        NumeroDocumento: (c.NumeroDocumento ?? '').trim(),
        RazonSocial: (c.RazonSocial ?? '').trim(),
        Direccion: c.Direccion?.trim() || undefined,
        CorreoEntidadReceptor: c.Correo?.trim() || undefined,
      },
    ],
    ListaCuotas: credito
      ? (v.Cuotas ?? []).map((q) => ({ Monto: q.Monto ?? '', FechaVencimiento: q.FechaVencimiento ? q.FechaVencimiento.format('YYYY-MM-DD') : '' }))
      : [],
    ListaReferencias: esNota
      ? [
          {
            IdDocumentoReferencia: v.Referencia?.IdDocumento,
            IdTipoDocumento: v.Referencia?.IdDocumento ? undefined : (v.Referencia?.IdTipoDocumento as 1003 | 1004 | undefined),
            Serie: v.Referencia?.IdDocumento ? undefined : serieRef,
            Correlativo: v.Referencia?.IdDocumento || !numeroRef ? undefined : Number(numeroRef),
            CodigoMotivo: v.Motivo?.Codigo ?? '',
            DescripcionMotivo: (v.Motivo?.Sustento ?? '').trim(),
          },
        ]
      : [],
    ...(v.Canje ? { IdDocumentoOrigen: v.Canje } : {}),
    Detraccion:
      v.ConDetraccion && v.Detraccion
        ? { CodigoBien: v.Detraccion.CodigoBien ?? '', Porcentaje: v.Detraccion.Porcentaje ?? '', CuentaBancoNacion: (v.Detraccion.NumeroCuenta ?? '').trim() }
        : undefined,
  };
}

/** Factura, boleta, nota de crédito, nota de débito and the internal nota de venta (no SUNAT, marked as such). */
export function FormularioComprobante({ tipo, referencia }: TProps) {
  const [form] = Form.useForm<TValoresComprobante>();
  const navigate = useNavigate();
  const emitir = useEmitirDocumento();
  const series = useSeriesDeTipo(tipo.id);
  // One key per submission: a double click or a retry reuses it; any edit afterwards makes it a new submission.
  const clave = useRef(nuevaClaveIdempotencia());
  // Both clicks of a double click pass validation before the button shows it is busy: only the first one sends.
  const enviando = useRef(false);
  const valores = Form.useWatch((v: TValoresComprobante) => v, form) ?? valoresIniciales(tipo, referencia);

  const esNota = tipo.id === TipoDocumentoContable.NOTA_CREDITO || tipo.id === TipoDocumentoContable.NOTA_DEBITO;
  const idMoneda = valores.IdMoneda ?? 1;
  const totales = useMemo(() => totalesDe(valores, tipo.codigo, CodigoMoneda[idMoneda] ?? 'PEN'), [valores, tipo.codigo, idMoneda]);
  const credito = (valores.IdCondicionPago ?? 1) !== 1;
  const puedeDetraccion = tipo.id === TipoDocumentoContable.FACTURA && !!totales && totales.importeTotal.gte(UMBRAL_DETRACCION);
  const letraReferencia = referencia?.Serie?.[0] ?? (valores.Referencia?.IdTipoDocumento === TipoDocumentoContable.BOLETA ? 'B' : valores.Referencia?.IdTipoDocumento ? 'F' : null);
  const opcionesSerie = (series.data ?? [])
    .filter((s) => !esNota || !letraReferencia || s.Serie.startsWith(letraReferencia))
    .map((s) => ({ value: s.Id, label: s.Descripcion ? `${s.Serie} · ${s.Descripcion}` : s.Serie }));
  const tiposCliente = tipo.id === TipoDocumentoContable.FACTURA || letraReferencia === 'F' ? [2] : [1, 2, 3, 4, 5, 6, 7];

  // Most shops have one series per document type: it comes chosen.
  const primeraSerie = opcionesSerie[0]?.value;
  useEffect(() => {
    if (primeraSerie !== undefined && !form.getFieldValue('IdSerie')) form.setFieldValue('IdSerie', primeraSerie);
  }, [primeraSerie, form]);

  // The company's billing parameters: default currency (not on notes, which follow their document) and, on facturas,
  // default payment condition. Applied once, unless the user already changed the field.
  const parametros = useParametrosFacturacion().data;
  const aplicados = useRef(false);
  useEffect(() => {
    if (!parametros || aplicados.current || referencia) return;
    aplicados.current = true;
    const moneda = Number(valorParametro(parametros, 'MonedaPorDefecto'));
    if (moneda && !form.isFieldTouched('IdMoneda')) form.setFieldValue('IdMoneda', moneda);
    const condicion = Number(valorParametro(parametros, 'CondicionPagoPorDefecto'));
    if (tipo.id === TipoDocumentoContable.FACTURA && condicion && !form.isFieldTouched('IdCondicionPago')) form.setFieldValue('IdCondicionPago', condicion);
  }, [parametros, referencia, tipo.id, form]);

  async function enviar(v: TValoresComprobante) {
    if (enviando.current) return;
    enviando.current = true;
    try {
      const creado = await emitir.mutateAsync({ cuerpo: aSolicitud(tipo, v), clave: clave.current });
      clave.current = nuevaClaveIdempotencia();
      navigate(`/admin/documentos/${creado.Id}`);
    } finally {
      enviando.current = false;
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={valoresIniciales(tipo, referencia)}
      onValuesChange={() => {
        if (emitir.isError) emitir.reset();
        if (!enviando.current) clave.current = nuevaClaveIdempotencia();
      }}
      onFinish={(v) => void enviar(v).catch(() => undefined)}
      scrollToFirstError
      data-testid={`formulario-${tipo.slug}`}
    >
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card title="Comprobante" size="small" style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col xs={24} sm={12} md={8}>
                <Form.Item label="Serie" name="IdSerie" rules={[{ required: true, message: 'Seleccione la serie' }]}>
                  <Select options={opcionesSerie} loading={series.isLoading} placeholder="Serie" notFoundContent="No hay series activas para este tipo de documento" aria-label="Serie" />
                </Form.Item>
              </Col>
              <Col xs={12} sm={12} md={8}>
                <Form.Item label="Fecha de emisión" name="FechaEmision" rules={[{ required: true, message: 'Indique la fecha' }]}>
                  <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                </Form.Item>
              </Col>
              <Col xs={12} sm={12} md={8}>
                <Form.Item label="Moneda" name="IdMoneda">
                  <Select options={[{ value: 1, label: 'PEN - Soles' }, { value: 2, label: 'USD - Dólares' }]} />
                </Form.Item>
              </Col>
              {idMoneda === 2 && (
                <Col xs={12} sm={12} md={8}>
                  <Form.Item label="Tipo de cambio" name="TipoCambio" tooltip="Para la detracción, que se deposita en soles">
                    <InputNumber stringMode min="0.001" precision={3} style={{ width: '100%' }} inputMode="decimal" />
                  </Form.Item>
                </Col>
              )}
              {!esNota && (
                <Col xs={24} sm={12} md={8}>
                  <Form.Item label="Condición de pago" name="IdCondicionPago">
                    <Select options={Object.entries(NombreCondicionPago).map(([value, label]) => ({ value: Number(value), label }))} aria-label="Condición de pago" />
                  </Form.Item>
                </Col>
              )}
              {credito && !esNota && (
                <Col xs={12} sm={12} md={8}>
                  <Form.Item label="Fecha de vencimiento" name="FechaVencimiento">
                    <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly />
                  </Form.Item>
                </Col>
              )}
              <CampoCentroCosto />
            </Row>
            {credito && !esNota && <CuotasCampos />}
          </Card>

          {esNota && (
            <Card title="Documento que modifica" size="small" style={{ marginBottom: 16 }}>
              <Form.Item name={['Referencia', 'IdDocumento']} hidden>
                <Input />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={8}>
                  <Form.Item label="Tipo" name={['Referencia', 'IdTipoDocumento']} rules={[{ required: true, message: 'Seleccione el tipo' }]}>
                    <Select disabled={!!referencia} options={[{ value: 1003, label: 'Factura' }, { value: 1004, label: 'Boleta' }]} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={16}>
                  <Form.Item
                    label="Serie y número"
                    name={['Referencia', 'SerieNumero']}
                    rules={[{ required: true, message: 'Indique la serie y el número' }, { pattern: /^[A-Za-z0-9]{4}-\d{1,8}$/, message: 'Formato F001-123' }]}
                  >
                    <Input disabled={!!referencia} placeholder="F001-123" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={12}>
                <Col xs={24} md={10}>
                  <Form.Item label="Motivo" name={['Motivo', 'Codigo']} rules={[{ required: true, message: 'Seleccione el motivo' }]}>
                    <Select
                      options={tipo.id === TipoDocumentoContable.NOTA_CREDITO ? opcionesMotivoNotaCredito() : opcionesMotivoNotaDebito()}
                      showSearch
                      optionFilterProp="label"
                      popupMatchSelectWidth={false}
                      aria-label="Motivo"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item label="Sustento" name={['Motivo', 'Sustento']} rules={[{ required: true, whitespace: true, message: 'Indique el sustento de la nota' }]}>
                    <Input maxLength={250} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          )}

          {valores.Canje && referencia && (
            <Alert
              style={{ marginBottom: 16 }}
              type="info"
              showIcon
              data-testid="aviso-canje"
              title={`Canje de la nota de venta ${referencia.SerieNumero}`}
              description="El comprobante documenta ante SUNAT la venta de la nota: no vuelve a mover stock ni a crear cuentas por cobrar."
            />
          )}
          <Form.Item name="Canje" hidden>
            <Input />
          </Form.Item>
          <Card title={tipo.id === TipoDocumentoContable.FACTURA || esNota ? 'Cliente (receptor)' : 'Cliente'} size="small" style={{ marginBottom: 16 }}>
            <ClienteCampos form={form} tiposPermitidos={tiposCliente} />
            {tipo.id === TipoDocumentoContable.BOLETA && (
              <Form.Item noStyle shouldUpdate>
                {() =>
                  totales && totales.importeTotal.gte(LIMITE_BOLETA_SIN_IDENTIFICAR) && valores.Cliente?.IdTipoDocumento === 6 ? (
                    <div style={{ color: '#b45309' }}>Desde {importe('S/', String(LIMITE_BOLETA_SIN_IDENTIFICAR))} la boleta debe identificar al cliente (DNI u otro documento).</div>
                  ) : null
                }
              </Form.Item>
            )}
          </Card>

          <Card title="Ítems" size="small" style={{ marginBottom: 16 }}>
            <LineasItems form={form} conPrecios idSucursalVenta={esNota ? undefined : series.data?.find((s) => s.Id === valores.IdSerie)?.IdSucursal} />
          </Card>

          <Card title="Otros datos" size="small" style={{ marginBottom: 16 }}>
            {puedeDetraccion && (
              <>
                <Form.Item name="ConDetraccion" valuePropName="checked">
                  <Checkbox>Operación sujeta al sistema de detracciones (SPOT)</Checkbox>
                </Form.Item>
                {valores.ConDetraccion && (
                  <Row gutter={12}>
                    <Col xs={24} md={12}>
                      <Form.Item label="Bien o servicio" name={['Detraccion', 'CodigoBien']} rules={[{ required: true, message: 'Seleccione el bien o servicio' }]}>
                        <Select options={opcionesBienesDetraccion()} showSearch optionFilterProp="label" popupMatchSelectWidth={false} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item label="Porcentaje" name={['Detraccion', 'Porcentaje']} rules={[{ required: true, message: '%' }]}>
                        <InputNumber stringMode min="0.01" max="100" precision={2} style={{ width: '100%' }} suffix="%" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={8}>
                      <Form.Item label="Cuenta Banco de la Nación" name={['Detraccion', 'NumeroCuenta']} rules={[{ required: true, pattern: /^[\d-]{5,30}$/, message: 'Cuenta no válida' }]}>
                        <Input inputMode="numeric" />
                      </Form.Item>
                    </Col>
                  </Row>
                )}
              </>
            )}
            <Form.Item label="Observaciones" name="Observaciones">
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </Card>
        </Col>

        <Col xs={24} xl={8}>
          <Card title="Totales" size="small" style={{ position: 'sticky', top: 8, marginBottom: 16 }}>
            <PanelTotales totales={totales} simbolo={SimboloMoneda[idMoneda] ?? 'S/'} />
            {tipo.id === TipoDocumentoContable.NOTA_VENTA && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Documento interno: NO TRIBUTARIO" description="La nota de venta no se envía a SUNAT ni reemplaza a una boleta o factura." data-testid="aviso-no-tributario" />
            )}
            <ErroresApi error={emitir.error} />
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Button type="primary" htmlType="submit" block size="large" loading={emitir.isPending} data-testid="emitir">
                Emitir {tipo.nombre.toLowerCase()}
              </Button>
              <Button block onClick={() => navigate('/admin/documentos')}>
                Cancelar
              </Button>
            </Space>
          </Card>
        </Col>
      </Row>
    </Form>
  );
}
