import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';
import { ZFechaFinanzas } from '../finanzas/finanzas';

/**
 * HR and payroll (issue 16, seed §7 "HR / payroll services"): workers (entity type 1) and their relatives (type 2),
 * areas, positions (cargos), labour contracts, payroll parameters and payroll runs (nóminas) with their payslips.
 */

/** Labour regime of a contract (not the tax regime): general DL 728, REMYPE micro, REMYPE pequeña (Ley 32353). */
export const RegimenesLaborales = { 1: 'General (D. Leg. 728)', 2: 'Microempresa (REMYPE)', 3: 'Pequeña empresa (REMYPE)' } as const;
export const SistemasPension = ['ONP', 'INTEGRA', 'PRIMA', 'PROFUTURO', 'HABITAT'] as const;
export type TSistemaPension = (typeof SistemasPension)[number];
export const NombresSistemaPension: Record<TSistemaPension, string> = {
  ONP: 'ONP (Sistema Nacional de Pensiones)',
  INTEGRA: 'AFP Integra',
  PRIMA: 'AFP Prima',
  PROFUTURO: 'AFP Profuturo',
  HABITAT: 'AFP Habitat',
};
/** AFP commission: on the monthly pay (flujo) or mixed (on the fund balance; 0 % of pay since 2023). */
export const TiposComisionAfp = { FLUJO: 'Comisión sobre el flujo', MIXTA: 'Comisión mixta (sobre el saldo)' } as const;
export const Parentescos = { 1: 'Cónyuge o conviviente', 2: 'Hijo(a)' } as const;
/** Identity documents a worker or relative may carry (seed IdTipoDocumento): DNI, CE, pasaporte, CPP. */
export const TiposDocumentoTrabajador = { 1: 'DNI', 3: 'Carné de extranjería', 4: 'Pasaporte', 7: 'CPP' } as const;

const ZFecha = (campo: string) =>
  textoPermitido(z.string({ error: `Ingrese ${campo}` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${campo}: use el formato AAAA-MM-DD`)).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, `${campo}: fecha no válida`);

const ZTipoDocumento = z.union([z.literal(1), z.literal(3), z.literal(4), z.literal(7)], { error: 'Seleccione el tipo de documento' });
const ZDocumentoPersona = ZTexto(15, { min: 1, mensajeMin: 'Ingrese el número de documento' });
const opcional = (max: number) =>
  ZTexto(max)
    .nullish()
    .transform((v) => (v ? v : null));

function validarDocumento(v: { IdTipoDocumento: number; Documento: string }, ctx: z.RefinementCtx) {
  if (v.IdTipoDocumento === 1 && !/^\d{8}$/.test(v.Documento)) ctx.addIssue({ code: 'custom', path: ['Documento'], message: 'El DNI tiene 8 dígitos' });
  else if (v.IdTipoDocumento !== 1 && !/^[A-Za-z0-9]{4,15}$/.test(v.Documento)) ctx.addIssue({ code: 'custom', path: ['Documento'], message: 'Documento no válido (4 a 15 letras o dígitos)' });
}

export const ZTrabajadorGuardar = z
  .object({
    IdTipoDocumento: ZTipoDocumento,
    Documento: ZDocumentoPersona,
    Nombres: ZTexto(150, { min: 1, mensajeMin: 'Ingrese los nombres' }),
    ApePat: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el apellido paterno' }),
    ApeMat: opcional(100),
    Correo: textoPermitido(z.string().trim().max(150, 'Máximo 150 caracteres'))
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Correo no válido')
      .nullish()
      .transform((v) => (v ? v : null)),
    Telefono: opcional(30),
    Direccion: opcional(250),
  })
  .superRefine(validarDocumento);
export type TTrabajadorGuardar = z.input<typeof ZTrabajadorGuardar>;

export const ZFamiliarGuardar = z
  .object({
    IdTrabajador: ZId,
    IdTipoDocumento: ZTipoDocumento,
    Documento: ZDocumentoPersona,
    Nombres: ZTexto(150, { min: 1, mensajeMin: 'Ingrese los nombres' }),
    ApePat: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el apellido paterno' }),
    ApeMat: opcional(100),
    Parentesco: z.union([z.literal(1), z.literal(2)], { error: 'Seleccione el parentesco' }),
  })
  .superRefine(validarDocumento);
export type TFamiliarGuardar = z.input<typeof ZFamiliarGuardar>;

export const ZFamiliar = z.object({
  Id: z.number().int(),
  IdTrabajador: z.number().int(),
  IdTipoDocumento: z.number().int(),
  Documento: z.string(),
  Nombre: z.string(),
  Parentesco: z.number().int(),
});
export type TFamiliar = z.infer<typeof ZFamiliar>;
export const ZFamiliares = z.object({ Data: z.array(ZFamiliar) });

export const ZContratoLaboralGuardar = z
  .object({
    IdTrabajador: ZId,
    Regimen: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Seleccione el régimen laboral' }),
    FechaInicio: ZFecha('la fecha de inicio'),
    FechaFin: ZFecha('la fecha de fin')
      .nullish()
      .transform((v) => v ?? null),
    Remuneracion: ZDecimal('Remuneración', { enteros: 9, decimales: 2 }),
    SistemaPension: z.enum(SistemasPension, { error: 'Seleccione el sistema de pensiones' }),
    TipoComision: z
      .enum(['FLUJO', 'MIXTA'], { error: 'Seleccione el tipo de comisión' })
      .nullish()
      .transform((v) => v ?? null),
    Cuspp: textoPermitido(z.string().trim().max(12, 'El CUSPP tiene 12 caracteres'))
      .refine((v) => v === '' || /^[A-Za-z0-9]{12}$/.test(v), 'El CUSPP tiene 12 letras o dígitos')
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
    AsignacionFamiliar: z.boolean({ error: 'Indique si percibe asignación familiar' }).default(false),
    IdArea: ZId.nullish().transform((v) => v ?? null),
    IdCargo: ZId.nullish().transform((v) => v ?? null),
    /** Finance's cost centre the worker's pay expense goes to in the payroll entries. */
    IdCentroCosto: ZId.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.FechaFin && v.FechaFin < v.FechaInicio) ctx.addIssue({ code: 'custom', path: ['FechaFin'], message: 'La fecha de fin no puede ser anterior a la de inicio' });
    if (v.SistemaPension !== 'ONP' && !v.TipoComision) ctx.addIssue({ code: 'custom', path: ['TipoComision'], message: 'Seleccione el tipo de comisión de la AFP' });
    if (v.SistemaPension === 'ONP' && v.TipoComision) ctx.addIssue({ code: 'custom', path: ['TipoComision'], message: 'La ONP no tiene tipo de comisión' });
  });
export type TContratoLaboralGuardar = z.input<typeof ZContratoLaboralGuardar>;

export const ZContratoLaboral = z.object({
  Id: z.number().int(),
  IdTrabajador: z.number().int(),
  Regimen: z.number().int(),
  FechaInicio: z.string(),
  FechaFin: z.string().nullable(),
  Remuneracion: z.string(),
  SistemaPension: z.string(),
  TipoComision: z.string().nullable(),
  Cuspp: z.string().nullable(),
  AsignacionFamiliar: z.boolean(),
  IdArea: z.number().int().nullable(),
  Area: z.string().nullable(),
  IdCargo: z.number().int().nullable(),
  Cargo: z.string().nullable(),
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().nullable(),
  LogEstado: z.number().int(),
});
export type TContratoLaboral = z.infer<typeof ZContratoLaboral>;
export const ZContratosLaborales = z.object({ Data: z.array(ZContratoLaboral) });

export const ZTrabajador = z.object({
  Id: z.number().int(),
  IdTipoDocumento: z.number().int(),
  Documento: z.string(),
  Nombres: z.string(),
  ApePat: z.string(),
  ApeMat: z.string().nullable(),
  NombreCompleto: z.string(),
  Correo: z.string().nullable(),
  Telefono: z.string().nullable(),
  Direccion: z.string().nullable(),
  LogEstado: z.number().int(),
  /** Relatives registered (type 2 entities related to the worker). */
  NumeroFamiliares: z.number().int(),
  /** The latest active contract, if any. */
  Contrato: ZContratoLaboral.nullable(),
});
export type TTrabajador = z.infer<typeof ZTrabajador>;

export const ZTrabajadoresQuery = z.object({
  filtro: ZTexto(100).default(''),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
  estado: ZEntero({ min: -1, max: 1 }).default(1),
});
export const ZTrabajadores = z.object({ Data: z.array(ZTrabajador), Count: z.number().int() });
export const ZIdParams = z.object({ id: ZId });
export const ZBoletaPdfParams = z.object({ id: ZId, idBoleta: ZId });

export const ZCatalogoGuardar = z.object({ Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre' }) });
export const ZCatalogoItem = z.object({ Id: z.number().int(), Nombre: z.string(), LogEstado: z.number().int() });
export type TCatalogoItem = z.infer<typeof ZCatalogoItem>;
export const ZCatalogo = z.object({ Data: z.array(ZCatalogoItem) });

export const ZSistemaPension = z.object({ Codigo: z.string(), Nombre: z.string(), EsAfp: z.boolean() });
export const ZSistemasPension = z.object({ Data: z.array(ZSistemaPension) });

export const ZParametroPlanilla = z.object({
  Codigo: z.string(),
  Descripcion: z.string(),
  Valor: z.string(),
  VigenteDesde: z.string(),
  VigenteHasta: z.string().nullable(),
  Fuente: z.string(),
});
export type TParametroPlanilla = z.infer<typeof ZParametroPlanilla>;
export const ZParametrosPlanilla = z.object({ Data: z.array(ZParametroPlanilla) });
export const ZParametrosPlanillaQuery = z.object({ fecha: ZFecha('la fecha').optional() });

/** Payroll kinds of the seed (§9): 0 planilla; 1 recibos por honorarios and 2 cash are not built yet. */
export const TiposNomina = { 0: 'Planilla' } as const;
export const EstadosNomina = { 0: 'Borrador', 1: 'Aprobada' } as const;

export const ZNominaCrear = z.object({
  IdTipoNomina: z.literal(0, { error: 'Solo se calcula la planilla (tipo 0)' }).default(0),
  Anio: ZEntero({ min: 2025, max: 2100, mensaje: 'Año no válido (desde 2025)' }),
  Mes: ZEntero({ min: 1, max: 12, mensaje: 'Mes no válido (1 a 12)' }),
});
export type TNominaCrear = z.input<typeof ZNominaCrear>;

export const ZNovedad = z.object({
  IdTrabajador: ZId,
  HorasExtra25: ZDecimal('Horas extra al 25 %', { enteros: 3, decimales: 2 }).default('0'),
  HorasExtra35: ZDecimal('Horas extra al 35 %', { enteros: 3, decimales: 2 }).default('0'),
  /** Unjustified absences of the month (days), tardiness beyond tolerance (minutes), hours on holidays/rest days. */
  Faltas: ZEntero({ min: 0, max: 31, mensajeMax: 'Un mes tiene 31 días como máximo' }).default(0),
  MinutosTardanza: ZEntero({ min: 0, max: 20000, mensajeMax: 'Minutos de tardanza no válidos' }).default(0),
  HorasFeriado: ZDecimal('Horas en feriado o descanso', { enteros: 3, decimales: 2 }).default('0'),
  /** Hours worked between 22:00 and 06:00 (night surcharge) and days of approved unpaid leave. */
  HorasNocturnas: ZDecimal('Horas nocturnas', { enteros: 3, decimales: 2 }).default('0'),
  DiasSinGoce: ZEntero({ min: 0, max: 31, mensajeMax: 'Un mes tiene 31 días como máximo' }).default(0),
});
export const ZNominaCalcular = z.object({
  /** Overtime hours of the month per worker (replaces what was entered before for those workers). */
  Novedades: z.array(ZNovedad).max(5000).default([]),
});
export type TNominaCalcular = z.input<typeof ZNominaCalcular>;

export const ZNomina = z.object({
  Id: z.number().int(),
  IdTipoNomina: z.number().int(),
  Anio: z.number().int(),
  Mes: z.number().int(),
  Estado: z.number().int(),
  EstadoDescripcion: z.string(),
  FechaCalculo: z.string().nullable(),
  FechaAprobacion: z.string().nullable(),
  NumeroTrabajadores: z.number().int(),
  TotalIngresos: z.string(),
  TotalDescuentos: z.string(),
  TotalNeto: z.string(),
  TotalAportes: z.string(),
  /** The month's CTS provision of every payslip (posted 6291 / 4151 at approval). */
  TotalProvisionCts: z.string(),
  /** Payslips paid (by a payment not voided) and their net; an approved run with every payslip paid is Pagada. */
  BoletasPagadas: z.number().int(),
  TotalPagado: z.string(),
  Pagada: z.boolean(),
});
export type TNomina = z.infer<typeof ZNomina>;
export const ZNominas = z.object({ Data: z.array(ZNomina), Count: z.number().int() });
export const ZNominasQuery = z.object({
  anio: ZEntero({ min: 0, max: 2100 }).default(0).describe('0: all years'),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(12),
});

/** Line kinds of a payslip: income, worker deduction, employer contribution, informative (CTS deposit, bases). */
export const TiposLineaBoleta = ['INGRESO', 'DESCUENTO', 'APORTE', 'INFORMATIVO'] as const;
export const ZLineaBoleta = z.object({
  Tipo: z.enum(TiposLineaBoleta),
  Codigo: z.string(),
  Concepto: z.string(),
  Monto: z.string(),
  /** The rule and arithmetic that produced the amount, with the parameters used. */
  Regla: z.string(),
});
export type TLineaBoleta = z.infer<typeof ZLineaBoleta>;
export const ZBoleta = z.object({
  Id: z.number().int(),
  IdTrabajador: z.number().int(),
  Trabajador: z.string(),
  Documento: z.string(),
  Regimen: z.number().int(),
  SistemaPension: z.string(),
  Remuneracion: z.string(),
  DiasLaborados: z.number().int(),
  HorasExtra25: z.string(),
  HorasExtra35: z.string(),
  Faltas: z.number().int(),
  MinutosTardanza: z.number().int(),
  HorasFeriado: z.string(),
  HorasNocturnas: z.string(),
  DiasSinGoce: z.number().int(),
  TotalIngresos: z.string(),
  TotalDescuentos: z.string(),
  TotalAportes: z.string(),
  Neto: z.string(),
  /** The month's CTS provision (employer's accrual, not paid to the worker this month) and its rule. */
  ProvisionCts: z.string(),
  ProvisionCtsRegla: z.string(),
  /** The payment that paid the net, or null while unpaid. */
  Pago: z
    .object({ IdPago: z.number().int(), Fecha: z.string(), IdCuentaFinanciera: z.number().int(), CuentaFinanciera: z.string(), NumeroOperacion: z.string().nullable(), Monto: z.string() })
    .nullable(),
  /** The CTS to deposit (the payslip's CTS line of a May or November run; 0.00 otherwise). */
  Cts: z.string(),
  /** The CTS deposit that deposited it, or null while not deposited. */
  DepositoCts: z
    .object({ IdDeposito: z.number().int(), Fecha: z.string(), IdCuentaFinanciera: z.number().int(), CuentaFinanciera: z.string(), NumeroOperacion: z.string(), Monto: z.string() })
    .nullable(),
  Lineas: z.array(ZLineaBoleta),
});
export type TBoleta = z.infer<typeof ZBoleta>;
/** One payment operation of a run's net (Pagar planilla). */
export const ZNominaPago = z.object({
  Id: z.number().int(),
  Fecha: z.string(),
  IdCuentaFinanciera: z.number().int(),
  CuentaFinanciera: z.string(),
  NumeroOperacion: z.string().nullable(),
  Monto: z.string(),
  NumeroBoletas: z.number().int(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
});
export type TNominaPago = z.infer<typeof ZNominaPago>;
/** One CTS deposit operation of a May or November run (Depositar CTS). */
export const ZNominaDepositoCts = z.object({
  Id: z.number().int(),
  Fecha: z.string(),
  IdCuentaFinanciera: z.number().int(),
  CuentaFinanciera: z.string(),
  NumeroOperacion: z.string(),
  Monto: z.string(),
  NumeroBoletas: z.number().int(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
});
export type TNominaDepositoCts = z.infer<typeof ZNominaDepositoCts>;
export const ZNominaDetalle = ZNomina.extend({ Boletas: z.array(ZBoleta), Pagos: z.array(ZNominaPago), DepositosCts: z.array(ZNominaDepositoCts) });
export type TNominaDetalle = z.infer<typeof ZNominaDetalle>;
/** A run computed again with the month's attendance: how many workers had a schedule (and so attendance). */
export const ZNominaConAsistencia = ZNominaDetalle.extend({ TrabajadoresConAsistencia: z.number().int() });
export type TNominaConAsistencia = z.infer<typeof ZNominaConAsistencia>;

/**
 * Pagar planilla: the net of the chosen payslips (all the unpaid ones when none is chosen) out of one financial account
 * in soles, on a date (today by default, never later), with the bank's operation number (required from a bank account).
 */
export const ZNominaPagar = z
  .object({
    IdCuentaFinanciera: ZId,
    Fecha: ZFechaFinanzas('la fecha del pago').optional(),
    NumeroOperacion: textoPermitido(z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/, 'Número de operación: de 1 a 30 letras, dígitos o guiones')).optional(),
    Boletas: z.array(ZId).max(5000, 'Máximo 5000 boletas por pago').default([]),
  })
  .superRefine((v, ctx) => {
    const vistas = new Set<number>();
    v.Boletas.forEach((b, i) => {
      if (vistas.has(b)) ctx.addIssue({ code: 'custom', path: ['Boletas', i], message: 'La boleta está repetida' });
      vistas.add(b);
    });
  });
export type TNominaPagar = z.input<typeof ZNominaPagar>;
export const ZNominaPagoParams = z.object({ id: ZId, idPago: ZId });
/**
 * Depositar CTS: the CTS line of the chosen payslips (all the not deposited ones with CTS when none is chosen) of an
 * approved May or November run, out of one bank account in soles, on a date (today by default, never later), with the
 * bank's operation number (required).
 */
export const ZNominaDepositarCts = z
  .object({
    IdCuentaFinanciera: ZId,
    Fecha: ZFechaFinanzas('la fecha del depósito').optional(),
    NumeroOperacion: textoPermitido(z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/, 'Número de operación: de 1 a 30 letras, dígitos o guiones')),
    Boletas: z.array(ZId).max(5000, 'Máximo 5000 boletas por depósito').default([]),
  })
  .superRefine((v, ctx) => {
    const vistas = new Set<number>();
    v.Boletas.forEach((b, i) => {
      if (vistas.has(b)) ctx.addIssue({ code: 'custom', path: ['Boletas', i], message: 'La boleta está repetida' });
      vistas.add(b);
    });
  });
export type TNominaDepositarCts = z.input<typeof ZNominaDepositarCts>;
export const ZNominaDepositoCtsParams = z.object({ id: ZId, idDeposito: ZId });
export const ZNominaPagoAnular = z.object({ Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }) });
export type TNominaPagoAnular = z.input<typeof ZNominaPagoAnular>;
