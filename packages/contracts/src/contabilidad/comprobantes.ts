import { z } from '../zod-es';
import { ZEntero } from '../validacion';

/**
 * GET /api/finanzas/v1/documentos/comprobantes (and .../comprobantes/excel for the same filtered list).
 * Query names lower-case like the seed's paging names (pagina, regxpag).
 */
const ZFechaOpcional = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD').optional();
export const ZComprobantesQuery = z
  .object({
    fechainicio: ZFechaOpcional,
    fechafin: ZFechaOpcional,
    idtipodocumento: ZEntero({ min: 1 }).optional(),
    serie: z.string().trim().toUpperCase().max(4).optional(),
    correlativo: ZEntero({ min: 1 }).optional(),
    /** Customer document number (exact) or part of the name. */
    cliente: z.string().trim().max(100).optional(),
    idestadosunat: ZEntero({ min: 1, max: 10 }).optional(),
    idsucursal: ZEntero({ min: 1 }).optional(),
    pagina: ZEntero({ min: 1 }).default(1),
    regxpag: ZEntero({ min: 1, max: 500 }).default(10),
  })
  .refine((q) => !q.fechainicio || !q.fechafin || q.fechainicio <= q.fechafin, { path: ['fechafin'], message: 'La fecha final no puede ser anterior a la inicial' });
export type TComprobantesQuery = z.infer<typeof ZComprobantesQuery>;

export const ZComprobanteFila = z.object({
  Id: z.number().int(),
  IdTipoDocumento: z.number().int(),
  TipoDocumento: z.string(),
  Serie: z.string(),
  CorrelativoDocumento: z.number().int(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  NumeroDocumentoCliente: z.string(),
  RazonSocialCliente: z.string(),
  IdMoneda: z.number().int(),
  MontoTotal: z.string(),
  IdestadoSunat: z.number().int(),
  EstadoSunat: z.string(),
  CodigoSunat: z.string().nullable(),
  Anulado: z.boolean(),
});
export type TComprobanteFila = z.infer<typeof ZComprobanteFila>;

export const ZComprobantesLista = z.object({
  Data: z.array(ZComprobanteFila),
  Count: z.number().int(),
  /** Present (true) when Count is an estimate: exact up to 20,000 matching rows. */
  CountAproximado: z.boolean().optional(),
});
export type TComprobantesLista = z.infer<typeof ZComprobantesLista>;
