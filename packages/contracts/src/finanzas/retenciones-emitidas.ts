import { z } from '../zod-es';
import { ZEntero, ZTexto } from '../validacion';
import { ZFechaFinanzas } from './finanzas';

/**
 * Comprobantes de retención electrónicos (CRE, SUNAT tipo 20) the company issues as agente de retención del IGV
 * (issue 14): a supplier payment of a factura whose total is over S/ 700 withholds 3 % of what is paid; the payment
 * leaves 97 %, the due is settled for 100 % and one CRE lists the documents paid.
 */
export const MONTO_MINIMO_RETENCION = '700';
/** Series document type (serie.id_tipo_documento) of the CRE: not a seed type, this product's own code. */
export const ID_TIPO_DOCUMENTO_CRE = 1020;

export const ZAgenteRetencion = z.object({
  /** Effective date of SUNAT's designation; null: the company is not a retention agent. */
  AgenteRetencionDesde: z.string().nullable(),
});
export type TAgenteRetencion = z.infer<typeof ZAgenteRetencion>;
export const ZAgenteRetencionGuardar = z.object({
  AgenteRetencionDesde: ZFechaFinanzas('la fecha desde la que es agente de retención').nullable(),
});
export type TAgenteRetencionGuardar = z.input<typeof ZAgenteRetencionGuardar>;

export const ZProveedorRetencionParams = z.object({
  ruc: z.string().trim().regex(/^\d{11}$/, 'RUC: 11 dígitos'),
});
export const ZProveedorRetencion = z.object({ Ruc: z.string(), RazonSocial: z.string(), NoSujetoRetencion: z.boolean() });
export type TProveedorRetencion = z.infer<typeof ZProveedorRetencion>;
export const ZProveedorRetencionGuardar = z.object({ NoSujetoRetencion: z.boolean({ error: 'Indique si el proveedor no está sujeto a retención' }) });

export const ZRetencionLinea = z.object({
  IdCuota: z.number().int(),
  IdCompra: z.number().int(),
  SerieNumero: z.string(),
  IdMoneda: z.number().int(),
  /** Paid of the document, in its currency (before retention). */
  ImportePagado: z.string(),
  /** Retained, in soles; 0.00 when this document is not subject (Motivo says why). */
  Retenido: z.string(),
  Motivo: z.string().nullable(),
});
/** What a payment will withhold (the payment dialog shows it before registering). */
export const ZRetencionCalculo = z.object({
  EsAgente: z.boolean(),
  Lineas: z.array(ZRetencionLinea),
  TotalRetenido: z.string(),
  /** The retention in the account's currency, and what leaves the account. */
  RetenidoCuenta: z.string(),
  TotalCuenta: z.string(),
  MontoAPagar: z.string(),
});
export type TRetencionCalculo = z.infer<typeof ZRetencionCalculo>;

export const ZComprobanteRetencionDetalle = z.object({
  IdCompra: z.number().int(),
  TipoDocumento: z.string(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  IdMoneda: z.number().int(),
  TotalDocumento: z.string(),
  NumeroPago: z.number().int(),
  ImportePagado: z.string(),
  TipoCambio: z.string().nullable(),
  Retenido: z.string(),
  NetoPagado: z.string(),
});
export const ZComprobanteRetencion = z.object({
  Id: z.number().int(),
  IdPago: z.number().int(),
  NumeroRecibo: z.string(),
  Serie: z.string(),
  Numero: z.number().int(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  RucProveedor: z.string(),
  RazonSocialProveedor: z.string(),
  Tasa: z.string(),
  TotalRetenido: z.string(),
  TotalPagado: z.string(),
  IdEstadoSunat: z.number().int(),
  EstadoSunat: z.string(),
  CodigoSunat: z.string().nullable(),
  MensajeSunat: z.string().nullable(),
  TieneCdr: z.boolean(),
  Anulado: z.boolean(),
  /** The resumen de reversiones (RR) that reverts it, once its payment was voided after SUNAT accepted it. */
  Reversion: z
    .object({ Nombre: z.string(), Estado: z.string(), CodigoSunat: z.string().nullable(), MensajeSunat: z.string().nullable() })
    .nullable(),
  Detalle: z.array(ZComprobanteRetencionDetalle),
});
export type TComprobanteRetencion = z.infer<typeof ZComprobanteRetencion>;
export const ZComprobantesRetencionQuery = z.object({
  proveedor: ZTexto(100).default(''),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export const ZComprobantesRetencion = z.object({ Data: z.array(ZComprobanteRetencion), Count: z.number().int() });
