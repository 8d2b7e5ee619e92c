import { EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Drawer, Empty, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { TiposComandoHuellero, type TComandoHuellero, type TComandoHuelleroCrear, type THuellero, type TTipoComandoHuellero } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useComandosHuellero, useEncolarComando, useGuardarHuellero, useHuelleros } from '../api/asistencia';
import { hoyLima } from '../components/asistencia-comun';

const fechaHora = new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' });

/** Clock-in devices (ZKTeco push) of the company, known by their serial number. */
export function HuellerosPage() {
  const consulta = useHuelleros();
  const [editando, setEditando] = useState<THuellero | 'nuevo' | null>(null);
  const [comandos, setComandos] = useState<THuellero | null>(null);
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
          {
            title: '',
            key: 'acc',
            width: 150,
            render: (_, h) => (
              <Space size={0}>
                <Button type="text" aria-label={`Comandos de ${h.Nombre}`} icon={<SendOutlined />} onClick={() => setComandos(h)}>
                  Comandos
                </Button>
                <Button type="text" aria-label={`Editar ${h.Nombre}`} icon={<EditOutlined />} onClick={() => setEditando(h)} />
              </Space>
            ),
          },
        ]}
      />
      {editando && <FormHuellero huellero={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
      {comandos && <ComandosHuellero huellero={comandos} onCerrar={() => setComandos(null)} />}
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

const COLOR_ESTADO: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' };

/** Queue a command for the device and follow its answer (it arrives on the device's next poll, every few seconds). */
function ComandosHuellero({ huellero, onCerrar }: { huellero: THuellero; onCerrar: () => void }) {
  const consulta = useComandosHuellero(huellero.Id);
  const encolar = useEncolarComando(huellero.Id);
  const [form] = Form.useForm<TComandoHuelleroCrear>();
  const tipo = Form.useWatch('Tipo', form) as TTipoComandoHuellero | undefined;
  const { message } = App.useApp();

  async function enviar(v: TComandoHuelleroCrear) {
    try {
      const r = await encolar.mutateAsync(v);
      message.success(r.Encolados ? `${r.Encolados} comando(s) en cola: el huellero los tomará en su próxima consulta` : 'No hay trabajadores activos con un documento válido para el huellero');
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Tipo', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Drawer open width={720} title={`Comandos de ${huellero.Nombre} (${huellero.NumeroSerie})`} onClose={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Tipo: 'TRABAJADORES', Desde: `${hoyLima().slice(0, 8)}01`, Hasta: hoyLima() }}>
        <Form.Item name="Tipo" label="Comando" rules={[{ required: true, message: 'Seleccione el comando' }]}>
          <Select options={Object.entries(TiposComandoHuellero).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {tipo === 'MARCACIONES' && (
          <Space wrap>
            <Form.Item name="Desde" label="Desde">
              <Input type="date" />
            </Form.Item>
            <Form.Item name="Hasta" label="Hasta">
              <Input type="date" />
            </Form.Item>
          </Space>
        )}
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={encolar.isPending}>
          Enviar al huellero
        </Button>
      </Form>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginTop: 12 }} />}
      <Table<TComandoHuellero>
        style={{ marginTop: 16 }}
        rowKey="Id"
        size="small"
        dataSource={consulta.data?.Data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 600 }}
        locale={{ emptyText: <Empty description="Aún no se enviaron comandos a este huellero" /> }}
        columns={[
          { title: 'Creado', dataIndex: 'FechaCreacion', width: 130, render: (v: string) => fechaHora.format(new Date(v)) },
          { title: 'Comando', dataIndex: 'Comando', render: (v: string) => <Typography.Text code>{v.replace(/\t/g, ' ')}</Typography.Text> },
          {
            title: 'Estado',
            dataIndex: 'Estado',
            width: 130,
            render: (v: number, c) => <Tag color={COLOR_ESTADO[v]}>{c.Retorno !== null && c.Retorno < 0 ? `${c.EstadoDescripcion} (${c.Retorno})` : c.EstadoDescripcion}</Tag>,
          },
        ]}
      />
    </Drawer>
  );
}
