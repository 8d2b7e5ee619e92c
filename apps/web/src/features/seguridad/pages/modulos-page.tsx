import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TModulo, TModuloGuardar } from '@yupana/contracts';
import { App, Button, Card, Form, Input, Modal, Select, Space, Switch, Tag } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { useGuardarModulo, useModulosPaginas } from '../api/modulos';
import { OPCIONES_ESTADO, useFiltrosUrl } from '../components/use-filtros-url';
import { ControlesSeguridad } from '../permisos-seguridad';

type TFormModulo = { Nombre: string; Descripcion?: string | null; LogEstado: 0 | 1 };

function ModuloModal({ modulo, onCerrar }: { modulo: TModulo | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TFormModulo>();
  const guardar = useGuardarModulo();
  const { message } = App.useApp();
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};
  return (
    <Modal open title={modulo ? `Editar módulo ${modulo.Nombre}` : 'Nuevo módulo'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form<TFormModulo>
        form={form}
        layout="vertical"
        initialValues={{ Nombre: modulo?.Nombre, Descripcion: modulo?.Descripcion ?? undefined, LogEstado: (modulo?.LogEstado ?? 1) as 0 | 1 }}
        onFinish={(v) => {
          const cuerpo: TModuloGuardar = { IdModulo: modulo?.IdModulo, Nombre: v.Nombre, Descripcion: v.Descripcion || null, LogEstado: v.LogEstado };
          void guardar.mutateAsync(cuerpo).then(() => {
            void message.success('Módulo guardado');
            onCerrar();
          }, () => undefined);
        }}
      >
        <Form.Item label="Nombre" name="Nombre" rules={[{ required: true, whitespace: true, message: 'Ingrese el nombre del módulo' }]} validateStatus={errores.Nombre ? 'error' : undefined} help={errores.Nombre}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Descripción" name="Descripcion" validateStatus={errores.Descripcion ? 'error' : undefined} help={errores.Descripcion}>
          <Input.TextArea maxLength={250} rows={2} />
        </Form.Item>
        <Form.Item label="Activo" name="LogEstado" getValueProps={(v: number) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
          <Switch aria-label="Activo" />
        </Form.Item>
        {guardar.error && !Object.keys(errores).length && <p style={{ color: '#cf1322' }}>{mensajeDeError(guardar.error)}</p>}
      </Form>
    </Modal>
  );
}

/** Modules of the platform (global catalogue): everyone with the page sees them; the provider's staff edit them. */
export function ModulosPage() {
  const [f, fijar] = useFiltrosUrl({ pagina: 1, regxpag: 10, estado: -1, filtro: undefined as string | undefined });
  const modulos = useModulosPaginas(f);
  const puedeGestionar = usePermiso(ControlesSeguridad.MODULOS_GESTIONAR);
  const guardar = useGuardarModulo();
  const { message } = App.useApp();
  const [editando, setEditando] = useState<TModulo | null | 'nuevo'>(null);
  const cambiarEstado = (m: TModulo, activo: boolean) =>
    void guardar.mutateAsync({ IdModulo: m.IdModulo, Nombre: m.Nombre, Descripcion: m.Descripcion, LogEstado: activo ? 1 : 0 }).then(
      () => void message.success(activo ? 'Módulo activado' : 'Módulo desactivado'),
      (e: unknown) => void message.error(mensajeDeError(e)),
    );
  return (
    <Card data-testid="pagina-modulos">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search placeholder="Buscar módulo" allowClear defaultValue={f.filtro} onSearch={(v) => fijar({ filtro: v.trim() })} style={{ width: 240 }} aria-label="Buscar módulo" />
          <Select value={f.estado} onChange={(v) => fijar({ estado: v })} options={OPCIONES_ESTADO} style={{ width: 140 }} aria-label="Estado" />
        </Space>
        {puedeGestionar && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo módulo
          </Button>
        )}
      </Space>
      <TablaAdaptable<TModulo>
        rowKey="IdModulo"
        loading={modulos.isFetching}
        dataSource={modulos.data?.Data}
        locale={{ emptyText: modulos.isError ? mensajeDeError(modulos.error) : 'No hay módulos para este filtro' }}
        pagination={{ current: f.pagina, pageSize: f.regxpag, total: modulos.data?.Count ?? 0, onChange: (pagina, regxpag) => fijar({ pagina, regxpag }) }}
        columns={[
          { title: 'Id', dataIndex: 'IdModulo', width: 70 },
          { title: 'Nombre', dataIndex: 'Nombre' },
          { title: 'Descripción', dataIndex: 'Descripcion', render: (v: string | null) => v ?? '—' },
          {
            title: 'Estado',
            dataIndex: 'LogEstado',
            render: (e: number, m) =>
              puedeGestionar ? (
                <Switch size="small" checked={e === 1} checkedChildren="Activo" unCheckedChildren="Inactivo" aria-label={`Estado de ${m.Nombre}`} disabled={m.IdModulo === 1 && e === 1} onChange={(v) => cambiarEstado(m, v)} />
              ) : e === 1 ? (
                <Tag color="green">Activo</Tag>
              ) : (
                <Tag>Inactivo</Tag>
              ),
          },
          { title: '', key: 'a', width: 60, render: (_, m) => puedeGestionar && <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${m.Nombre}`} onClick={() => setEditando(m)} /> },
        ]}
      />
      {editando && <ModuloModal modulo={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
    </Card>
  );
}
