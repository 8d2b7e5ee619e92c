import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RutasWizard, rutaInicializacion, type TPersonaContacto } from '@yupana/contracts';
import { useInfoUniversal } from '../../../components/banners/api-banners';
import { useConfigPublica } from '../../../lib/api/get-config-publica';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { usePersonaContacto } from '../api/pasos';

/** Step 2: who the provider talks to about this account. */
export function PersonaContactoPage() {
  const [form] = Form.useForm<TPersonaContacto>();
  const guardar = usePersonaContacto();
  const navegar = useNavigate();
  const info = useInfoUniversal();
  const config = useConfigPublica();
  const [error, setError] = useState<string | null>(null);
  const enviar = async (v: TPersonaContacto) => {
    setError(null);
    try {
      // The steps decide what follows: the SUNAT link for a company with RUC, the series otherwise.
      const r = await guardar.mutateAsync(v);
      navegar(rutaInicializacion({ pasos: r.Pasos, idUsuario: info.data?.IdUsuario, variante: config.data?.Variante ?? 'tuboleta' }) ?? RutasWizard.SERIES_ELECTRONICAS);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TPersonaContacto, errors: [m] })));
      setError(mensajeDeError(e));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={enviar} data-testid="paso-persona-contacto">
      <Form.Item name="Nombres" label="Nombre de la persona de contacto" rules={[{ required: true, message: 'Ingrese el nombre de la persona de contacto' }]}>
        <Input maxLength={150} />
      </Form.Item>
      <Form.Item name="Cargo" label="Cargo">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="Telefono" label="Celular" rules={[{ required: true, pattern: /^\d{9}$/, message: 'Ingrese un celular de 9 dígitos' }]}>
        <Input maxLength={9} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="Correo" label="Correo" rules={[{ required: true, type: 'email', message: 'Ingrese un correo válido' }]}>
        <Input maxLength={150} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={guardar.isPending}>
        Continuar
      </Button>
    </Form>
  );
}
