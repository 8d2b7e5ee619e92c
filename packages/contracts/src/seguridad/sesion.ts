import { z } from '../zod-es';
import { ZEntero } from '../validacion';

const ZTexto = z.string().max(4096);

export const ZRefreshSolicitud = z.object({
  AccessToken: ZTexto.optional().describe('The (possibly expired) access token of the same session'),
  RefreshToken: z.string({ error: 'El token de actualización es obligatorio' }).min(1, 'El token de actualización es obligatorio').max(512),
  IdModulo: ZEntero().optional(),
  Forzar: z.boolean().optional(),
  Fecha: ZTexto.optional(),
  TimeLogIn: ZTexto.optional(),
});
export type TRefreshSolicitud = z.infer<typeof ZRefreshSolicitud>;

export const ZRefreshRespuesta = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  TimeLogIn: z.string(),
  ExpiresIn: z.number().int(),
});
export type TRefreshRespuesta = z.infer<typeof ZRefreshRespuesta>;

export const ZLogoutSolicitud = z.object({
  AccessToken: ZTexto.optional(),
  RefreshToken: z.string({ error: 'El token de actualización es obligatorio' }).min(1, 'El token de actualización es obligatorio').max(512),
  IdModulo: ZEntero().optional(),
  TimeLogIn: ZTexto.optional(),
});
export type TLogoutSolicitud = z.infer<typeof ZLogoutSolicitud>;
