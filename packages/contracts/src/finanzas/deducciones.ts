import { z } from '../zod-es';
import { ZDecimal, ZId, ZTexto, textoPermitido } from '../validacion';
import { ZFechaFinanzas } from './finanzas';

/**
 * Detracciones (SPOT deposits, RS 183-2004/SUNAT) and retenciones suffered (customer as retention agent, 3 %) recorded
 * against one document (issue 14): they settle its dues like a collection or payment does and are voidable.
 * Tipo D detracción (constancia de depósito), R retención (comprobante de retención, tipo 20).
 */
export const TiposDeduccion = { D: 'Detracción', R: 'Retención' } as const;
/** The retention rate of the IGV régimen de retenciones since 01/03/2014 (RS 033-2014/SUNAT): 3 % of the total paid. */
export const TASA_RETENCION_IGV = '3';

const ZMontoPositivo = ZDecimal('Monto', { enteros: 12, decimales: 2 }).refine((v) => /[1-9]/.test(v), 'Monto: debe ser mayor que cero');
const opcional = (max: number) =>
  ZTexto(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A detracción deposit: constancia number, deposit date, amount; the BN financial account when the company has one. */
export const ZDetraccionCrear = z.object({
  NumeroConstancia: textoPermitido(z.string({ error: 'Indique el número de constancia de depósito' }).trim().regex(/^[A-Za-z0-9-]{1,30}$/, 'Número de constancia: de 1 a 30 letras, dígitos o guiones')),
  Fecha: ZFechaFinanzas('la fecha del depósito'),
  Monto: ZMontoPositivo,
  IdCuentaFinanciera: ZId.nullish().transform((v) => v ?? null),
  Observacion: opcional(250),
});
export type TDetraccionCrear = z.input<typeof ZDetraccionCrear>;

/** A retención suffered: the customer's comprobante de retención (serie-número, e.g. R001-123) and date, the amount retained. */
export const ZRetencionCrear = z.object({
  SerieNumero: textoPermitido(
    z.string({ error: 'Indique la serie y número del comprobante de retención' }).trim().toUpperCase().regex(/^[A-Z0-9]{4}-\d{1,8}$/, 'Comprobante de retención: serie-número, por ejemplo R001-123'),
  ),
  Fecha: ZFechaFinanzas('la fecha del comprobante de retención'),
  Monto: ZMontoPositivo,
  Observacion: opcional(250),
});
export type TRetencionCrear = z.input<typeof ZRetencionCrear>;

export const ZDeduccion = z.object({
  Id: z.number().int(),
  Tipo: z.enum(['D', 'R']),
  TipoDescripcion: z.string(),
  IdDocumento: z.number().int(),
  SerieNumeroDocumento: z.string(),
  /** Constancia number (D) or the retention voucher's serie-número (R). */
  Numero: z.string(),
  Fecha: z.string(),
  IdMoneda: z.number().int(),
  Monto: z.string(),
  IdCuentaFinanciera: z.number().int().nullable(),
  CuentaFinanciera: z.string().nullable(),
  Observacion: z.string().nullable(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
});
export type TDeduccion = z.infer<typeof ZDeduccion>;

/** What was recorded against a document and what is expected: the detracción the document carries, 3 % retention. */
export const ZDeduccionesDocumento = z.object({
  IdDocumento: z.number().int(),
  SerieNumero: z.string(),
  IdMoneda: z.number().int(),
  Total: z.string(),
  Saldo: z.string(),
  /** From the document (catálogo 54 code, %, amount in the document's currency); null when it carries none. */
  Detraccion: z.object({ CodigoBien: z.string().nullable(), Porcentaje: z.string().nullable(), Monto: z.string(), Pendiente: z.string() }).nullable(),
  /** 3 % of the document's total (sales side only; null for purchases). */
  RetencionSugerida: z.string().nullable(),
  Data: z.array(ZDeduccion),
});
export type TDeduccionesDocumento = z.infer<typeof ZDeduccionesDocumento>;
