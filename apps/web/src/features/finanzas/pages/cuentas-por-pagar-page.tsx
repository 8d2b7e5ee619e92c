import { Alert, App, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EstadosLetraPagar, MediosPagoBancarios, NombresTramo, TramosAntiguedad, type TDocumentoPorPagar, type TLetraPagar, type TPago, type TTramoAntiguedad } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { abrirReciboPago, useCuentasFinancieras, useCuentasPorPagar, useLetrasPagar, useOperacionLetra, usePagos } from '../api/finanzas';
import { CanjeLetrasPagarModal } from '../components/canje-letras-pagar-modal';
import { AnularReciboModal } from '../components/anular-recibo-modal';
import { CobroModal } from '../components/cobro-modal';
import { DeduccionesModal } from '../components/deducciones-modal';
import { AntiguedadPorTercero, ProyeccionSemanal } from '../components/reportes-saldos';
import { dinero, fechaPe, NOMBRE_MONEDA } from '../formato';

const COLOR_TRAMO: Record<TTramoAntiguedad, string> = { PorVencer: 'green', De1a30: 'gold', De31a60: 'orange', De61a90: 'volcano', Mas90: 'red' };

/** Payables: purchases with a balance, their dues and aging per currency, supplier payments and their receipts. */
export function CuentasPorPagarPage() {
  const [params, setParams] = useSearchParams();
  const vista = params.get('vista');
  const pestana = vista === 'pagos' || vista === 'letras' || vista === 'antiguedad' || vista === 'proyeccion' ? vista : 'documentos';
  return (
    <Card data-testid="pagina-cuentas-por-pagar">
      <Tabs
        activeKey={pestana}
        onChange={(k) => setParams(k === 'documentos' ? {} : { vista: k }, { replace: true })}
        items={[
          { key: 'documentos', label: 'Documentos por pagar', children: <DocumentosPorPagar /> },
          { key: 'pagos', label: 'Pagos a proveedores', children: <Pagos /> },
          { key: 'letras', label: 'Letras por pagar', children: <LetrasPorPagar /> },
          { key: 'antiguedad', label: 'Antigüedad por proveedor', children: <AntiguedadPorTercero lado="proveedores" /> },
          { key: 'proyeccion', label: 'Proyección de pagos', children: <ProyeccionSemanal lado="proveedores" /> },
        ]}
      />
    </Card>
  );
}

function DocumentosPorPagar() {
  const [params, setParams] = useSearchParams();
  const filtro = {
    proveedor: params.get('proveedor') ?? '',
    idmoneda: Number(params.get('idmoneda') ?? 0) || 0,
    tramo: params.get('tramo') ?? '',
    fechacorte: params.get('fechacorte') ?? '',
    pagina: Math.max(1, Number(params.get('pagina') ?? 1) || 1),
  };
  const [texto, setTexto] = useState(filtro.proveedor);
  const consulta = useCuentasPorPagar(filtro);
  const [pagando, setPagando] = useState<TDocumentoPorPagar | null>(null);
  const [deduciendo, setDeduciendo] = useState<TDocumentoPorPagar | null>(null);
  const [canjeando, setCanjeando] = useState<TDocumentoPorPagar | null>(null);
  const cambiar = (cambios: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) if (v) p.set(k, v); else p.delete(k);
    if (!('pagina' in cambios)) p.delete('pagina');
    setParams(p, { replace: true });
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Proveedor" placeholder="RUC o nombre del proveedor" allowClear value={texto} onChange={(e) => setTexto(e.target.value)} onSearch={(v) => cambiar({ proveedor: v.trim() })} style={{ width: 280 }} />
        <Select aria-label="Moneda" value={filtro.idmoneda} style={{ width: 150 }} onChange={(v) => cambiar({ idmoneda: v ? String(v) : '' })} options={[{ value: 0, label: 'Todas las monedas' }, { value: 1, label: 'Soles' }, { value: 2, label: 'Dólares' }]} />
        <Select aria-label="Antigüedad" value={filtro.tramo} style={{ width: 180 }} onChange={(v) => cambiar({ tramo: v })} options={[{ value: '', label: 'Toda antigüedad' }, ...TramosAntiguedad.map((t) => ({ value: t, label: NombresTramo[t] }))]} />
        <DatePicker aria-label="Fecha de corte" placeholder="Fecha de corte (hoy)" format="DD/MM/YYYY" value={filtro.fechacorte ? dayjs(filtro.fechacorte) : null} onChange={(d) => cambiar({ fechacorte: d ? d.format('YYYY-MM-DD') : '' })} />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {(consulta.data?.Resumen ?? []).map((r) => (
        <Card key={r.IdMoneda} size="small" style={{ marginBottom: 12 }} title={`Antigüedad de saldos por pagar en ${NOMBRE_MONEDA[r.IdMoneda]} al ${fechaPe(consulta.data?.FechaCorte ?? '')}`} data-testid={`resumen-cxp-${r.IdMoneda}`}>
          <Row gutter={16}>
            {TramosAntiguedad.map((t) => (
              <Col key={t} xs={12} md={4}>
                <Statistic title={NombresTramo[t]} value={dinero(r[t], r.IdMoneda)} />
              </Col>
            ))}
            <Col xs={12} md={4}>
              <Statistic title="Total por pagar" value={dinero(r.Total, r.IdMoneda)} />
            </Col>
          </Row>
        </Card>
      ))}
      <Table<TDocumentoPorPagar>
        rowKey="IdCompra"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="No hay compras con saldo pendiente" /> }}
        pagination={{ current: filtro.pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => cambiar({ pagina: String(p) }) }}
        expandable={{
          expandedRowRender: (d) => (
            <Table
              rowKey="IdCuota"
              size="small"
              pagination={false}
              dataSource={d.Cuotas}
              columns={[
                { title: 'Cuota', dataIndex: 'NumeroCuota', render: (n: number, c) => (c.Detraccion ? <Space size={4}>{n}<Tag color="purple">Detracción</Tag></Space> : n) },
                { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (v: string) => fechaPe(v) },
                { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string) => dinero(v, d.IdMoneda) },
                { title: 'Pagado', dataIndex: 'Pagado', align: 'right', render: (v: string) => dinero(v, d.IdMoneda) },
                { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => dinero(v, d.IdMoneda) },
                { title: 'Días vencido', dataIndex: 'DiasVencido', align: 'right' },
                { title: 'Antigüedad', dataIndex: 'Tramo', render: (t: TTramoAntiguedad, c) => (Number(c.Saldo) > 0 ? <Tag color={COLOR_TRAMO[t]}>{NombresTramo[t]}</Tag> : <Tag>Pagada</Tag>) },
              ]}
            />
          ),
        }}
        columns={[
          {
            title: 'Documento',
            dataIndex: 'SerieNumero',
            render: (v: string, d) => (
              <Space orientation="vertical" size={0}>
                <span>{v}</span>
                {/* The supplier's notes that modified this purchase: a credit note lowered its dues, a debit note added one. */}
                {(d.Notas ?? []).map((n) => (
                  <Tag key={n.IdCompra} color={n.TipoDocumento === '07' ? 'green' : 'volcano'} data-testid={`nota-cxp-${n.SerieNumero}`}>
                    {n.TipoDocumento === '07' ? 'Nota de crédito' : 'Nota de débito'} {n.SerieNumero}: {dinero(n.Monto, d.IdMoneda)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: 'Emisión', dataIndex: 'FechaEmision', render: (v: string) => fechaPe(v) },
          { title: 'Proveedor', key: 'proveedor', render: (_, d) => `${d.RazonSocialProveedor} (${d.NumeroDocumentoProveedor})` },
          { title: 'Total', dataIndex: 'Total', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
          { title: 'Pagado', dataIndex: 'Pagado', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
          { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string, d) => <strong data-testid={`saldo-cxp-${d.SerieNumero}`}>{dinero(v, d.IdMoneda)}</strong> },
          { title: 'Próx. vencimiento', dataIndex: 'ProximoVencimiento', render: (v: string | null) => fechaPe(v) },
          { title: 'Antigüedad', key: 'tramo', render: (_, d) => <Tag color={COLOR_TRAMO[d.Tramo]}>{d.DiasVencido > 0 ? `${NombresTramo[d.Tramo]} (${d.DiasVencido} d)` : NombresTramo[d.Tramo]}</Tag> },
          {
            title: 'Acciones',
            key: 'acciones',
            fixed: 'right',
            render: (_, d) => (
              <Space size={0}>
                <Button type="link" aria-label={`Pagar ${d.SerieNumero}`} onClick={() => setPagando(d)}>
                  Pagar
                </Button>
                {d.IdCompra > 0 && (
                  <Button type="link" aria-label={`Detracción de ${d.SerieNumero}`} onClick={() => setDeduciendo(d)}>
                    Detracción
                  </Button>
                )}
                {d.IdCompra > 0 && (
                  <Button type="link" aria-label={`Canje por letras de ${d.SerieNumero}`} onClick={() => setCanjeando(d)}>
                    Canje por letras
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {pagando && <CobroModal modo="pago" documento={pagando} tercero={pagando.RazonSocialProveedor} numeroTercero={pagando.NumeroDocumentoProveedor} onCerrar={() => setPagando(null)} />}
      {canjeando && <CanjeLetrasPagarModal documento={canjeando} onCerrar={() => setCanjeando(null)} />}
      {deduciendo && <DeduccionesModal lado="P" idDocumento={deduciendo.IdCompra} serieNumero={deduciendo.SerieNumero} onCerrar={() => setDeduciendo(null)} />}
    </>
  );
}

function Pagos() {
  const { message } = App.useApp();
  const [proveedor, setProveedor] = useState('');
  const [pagina, setPagina] = useState(1);
  const consulta = usePagos({ proveedor, pagina });
  const [anulando, setAnulando] = useState<TPago | null>(null);
  return (
    <>
      <Input.Search aria-label="Proveedor de los pagos" placeholder="RUC o nombre del proveedor" allowClear onSearch={(v) => { setProveedor(v.trim()); setPagina(1); }} style={{ width: 280, marginBottom: 12 }} />
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TPago>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description="Aún no hay pagos a proveedores" /> }}
        pagination={{ current: pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: setPagina }}
        columns={[
          { title: 'Recibo', dataIndex: 'NumeroRecibo' },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Proveedor', key: 'p', render: (_, p) => `${p.RazonSocialProveedor} (${p.NumeroDocumentoProveedor})` },
          { title: 'Forma', key: 'f', render: (_, p) => p.TipoPago + (p.NumeroOperacion ? ` · op. ${p.NumeroOperacion}` : '') },
          { title: 'Cuenta', dataIndex: 'CuentaFinanciera' },
          { title: 'Documentos', key: 'd', render: (_, p) => [...new Set(p.Detalle.map((d) => d.SerieNumero))].join(', ') },
          { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string, p) => dinero(v, p.IdMoneda) },
          { title: 'Estado', key: 'e', render: (_, p) => (p.Anulado ? <Tag color="red" title={p.MotivoAnulacion ?? ''}>Anulado</Tag> : <Tag color="green">Vigente</Tag>) },
          {
            title: 'Acciones',
            key: 'a',
            fixed: 'right',
            render: (_, p) => (
              <Space size={0}>
                <Button type="link" aria-label={`Recibo ${p.NumeroRecibo}`} onClick={() => abrirReciboPago(p.Id).catch((e: unknown) => message.error(mensajeDeError(e)))}>
                  Recibo
                </Button>
                {!p.Anulado && (
                  <Button type="link" danger aria-label={`Anular ${p.NumeroRecibo}`} onClick={() => setAnulando(p)}>
                    Anular
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {anulando && <AnularReciboModal ruta="pagos" recibo={anulando} onCerrar={() => setAnulando(null)} />}
    </>
  );
}

/** Letras de cambio we accepted to suppliers: pending ones are paid from a cash box or a bank; a canje with no letra paid can be voided. */
function LetrasPorPagar() {
  const [proveedor, setProveedor] = useState('');
  const [estado, setEstado] = useState(0);
  const [pagina, setPagina] = useState(1);
  const consulta = useLetrasPagar({ proveedor, estado, pagina });
  const [accion, setAccion] = useState<{ letra: TLetraPagar; tipo: TAccionLetraPagar } | null>(null);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Proveedor de las letras" placeholder="RUC o nombre del proveedor" allowClear onSearch={(v) => { setProveedor(v.trim()); setPagina(1); }} style={{ width: 280 }} />
        <Select aria-label="Estado de la letra" value={estado} style={{ width: 170 }} onChange={(v) => { setEstado(v); setPagina(1); }}
          options={[{ value: 0, label: 'Todos los estados' }, ...Object.entries(EstadosLetraPagar).map(([k, v]) => ({ value: Number(k), label: v }))]} />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TLetraPagar>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="No hay letras por pagar" /> }}
        pagination={{ current: pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: setPagina }}
        columns={[
          { title: 'Letra', dataIndex: 'Numero', render: (v: string, l) => (l.NumeroGirador ? `${v} (${l.NumeroGirador})` : v) },
          { title: 'Proveedor', key: 'p', render: (_, l) => `${l.RazonSocialProveedor} (${l.NumeroDocumentoProveedor})` },
          { title: 'Canje de', dataIndex: 'Documentos' },
          { title: 'Giro', dataIndex: 'FechaGiro', render: (v: string) => fechaPe(v) },
          { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (v: string, l) => (l.DiasVencido > 0 ? <Tag color="red">{fechaPe(v)} ({l.DiasVencido} d)</Tag> : fechaPe(v)) },
          { title: 'Importe', dataIndex: 'Monto', align: 'right', render: (v: string, l) => dinero(v, l.IdMoneda) },
          { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string, l) => <strong data-testid={`saldo-letra-${l.Numero}`}>{dinero(v, l.IdMoneda)}</strong> },
          { title: 'Estado', key: 'e', render: (_, l) => <Tag color={l.Estado === 1 ? 'gold' : l.Estado === 2 ? 'green' : 'red'} data-testid={`estado-letra-${l.Numero}`}>{l.EstadoNombre}</Tag> },
          {
            title: 'Acciones',
            key: 'a',
            fixed: 'right',
            render: (_, l) =>
              l.Estado === 1 && (
                <Space size={0}>
                  <Button type="link" aria-label={`Pagar letra ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'pagar' })}>Pagar</Button>
                  <Button type="link" aria-label={`Renovar letra ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'renovar' })}>Renovar</Button>
                  <Button type="link" danger aria-label={`Anular canje de ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'anular' })}>Anular canje</Button>
                </Space>
              ),
          },
        ]}
      />
      {accion && <AccionLetraPagarModal letra={accion.letra} tipo={accion.tipo} onCerrar={() => setAccion(null)} />}
    </>
  );
}

type TAccionLetraPagar = 'pagar' | 'renovar' | 'anular';
type TValoresLetraPagar = { IdCuentaFinanciera?: number; MedioPago?: string; NumeroOperacion?: string; Motivo?: string; FechaVencimiento?: dayjs.Dayjs; Interes?: string };
const TITULO_LETRA_PAGAR: Record<TAccionLetraPagar, string> = { pagar: 'Pagar letra', renovar: 'Renovar letra', anular: 'Anular canje de la letra' };

function AccionLetraPagarModal({ letra, tipo, onCerrar }: { letra: TLetraPagar; tipo: TAccionLetraPagar; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TValoresLetraPagar>();
  const cuentas = useCuentasFinancieras(1);
  const op = useOperacionLetra();
  const [error, setError] = useState<string | null>(null);
  const idCuenta = Form.useWatch('IdCuentaFinanciera', form);
  const opciones = (cuentas.data?.Data ?? []).filter((c) => c.IdMoneda === letra.IdMoneda).map((c) => ({ value: c.Id, label: c.Nombre, tipo: c.IdTipoCuenta }));
  const esBanco = opciones.find((o) => o.value === idCuenta)?.tipo === 3;
  const enviar = async (v: TValoresLetraPagar) => {
    setError(null);
    try {
      if (tipo === 'pagar')
        await op.mutateAsync({ metodo: 'post', ruta: '/pagos/pagares', datos: { IdLetra: letra.Id, IdCuentaFinanciera: v.IdCuentaFinanciera, ...(esBanco ? { MedioPago: v.MedioPago, NumeroOperacion: v.NumeroOperacion } : {}) } });
      else if (tipo === 'renovar')
        await op.mutateAsync({ metodo: 'post', ruta: `/proveedores/documentos/pagares/${letra.Id}/renovaciones`, datos: { FechaVencimiento: v.FechaVencimiento?.format('YYYY-MM-DD'), Interes: v.Interes || undefined } });
      else await op.mutateAsync({ metodo: 'put', ruta: `/proveedores/documentos/pagares/${letra.Id}/anulaciones`, datos: { Motivo: v.Motivo } });
      message.success(tipo === 'pagar' ? `Letra ${letra.Numero} pagada` : tipo === 'renovar' ? `Letra ${letra.Numero} renovada` : `Canje de la letra ${letra.Numero} anulado`);
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };
  return (
    <Modal open title={`${TITULO_LETRA_PAGAR[tipo]} ${letra.Numero}`} onCancel={onCerrar} okText="Registrar" confirmLoading={op.isPending} onOk={() => form.submit()} destroyOnHidden>
      <p>{letra.RazonSocialProveedor} · vence {fechaPe(letra.FechaVencimiento)} · saldo <strong>{dinero(letra.Saldo, letra.IdMoneda)}</strong></p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={enviar}>
        {tipo === 'pagar' && (
          <Form.Item name="IdCuentaFinanciera" label="Cuenta de la que sale el pago" rules={[{ required: true, message: 'Seleccione la cuenta' }]}>
            <Select aria-label="Cuenta" showSearch optionFilterProp="label" options={opciones} loading={cuentas.isLoading} />
          </Form.Item>
        )}
        {tipo === 'pagar' && esBanco && (
          <>
            <Form.Item name="MedioPago" label="Medio de pago" rules={[{ required: true, message: 'Indique el medio de pago' }]}>
              <Select aria-label="Medio de pago" options={Object.entries(MediosPagoBancarios).map(([k, v]) => ({ value: k, label: `${k} ${v}` }))} />
            </Form.Item>
            <Form.Item name="NumeroOperacion" label="N.° de operación" rules={[{ required: true, message: 'Indique el número de operación' }]}>
              <Input aria-label="Número de operación" />
            </Form.Item>
          </>
        )}
        {tipo === 'renovar' && (
          <>
            <Form.Item name="FechaVencimiento" label="Nuevo vencimiento" rules={[{ required: true, message: 'Indique el nuevo vencimiento' }]}>
              <DatePicker aria-label="Nuevo vencimiento" format="DD/MM/YYYY" />
            </Form.Item>
            <Form.Item name="Interes" label="Interés del proveedor (opcional)">
              <InputNumber aria-label="Interés" stringMode min="0" step="0.01" style={{ width: 160 }} />
            </Form.Item>
          </>
        )}
        {tipo === 'anular' && (
          <>
            <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo (mínimo 3 caracteres)' }]}>
              <Input aria-label="Motivo" />
            </Form.Item>
            <Alert type="warning" showIcon title="Se anulan todas las letras del canje y las cuotas de las compras recuperan su saldo." />
          </>
        )}
      </Form>
    </Modal>
  );
}
