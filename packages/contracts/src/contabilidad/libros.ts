import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';

/**
 * Accounting books (issue 15): chart of accounts (PCGE 2019 reference rows shared by every company plus each
 * company's sub-accounts), journals, monthly periods, journal entries (manual and automatic from issued sales
 * documents), trial balance, general ledger and the PLE 5.1 libro diario.
 */

/** Journals (diarios): a fixed catalogue every company uses. */
export const DiariosContables = { 1: 'Ventas', 2: 'Compras', 3: 'Caja y bancos', 4: 'Planillas', 5: 'Diario general' } as const;
export const DIARIO_VENTAS = 1;
export const DIARIO_GENERAL = 5;
/** Nature of an account: D deudora (assets, expenses), A acreedora (liabilities, equity, income). */
export const NaturalezasCuenta = { D: 'Deudora', A: 'Acreedora' } as const;

export const ZCuentaContable = z.object({
  Id: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  Naturaleza: z.enum(['D', 'A']),
  Nivel: z.number().int(),
  /** true: a PCGE reference row shared by every company (read-only). */
  Pcge: z.boolean(),
  /** true: no other account hangs below it, so entries may post to it. */
  AceptaMovimiento: z.boolean(),
});
export type TCuentaContable = z.infer<typeof ZCuentaContable>;
export const ZCuentasContables = z.object({ Data: z.array(ZCuentaContable), Count: z.number().int() });
export const ZCuentasQuery = z.object({
  filtro: textoPermitido(z.string().trim().max(100, 'Máximo 100 caracteres')).optional(),
  movimiento: z.enum(['0', '1']).optional().describe('1: only accounts that accept entries'),
});

/**
 * Account types (seed `cuentascontables/tipos`): the PCGE 2019 elements, the first digit of every account code
 * (an account's type is its code's first digit). Estado: where its balances go (situación financiera, resultados, orden).
 */
export const TiposCuentaContable = [
  { Id: 0, Nombre: 'Cuentas de orden', Estado: 'Orden' },
  { Id: 1, Nombre: 'Activo disponible y exigible', Estado: 'Situación financiera' },
  { Id: 2, Nombre: 'Activo realizable', Estado: 'Situación financiera' },
  { Id: 3, Nombre: 'Activo inmovilizado', Estado: 'Situación financiera' },
  { Id: 4, Nombre: 'Pasivo', Estado: 'Situación financiera' },
  { Id: 5, Nombre: 'Patrimonio', Estado: 'Situación financiera' },
  { Id: 6, Nombre: 'Gastos por naturaleza', Estado: 'Resultados' },
  { Id: 7, Nombre: 'Ingresos', Estado: 'Resultados' },
  { Id: 8, Nombre: 'Saldos intermediarios de gestión y determinación del resultado', Estado: 'Resultados' },
  { Id: 9, Nombre: 'Contabilidad analítica de explotación: costos de producción y gastos por función', Estado: 'Resultados' },
] as const;
export const ZTipoCuentaContable = z.object({ Id: z.number().int(), Nombre: z.string(), Estado: z.string(), Cuentas: z.number().int().describe('Cuentas activas del plan de la empresa con este tipo') });
export const ZTiposCuentaContable = z.object({ Data: z.array(ZTipoCuentaContable), Count: z.number().int() });
export type TTipoCuentaContable = z.infer<typeof ZTipoCuentaContable>;
/** Journals of a company (`libros/diarios`, `entidades/{id}/diarios`). */
export const ZDiariosContables = z.object({ Data: z.array(z.object({ Id: z.number().int(), Nombre: z.string() })), Count: z.number().int() });

export const ZCuentaGuardar = z.object({
  Codigo: textoPermitido(z.string({ error: 'Ingrese el código' }).trim().regex(/^\d{3,12}$/, 'El código tiene de 3 a 12 dígitos')),
  Descripcion: ZTexto(200, { min: 1, mensajeMin: 'Ingrese la descripción' }),
  Naturaleza: z.enum(['D', 'A'], { error: 'Seleccione la naturaleza' }).optional(),
});
export type TCuentaGuardar = z.input<typeof ZCuentaGuardar>;

export const ZFechaContable = textoPermitido(z.string({ error: 'Ingrese la fecha' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use el formato AAAA-MM-DD')).refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2099-12-31';
}, 'Fecha no válida');

export const ZAsientoLineaGuardar = z.object({
  IdCuenta: ZId,
  Debe: ZDecimal('Debe').default('0'),
  Haber: ZDecimal('Haber').default('0'),
  Glosa: ZTexto(200).nullish(),
  IdCentroCosto: ZId.nullish(),
});
export const ZAsientoGuardar = z.object({
  IdDiario: ZEntero({ min: 1, max: 5, mensaje: 'Seleccione el diario' }).default(5),
  Fecha: ZFechaContable,
  Glosa: ZTexto(200, { min: 1, mensajeMin: 'Ingrese la glosa' }),
  Lineas: z.array(ZAsientoLineaGuardar, { error: 'Ingrese las líneas' }).min(2, 'El asiento necesita al menos dos líneas').max(500, 'Máximo 500 líneas'),
});
export type TAsientoGuardar = z.input<typeof ZAsientoGuardar>;

export const ZAsientoLinea = z.object({
  IdCuenta: z.number().int(),
  Codigo: z.string(),
  Cuenta: z.string(),
  Debe: z.string(),
  Haber: z.string(),
  Glosa: z.string().nullable(),
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().nullable(),
});
export const ZAsiento = z.object({
  Id: z.number().int(),
  Numero: z.string().describe('Correlativo por periodo: M0001...'),
  IdDiario: z.number().int(),
  Diario: z.string(),
  Fecha: z.string(),
  Periodo: z.string().describe('AAAA-MM'),
  Glosa: z.string(),
  Origen: z.enum(['MANUAL', 'VENTA', 'ANULACION', 'COBRO', 'PAGO', 'CAJA', 'COSTO', 'COMPRA', 'PLANILLA', 'CIERRE', 'APERTURA', 'LETRA', 'MOVIMIENTO']),
  FechaOperacion: z.string().nullable().describe('Date of the source operation when the entry went to a later open period'),
  Documento: z.string().nullable().describe('Source document (F001-12) of an automatic entry'),
  TotalDebe: z.string(),
  TotalHaber: z.string(),
  Lineas: z.array(ZAsientoLinea),
});
export type TAsiento = z.infer<typeof ZAsiento>;
export const ZAsientos = z.object({ Data: z.array(ZAsiento), Count: z.number().int() });
export const ZPeriodoQuery = z.object({
  periodo: textoPermitido(z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periodo: use AAAA-MM')),
});
export const ZAsientosQuery = ZPeriodoQuery.extend({
  iddiario: ZEntero({ min: 1, max: 5 }).optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 200 }).default(20),
});

export const ZPeriodoContable = z.object({
  Periodo: z.string(),
  Estado: z.enum(['ABIERTO', 'CERRADO']),
  Asientos: z.number().int(),
  FechaCierre: z.string().nullable(),
});
export type TPeriodoContable = z.infer<typeof ZPeriodoContable>;
export const ZPeriodosContables = z.object({ Data: z.array(ZPeriodoContable), Count: z.number().int() });
export const ZPeriodosQuery = z.object({ anio: ZEntero({ min: 2000, max: 2099 }) });
export const ZPeriodoParams = z.object({ periodo: ZPeriodoQuery.shape.periodo });

export const ZPendienteContable = z.object({
  IdDocumento: z.number().int(),
  Documento: z.string(),
  FechaEmision: z.string(),
  Motivo: z.string(),
  Fecha: z.string(),
});
export const ZPendientesContables = z.object({ Data: z.array(ZPendienteContable), Count: z.number().int() });


export const ZBalanceFila = z.object({
  Codigo: z.string(),
  Cuenta: z.string(),
  SaldoInicialDebe: z.string(),
  SaldoInicialHaber: z.string(),
  Debe: z.string(),
  Haber: z.string(),
  SaldoDeudor: z.string(),
  SaldoAcreedor: z.string(),
});
export const ZBalanceComprobacion = z.object({
  Periodo: z.string(),
  Filas: z.array(ZBalanceFila),
  Totales: ZBalanceFila.omit({ Codigo: true, Cuenta: true }),
});
export type TBalanceComprobacion = z.infer<typeof ZBalanceComprobacion>;

export const ZMayorQuery = ZPeriodoQuery.extend({ idcuenta: ZId });
export const ZMayorMovimiento = z.object({
  IdAsiento: z.number().int(),
  Numero: z.string(),
  Fecha: z.string(),
  Glosa: z.string(),
  Debe: z.string(),
  Haber: z.string(),
  Saldo: z.string(),
});
export const ZLibroMayor = z.object({
  Periodo: z.string(),
  Codigo: z.string(),
  Cuenta: z.string(),
  SaldoInicial: z.string().describe('Debit minus credit before the period'),
  Movimientos: z.array(ZMayorMovimiento),
  TotalDebe: z.string(),
  TotalHaber: z.string(),
  SaldoFinal: z.string(),
});
export type TLibroMayor = z.infer<typeof ZLibroMayor>;
export const ZContabilizacionResultado = z.object({ Contabilizados: z.number().int(), Pendientes: z.number().int() });

/** Report by cost centre (issue 15): what the entry lines of each centre add up to per account in a range of months. */
export const ZCentrosCostoReporteQuery = z
  .object({
    desde: textoPermitido(z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Desde: use AAAA-MM')),
    hasta: textoPermitido(z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Hasta: use AAAA-MM')),
    idcentrocosto: ZId.optional(),
  })
  .refine((q) => q.desde <= q.hasta, { message: 'El periodo inicial no puede ser posterior al final', path: ['hasta'] });
export const ZCentroCostoCuenta = z.object({ IdCuenta: z.number().int(), Codigo: z.string(), Cuenta: z.string(), Debe: z.string(), Haber: z.string(), Saldo: z.string().describe('Debe - Haber') });
export const ZCentroCostoReporteFila = z.object({
  IdCentroCosto: z.number().int(),
  Codigo: z.string(),
  Nombre: z.string(),
  Cuentas: z.array(ZCentroCostoCuenta),
  Gastos: z.string().describe('Saldo deudor de las cuentas de las clases 6 y 9'),
  Ingresos: z.string().describe('Saldo acreedor de las cuentas de la clase 7'),
  Resultado: z.string().describe('Ingresos - Gastos'),
});
export const ZCentrosCostoReporte = z.object({ Data: z.array(ZCentroCostoReporteFila), SinCentro: z.string().describe('Saldo de clases 6, 7 y 9 sin centro de costo (debe - haber)') });
export type TCentrosCostoReporte = z.infer<typeof ZCentrosCostoReporte>;

/** The PLE books of a period (issue 15): SUNAT's file name and whether it has content ("sin movimiento" otherwise). */
export const ZLibroPle = z.object({
  Codigo: z.string().describe('SUNAT book code: 010100, 010200, 050100, 050300, 060100, 080100, 140100'),
  Nombre: z.string(),
  Ruta: z.string().describe('Download path under /api/finanzas/v1/libros/ple/'),
  Archivo: z.string().describe('SUNAT file name LE{RUC}{AAAAMM}00{libro}001{I}11.TXT'),
  ConDatos: z.boolean().describe('Indicator I of the file name: false = sin movimiento'),
});
export type TLibroPle = z.infer<typeof ZLibroPle>;
export const ZLibrosPle = z.object({ Periodo: z.string(), Data: z.array(ZLibroPle), Count: z.number().int() });
export type TLibrosPle = z.infer<typeof ZLibrosPle>;
