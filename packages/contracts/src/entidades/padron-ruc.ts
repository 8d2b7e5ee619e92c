import { ZId } from '../comun';
import { z } from '../zod-es';

/** A taxpayer of SUNAT's "padrón reducido del RUC" as imported. */
export const ZContribuyentePadron = z.object({
  Ruc: z.string(),
  RazonSocial: z.string(),
  EstadoContribuyente: z.string(),
  CondicionDomicilio: z.string(),
  IdUbigeo: z.string().nullable(),
  /** Address assembled from the padrón's via, zone, number, interior, lote, dpto, manzana and km columns. */
  Direccion: z.string(),
});
export type TContribuyentePadron = z.infer<typeof ZContribuyentePadron>;

export const EstadosImportacionPadron = ['PENDIENTE', 'PROCESANDO', 'PAUSADA', 'COMPLETADA', 'ERROR'] as const;

export const ZImportacionPadron = z.object({
  Id: z.number().int(),
  Estado: z.enum(EstadosImportacionPadron),
  NombreArchivo: z.string(),
  BytesTotal: z.number().int(),
  /** Checkpoint: the file is imported up to this byte (a resumed import starts here). */
  BytesProcesados: z.number().int(),
  LineasProcesadas: z.number().int(),
  LineasRechazadas: z.number().int(),
  /** 0-100. */
  Porcentaje: z.number(),
  Mensaje: z.string().nullable(),
  /** Paused or stopped with its file on the server: it can resume from its checkpoint. An upload that broke in
   * transit left no file: it is uploaded again instead. */
  Reanudable: z.boolean(),
  FechaInicio: z.string(),
  FechaFin: z.string().nullable(),
});
export type TImportacionPadron = z.infer<typeof ZImportacionPadron>;

/** Current state of the padrón: the last import and how many taxpayers are loaded. */
export const ZEstadoPadron = z.object({
  Importacion: ZImportacionPadron.nullable(),
  TotalContribuyentes: z.number().int(),
});
export type TEstadoPadron = z.infer<typeof ZEstadoPadron>;

/** Import of a file already on the server (admin): an absolute path readable by the API process. */
export const ZImportacionPadronRuta = z.object({ Ruta: z.string().trim().min(1, 'Ingrese la ruta del archivo').max(1000) });

export const ZImportacionPadronParams = z.object({ id: ZId });
export const ZPadronRucParams = z.object({ ruc: z.string().regex(/^\d{11}$/, 'Se espera 11 dígitos') });

/** Bytes of the file's start that the server and the browser read to tell whether it is the padrón. */
export const BYTES_INICIO_PADRON = 64 * 1024;

/**
 * Whether the start of a file looks like SUNAT's padrón reducido del RUC: its first line is the header
 * (RUC|NOMBRE O RAZÓN SOCIAL|...) or a taxpayer (11 digits and at least 15 '|'-separated columns), and so is the first
 * line after the header. Returns the Spanish reason it is not, or null. Used by the upload (server, on the stream's
 * first bytes) and by the page (before sending anything), so both refuse with the same words.
 */
export function motivoNoEsPadron(inicio: Uint8Array, archivoCompleto: boolean): string | null {
  if (inicio.length === 0) return 'El archivo está vacío';
  if (inicio[0] === 0x50 && inicio[1] === 0x4b && inicio[2] === 0x03 && inicio[3] === 0x04)
    return 'El archivo está comprimido (.zip): descomprima padron_reducido_ruc.zip y suba el archivo padron_reducido_ruc.txt';
  const NO_ES =
    'El archivo no es el padrón reducido del RUC de SUNAT: cada línea debe tener el RUC y las 15 columnas separadas por «|» (RUC|NOMBRE O RAZÓN SOCIAL|ESTADO|...)';
  // Latin-1: one byte, one character (the padrón's own encoding); only ASCII matters for the check.
  let texto = '';
  for (let i = 0; i < inicio.length; i++) texto += String.fromCharCode(inicio[i]);
  const lineas = texto.split('\n');
  // The last piece may be a cut line unless the whole file was read.
  const completas = (archivoCompleto ? lineas : lineas.slice(0, -1)).map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
  if (completas.length === 0) return archivoCompleto ? NO_ES : 'La primera línea del archivo es demasiado larga: no es el padrón reducido del RUC de SUNAT';
  const columnas = (l: string) => l.split('|').length - (l.endsWith('|') ? 1 : 0);
  const esContribuyente = (l: string) => /^\d{11}\|/.test(l) && columnas(l) >= 15;
  const [primera, segunda] = completas;
  if (/^RUC\|/i.test(primera) && columnas(primera) >= 15) return segunda === undefined || esContribuyente(segunda) ? null : NO_ES;
  return esContribuyente(primera) ? null : NO_ES;
}
