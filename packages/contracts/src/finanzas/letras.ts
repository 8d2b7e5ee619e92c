import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';
import { MediosPagoBancarios, ZFechaFinanzas } from './finanzas';

/**
 * Letras de cambio por cobrar (issue 14, Ley 27287): credit-sale dues replaced (canje) by letras accepted by the
 * customer; each letra is a due of its own in receivables (series LT) until collected, renewed or voided.
 */
export const EstadosLetra = { 1: 'En cartera', 2: 'En cobranza', 3: 'Descontada', 4: 'Cobrada', 5: 'Protestada', 6: 'Renovada', 7: 'Anulada' } as const;
export type TEstadoLetra = keyof typeof EstadosLetra;
/** The serie the letras' dues carry in receivables (LT-<número>). */
export const SERIE_LETRA = 'LT';

const ZMonto = (campo: string) => ZDecimal(campo, { enteros: 12, decimales: 2 }).refine((v) => /[1-9]/.test(v), `${campo}: debe ser mayor que cero`);
const ZMontoOpcional = (campo: string) => ZDecimal(campo, { enteros: 12, decimales: 2 }).optional();
const opcional = (max: number) =>
  ZTexto(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZLetraCanjeNueva = z.object({
  FechaVencimiento: ZFechaFinanzas('la fecha de vencimiento de la letra'),
  Monto: ZMonto('Monto de la letra'),
});
/** POST entidades/documentos/pagares: the canje of one customer's dues (one currency) into letras. */
export const ZCanjeLetras = z.object({
  FechaGiro: ZFechaFinanzas('la fecha de giro').optional(),
  LugarGiro: ZTexto(100, { min: 2, mensajeMin: 'Indique el lugar de giro' }),
  LugarPago: opcional(150),
  AvalNombre: opcional(250),
  AvalDocumento: opcional(15),
  Observacion: opcional(250),
  Cuotas: z
    .array(z.object({ IdCuota: ZId, Monto: ZMonto('Monto') }), { error: 'Indique las cuotas a canjear' })
    .min(1, 'Seleccione al menos una cuota')
    .max(100, 'Máximo 100 cuotas por canje'),
  Letras: z.array(ZLetraCanjeNueva, { error: 'Indique las letras' }).min(1, 'Indique al menos una letra').max(60, 'Máximo 60 letras por canje'),
});
export type TCanjeLetras = z.input<typeof ZCanjeLetras>;

export const ZLetra = z.object({
  Id: z.number().int(),
  Numero: z.string().describe('LT-<número>, per company'),
  IdCuota: z.number().int().nullable().describe('The letra\'s due in receivables'),
  IdCanje: z.number().int().describe('The canje (collection of kind 4) the letra came from'),
  IdLetraOrigen: z.number().int().nullable().describe('The letra this one renewed'),
  IdLetraRenovacion: z.number().int().nullable(),
  Estado: z.number().int(),
  EstadoNombre: z.string(),
  FechaGiro: z.string(),
  FechaVencimiento: z.string(),
  LugarGiro: z.string(),
  LugarPago: z.string().nullable(),
  IdMoneda: z.number().int(),
  Monto: z.string(),
  Cobrado: z.string(),
  Saldo: z.string(),
  DiasVencido: z.number().int(),
  NumeroDocumentoCliente: z.string(),
  RazonSocialCliente: z.string(),
  DireccionCliente: z.string().nullable(),
  AvalNombre: z.string().nullable(),
  AvalDocumento: z.string().nullable(),
  IdCuentaFinanciera: z.number().int().nullable(),
  CuentaFinanciera: z.string().nullable(),
  InteresDescuento: z.string(),
  GastosProtesto: z.string(),
  InteresRenovacion: z.string(),
  Documentos: z.string().describe('The documents the canje replaced'),
  Observacion: z.string().nullable(),
});
export type TLetra = z.infer<typeof ZLetra>;
export const ZLetras = z.object({ Data: z.array(ZLetra), Count: z.number().int() });
export const ZCanjeResultado = z.object({ IdCanje: z.number().int(), Letras: z.array(ZLetra) });

export const ZLetrasQuery = z.object({
  estado: ZEntero({ min: 0, max: 7 }).default(0),
  cliente: ZTexto(100).default('').describe('RUC/DNI exact or part of the name'),
  vencimientodesde: ZFechaFinanzas('la fecha de vencimiento inicial').optional(),
  vencimientohasta: ZFechaFinanzas('la fecha de vencimiento final').optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export type TLetrasQuery = z.input<typeof ZLetrasQuery>;

/** POST ordenes/cobros/pagares: send a letra to a bank, for collection (COBRANZA) or discount (DESCUENTO). */
export const ZLetraOrdenBanco = z
  .object({
    IdLetra: ZId,
    Tipo: z.enum(['COBRANZA', 'DESCUENTO'], { error: 'Tipo: COBRANZA o DESCUENTO' }),
    IdCuentaFinanciera: ZId,
    Fecha: ZFechaFinanzas('la fecha').optional(),
    Interes: ZMontoOpcional('Interés del descuento'),
  })
  .superRefine((v, ctx) => {
    if (v.Tipo === 'DESCUENTO' && !(v.Interes && /[1-9]/.test(v.Interes)))
      ctx.addIssue({ code: 'custom', path: ['Interes'], message: 'Indique el interés que cobra el banco por el descuento' });
  });
export type TLetraOrdenBanco = z.input<typeof ZLetraOrdenBanco>;

/** POST cobros/pagares: collect a letra (its whole balance) into a cash box or a bank account. */
export const ZLetraCobro = z.object({
  IdLetra: ZId,
  IdCuentaFinanciera: ZId,
  Fecha: ZFechaFinanzas('la fecha del cobro').optional(),
  MedioPago: z.enum(Object.keys(MediosPagoBancarios) as ['001'], { error: 'Medio de pago no válido' }).optional(),
  NumeroOperacion: textoPermitido(z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/, 'Número de operación: de 1 a 30 letras, dígitos o guiones')).optional(),
  Observacion: opcional(250),
});
export type TLetraCobro = z.input<typeof ZLetraCobro>;

export const ZLetraProtesto = z.object({
  Fecha: ZFechaFinanzas('la fecha del protesto').optional(),
  Gastos: ZMontoOpcional('Gastos de protesto'),
});
export const ZLetraRenovacion = z.object({
  Fecha: ZFechaFinanzas('la fecha de la renovación').optional(),
  FechaVencimiento: ZFechaFinanzas('la fecha de vencimiento de la nueva letra'),
  Interes: ZMontoOpcional('Interés de la renovación'),
});
export const ZLetraAnular = z.object({ Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }) });

// ---- Letras de cambio por pagar (branch letraspagar) ----

/** Letras we accepted to a supplier: 1 Pendiente, 2 Pagada, 3 Anulada (its canje voided). */
export const EstadosLetraPagar = { 1: 'Pendiente', 2: 'Pagada', 3: 'Anulada', 4: 'Renovada' } as const;
/** The serie the letras por pagar's dues carry in payables (LP-<número>). */
export const SERIE_LETRA_PAGAR = 'LP';
/** The payment kind of a canje of purchase dues for letras (no money, no account). */
export const TIPO_PAGO_CANJE_LETRAS = 4;

/** POST proveedores/documentos/pagares: the canje of one supplier's purchase dues (one currency) into letras we accept. */
export const ZCanjeLetrasPagar = z.object({
  FechaGiro: ZFechaFinanzas('la fecha de giro').optional(),
  LugarGiro: opcional(100),
  Observacion: opcional(250),
  Cuotas: z
    .array(z.object({ IdCuota: ZId, Monto: ZMonto('Monto') }), { error: 'Indique las cuotas a canjear' })
    .min(1, 'Seleccione al menos una cuota')
    .max(100, 'Máximo 100 cuotas por canje'),
  Letras: z
    .array(
      z.object({
        NumeroGirador: textoPermitido(z.string().trim().regex(/^[A-Za-z0-9-]{0,30}$/, 'Número del proveedor: hasta 30 letras, dígitos o guiones'))
          .nullish()
          .transform((v) => (v ? v : null)),
        FechaVencimiento: ZFechaFinanzas('la fecha de vencimiento de la letra'),
        Monto: ZMonto('Monto de la letra'),
      }),
      { error: 'Indique las letras' },
    )
    .min(1, 'Indique al menos una letra')
    .max(60, 'Máximo 60 letras por canje'),
});
export type TCanjeLetrasPagar = z.input<typeof ZCanjeLetrasPagar>;

export const ZLetraPagar = z.object({
  Id: z.number().int(),
  Numero: z.string().describe('LP-<número>, per company'),
  NumeroGirador: z.string().nullable().describe("The supplier's own number for the letra"),
  IdCuota: z.number().int().nullable().describe("The letra's due in payables"),
  IdCanje: z.number().int().describe('The canje (supplier payment of kind 4) the letra came from'),
  IdLetraOrigen: z.number().int().nullable().describe('The letra por pagar this one renewed'),
  Estado: z.number().int(),
  EstadoNombre: z.string(),
  FechaGiro: z.string(),
  FechaVencimiento: z.string(),
  IdMoneda: z.number().int(),
  Monto: z.string(),
  Pagado: z.string(),
  Saldo: z.string(),
  DiasVencido: z.number().int(),
  NumeroDocumentoProveedor: z.string(),
  RazonSocialProveedor: z.string(),
  Documentos: z.string().describe('The purchases the canje replaced'),
  Observacion: z.string().nullable(),
  MotivoAnulacion: z.string().nullable(),
});
export type TLetraPagar = z.infer<typeof ZLetraPagar>;
export const ZLetrasPagar = z.object({ Data: z.array(ZLetraPagar), Count: z.number().int() });
export const ZCanjePagarResultado = z.object({ IdCanje: z.number().int(), Letras: z.array(ZLetraPagar) });
export const ZLetrasPagarQuery = z.object({
  estado: ZEntero({ min: 0, max: 4 }).default(0),
  proveedor: ZTexto(100).default('').describe('RUC exact or part of the name'),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export type TLetrasPagarQuery = z.input<typeof ZLetrasPagarQuery>;

/** POST pagos/pagares: pay a letra (its whole balance) from a cash box (cash) or a bank account (bancarizado). */
export const ZLetraPago = ZLetraCobro.extend({ Fecha: ZFechaFinanzas('la fecha del pago').optional() });
export type TLetraPago = z.input<typeof ZLetraPago>;
