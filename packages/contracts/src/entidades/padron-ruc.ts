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
