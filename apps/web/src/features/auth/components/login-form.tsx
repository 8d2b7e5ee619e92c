import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input } from 'antd';
import { z } from '@yupana/contracts';
import { Controller, useForm } from 'react-hook-form';
import { mensajeDeError } from '../../../lib/api-error';
import { useIniciarSesion } from '../api/login';

const ZLoginForm = z.object({
  usuario: z.string().trim().min(1, 'Ingrese su usuario').max(100, 'El usuario no debe exceder 100 caracteres'),
  contrasenha: z.string().min(1, 'Ingrese su contraseña').max(128, 'La contraseña no debe exceder 128 caracteres'),
});
type TLoginForm = z.infer<typeof ZLoginForm>;

export function LoginForm({ onIngreso }: { onIngreso: () => void }) {
  const ingreso = useIniciarSesion();
  const { control, handleSubmit, formState } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { usuario: '', contrasenha: '' },
  });

  const enviar = handleSubmit((datos) => ingreso.mutate(datos, { onSuccess: onIngreso }));

  return (
    <form onSubmit={enviar} noValidate aria-label="Iniciar sesión">
      {ingreso.isError && (
        <Alert type="error" showIcon title={mensajeDeError(ingreso.error)} style={{ marginBottom: 16 }} role="alert" data-testid="error-login" />
      )}
      <Form layout="vertical" component="div" requiredMark={false}>
        <Controller
          control={control}
          name="usuario"
          render={({ field, fieldState }) => (
            <Form.Item label="Usuario" htmlFor="usuario" validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message}>
              <Input {...field} id="usuario" size="large" prefix={<UserOutlined />} autoComplete="username" autoFocus placeholder="Su usuario" />
            </Form.Item>
          )}
        />
        <Controller
          control={control}
          name="contrasenha"
          render={({ field, fieldState }) => (
            <Form.Item label="Contraseña" htmlFor="contrasenha" validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message}>
              <Input.Password {...field} id="contrasenha" size="large" prefix={<LockOutlined />} autoComplete="current-password" placeholder="Su contraseña" />
            </Form.Item>
          )}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={ingreso.isPending || formState.isSubmitting}>
          Ingresar
        </Button>
      </Form>
    </form>
  );
}
