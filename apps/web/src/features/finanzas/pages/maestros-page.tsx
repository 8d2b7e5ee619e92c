import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { TiposCuentaFinanciera, type TCentroCosto, type TCuentaFinanciera } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCentrosCosto, useCuentasContablesCaja, useCuentasContablesDestino, useCuentasFinancieras, useGuardarCentro, useGuardarCuenta, useGuardarTipoCambio, useTiposCambio } from '../api/finanzas';
import { fechaPe, NOMBRE_MONEDA } from '../formato';

/** Finance master data: exchange rates, financial accounts and cost centres. */
export function MaestrosPage() {
  return (
    <Card data-testid="pagina-maestros-finanzas">
      <Tabs
        items={[
          { key: 'cuentas', label: 'Cuentas financieras', children: <Cuentas /> },
          { key: 'tc', label: 'Tipos de cambio', children: <TiposCambio /> },
          { key: 'centros', label: 'Centros de costo', children: <Centros /> },
        ]}
      />
    </Card>
  );
}

/** Puts the API's field errors on the form, or shows the message. */
function usarErrores() {
  const { message } = App.useApp();
  return (e: unknown, form: { setFields: (f: { name: string; errors: string[] }[]) => void }) => {
    if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name, errors: [error] })));
    else message.error(mensajeDeError(e));
  };
}

function TiposCambio() {
  const [pagina, setPagina] = useState(1);
  const consulta = useTiposCambio(pagina);
  const guardar = useGuardarTipoCambio();
  const [form] = Form.useForm<{ Fecha: Dayjs; Compra: string; Venta: string }>();
  const { message } = App.useApp();
  const errores = usarErrores();
  async function enviar(v: { Fecha: Dayjs; Compra: string; Venta: string }) {
    try {
      await guardar.mutateAsync({ Fecha: v.Fecha.format('YYYY-MM-DD'), Compra: v.Compra, Venta: v.Venta });
      message.success('Tipo de cambio guardado');
      form.resetFields(['Compra', 'Venta']);
    } catch (e) {
      errores(e, form as never);
    }
  }
  return (
    <>
      <Form form={form} layout="inline" onFinish={enviar} initialValues={{ Fecha: dayjs() }} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="Fecha" label="Fecha" rules={[{ required: true, message: 'Indique la fecha' }]}>
          <DatePicker format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item name="Compra" label="Compra" rules={[{ required: true, message: 'Indique el tipo de cambio de compra' }]}>
          <Input inputMode="decimal" style={{ width: 110 }} placeholder="3.7200" />
        </Form.Item>
        <Form.Item name="Venta" label="Venta" rules={[{ required: true, message: 'Indique el tipo de cambio de venta' }]}>
          <Input inputMode="decimal" style={{ width: 110 }} placeholder="3.7350" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          Guardar tipo de cambio
        </Button>
      </Form>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />}
      <Table
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={{ current: pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: setPagina }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Moneda', dataIndex: 'IdMoneda', render: (v: number) => NOMBRE_MONEDA[v] },
          { title: 'Compra', dataIndex: 'Compra', align: 'right' },
          { title: 'Venta', dataIndex: 'Venta', align: 'right' },
        ]}
      />
    </>
  );
}

type TCuentaForm = { IdTipoCuenta: 1 | 2 | 3; Nombre: string; Banco?: string; NumeroCuenta?: string; CCI?: string; IdMoneda: 1 | 2; IdCuentaContable?: number | null; Activa: boolean };

function Cuentas() {
  const consulta = useCuentasFinancieras(-1);
  const [editando, setEditando] = useState<TCuentaFinanciera | 'nueva' | null>(null);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
          Nueva cuenta
        </Button>
      </Space>
      <Table<TCuentaFinanciera>
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={false}
        columns={[
          { title: 'Nombre', dataIndex: 'Nombre' },
          { title: 'Tipo', dataIndex: 'TipoCuenta' },
          { title: 'Moneda', dataIndex: 'IdMoneda', render: (v: number) => NOMBRE_MONEDA[v] },
          { title: 'Banco', dataIndex: 'Banco' },
          { title: 'N.° de cuenta', dataIndex: 'NumeroCuenta' },
          { title: 'CCI', dataIndex: 'CCI' },
          { title: 'Cuenta contable', dataIndex: 'CuentaContable', render: (v: string | null) => v ?? <Tag>Según configuración contable</Tag> },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v === 1 ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>) },
          { title: '', key: 'a', render: (_, c) => <Button type="link" aria-label={`Editar ${c.Nombre}`} onClick={() => setEditando(c)}>Editar</Button> },
        ]}
      />
      {editando && <CuentaModal cuenta={editando === 'nueva' ? null : editando} onCerrar={() => setEditando(null)} />}
    </>
  );
}

function CuentaModal({ cuenta, onCerrar }: { cuenta: TCuentaFinanciera | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TCuentaForm>();
  const guardar = useGuardarCuenta();
  const { message } = App.useApp();
  const errores = usarErrores();
  const tipo = Form.useWatch('IdTipoCuenta', form);
  // Leaf accounts of class 10 (caja y bancos) of the company's chart: the automatic entries of this account post there.
  const plan = useCuentasContablesCaja();
  const contables = (plan.data ?? []).map((c) => ({ value: c.Id, label: `${c.Codigo} ${c.Descripcion}` }));
  if (cuenta?.IdCuentaContable && !contables.some((o) => o.value === cuenta.IdCuentaContable)) contables.unshift({ value: cuenta.IdCuentaContable, label: cuenta.CuentaContable ?? String(cuenta.IdCuentaContable) });
  async function enviar(v: TCuentaForm) {
    try {
      const { Activa, ...resto } = v;
      await guardar.mutateAsync({ id: cuenta?.Id, datos: { ...resto, IdCuentaContable: resto.IdCuentaContable ?? null, LogEstado: Activa ? 1 : 0 } });
      message.success('Cuenta guardada');
      onCerrar();
    } catch (e) {
      errores(e, form as never);
    }
  }
  const inicial: Partial<TCuentaForm> = cuenta
    ? { IdTipoCuenta: cuenta.IdTipoCuenta as 1, Nombre: cuenta.Nombre, Banco: cuenta.Banco ?? undefined, NumeroCuenta: cuenta.NumeroCuenta ?? undefined, CCI: cuenta.CCI ?? undefined, IdMoneda: cuenta.IdMoneda as 1, IdCuentaContable: cuenta.IdCuentaContable, Activa: cuenta.LogEstado === 1 }
    : { IdTipoCuenta: 2, IdMoneda: 1, Activa: true };
  return (
    <Modal open title={cuenta ? 'Editar cuenta financiera' : 'Nueva cuenta financiera'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={inicial}>
        <Form.Item name="IdTipoCuenta" label="Tipo de cuenta" rules={[{ required: true, message: 'Seleccione el tipo' }]}>
          <Select options={Object.entries(TiposCuentaFinanciera).map(([v, l]) => ({ value: Number(v), label: l }))} />
        </Form.Item>
        <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, message: 'Ingrese el nombre de la cuenta' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="IdMoneda" label="Moneda" rules={[{ required: true, message: 'Seleccione la moneda' }]}>
          <Select options={[{ value: 1, label: 'Soles' }, { value: 2, label: 'Dólares' }]} />
        </Form.Item>
        {tipo === 3 && (
          <>
            <Form.Item name="Banco" label="Banco" rules={[{ required: true, message: 'Indique el banco de la cuenta' }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="NumeroCuenta" label="Número de cuenta" rules={[{ required: true, message: 'Indique el número de cuenta' }]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="CCI" label="CCI (20 dígitos)">
              <Input maxLength={20} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="IdCuentaContable"
          label="Cuenta contable"
          extra="Cuenta de la clase 10, de último nivel, donde se registran los asientos automáticos de esta cuenta. Vacía: la de la configuración contable (Caja o Banco)."
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Según configuración contable"
            loading={plan.isFetching}
            options={contables}
            notFoundContent={plan.isError ? 'No tiene permiso para ver el plan de cuentas' : 'Sin cuentas de la clase 10 de último nivel'}
          />
        </Form.Item>
        <Form.Item name="Activa" label="Activa" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Centros() {
  const consulta = useCentrosCosto();
  const [editando, setEditando] = useState<TCentroCosto | 'nuevo' | null>(null);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
          Nuevo centro de costo
        </Button>
      </Space>
      <Table<TCentroCosto>
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={false}
        columns={[
          { title: 'Código', dataIndex: 'Codigo' },
          { title: 'Nombre', dataIndex: 'Nombre' },
          { title: 'Cuenta de destino', dataIndex: 'CuentaDestino', render: (v: string | null) => v ?? '—' },
          { title: 'Estado', dataIndex: 'LogEstado', render: (v: number) => (v === 1 ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
          { title: '', key: 'a', render: (_, c) => <Button type="link" aria-label={`Editar ${c.Codigo}`} onClick={() => setEditando(c)}>Editar</Button> },
        ]}
      />
      {editando && <CentroModal centro={editando === 'nuevo' ? null : editando} onCerrar={() => setEditando(null)} />}
    </>
  );
}

type TCentroForm = { Codigo: string; Nombre: string; IdCuentaDestino?: number | null; Activo: boolean };

function CentroModal({ centro, onCerrar }: { centro: TCentroCosto | null; onCerrar: () => void }): ReactNode {
  const [form] = Form.useForm<TCentroForm>();
  const guardar = useGuardarCentro();
  const { message } = App.useApp();
  const errores = usarErrores();
  // Leaf accounts of element 9 of the company's chart: where the automatic entries carry this centre's expenses.
  const plan = useCuentasContablesDestino();
  const destinos = (plan.data ?? []).map((c) => ({ value: c.Id, label: `${c.Codigo} ${c.Descripcion}` }));
  if (centro?.IdCuentaDestino && !destinos.some((o) => o.value === centro.IdCuentaDestino)) destinos.unshift({ value: centro.IdCuentaDestino, label: centro.CuentaDestino ?? String(centro.IdCuentaDestino) });
  async function enviar(v: TCentroForm) {
    try {
      await guardar.mutateAsync({ id: centro?.Id, datos: { Codigo: v.Codigo, Nombre: v.Nombre, IdCuentaDestino: v.IdCuentaDestino ?? null, LogEstado: v.Activo ? 1 : 0 } });
      message.success('Centro de costo guardado');
      onCerrar();
    } catch (e) {
      errores(e, form as never);
    }
  }
  return (
    <Modal open title={centro ? 'Editar centro de costo' : 'Nuevo centro de costo'} okText="Guardar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={guardar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={enviar}
        initialValues={centro ? { Codigo: centro.Codigo, Nombre: centro.Nombre, IdCuentaDestino: centro.IdCuentaDestino, Activo: centro.LogEstado === 1 } : { Activo: true }}
      >
        <Form.Item name="Codigo" label="Código" rules={[{ required: true, message: 'Ingrese el código' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del centro de costo' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="IdCuentaDestino"
          label="Cuenta de destino"
          extra="Cuenta del elemento 9 (p. ej. 94 Gastos administrativos, 95 Gastos de ventas) a la que los asientos automáticos destinan los gastos de la clase 6 de este centro, contra la 791. Vacía: sin destino propio."
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Sin destino"
            loading={plan.isFetching}
            options={destinos}
            notFoundContent={plan.isError ? 'No tiene permiso para ver el plan de cuentas' : 'Sin cuentas del elemento 9 de último nivel'}
          />
        </Form.Item>
        <Form.Item name="Activo" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
