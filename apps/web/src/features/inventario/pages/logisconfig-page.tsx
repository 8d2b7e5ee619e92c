import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TAlmacen } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAlmacenes, useCrearAlmacen, useGuardarLogisConfig, useLogisConfig, useSucursales } from '../api/inventario';

/** Logistics settings: negative stock and the warehouses of each branch (the default one is where sales take from). */
export function LogisConfigPage() {
  const config = useLogisConfig();
  const guardar = useGuardarLogisConfig();
  const almacenes = useAlmacenes();
  const { message } = App.useApp();
  const [creando, setCreando] = useState(false);

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
            { title: '', dataIndex: 'EsPredeterminado', render: (v: boolean) => (v ? <Tag color="blue">Predeterminado de la sucursal</Tag> : null) },
          ]}
        />
      </Card>
      <NuevoAlmacen abierto={creando} onCerrar={() => setCreando(false)} />
    </>
  );
}

function NuevoAlmacen({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [form] = Form.useForm<{ IdSucursal: number; Nombre: string; EsPredeterminado: boolean }>();
  const crear = useCrearAlmacen();
  const { message } = App.useApp();
  const sucursales = useSucursales(abierto);

  async function enviar(v: { IdSucursal: number; Nombre: string; EsPredeterminado: boolean }) {
    try {
      await crear.mutateAsync(v);
      message.success('Almacén registrado');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Nombre', errors: [error] })));
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
      </Form>
    </Modal>
  );
}
