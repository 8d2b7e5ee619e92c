import { z } from '../zod-es';
import { textoPermitido, ZEntero } from '../validacion';

export const LONGITUD_MINIMA_CONTRASENHA = 10;

/**
 * Password policy, the part every form can check: 10 to 128 characters (no composition rules: length and the
 * server's check matter more). The API also refuses, for every new password (sign-up, invitation, reset, change), one
 * that contains the user's own name, user name or e-mail or that is common or easy to guess (zxcvbn-ts, see
 * apps/api/src/lib/password.ts).
 */
export const ZContrasenhaNueva = textoPermitido(
  z
    .string({ error: 'La nueva contraseña es obligatoria' })
    .min(LONGITUD_MINIMA_CONTRASENHA, `La contraseña debe tener al menos ${LONGITUD_MINIMA_CONTRASENHA} caracteres`)
    .max(128, 'La contraseña no debe exceder 128 caracteres'),
);

export const ZCambioContrasenhaSolicitud = z.object({
  IdUsuario: ZEntero({ min: 1, mensaje: 'El usuario es obligatorio' }),
  Usuario: z.string({ error: 'El usuario es obligatorio' }).min(1, 'El usuario es obligatorio').max(100),
  ContrasenhaActual: z.string({ error: 'La contraseña actual es obligatoria' }).min(1, 'La contraseña actual es obligatoria').max(128),
  Contrasenha: ZContrasenhaNueva,
});
export type TCambioContrasenhaSolicitud = z.infer<typeof ZCambioContrasenhaSolicitud>;
