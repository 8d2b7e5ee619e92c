// Modelos de entrada del resumen diario (RC) y de la comunicación de baja (RA), UBL 2.0.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { ZDecimalNoNegativo, ZEmisor, ZFecha, ZIdentidad, ZMoneda, ZNumero, ZTexto } from './comun';

export const ZDocumentoResumen = z
  .object({
    tipo: z.enum(['03', '07', '08'], { message: 'En el resumen van boletas (03) y sus notas (07, 08)' }),
    serie: z.string().regex(/^B[A-Z0-9]{3}$/, 'Serie de boleta o nota asociada (empieza con B)'),
    numero: ZNumero,
    /** Catálogo 19: 1 adicionar, 2 modificar, 3 anular. */
    estado: z.enum(['1', '2', '3'], { message: 'Estado: 1 adicionar, 2 modificar, 3 anular' }),
    cliente: ZIdentidad.optional(),
    moneda: ZMoneda.default('PEN'),
    /** Para notas: la boleta que modifican. */
    documentoAfectado: z.object({ tipo: z.literal('03'), serie: z.string().regex(/^B[A-Z0-9]{3}$/), numero: ZNumero }).optional(),
    importeTotal: ZDecimalNoNegativo,
    gravado: ZDecimalNoNegativo.default('0'),
    exonerado: ZDecimalNoNegativo.default('0'),
    inafecto: ZDecimalNoNegativo.default('0'),
    exportacion: ZDecimalNoNegativo.default('0'),
    gratuito: ZDecimalNoNegativo.default('0'),
    otrosCargos: ZDecimalNoNegativo.default('0'),
    igv: ZDecimalNoNegativo.default('0'),
    isc: ZDecimalNoNegativo.default('0'),
    icbper: ZDecimalNoNegativo.default('0'),
  })
  .superRefine((d, ctx) => {
    if (d.tipo !== '03' && !d.documentoAfectado)
      ctx.addIssue({ code: 'custom', path: ['documentoAfectado'], message: 'Una nota en el resumen debe indicar la boleta que modifica' });
    const total = new Decimal(d.importeTotal);
    // SUNAT exige identificar al comprador por encima de S/ 700 (2514) y observa un total que no cuadra con sus partes (4027, ±5).
    if (total.gt(700) && !d.cliente)
      ctx.addIssue({ code: 'custom', path: ['cliente'], message: 'Identifique al comprador: el importe supera S/ 700.00' });
    const partes = [d.gravado, d.exonerado, d.inafecto, d.exportacion, d.otrosCargos, d.igv, d.isc, d.icbper]
      .reduce((a, v) => a.plus(v), new Decimal(0));
    if (partes.minus(total).abs().gt(5))
      ctx.addIssue({
        code: 'custom', path: ['importeTotal'],
        message: `El importe total (${total.toFixed(2)}) no cuadra con la suma de valores, impuestos y cargos (${partes.toFixed(2)})`,
      });
  });
export type TDocumentoResumen = z.infer<typeof ZDocumentoResumen>;

export const ZResumenDiario = z
  .object({
    tipo: z.literal('RC'),
    /** Fecha de generación del resumen (va en el nombre del archivo). */
    fechaEmision: ZFecha,
    /** Fecha de emisión de los comprobantes que se resumen. */
    fechaReferencia: ZFecha,
    correlativo: z.number().int().min(1).max(99999),
    emisor: ZEmisor,
    documentos: z.array(ZDocumentoResumen).min(1, 'Indique al menos un documento').max(500),
  })
  .superRefine((r, ctx) => {
    if (r.fechaReferencia > r.fechaEmision)
      ctx.addIssue({ code: 'custom', path: ['fechaReferencia'], message: 'Los comprobantes no pueden ser posteriores al resumen' });
  });
export type TResumenDiario = z.infer<typeof ZResumenDiario>;

export const ZComunicacionBaja = z
  .object({
    tipo: z.literal('RA'),
    fechaEmision: ZFecha,
    fechaReferencia: ZFecha,
    correlativo: z.number().int().min(1).max(99999),
    emisor: ZEmisor,
    documentos: z
      .array(
        z.object({
          tipo: z.enum(['01', '07', '08'], { message: 'Se dan de baja facturas (01) y sus notas (07, 08); las boletas se anulan en el resumen diario' }),
          serie: z.string().regex(/^F[A-Z0-9]{3}$/, 'Serie de factura o nota asociada (empieza con F)'),
          numero: ZNumero,
          motivo: ZTexto(100),
        }),
      )
      .min(1, 'Indique al menos un documento')
      .max(500),
  })
  .superRefine((r, ctx) => {
    if (r.fechaReferencia > r.fechaEmision)
      ctx.addIssue({ code: 'custom', path: ['fechaReferencia'], message: 'Los comprobantes no pueden ser posteriores a la comunicación' });
  });
export type TComunicacionBaja = z.infer<typeof ZComunicacionBaja>;
