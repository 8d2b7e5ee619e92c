import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';
import { ZFechaFinanzas } from './finanzas';

/**
 * Movements on financial accounts and bank reconciliation (issue 14, "Accounts and movements"; branch movfin).
 * Operation types of spec §9: 1 Cobro, 2 Pago, 3 Ingreso, 4 Egreso, 5 Depósito cuenta, 6 Transferencia caja,
 * 7 Transferencia cuenta, 8 Planilla; movement 1 Ingreso / 2 Egreso.
 */
export const TiposOperacionFinanciera = {
  1: 'Cobro',
  2: 'Pago',
  3: 'Ingreso',
  4: 'Egreso',
  5: 'Depósito cuenta',
  6: 'Transferencia caja',
  7: 'Transferencia cuenta',
  8: 'Planilla',
} as const;
export const TiposMovimientoFinanciero = { 1: 'Ingreso', 2: 'Egreso' } as const;
/** ITF rate (Ley 28194 as amended by Ley 29667): 0.005 %; the tax is truncated to the lower multiple of S/ 0.05. */
export const TASA_ITF = '0.00005';

const ZMonto = (campo: string) => ZDecimal(campo, { enteros: 12, decimales: 2 }).refine((v) => /[1-9]/.test(v), `${campo}: debe ser mayor que cero`);
const opcional = (max: number) =>
  ZTexto(max)
    .nullish()
    .transform((v) => (v ? v : null));

// ---- Expense elements ----
export const ZElementoGasto = z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string(), LogEstado: z.number().int() });
export type TElementoGasto = z.infer<typeof ZElementoGasto>;
export const ZElementoGastoGuardar = z.object({
  Codigo: textoPermitido(z.string({ error: 'Ingrese el código' }).trim().regex(/^[A-Za-z0-9._-]{1,20}$/, 'Código: de 1 a 20 letras, dígitos, puntos o guiones')),
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del elemento de gasto' }),
  LogEstado: z.union([z.literal(0), z.literal(1)], { error: 'Estado: 1 activo o 0 inactivo' }).default(1),
});
export type TElementoGastoGuardar = z.input<typeof ZElementoGastoGuardar>;
export const ZElementosGasto = z.object({ Data: z.array(ZElementoGasto), Count: z.number().int() });

// ---- Movements ----
export const ZMovimientoFinanciero = z.object({
  Id: z.number().int(),
  Numero: z.string().describe('MF-<n>, per company'),
  Fecha: z.string(),
  IdTipoOperacion: z.number().int(),
  TipoOperacion: z.string(),
  IdTipoMovimiento: z.number().int().describe('1 ingreso, 2 egreso (from this account)'),
  TipoMovimiento: z.string(),
  IdCuentaFinanciera: z.number().int(),
  CuentaFinanciera: z.string(),
  IdMoneda: z.number().int(),
  Monto: z.string().describe("in the account's currency"),
  MontoSoles: z.string(),
  TipoCambio: z.string().nullable(),
  Itf: z.string().describe("ITF charged on this bank movement, in the account's currency (0.00 when none)"),
  IdMovimientoPar: z.number().int().nullable().describe('the other side of a deposit or transfer'),
  CuentaPar: z.string().nullable(),
  Motivo: z.string(),
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().nullable(),
  IdElementoGasto: z.number().int().nullable(),
  ElementoGasto: z.string().nullable(),
  NumeroOperacion: z.string().nullable(),
  Conciliado: z.boolean(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
});
export type TMovimientoFinanciero = z.infer<typeof ZMovimientoFinanciero>;
export const ZMovimientosFinancieros = z.object({ Data: z.array(ZMovimientoFinanciero), Count: z.number().int() });

/** POST notas/ingresos and notas/salidas. */
export const ZNotaMovimiento = z.object({
  IdCuentaFinanciera: ZId,
  Fecha: ZFechaFinanzas('la fecha').optional(),
  Monto: ZMonto('Monto'),
  Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo (mínimo 3 caracteres)' }),
  IdCentroCosto: ZId.nullish().transform((v) => v ?? null),
  IdElementoGasto: ZId.nullish().transform((v) => v ?? null),
  NumeroOperacion: opcional(30),
});
export type TNotaMovimiento = z.input<typeof ZNotaMovimiento>;

/** POST movimientos/depositos (caja -> banco), movimientos/cajas (caja -> caja), movimientos/cuentasbancarias (any). */
export const ZTransferencia = z
  .object({
    IdCuentaOrigen: ZId,
    IdCuentaDestino: ZId,
    Fecha: ZFechaFinanzas('la fecha').optional(),
    Monto: ZMonto('Monto').describe("in the origin account's currency; converted at the day's rate (venta) when the destination differs"),
    Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo (mínimo 3 caracteres)' }),
    NumeroOperacion: opcional(30),
  })
  .refine((b) => b.IdCuentaOrigen !== b.IdCuentaDestino, { message: 'La cuenta de destino debe ser distinta de la de origen', path: ['IdCuentaDestino'] });
export type TTransferencia = z.input<typeof ZTransferencia>;

export const ZMovimientoAnular = z.object({ Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo (mínimo 3 caracteres)' }).default('Eliminado por el usuario') });

export const ZMovimientosFinancierosQuery = z.object({
  idcuenta: ZEntero({ min: 0, max: 2_147_483_647 }).default(0),
  desde: ZFechaFinanzas('la fecha inicial').optional(),
  hasta: ZFechaFinanzas('la fecha final').optional(),
  tipo: ZEntero({ min: 0, max: 8 }).default(0).describe('operation type, 0 = all'),
  anulados: z.enum(['0', '1'], { error: 'anulados: 0 o 1' }).default('0'),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export type TMovimientosFinancierosQuery = z.input<typeof ZMovimientosFinancierosQuery>;

/** Balance of one account: collections + movements in - payments - movements out - ITF (decimal, account currency). */
export const ZSaldoCuenta = z.object({
  IdCuentaFinanciera: z.number().int(),
  Nombre: z.string(),
  IdTipoCuenta: z.number().int(),
  TipoCuenta: z.string(),
  IdMoneda: z.number().int(),
  Cobros: z.string(),
  Pagos: z.string(),
  Ingresos: z.string(),
  Egresos: z.string(),
  Itf: z.string(),
  Saldo: z.string(),
});
export type TSaldoCuenta = z.infer<typeof ZSaldoCuenta>;
export const ZSaldosCuentas = z.object({ Data: z.array(ZSaldoCuenta), Count: z.number().int() });

// ---- Bank reconciliation ----
export const PerfilesExtracto = { BCP: 'BCP', BBVA: 'BBVA', INTERBANK: 'Interbank', SCOTIABANK: 'Scotiabank', GENERICO: 'Configurable' } as const;
export type TPerfilExtracto = keyof typeof PerfilesExtracto;
const ZColumna = textoPermitido(z.string().trim().max(60, 'Columna: máximo 60 caracteres'))
  .nullish()
  .transform((v) => (v ? v : null));
/** Columns of the configurable profile: a header name or a 1-based column number (A = 1). */
export const ZColumnasExtracto = z.object({
  Fecha: ZColumna,
  Descripcion: ZColumna,
  NumeroOperacion: ZColumna,
  Monto: ZColumna.describe('signed amount (negative = cargo); or give Cargo and Abono'),
  Cargo: ZColumna,
  Abono: ZColumna,
});
export const ZExtractoImportar = z.object({
  IdCuentaFinanciera: ZId,
  Perfil: z.enum(Object.keys(PerfilesExtracto) as [TPerfilExtracto, ...TPerfilExtracto[]], { error: 'Perfil: BCP, BBVA, INTERBANK, SCOTIABANK o GENERICO' }),
  Columnas: ZColumnasExtracto.optional(),
  NombreArchivo: ZTexto(200, { min: 1, mensajeMin: 'Indique el nombre del archivo' }),
  ArchivoBase64: z.string({ error: 'Adjunte el archivo' }).min(4, 'Adjunte el archivo').max(250_000, 'El archivo es demasiado grande (máximo 180 KB)'),
});
export type TExtractoImportar = z.input<typeof ZExtractoImportar>;

/**
 * Kinds of book operation a statement line can be matched with: M movement, I its ITF, C collection, J its ITF, P
 * supplier payment, K its ITF, N payroll payment, D detracción deposit (sales: into the BN account; purchases: out of
 * the paying account).
 */
export const TiposOperacionConciliable = {
  M: 'Movimiento', C: 'Cobro', P: 'Pago', I: 'ITF', J: 'ITF de cobro', K: 'ITF de pago', N: 'Pago de planilla', D: 'Detracción', T: 'Depósito de CTS',
} as const;
export type TTipoConciliable = keyof typeof TiposOperacionConciliable;
export const CodigosConciliables = ['M', 'C', 'P', 'I', 'J', 'K', 'N', 'D', 'T'] as const satisfies readonly TTipoConciliable[];
export const ZOperacionLibro = z.object({
  Tipo: z
    .enum(CodigosConciliables)
    .describe('M movement, I its ITF, C collection, J its ITF, P supplier payment, K its ITF, N payroll payment, D detracción deposit, T CTS deposit'),
  Id: z.number().int(),
  Numero: z.string(),
  Fecha: z.string(),
  Descripcion: z.string(),
  NumeroOperacion: z.string().nullable(),
  Monto: z.string().describe('signed: + money in, - money out'),
});
export type TOperacionLibro = z.infer<typeof ZOperacionLibro>;
export const ZLineaExtracto = z.object({
  Id: z.number().int(),
  Fila: z.number().int(),
  Fecha: z.string(),
  Descripcion: z.string(),
  NumeroOperacion: z.string().nullable(),
  Monto: z.string().describe('signed: + abono, - cargo'),
  Conciliada: z.boolean(),
  Operacion: ZOperacionLibro.nullable().describe('the matched book operation'),
  Propuesta: ZOperacionLibro.nullable().describe('suggested match (amount and date within 3 days, operation number first)'),
});
export type TLineaExtracto = z.infer<typeof ZLineaExtracto>;
export const ZExtracto = z.object({
  Id: z.number().int(),
  IdCuentaFinanciera: z.number().int(),
  CuentaFinanciera: z.string(),
  Perfil: z.string(),
  NombreArchivo: z.string(),
  FechaDesde: z.string(),
  FechaHasta: z.string(),
  Lineas: z.array(ZLineaExtracto),
  SinConciliarLibro: z.array(ZOperacionLibro).describe("the account's operations of the period not reconciled"),
});
export type TExtracto = z.infer<typeof ZExtracto>;
export const ZExtractoResumen = z.object({ Id: z.number().int(), CuentaFinanciera: z.string(), Perfil: z.string(), NombreArchivo: z.string(), FechaDesde: z.string(), FechaHasta: z.string(), Lineas: z.number().int(), Conciliadas: z.number().int() });
export const ZExtractos = z.object({ Data: z.array(ZExtractoResumen), Count: z.number().int() });
export const ZExtractosQuery = z.object({ idcuenta: ZEntero({ min: 0, max: 2_147_483_647 }).default(0) });
export const ZConciliar = z.object({
  Pares: z
    .array(z.object({ IdLinea: ZId, Tipo: z.enum(CodigosConciliables, {
          error: 'Tipo: M movimiento, I su ITF, C cobro, J su ITF, P pago, K su ITF, N pago de planilla, D detracción o T depósito de CTS',
        }), IdOperacion: ZId }), { error: 'Indique las líneas a conciliar' })
    .min(1, 'Indique al menos una línea')
    .max(500, 'Máximo 500 líneas por vez'),
});
export type TConciliar = z.input<typeof ZConciliar>;
export const ZLineaParams = z.object({ id: ZId, idLinea: ZId });
