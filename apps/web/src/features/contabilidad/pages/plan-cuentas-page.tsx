import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NaturalezasCuenta, type TCuentaContable, type TCuentaGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCuentas, useEliminarCuenta, useGuardarCuenta } from '../api/libros';

/** The company's chart of accounts: PCGE 2019 (read-only) and its own sub-accounts. */
export function PlanCuentasPage() {
  const [params, setParams] = useSearchParams();
  const filtro = params.get('filtro') ?? '';
  const consulta = useCuentas({ filtro });
  const [editando, setEditando] = useState<TCuentaContable | 'nueva' | null>(null);
  const eliminar = useEliminarCuenta();
  const { message } = App.useApp();

  return (
    <Card data-testid="pagina-plan-cuentas">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder="Buscar por código o nombre"
          defaultValue={filtro}
          onSearch={(v) => setParams(v ? { filtro: v } : {}, { replace: true })}
          style={{ width: 320 }}
          aria-label="Buscar cuenta"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
          Nueva subcuenta
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TCuentaContable>
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 700 }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo', width: 120, render: (v: string, c) => <span style={{ paddingLeft: (c.Nivel - 2) * 10, fontWeight: c.Nivel === 2 ? 600 : undefined }}>{v}</span> },
          { title: 'Denominación', dataIndex: 'Descripcion' },
          { title: 'Naturaleza', dataIndex: 'Naturaleza', width: 110, render: (v: 'D' | 'A') => NaturalezasCuenta[v] },
          { title: 'Movimiento', key: 'mov', width: 130, render: (_, c) => (c.AceptaMovimiento ? <Tag color="green">Acepta asientos</Tag> : <Tag>Agrupa</Tag>) },
          { title: 'Origen', key: 'origen', width: 100, render: (_, c) => (c.Pcge ? <Tag color="blue">PCGE</Tag> : <Tag color="purple">Empresa</Tag>) },
          {
            title: '',
            key: 'acciones',
            width: 90,
            render: (_, c) =>
              c.Pcge ? null : (
                <Space>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${c.Codigo}`} onClick={() => setEditando(c)} />
                  <Popconfirm
                    title={`¿Eliminar la cuenta ${c.Codigo}?`}
                    okText="Eliminar"
                    cancelText="Cancelar"
                    onConfirm={() =>
                      eliminar.mutateAsync(c.Id).then(
                        (r) => message.success(r.Mensaje),
                        (e: unknown) => message.error(mensajeDeError(e)),
                      )
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${c.Codigo}`} />
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {editando && <FormCuenta cuenta={editando === 'nueva' ? null : editando} onCerrar={() => setEditando(null)} />}
    </Card>
  );
}

function FormCuenta({ cuenta, onCerrar }: { cuenta: TCuentaContable | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TCuentaGuardar>();
  const guardar = useGuardarCuenta();
  const { message } = App.useApp();
  const enviar = async (v: TCuentaGuardar) => {
    try {
      await guardar.mutateAsync({ datos: v, id: cuenta?.Id });
      message.success(cuenta ? 'Cuenta actualizada' : 'Subcuenta creada');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && e.cuerpo?.Errores) form.setFields(Object.entries(e.cuerpo.Errores).map(([name, m]) => ({ name: name as keyof TCuentaGuardar, errors: [m] })));
      else message.error(mensajeDeError(e));
    }
  };
  return (
    <Modal open title={cuenta ? `Editar cuenta ${cuenta.Codigo}` : 'Nueva subcuenta'} okText="Guardar" cancelText="Cancelar" onCancel={onCerrar} onOk={() => form.submit()} confirmLoading={guardar.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={cuenta ? { Codigo: cuenta.Codigo, Descripcion: cuenta.Descripcion, Naturaleza: cuenta.Naturaleza } : {}}>
        <Form.Item name="Codigo" label="Código" extra="Empieza con el código de la cuenta superior (p. ej. 104101 bajo 1041)" rules={[{ required: true, message: 'Ingrese el código' }]}>
          <Input disabled={!!cuenta} inputMode="numeric" maxLength={12} />
        </Form.Item>
        <Form.Item name="Descripcion" label="Denominación" rules={[{ required: true, message: 'Ingrese la descripción' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="Naturaleza" label="Naturaleza" extra="Si no la elige, toma la de la cuenta superior">
          <Select allowClear options={Object.entries(NaturalezasCuenta).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
