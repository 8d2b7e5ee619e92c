import { Alert, Button, ColorPicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import type { TPlan, TPlanGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarPlan } from '../api/planes';

type TValores = Omit<TPlanGuardar, 'Caracteristicas' | 'Color'> & { Primarias: string; Secundarias: string; Color: string | null };

const lineas = (texto: string) => texto.split('\n').map((l) => l.trim()).filter(Boolean);

export const TIPOS_PLAN = [
  { value: 1, label: 'Mensual' },
  { value: 2, label: 'Anual' },
  { value: 3, label: 'Gratuito' },
  { value: 4, label: 'Corporativo' },
  { value: 5, label: 'De por vida' },
];

/** Plan or package: price, currency, group, type, features (primary and secondary), quantity, free flag, time, colour. */
export function PlanForm({ plan, onListo }: { plan: TPlan | null; onListo: () => void }) {
  const [form] = Form.useForm<TValores>();
  const guardar = useGuardarPlan();
  const [error, setError] = useState<string | null>(null);
  const inicial: Partial<TValores> = plan
    ? {
        Nombre: plan.Nombre,
        Descripcion: plan.Descripcion,
        Grupo: plan.Grupo,
        TipoPlan: plan.TipoPlan,
        Precio: plan.Precio,
        IdMoneda: plan.IdMoneda as 1 | 2,
        Primarias: plan.Caracteristicas.join('\n'),
        Secundarias: plan.CaracteristicasSecundarias.join('\n'),
        CantidadMaxima: plan.CantidadMaxima,
        Gratuito: plan.Gratuito,
        TiempoPago: plan.TiempoPago,
        DiasVigencia: plan.DiasVigencia,
        Color: plan.Color,
        LogEstado: plan.LogEstado as 0 | 1,
      }
    : { Precio: '10.00', IdMoneda: 1, CantidadMaxima: 500, TiempoPago: '1 año', DiasVigencia: 365, Gratuito: false, TipoPlan: 1, LogEstado: 1, Primarias: '', Secundarias: '' };

  const enviar = async (v: TValores) => {
    setError(null);
    const datos: TPlanGuardar = {
      Nombre: v.Nombre,
      Descripcion: v.Descripcion || null,
      Grupo: v.Grupo || null,
      TipoPlan: v.TipoPlan,
      Precio: String(v.Precio),
      IdMoneda: v.IdMoneda,
      Caracteristicas: [...lineas(v.Primarias).map((Descripcion) => ({ Descripcion, Tipo: 1 as const })), ...lineas(v.Secundarias).map((Descripcion) => ({ Descripcion, Tipo: 2 as const }))],
      CantidadMaxima: v.CantidadMaxima,
      Gratuito: v.Gratuito,
      TiempoPago: v.TiempoPago,
      DiasVigencia: v.DiasVigencia,
      Color: v.Color,
      LogEstado: v.LogEstado,
    };
    try {
      await guardar.mutateAsync({ id: plan?.Id, datos });
      onListo();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TValores, errors: [m] })));
      setError(mensajeDeError(e));
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={inicial} onFinish={enviar}>
      <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, message: 'Ingrese el nombre del plan' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="Descripcion" label="Descripción">
        <Input maxLength={500} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="Grupo" label="Grupo">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="TipoPlan" label="Tipo de plan" rules={[{ required: true }]}>
          <Select options={TIPOS_PLAN} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="Precio" label="Precio" rules={[{ required: true, message: 'Ingrese el precio' }]}>
          <InputNumber<string> min="0" step="0.10" precision={2} stringMode style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="IdMoneda" label="Moneda">
          <Select options={[{ value: 1, label: 'Soles (S/)' }, { value: 2, label: 'Dólares ($)' }]} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="Gratuito" label="Gratuito" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="Primarias" label="Características principales (una por línea)">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="Secundarias" label="Características secundarias (una por línea)">
        <Input.TextArea rows={2} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="CantidadMaxima" label="Cantidad de comprobantes" rules={[{ required: true }]}>
          <InputNumber min={0} max={10_000_000} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="TiempoPago" label="Tiempo de pago" rules={[{ required: true }]}>
          <Input maxLength={40} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="DiasVigencia" label="Días de vigencia" rules={[{ required: true }]}>
          <InputNumber min={1} max={36500} style={{ width: 120 }} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="Color" label="Color" getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
          <ColorPicker format="hex" disabledAlpha />
        </Form.Item>
        <Form.Item name="LogEstado" label="Activo" getValueFromEvent={(v: boolean) => (v ? 1 : 0)} getValueProps={(v: number) => ({ checked: v === 1 })}>
          <Switch />
        </Form.Item>
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={guardar.isPending}>
        Guardar
      </Button>
    </Form>
  );
}
