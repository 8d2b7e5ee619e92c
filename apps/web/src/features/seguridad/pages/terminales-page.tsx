import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TTerminal, TTerminalGuardar } from '@yupana/contracts';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useState } from 'react';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { useGuardarTerminal, useTerminales } from '../api/terminales';
import { OPCIONES_ESTADO, useFiltrosUrl } from '../components/use-filtros-url';
import { ControlesSeguridad } from '../permisos-seguridad';

function TerminalModal({ terminal, onCerrar }: { terminal: TTerminal | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TTerminalGuardar>();
  const guardar = useGuardarTerminal();
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const { message } = App.useApp();
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};
  return (
    <Modal open title={terminal ? `Editar terminal ${terminal.Nombre}` : 'Nuevo terminal'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form<TTerminalGuardar>
        form={form}
        layout="vertical"
        initialValues={{ Nombre: terminal?.Nombre, Codigo: terminal?.Codigo ?? undefined, IdSucursal: terminal?.IdSucursal ?? undefined, LogEstado: terminal?.LogEstado ?? 1 }}
        onFinish={(v) =>
          void guardar.mutateAsync({ ...v, IdTerminal: terminal?.IdTerminal, IdSucursal: v.IdSucursal ?? null }).then(() => {
            void message.success('Terminal guardado');
            onCerrar();
          }, () => undefined)
        }
      >
        <Form.Item label="Nombre" name="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del terminal' }]} validateStatus={errores.Nombre ? 'error' : undefined} help={errores.Nombre}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Código o serie del equipo" name="Codigo" validateStatus={errores.Codigo ? 'error' : undefined} help={errores.Codigo}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="Sucursal" name="IdSucursal">
          <Select allowClear placeholder="Sin sucursal" options={sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))} />
        </Form.Item>
        <Form.Item label="Estado" name="LogEstado">
          <Select options={[{ value: 1, label: 'Activo' }, { value: 0, label: 'Inactivo' }]} />
        </Form.Item>
        {guardar.error && !Object.keys(errores).length && <p style={{ color: '#cf1322' }}>{mensajeDeError(guardar.error)}</p>}
      </Form>
    </Modal>
  );
}

export function TerminalesPage() {
  const [f, fijar] = useFiltrosUrl({ pagina: 1, regxpag: 10, logestado: -1, filtro: undefined as string | undefined });
  const terminales = useTerminales(f);
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const puedeGestionar = usePermiso(ControlesSeguridad.TERMINALES_GESTIONAR);
  const [editando, setEditando] = useState<TTerminal | null | 'nuevo'>(null);
  const nombreSucursal = (id: number | null) => (id ? (sucursales.find((s) => s.Id === id)?.Descripcion ?? `Sucursal ${id}`) : '—');
  return (
    <Card data-testid="pagina-terminales">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search placeholder="Buscar terminal" allowClear defaultValue={f.filtro} onSearch={(v) => fijar({ filtro: v.trim() })} style={{ width: 240 }} />
          <Select value={f.logestado} onChange={(v) => fijar({ logestado: v })} options={OPCIONES_ESTADO} style={{ width: 140 }} aria-label="Estado" />
        </Space>
        {puedeGestionar && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo terminal
          </Button>
        )}
      </Space>
      <TablaAdaptable<TTerminal>
        rowKey="IdTerminal"
        loading={terminales.isFetching}
        dataSource={terminales.data?.Data}
        locale={{ emptyText: terminales.isError ? mensajeDeError(terminales.error) : 'No hay terminales' }}
        pagination={{ current: f.pagina, pageSize: f.regxpag, total: terminales.data?.Count ?? 0, onChange: (pagina, regxpag) => fijar({ pagina, regxpag }) }}
        columns={[
          { title: 'Nombre', dataIndex: 'Nombre' },
          { title: 'Código', dataIndex: 'Codigo', render: (v: string | null) => v ?? '—' },
          { title: 'Sucursal', dataIndex: 'IdSucursal', render: nombreSucursal },
          { title: 'Estado', dataIndex: 'LogEstado', render: (e: number) => (e === 1 ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
          { title: '', key: 'a', render: (_, t) => puedeGestionar && <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${t.Nombre}`} onClick={() => setEditando(t)} /> },
        ]}
      />
      {editando && <TerminalModal terminal={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
    </Card>
  );
}
