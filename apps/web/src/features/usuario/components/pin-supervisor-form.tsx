import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarPin, useMiPin } from '../api/pin-supervisor';

/**
 * The supervisor's personal PIN (4 to 8 digits) typed at a till to authorize a discount or a discard the cashier may
 * not do alone. Only users who hold those permissions see it; changing it asks the current password.
 */
export function PinSupervisorForm() {
  const { message } = App.useApp();
  const mio = useMiPin();
  const guardar = useGuardarPin();
  const [form] = Form.useForm<{ ContrasenhaActual: string; Pin: string; Confirmacion: string }>();
  const [error, setError] = useState<string | null>(null);
  if (!mio.data || (!mio.data.Descuento && !mio.data.Descarte)) return null;

  const enviar = async (d: { ContrasenhaActual: string; Pin: string; Confirmacion: string }) => {
    setError(null);
    try {
      await guardar.mutateAsync({ ContrasenhaActual: d.ContrasenhaActual, Pin: d.Pin });
      message.success('PIN de supervisor guardado');
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length)
        form.setFields(Object.entries(e.errores).filter(([c]) => c === 'ContrasenhaActual' || c === 'Pin').map(([name, m]) => ({ name: name as 'Pin', errors: [m] })));
      else setError(mensajeDeError(e));
    }
  };

  return (
    <Card title="PIN de supervisor" style={{ marginTop: 16 }} data-testid="pin-supervisor">
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(d) => void enviar(d)} aria-label="PIN de supervisor">
      <Typography.Paragraph type="secondary">
        Con su PIN autoriza en la caja {[mio.data.Descuento && 'descuentos y cambios de precio', mio.data.Descarte && 'descartes de ventas sin conexión'].filter(Boolean).join(' y ')} que el cajero no
        puede hacer solo. {mio.data.PinConfigurado ? 'Ya tiene un PIN configurado: puede cambiarlo.' : 'Aún no tiene PIN.'}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="ContrasenhaActual" label="Contraseña actual" rules={[{ required: true, message: 'Ingrese su contraseña actual' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="Pin" label={mio.data.PinConfigurado ? 'Nuevo PIN' : 'PIN'} rules={[{ required: true, pattern: /^\d{4,8}$/, message: 'El PIN tiene de 4 a 8 dígitos' }]}>
        <Input.Password inputMode="numeric" maxLength={8} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="Confirmacion"
        label="Repita el PIN"
        dependencies={['Pin']}
        rules={[{ required: true, message: 'Repita el PIN' }, ({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('Pin') ? Promise.resolve() : Promise.reject(new Error('Los PIN no coinciden'))) })]}
      >
        <Input.Password inputMode="numeric" maxLength={8} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={guardar.isPending}>
        Guardar PIN
      </Button>
    </Form>
    </Card>
  );
}
