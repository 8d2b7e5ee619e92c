import { z } from '../zod-es';
import { ZEntero } from '../validacion';

/** Security events recorded in the audit log. */
export const EventosSeguridad = [
  'login',
  'login_fallido',
  'bloqueo',
  'logout',
  'sesion_expulsada',
  'cierre_forzado',
  'invitacion',
  'invitacion_aceptada',
  'contrasenha_cambiada',
  'contrasenha_restablecida',
  'usuario_estado',
  'usuario_roles',
  'usuario_sucursales',
  'rol_creado',
  'rol_editado',
  'rol_servicio',
  'rol_permiso',
  'permiso_servicio',
  'parametro',
  'acceso_denegado',
  'modulo',
  'empresa_configurada',
  'empresa_datos',
] as const;
export type TEventoSeguridad = (typeof EventosSeguridad)[number];

export const ZAuditoriaQuery = z.object({
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 200 }).default(20),
  idUsuario: ZEntero({ min: 0 }).default(0).describe('Actor or target user (0 = all)'),
  evento: z.enum(EventosSeguridad).optional(),
  desde: z.iso.date().optional().describe('YYYY-MM-DD, America/Lima'),
  hasta: z.iso.date().optional().describe('YYYY-MM-DD inclusive, America/Lima'),
});
export const ZAuditoriaEvento = z.object({
  Id: z.number().int(),
  Fecha: z.string(),
  Evento: z.string(),
  IdUsuario: z.number().int().nullable().describe('Who did it'),
  Usuario: z.string().nullable(),
  IdUsuarioObjetivo: z.number().int().nullable().describe('Whom it concerns'),
  UsuarioObjetivo: z.string().nullable(),
  Ip: z.string().nullable(),
  Agente: z.string().nullable(),
  Detalle: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditoriaEvento = z.infer<typeof ZAuditoriaEvento>;
export const ZAuditoria = z.object({ Data: z.array(ZAuditoriaEvento), Count: z.number().int() });
