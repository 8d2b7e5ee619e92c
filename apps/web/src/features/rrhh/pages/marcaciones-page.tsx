import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OrigenesMarcacion, type TMarcacion } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCorregirMarcacion, useMarcacionManual, useMarcaciones } from '../api/asistencia';
import { TrabajadorSelect, hoyLima, sumarDias } from '../components/asistencia-comun';

const VERIFICACION: Record<number, string> = { 0: 'Contraseña', 1: 'Huella', 2: 'Tarjeta', 15: 'Rostro', 25: 'Palma' };

/** Punches by date range and worker: from devices and by hand; a manual punch or a correction keeps who and why. */
export function MarcacionesPage() {
  const [params, setParams] = useSearchParams();
  const hoy = hoyLima();
  const f = {
    desde: params.get('desde') ?? sumarDias(hoy, -6),
    hasta: params.get('hasta') ?? hoy,
    idTrabajador: Number(params.get('trabajador')) || null,
    estado: params.get('anuladas') === '1' ? -1 : 1,
    pagina: Math.max(1, Number(params.get('pagina') ?? 1) || 1),
  };
  const cambiar = (c: Record<string, string | null>) => {
    // From the address itself: two changes before a render (a date, then the worker) must not undo each other.
    const p = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(c)) if (v) p.set(k, v);
    else p.delete(k);
    if (!('pagina' in c)) p.delete('pagina');
    setParams(p, { replace: true });
  };
  const consulta = useMarcaciones(f);
  const [manual, setManual] = useState(false);
  const [corrigiendo, setCorrigiendo] = useState<TMarcacion | null>(null);

  return (
    <Card data-testid="pagina-marcaciones">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <TrabajadorSelect allowClear placeholder="Todos los trabajadores" value={f.idTrabajador} onChange={(v) => cambiar({ trabajador: v ? String(v) : null })} />
          <Input type="date" aria-label="Desde" value={f.desde} onChange={(e) => e.target.value && cambiar({ desde: e.target.value })} style={{ width: 160 }} />
          <Input type="date" aria-label="Hasta" value={f.hasta} onChange={(e) => e.target.value && cambiar({ hasta: e.target.value })} style={{ width: 160 }} />
          <Checkbox checked={f.estado === -1} onChange={(e) => cambiar({ anuladas: e.target.checked ? '1' : null })}>
            Incluir corregidas y anuladas
          </Checkbox>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setManual(true)}>
          Marcación manual
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TMarcacion>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description="No hay marcaciones en el rango" /> }}
        pagination={{ current: f.pagina, pageSize: 50, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => cambiar({ pagina: String(p) }) }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha' },
          { title: 'Hora', dataIndex: 'Hora' },
          { title: 'Trabajador', dataIndex: 'Trabajador' },
          { title: 'Origen', key: 'origen', render: (_, m) => `${OrigenesMarcacion[m.Origen as keyof typeof OrigenesMarcacion] ?? m.Origen}${m.Huellero ? `: ${m.Huellero}` : ''}` },
          { title: 'Verificación', dataIndex: 'Verificacion', render: (v: number | null) => (v === null ? '' : (VERIFICACION[v] ?? `Modo ${v}`)) },
          { title: 'Motivo', dataIndex: 'Motivo', render: (v: string | null, m) => (v ? `${v}${m.Usuario ? ` (${m.Usuario})` : ''}` : '') },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v === 1 ? <Tag color="green">Vigente</Tag> : <Tag>Corregida o anulada</Tag>) },
          {
            title: '',
            key: 'acc',
            width: 60,
            render: (_, m) => (m.LogEstado === 1 ? <Button type="text" aria-label={`Corregir ${m.Fecha} ${m.Hora}`} icon={<EditOutlined />} onClick={() => setCorrigiendo(m)} /> : null),
          },
        ]}
      />
      {manual && <MarcacionManual idTrabajador={f.idTrabajador} onCerrar={() => setManual(false)} />}
      {corrigiendo && <CorregirMarcacion marcacion={corrigiendo} onCerrar={() => setCorrigiendo(null)} />}
    </Card>
  );
}

type ValoresManual = { IdTrabajador: number; Fecha: string; Hora: string; Motivo: string };

function MarcacionManual({ idTrabajador, onCerrar }: { idTrabajador: number | null; onCerrar: () => void }) {
  const [form] = Form.useForm<ValoresManual>();
  const registrar = useMarcacionManual();
  const { message } = App.useApp();
  async function enviar(v: ValoresManual) {
    try {
      await registrar.mutateAsync(v);
      message.success('Marcación registrada');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Hora', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal open title="Marcación manual" okText="Registrar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={registrar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ IdTrabajador: idTrabajador ?? undefined, Fecha: hoyLima(), Hora: '' }}>
        <Form.Item name="IdTrabajador" label="Trabajador" rules={[{ required: true, message: 'Seleccione el trabajador' }]}>
          <TrabajadorSelect />
        </Form.Item>
        <Space>
          <Form.Item name="Fecha" label="Fecha" rules={[{ required: true, message: 'Ingrese la fecha' }]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="Hora" label="Hora" rules={[{ required: true, message: 'Ingrese la hora' }]}>
            <Input type="time" />
          </Form.Item>
        </Space>
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, message: 'Indique el motivo' }]}>
          <Input maxLength={200} placeholder="Ej.: el huellero no leyó la huella" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ValoresCorregir = { Accion: 'corregir' | 'anular'; Fecha: string; Hora: string; Motivo: string };

function CorregirMarcacion({ marcacion, onCerrar }: { marcacion: TMarcacion; onCerrar: () => void }) {
  const [form] = Form.useForm<ValoresCorregir>();
  const corregir = useCorregirMarcacion();
  const accion = Form.useWatch('Accion', form) ?? 'corregir';
  const { message } = App.useApp();
  async function enviar(v: ValoresCorregir) {
    try {
      await corregir.mutateAsync({ id: marcacion.Id, datos: v.Accion === 'anular' ? { Motivo: v.Motivo } : { Fecha: v.Fecha, Hora: v.Hora, Motivo: v.Motivo } });
      message.success(v.Accion === 'anular' ? 'Marcación anulada' : 'Marcación corregida');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Hora', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal open title={`Corregir la marcación de ${marcacion.Trabajador}`} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={corregir.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Accion: 'corregir', Fecha: marcacion.Fecha, Hora: marcacion.Hora, Motivo: '' }}>
        <Form.Item name="Accion">
          <Radio.Group options={[{ value: 'corregir', label: 'Cambiar fecha y hora' }, { value: 'anular', label: 'Anular' }]} />
        </Form.Item>
        {accion === 'corregir' && (
          <Space>
            <Form.Item name="Fecha" label="Fecha" rules={[{ required: true, message: 'Ingrese la fecha' }]}>
              <Input type="date" />
            </Form.Item>
            <Form.Item name="Hora" label="Hora" rules={[{ required: true, message: 'Ingrese la hora' }]}>
              <Input type="time" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, message: 'Indique el motivo' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
