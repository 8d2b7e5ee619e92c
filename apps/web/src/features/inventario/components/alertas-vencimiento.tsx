import { Alert, Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { TVencimientoFila } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useVencimientos } from '../api/inventario';
import { numero } from '../formato';

const fecha = (v: string) => v.split('-').reverse().join('/');

/** Expiry alerts: lots with stock already expired or expiring within the chosen days (shown on the stock page). */
export function AlertasVencimiento({ idalmacen }: { idalmacen?: number }) {
  const [dias, setDias] = useState(90);
  const [pagina, setPagina] = useState(1);
  const consulta = useVencimientos(dias, idalmacen, pagina);
  const d = consulta.data;
  if (!consulta.isError && d && d.Count === 0) return null;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="alertas-vencimiento"
      title={
        <Space wrap>
          <span>Lotes por vencer y vencidos</span>
          {d && d.Vencidos > 0 && <Tag color="red">{d.Vencidos} vencidos con stock</Tag>}
        </Space>
      }
      extra={
        <Select
          aria-label="Días de anticipación"
          size="small"
          value={dias}
          onChange={(v: number) => {
            setDias(v);
            setPagina(1);
          }}
          options={[7, 15, 30, 60, 90, 180].map((n) => ({ value: n, label: `Próximos ${n} días` }))}
          style={{ width: 160 }}
        />
      }
    >
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />}
      <Table<TVencimientoFila>
        rowKey="IdLote"
        size="small"
        loading={consulta.isFetching}
        dataSource={d?.Data ?? []}
        scroll={{ x: 700 }}
        pagination={{ current: pagina, pageSize: 10, total: d?.Count ?? 0, showSizeChanger: false, onChange: setPagina, hideOnSinglePage: true }}
        columns={[
          { title: 'Producto', render: (_, f) => `${f.Codigo} - ${f.Descripcion}` },
          { title: 'Almacén', dataIndex: 'Almacen' },
          { title: 'Lote', dataIndex: 'CodigoLote' },
          { title: 'Vence', dataIndex: 'FechaVencimiento', render: fecha },
          { title: 'Stock', dataIndex: 'Cantidad', align: 'right', render: (v: string) => numero(v) },
          {
            title: 'Estado',
            key: 'e',
            render: (_, f) =>
              f.Vencido ? <Tag color="red">Vencido hace {-f.DiasRestantes} {f.DiasRestantes === -1 ? 'día' : 'días'}</Tag> : <Tag color={f.DiasRestantes <= 30 ? 'orange' : 'gold'}>Vence en {f.DiasRestantes} {f.DiasRestantes === 1 ? 'día' : 'días'}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
