import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RutasWizard, type TRegistroCuenta } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { useConfigPublica } from '../../../lib/api/get-config-publica';
import { rutaLogin, tituloPagina } from '../../../lib/marca';
// eslint-disable-next-line yupana/no-cross-import -- the one sign-in call of the app; it belongs in lib/ (reported)
import { iniciarSesion } from '../../auth/api/login';
import { useRegistrarCuenta } from '../api/registrar-cuenta';

type TValores = TRegistroCuenta & { Confirmacion: string };

/**
 * Account creation (receipt variant): the person's data and password; the new account is a demo company that the
 * setup wizard then configures. A link with a token in the query (after a registration logout) clears the session.
 */
export function RegistroPage() {
  const [form] = Form.useForm<TValores>();
  const registrar = useRegistrarCuenta();
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const config = useConfigPublica();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    // The route's guard has already cleared any session for a register link with accept and token (guards.ts).
    if (params.get('token') && params.has('accept') && authStorage.dataUser()) authStorage.limpiarYMarcarSalida();
  }, [params]);

  useEffect(() => {
    document.title = tituloPagina(config.data?.Marca ?? 'Yupana', 'Crea tu cuenta');
  }, [config.data?.Marca]);

  const enviar = async ({ Confirmacion: _, ...d }: TValores) => {
    setError(null);
    setEnviando(true);
    try {
      await registrar.mutateAsync(d);
      await iniciarSesion({ usuario: d.Correo.trim().toLowerCase(), contrasenha: d.Contrasenha });
      navegar(RutasWizard.TIPO_CONFIGURACION, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TValores, errors: [m] })));
      setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: '100%', maxWidth: 460 }} data-testid="pagina-registro">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Crea tu cuenta en {config.data?.Marca ?? 'Yupana'}
        </Typography.Title>
        <Typography.Paragraph type="secondary">Empieza gratis con una cuenta DEMO y configura tu empresa cuando quieras.</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={enviar} requiredMark={false}>
          <Form.Item name="Nombres" label="Nombres" rules={[{ required: true, message: 'Ingrese sus nombres' }]}>
            <Input autoComplete="given-name" maxLength={150} />
          </Form.Item>
          <Form.Item name="Apellidos" label="Apellidos">
            <Input autoComplete="family-name" maxLength={150} />
          </Form.Item>
          <Form.Item name="Correo" label="Correo" rules={[{ required: true, type: 'email', message: 'Ingrese un correo válido' }]}>
            <Input autoComplete="email" maxLength={150} />
          </Form.Item>
          <Form.Item name="Telefono" label="Celular" rules={[{ pattern: /^\d{9}$/, message: 'Ingrese un celular de 9 dígitos' }]}>
            <Input autoComplete="tel" maxLength={9} />
          </Form.Item>
          <Form.Item name="Contrasenha" label="Contraseña" rules={[{ required: true, message: 'Ingrese una contraseña' }]}>
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="Confirmacion"
            label="Confirmar contraseña"
            dependencies={['Contrasenha']}
            rules={[
              { required: true, message: 'Confirme su contraseña' },
              ({ getFieldValue }) => ({
                validator: (_, v) => (!v || v === getFieldValue('Contrasenha') ? Promise.resolve() : Promise.reject(new Error('Las contraseñas no coinciden'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          <Button type="primary" htmlType="submit" block loading={enviando}>
            Crear cuenta
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          ¿Ya tienes una cuenta? <Link to={rutaLogin(config.data?.Variante)}>Ingresa aquí</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
