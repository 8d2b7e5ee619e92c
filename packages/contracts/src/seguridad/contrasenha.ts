import { z } from '../zod-es';

/** Password policy: 8 to 128 characters with at least one letter and one digit. */
export const ZContrasenhaNueva = z
  .string({ error: 'La nueva contraseña es obligatoria' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(128, 'La contraseña no debe exceder 128 caracteres')
  .regex(/\p{L}/u, 'La contraseña debe contener al menos una letra')
  .regex(/\d/, 'La contraseña debe contener al menos un número');

export const ZCambioContrasenhaSolicitud = z.object({
  IdUsuario: z.number({ error: 'El usuario es obligatorio' }).int().positive(),
  Usuario: z.string({ error: 'El usuario es obligatorio' }).min(1, 'El usuario es obligatorio').max(100),
  ContrasenhaActual: z.string({ error: 'La contraseña actual es obligatoria' }).min(1, 'La contraseña actual es obligatoria').max(128),
  Contrasenha: ZContrasenhaNueva,
});
export type TCambioContrasenhaSolicitud = z.infer<typeof ZCambioContrasenhaSolicitud>;
