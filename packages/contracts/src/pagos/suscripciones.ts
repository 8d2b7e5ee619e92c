import { z } from '../zod-es';
import { ZEntero } from '../validacion';
import { EstadoPago } from './pagos';

/**
 * Subscriptions (contracts) to a monthly or yearly plan. A contract is paid cycle by cycle: each cycle is one payment
 * (the cycle's IdPrepago) that the customer pays by card or voucher like any package, or that the gateway charges to
 * the card saved for recurrence when the cycle starts.
 */

/** Plan types a company can subscribe to (renewed every cycle): 1 monthly, 2 yearly. */
export const TIPOS_PLAN_SUSCRIBIBLES = [1, 2] as const;

/** Contract status: 1 in force, 2 cancelled by the customer (no more cycles are generated). */
export const EstadoContrato = { VIGENTE: 1, CANCELADO: 2 } as const;

/** A cycle is generated this many days before the current one ends (so it can be paid ahead). */
export const DIAS_ANTICIPACION_CICLO = 5;

/**
 * The seed's subscription cycle status codes: 33 pending, 34 cancelled (ANULADO), 'facturado' invoiced, 'generado'
 * pending (generated ahead, not yet due); anything else is in process.
 */
export const CODIGO_CICLO_PENDIENTE = 33;
export const CODIGO_CICLO_ANULADO = 34;
export const CODIGO_CICLO_EN_PROCESO = 32;
export const CODIGO_CICLO_FACTURADO = 'facturado';
export const CODIGO_CICLO_GENERADO = 'generado';
export type TCodigoCiclo = number | typeof CODIGO_CICLO_FACTURADO | typeof CODIGO_CICLO_GENERADO;

/**
 * Server side: the cycle's code from its payment's status and whether it is already due (its start date has come).
 * A rejected voucher leaves the cycle pending again.
 */
export function codigoCiclo(estadoPago: number, vencido: boolean): TCodigoCiclo {
  if (estadoPago === EstadoPago.ANULADO) return CODIGO_CICLO_ANULADO;
  if (estadoPago === EstadoPago.FACTURADO) return CODIGO_CICLO_FACTURADO;
  if (estadoPago === EstadoPago.PENDIENTE || estadoPago === EstadoPago.RECHAZADO) return vencido ? CODIGO_CICLO_PENDIENTE : CODIGO_CICLO_GENERADO;
  return CODIGO_CICLO_EN_PROCESO;
}

/** The web's mapping of a cycle's code (seed section 4). */
export function estadoCicloVista(codigo: TCodigoCiclo): 'pendiente' | 'anulado' | 'facturado' | 'en proceso' {
  if (codigo === CODIGO_CICLO_PENDIENTE || codigo === CODIGO_CICLO_GENERADO) return 'pendiente';
  if (codigo === CODIGO_CICLO_ANULADO) return 'anulado';
  if (codigo === CODIGO_CICLO_FACTURADO) return 'facturado';
  return 'en proceso';
}

/** The seed's subscription cycle payment, plus the cycle's number and period. */
export const ZCiclo = z.object({
  IdCiclo: z.number().int(),
  Numero: z.number().int(),
  /** The cycle's start date (the seed's FechaPago). */
  FechaPago: z.string(),
  FechaFin: z.string(),
  Comprobante: z.string().nullable(),
  Monto: z.string(),
  Moneda: z.string(),
  Estado: z.union([z.number().int(), z.literal(CODIGO_CICLO_FACTURADO), z.literal(CODIGO_CICLO_GENERADO)]),
  DescripcionEstado: z.string(),
  IdDocContable: z.number().int().nullable(),
  IdPrepago: z.number().int(),
  TieneVoucher: z.boolean(),
  MotivoRechazo: z.string().nullable(),
});
export type TCiclo = z.infer<typeof ZCiclo>;

export const ZContrato = z.object({
  IdContrato: z.number().int(),
  IdPlan: z.number().int(),
  NombrePlan: z.string(),
  TiempoPago: z.string(),
  Precio: z.string(),
  Moneda: z.string(),
  Estado: z.number().int(),
  DescripcionEstado: z.string(),
  FechaInicio: z.string(),
  FechaCancelacion: z.string().nullable(),
  RequiereFactura: z.boolean(),
  /** The card saved at the gateway for automatic charges (null: the customer pays each cycle by hand). */
  Recurrencia: z.object({ Marca: z.string(), Ultimos4: z.string() }).nullable(),
  /** Why the last automatic charge failed (null when it did not). */
  UltimoRechazo: z.string().nullable(),
  Ciclos: z.array(ZCiclo),
});
export type TContrato = z.infer<typeof ZContrato>;

/** The company's contract: the one in force, else the last cancelled one; null when it never subscribed. */
export const ZContratoEntidad = z.object({ Contrato: ZContrato.nullable() });
export type TContratoEntidad = z.infer<typeof ZContratoEntidad>;

export const ZSuscripcionSolicitud = z.object({
  IdPlan: ZEntero({ min: 1, mensajeMin: 'Seleccione un plan' }),
  /** true: the provider's receipts go as facturas to the company's RUC; false: boletas. */
  RequiereFactura: z.boolean().default(false),
});

/** The seed's contract payment request: pay the next cycle now, optionally moving to another plan. */
export const ZContratoPagoSolicitud = z.object({
  idContrato: ZEntero({ min: 1, mensajeMin: 'Indique el contrato' }),
  idPlan: ZEntero({ min: 1, mensajeMin: 'Seleccione un plan' }),
});

/** Turning on automatic charges: the single-use token of the card to save at the gateway. */
export const ZRecurrenciaSolicitud = z.strictObject({
  IdContrato: z.number({ error: 'Indique el contrato' }).int().positive(),
  Token: z.string().trim().min(10, 'Token de tarjeta no válido').max(200),
});

/** Paying one cycle by card (the gateway's token only). */
export const ZCicloCargo = z.strictObject({
  IdCiclo: z.number({ error: 'Indique el ciclo' }).int().positive(),
  Token: z.string().trim().min(10, 'Token de tarjeta no válido').max(200),
});

export const ZContratoCancelacion = z.object({ Id: ZEntero({ min: 1, mensajeMin: 'Indique el contrato' }), IdModulo: ZEntero().optional() });
