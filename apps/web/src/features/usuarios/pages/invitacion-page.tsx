import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { conPunto, LONGITUD_MINIMA_CONTRASENHA } from '@yupana/contracts';
import { Logo } from '../../../components/logo';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAceptarInvitacion, useConsultaInvitacion } from '../api/invitacion';

type TCampos = { Contrasenha: string; Confirmacion: string };

/** Public page of an invitation or password-reset link: the user chooses a password and can then sign in. */
export function InvitacionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const consulta = useConsultaInvitacion(token);
  const aceptar = useAceptarInvitacion();
  const errores = aceptar.error instanceof ApiError ? aceptar.error.errores : {};

  useEffect(() => {
    document.title = 'Yupana | Activar cuenta';
  }, []);

  let contenido;
  if (token.length < 20) contenido = <Result status="warning" title="El enlace no es válido" subTitle="Pida a su administrador un nuevo enlace." />;
  else if (consulta.isLoading) contenido = <Spin size="large" />;
  else if (consulta.isError)
    contenido = (
      <Result status="warning" title="El enlace no es válido o ya venció" subTitle={`${conPunto(mensajeDeError(consulta.error))} Pida a su administrador un nuevo enlace.`} extra={<Link to="/auth/login">Ir a iniciar sesión</Link>} />
    );
  else if (aceptar.isSuccess)
    contenido = (
      <Result
        status="success"
        title="Su contraseña quedó registrada"
        subTitle={conPunto(`Ya puede ingresar con el usuario ${aceptar.data.Usuario}`)}
        extra={
          <Link to="/auth/login">
            <Button type="primary">Iniciar sesión</Button>
          </Link>
        }
      />
    );
  else {
    const d = consulta.data!;
    contenido = (
      <>
        <h1>{d.Tipo === 'invitacion' ? 'Active su cuenta' : 'Elija una nueva contraseña'}</h1>
        <p style={{ color: '#64748b' }}>
          {/* A company name ending in a period ("S.A.C.") takes no second one. */}
          {conPunto(`${d.Nombres}, ${d.Tipo === 'invitacion' ? `fue invitado a ${d.RazonSocialEmpresa}` : `restablezca su acceso a ${d.RazonSocialEmpresa}`}`)} Su usuario es <strong>{d.Usuario}</strong>.
        </p>
        <Form<TCampos> layout="vertical" onFinish={(v) => aceptar.mutate({ Token: token, Contrasenha: v.Contrasenha })}>
          <Form.Item
            label="Contraseña"
            name="Contrasenha"
            validateStatus={errores.Contrasenha ? 'error' : undefined}
            help={errores.Contrasenha}
            rules={[
              { required: true, message: 'Ingrese una contraseña' },
              { min: LONGITUD_MINIMA_CONTRASENHA, message: `La contraseña debe tener al menos ${LONGITUD_MINIMA_CONTRASENHA} caracteres` },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Repita la contraseña"
            name="Confirmacion"
            dependencies={['Contrasenha']}
            rules={[
              { required: true, message: 'Repita la contraseña' },
              ({ getFieldValue }) => ({ validator: async (_, v) => { if (v && v !== getFieldValue('Contrasenha')) throw new Error('Las contraseñas no coinciden'); } }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {aceptar.error && !Object.keys(errores).length && <Alert type="error" showIcon title={mensajeDeError(aceptar.error)} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={aceptar.isPending}>
            Guardar contraseña
          </Button>
        </Form>
      </>
    );
  }

  return (
    <div className="yp-login" style={{ justifyContent: 'center' }}>
      <section className="yp-login-form">
        <div className="yp-login-caja" data-testid="pagina-invitacion">
          <Logo size={36} />
          {contenido}
        </div>
      </section>
    </div>
  );
}
