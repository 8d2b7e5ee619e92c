import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, App, Button, Form, Input } from 'antd';
import { z, ZContrasenhaNueva } from '@yupana/contracts';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCambiarContrasenha } from '../api/cambiar-contrasenha';

const ZFormulario = z
  .object({
    ContrasenhaActual: z.string().min(1, 'Ingrese su contraseña actual'),
    Contrasenha: ZContrasenhaNueva,
    Confirmacion: z.string().min(1, 'Repita la nueva contraseña'),
  })
  .refine((d) => d.Contrasenha === d.Confirmacion, { path: ['Confirmacion'], message: 'Las contraseñas no coinciden' })
  .refine((d) => !d.Contrasenha || d.Contrasenha !== d.ContrasenhaActual, {
    path: ['Contrasenha'],
    message: 'La nueva contraseña debe ser distinta de la actual',
  });
type TFormulario = z.infer<typeof ZFormulario>;

const CAMPOS: { name: FieldPath<TFormulario>; label: string; autoComplete: string }[] = [
  { name: 'ContrasenhaActual', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'Contrasenha', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'Confirmacion', label: 'Repita la nueva contraseña', autoComplete: 'new-password' },
];

export function CambioContrasenhaForm({ idUsuario, usuario }: { idUsuario: number; usuario: string }) {
  const { message } = App.useApp();
  const cambio = useCambiarContrasenha();
  const { control, handleSubmit, setError, reset } = useForm<TFormulario>({
    resolver: zodResolver(ZFormulario),
    defaultValues: { ContrasenhaActual: '', Contrasenha: '', Confirmacion: '' },
  });

  const enviar = handleSubmit(async (d) => {
    try {
      const r = await cambio.mutateAsync({ IdUsuario: idUsuario, Usuario: usuario, ContrasenhaActual: d.ContrasenhaActual, Contrasenha: d.Contrasenha });
      message.success(r.Mensaje);
      reset();
    } catch (e) {
      // The API's field errors (ErrorId 500001) go under the field they belong to.
      if (e instanceof ApiError) {
        for (const [campo, texto] of Object.entries(e.errores)) {
          if (campo === 'ContrasenhaActual' || campo === 'Contrasenha') setError(campo, { type: 'server', message: texto });
        }
      }
    }
  });

  const sinCampo = cambio.error instanceof ApiError && !('ContrasenhaActual' in cambio.error.errores) && !('Contrasenha' in cambio.error.errores);

  return (
    <form onSubmit={enviar} noValidate aria-label="Cambiar contraseña">
      {cambio.isError && sinCampo && <Alert type="error" showIcon title={mensajeDeError(cambio.error)} style={{ marginBottom: 16 }} role="alert" />}
      <Form layout="vertical" component="div" requiredMark={false}>
        {CAMPOS.map((c) => (
          <Controller
            key={c.name}
            control={control}
            name={c.name}
            render={({ field, fieldState }) => (
              <Form.Item
                label={c.label}
                htmlFor={c.name}
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message ?? (c.name === 'Contrasenha' ? 'Mínimo 10 caracteres. Evite su nombre, su usuario y contraseñas comunes; una frase de varias palabras es buena opción.' : undefined)}
              >
                <Input.Password {...field} id={c.name} autoComplete={c.autoComplete} />
              </Form.Item>
            )}
          />
        ))}
        <Button type="primary" htmlType="submit" loading={cambio.isPending}>
          Cambiar contraseña
        </Button>
      </Form>
    </form>
  );
}
