import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TNomina } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCrearNomina, useNominas } from '../api/rrhh';
import { MESES, periodo, soles } from '../formato';


/** Payroll runs of the company: one per month, draft then approved. */
export function NominasPage() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const consulta = useNominas(pagina);
  const [creando, setCreando] = useState(false);

  return (
    <Card data-testid="pagina-nominas">
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreando(true)}>
          Nueva planilla
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TNomina>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 800 }}
        locale={{ emptyText: <Empty description="Aún no hay planillas: cree la del mes" /> }}
        pagination={{ current: pagina, pageSize: 12, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setParams({ pagina: String(p) }, { replace: true }) }}
        columns={[
          { title: 'Periodo', key: 'periodo', render: (_, n) => <Link to={`/admin/rrhh/nominas/${n.Id}`}>{periodo(n)}</Link> },
          { title: 'Tipo', key: 'tipo', render: () => 'Planilla' },
          { title: 'Estado', key: 'estado', render: (_, n) => <Tag color={n.Estado === 1 ? 'green' : n.FechaCalculo ? 'blue' : 'default'}>{n.Estado === 0 && !n.FechaCalculo ? 'Borrador sin calcular' : n.EstadoDescripcion}</Tag> },
          { title: 'Trabajadores', dataIndex: 'NumeroTrabajadores', align: 'right' },
          { title: 'Ingresos', dataIndex: 'TotalIngresos', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: 'Descuentos', dataIndex: 'TotalDescuentos', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: 'Neto a pagar', dataIndex: 'TotalNeto', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: 'Aportes del empleador', dataIndex: 'TotalAportes', align: 'right', render: (v: string) => soles.format(Number(v)) },
        ]}
      />
      <NuevaNomina abierta={creando} onCerrar={() => setCreando(false)} />
    </Card>
  );
}

function NuevaNomina({ abierta, onCerrar }: { abierta: boolean; onCerrar: () => void }) {
  const [form] = Form.useForm<{ Anio: number; Mes: number }>();
  const crear = useCrearNomina();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const ahora = new Date();

  async function enviar(v: { Anio: number; Mes: number }) {
    try {
      const n = await crear.mutateAsync({ IdTipoNomina: 0, Anio: v.Anio, Mes: v.Mes });
      message.success(`Planilla de ${periodo(n)} creada`);
      onCerrar();
      navigate(`/admin/rrhh/nominas/${n.Id}`);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Mes', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open={abierta} title="Nueva planilla mensual" okText="Crear" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={crear.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Anio: ahora.getFullYear(), Mes: ahora.getMonth() + 1 }}>
        <Form.Item name="Mes" label="Mes" rules={[{ required: true, message: 'Seleccione el mes' }]}>
          <Select options={MESES.map((m, i) => ({ value: i + 1, label: m }))} />
        </Form.Item>
        <Form.Item name="Anio" label="Año" rules={[{ required: true, message: 'Ingrese el año' }]}>
          <InputNumber min={2025} max={2100} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
