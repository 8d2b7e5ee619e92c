import { z } from './zod-es';

// Plain constants live in a module without schemas: the web app's first page imports them, and a module it imports
// is bundled whole with every schema of it that any page uses, zod included (issue 17).
export { EstadoUsuario, MODULO_ERP, Roles, TipoEmpresa } from './constantes';

/** Error body of every failed call: `Errores` maps a field name to its Spanish message (validation only). */
export const ZError = z.object({
  ErrorId: z.number().int(),
  Mensaje: z.string(),
  Errores: z.record(z.string(), z.string()).optional(),
  IdSolicitud: z.string().optional().describe('Id of the request, to quote to support (unexpected errors)'),
});
export type TError = z.infer<typeof ZError>;

export const ZMensaje = z.object({ Mensaje: z.string() });
export type TMensaje = z.infer<typeof ZMensaje>;

/** A row id from a path, a query string or a body, parsed strictly (see validacion.ts). */
export { ZId } from './validacion';

/** Record status: 1 active, 0 inactive. */
export const ZLogEstado = z.union([z.literal(0), z.literal(1)]);
/** User status (EstadoUsuario): 0 inactive, 1 active, 2 deleted, 3 pending invitation. */
export const ZEstadoUsuario = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
/** Company type (TipoEmpresa): 0 with RUC, 1 demo, 2 without RUC. */
export const ZTipoEmpresa = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Tax regime: 0 RUS/small business, 1 MYPE tributario, 2 simplified single, 3 special income, 4 general. */
export const ZRegimenTributario = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
