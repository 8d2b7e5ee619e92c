import { DeleteOutlined, EditOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DiasSemana, cruzaMedianoche, type TFeriado, type TFeriadoGuardar, type THorario, type THorarioGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAsignaciones, useAsignarHorario, useEliminarFeriado, useFeriados, useGuardarFeriado, useGuardarHorario, useHorarios } from '../api/asistencia';
import { TrabajadorSelect, hoyLima } from '../components/asistencia-comun';

const DIAS = [1, 2, 3, 4, 5, 6, 7] as const;
type FilaDia = { Activo: boolean; HoraEntrada: string; HoraSalida: string; RefrigerioMinutos: number };
type Valores = { Nombre: string; ToleranciaMinutos: number; Dias: FilaDia[] };

const resumenDias = (h: THorario) =>
  h.Dias.map(
    (d) =>
      `${DiasSemana[d.Dia as keyof typeof DiasSemana].slice(0, 3)} ${d.HoraEntrada}-${d.HoraSalida}${cruzaMedianoche(d.HoraEntrada, d.HoraSalida) ? ' (día siguiente)' : ''}${d.RefrigerioMinutos ? ` (refr. ${d.RefrigerioMinutos} min)` : ''}`,
  ).join(' · ');

/** Work schedules (days, entry and exit, break, tolerance) and their assignment to workers from a date. */
export function HorariosPage() {
  const consulta = useHorarios();
  const [editando, setEditando] = useState<THorario | 'nuevo' | null>(null);
  const [asignando, setAsignando] = useState(false);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card data-testid="pagina-horarios">
        <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
          <Button icon={<UserAddOutlined />} onClick={() => setAsignando(true)} disabled={!consulta.data?.Data.length}>
            Asignar a un trabajador
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo horario
          </Button>
        </Space>
        {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
        <Table<THorario>
          rowKey="Id"
          size="middle"
          loading={consulta.isFetching}
          dataSource={consulta.data?.Data ?? []}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: <Empty description="Aún no hay horarios: registre el primero" /> }}
          columns={[
            { title: 'Horario', dataIndex: 'Nombre' },
            { title: 'Tolerancia', dataIndex: 'ToleranciaMinutos', render: (v: number) => `${v} min` },
            { title: 'Días', key: 'dias', render: (_, h) => resumenDias(h) },
            { title: '', key: 'acc', width: 60, render: (_, h) => <Button type="text" aria-label={`Editar ${h.Nombre}`} icon={<EditOutlined />} onClick={() => setEditando(h)} /> },
          ]}
        />
        {editando && <FormHorario horario={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
        {asignando && <AsignarHorario horarios={consulta.data?.Data ?? []} onCerrar={() => setAsignando(false)} />}
      </Card>
      <Feriados />
    </Space>
  );
}

/**
 * The year's national holidays (the law's, read only) and the company's own non-working days: a scheduled day that is
 * one of them is not a falta, and work on it is paid apart.
 */
function Feriados() {
  const [anio, setAnio] = useState(() => Number(hoyLima().slice(0, 4)));
  const consulta = useFeriados(anio);
  const guardar = useGuardarFeriado();
  const eliminar = useEliminarFeriado();
  const [form] = Form.useForm<TFeriadoGuardar>();
  const { message } = App.useApp();

  async function enviar(v: TFeriadoGuardar) {
    try {
      const f = await guardar.mutateAsync(v);
      message.success(`Día no laborable registrado: ${f.Fecha}`);
      form.resetFields();
      if (Number(f.Fecha.slice(0, 4)) !== anio) setAnio(Number(f.Fecha.slice(0, 4)));
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Fecha', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Card title="Feriados y días no laborables" data-testid="feriados">
      <Space wrap align="start" style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <InputNumber aria-label="Año" min={2000} max={2100} value={anio} onChange={(v) => v && setAnio(v)} />
        <Form form={form} layout="inline" onFinish={enviar}>
          <Form.Item name="Fecha" rules={[{ required: true, message: 'Ingrese la fecha' }]}>
            <Input type="date" aria-label="Fecha del día no laborable" />
          </Form.Item>
          <Form.Item name="Descripcion" rules={[{ required: true, message: 'Indique el motivo' }]}>
            <Input aria-label="Motivo del día no laborable" placeholder="Motivo (p. ej. aniversario de la empresa)" maxLength={100} style={{ width: 280 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<PlusOutlined />} loading={guardar.isPending}>
            Agregar día no laborable
          </Button>
        </Form>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TFeriado>
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="No hay feriados registrados para ese año" /> }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', width: 130, render: (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}` },
          { title: 'Motivo', dataIndex: 'Descripcion' },
          { title: 'Tipo', dataIndex: 'Nacional', width: 170, render: (v: boolean) => (v ? <Tag color="purple">Feriado nacional</Tag> : <Tag color="blue">De la empresa</Tag>) },
          {
            title: '',
            key: 'acc',
            width: 60,
            render: (_, f) =>
              !f.Nacional && (
                <Popconfirm
                  title="¿Eliminar este día no laborable?"
                  okText="Eliminar"
                  cancelText="Cancelar"
                  onConfirm={async () => {
                    try {
                      await eliminar.mutateAsync(f.Id);
                      message.success('Día no laborable eliminado');
                    } catch (e) {
                      message.error(mensajeDeError(e));
                    }
                  }}
                >
                  <Button type="text" danger aria-label={`Eliminar ${f.Descripcion}`} icon={<DeleteOutlined />} />
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}

function FormHorario({ horario, onCerrar }: { horario: THorario | null; onCerrar: () => void }) {
  const [form] = Form.useForm<Valores>();
  const guardar = useGuardarHorario();
  const { message } = App.useApp();
  const inicial: Valores = {
    Nombre: horario?.Nombre ?? '',
    ToleranciaMinutos: horario?.ToleranciaMinutos ?? 10,
    Dias: DIAS.map((dia) => {
      const d = horario?.Dias.find((x) => x.Dia === dia);
      if (d) return { Activo: true, HoraEntrada: d.HoraEntrada, HoraSalida: d.HoraSalida, RefrigerioMinutos: d.RefrigerioMinutos };
      return horario ? { Activo: false, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 } : { Activo: dia <= 5, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 };
    }),
  };

  async function enviar(v: Valores) {
    const activos = v.Dias.map((d, i) => ({ ...d, Dia: i + 1 })).filter((d) => d.Activo);
    const datos: THorarioGuardar = { Nombre: v.Nombre, ToleranciaMinutos: v.ToleranciaMinutos, Dias: activos.map(({ Dia, HoraEntrada, HoraSalida, RefrigerioMinutos }) => ({ Dia, HoraEntrada, HoraSalida, RefrigerioMinutos })) };
    try {
      await guardar.mutateAsync({ datos, id: horario?.Id });
      message.success(horario ? 'Horario actualizado' : 'Horario registrado');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        // Errors of day i of the request point to the row of that weekday.
        form.setFields(
          Object.entries(e.errores).map(([campo, error]) => {
            const m = /^Dias\.(\d+)\.(\w+)$/.exec(campo);
            return { name: m ? ['Dias', activos[Number(m[1])].Dia - 1, m[2]] : campo, errors: [error] } as never;
          }),
        );
      } else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open width={720} title={horario ? 'Editar horario' : 'Nuevo horario'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={inicial}>
        <Space wrap>
          <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del horario' }]}>
            <Input maxLength={100} style={{ width: 300 }} />
          </Form.Item>
          <Form.Item name="ToleranciaMinutos" label="Tolerancia (minutos)">
            <InputNumber min={0} max={120} />
          </Form.Item>
        </Space>
        <Typography.Text type="secondary">
          Marque los días laborables. Horas en formato de 24 horas (08:00, 17:30). Una salida anterior a la entrada es un turno de noche que termina al día
          siguiente (22:00 a 06:00).
        </Typography.Text>
        {DIAS.map((dia, i) => (
          <Space key={dia} align="start" wrap style={{ display: 'flex', marginTop: 8 }} data-testid={`dia-${dia}`}>
            <Form.Item name={['Dias', i, 'Activo']} valuePropName="checked" style={{ width: 110, marginBottom: 0 }}>
              <Checkbox>{DiasSemana[dia]}</Checkbox>
            </Form.Item>
            <Form.Item name={['Dias', i, 'HoraEntrada']} style={{ marginBottom: 0 }}>
              <Input aria-label={`Entrada del ${DiasSemana[dia]}`} placeholder="08:00" style={{ width: 90 }} maxLength={5} />
            </Form.Item>
            <Form.Item name={['Dias', i, 'HoraSalida']} style={{ marginBottom: 0 }}>
              <Input aria-label={`Salida del ${DiasSemana[dia]}`} placeholder="17:00" style={{ width: 90 }} maxLength={5} />
            </Form.Item>
            <Form.Item name={['Dias', i, 'RefrigerioMinutos']} style={{ marginBottom: 0 }}>
              <InputNumber aria-label={`Refrigerio del ${DiasSemana[dia]}`} min={0} max={180} suffix="min" style={{ width: 110 }} />
            </Form.Item>
          </Space>
        ))}
      </Form>
    </Modal>
  );
}

function AsignarHorario({ horarios, onCerrar }: { horarios: THorario[]; onCerrar: () => void }) {
  const [form] = Form.useForm<{ IdTrabajador: number; IdHorario: number; FechaDesde: string }>();
  const asignar = useAsignarHorario();
  const idTrabajador = Form.useWatch('IdTrabajador', form) ?? null;
  const actuales = useAsignaciones(idTrabajador);
  const { message } = App.useApp();

  async function enviar(v: { IdTrabajador: number; IdHorario: number; FechaDesde: string }) {
    try {
      const a = await asignar.mutateAsync(v);
      message.success(`Horario "${a.Horario}" asignado desde el ${a.FechaDesde}`);
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'IdHorario', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open title="Asignar horario a un trabajador" okText="Asignar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={asignar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ FechaDesde: hoyLima() }}>
        <Form.Item name="IdTrabajador" label="Trabajador" rules={[{ required: true, message: 'Seleccione el trabajador' }]}>
          <TrabajadorSelect />
        </Form.Item>
        {!!actuales.data?.Data.length && (
          <Typography.Paragraph type="secondary">Horarios asignados: {actuales.data.Data.map((a) => `${a.Horario} desde el ${a.FechaDesde}`).join('; ')}</Typography.Paragraph>
        )}
        <Form.Item name="IdHorario" label="Horario" rules={[{ required: true, message: 'Seleccione el horario' }]}>
          <Select options={horarios.map((h) => ({ value: h.Id, label: h.Nombre }))} />
        </Form.Item>
        <Form.Item name="FechaDesde" label="Desde" rules={[{ required: true, message: 'Ingrese la fecha de inicio' }]}>
          <Input type="date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
