import { CheckOutlined, CloseOutlined, DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Radio, Select, Space, Steps, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { TiposSolicitud, type TPlantillaFlujoGuardar, type TSolicitud, type TSolicitudCrear, type TTipoSolicitud } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCrearSolicitud, useGuardarPlantillaFlujo, usePlantillasFlujo, useReintentarNotificacion, useResolverSolicitud, useSolicitudes } from '../api/solicitudes';
import { TrabajadorSelect } from '../components/asistencia-comun';

const COLOR_ESTADO: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'red' };
const TIPOS = Object.entries(TiposSolicitud).map(([value, label]) => ({ value, label }));

/** Workers' requests (vacaciones, permisos, licencias), each going through its type's approval flow. */
export function SolicitudesPage() {
  const [f, setF] = useState({ estado: -1, pagina: 1 });
  const consulta = useSolicitudes(f);
  const [nueva, setNueva] = useState(false);
  const [flujos, setFlujos] = useState(false);
  const [resolviendo, setResolviendo] = useState<TSolicitud | null>(null);
  return (
    <Card data-testid="pagina-solicitudes">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Radio.Group
          value={f.estado}
          onChange={(e) => setF({ estado: e.target.value as number, pagina: 1 })}
          options={[
            { value: -1, label: 'Todas' },
            { value: 0, label: 'Pendientes' },
            { value: 1, label: 'Aprobadas' },
            { value: 2, label: 'Rechazadas' },
          ]}
          optionType="button"
        />
        <Space>
          <Button icon={<SettingOutlined />} onClick={() => setFlujos(true)}>
            Flujos de aprobación
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNueva(true)}>
            Nueva solicitud
          </Button>
        </Space>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TSolicitud>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: f.pagina, pageSize: 20, total: consulta.data?.Count ?? 0, onChange: (pagina) => setF({ ...f, pagina }), showSizeChanger: false }}
        locale={{ emptyText: <Empty description="Sin solicitudes" /> }}
        expandable={{ expandedRowRender: (s) => <Flujo solicitud={s} /> }}
        columns={[
          { title: 'Trabajador', key: 't', render: (_, s) => `${s.Trabajador} (${s.Documento})` },
          { title: 'Tipo', key: 'tipo', render: (_, s) => `${s.TipoDescripcion}${s.Tipo === 'VACACIONES' ? '' : s.ConGoce ? ' con goce' : ' sin goce'}` },
          { title: 'Desde', dataIndex: 'FechaDesde' },
          { title: 'Hasta', dataIndex: 'FechaHasta' },
          { title: 'Días', dataIndex: 'Dias', align: 'right' },
          { title: 'Motivo', dataIndex: 'Motivo' },
          {
            title: 'Estado',
            key: 'e',
            render: (_, s) => (
              <Space size={4}>
                <Tag color={COLOR_ESTADO[s.Estado]} data-testid={`estado-solicitud-${s.Id}`}>
                  {s.Estado === 0 ? `${s.EstadoDescripcion}: ${s.Flujo.find((p) => p.Orden === s.PasoActual)?.Nombre ?? ''}` : s.EstadoDescripcion}
                </Tag>
                {s.Notificacion && (
                  <Tag color="warning" title={s.Notificacion}>
                    Notificación no enviada
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: '',
            key: 'a',
            render: (_, s) =>
              s.PuedeResolver && (
                <Button type="link" onClick={() => setResolviendo(s)} aria-label={`Resolver la solicitud ${s.Id}`}>
                  Resolver
                </Button>
              ),
          },
        ]}
      />
      {nueva && <NuevaSolicitud onCerrar={() => setNueva(false)} />}
      {flujos && <Flujos onCerrar={() => setFlujos(false)} />}
      {resolviendo && <Resolver solicitud={resolviendo} onCerrar={() => setResolviendo(null)} />}
    </Card>
  );
}

function Flujo({ solicitud }: { solicitud: TSolicitud }) {
  const reintentar = useReintentarNotificacion();
  const { message } = App.useApp();
  async function reenviar() {
    try {
      const s = await reintentar.mutateAsync(solicitud.Id);
      if (s.Notificacion) message.warning(s.Notificacion);
      else message.success('Notificación enviada');
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {solicitud.Notificacion && (
        <Alert
          type="warning"
          showIcon
          data-testid={`notificacion-solicitud-${solicitud.Id}`}
          title={solicitud.Notificacion}
          action={
            <Button size="small" loading={reintentar.isPending} onClick={reenviar}>
              Reintentar notificación
            </Button>
          }
        />
      )}
      <Steps
      size="small"
      current={solicitud.PasoActual - 1}
      status={solicitud.Estado === 2 ? 'error' : solicitud.Estado === 1 ? 'finish' : 'process'}
      items={solicitud.Flujo.map((p) => ({
        title: `${p.Nombre} (${p.Rol})`,
        description: p.Usuario ? `${p.EstadoDescripcion} por ${p.Usuario}${p.Comentario ? `: ${p.Comentario}` : ''}` : p.EstadoDescripcion,
      }))}
      />
    </Space>
  );
}

/** Applies the API's field errors to a form, or shows the message. */
function mostrarError(e: unknown, form: { setFields: (f: { name: string; errors: string[] }[]) => void }, mensaje: (t: string) => void) {
  if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name, errors: [error] })));
  else mensaje(mensajeDeError(e));
}

function NuevaSolicitud({ onCerrar }: { onCerrar: () => void }) {
  const crear = useCrearSolicitud();
  const [form] = Form.useForm<TSolicitudCrear>();
  const tipo = Form.useWatch('Tipo', form);
  const { message } = App.useApp();
  async function enviar(v: TSolicitudCrear) {
    try {
      const s = await crear.mutateAsync({ ...v, ConGoce: v.Tipo === 'VACACIONES' ? true : v.ConGoce });
      message.success(`Solicitud ${s.Id} registrada: pasa a ${s.Flujo[0]?.Nombre ?? 'aprobación'}`);
      onCerrar();
    } catch (e) {
      mostrarError(e, form as never, message.error);
    }
  }
  return (
    <Modal open title="Nueva solicitud" okText="Registrar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={crear.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Tipo: 'VACACIONES', ConGoce: true }}>
        <Form.Item name="IdTrabajador" label="Trabajador" rules={[{ required: true, message: 'Elija el trabajador' }]}>
          <TrabajadorSelect />
        </Form.Item>
        <Form.Item name="Tipo" label="Tipo">
          <Select options={TIPOS} aria-label="Tipo de solicitud" />
        </Form.Item>
        {tipo !== 'VACACIONES' && (
          <Form.Item name="ConGoce" label="Con goce de haber" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        <Space>
          <Form.Item name="FechaDesde" label="Desde" rules={[{ required: true, message: 'Ingrese la fecha de inicio' }]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="FechaHasta" label="Hasta" rules={[{ required: true, message: 'Ingrese la fecha de fin' }]}>
            <Input type="date" />
          </Form.Item>
        </Space>
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, message: 'Ingrese el motivo' }]}>
          <Input.TextArea maxLength={300} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Resolver({ solicitud, onCerrar }: { solicitud: TSolicitud; onCerrar: () => void }) {
  const resolver = useResolverSolicitud();
  const [comentario, setComentario] = useState('');
  const { message } = App.useApp();
  async function enviar(Aprobar: boolean) {
    try {
      const s = await resolver.mutateAsync({ id: solicitud.Id, datos: { Aprobar, Comentario: comentario } });
      message.success(s.Estado === 1 ? 'Solicitud aprobada' : s.Estado === 2 ? 'Solicitud rechazada' : 'Paso aprobado: pasa al siguiente');
      onCerrar();
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }
  const paso = solicitud.Flujo.find((p) => p.Orden === solicitud.PasoActual);
  return (
    <Modal
      open
      title={`Solicitud ${solicitud.Id}: ${solicitud.TipoDescripcion} de ${solicitud.Trabajador}`}
      onCancel={onCerrar}
      footer={[
        <Button key="r" danger icon={<CloseOutlined />} loading={resolver.isPending} onClick={() => enviar(false)}>
          Rechazar
        </Button>,
        <Button key="a" type="primary" icon={<CheckOutlined />} loading={resolver.isPending} onClick={() => enviar(true)}>
          Aprobar
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {solicitud.FechaDesde} al {solicitud.FechaHasta} ({solicitud.Dias} días). Paso actual: <strong>{paso?.Nombre}</strong>.
      </Typography.Paragraph>
      <Flujo solicitud={solicitud} />
      <Input.TextArea style={{ marginTop: 12 }} placeholder="Comentario (opcional)" maxLength={300} value={comentario} onChange={(e) => setComentario(e.target.value)} aria-label="Comentario" />
    </Modal>
  );
}

type ValoresFlujo = { Nombre: string; TipoSolicitud: TTipoSolicitud; Pasos: { Nombre: string; IdRol?: number }[] };

/** The approval flow of each request type: ordered steps, each resolved by a role. */
function Flujos({ onCerrar }: { onCerrar: () => void }) {
  const consulta = usePlantillasFlujo();
  const guardar = useGuardarPlantillaFlujo();
  const [form] = Form.useForm<ValoresFlujo>();
  const { message } = App.useApp();
  async function enviar(v: ValoresFlujo) {
    try {
      await guardar.mutateAsync(v as TPlantillaFlujoGuardar);
      message.success(`Flujo de ${TiposSolicitud[v.TipoSolicitud]} guardado`);
      form.resetFields();
    } catch (e) {
      mostrarError(e, form as never, message.error);
    }
  }
  return (
    <Modal open title="Flujos de aprobación" footer={null} onCancel={onCerrar} width={720} destroyOnHidden>
      <Table
        rowKey="Id"
        size="small"
        pagination={false}
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        locale={{ emptyText: <Empty description="Aún no hay flujos: sin flujo no se pueden registrar solicitudes de ese tipo" /> }}
        columns={[
          { title: 'Tipo', dataIndex: 'TipoSolicitud', render: (t: TTipoSolicitud) => TiposSolicitud[t] ?? t },
          { title: 'Flujo', dataIndex: 'Nombre' },
          { title: 'Pasos', key: 'p', render: (_, p) => p.Pasos.map((x) => `${x.Orden}. ${x.Nombre} (${x.Rol})`).join(' → ') },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Registrar o reemplazar el flujo de un tipo
      </Typography.Title>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ TipoSolicitud: 'VACACIONES', Pasos: [{ Nombre: '' }] }}>
        <Space>
          <Form.Item name="TipoSolicitud" label="Tipo">
            <Select options={TIPOS} style={{ width: 160 }} aria-label="Tipo del flujo" />
          </Form.Item>
          <Form.Item name="Nombre" label="Nombre del flujo" rules={[{ required: true, message: 'Ingrese el nombre del flujo' }]}>
            <Input style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <Form.List name="Pasos">
          {(campos, { add, remove }) => (
            <>
              {campos.map((c, i) => (
                <Space key={c.key} align="baseline">
                  <Form.Item name={[c.name, 'Nombre']} rules={[{ required: true, message: 'Ingrese el nombre del paso' }]}>
                    <Input placeholder={`Paso ${i + 1}`} aria-label={`Nombre del paso ${i + 1}`} style={{ width: 260 }} />
                  </Form.Item>
                  <Form.Item name={[c.name, 'IdRol']} rules={[{ required: true, message: 'Elija el rol que aprueba' }]}>
                    <Select
                      placeholder="Rol que aprueba"
                      aria-label={`Rol del paso ${i + 1}`}
                      style={{ width: 220 }}
                      loading={consulta.isFetching}
                      options={(consulta.data?.Roles ?? []).map((r) => ({ value: r.IdRol, label: r.Nombre }))}
                    />
                  </Form.Item>
                  {campos.length > 1 && <Button type="text" icon={<DeleteOutlined />} aria-label={`Quitar el paso ${i + 1}`} onClick={() => remove(c.name)} />}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ Nombre: '' })} disabled={campos.length >= 10} style={{ marginBottom: 12 }}>
                Agregar paso
              </Button>
            </>
          )}
        </Form.List>
        <div>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            Guardar flujo
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
