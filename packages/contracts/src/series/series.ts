import { z } from '../zod-es';
import { ZEntero, ZId } from '../validacion';

/**
 * Series of a company per branch and document type (Series and entity service, under /api/entidades).
 * TipoSerie = origin: 1 Sunat, 2 Ventas, 3 Otros. Formats: factura and its notes F###, boleta and its notes B###,
 * GRE remitente T###, GRE transportista V###, nota de venta (companies without RUC) NV## / any 4 characters.
 */
export const ZSerieDocumento = z.object({
  Id: z.number().int(),
  IdEntidad: z.number().int().describe('Company id (IdEntidadEmpresa)'),
  IdSucursal: z.number().int(),
  IdTipoDocumento: z.number().int(),
  TipoDocumento: z.string(),
  Serie: z.string(),
  TipoSerie: z.number().int(),
  Descripcion: z.string().nullable(),
  IdTipoDocumentoReferencia: z.number().int().nullable(),
  /** Last number issued (0 = none yet). */
  Correlativo: z.number().int(),
  LogEstado: z.number().int(),
});
export type TSerieDocumento = z.infer<typeof ZSerieDocumento>;

export const ZSerieGuardar = z.object({
  Id: z.number().int().positive().optional().describe('Only for PUT'),
  IdSucursal: z.number({ error: 'Seleccione la sucursal' }).int().positive('Seleccione la sucursal'),
  IdTipoDocumento: z.number({ error: 'Seleccione el tipo de documento' }).int().positive('Seleccione el tipo de documento'),
  Serie: z.string({ error: 'Indique la serie' }).trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, 'La serie tiene 4 caracteres'),
  TipoSerie: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Origen de la serie: 1 Sunat, 2 Ventas, 3 Otros' }).default(1),
  Descripcion: z.string().trim().max(150, 'Máximo 150 caracteres').optional(),
  IdTipoDocumentoReferencia: z.number().int().positive().optional().describe('For notes: 1003 (facturas) or 1004 (boletas)'),
  /** Numbering start for a series migrated from another system: the last number already used there. */
  CorrelativoInicial: z.number().int().min(0).max(99999999).optional(),
  LogEstado: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TSerieGuardar = z.input<typeof ZSerieGuardar>;

export const ZSeriesMultiples = z.object({ Lista: z.array(ZSerieGuardar).min(1, 'Indique al menos una serie').max(50) });
/** POST /v1/tipo-docs/series/multiples: one series code for several document types of one branch. */
export const ZSeriesPorTipos = z.object({
  IdSucursal: z.number().int().positive('Seleccione la sucursal'),
  ListaTipoDocumentos: z.array(z.number().int().positive()).min(1, 'Seleccione al menos un tipo de documento').max(10),
  Serie: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3}$/, 'Indique los 3 caracteres que siguen a la letra').describe('e.g. "001": F001, B001, T001'),
  TipoSerie: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
});

const ZListaNumeros = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').map((s) => s.trim()).filter(Boolean).map(Number))
  .refine((l) => l.every((n) => Number.isInteger(n) && n > 0), 'Lista de números separados por comas');

export const ZSeriesQueryV3 = z.object({
  identidad: ZEntero().optional(),
  idtipodocumento: ZEntero({ min: 1 }).optional(),
  tiposerie: ZEntero({ min: 1, max: 3 }).optional(),
  filtro: z.string().trim().max(50).optional(),
  nropagina: ZEntero({ min: 1 }).default(1),
  regxpagina: ZEntero({ min: 1, max: 500 }).default(10),
});
export const ZSeriesQueryV2 = z.object({
  identidad: ZEntero().optional(),
  idtipodocumento: ZEntero({ min: 1 }).optional(),
  tiposerie: ZEntero({ min: 1, max: 3 }).optional(),
  idsucursal: ZEntero({ min: 1 }).optional(),
  logestado: ZEntero({ min: -1, max: 1 }).default(1),
  tipodocumentoreferencia: ZEntero({ min: 1 }).optional(),
  ListaTipoDocumentos: ZListaNumeros.optional(),
  modobusquedaprincipal: ZEntero().optional(),
});
export const ZSeriesQueryV1 = z.object({
  ListaTipoDocumentos: ZListaNumeros.optional(),
  tiposerie: ZEntero({ min: 1, max: 3 }).optional(),
});
export const ZSerieDescripcionQuery = z.object({
  identidad: ZEntero().optional(),
  descripcion: z.string().trim().max(150).default(''),
});
export const ZSerieParams = z.object({ id: ZId });

export const ZSeriesLista = z.object({ Data: z.array(ZSerieDocumento), Count: z.number().int() });
