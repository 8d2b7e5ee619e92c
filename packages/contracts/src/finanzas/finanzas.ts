import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';

/**
 * Finance (issue 14, seed §7 "Finance"): exchange rates, financial accounts, cost centres, receivables (dues of the
 * credit sales) with aging, collections (cobros) with their reversal and receipt, and the customer statement.
 */

/** Account types of the seed (§9): 1 Caja Chica, 2 Caja, 3 Banco. */
export const TiposCuentaFinanciera = { 1: 'Caja chica', 2: 'Caja', 3: 'Banco' } as const;
/** Collection kinds: cash or through a bank (bancarizado); 3 applies the customer's credit in favour (no money). */
export const TiposCobro = { 1: 'Efectivo', 2: 'Bancarizado', 3: 'Aplicación de saldo a favor', 4: 'Canje por letras' } as const;
/** A "collection" of kind 4: invoice dues replaced by letras de cambio (no money, no account). */
export const TIPO_COBRO_CANJE_LETRAS = 4;
export const TIPO_COBRO_SALDO_A_FAVOR = 3;
/** A supplier payment of kind 3: the supplier's credit in favour (its credit notes) applied to its dues. */
export const TIPO_PAGO_SALDO_A_FAVOR = 3;
/** Payment means of a bank collection (SUNAT Tabla 1 / catálogo 59, the ones a collection uses). */
export const MediosPagoBancarios = {
  '001': 'Depósito en cuenta',
  '003': 'Transferencia de fondos',
  '005': 'Tarjeta de débito',
  '006': 'Tarjeta de crédito',
  '007': 'Cheque',
} as const;
/** Aging buckets, in the order the report shows them. */
export const TramosAntiguedad = ['PorVencer', 'De1a30', 'De31a60', 'De61a90', 'Mas90'] as const;
export type TTramoAntiguedad = (typeof TramosAntiguedad)[number];
export const NombresTramo: Record<TTramoAntiguedad, string> = {
  PorVencer: 'Por vencer',
  De1a30: '1 a 30 días',
  De31a60: '31 a 60 días',
  De61a90: '61 a 90 días',
  Mas90: 'Más de 90 días',
};

export const ZFechaFinanzas = (campo: string) =>
  textoPermitido(z.string({ error: `Indique ${campo}` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${campo}: use el formato AAAA-MM-DD`)).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2100-12-31';
  }, `${campo}: fecha no válida`);

const ZPaginacion = {
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
};
const ZTasa = (campo: string) =>
  ZDecimal(campo, { enteros: 4, decimales: 4 }).refine((v) => Number(v) > 0, `${campo}: debe ser mayor que cero`);
const ZMontoPositivo = (campo: string) => ZDecimal(campo, { enteros: 12, decimales: 2 }).refine((v) => /[1-9]/.test(v), `${campo}: debe ser mayor que cero`);
const opcional = (max: number) =>
  ZTexto(max)
    .nullish()
    .transform((v) => (v ? v : null));

// ---- Exchange rates ----
export const ZTipoCambio = z.object({ Id: z.number().int(), Fecha: z.string(), IdMoneda: z.number().int(), Compra: z.string(), Venta: z.string() });
export type TTipoCambio = z.infer<typeof ZTipoCambio>;
export const ZTipoCambioGuardar = z
  .object({
    Fecha: ZFechaFinanzas('la fecha'),
    IdMoneda: z.literal(2, { error: 'Solo se registra el tipo de cambio del dólar (moneda 2)' }).default(2),
    Compra: ZTasa('Compra'),
    Venta: ZTasa('Venta'),
  })
  .superRefine((v, ctx) => {
    if (/^\d/.test(v.Compra) && /^\d/.test(v.Venta) && Number(v.Compra) > Number(v.Venta))
      ctx.addIssue({ code: 'custom', path: ['Venta'], message: 'El tipo de cambio de venta no puede ser menor que el de compra' });
  });
export type TTipoCambioGuardar = z.input<typeof ZTipoCambioGuardar>;
export const ZTiposCambioQuery = z.object({
  fechainicio: ZFechaFinanzas('la fecha inicial').optional(),
  fechafin: ZFechaFinanzas('la fecha final').optional(),
  ...ZPaginacion,
});
export const ZTiposCambio = z.object({ Data: z.array(ZTipoCambio), Count: z.number().int() });

// ---- Financial accounts ----
export const ZCuentaFinanciera = z.object({
  Id: z.number().int(),
  IdTipoCuenta: z.number().int(),
  TipoCuenta: z.string(),
  Nombre: z.string(),
  Banco: z.string().nullable(),
  NumeroCuenta: z.string().nullable(),
  CCI: z.string().nullable(),
  IdMoneda: z.number().int(),
  LogEstado: z.number().int(),
  /** Ledger account (leaf of class 10) its automatic entries post to; null: the mapping CAJA / BANCO. */
  IdCuentaContable: z.number().int().nullable(),
  CuentaContable: z.string().nullable().describe('Código y descripción de la cuenta contable'),
});
export type TCuentaFinanciera = z.infer<typeof ZCuentaFinanciera>;
export const ZCuentaFinancieraGuardar = z
  .object({
    IdTipoCuenta: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Tipo de cuenta: 1 caja chica, 2 caja o 3 banco' }),
    Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre de la cuenta' }),
    Banco: opcional(100),
    NumeroCuenta: textoPermitido(z.string().trim().regex(/^[\d-]{0,30}$/, 'Número de cuenta: solo dígitos y guiones (máximo 30)'))
      .nullish()
      .transform((v) => (v ? v : null)),
    CCI: textoPermitido(z.string().trim().regex(/^(\d{20})?$/, 'El CCI tiene 20 dígitos'))
      .nullish()
      .transform((v) => (v ? v : null)),
    IdMoneda: z.union([z.literal(1), z.literal(2)], { error: 'Moneda: 1 soles o 2 dólares' }),
    LogEstado: z.union([z.literal(0), z.literal(1)], { error: 'Estado: 1 activo o 0 inactivo' }).default(1),
    IdCuentaContable: z.number({ error: 'Elija una cuenta contable de la clase 10' }).int().positive().nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.IdTipoCuenta === 3 && !v.Banco) ctx.addIssue({ code: 'custom', path: ['Banco'], message: 'Indique el banco de la cuenta' });
    if (v.IdTipoCuenta === 3 && !v.NumeroCuenta) ctx.addIssue({ code: 'custom', path: ['NumeroCuenta'], message: 'Indique el número de cuenta' });
  });
export type TCuentaFinancieraGuardar = z.input<typeof ZCuentaFinancieraGuardar>;
export const ZCuentasFinancierasQuery = z.object({ estado: ZEntero({ min: -1, max: 1 }).default(-1).describe('-1 todas, 1 activas, 0 inactivas') });
export const ZCuentasFinancieras = z.object({ Data: z.array(ZCuentaFinanciera), Count: z.number().int() });

// ---- Cost centres ----
export const ZCentroCosto = z.object({
  Id: z.number().int(),
  Codigo: z.string(),
  Nombre: z.string(),
  LogEstado: z.number().int(),
  IdCuentaDestino: z.number().int().nullable().describe('Cuenta del elemento 9 a la que se destinan los gastos (clase 6) del centro'),
  CuentaDestino: z.string().nullable(),
});
export type TCentroCosto = z.infer<typeof ZCentroCosto>;
export const ZCentroCostoGuardar = z.object({
  Codigo: textoPermitido(z.string({ error: 'Ingrese el código' }).trim().regex(/^[A-Za-z0-9._-]{1,20}$/, 'Código: de 1 a 20 letras, dígitos, puntos o guiones')),
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del centro de costo' }),
  LogEstado: z.union([z.literal(0), z.literal(1)], { error: 'Estado: 1 activo o 0 inactivo' }).default(1),
  /** Element 9 leaf account the centre's class 6 expenses are carried to (destino); null: none. */
  IdCuentaDestino: ZId.nullish().transform((v) => v ?? null),
});
export type TCentroCostoGuardar = z.input<typeof ZCentroCostoGuardar>;
export const ZCentrosCosto = z.object({ Data: z.array(ZCentroCosto), Count: z.number().int() });

// ---- Receivables ----
export const ZCuotaPorCobrar = z.object({
  IdCuota: z.number().int(),
  NumeroCuota: z.number().int(),
  FechaVencimiento: z.string(),
  Monto: z.string(),
  Cobrado: z.string(),
  Saldo: z.string(),
  DiasVencido: z.number().int().describe('0 when not yet due'),
  Tramo: z.enum(TramosAntiguedad),
  Detraccion: z.boolean().optional().describe('The detracción due (the customer deposits it into the Banco de la Nación account): not exchangeable for letras'),
});
export type TCuotaPorCobrar = z.infer<typeof ZCuotaPorCobrar>;
export const ZDocumentoPorCobrar = z.object({
  IdDocumento: z.number().int(),
  IdTipoDocumento: z.number().int(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  NumeroDocumentoCliente: z.string(),
  RazonSocialCliente: z.string(),
  IdMoneda: z.number().int(),
  Total: z.string(),
  Cobrado: z.string(),
  Saldo: z.string(),
  ProximoVencimiento: z.string().nullable(),
  DiasVencido: z.number().int(),
  Tramo: z.enum(TramosAntiguedad),
  Cuotas: z.array(ZCuotaPorCobrar),
});
export type TDocumentoPorCobrar = z.infer<typeof ZDocumentoPorCobrar>;
export const ZResumenAntiguedad = z.object({
  IdMoneda: z.number().int(),
  PorVencer: z.string(),
  De1a30: z.string(),
  De31a60: z.string(),
  De61a90: z.string(),
  Mas90: z.string(),
  Total: z.string(),
});
export type TResumenAntiguedad = z.infer<typeof ZResumenAntiguedad>;
export const ZCuentasPorCobrarQuery = z.object({
  cliente: ZTexto(100).default('').describe('RUC/DNI exact or part of the name'),
  idmoneda: ZEntero({ min: 0, max: 2 }).default(0),
  tramo: z.enum(['', ...TramosAntiguedad], { error: 'Tramo no válido' }).default(''),
  fechacorte: ZFechaFinanzas('la fecha de corte').optional().describe('Aging as of this date (default: today in Lima)'),
  ...ZPaginacion,
});
export type TCuentasPorCobrarQuery = z.input<typeof ZCuentasPorCobrarQuery>;
export const ZCuentasPorCobrar = z.object({
  Data: z.array(ZDocumentoPorCobrar),
  Count: z.number().int(),
  FechaCorte: z.string(),
  Resumen: z.array(ZResumenAntiguedad).describe('Aging of every open due of the filter, per currency'),
});
export type TCuentasPorCobrar = z.infer<typeof ZCuentasPorCobrar>;

// ---- Collections ----
const ZDetalleCobro = z
  .array(z.object({ IdCuota: ZId, Monto: ZMontoPositivo('Monto') }), { error: 'Indique las cuotas a cobrar' })
  .min(1, 'Seleccione al menos una cuota')
  .max(200, 'Máximo 200 cuotas por cobro')
  .superRefine((v, ctx) => {
    const vistos = new Set<number>();
    v.forEach((d, i) => {
      if (vistos.has(d.IdCuota)) ctx.addIssue({ code: 'custom', path: [i, 'IdCuota'], message: 'La cuota está repetida' });
      vistos.add(d.IdCuota);
    });
  });
export const ZCobroCrear = z
  .object({
    IdCuentaFinanciera: ZId,
    Fecha: ZFechaFinanzas('la fecha del cobro').optional(),
    MedioPago: z.enum(Object.keys(MediosPagoBancarios) as ['001'], { error: 'Medio de pago no válido' }).optional(),
    NumeroOperacion: textoPermitido(z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/, 'Número de operación: de 1 a 30 letras, dígitos o guiones')).optional(),
    Observacion: opcional(250),
    Detalle: z
      .array(z.object({ IdCuota: ZId, Monto: ZMontoPositivo('Monto') }), { error: 'Indique las cuotas a cobrar' })
      .min(1, 'Seleccione al menos una cuota')
      .max(200, 'Máximo 200 cuotas por cobro'),
  })
  .superRefine((v, ctx) => {
    const vistos = new Set<number>();
    v.Detalle.forEach((d, i) => {
      if (vistos.has(d.IdCuota)) ctx.addIssue({ code: 'custom', path: ['Detalle', i, 'IdCuota'], message: 'La cuota está repetida' });
      vistos.add(d.IdCuota);
    });
  });
export type TCobroCrear = z.input<typeof ZCobroCrear>;
export type TCobroCrearParseado = z.infer<typeof ZCobroCrear>;
/** Applying the customer's credit in favour to open dues of the same customer and currency: no account, no means. */
export const ZSaldoAFavorAplicar = z.object({
  Fecha: ZFechaFinanzas('la fecha de la aplicación').optional(),
  Observacion: opcional(250),
  Detalle: ZDetalleCobro,
});
export type TSaldoAFavorAplicar = z.input<typeof ZSaldoAFavorAplicar>;
export const ZSaldoAFavorQuery = z.object({
  cliente: textoPermitido(z.string({ error: 'Indique el RUC o DNI del cliente' }).trim().regex(/^[A-Za-z0-9-]{1,15}$/, 'Indique el RUC o DNI del cliente')),
  idmoneda: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'Moneda: 1 soles o 2 dólares' }).default(1).transform(Number),
});
/** A customer's credit in favour in one currency: what credit notes left (Generado), what was applied, what remains. */
export const ZSaldoAFavor = z.object({
  NumeroDocumentoCliente: z.string(),
  IdMoneda: z.number().int(),
  Generado: z.string(),
  Aplicado: z.string(),
  Disponible: z.string(),
});
export type TSaldoAFavor = z.infer<typeof ZSaldoAFavor>;
export const ZCobroDetalle = z.object({
  IdCuota: z.number().int(),
  IdDocumento: z.number().int(),
  SerieNumero: z.string(),
  NumeroCuota: z.number().int(),
  IdMoneda: z.number().int(),
  Monto: z.string(),
  MontoCuenta: z.string(),
});
export const ZCobro = z.object({
  Id: z.number().int(),
  NumeroRecibo: z.string(),
  Fecha: z.string(),
  IdTipoCobro: z.number().int(),
  TipoCobro: z.string(),
  /** null for an application of the customer's credit in favour (kind 3): no money moved. */
  IdCuentaFinanciera: z.number().int().nullable(),
  CuentaFinanciera: z.string(),
  IdMoneda: z.number().int(),
  Monto: z.string(),
  MontoSoles: z.string(),
  TipoCambio: z.string().nullable(),
  MedioPago: z.string().nullable(),
  NumeroOperacion: z.string().nullable(),
  Itf: z.string().describe("ITF the bank charged (bank collections and payments), in the account's currency; 0.00 when none"),
  NumeroDocumentoCliente: z.string(),
  RazonSocialCliente: z.string(),
  Observacion: z.string().nullable(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
  Detalle: z.array(ZCobroDetalle),
});
export type TCobro = z.infer<typeof ZCobro>;
export const ZCobrosQuery = z.object({
  cliente: ZTexto(100).default(''),
  fechainicio: ZFechaFinanzas('la fecha inicial').optional(),
  fechafin: ZFechaFinanzas('la fecha final').optional(),
  ...ZPaginacion,
});
export const ZCobros = z.object({ Data: z.array(ZCobro), Count: z.number().int() });
export const ZCobroAnular = z.object({ Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }) });

// ---- Customer statement ----
export const ZEstadoCuentaQuery = z.object({
  cliente: textoPermitido(z.string({ error: 'Indique el RUC o DNI del cliente' }).trim().regex(/^[A-Za-z0-9-]{1,15}$/, 'Indique el RUC o DNI del cliente')),
  idmoneda: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'Moneda: 1 soles o 2 dólares' }).default(1).transform(Number),
});
export const ZMovimientoEstadoCuenta = z.object({
  Fecha: z.string(),
  Concepto: z.string(),
  Referencia: z.string(),
  Cargo: z.string(),
  Abono: z.string(),
  Saldo: z.string(),
});
export const ZEstadoCuenta = z.object({
  NumeroDocumentoCliente: z.string(),
  RazonSocialCliente: z.string(),
  IdMoneda: z.number().int(),
  Movimientos: z.array(ZMovimientoEstadoCuenta),
  TotalCargos: z.string(),
  TotalAbonos: z.string(),
  Saldo: z.string(),
  /** What credit notes left in the customer's favour beyond the dues they lowered, less what was applied (this currency). */
  SaldoAFavor: z.string(),
});
export type TEstadoCuenta = z.infer<typeof ZEstadoCuenta>;
