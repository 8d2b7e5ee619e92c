import { SimboloMoneda, type TReporteFila, type TReporteVentasQuery } from '@yupana/contracts';
import { App, Button, Card, Col, DatePicker, Row, Select, Space, Statistic, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { mensajeDeError } from '../../../lib/api-error';
import { cantidad, fecha, importe } from '../../../lib/formato';
import { descargarReporteExcel, useReporteVentas } from '../api/pedidos';

const dinero = (idMoneda: number, valor: string) => importe(SimboloMoneda[idMoneda] ?? '', valor);

function Tabla({ filas, titulo, columnaCantidad = 'Documentos', esPeriodo, testid }: { filas: TReporteFila[]; titulo: string; columnaCantidad?: string; esPeriodo?: boolean; testid: string }) {
  return (
    <div data-testid={testid}>
    <Table<TReporteFila>
      size="small"
      rowKey={(f) => `${f.Clave}-${f.IdMoneda}`}
      dataSource={filas}
      pagination={filas.length > 50 ? { pageSize: 50 } : false}
      scroll={{ x: 500 }}
      locale={{ emptyText: 'Sin ventas en el rango' }}
      columns={[
        { title: titulo, dataIndex: 'Nombre', render: (n: string) => (esPeriodo && n.length === 10 ? fecha(n) : n) },
        { title: columnaCantidad, dataIndex: 'Cantidad', align: 'right', render: (c: string) => cantidad(c) },
        { title: 'Monto', key: 'm', align: 'right', render: (_, f) => dinero(f.IdMoneda, f.MontoTotal) },
      ]}
    />
    </div>
  );
}

/**
 * /admin/reporte-ventas: sales of a range by period, branch, seller, item and payment means; voided documents and
 * credit notes apart. Every figure comes summed by the server (SQL numeric); Excel has one sheet per table.
 */
export function ReporteVentasPage() {
  const { message } = App.useApp();
  const usuario = useUsuarioActual().data;
  const sucursales = usuario?.Sucursales ?? [];
  const [q, setQ] = useState<TReporteVentasQuery>({ desde: dayjs().startOf('month').format('YYYY-MM-DD'), hasta: dayjs().format('YYYY-MM-DD'), idSucursal: 0, idMoneda: 0, periodo: 'dia' });
  const rep = useReporteVentas(q);
  const [descargando, setDescargando] = useState(false);
  const d = rep.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="pagina-reporte-ventas">
      <Card>
        <Space wrap>
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(q.desde), dayjs(q.hasta)]}
            onChange={(r) => r?.[0] && r[1] && setQ((x) => ({ ...x, desde: r[0]!.format('YYYY-MM-DD'), hasta: r[1]!.format('YYYY-MM-DD') }))}
            placeholder={['Desde', 'Hasta']}
            aria-label="Rango de fechas"
          />
          <Select
            value={q.idSucursal}
            style={{ width: 240 }}
            aria-label="Sucursal"
            onChange={(v) => setQ((x) => ({ ...x, idSucursal: v }))}
            options={[{ value: 0, label: 'Todas mis sucursales' }, ...sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))]}
          />
          <Select
            value={q.idUsuario ?? 0}
            style={{ width: 200 }}
            aria-label="Vendedor"
            onChange={(v) => setQ((x) => ({ ...x, idUsuario: v }))}
            options={[{ value: 0, label: 'Todos los vendedores' }, ...(d?.PorVendedor ?? []).filter((v, i, a) => a.findIndex((w) => w.Clave === v.Clave) === i && v.Clave !== '0').map((v) => ({ value: Number(v.Clave), label: v.Nombre }))]}
          />
          <Select
            value={q.idMoneda}
            style={{ width: 140 }}
            aria-label="Moneda"
            onChange={(v) => setQ((x) => ({ ...x, idMoneda: v }))}
            options={[
              { value: 0, label: 'Todas las monedas' },
              { value: 1, label: 'Soles' },
              { value: 2, label: 'Dólares' },
            ]}
          />
          <Select
            value={q.periodo}
            style={{ width: 120 }}
            aria-label="Periodo"
            onChange={(v) => setQ((x) => ({ ...x, periodo: v }))}
            options={[
              { value: 'dia', label: 'Por día' },
              { value: 'mes', label: 'Por mes' },
            ]}
          />
          <Button
            loading={descargando}
            onClick={async () => {
              setDescargando(true);
              try {
                await descargarReporteExcel(q);
              } catch (e) {
                message.error(mensajeDeError(e));
              } finally {
                setDescargando(false);
              }
            }}
          >
            Exportar Excel
          </Button>
        </Space>
        {rep.isError && <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>{mensajeDeError(rep.error)}</Typography.Paragraph>}
      </Card>
      {(d?.Resumen.length ? d.Resumen : [null]).map((r, i) => (
        <Row gutter={[16, 16]} key={r?.IdMoneda ?? i} data-testid="reporte-resumen">
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={`Ventas (${r?.CantidadVentas ?? 0})`} value={r ? dinero(r.IdMoneda, r.Ventas) : '0.00'} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={`Notas de crédito (${r?.CantidadNotasCredito ?? 0})`} value={r ? dinero(r.IdMoneda, r.NotasCredito) : '0.00'} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="Venta neta" value={r ? dinero(r.IdMoneda, r.Neto) : '0.00'} valueStyle={{ fontWeight: 600 }} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={`Anulados (${r?.CantidadAnulados ?? 0}, no suman)`} value={r ? dinero(r.IdMoneda, r.Anulados) : '0.00'} />
            </Card>
          </Col>
        </Row>
      ))}
      <Card loading={rep.isLoading}>
        <Tabs
          items={[
            { key: 'p', label: 'Por periodo', children: <Tabla filas={d?.PorPeriodo ?? []} titulo={q.periodo === 'mes' ? 'Mes' : 'Día'} esPeriodo testid="reporte-periodo" /> },
            { key: 's', label: 'Por sucursal', children: <Tabla filas={d?.PorSucursal ?? []} titulo="Sucursal" testid="reporte-sucursal" /> },
            { key: 'v', label: 'Por vendedor', children: <Tabla filas={d?.PorVendedor ?? []} titulo="Vendedor" testid="reporte-vendedor" /> },
            { key: 'i', label: 'Por ítem', children: <Tabla filas={d?.PorItem ?? []} titulo="Ítem" columnaCantidad="Cantidad" testid="reporte-item" /> },
            { key: 'm', label: 'Por medio de pago', children: <Tabla filas={d?.PorMedioPago ?? []} titulo="Medio de pago" columnaCantidad="Operaciones" testid="reporte-medio" /> },
            {
              key: 'nc',
              label: 'Notas de crédito',
              children: (
                <Table
                  size="small"
                  rowKey="IdDocumento"
                  dataSource={d?.NotasCredito ?? []}
                  pagination={false}
                  locale={{ emptyText: 'Sin notas de crédito' }}
                  columns={[
                    { title: 'Fecha', dataIndex: 'FechaEmision', render: (v: string) => fecha(v) },
                    { title: 'Documento', dataIndex: 'Documento' },
                    { title: 'Afecta a', dataIndex: 'Afectado' },
                    { title: 'Cliente', dataIndex: 'Cliente' },
                    { title: 'Monto', key: 'm', align: 'right', render: (_, n) => dinero(n.IdMoneda, n.MontoTotal) },
                  ]}
                />
              ),
            },
            {
              key: 'an',
              label: 'Anulados',
              children: (
                <Table
                  size="small"
                  rowKey="IdDocumento"
                  dataSource={d?.Anulados ?? []}
                  pagination={false}
                  locale={{ emptyText: 'Sin comprobantes anulados' }}
                  columns={[
                    { title: 'Fecha', dataIndex: 'FechaEmision', render: (v: string) => fecha(v) },
                    { title: 'Documento', dataIndex: 'Documento' },
                    { title: 'Cliente', dataIndex: 'Cliente' },
                    { title: 'Motivo', dataIndex: 'Motivo' },
                    { title: 'Monto', key: 'm', align: 'right', render: (_, n) => dinero(n.IdMoneda, n.MontoTotal) },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
