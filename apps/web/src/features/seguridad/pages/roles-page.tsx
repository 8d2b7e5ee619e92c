import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Roles, type TRol } from '@yupana/contracts';
import { App, Button, Card, Drawer, Form, Input, Modal, Select, Space, Tabs, Tag } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { useGuardarRol, useRolesPaginados } from '../api/roles';
import { ArbolPermisosRol } from '../components/arbol-permisos-rol';
import { LoQuePuedeHacerRol } from '../components/lo-que-puede-hacer-rol';
import { ServiciosRol } from '../components/servicios-rol';
import { OPCIONES_ESTADO, useFiltrosUrl } from '../components/use-filtros-url';
import { ControlesSeguridad } from '../permisos-seguridad';

type TFormRol = { Nombre: string; Descripcion?: string; LogEstado: 0 | 1 };

function RolModal({ rol, onCerrar }: { rol: TRol | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TFormRol>();
  const guardar = useGuardarRol();
  const { message } = App.useApp();
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};
  return (
    <Modal open title={rol ? `Editar rol ${rol.Nombre}` : 'Nuevo rol'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form<TFormRol>
        form={form}
        layout="vertical"
        initialValues={{ Nombre: rol?.Nombre, Descripcion: rol?.Descripcion ?? undefined, LogEstado: rol?.LogEstado ?? 1 }}
        onFinish={(v) =>
          void guardar
            .mutateAsync(rol ? { IdRol: rol.IdRol, IdModulo: rol.IdModulo, Nombre: v.Nombre, Descripcion: v.Descripcion, LogEstado: v.LogEstado } : { IdModulo: 1, Nombre: v.Nombre, Descripcion: v.Descripcion })
            .then(() => {
              void message.success('Rol guardado');
              onCerrar();
            }, () => undefined)
        }
      >
        <Form.Item label="Nombre" name="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del rol' }]} validateStatus={errores.Nombre ? 'error' : undefined} help={errores.Nombre}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Descripción" name="Descripcion">
          <Input.TextArea maxLength={250} rows={2} />
        </Form.Item>
        {rol && (
          <Form.Item label="Estado" name="LogEstado">
            <Select options={[{ value: 1, label: 'Activo' }, { value: 0, label: 'Inactivo' }]} />
          </Form.Item>
        )}
        {guardar.error && !Object.keys(errores).length && <p style={{ color: '#cf1322' }}>{mensajeDeError(guardar.error)}</p>}
      </Form>
    </Modal>
  );
}

export function RolesPage() {
  const [f, fijar] = useFiltrosUrl({ pagina: 1, regxpag: 10, estado: -1, filtro: undefined as string | undefined });
  const roles = useRolesPaginados(f);
  const puedeGestionar = usePermiso(ControlesSeguridad.ROLES_GESTIONAR);
  // The permission tree and the service codes are technical views: only support staff (the Soporte role) see them;
  // the server refuses the code listings to everybody else.
  const esSoporte = !!useUsuarioActual().data?.Roles.some((r) => r.Id === Roles.SOPORTE);
  const [editando, setEditando] = useState<TRol | null | 'nuevo'>(null);
  const [detalle, setDetalle] = useState<TRol | null>(null);

  return (
    <Card data-testid="pagina-roles">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search placeholder="Buscar rol" allowClear defaultValue={f.filtro} onSearch={(v) => fijar({ filtro: v.trim() })} style={{ width: 240 }} />
          <Select value={f.estado} onChange={(v) => fijar({ estado: v })} options={OPCIONES_ESTADO} style={{ width: 140 }} aria-label="Estado" />
        </Space>
        {puedeGestionar && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo rol
          </Button>
        )}
      </Space>
      <TablaAdaptable<TRol>
        rowKey="IdRol"
        loading={roles.isFetching}
        dataSource={roles.data?.Data}
        locale={{ emptyText: roles.isError ? mensajeDeError(roles.error) : 'No hay roles' }}
        pagination={{ current: f.pagina, pageSize: f.regxpag, total: roles.data?.Count ?? 0, onChange: (pagina, regxpag) => fijar({ pagina, regxpag }) }}
        onRow={(r) => ({ 'data-testid': `rol-${r.Nombre}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: 'Rol', dataIndex: 'Nombre', render: (v: string, r) => (<>{v} {!r.Propio && <Tag>Predefinido</Tag>}</>) },
          { title: 'Descripción', dataIndex: 'Descripcion', render: (v: string | null) => v ?? '—' },
          { title: 'Estado', dataIndex: 'LogEstado', render: (e: number) => (e === 1 ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setDetalle(r)}>
                  Permisos y servicios
                </Button>
                {puedeGestionar && r.Propio && <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${r.Nombre}`} onClick={() => setEditando(r)} />}
              </Space>
            ),
          },
        ]}
      />
      {editando && <RolModal rol={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
      <Drawer open={!!detalle} onClose={() => setDetalle(null)} title={detalle ? `Rol ${detalle.Nombre}` : ''} size={720} destroyOnHidden>
        {detalle && (
          <Tabs
            items={[
              { key: 'plano', label: 'Qué puede hacer', children: <LoQuePuedeHacerRol idRol={detalle.IdRol} editable={puedeGestionar && detalle.Propio} /> },
              // The screens a role opens (the menu tree) and, with their codes, the API services (support staff's terms).
              ...(esSoporte
                ? [
                    { key: 'permisos', label: 'Pantallas (permisos)', children: <ArbolPermisosRol idRol={detalle.IdRol} editable={puedeGestionar && detalle.Propio} /> },
                    { key: 'servicios', label: 'Servicios', children: <ServiciosRol idRol={detalle.IdRol} editable={puedeGestionar && detalle.Propio} /> },
                  ]
                : []),
            ]}
          />
        )}
      </Drawer>
    </Card>
  );
}
