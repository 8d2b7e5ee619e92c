import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TAlmacen } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { UbigeoSelect } from '../../../components/ubigeo-select';
import { useAlmacenes, useCrearAlmacen, useEditarAlmacen, useGuardarLogisConfig, useLogisConfig, useSucursales } from '../api/inventario';

/** Logistics settings: negative stock and the warehouses of each branch (the default one is where sales take from). */
export function LogisConfigPage() {
  const config = useLogisConfig();
  const guardar = useGuardarLogisConfig();
  const almacenes = useAlmacenes();
  const { message } = App.useApp();
  const [creando, setCreando] = useState(false);
  const [editando, setEditando] = useState<TAlmacen | null>(null);

  return (
    <>
      <Card title="Stock" data-testid="pagina-logisconfig" style={{ marginBottom: 16 }}>
        {config.isError && <Alert type="error" showIcon title={mensajeDeError(config.error)} />}
        <Switch
          aria-label="Permitir stock negativo"
          checked={config.data?.PermiteStockNegativo ?? true}
          loading={config.isLoading || guardar.isPending}
          onChange={(v) =>
            guardar.mutate(
              { PermiteStockNegativo: v },
              { onSuccess: () => message.success(v ? 'Se permite vender sin stock' : 'Ya no se permite vender sin stock'), onError: (e) => message.error(mensajeDeError(e)) },
            )
          }
        />{' '}
        Permitir stock negativo
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Si lo desactiva, una venta o salida que deje un producto por debajo de cero se rechaza indicando el producto y el stock disponible.
        </Typography.Paragraph>
      </Card>
      <Card title="Almacenes" extra={<Button icon={<PlusOutlined />} onClick={() => setCreando(true)}>Nuevo almacén</Button>}>
        <Table<TAlmacen>
          rowKey="Id"
          size="middle"
          pagination={false}
          loading={almacenes.isFetching}
          dataSource={almacenes.data?.Data ?? []}
          columns={[
            { title: 'Almacén', dataIndex: 'Nombre' },
            { title: 'Sucursal', dataIndex: 'Sucursal' },
            {
              title: 'Dirección (guías de traslado)',
              key: 'direccion',
              render: (_: unknown, a: TAlmacen) =>
                a.Direccion ? (
                  <span>
                    {a.Direccion} <Typography.Text type="secondary">({a.IdUbigeo})</Typography.Text>{' '}
                    {a.CodigoAnexo ? <Tag>Anexo {a.CodigoAnexo}</Tag> : <Tag color="orange">Sin código de establecimiento</Tag>}
                  </span>
                ) : (
                  <Typography.Text type="secondary">La de la sucursal</Typography.Text>
                ),
            },
            { title: '', dataIndex: 'EsPredeterminado', render: (v: boolean) => (v ? <Tag color="blue">Predeterminado de la sucursal</Tag> : null) },
            {
              title: '',
              key: 'acciones',
              width: 60,
              render: (_: unknown, a: TAlmacen) => <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${a.Nombre}`} onClick={() => setEditando(a)} />,
            },
          ]}
        />
      </Card>
      <NuevoAlmacen abierto={creando} onCerrar={() => setCreando(false)} />
      <EditarAlmacen almacen={editando} onCerrar={() => setEditando(null)} />
    </>
  );
}

function NuevoAlmacen({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [form] = Form.useForm<TFormAlmacen & { IdSucursal: number; EsPredeterminado: boolean }>();
  const crear = useCrearAlmacen();
  const { message } = App.useApp();
  const sucursales = useSucursales(abierto);

  async function enviar(v: TFormAlmacen & { IdSucursal: number; EsPredeterminado: boolean }) {
    try {
      await crear.mutateAsync(v);
      message.success('Almacén registrado');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as keyof TFormAlmacen, errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open={abierto} title="Nuevo almacén" okText="Registrar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={crear.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ EsPredeterminado: false }}>
        <Form.Item name="IdSucursal" label="Sucursal" rules={[{ required: true, message: 'Seleccione la sucursal' }]}>
          <Select loading={sucursales.isLoading} options={(sucursales.data?.Data ?? []).map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))} />
        </Form.Item>
        <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del almacén' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="EsPredeterminado" valuePropName="checked">
          <Checkbox>Almacén predeterminado de la sucursal (de aquí salen las ventas)</Checkbox>
        </Form.Item>
        <CamposDireccion />
      </Form>
    </Modal>
  );
}

type TFormAlmacen = { Nombre: string; Direccion?: string | null; IdUbigeo?: string | null; CodigoAnexo?: string | null };

/** Branch guiaalm: the warehouse's own address, used by its transfer guides instead of the branch's. */
function CamposDireccion() {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Si el almacén está en otro local que la sucursal, indique su dirección y el código de establecimiento anexo con que figura en la ficha RUC: las
        guías de traslado entre establecimientos (motivo 04) salen o llegan a esa dirección. Vacío: se usa la dirección de la sucursal.
      </Typography.Paragraph>
      <Form.Item name="Direccion" label="Dirección del almacén">
        <Input maxLength={250} placeholder="La de la sucursal" />
      </Form.Item>
      <Form.Item name="IdUbigeo" label="Distrito (ubigeo)">
        <UbigeoSelect />
      </Form.Item>
      <Form.Item name="CodigoAnexo" label="Código de establecimiento anexo (SUNAT)">
        <Input maxLength={4} inputMode="numeric" placeholder="p. ej. 0003" style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

function EditarAlmacen({ almacen, onCerrar }: { almacen: TAlmacen | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TFormAlmacen>();
  const editar = useEditarAlmacen();
  const { message } = App.useApp();

  async function enviar(v: TFormAlmacen) {
    if (!almacen) return;
    try {
      await editar.mutateAsync({ id: almacen.Id, datos: { Nombre: v.Nombre, Direccion: v.Direccion ?? null, IdUbigeo: v.IdUbigeo ?? null, CodigoAnexo: v.CodigoAnexo ?? null } });
      message.success('Almacén actualizado');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as keyof TFormAlmacen, errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open={almacen !== null} title={`Editar almacén${almacen ? ` ${almacen.Nombre}` : ''}`} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={editar.isPending} onCancel={onCerrar} destroyOnHidden>
      {almacen && (
        <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Nombre: almacen.Nombre, Direccion: almacen.Direccion, IdUbigeo: almacen.IdUbigeo, CodigoAnexo: almacen.CodigoAnexo }}>
          <Typography.Paragraph type="secondary">Sucursal: {almacen.Sucursal}</Typography.Paragraph>
          <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del almacén' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <CamposDireccion />
        </Form>
      )}
    </Modal>
  );
}
