import { App, Avatar, Button, ColorPicker, Form, Input, Radio, Space } from 'antd';
import { useEffect } from 'react';
import type { TSucursal, TSucursalGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarSucursal } from '../api/guardar-sucursal';
import { UbigeoSelect } from '../../../components/ubigeo-select';
import { CentroCostoSelect } from '../../../components/centro-costo-select';

type Valores = Omit<TSucursalGuardar, 'colorbackground'> & { colorbackground: string };

type Props = { sucursal: TSucursal | null; onGuardado: () => void; onCancelar: () => void };

export function SucursalForm({ sucursal, onGuardado, onCancelar }: Props) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const guardar = useGuardarSucursal();
  const nombre = Form.useWatch('RazonSocial', form) ?? '';
  const color = Form.useWatch('colorbackground', form) ?? '#1677ff';

  useEffect(() => {
    form.setFieldsValue(sucursal ? { ...sucursal, LogEstado: sucursal.LogEstado as 0 | 1 } : { RazonSocial: '', CodigoAnexo: '0000', IdCentroCosto: null, colorbackground: '#1677ff', LogEstado: 1 });
  }, [sucursal, form]);

  async function enviar(v: Valores) {
    try {
      await guardar.mutateAsync({ datos: v, id: sucursal?.Id });
      message.success(sucursal ? 'Sucursal actualizada' : 'Sucursal registrada');
      onGuardado();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length)
        form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as keyof Valores, errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={enviar} requiredMark="optional" data-testid="form-sucursal">
      <Space align="center" style={{ marginBottom: 16 }}>
        <Avatar size={48} style={{ background: color }}>
          {(nombre.trim()[0] ?? 'S').toUpperCase()}
        </Avatar>
        <Form.Item name="colorbackground" noStyle getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
          <ColorPicker disabledAlpha format="hex" />
        </Form.Item>
      </Space>
      <Form.Item name="RazonSocial" label="Nombre de la sucursal" rules={[{ required: true, whitespace: true, message: 'Ingrese el nombre de la sucursal' }]}>
        <Input maxLength={250} />
      </Form.Item>
      <Form.Item
        name="CodigoAnexo"
        label="Código de establecimiento anexo (SUNAT)"
        tooltip="El código de 4 dígitos del establecimiento en la ficha RUC: 0000 es el domicilio fiscal. Va en las guías y en el registro de inventario (PLE 12.1 y 13.1)"
        rules={[
          { required: true, message: 'Ingrese el código de establecimiento anexo' },
          { pattern: /^\d{4}$/, message: 'El código de establecimiento anexo tiene 4 dígitos (0000 para el domicilio fiscal)' },
        ]}
      >
        <Input maxLength={4} inputMode="numeric" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name="IdCentroCosto"
        label="Centro de costo"
        tooltip="Las ventas de la sucursal (cuenta 70) llevan este centro de costo en sus asientos automáticos, salvo que el documento indique otro"
      >
        <CentroCostoSelect actual={sucursal?.IdCentroCosto ?? null} />
      </Form.Item>
      <Form.Item name="Descripcion" label="Descripción">
        <Input maxLength={250} />
      </Form.Item>
      <Form.Item name="Direccion" label="Dirección">
        <Input maxLength={250} />
      </Form.Item>
      <Form.Item name="IdUbigeo" label="Distrito (ubigeo)">
        <UbigeoSelect />
      </Form.Item>
      <Form.Item name="Correo" label="Correo electrónico" rules={[{ type: 'email', message: 'Correo electrónico no válido' }]}>
        <Input maxLength={150} />
      </Form.Item>
      <Form.Item name="Telefono" label="Teléfono">
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="LogEstado" label="Estado">
        <Radio.Group
          options={[
            { value: 1, label: 'Activa' },
            { value: 0, label: 'Inactiva' },
          ]}
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancelar}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {sucursal ? 'Guardar cambios' : 'Registrar'}
        </Button>
      </Space>
    </Form>
  );
}
