import { Alert, Button, Card, Col, DatePicker, Empty, Input, Modal, Row, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NombresTramo, TramosAntiguedad, type TDocumentoPorCobrar, type TTramoAntiguedad } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useCuentasPorCobrar, useEstadoCuenta } from '../api/finanzas';
import { CobroModal } from '../components/cobro-modal';
import { CanjeLetrasModal } from '../components/canje-letras-modal';
import { DeduccionesModal } from '../components/deducciones-modal';
import { AntiguedadPorTercero, ProyeccionSemanal } from '../components/reportes-saldos';
import { EstadoCuentaAcciones } from '../components/estado-cuenta-acciones';
import { dinero, fechaPe, NOMBRE_MONEDA } from '../formato';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

const COLOR_TRAMO: Record<TTramoAntiguedad, string> = { PorVencer: 'green', De1a30: 'gold', De31a60: 'orange', De61a90: 'volcano', Mas90: 'red' };

/** Receivables: open credit documents (collect, statement), aging per customer and the weekly collections forecast. */
export function CuentasPorCobrarPage() {
  const [params, setParams] = useSearchParams();
  const vista = params.get('vista');
  const pestana = vista === 'antiguedad' || vista === 'proyeccion' ? vista : 'documentos';
  return (
    <Card data-testid="pagina-cuentas-por-cobrar">
      <Tabs
        activeKey={pestana}
        onChange={(k) => setParams(k === 'documentos' ? {} : { vista: k }, { replace: true })}
        items={[
          { key: 'documentos', label: 'Documentos por cobrar', children: <DocumentosPorCobrar /> },
          { key: 'antiguedad', label: 'Antigüedad por cliente', children: <AntiguedadPorTercero lado="clientes" /> },
          { key: 'proyeccion', label: 'Proyección de cobros', children: <ProyeccionSemanal lado="clientes" /> },
        ]}
      />
    </Card>
  );
}

/** Open credit documents with their dues, aging summary per currency, collect and customer statement. */
function DocumentosPorCobrar() {
  const [params, setParams] = useSearchParams();
  const filtro = {
    cliente: params.get('cliente') ?? '',
    idmoneda: Number(params.get('idmoneda') ?? 0) || 0,
    tramo: params.get('tramo') ?? '',
    fechacorte: params.get('fechacorte') ?? '',
    pagina: Math.max(1, Number(params.get('pagina') ?? 1) || 1),
  };
  const [texto, setTexto] = useState(filtro.cliente);
  const consulta = useCuentasPorCobrar(filtro);
  const [cobrando, setCobrando] = useState<TDocumentoPorCobrar | null>(null);
  const [canjeando, setCanjeando] = useState<TDocumentoPorCobrar | null>(null);
  const [deduciendo, setDeduciendo] = useState<TDocumentoPorCobrar | null>(null);
  const [estado, setEstado] = useState<{ cliente: string; nombre: string; idMoneda: number } | null>(null);
  const cambiar = (cambios: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) if (v) p.set(k, v); else p.delete(k);
    if (!('pagina' in cambios)) p.delete('pagina');
    setParams(p, { replace: true });
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Cliente"
          placeholder="RUC, DNI o nombre del cliente"
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onSearch={(v) => cambiar({ cliente: v.trim() })}
          style={{ width: 280 }}
        />
        <Select
          aria-label="Moneda"
          value={filtro.idmoneda}
          style={{ width: 150 }}
          onChange={(v) => cambiar({ idmoneda: v ? String(v) : '' })}
          options={[{ value: 0, label: 'Todas las monedas' }, { value: 1, label: 'Soles' }, { value: 2, label: 'Dólares' }]}
        />
        <Select
          aria-label="Antigüedad"
          value={filtro.tramo}
          style={{ width: 180 }}
          onChange={(v) => cambiar({ tramo: v })}
          options={[{ value: '', label: 'Toda antigüedad' }, ...TramosAntiguedad.map((t) => ({ value: t, label: NombresTramo[t] }))]}
        />
        <DatePicker
          aria-label="Fecha de corte"
          placeholder="Fecha de corte (hoy)"
          format="DD/MM/YYYY"
          value={filtro.fechacorte ? dayjs(filtro.fechacorte) : null}
          onChange={(d) => cambiar({ fechacorte: d ? d.format('YYYY-MM-DD') : '' })}
        />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {(consulta.data?.Resumen ?? []).map((r) => (
        <Card key={r.IdMoneda} size="small" style={{ marginBottom: 12 }} title={`Antigüedad de saldos en ${NOMBRE_MONEDA[r.IdMoneda]} al ${fechaPe(consulta.data?.FechaCorte ?? '')}`} data-testid={`resumen-${r.IdMoneda}`}>
          <Row gutter={16}>
            {TramosAntiguedad.map((t) => (
              <Col key={t} xs={12} md={4}>
                <Statistic title={NombresTramo[t]} value={dinero(r[t], r.IdMoneda)} />
              </Col>
            ))}
            <Col xs={12} md={4}>
              <Statistic title="Total por cobrar" value={dinero(r.Total, r.IdMoneda)} />
            </Col>
          </Row>
        </Card>
      ))}
      <TablaAdaptable<TDocumentoPorCobrar>
        rowKey="IdDocumento"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="No hay documentos al crédito con saldo pendiente" /> }}
        pagination={{ current: filtro.pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => cambiar({ pagina: String(p) }) }}
        expandable={{
          expandedRowRender: (d) => (
            <Table
              rowKey="IdCuota"
              size="small"
              pagination={false}
              dataSource={d.Cuotas}
              columns={[
                { title: 'Cuota', dataIndex: 'NumeroCuota' },
                { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (v: string) => fechaPe(v) },
                { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string) => dinero(v, d.IdMoneda) },
                { title: 'Cobrado', dataIndex: 'Cobrado', align: 'right', render: (v: string) => dinero(v, d.IdMoneda) },
                { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => dinero(v, d.IdMoneda) },
                { title: 'Días vencido', dataIndex: 'DiasVencido', align: 'right' },
                { title: 'Antigüedad', dataIndex: 'Tramo', render: (t: TTramoAntiguedad, c) => (Number(c.Saldo) > 0 ? <Tag color={COLOR_TRAMO[t]}>{NombresTramo[t]}</Tag> : <Tag>Pagada</Tag>) },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Documento', dataIndex: 'SerieNumero' },
          { title: 'Emisión', dataIndex: 'FechaEmision', render: (v: string) => fechaPe(v) },
          { title: 'Cliente', key: 'cliente', render: (_, d) => `${d.RazonSocialCliente} (${d.NumeroDocumentoCliente})` },
          { title: 'Total', dataIndex: 'Total', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
          { title: 'Cobrado', dataIndex: 'Cobrado', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
          { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string, d) => <strong>{dinero(v, d.IdMoneda)}</strong> },
          { title: 'Próx. vencimiento', dataIndex: 'ProximoVencimiento', render: (v: string | null) => fechaPe(v) },
          { title: 'Antigüedad', key: 'tramo', render: (_, d) => <Tag color={COLOR_TRAMO[d.Tramo]}>{d.DiasVencido > 0 ? `${NombresTramo[d.Tramo]} (${d.DiasVencido} d)` : NombresTramo[d.Tramo]}</Tag> },
          {
            title: 'Acciones',
            key: 'acciones',
            fixed: 'right',
            render: (_, d) => (
              <Space size={0}>
                <Button type="link" aria-label={`Cobrar ${d.SerieNumero}`} onClick={() => setCobrando(d)}>
                  Cobrar
                </Button>
                {!d.SerieNumero.startsWith('LT-') && (
                  <Button type="link" aria-label={`Canjear ${d.SerieNumero} por letras`} onClick={() => setCanjeando(d)}>
                    Canjear por letras
                  </Button>
                )}
                {!d.SerieNumero.startsWith('LT-') && (
                  <Button type="link" aria-label={`Detracción o retención de ${d.SerieNumero}`} onClick={() => setDeduciendo(d)}>
                    Detracción / retención
                  </Button>
                )}
                <Button type="link" aria-label={`Estado de cuenta de ${d.RazonSocialCliente}`} onClick={() => setEstado({ cliente: d.NumeroDocumentoCliente, nombre: d.RazonSocialCliente, idMoneda: d.IdMoneda })}>
                  Estado de cuenta
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {cobrando && <CobroModal documento={cobrando} tercero={cobrando.RazonSocialCliente} numeroTercero={cobrando.NumeroDocumentoCliente} onCerrar={() => setCobrando(null)} />}
      {canjeando && <CanjeLetrasModal documento={canjeando} onCerrar={() => setCanjeando(null)} />}
      {deduciendo && <DeduccionesModal lado="C" idDocumento={deduciendo.IdDocumento} serieNumero={deduciendo.SerieNumero} onCerrar={() => setDeduciendo(null)} />}
      <EstadoCuentaModal datos={estado} onCerrar={() => setEstado(null)} />
    </>
  );
}

function EstadoCuentaModal({ datos, onCerrar }: { datos: { cliente: string; nombre: string; idMoneda: number } | null; onCerrar: () => void }) {
  const consulta = useEstadoCuenta(datos?.cliente ?? null, datos?.idMoneda ?? 1);
  const m = datos?.idMoneda ?? 1;
  return (
    <Modal open={!!datos} title={`Estado de cuenta: ${datos?.nombre ?? ''} (${NOMBRE_MONEDA[m]})`} onCancel={onCerrar} footer={null} width={820} destroyOnHidden>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />}
      {consulta.data && <EstadoCuentaAcciones estado={consulta.data} />}
      {consulta.data && Number(consulta.data.SaldoAFavor) > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="saldo-a-favor"
          title={`Saldo a favor del cliente: ${dinero(consulta.data.SaldoAFavor, m)}`}
          description="Lo dejaron notas de crédito por más de lo que debía; no se ha devuelto ni aplicado."
        />
      )}
      <Table
        rowKey={(r) => `${r.Referencia}-${r.Fecha}`}
        size="small"
        loading={consulta.isFetching}
        pagination={false}
        dataSource={consulta.data?.Movimientos ?? []}
        scroll={{ y: 400 }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Concepto', dataIndex: 'Concepto' },
          { title: 'Referencia', dataIndex: 'Referencia' },
          { title: 'Cargo', dataIndex: 'Cargo', align: 'right', render: (v: string) => (Number(v) ? dinero(v, m) : '') },
          { title: 'Abono', dataIndex: 'Abono', align: 'right', render: (v: string) => (Number(v) ? dinero(v, m) : '') },
          { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => dinero(v, m) },
        ]}
        summary={() =>
          consulta.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>Totales</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">{dinero(consulta.data.TotalCargos, m)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">{dinero(consulta.data.TotalAbonos, m)}</Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <strong data-testid="saldo-estado-cuenta">{dinero(consulta.data.Saldo, m)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Modal>
  );
}
