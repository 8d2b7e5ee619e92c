import { z } from '../zod-es';
import { ZEntero } from '../validacion';
import type { TServicioCatalogo } from '../servicios/tipos';

/**
 * Mass issuing from an Excel file (/admin/documentos-masivos). The file has one row per line item; rows with the
 * same value in the "Documento" column form one document (header columns are read from its first row). Every row is
 * validated before anything is issued; then a batch (lote) is issued in the background and its progress polled.
 */

/** Limits of one file. */
/**
 * Limits of one uploaded file (issue 17: a 10,000-document workbook). The file is read as a stream (only the cells'
 * text is kept) and the batch is issued in groups, so these bound the upload's validation time, not memory.
 */
export const LIMITES_MASIVO = { MAX_DOCUMENTOS: 10_000, MAX_FILAS: 50_000, MAX_BYTES: 8 * 1024 * 1024 } as const;
/** "8 MB": the size limit as the messages say it. */
export const TAMANO_MAXIMO_MASIVO_TEXTO = `${LIMITES_MASIVO.MAX_BYTES / (1024 * 1024)} MB`;

/** Columns of the "Documentos" sheet, in order (the template's headers, in Spanish). */
export const COLUMNAS_MASIVO = [
  { Clave: 'Documento', Titulo: 'Documento', Ancho: 12, Ayuda: 'Clave que agrupa las filas (ítems) de un mismo comprobante: 1, 2, 3...' },
  { Clave: 'Tipo', Titulo: 'Tipo', Ancho: 8, Ayuda: '01 factura, 03 boleta de venta' },
  { Clave: 'Serie', Titulo: 'Serie', Ancho: 8, Ayuda: 'Serie registrada para el tipo de comprobante (F001, B001...)' },
  { Clave: 'FechaEmision', Titulo: 'Fecha de emisión', Ancho: 16, Ayuda: 'AAAA-MM-DD o DD/MM/AAAA; vacío: hoy. Desde 3 días atrás hasta hoy' },
  { Clave: 'Moneda', Titulo: 'Moneda', Ancho: 9, Ayuda: 'PEN soles o USD dólares; vacío: PEN' },
  { Clave: 'TipoDocCliente', Titulo: 'Tipo doc. cliente', Ancho: 16, Ayuda: 'RUC, DNI, CE, PASAPORTE; vacío en boletas sin cliente identificado' },
  { Clave: 'NumeroDocCliente', Titulo: 'Nro. doc. cliente', Ancho: 16, Ayuda: 'RUC de 11 dígitos, DNI de 8 dígitos...' },
  { Clave: 'Cliente', Titulo: 'Cliente', Ancho: 36, Ayuda: 'Razón social o nombre del cliente' },
  { Clave: 'DireccionCliente', Titulo: 'Dirección cliente', Ancho: 36, Ayuda: 'Opcional' },
  { Clave: 'CorreoCliente', Titulo: 'Correo cliente', Ancho: 26, Ayuda: 'Opcional' },
  { Clave: 'Observaciones', Titulo: 'Observaciones', Ancho: 26, Ayuda: 'Opcional' },
  { Clave: 'CodigoItem', Titulo: 'Código', Ancho: 12, Ayuda: 'Opcional: código de un ítem de su catálogo; la descripción, unidad, precio y afectación que deje vacíos se toman del catálogo' },
  { Clave: 'Descripcion', Titulo: 'Descripción', Ancho: 40, Ayuda: 'Descripción del producto o servicio' },
  { Clave: 'Unidad', Titulo: 'Unidad', Ancho: 9, Ayuda: 'Catálogo 03 de SUNAT: NIU bienes, ZZ servicios, KGM kilogramos...' },
  { Clave: 'Cantidad', Titulo: 'Cantidad', Ancho: 11, Ayuda: 'Mayor que cero, hasta 10 decimales' },
  { Clave: 'PrecioUnitario', Titulo: 'Precio unitario (con IGV)', Ancho: 14, Ayuda: 'Precio final por unidad, mayor que cero' },
  { Clave: 'Afectacion', Titulo: 'Afectación IGV', Ancho: 14, Ayuda: 'Catálogo 07: 10 gravado, 20 exonerado, 30 inafecto, 40 exportación...' },
] as const;
export type TClaveColumnaMasivo = (typeof COLUMNAS_MASIVO)[number]['Clave'];

export const HOJA_DOCUMENTOS_MASIVO = 'Documentos';

/** Upload: the .xlsx as base64 inside JSON (like the certificate upload). */
export const ZMasivoSubir = z.object({
  NombreArchivo: z.string({ error: 'Indique el nombre del archivo' }).trim().min(1, 'Indique el nombre del archivo').max(200, 'Máximo 200 caracteres'),
  Archivo: z
    .string({ error: 'Adjunte el archivo Excel' })
    .min(1, 'Adjunte el archivo Excel')
    .max(Math.ceil((LIMITES_MASIVO.MAX_BYTES * 4) / 3) + 4, `El archivo supera los ${TAMANO_MAXIMO_MASIVO_TEXTO}`),
});
export type TMasivoSubir = z.infer<typeof ZMasivoSubir>;

/** One error of the file: its Excel row, column and Spanish message. */
export const ZErrorFilaMasivo = z.object({
  Fila: z.number().int(),
  Columna: z.string().describe('Column header, e.g. "Cantidad"'),
  Letra: z.string().describe('Column letter, e.g. "O"'),
  Mensaje: z.string(),
});
export type TErrorFilaMasivo = z.infer<typeof ZErrorFilaMasivo>;

/** 400 of an upload with errors: nothing was issued. */
export const ZErrorMasivo = z.object({
  ErrorId: z.number().int(),
  Mensaje: z.string(),
  Errores: z.record(z.string(), z.string()).optional(),
  ErroresFilas: z.array(ZErrorFilaMasivo).optional(),
});
export type TErrorMasivo = z.infer<typeof ZErrorMasivo>;

export const EstadosLoteMasivo = ['PENDIENTE', 'EN_CURSO', 'TERMINADO'] as const;
export const EstadosDocumentoMasivo = ['PENDIENTE', 'EMITIDO', 'ERROR'] as const;

export const ZLoteMasivo = z.object({
  Id: z.number().int(),
  NombreArchivo: z.string(),
  Estado: z.enum(EstadosLoteMasivo),
  Total: z.number().int(),
  Procesados: z.number().int(),
  Correctos: z.number().int(),
  Fallidos: z.number().int(),
  Porcentaje: z.number().int().describe('0-100'),
  Usuario: z.string().nullable(),
  FechaCreacion: z.string(),
  FechaFin: z.string().nullable(),
});
export type TLoteMasivo = z.infer<typeof ZLoteMasivo>;

export const ZDocumentoMasivo = z.object({
  Numero: z.number().int(),
  Documento: z.string().describe('Value of the "Documento" column'),
  Fila: z.number().int(),
  Estado: z.enum(EstadosDocumentoMasivo),
  IdDocumento: z.number().int().nullable(),
  SerieNumero: z.string().nullable(),
  MontoTotal: z.string().nullable(),
  Error: z.string().nullable(),
});
export type TDocumentoMasivo = z.infer<typeof ZDocumentoMasivo>;

export const ZLoteMasivoDetalle = ZLoteMasivo.extend({ ListaDocumentos: z.array(ZDocumentoMasivo) });
export type TLoteMasivoDetalle = z.infer<typeof ZLoteMasivoDetalle>;

export const ZLotesMasivosQuery = z.object({
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
});
export const ZLotesMasivosLista = z.object({ Data: z.array(ZLoteMasivo), Count: z.number().int() });
export type TLotesMasivosLista = z.infer<typeof ZLotesMasivosLista>;

/** Services of mass issuing (Supervisor by default; the page's permission 2050 grants them to other roles too). */
export const serviciosMasivos = [
  { Codigo: 'MASIVO_VER', Descripcion: 'Emisión masiva: descargar la plantilla, ver los lotes y su resultado', Modulo: 'contabilidad', RolesPorDefecto: [2], Permisos: [2050] },
  { Codigo: 'MASIVO_EMITIR', Descripcion: 'Emisión masiva: subir un Excel de comprobantes y emitirlos', Modulo: 'contabilidad', RolesPorDefecto: [2], Permisos: [2050] },
] as const satisfies TServicioCatalogo[];
