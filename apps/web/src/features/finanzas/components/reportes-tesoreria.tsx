import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Empty, Progress, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { TFlujoCuenta, TGastoCentro } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useCuentasFinancieras } from '../api/finanzas';
import { descargarFlujoCaja, descargarGastosPorCentro, useFlujoCaja, useGastosPorCentro, type TFiltroPeriodo } from '../api/reportes';
import { dinero, fechaPe, NOMBRE_MONEDA } from '../formato';

/**
 * The report's filters: what comes before (an account), the period's two dates (empty: the API's default, the current
 * month up to today), the Excel button, and the query's Spanish error under them.
 */
function Filtros(p: { f: TFiltroPeriodo; setF: (f: TFiltroPeriodo) => void; excel: (f: TFiltroPeriodo) => Promise<void>; error: unknown; children?: React.ReactNode }) {
  const { message } = App.useApp();
  const { f, setF } = p;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {p.children}
        <DatePicker aria-label="Desde" placeholder="Desde (inicio del mes)" format="DD/MM/YYYY" value={f.desde ? dayjs(f.desde) : null} onChange={(d) => setF({ ...f, desde: d ? d.format('YYYY-MM-DD') : '' })} />
        <DatePicker aria-label="Hasta" placeholder="Hasta (hoy)" format="DD/MM/YYYY" value={f.hasta ? dayjs(f.hasta) : null} onChange={(d) => setF({ ...f, hasta: d ? d.format('YYYY-MM-DD') : '' })} />
        <Button icon={<DownloadOutlined />} onClick={() => p.excel(f).catch((e) => message.error(mensajeDeError(e)))}>
          Excel
        </Button>
      </Space>
      {!!p.error && <Alert type="error" showIcon title={mensajeDeError(p.error)} style={{ marginBottom: 12 }} />}
    </>
  );
}

/** Ins (green) and outs (red) of one account side by side, scaled to the largest figure of the report. */
function Barras({ ingresos, egresos, maximo }: { ingresos: string; egresos: string; maximo: number }) {
  const ancho = (v: string) => `${maximo > 0 ? Math.max(Number(v) > 0 ? 2 : 0, (Number(v) / maximo) * 100) : 0}%`;
  return (
    <div style={{ minWidth: 140 }} aria-hidden>
      <div style={{ height: 8, width: ancho(ingresos), background: '#52c41a', borderRadius: 4, marginBottom: 3 }} />
      <div style={{ height: 8, width: ancho(egresos), background: '#ff4d4f', borderRadius: 4 }} />
    </div>
  );
}

/** Cash flow by financial account: opening balance, ins and outs by kind of operation, closing balance. */
export function FlujoDeCaja() {
  const [f, setF] = useState<TFiltroPeriodo>({ desde: '', hasta: '' });
  const cuentas = useCuentasFinancieras();
  const consulta = useFlujoCaja(f);
  const d = consulta.data;
  const maximo = Math.max(0, ...(d?.Data ?? []).flatMap((c) => [Number(c.TotalIngresos), Number(c.TotalEgresos)]));
  return (
    <div data-testid="flujo-caja">
      <Filtros f={f} setF={setF} excel={descargarFlujoCaja} error={consulta.error}>
        <Select
          aria-label="Cuenta del flujo"
          style={{ width: 240 }}
          value={f.idcuenta ?? 0}
          onChange={(v) => setF({ ...f, idcuenta: v || undefined })}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: 0, label: 'Todas las cuentas' }, ...(cuentas.data?.Data ?? []).map((c) => ({ value: c.Id, label: c.Nombre }))]}
        />
      </Filtros>
      {d && (
        <Typography.Paragraph type="secondary">
          Del {fechaPe(d.Desde)} al {fechaPe(d.Hasta)}, en la moneda de cada cuenta. Cobros, pagos a proveedores y de planilla, notas, depósitos, transferencias e ITF; no
          cuenta lo anulado. Verde: ingresos; rojo: egresos.
        </Typography.Paragraph>
      )}
      <TablaAdaptable<TFlujoCuenta>
        rowKey="IdCuentaFinanciera"
        size="middle"
        loading={consulta.isFetching}
        dataSource={d?.Data ?? []}
        scroll={{ x: 1000 }}
        pagination={false}
        locale={{ emptyText: <Empty description="La empresa no tiene cuentas financieras" /> }}
        expandable={{
          rowExpandable: (c) => c.Conceptos.length > 0,
          expandedRowRender: (c) => (
            <Table
              rowKey={(k) => String(k.IdTipoOperacion)}
              size="small"
              pagination={false}
              dataSource={c.Conceptos}
              columns={[
                { title: 'Concepto', dataIndex: 'Descripcion' },
                { title: 'Ingresos', dataIndex: 'Ingresos', align: 'right', render: (v: string) => (Number(v) ? dinero(v, c.IdMoneda) : '') },
                { title: 'Egresos', dataIndex: 'Egresos', align: 'right', render: (v: string) => (Number(v) ? dinero(v, c.IdMoneda) : '') },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Cuenta', key: 'cuenta', render: (_, c) => `${c.Nombre} (${c.TipoCuenta}, ${NOMBRE_MONEDA[c.IdMoneda] ?? ''})` },
          { title: 'Saldo inicial', dataIndex: 'SaldoInicial', align: 'right', render: (v: string, c) => dinero(v, c.IdMoneda) },
          { title: 'Ingresos', dataIndex: 'TotalIngresos', align: 'right', render: (v: string, c) => <span style={{ color: '#389e0d' }}>{dinero(v, c.IdMoneda)}</span> },
          { title: 'Egresos', dataIndex: 'TotalEgresos', align: 'right', render: (v: string, c) => <span style={{ color: '#cf1322' }}>{dinero(v, c.IdMoneda)}</span> },
          { title: 'Saldo final', dataIndex: 'SaldoFinal', align: 'right', render: (v: string, c) => <strong data-testid={`flujo-saldo-${c.IdCuentaFinanciera}`}>{dinero(v, c.IdMoneda)}</strong> },
          { title: 'Movimiento del periodo', key: 'barras', render: (_, c) => <Barras ingresos={c.TotalIngresos} egresos={c.TotalEgresos} maximo={maximo} /> },
        ]}
        summary={() =>
          d?.Totales.map((t) => (
            <Table.Summary.Row key={t.IdMoneda}>
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>
                <strong>Total {NOMBRE_MONEDA[t.IdMoneda]?.toLowerCase()}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {dinero(t.SaldoInicial, t.IdMoneda)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {dinero(t.TotalIngresos, t.IdMoneda)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {dinero(t.TotalEgresos, t.IdMoneda)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <strong>{dinero(t.SaldoFinal, t.IdMoneda)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} />
            </Table.Summary.Row>
          ))
        }
      />
    </div>
  );
}

/** Expenses (notas de salida) by cost centre and, inside each, by expense element, in soles, with each centre's share. */
export function GastosPorCentro() {
  const [f, setF] = useState<TFiltroPeriodo>({ desde: '', hasta: '' });
  const consulta = useGastosPorCentro(f);
  const d = consulta.data;
  return (
    <div data-testid="gastos-centro">
      <Filtros f={f} setF={setF} excel={descargarGastosPorCentro} error={consulta.error} />
      {d && (
        <Typography.Paragraph type="secondary">
          Notas de salida del {fechaPe(d.Desde)} al {fechaPe(d.Hasta)} en soles (las de cuentas en dólares, al tipo de cambio de su día). Total:{' '}
          <strong data-testid="gastos-total">{dinero(d.Total)}</strong>
        </Typography.Paragraph>
      )}
      <TablaAdaptable<TGastoCentro>
        rowKey={(c) => String(c.IdCentroCosto ?? 'sin')}
        size="middle"
        loading={consulta.isFetching}
        dataSource={d?.Data ?? []}
        scroll={{ x: 800 }}
        pagination={false}
        locale={{ emptyText: <Empty description="No hay gastos en el periodo" /> }}
        expandable={{
          expandedRowRender: (c) => (
            <Table
              rowKey={(x) => String(x.IdElementoGasto ?? 'sin')}
              size="small"
              pagination={false}
              dataSource={c.Elementos}
              columns={[
                { title: 'Elemento de gasto', dataIndex: 'Elemento' },
                { title: 'Movimientos', dataIndex: 'Movimientos', align: 'right' },
                { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string) => dinero(v) },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Centro de costo', dataIndex: 'CentroCosto' },
          { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string) => <strong>{dinero(v)}</strong> },
          { title: 'Participación', dataIndex: 'Porcentaje', render: (v: string) => <Progress percent={Number(v)} format={() => `${v} %`} size="small" style={{ minWidth: 160 }} /> },
        ]}
      />
    </div>
  );
}
