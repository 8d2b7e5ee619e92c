import { z } from '../zod-es';

/** Document types of the seed (§9) and the SUNAT code (catálogo 01) each one is issued as. */
export const TipoDocumentoContable = {
  FACTURA: 1003,
  BOLETA: 1004,
  NOTA_CREDITO: 1005,
  NOTA_DEBITO: 1006,
  GRE_REMITENTE: 1007,
  NOTA_VENTA: 1008,
  GRE_TRANSPORTISTA: 3005,
} as const;
export type TTipoDocumentoContable = (typeof TipoDocumentoContable)[keyof typeof TipoDocumentoContable];

/** null: internal document (nota de venta), never sent to SUNAT. */
export const CodigoSunatDeTipo: Record<TTipoDocumentoContable, '01' | '03' | '07' | '08' | '09' | '31' | null> = {
  1003: '01',
  1004: '03',
  1005: '07',
  1006: '08',
  1007: '09',
  1008: null,
  3005: '31',
};

export const NombreTipoDocumento: Record<TTipoDocumentoContable, string> = {
  1003: 'Factura electrónica',
  1004: 'Boleta de venta electrónica',
  1005: 'Nota de crédito electrónica',
  1006: 'Nota de débito electrónica',
  1007: 'Guía de remisión remitente',
  1008: 'Nota de venta',
  3005: 'Guía de remisión transportista',
};

export const ZIdTipoDocumentoContable = z.union(
  [1003, 1004, 1005, 1006, 1007, 1008, 3005].map((n) => z.literal(n)) as unknown as [
    z.ZodLiteral<1003>, z.ZodLiteral<1004>, z.ZodLiteral<1005>, z.ZodLiteral<1006>, z.ZodLiteral<1007>, z.ZodLiteral<1008>, z.ZodLiteral<3005>,
  ],
  { error: 'Tipo de documento no válido' },
);

/** Tax-authority status of a document (seed §4). */
export const EstadoSunat = {
  PENDIENTE_ENVIO: 1,
  ACEPTADO: 2,
  OBSERVADO: 3,
  EN_PROCESO_ESPERA: 4,
  RECHAZADO: 5,
  EN_PROCESO: 6,
  ERRONEO: 7,
  NO_DISPONIBLE: 8,
  ANULADO: 10,
  /** A comprobante de retención (20) in a resumen de reversiones (RR) SUNAT has not answered yet. */
  EN_REVERSION: 11,
  /** A comprobante de retención SUNAT reverted (its RR was accepted). */
  REVERTIDO: 12,
} as const;
export type TEstadoSunat = (typeof EstadoSunat)[keyof typeof EstadoSunat];

export const NombreEstadoSunat: Record<number, string> = {
  1: 'Pendiente de envío',
  2: 'Aceptado',
  3: 'Observado',
  4: 'En proceso (esperando respuesta)',
  5: 'Rechazado',
  6: 'En proceso',
  7: 'Erróneo',
  8: 'No disponible (documento interno)',
  10: 'Anulado',
  11: 'En reversión',
  12: 'Revertido',
};

/** Payment condition (seed §9). 2-4 are credit and need ListaCuotas. */
export const CondicionPago = { CONTADO: 1, CREDITO_UNA_LETRA: 2, CREDITO_VARIAS_LETRAS: 3, CREDITO_FECHA_FIJA: 4 } as const;
export const NombreCondicionPago: Record<number, string> = {
  1: 'Contado',
  2: 'Crédito - Una Letra',
  3: 'Crédito - Varias Letras',
  4: 'Crédito - Fecha Fija',
};

/** Currencies of the seed: 1 Soles (PEN), 2 Dólares (USD). */
export const Moneda = { SOLES: 1, DOLARES: 2 } as const;
export const CodigoMoneda: Record<number, 'PEN' | 'USD'> = { 1: 'PEN', 2: 'USD' };
export const SimboloMoneda: Record<number, string> = { 1: 'S/', 2: '$' };
/** Currency names for reports and e-mails. */
export const NombreMonedaReporte: Record<number, string> = { 1: 'Soles', 2: 'Dólares' };

/** Identity documents: see entidades/documento-identidad (TiposDocumentoIdentidad, validarDocumentoIdentidad). */
/** From this boleta total (soles) SUNAT requires an identified customer. */
export const LIMITE_BOLETA_SIN_IDENTIFICAR = '700.00';

/** Files of a document (seed §3): 1 PDF, 2 XML, 3 CDR (6 voucher PDF belongs to finance). */
export const TipoArchivo = { PDF: 1, XML: 2, CDR: 3 } as const;

/** Series origin (seed §9). */
export const OrigenSerie = { SUNAT: 1, VENTAS: 2, OTROS: 3 } as const;

/** SUNAT environments a company can send to. SIMULADOR is the local stand-in (packages/sunat-sim). */
export const AmbientesSunat = ['SIMULADOR', 'BETA', 'PRODUCCION', 'OSE'] as const;
export type TAmbienteSunat = (typeof AmbientesSunat)[number];
