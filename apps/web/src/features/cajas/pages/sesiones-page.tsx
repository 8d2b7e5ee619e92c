import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Descriptions, Empty, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NombresEstadoSesionCaja, TiposMovimientoCaja, type TSesionCaja } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { fechaHora } from '../../../lib/formato';
import { abrirReporteZ, descargarSesionesExcel, useCuadre, useSesiones, type TFiltroSesiones } from '../api/cajas';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

const soles = (v: string | null) => (v === null ? '—' : `S/\u00a0${v}`);
const COLOR_ESTADO: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'blue', 4: 'red' };

/** History of cash sessions (the cashier sees its own), filters in the URL, Excel of the filtered list, Z report. */
export function SesionesCajaPage() {
  const [params, setParams] = useSearchParams();
  const f: TFiltroSesiones = {
    pagina: Math.max(1, Number(params.get('pagina') ?? 1) || 1),
    estado: Number(params.get('estado') ?? 0) || 0,
    fechainicio: params.get('fechainicio') ?? undefined,
    fechafin: params.get('fechafin') ?? undefined,
  };
  const fijar = (cambios: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ pagina: '1', ...cambios })) if (v) p.set(k, v);
    else p.delete(k);
    setParams(p, { replace: true });
  };
  const consulta = useSesiones(f);
  const [detalle, setDetalle] = useState<number | null>(null);
  const { message } = App.useApp();
  return (
    <Card data-testid="pagina-sesiones-caja">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="Estado"
          style={{ width: 160 }}
          value={f.estado}
          onChange={(v) => fijar({ estado: v ? String(v) : undefined })}
          options={[{ value: 0, label: 'Todos los estados' }, ...Object.entries(NombresEstadoSesionCaja).map(([k, v]) => ({ value: Number(k), label: v }))]}
        />
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          value={f.fechainicio && f.fechafin ? [dayjs(f.fechainicio), dayjs(f.fechafin)] : null}
          onChange={(r) => fijar({ fechainicio: r?.[0]?.format('YYYY-MM-DD'), fechafin: r?.[1]?.format('YYYY-MM-DD') })}
        />
        <Button icon={<FileExcelOutlined />} onClick={() => descargarSesionesExcel(f).catch((e) => message.error(mensajeDeError(e)))}>
          Exportar Excel
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <TablaAdaptable<TSesionCaja>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description="No hay sesiones de caja para el filtro" /> }}
        pagination={{ current: f.pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, showTotal: (t) => `${t} registros`, onChange: (p) => fijar({ pagina: String(p) }) }}
        columns={[
          { title: 'Sesión', dataIndex: 'Id', render: (id: number) => <Button type="link" onClick={() => setDetalle(id)}>N.° {id}</Button> },
          { title: 'Caja', key: 'c', render: (_, s) => `${s.Caja} · ${s.Sucursal}` },
          { title: 'Usuario', dataIndex: 'Usuario' },
          { title: 'Estado', key: 'e', render: (_, s) => <Tag color={COLOR_ESTADO[s.Estado]}>{s.EstadoNombre}</Tag> },
          { title: 'Apertura', dataIndex: 'FechaApertura', render: fechaHora },
          { title: 'Cierre', dataIndex: 'FechaCierre', render: fechaHora },
          { title: 'Ventas', dataIndex: 'Ventas', align: 'right' },
          { title: 'Total vendido', dataIndex: 'TotalVentas', align: 'right', render: soles },
          { title: 'Diferencia', dataIndex: 'Diferencia', align: 'right', render: soles },
          {
            title: '',
            key: 'z',
            render: (_, s) =>
              s.Estado !== 1 && (
                <Button type="text" icon={<FilePdfOutlined />} onClick={() => abrirReporteZ(s.Id).catch((e) => message.error(mensajeDeError(e)))}>
                  Reporte Z
                </Button>
              ),
          },
        ]}
      />
      {detalle !== null && <DetalleSesion id={detalle} onCerrar={() => setDetalle(null)} />}
    </Card>
  );
}

function DetalleSesion({ id, onCerrar }: { id: number; onCerrar: () => void }) {
  const c = useCuadre(id);
  return (
    <Modal open title={`Sesión de caja N.° ${id}`} onCancel={onCerrar} footer={null} width={720}>
      {c.isError && <Alert type="error" showIcon title={mensajeDeError(c.error)} />}
      {c.data && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="Caja">{c.data.Sesion.Caja}</Descriptions.Item>
            <Descriptions.Item label="Usuario">{c.data.Sesion.Usuario}</Descriptions.Item>
            <Descriptions.Item label="Estado">{c.data.Sesion.EstadoNombre}</Descriptions.Item>
            <Descriptions.Item label="Fondo inicial">{soles(c.data.Sesion.MontoApertura)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="IdMedioPago"
            pagination={false}
            dataSource={c.data.Medios}
            columns={[
              { title: 'Medio de pago', dataIndex: 'MedioPago' },
              { title: 'Esperado', dataIndex: 'Esperado', align: 'right', render: soles },
              { title: 'Declarado', dataIndex: 'Declarado', align: 'right', render: soles },
              { title: 'Diferencia', dataIndex: 'Diferencia', align: 'right', render: soles },
            ]}
          />
          <Table
            style={{ marginTop: 12 }}
            size="small"
            rowKey="Id"
            pagination={false}
            dataSource={c.data.Movimientos}
            locale={{ emptyText: 'Sin ingresos ni egresos' }}
            columns={[
              { title: 'Movimiento', dataIndex: 'Tipo', render: (t: number) => TiposMovimientoCaja[t] },
              { title: 'Motivo', dataIndex: 'Motivo' },
              { title: 'Monto', dataIndex: 'Monto', align: 'right', render: soles },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
