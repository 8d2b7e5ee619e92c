import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Drawer, Input, Popconfirm, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TiposDocumentoIdentidad, TiposEntidad, type TEntidad } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useCambiarEstadoEntidad } from '../api/cambiar-estado-entidad';
import { useEntidades } from '../api/listar-entidades';
import { ClienteForm } from '../components/cliente-form';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

const nombreTipoDocumento = (id: number) => TiposDocumentoIdentidad[id as keyof typeof TiposDocumentoIdentidad]?.Descripcion ?? String(id);

/** Customers (and the other entity types) of the company: search by document or name, 10 per page, filters in the URL. */
export function ClientesPage() {
  const [params, setParams] = useSearchParams();
  const filtro = params.get('filtro') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const estado = Number(params.get('estado') ?? 1);
  const tipoentidad = Number(params.get('tipoentidad') ?? 0);
  const consulta = useEntidades({ filtro, pagina, estado, tipoentidad });
  const cambiarEstado = useCambiarEstadoEntidad();
  const { message } = App.useApp();
  const [edicion, setEdicion] = useState<{ entidad: TEntidad | null } | null>(null);

  const fijar = (cambios: Record<string, string | number>) => {
    const nuevo = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) nuevo.set(k, String(v));
    setParams(nuevo, { replace: true });
  };

  return (
    <Card data-testid="pagina-clientes">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={filtro}
            placeholder="Buscar por documento o nombre"
            aria-label="Buscar clientes"
            style={{ width: 320 }}
            onSearch={(v) => fijar({ filtro: v.trim(), pagina: 1 })}
          />
          <Segmented
            value={estado}
            onChange={(v) => fijar({ estado: v as number, pagina: 1 })}
            options={[
              { value: 1, label: 'Activos' },
              { value: 0, label: 'Inactivos' },
              { value: -1, label: 'Todos' },
            ]}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ entidad: null })}>
          Nuevo cliente
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <TablaAdaptable<TEntidad>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 800 }}
        pagination={{ current: pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, showTotal: (t) => `${t} registros`, onChange: (p) => fijar({ pagina: p }) }}
        locale={{ emptyText: filtro ? 'No hay Entidad' : 'Aún no hay clientes registrados' }}
        columns={[
          { title: 'Documento', key: 'doc', render: (_, e) => (e.EsGenerico ? e.Documento : `${nombreTipoDocumento(e.IdTipoDocumento)} ${e.Documento}`) },
          {
            title: 'Razón social o nombre',
            dataIndex: 'RazonSocial',
            render: (v: string, e) => (
              <Space size={4}>
                {v}
                {e.EsGenerico && <Tag>Genérico</Tag>}
              </Space>
            ),
          },
          { title: 'Tipo', dataIndex: 'TipoEntidad', render: (t: number) => TiposEntidad[t as keyof typeof TiposEntidad] },
          { title: 'Dirección', dataIndex: 'Direccion', ellipsis: true, render: (v: string | null) => v ?? '—' },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v === 1 ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, e) =>
              e.EsGenerico ? null : (
                <Space size={0}>
                  <Button type="link" onClick={() => setEdicion({ entidad: e })}>
                    Editar
                  </Button>
                  <Popconfirm
                    title={e.LogEstado === 1 ? '¿Desactivar este cliente?' : '¿Reactivar este cliente?'}
                    okText="Sí"
                    cancelText="No"
                    onConfirm={() =>
                      cambiarEstado
                        .mutateAsync({ id: e.Id, LogEstado: e.LogEstado === 1 ? 0 : 1 })
                        .then(() => message.success(e.LogEstado === 1 ? 'Cliente desactivado' : 'Cliente reactivado'))
                        .catch((err: unknown) => message.error(mensajeDeError(err)))
                    }
                  >
                    <Button type="link" danger={e.LogEstado === 1}>
                      {e.LogEstado === 1 ? 'Desactivar' : 'Reactivar'}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Drawer
        open={!!edicion}
        title={edicion?.entidad ? 'Editar cliente' : 'Nuevo cliente'}
        size={520}
        onClose={() => setEdicion(null)}
        destroyOnHidden
      >
        {edicion && <ClienteForm entidad={edicion.entidad} onCancelar={() => setEdicion(null)} onGuardado={() => setEdicion(null)} />}
      </Drawer>
    </Card>
  );
}
