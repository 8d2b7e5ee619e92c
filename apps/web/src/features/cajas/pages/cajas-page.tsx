import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { TiposCaja, type TCaja, type TCajaGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { CentroCostoSelect } from '../../../components/centro-costo-select';
import { useCajas, useGuardarCaja, useSucursalesEmpresa } from '../api/cajas';

/** The company's cash boxes and sales points per branch (Supervisor). */
export function CajasPage() {
  const consulta = useCajas();
  const [editando, setEditando] = useState<TCaja | 'nueva' | null>(null);
  return (
    <Card data-testid="pagina-cajas">
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
          Nueva caja
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TCaja>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 700 }}
        pagination={false}
        locale={{ emptyText: <Empty description="Aún no hay cajas: cree la primera para vender en el punto de venta" /> }}
        columns={[
          { title: 'Caja', dataIndex: 'Descripcion' },
          { title: 'Sucursal', dataIndex: 'Sucursal' },
          { title: 'Tipo', dataIndex: 'Tipo', render: (t: number) => TiposCaja[t] },
          { title: 'Tolerancia', dataIndex: 'Tolerancia', align: 'right', render: (v: string) => `S/ ${v}` },
          { title: 'Centro de costo', dataIndex: 'CentroCosto', render: (v: string | null) => v ?? '' },
          { title: 'Sesión', key: 's', render: (_, c) => (c.IdSesionAbierta ? <Tag color="green">Abierta por {c.UsuarioSesion}</Tag> : <Tag>Cerrada</Tag>) },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v ? 'Activa' : 'Inactiva') },
          { title: '', key: 'a', render: (_, c) => <Button type="text" aria-label={`Editar ${c.Descripcion}`} icon={<EditOutlined />} onClick={() => setEditando(c)} /> },
        ]}
      />
      {editando && <EditarCaja caja={editando === 'nueva' ? null : editando} onCerrar={() => setEditando(null)} />}
    </Card>
  );
}

function EditarCaja({ caja, onCerrar }: { caja: TCaja | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TCajaGuardar>();
  const guardar = useGuardarCaja();
  const { message } = App.useApp();
  const sucursales = useSucursalesEmpresa().data?.Data ?? [];
  async function enviar(v: TCajaGuardar) {
    try {
      await guardar.mutateAsync({ datos: { ...v, Tolerancia: String(v.Tolerancia ?? '0') }, id: caja?.Id });
      message.success('Caja guardada');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Descripcion', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal open title={caja ? 'Editar caja' : 'Nueva caja'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar}>
      <Form
        form={form}
        layout="vertical"
        onFinish={enviar}
        initialValues={caja ? { IdSucursal: caja.IdSucursal, Descripcion: caja.Descripcion, Tipo: caja.Tipo, Tolerancia: caja.Tolerancia, AnchoTicket: caja.AnchoTicket as 80 | 58, BaudiosImpresora: caja.BaudiosImpresora as 9600, IdCentroCosto: caja.IdCentroCosto, LogEstado: caja.LogEstado } : { Tipo: 1, Tolerancia: '1.00', AnchoTicket: 80, BaudiosImpresora: 9600, LogEstado: 1 }}
      >
        <Form.Item name="IdSucursal" label="Sucursal" rules={[{ required: true, message: 'Seleccione la sucursal' }]}>
          <Select aria-label="Sucursal" options={sucursales.map((s) => ({ value: s.Id, label: s.Descripcion ?? s.RazonSocial }))} />
        </Form.Item>
        <Form.Item name="Descripcion" label="Descripción" rules={[{ required: true, message: 'Ingrese la descripción de la caja' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="Tipo" label="Tipo">
          <Radio.Group options={Object.entries(TiposCaja).map(([k, v]) => ({ value: Number(k), label: v }))} />
        </Form.Item>
        <Form.Item name="Tolerancia" label="Tolerancia de diferencia en el cierre (S/)" extra="Una diferencia mayor deja la sesión Observada">
          <InputNumber<string> min="0" precision={2} stringMode style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="AnchoTicket" label="Impresora de tickets">
          <Radio.Group options={[{ value: 80, label: 'Rollo de 80 mm' }, { value: 58, label: 'Rollo de 58 mm' }]} />
        </Form.Item>
        <Form.Item
          name="BaudiosImpresora"
          label="Velocidad de la impresora térmica (puerto serie)"
          extra="Solo para impresoras por puerto serie o Bluetooth. Las impresoras vienen en 9600 baudios; cámbiela si configuró otra en la impresora."
        >
          <Select options={[9600, 19200, 38400, 57600, 115200].map((v) => ({ value: v, label: `${v.toLocaleString('es-PE')} baudios` }))} />
        </Form.Item>
        <Form.Item name="IdCentroCosto" label="Centro de costo" extra="Los ingresos y egresos de efectivo de la caja se registran en este centro de costo en sus asientos.">
          <CentroCostoSelect actual={caja?.IdCentroCosto} />
        </Form.Item>
        <Form.Item name="LogEstado" label="Estado">
          <Radio.Group options={[{ value: 1, label: 'Activa' }, { value: 0, label: 'Inactiva' }]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
