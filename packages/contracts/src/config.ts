import { z } from './zod-es';

export const ZConfigPublica = z.object({
  Marca: z.string(),
  /** Deployment brand (YUPANA_MARCA): 'erp' the main product, 'tuboleta' the receipt variant. */
  Variante: z.enum(['erp', 'tuboleta']),
  TelefonoSoporte: z.string().describe('Support phone without the +51 prefix'),
  Asesores: z.array(z.object({ Nombre: z.string(), Telefono: z.string() })),
  HorarioAtencion: z.string(),
  /** Seconds without activity before the web asks whether to continue (INACTIVIDAD_SEGUNDOS, default 900). */
  InactividadSegundos: z.number().int().positive(),
});
export type TConfigPublica = z.infer<typeof ZConfigPublica>;

export const ZSalud = z.object({
  estado: z.enum(['ok', 'error']),
  baseDatos: z.enum(['ok', 'error']),
  motorBaseDatos: z.enum(['pglite', 'postgres']),
  version: z.string(),
  tiempoActivoSegundos: z.number().int(),
});
export type TSalud = z.infer<typeof ZSalud>;
