import { z } from '../zod-es';
import { ZId } from '../validacion';
import { ZItemsQuery } from './item';

/**
 * Item catalogue import and export from Excel (issue 13). The file travels as base64 inside JSON, like the count and
 * mass-issuing uploads; the import is a job whose progress the screen polls (like the padrón import).
 */
export const LIMITES_IMPORTACION_ITEMS = { MAX_FILAS: 100_000, MAX_BYTES: 25 * 1024 * 1024 } as const;
export const HOJA_CATALOGO = 'Productos';

/** Columns of the template and of the export, by key; the file is read by header text, so columns may be moved. */
export const COLUMNAS_CATALOGO = {
  Codigo: 'Código',
  Descripcion: 'Descripción',
  CodigoUnidad: 'Unidad',
  Precio: 'Precio',
  PrecioIncluyeIgv: 'Precio incluye IGV',
  AfectacionIgv: 'Afectación IGV',
  TipoExistencia: 'Tipo de existencia',
  EstandarCodigoProducto: 'Estándar del código de producto',
  CodigoProducto: 'Código de producto (GTIN o UNSPSC)',
  EsFavorito: 'Favorito',
  ControlLote: 'Control por lote',
  ControlSerie: 'Control por serie',
  LogEstado: 'Activo',
  // Branch marcas: brand and category by name (an unknown one is created by the import), the brand's code, extra
  // barcodes separated by "|", the minimum stock.
  Marca: 'Marca',
  Categoria: 'Categoría',
  CodigoMarca: 'Código marca',
  CodigosBarras: 'Códigos de barras adicionales',
  StockMinimo: 'Stock mínimo',
} as const;
/** Separator of the extra barcodes in one cell. */
export const SEPARADOR_CODIGOS_BARRAS = '|';
export type TClaveColumnaCatalogo = keyof typeof COLUMNAS_CATALOGO;
/** Columns a file must have; the others take the item's current value (or the default for a new item) when missing. */
export const COLUMNAS_CATALOGO_REQUERIDAS: TClaveColumnaCatalogo[] = ['Codigo', 'Descripcion', 'CodigoUnidad', 'Precio'];

/**
 * Branch logpres: the presentations (box of 12...) travel in a second sheet, one row per presentation keyed by the
 * item's code. A workbook without this sheet leaves every presentation as it is; an item named in the sheet gets
 * exactly the rows listed for it (a row with the code and no unit: the item has no presentations).
 */
export const HOJA_PRESENTACIONES = 'Presentaciones';
export const COLUMNAS_PRESENTACIONES = {
  Codigo: 'Código del producto',
  Producto: 'Producto',
  CodigoUnidad: 'Unidad',
  Descripcion: 'Descripción',
  Factor: 'Factor',
  CodigoBarras: 'Código de barras',
  Precio: 'Precio con IGV',
} as const;
export type TClaveColumnaPresentacion = keyof typeof COLUMNAS_PRESENTACIONES;

export const ZItemsExportacionQuery = ZItemsQuery.pick({ filtro: true, estado: true, soloFavoritos: true, tipoexistencia: true });

export const ZItemsImportar = z.object({
  NombreArchivo: z.string({ error: 'Indique el nombre del archivo' }).trim().min(1, 'Indique el nombre del archivo').max(200, 'Máximo 200 caracteres'),
  Archivo: z
    .string({ error: 'Adjunte el archivo Excel' })
    .min(1, 'Adjunte el archivo Excel')
    .max(Math.ceil((LIMITES_IMPORTACION_ITEMS.MAX_BYTES * 4) / 3) + 4, `El archivo supera los ${LIMITES_IMPORTACION_ITEMS.MAX_BYTES / (1024 * 1024)} MB`),
  /** true: only check the file and report what would be created/updated and the bad rows; nothing is written. */
  SoloValidar: z.boolean({ error: 'SoloValidar debe ser verdadero o falso' }).default(false),
  /** false (default): a file with any bad row writes nothing. true: the valid rows are written and the bad ones reported. */
  AplicarValidas: z.boolean({ error: 'AplicarValidas debe ser verdadero o falso' }).default(false),
});
export type TItemsImportar = z.input<typeof ZItemsImportar>;

export const ZErrorFilaCatalogo = z.object({ Fila: z.number().int(), Columna: z.string(), Mensaje: z.string() });
export type TErrorFilaCatalogo = z.infer<typeof ZErrorFilaCatalogo>;

/**
 * PROCESANDO: being read, checked or written. VALIDADO: a SoloValidar run ended (nothing written). RECHAZADO: bad rows
 * and no AplicarValidas, nothing written. TERMINADO: written (the bad rows left out with AplicarValidas). ERROR: the
 * file could not be read or the import was interrupted; nothing written.
 */
export const EstadosImportacionItems = ['PROCESANDO', 'VALIDADO', 'RECHAZADO', 'TERMINADO', 'ERROR'] as const;
export const ZImportacionItems = z.object({
  Id: z.number().int(),
  NombreArchivo: z.string(),
  Estado: z.enum(EstadosImportacionItems),
  SoloValidar: z.boolean(),
  AplicarValidas: z.boolean(),
  /** Phase shown under the bar: Leyendo el archivo, Validando, Guardando, or the end. */
  Etapa: z.string(),
  Porcentaje: z.number().int(),
  TotalFilas: z.number().int(),
  /** New items, items changed, items in the file equal to the catalogue, rows left out for errors. */
  Creados: z.number().int(),
  Actualizados: z.number().int(),
  SinCambios: z.number().int(),
  FilasConError: z.number().int(),
  ErroresFilas: z.array(ZErrorFilaCatalogo),
  Mensaje: z.string().nullable(),
});
export type TImportacionItems = z.infer<typeof ZImportacionItems>;
export const ZImportacionItemsParams = z.object({ id: ZId });
