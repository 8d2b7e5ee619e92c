import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { mensajeDeError } from '../../../lib/api-error';
import { useTableroBancos, useTableroDeudores, useTableroMontos, type TFiltroPeriodo } from '../api/reportes';
import { dinero, fechaPe } from '../formato';

/** A bar of a figure against the largest of its list (what people would rather look at than a column of numbers). */
function Barra({ valor, maximo, color }: { valor: string; maximo: number; color: string }) {
  const ancho = maximo > 0 ? Math.max(Number(valor) > 0 ? 2 : 0, (Number(valor) / maximo) * 100) : 0;
  return <div aria-hidden style={{ height: 8, width: `${ancho}%`, minWidth: 0, background: color, borderRadius: 4 }} />;
}

/**
 * The finance board (issue 14, seed §7 smartreasons/...): what customers owe and how much of it is overdue, with the
 * ten largest overdue debts; the period's credit sales per customer (issued, collected, pending); the bank balances.
 */
export function TableroFinanzasPage() {
  const [moneda, setMoneda] = useState(1);
  const [f, setF] = useState<TFiltroPeriodo>({ desde: '', hasta: '' });
  const deudores = useTableroDeudores(moneda);
  const montos = useTableroMontos(moneda, f);
  const bancos = useTableroBancos();
  const d = deudores.data;
  const m = montos.data;
  const maxVencido = Math.max(0, ...(d?.Data ?? []).map((x) => Number(x.Vencido)));
  const maxEmitido = Math.max(0, ...(m?.Data ?? []).map((x) => Number(x.Emitido)));
  return (
    <div data-testid="pagina-tablero-finanzas">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          aria-label="Moneda del tablero"
          value={moneda}
          onChange={(v) => setMoneda(Number(v))}
          options={[
            { value: 1, label: 'Soles' },
            { value: 2, label: 'Dólares' },
          ]}
        />
      </Space>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="Por cobrar" value={d ? dinero(d.PorCobrar, moneda) : '—'} />
            <Typography.Text type="secondary">{d ? `${d.Clientes} ${d.Clientes === 1 ? 'cliente' : 'clientes'} con saldo` : ''}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="Vencido" value={d ? dinero(d.Vencido, moneda) : '—'} styles={{ content: { color: d && Number(d.Vencido) > 0 ? '#cf1322' : undefined } }} />
            <Typography.Text type="secondary">{d ? `al ${fechaPe(d.FechaCorte)}` : ''}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="Ventas al crédito del periodo" value={m ? dinero(m.Emitido, moneda) : '—'} />
            <Typography.Text type="secondary">{m ? `cobrado ${dinero(m.Cobrado, moneda)} · pendiente ${dinero(m.Pendiente, moneda)}` : ''}</Typography.Text>
          </Card>
        </Col>
      </Row>

      <Card size="small" title="Clientes con más deuda vencida" style={{ marginTop: 12 }} extra={<Link to="/admin/finanzas/cuentasporcobrar">Cuentas por cobrar</Link>}>
        {deudores.isError && <Alert type="error" showIcon title={mensajeDeError(deudores.error)} />}
        <Table
          data-testid="tablero-deudores"
          size="small"
          rowKey="NumeroDocumento"
          loading={deudores.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="Ningún cliente tiene deuda vencida" /> }}
          dataSource={d?.Data ?? []}
          columns={[
            { title: 'Cliente', key: 'c', render: (_, x) => `${x.NumeroDocumento} ${x.RazonSocial}` },
            { title: 'Documentos', dataIndex: 'Documentos', align: 'right' },
            { title: 'Saldo', dataIndex: 'Total', align: 'right', render: (v: string) => dinero(v, moneda) },
            { title: 'Vencido', dataIndex: 'Vencido', align: 'right', render: (v: string) => dinero(v, moneda) },
            { title: 'Días', dataIndex: 'DiasMaximoVencido', align: 'right', render: (v: number) => <Tag color={v > 90 ? 'red' : v > 30 ? 'orange' : 'gold'}>{v}</Tag> },
            { title: '', key: 'b', width: 160, render: (_, x) => <Barra valor={x.Vencido} maximo={maxVencido} color="#ff4d4f" /> },
          ]}
        />
      </Card>

      <Card
        size="small"
        title="Ventas al crédito por cliente"
        style={{ marginTop: 12 }}
        extra={
          <Space wrap>
            <DatePicker aria-label="Desde" placeholder="Desde (inicio del mes)" format="DD/MM/YYYY" value={f.desde ? dayjs(f.desde) : null} onChange={(x) => setF({ ...f, desde: x ? x.format('YYYY-MM-DD') : '' })} />
            <DatePicker aria-label="Hasta" placeholder="Hasta (hoy)" format="DD/MM/YYYY" value={f.hasta ? dayjs(f.hasta) : null} onChange={(x) => setF({ ...f, hasta: x ? x.format('YYYY-MM-DD') : '' })} />
          </Space>
        }
      >
        {montos.isError && <Alert type="error" showIcon title={mensajeDeError(montos.error)} style={{ marginBottom: 8 }} />}
        <Table
          data-testid="tablero-montos"
          size="small"
          rowKey="NumeroDocumento"
          loading={montos.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="Sin ventas al crédito en el periodo" /> }}
          dataSource={m?.Data ?? []}
          columns={[
            { title: 'Cliente', key: 'c', render: (_, x) => `${x.NumeroDocumento} ${x.RazonSocial}` },
            { title: 'Documentos', dataIndex: 'Documentos', align: 'right' },
            { title: 'Emitido', dataIndex: 'Emitido', align: 'right', render: (v: string) => dinero(v, moneda) },
            { title: 'Cobrado', dataIndex: 'Cobrado', align: 'right', render: (v: string) => dinero(v, moneda) },
            { title: 'Pendiente', dataIndex: 'Pendiente', align: 'right', render: (v: string) => dinero(v, moneda) },
            { title: '', key: 'b', width: 160, render: (_, x) => <Barra valor={x.Emitido} maximo={maxEmitido} color="#1677ff" /> },
          ]}
        />
      </Card>

      <Card size="small" title="Saldos en bancos" style={{ marginTop: 12 }} extra={<Link to="/admin/finanzas/tesoreria">Tesorería</Link>}>
        {bancos.isError && <Alert type="error" showIcon title={mensajeDeError(bancos.error)} />}
        <Table
          data-testid="tablero-bancos"
          size="small"
          rowKey="IdCuentaFinanciera"
          loading={bancos.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description="Sin cuentas bancarias" /> }}
          dataSource={bancos.data?.Data ?? []}
          columns={[
            { title: 'Cuenta', dataIndex: 'Nombre' },
            { title: 'Saldo', key: 's', align: 'right', render: (_, c) => dinero(c.Saldo, c.IdMoneda) },
          ]}
        />
      </Card>
    </div>
  );
}
