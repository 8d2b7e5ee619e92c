import { serieNumero, SimboloMoneda, type TVentaFila, type TVentaTotal } from '@yupana/contracts';
import { Card, Col, DatePicker, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha, importe } from '../../../lib/formato';
import { useSucursalActiva } from '../../../lib/permissions/sucursal-activa';
import { useVentas } from '../api/ventas';

const monto = (idMoneda: number, valor: string) => importe(SimboloMoneda[idMoneda] ?? '', valor);

function TablaTotales({ titulo, filas, testid, esFecha }: { titulo: string; filas: TVentaTotal[]; testid: string; esFecha?: boolean }) {
  return (
    <Card size="small" title={titulo} data-testid={testid}>
      <Table<TVentaTotal>
        size="small"
        rowKey={(t) => `${t.Clave}-${t.IdMoneda}`}
        dataSource={filas}
        pagination={false}
        locale={{ emptyText: 'Sin ventas' }}
        columns={[
          { title: esFecha ? 'Día' : 'Condición de pago', dataIndex: 'Nombre', render: (n: string) => (esFecha ? fecha(n) : n) },
          { title: 'Comprobantes', dataIndex: 'Cantidad', align: 'right' },
          { title: 'Total', key: 't', align: 'right', render: (_, t) => monto(t.IdMoneda, t.MontoTotal) },
        ]}
      />
    </Card>
  );
}

/**
 * /admin/ventas (permission 120, component 'ventas'): the company's issued sale documents in a date range, by default
 * of the branch chosen in 'Seleccionar Sucursal', with credit and debit notes as signed rows; totals are net.
 */
export function VentasPage() {
  const activa = useSucursalActiva();
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const [rango, setRango] = useState<[string, string]>([dayjs().startOf('month').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  // null: follow the selected branch; a number: the user's choice here (0 = all their branches).
  const [elegida, setElegida] = useState<number | null>(null);
  const [pagina, setPagina] = useState({ pagina: 1, regxpag: 20 });
  const idSucursal = elegida ?? activa?.Id ?? 0;
  const ventas = useVentas({ desde: rango[0], hasta: rango[1], idSucursal, ...pagina });
  const nombreSucursal = (id: number) => {
    const s = sucursales.find((x) => x.Id === id);
    return s ? s.Descripcion || s.RazonSocial : `Sucursal ${id}`;
  };
  const datos = ventas.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="pagina-ventas">
      <Card>
        <Space wrap>
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(rango[0]), dayjs(rango[1])]}
            onChange={(r) => {
              if (r?.[0] && r[1]) {
                setRango([r[0].format('YYYY-MM-DD'), r[1].format('YYYY-MM-DD')]);
                setPagina((p) => ({ ...p, pagina: 1 }));
              }
            }}
            placeholder={['Desde', 'Hasta']}
            aria-label="Rango de fechas"
          />
          <Select
            value={idSucursal}
            onChange={(v) => {
              setElegida(v);
              setPagina((p) => ({ ...p, pagina: 1 }));
            }}
            style={{ width: 260 }}
            aria-label="Sucursal"
            data-testid="ventas-sucursal"
            options={[{ value: 0, label: 'Todas mis sucursales' }, ...sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))]}
          />
        </Space>
        {ventas.isError && <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>{mensajeDeError(ventas.error)}</Typography.Paragraph>}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small" data-testid="ventas-total">
            <Statistic title="Comprobantes" value={datos?.Count ?? 0} />
            {(datos?.Total ?? []).map((t) => (
              <Statistic key={t.IdMoneda} title={`Total vendido (${t.IdMoneda === 1 ? 'soles' : 'dólares'})`} value={monto(t.IdMoneda, t.MontoTotal)} />
            ))}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <TablaTotales titulo="Por día" filas={datos?.PorDia ?? []} testid="ventas-por-dia" esFecha />
        </Col>
        <Col xs={24} md={8}>
          <TablaTotales titulo="Por condición de pago" filas={datos?.PorCondicion ?? []} testid="ventas-por-condicion" />
        </Col>
      </Row>
      <Card title="Comprobantes de venta" extra={<Typography.Text type="secondary">Las notas de crédito restan y las de débito suman</Typography.Text>}>
        <Table<TVentaFila>
          rowKey="IdDocumento"
          loading={ventas.isFetching}
          dataSource={datos?.Data}
          scroll={{ x: 800 }}
          locale={{ emptyText: 'No hay ventas en este rango' }}
          pagination={{ current: pagina.pagina, pageSize: pagina.regxpag, total: datos?.Count ?? 0, showSizeChanger: true, onChange: (p, r) => setPagina({ pagina: p, regxpag: r }) }}
          columns={[
            { title: 'Fecha', dataIndex: 'FechaEmision', render: (v: string) => fecha(v) },
            {
              title: 'Comprobante',
              key: 'c',
              render: (_, d) => (
                <>
                  {serieNumero(d.Serie, d.Correlativo)}
                  {d.Afectado && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{`Modifica ${d.Afectado}`}</Typography.Text>}
                </>
              ),
            },
            { title: 'Tipo', dataIndex: 'TipoDocumento' },
            { title: 'Cliente', dataIndex: 'Cliente' },
            { title: 'Sucursal', dataIndex: 'IdSucursal', render: nombreSucursal },
            { title: 'Condición', dataIndex: 'CondicionPago' },
            {
              title: 'Total',
              key: 't',
              align: 'right',
              // A credit note subtracts: its amount comes negative and is shown in red.
              render: (_, d) => (d.MontoTotal.startsWith('-') ? <Typography.Text type="danger">{monto(d.IdMoneda, d.MontoTotal)}</Typography.Text> : monto(d.IdMoneda, d.MontoTotal)),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
