import { z } from '../zod-es';
import { textoPermitido, ZDecimal, ZEntero, ZId, ZTexto } from '../validacion';
import { ZFechaInventario } from './inventario';
import { ZPresentacionFila } from './item';

/**
 * Physical counts (tomas de inventario), item presentations and the PLE inventory books (issue 13, branch conteos),
 * under /api/logistica/v1. Quantities travel as decimal text.
 */

export const EstadosToma = { A: 'En conteo', R: 'En revisión', C: 'Contabilizada' } as const;
export type TEstadoToma = keyof typeof EstadosToma;

export const ZTomaCrear = z.object({
  IdAlmacen: ZId,
  Fecha: ZFechaInventario('la fecha'),
  Glosa: ZTexto(250).optional(),
});
export type TTomaCrear = z.input<typeof ZTomaCrear>;

export const ZTomaConteos = z.object({
  Lineas: z
    .array(
      z.object({
        IdItem: ZId,
        /** null clears the count of the line. */
        CantidadContada: ZDecimal('Cantidad contada', { enteros: 12, decimales: 10 }).nullable(),
      }),
    )
    .min(1, 'Indique al menos una cantidad contada')
    .max(5000, 'Máximo 5000 líneas por envío'),
});
export type TTomaConteos = z.input<typeof ZTomaConteos>;

export const ZTomaAgregar = z.object({ IdItem: ZId });

export const ZTomaContabilizar = z.object({
  Fecha: ZFechaInventario('la fecha contable'),
  /** Shortages leave as 28 (ajuste por diferencia de inventario) or 13 (mermas); surpluses always enter as 28. */
  TipoOperacionFaltante: z.enum(['28', '13'], { error: 'Tipo de operación de los faltantes: 28 ajuste o 13 mermas' }).default('28'),
});
export type TTomaContabilizar = z.input<typeof ZTomaContabilizar>;

export const ZTomaCabecera = z.object({
  Id: z.number(),
  Numero: z.number(),
  IdAlmacen: z.number(),
  Almacen: z.string(),
  Fecha: z.string(),
  Estado: z.enum(['A', 'R', 'C']),
  Glosa: z.string().nullable(),
  FechaContable: z.string().nullable(),
  Lineas: z.number(),
  Contadas: z.number(),
});
export type TTomaCabecera = z.infer<typeof ZTomaCabecera>;
export const ZTomas = z.object({ Data: z.array(ZTomaCabecera), Count: z.number() });
export const ZTomasQuery = z.object({
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});

/**
 * A line of a count. While the count is open (estado A) the expected figures are null: the count is blind.
 * Diferencia = contada - esperada (the adjustment that is posted); StockActual - esperada = what moved since the snapshot.
 */
export const ZTomaLinea = z.object({
  IdItem: z.number(),
  Codigo: z.string(),
  Descripcion: z.string(),
  CodigoUnidad: z.string(),
  CodigosBarras: z.array(z.string()),
  CantidadContada: z.string().nullable(),
  CantidadEsperada: z.string().nullable(),
  StockActual: z.string().nullable(),
  Diferencia: z.string().nullable(),
  CostoPromedio: z.string().nullable(),
  ValorDiferencia: z.string().nullable(),
  IdMovimiento: z.number().nullable(),
});
export type TTomaLinea = z.infer<typeof ZTomaLinea>;
export const ZToma = ZTomaCabecera.extend({ Detalle: z.array(ZTomaLinea), Movimientos: z.array(z.number()) });
export type TToma = z.infer<typeof ZToma>;

// ---- Presentations ----
export const ZPresentacion = z.object({
  CodigoUnidad: textoPermitido(z.string({ error: 'Indique el código de unidad (catálogo 03)' }).trim().toUpperCase().regex(/^[A-Z0-9]{2,3}$/, 'Código de unidad: de 2 a 3 letras o dígitos (catálogo 03, p. ej. BX)')),
  Descripcion: ZTexto(60, { min: 1, mensajeMin: 'Indique la descripción de la presentación' }),
  Factor: ZDecimal('Factor', { enteros: 12, decimales: 10 }).refine((v) => /[1-9]/.test(v), 'Factor: debe ser mayor que cero'),
  CodigoBarras: textoPermitido(z.string().trim().regex(/^\d{8,14}$/, 'Código de barras: de 8 a 14 dígitos')).optional(),
  /** Price WITH IGV of the presentation in the standard price list (absent: no price of its own). */
  Precio: ZDecimal('Precio', { enteros: 12, decimales: 10 }).optional(),
});
export const ZPresentacionesGuardar = z.object({ Presentaciones: z.array(ZPresentacion).max(20, 'Máximo 20 presentaciones') });
export const ZPresentaciones = z.object({ Data: z.array(ZPresentacionFila), Count: z.number() });

// ---- PLE inventory books ----
export const ZPleInventarioQuery = z.object({
  periodo: textoPermitido(z.string({ error: 'Indique el periodo' }).trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periodo: use el formato AAAA-MM')),
  idalmacen: ZId.optional(),
});

/**
 * Importing counted quantities from Excel into an open count (branch tabla5). The file travels as base64 inside JSON,
 * like the mass-issuing upload, with the same size limit; rows per file are capped like its rows.
 */
export const LIMITES_IMPORTACION_CONTEO = { MAX_FILAS: 20_000, MAX_BYTES: 8 * 1024 * 1024 } as const;
export const HOJA_IMPORTACION_CONTEO = 'Conteo';
/** Column headers of the template (read by header text, so columns may be moved). */
export const COLUMNAS_IMPORTACION_CONTEO = { Codigo: 'Código', Cantidad: 'Cantidad contada', Lote: 'Lote' } as const;

export const ZTomaImportar = z.object({
  NombreArchivo: z.string({ error: 'Indique el nombre del archivo' }).trim().min(1, 'Indique el nombre del archivo').max(200, 'Máximo 200 caracteres'),
  Archivo: z
    .string({ error: 'Adjunte el archivo Excel' })
    .min(1, 'Adjunte el archivo Excel')
    .max(Math.ceil((LIMITES_IMPORTACION_CONTEO.MAX_BYTES * 4) / 3) + 4, `El archivo supera los ${LIMITES_IMPORTACION_CONTEO.MAX_BYTES / (1024 * 1024)} MB`),
  /** false (default): a file with any bad row writes nothing. true: the valid rows are written (together) and the bad ones reported. */
  AplicarValidas: z.boolean({ error: 'AplicarValidas debe ser verdadero o falso' }).default(false),
});
export type TTomaImportar = z.input<typeof ZTomaImportar>;

export const ZErrorFilaConteo = z.object({ Fila: z.number().int(), Columna: z.string(), Mensaje: z.string() });
export type TErrorFilaConteo = z.infer<typeof ZErrorFilaConteo>;

/** 200 of an import: how many count lines were written and the rows left out (only with AplicarValidas). */
export const ZTomaImportada = z.object({
  Aplicadas: z.number().int(),
  ErroresFilas: z.array(ZErrorFilaConteo),
});
export type TTomaImportada = z.infer<typeof ZTomaImportada>;

/** 400 of an import with bad rows (nothing was written). */
export const ZErrorImportacionConteo = z.object({
  ErrorId: z.number().int(),
  Mensaje: z.string(),
  Errores: z.record(z.string(), z.string()).optional(),
  ErroresFilas: z.array(ZErrorFilaConteo).optional(),
});
