import { PlusOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Drawer, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TSucursal } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useSucursales } from '../api/sucursales';
import { SucursalForm } from '../components/sucursal-form';

/** Branches of the company (the seed's avatar: initial letter on its colour). */
export function SucursalesPage() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const estado = Number(params.get('estado') ?? 1);
  const consulta = useSucursales({ pagina, estado });
  const [edicion, setEdicion] = useState<{ sucursal: TSucursal | null } | null>(null);
  const fijar = (cambios: Record<string, string | number>) => {
    const nuevo = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) nuevo.set(k, String(v));
    setParams(nuevo, { replace: true });
  };

  return (
    <Card data-testid="pagina-sucursales">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Segmented
          value={estado}
          onChange={(v) => fijar({ estado: v as number, pagina: 1 })}
          options={[
            { value: 1, label: 'Activas' },
            { value: 0, label: 'Inactivas' },
            { value: -1, label: 'Todas' },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ sucursal: null })}>
          Nueva sucursal
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TSucursal>
        rowKey="Id"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 700 }}
        pagination={{ current: pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => fijar({ pagina: p }) }}
        columns={[
          {
            title: 'Sucursal',
            key: 'nombre',
            render: (_, s) => (
              <Space>
                <Avatar style={{ background: s.colorbackground }}>{s.letrainicio}</Avatar>
                <span>
                  {s.RazonSocial}
                  {s.Descripcion && <div style={{ color: '#64748b', fontSize: 12 }}>{s.Descripcion}</div>}
                </span>
              </Space>
            ),
          },
          { title: 'Dirección', dataIndex: 'Direccion', render: (v: string | null) => v ?? '—' },
          { title: 'Correo', dataIndex: 'Correo', render: (v: string | null) => v ?? '—' },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v === 1 ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>) },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, s) => (
              <Button type="link" onClick={() => setEdicion({ sucursal: s })}>
                Editar
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={!!edicion} title={edicion?.sucursal ? 'Editar sucursal' : 'Nueva sucursal'} size={480} onClose={() => setEdicion(null)} destroyOnHidden>
        {edicion && <SucursalForm sucursal={edicion.sucursal} onCancelar={() => setEdicion(null)} onGuardado={() => setEdicion(null)} />}
      </Drawer>
    </Card>
  );
}
