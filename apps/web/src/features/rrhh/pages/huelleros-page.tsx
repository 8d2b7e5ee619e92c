import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { THuellero } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarHuellero, useHuelleros } from '../api/asistencia';

const fechaHora = new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' });

/** Clock-in devices (ZKTeco push) of the company, known by their serial number. */
export function HuellerosPage() {
  const consulta = useHuelleros();
  const [editando, setEditando] = useState<THuellero | 'nuevo' | null>(null);
  return (
    <Card data-testid="pagina-huelleros">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Configure el huellero (menú Comunicación > ADMS o Servidor en la nube) con la dirección de este servidor y el puerto web; el equipo envía sus marcaciones a /iclock/cdata. El número de usuario del huellero debe ser el DNI (o documento) del trabajador."
        description={<Typography.Text copyable>{`${window.location.origin}/iclock/cdata`}</Typography.Text>}
      />
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
          Nuevo huellero
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<THuellero>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="Aún no hay huelleros registrados" /> }}
        columns={[
          { title: 'Número de serie', dataIndex: 'NumeroSerie' },
          { title: 'Nombre o ubicación', dataIndex: 'Nombre' },
          { title: 'Última conexión', dataIndex: 'UltimaConexion', render: (v: string | null) => (v ? fechaHora.format(new Date(v)) : 'Nunca') },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v === 1 ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
          { title: '', key: 'acc', width: 60, render: (_, h) => <Button type="text" aria-label={`Editar ${h.Nombre}`} icon={<EditOutlined />} onClick={() => setEditando(h)} /> },
        ]}
      />
      {editando && <FormHuellero huellero={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
    </Card>
  );
}

function FormHuellero({ huellero, onCerrar }: { huellero: THuellero | null; onCerrar: () => void }) {
  const [form] = Form.useForm<{ NumeroSerie: string; Nombre: string; Activo: boolean }>();
  const guardar = useGuardarHuellero();
  const { message } = App.useApp();

  async function enviar(v: { NumeroSerie: string; Nombre: string; Activo: boolean }) {
    try {
      await guardar.mutateAsync({ datos: { NumeroSerie: v.NumeroSerie, Nombre: v.Nombre, LogEstado: v.Activo ? 1 : 0 }, id: huellero?.Id });
      message.success(huellero ? 'Huellero actualizado' : 'Huellero registrado');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Nombre', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open title={huellero ? 'Editar huellero' : 'Nuevo huellero'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ NumeroSerie: huellero?.NumeroSerie ?? '', Nombre: huellero?.Nombre ?? '', Activo: (huellero?.LogEstado ?? 1) === 1 }}>
        <Form.Item name="NumeroSerie" label="Número de serie (SN)" extra="Figura en el menú Información del sistema del equipo" rules={[{ required: true, message: 'Ingrese el número de serie' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="Nombre" label="Nombre o ubicación" rules={[{ required: true, message: 'Ingrese el nombre o la ubicación del huellero' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="Activo" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
