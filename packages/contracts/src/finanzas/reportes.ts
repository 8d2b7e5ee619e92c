import { z } from '../zod-es';
import { ZEntero, ZTexto } from '../validacion';
import { ZFechaFinanzas } from './finanzas';

/**
 * Finance reports (issue 14, "Reports"): aging of receivables or payables per customer / supplier, and the weekly
 * forecast of what falls due (collections to come, payments to make). Same buckets as the receivables list.
 */

export const ZAntiguedadTercerosQuery = z.object({
  tercero: ZTexto(100).default('').describe('RUC/DNI exact or part of the name'),
  idmoneda: ZEntero({ min: 1, max: 2 }).default(1).describe('1 soles, 2 dólares (one currency per report: amounts are not added across currencies)'),
  fechacorte: ZFechaFinanzas('la fecha de corte').optional().describe('Aging as of this date (default: today in Lima)'),
});
export type TAntiguedadTercerosQuery = z.input<typeof ZAntiguedadTercerosQuery>;

export const ZAntiguedadTercero = z.object({
  NumeroDocumento: z.string(),
  RazonSocial: z.string(),
  Documentos: z.number().int().describe('Documents with an open balance'),
  PorVencer: z.string(),
  De1a30: z.string(),
  De31a60: z.string(),
  De61a90: z.string(),
  Mas90: z.string(),
  Total: z.string(),
  DiasMaximoVencido: z.number().int().describe('Days overdue of the oldest open due (0 when none is overdue)'),
});
export type TAntiguedadTercero = z.infer<typeof ZAntiguedadTercero>;
export const ZAntiguedadTerceros = z.object({
  FechaCorte: z.string(),
  IdMoneda: z.number().int(),
  Data: z.array(ZAntiguedadTercero).describe('Largest balance first'),
  Totales: ZAntiguedadTercero.omit({ NumeroDocumento: true, RazonSocial: true, DiasMaximoVencido: true }),
});
export type TAntiguedadTerceros = z.infer<typeof ZAntiguedadTerceros>;

export const ZProyeccionQuery = z.object({
  tercero: ZTexto(100).default('').describe('RUC/DNI exact or part of the name (all customers / suppliers when empty)'),
  idmoneda: ZEntero({ min: 1, max: 2 }).default(1),
  semanas: ZEntero({ min: 1, max: 26 }).default(8).describe('Weeks ahead (Monday to Sunday), the current one included'),
  fechacorte: ZFechaFinanzas('la fecha de corte').optional().describe('Forecast from this date (default: today in Lima)'),
});
export type TProyeccionQuery = z.input<typeof ZProyeccionQuery>;
export const ZSemanaProyeccion = z.object({
  Semana: z.number().int().describe('0: already overdue at the cut-off date; 1: the week of the cut-off date; then the following weeks'),
  Desde: z.string().nullable().describe('Monday (or the cut-off date for week 1); null for the overdue row'),
  Hasta: z.string().nullable().describe('Sunday; null for the overdue row'),
  Cuotas: z.number().int(),
  Documentos: z.number().int(),
  Monto: z.string().describe('Open balance of the dues falling due in the week'),
});
export const ZProyeccion = z.object({
  FechaCorte: z.string(),
  IdMoneda: z.number().int(),
  Semanas: z.array(ZSemanaProyeccion),
  Posterior: z.string().describe('Open balance falling due after the last week shown'),
  Total: z.string(),
});
export type TProyeccion = z.infer<typeof ZProyeccion>;
export type TSemanaProyeccion = z.infer<typeof ZSemanaProyeccion>;

/** E-mail a customer's statement (PDF and Excel attached) through the company's SMTP server. */
export const ZEstadoCuentaCorreo = z.object({
  Cliente: z.string({ error: 'Indique el RUC o DNI del cliente' }).trim().regex(/^[A-Za-z0-9-]{1,15}$/, 'Indique el RUC o DNI del cliente'),
  IdMoneda: z.union([z.literal(1), z.literal(2)], { error: 'Moneda: 1 soles o 2 dólares' }).default(1),
  Destinatarios: z
    .array(z.email('Correo no válido'), { error: 'Indique al menos un correo' })
    .min(1, 'Indique al menos un correo')
    .max(10, 'Máximo 10 destinatarios'),
  Mensaje: z.string().trim().max(2000, 'Máximo 2000 caracteres').optional(),
});
export type TEstadoCuentaCorreo = z.input<typeof ZEstadoCuentaCorreo>;

/**
 * Cash flow by financial account (`reportes/tiposmovimientos`): for each account, the balance before the period, what
 * came in and went out in it by kind of operation, and the balance at its end, in the account's currency.
 */
export const ZFlujoCajaQuery = z.object({
  desde: ZFechaFinanzas('la fecha inicial').optional().describe('Default: the first day of the current month (Lima)'),
  hasta: ZFechaFinanzas('la fecha final').optional().describe('Default: today (Lima)'),
  idcuenta: ZEntero({ min: 1 }).optional().describe('One financial account (all when absent)'),
});
export type TFlujoCajaQuery = z.input<typeof ZFlujoCajaQuery>;
/** Cash-flow concept of detracción deposits: not an operation type of the catálogo (1-8), only a report line. */
export const ID_CONCEPTO_DETRACCIONES = 9;
export const ZConceptoFlujo = z.object({
  IdTipoOperacion: z.number().int().nullable().describe('1-8 as in catálogo of operation types; 9 detracción deposits (not in the catálogo, ID_CONCEPTO_DETRACCIONES); null for the ITF'),
  Descripcion: z.string(),
  Ingresos: z.string(),
  Egresos: z.string(),
});
export const ZFlujoCuenta = z.object({
  IdCuentaFinanciera: z.number().int(),
  Nombre: z.string(),
  TipoCuenta: z.string(),
  IdMoneda: z.number().int(),
  SaldoInicial: z.string(),
  Conceptos: z.array(ZConceptoFlujo).describe('Only the kinds with movement in the period'),
  TotalIngresos: z.string(),
  TotalEgresos: z.string(),
  SaldoFinal: z.string(),
});
export type TFlujoCuenta = z.infer<typeof ZFlujoCuenta>;
export const ZFlujoCaja = z.object({
  Desde: z.string(),
  Hasta: z.string(),
  Data: z.array(ZFlujoCuenta),
  Totales: z
    .array(ZFlujoCuenta.pick({ IdMoneda: true, SaldoInicial: true, TotalIngresos: true, TotalEgresos: true, SaldoFinal: true }))
    .describe('One row per currency: amounts are not added across currencies'),
});
export type TFlujoCaja = z.infer<typeof ZFlujoCaja>;

/** Expenses by cost centre and expense element (`reportes/elementosgastos`): notas de salida of the period, in soles. */
export const ZGastosCentroQuery = ZFlujoCajaQuery.pick({ desde: true, hasta: true });
export type TGastosCentroQuery = z.input<typeof ZGastosCentroQuery>;
export const ZGastoElemento = z.object({
  IdElementoGasto: z.number().int().nullable(),
  Elemento: z.string().describe('"Sin elemento de gasto" when the nota has none'),
  Movimientos: z.number().int(),
  Monto: z.string(),
});
export const ZGastoCentro = z.object({
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().describe('"Sin centro de costo" when the nota has none'),
  Elementos: z.array(ZGastoElemento).describe('Largest first'),
  Monto: z.string(),
  Porcentaje: z.string().describe('Share of the period total, two decimals'),
});
export type TGastoCentro = z.infer<typeof ZGastoCentro>;
export const ZGastosCentro = z.object({
  Desde: z.string(),
  Hasta: z.string(),
  Data: z.array(ZGastoCentro).describe('Largest first'),
  Total: z.string(),
});
export type TGastosCentro = z.infer<typeof ZGastosCentro>;

// ---- Dashboards (seed §7 smartreasons/...) ----
export const ZTableroMonedaQuery = z.object({
  idmoneda: ZEntero({ min: 1, max: 2 }).default(1).describe('1 soles, 2 dólares'),
});
/** Customers with the most overdue balance (smartreasons/estadoscuentas/clientes). */
export const ZTableroDeudores = z.object({
  FechaCorte: z.string(),
  IdMoneda: z.number().int(),
  PorCobrar: z.string().describe('Open balance of every customer'),
  Vencido: z.string().describe('Of it, overdue as of today'),
  Clientes: z.number().int().describe('Customers with an open balance'),
  Data: z.array(
    z.object({ NumeroDocumento: z.string(), RazonSocial: z.string(), Documentos: z.number().int(), Total: z.string(), Vencido: z.string(), DiasMaximoVencido: z.number().int() }),
  ).describe('The ten with the largest overdue balance'),
});
export type TTableroDeudores = z.infer<typeof ZTableroDeudores>;
export const ZTableroMontosQuery = ZTableroMonedaQuery.extend({
  desde: ZFechaFinanzas('la fecha inicial').optional().describe('Issue date from (default: first day of this month in Lima)'),
  hasta: ZFechaFinanzas('la fecha final').optional().describe('Issue date to (default: today in Lima)'),
}).refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, { message: 'La fecha inicial no puede ser posterior a la final', path: ['hasta'] });
/** Per customer: what was sold on credit in the period and how much of it is already collected (smartreasons/clientes/montos). */
export const ZTableroMontos = z.object({
  Desde: z.string(),
  Hasta: z.string(),
  IdMoneda: z.number().int(),
  Emitido: z.string(),
  Cobrado: z.string(),
  Pendiente: z.string(),
  Data: z.array(z.object({ NumeroDocumento: z.string(), RazonSocial: z.string(), Documentos: z.number().int(), Emitido: z.string(), Cobrado: z.string(), Pendiente: z.string() })).describe('The ten customers with the most issued'),
});
export type TTableroMontos = z.infer<typeof ZTableroMontos>;
