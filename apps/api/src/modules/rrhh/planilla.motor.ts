import Decimal from 'decimal.js';

/**
 * The payroll engine (issue 16): pure functions over decimals. Every amount of a payslip comes out as a line with the
 * rule and the arithmetic that produced it; rates and amounts come from the effective-dated parameter table (passed in
 * as `Parametros`), never from constants here. Rules and their sources: docs/decisions.md "HR and payroll (issue 16)".
 */

export type TRegimen = 1 | 2 | 3;
export type TTipoLinea = 'INGRESO' | 'DESCUENTO' | 'APORTE' | 'INFORMATIVO';

export class ParametroFaltante extends Error {
  constructor(
    readonly codigo: string,
    readonly fecha: string,
  ) {
    super(`Falta el parámetro de planilla ${codigo} vigente al ${fecha}`);
    this.name = 'ParametroFaltante';
  }
}

/** Parameter values in force on one date. */
export class Parametros {
  constructor(
    private readonly valores: ReadonlyMap<string, Decimal>,
    readonly fecha: string,
  ) {}
  static de(valores: Record<string, Decimal.Value>, fecha: string): Parametros {
    return new Parametros(new Map(Object.entries(valores).map(([k, v]) => [k, new Decimal(v)])), fecha);
  }
  valor(codigo: string): Decimal {
    const v = this.valores.get(codigo);
    if (!v) throw new ParametroFaltante(codigo, this.fecha);
    return v;
  }
  opcional(codigo: string): Decimal | null {
    return this.valores.get(codigo) ?? null;
  }
}

export type ContratoMotor = {
  regimen: TRegimen;
  remuneracion: Decimal.Value;
  sistemaPension: 'ONP' | 'INTEGRA' | 'PRIMA' | 'PROFUTURO' | 'HABITAT';
  tipoComision: 'FLUJO' | 'MIXTA' | null;
  asignacionFamiliar: boolean;
  fechaInicio: string;
  fechaFin: string | null;
};

export type LineaMotor = { tipo: TTipoLinea; codigo: string; concepto: string; monto: Decimal; regla: string };

export type EntradaBoleta = {
  anio: number;
  mes: number;
  contrato: ContratoMotor;
  horasExtra25?: Decimal.Value;
  horasExtra35?: Decimal.Value;
  /** Unjustified absences (days), tardiness beyond tolerance (minutes), hours worked on holidays or rest days. */
  faltas?: number;
  minutosTardanza?: number;
  horasFeriado?: Decimal.Value;
  /** Hours worked between 22:00 and 06:00 (they get the night surcharge, DS 007-2002-TR art. 8). */
  horasNocturnas?: Decimal.Value;
  /** Days of approved leave without pay (licencia sin goce de haber: perfect suspension, unpaid). */
  diasSinGoce?: number;
  /**
   * CTS deposit months (May, November): unjustified absences and unpaid-leave days of the CTS period (from the approved
   * runs of its six months). They are not computable time: deducted from the time served at 1/30 of a month each
   * (TUO DL 650, D.S. 001-97-TR, art. 8).
   */
  diasNoComputablesCts?: number;
  /** The worker's earlier months of the same year: income subject to 5ta and the 5ta retained (from approved runs). */
  historialQuinta?: { mes: number; ingresos: Decimal.Value; retencion: Decimal.Value }[];
};

export type ResultadoBoleta = {
  diasLaborados: number;
  /** Absences deducted (at most the days the contract covers in the month). */
  faltas: number;
  /** Days of unpaid leave deducted (at most the days left after the absences). */
  diasSinGoce: number;
  lineas: LineaMotor[];
  totalIngresos: Decimal;
  totalDescuentos: Decimal;
  totalAportes: Decimal;
  neto: Decimal;
  ingresosQuinta: Decimal;
  retencionQuinta: Decimal;
};

const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const f2 = (d: Decimal) => r2(d).toFixed(2);
const pct = (d: Decimal) => `${d.times(100).toDecimalPlaces(4).toString()} %`;
const NOMBRE_AFP: Record<string, string> = { INTEGRA: 'Integra', PRIMA: 'Prima', PROFUTURO: 'Profuturo', HABITAT: 'Habitat' };
const NOMBRE_MES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'setiembre', 'octubre', 'noviembre', 'diciembre'];

// Dates are 'YYYY-MM-DD' strings: plain string comparison orders them.
const dosDigitos = (n: number) => String(n).padStart(2, '0');
const diasDelMes = (anio: number, mes: number) => new Date(Date.UTC(anio, mes, 0)).getUTCDate();
const primerDia = (anio: number, mes: number) => `${anio}-${dosDigitos(mes)}-01`;
const ultimoDia = (anio: number, mes: number) => `${anio}-${dosDigitos(mes)}-${dosDigitos(diasDelMes(anio, mes))}`;
/** Last day of the period: the date whose parameters a run uses. */
export const fechaDeCorte = (anio: number, mes: number) => ultimoDia(anio, mes);

/** A month (year, month) shifted by `n` months. */
function mover(anio: number, mes: number, n: number): [number, number] {
  const i = anio * 12 + (mes - 1) + n;
  return [Math.floor(i / 12), (i % 12) + 1];
}

/** Whether the contract covers the whole calendar month. */
function mesCompleto(c: ContratoMotor, anio: number, mes: number): boolean {
  return c.fechaInicio <= primerDia(anio, mes) && (c.fechaFin === null || c.fechaFin >= ultimoDia(anio, mes));
}

/** Days paid in the month (30-day commercial month): 30 when the contract covers the month, else the days covered. */
export function diasLaborados(c: ContratoMotor, anio: number, mes: number): number {
  if (mesCompleto(c, anio, mes)) return 30;
  const desde = c.fechaInicio > primerDia(anio, mes) ? c.fechaInicio : primerDia(anio, mes);
  const hasta = c.fechaFin !== null && c.fechaFin < ultimoDia(anio, mes) ? c.fechaFin : ultimoDia(anio, mes);
  if (hasta < desde) return 0;
  return Math.min(30, Number(hasta.slice(8)) - Number(desde.slice(8)) + 1);
}

/** Asignación familiar of the contract for the month (Ley 25129: 10 % of the RMV; not in REMYPE per parameter). */
export function asignacionFamiliar(c: ContratoMotor, p: Parametros): { monto: Decimal; regla: string } | null {
  if (!c.asignacionFamiliar) return null;
  if (p.valor(`ASIGNACION_FAMILIAR_REGIMEN_${c.regimen}`).isZero()) return null;
  const rmv = p.valor('RMV');
  const tasa = p.valor('ASIGNACION_FAMILIAR_TASA');
  return { monto: r2(rmv.times(tasa)), regla: `${pct(tasa)} × RMV ${f2(rmv)} (Ley 25129)` };
}

/** Remuneración computable: basic pay + asignación familiar (regular variable pay is not modelled yet). */
function computable(c: ContratoMotor, p: Parametros): { rc: Decimal; regla: string } {
  const rb = new Decimal(c.remuneracion);
  const af = asignacionFamiliar(c, p);
  return af ? { rc: rb.plus(af.monto), regla: `básico ${f2(rb)} + asignación familiar ${f2(af.monto)}` } : { rc: rb, regla: `básico ${f2(rb)}` };
}

/** Full months of a semester (6 months from `anio`/`mesInicio`) the contract covers entirely. */
function mesesCompletos(c: ContratoMotor, anio: number, mesInicio: number, cuantos: number): number {
  let n = 0;
  for (let i = 0; i < cuantos; i++) {
    const [a, m] = mover(anio, mesInicio, i);
    if (mesCompleto(c, a, m)) n++;
  }
  return n;
}

/**
 * Gratificación of July (semester January-June) or December (July-December), Ley 27735: RC × full months / 6, times
 * the regime's fraction (micro 0, pequeña ½). `anio`/`mes` is the month it is paid (7 or 12).
 */
export function gratificacion(c: ContratoMotor, p: Parametros, anio: number, mes: 7 | 12): { monto: Decimal; regla: string } | null {
  const factor = p.valor(`GRATIFICACION_FACTOR_REGIMEN_${c.regimen}`);
  if (factor.isZero()) return null;
  const meses = mesesCompletos(c, anio, mes === 7 ? 1 : 7, 6);
  if (meses === 0) return null;
  const { rc, regla } = computable(c, p);
  const monto = r2(rc.times(meses).dividedBy(6).times(factor));
  const fraccion = factor.equals(1) ? '' : ` × ${factor.toString()} (régimen)`;
  return { monto, regla: `RC ${f2(rc)} (${regla}) × ${meses}/6 meses completos del semestre${fraccion} (Ley 27735)` };
}

/**
 * CTS deposit of May (period November-April) or November (May-October), TUO DL 650: RC = RB + AF + 1/6 of the
 * gratificación of the period; amount = RC/12 × full months + RC/360 × days, times the regime's fraction. The days of
 * unjustified absence (and other non-computable days: unpaid leave) of the period are deducted from the time served at
 * one thirtieth of a month each (TUO DL 650 art. 8: "los días de inasistencia injustificada así como los días no
 * computables se deducirán del tiempo de servicios a razón de un treintavo por cada uno de ellos").
 */
export function cts(c: ContratoMotor, p: Parametros, anio: number, mes: 5 | 11, noComputables = 0): { monto: Decimal; regla: string } | null {
  const factor = p.valor(`CTS_FACTOR_REGIMEN_${c.regimen}`);
  if (factor.isZero()) return null;
  const [anioIni, mesIni] = mes === 5 ? [anio - 1, 11] : [anio, 5];
  const inicioPeriodo = primerDia(anioIni, mesIni);
  const [anioFin, mesFin] = mover(anioIni, mesIni, 5);
  const finPeriodo = ultimoDia(anioFin, mesFin);
  if (c.fechaInicio > finPeriodo) return null;
  // Time served in the period: whole months plus the days of a first month begun after its first day.
  let meses = 0;
  let dias = 0;
  for (let i = 0; i < 6; i++) {
    const [a, m] = mover(anioIni, mesIni, i);
    if (c.fechaInicio <= primerDia(a, m)) meses++;
    else if (c.fechaInicio <= ultimoDia(a, m)) dias = diasDelMes(a, m) - Number(c.fechaInicio.slice(8)) + 1;
  }
  // The gratificación received in the period: December's (for May) or July's (for November).
  const grati = mes === 5 ? gratificacion(c, p, anio - 1, 12) : gratificacion(c, p, anio, 7);
  const { rc, regla } = computable(c, p);
  const sexto = grati ? grati.monto.dividedBy(6) : new Decimal(0);
  const rcCts = rc.plus(sexto);
  // Time served in thirtieths (days of 1/30 of a month), less the non-computable days (art. 8), never below 0.
  const servidos = meses * 30 + dias;
  const deducidos = Math.min(Math.max(0, Math.trunc(noComputables)), servidos);
  const computables = servidos - deducidos;
  if (computables === 0) return null;
  // RC/12 × months + RC/360 × days = RC × (30 × months + days) / 360, computed in that order to stay exact.
  const monto = r2(rcCts.times(computables).dividedBy(360).times(factor));
  const fraccion = factor.equals(1) ? '' : ` × ${factor.toString()} (régimen)`;
  const menos = deducidos ? ` − RC / 360 × ${deducidos} día(s) de inasistencia injustificada o no computables (art. 8)` : '';
  return {
    monto,
    regla:
      `RC ${f2(rcCts)} (${regla} + 1/6 de la gratificación ${grati ? f2(grati.monto) : '0.00'}) / 12 × ${meses} meses` +
      ` + RC / 360 × ${dias} días del ${inicioPeriodo} al ${finPeriodo}${menos}${fraccion} (TUO DL 650)`,
  };
}

/**
 * The month's CTS provision (the employer's accrual of what the next deposit will pay, TUO DL 650 arts. 9-10 and 21):
 * CTS base = RC + 1/6 of the gratificación of the CTS period the month belongs to (December's for November-April,
 * July's for May-October: the same one the deposit uses), accrued base/12 per month, i.e. base/360 per computable day
 * (`dias`: the payslip's days worked; absences and unpaid leave are not computable, art. 8), times the regime's
 * fraction (micro 0: none; pequeña ½).
 */
export function provisionCts(c: ContratoMotor, p: Parametros, anio: number, mes: number, dias: number): { monto: Decimal; regla: string } | null {
  const factor = p.valor(`CTS_FACTOR_REGIMEN_${c.regimen}`);
  if (factor.isZero() || dias <= 0) return null;
  const grati = mes >= 5 && mes <= 10 ? gratificacion(c, p, anio, 7) : gratificacion(c, p, mes >= 11 ? anio : anio - 1, 12);
  const { rc, regla } = computable(c, p);
  const sexto = grati ? grati.monto.dividedBy(6) : new Decimal(0);
  const base = rc.plus(sexto);
  const monto = r2(base.times(dias).dividedBy(360).times(factor));
  const fraccion = factor.equals(1) ? '' : ` × ${factor.toString()} (régimen)`;
  const cuando = mes >= 5 && mes <= 10 ? `julio ${anio}` : `diciembre ${mes >= 11 ? anio : anio - 1}`;
  const tiempo = dias === 30 ? '/ 12 (un mes)' : `/ 360 × ${dias} días computables`;
  return {
    monto,
    regla: `base CTS ${f2(base)} = RC ${f2(rc)} (${regla}) + 1/6 de la gratificación de ${cuando} ${grati ? f2(grati.monto) : '0.00'}; ${tiempo}${fraccion} (TUO DL 650)`,
  };
}

/** Annual 5ta tax with the cumulative brackets of LIR art. 53 (limits in UIT, from the parameter table). */
export function impuestoQuinta(rentaNeta: Decimal, p: Parametros): { impuesto: Decimal; detalle: string[] } {
  const uit = p.valor('UIT');
  const tramos: { hasta: Decimal | null; tasa: Decimal }[] = [1, 2, 3, 4].map((i) => ({ hasta: p.valor(`RENTA5_TRAMO${i}_UIT`).times(uit), tasa: p.valor(`RENTA5_TRAMO${i}_TASA`) }));
  tramos.push({ hasta: null, tasa: p.valor('RENTA5_TRAMO5_TASA') });
  let desde = new Decimal(0);
  let impuesto = new Decimal(0);
  const detalle: string[] = [];
  for (const t of tramos) {
    if (rentaNeta.lte(desde)) break;
    const tope = t.hasta && rentaNeta.gt(t.hasta) ? t.hasta : rentaNeta;
    const parte = tope.minus(desde).times(t.tasa);
    impuesto = impuesto.plus(parte);
    detalle.push(`${f2(tope.minus(desde))} × ${pct(t.tasa)} = ${f2(parte)}`);
    if (!t.hasta) break;
    desde = t.hasta;
  }
  return { impuesto: r2(impuesto), detalle };
}

/**
 * Monthly 5ta retention, Reglamento LIR art. 40: the projected annual income (earlier months of the year + this
 * month + RC × months left + the ordinary gratificaciones still to come), minus 7 UIT, taxed with the brackets; then
 * Jan-Mar annual/12, Apr (annual − Jan..Mar)/9, May-Jul (annual − Jan..Apr)/8, Aug (annual − Jan..Jul)/5,
 * Sep-Nov (annual − Jan..Aug)/4, Dec annual − Jan..Nov.
 */
export function retencionQuinta(
  mes: number,
  ingresosMes: Decimal,
  rc: Decimal,
  gratisFuturas: Decimal,
  historial: { mes: number; ingresos: Decimal; retencion: Decimal }[],
  p: Parametros,
): { monto: Decimal; regla: string } {
  const previos = historial.filter((h) => h.mes < mes);
  const ingresosPrevios = previos.reduce((s, h) => s.plus(h.ingresos), new Decimal(0));
  const mesesRestantes = 12 - mes;
  const proyectada = ingresosPrevios.plus(ingresosMes).plus(rc.times(mesesRestantes)).plus(gratisFuturas);
  const uit = p.valor('UIT');
  const deduccion = p.valor('RENTA5_DEDUCCION_UIT').times(uit);
  const rentaNeta = Decimal.max(0, proyectada.minus(deduccion));
  const { impuesto, detalle } = impuestoQuinta(rentaNeta, p);
  const [hasta, divisor] = mes <= 3 ? [0, 12] : mes === 4 ? [3, 9] : mes <= 7 ? [4, 8] : mes === 8 ? [7, 5] : mes <= 11 ? [8, 4] : [11, 1];
  const retenido = previos.filter((h) => h.mes <= hasta).reduce((s, h) => s.plus(h.retencion), new Decimal(0));
  const monto = Decimal.max(0, r2(impuesto.minus(retenido).dividedBy(divisor)));
  const proyeccion =
    `proyección anual ${f2(proyectada)} = meses anteriores ${f2(ingresosPrevios)} + este mes ${f2(ingresosMes)}` +
    ` + RC ${f2(rc)} × ${mesesRestantes} meses restantes + gratificaciones por recibir ${f2(gratisFuturas)}`;
  const neta = `renta neta ${f2(rentaNeta)} = proyección − ${p.valor('RENTA5_DEDUCCION_UIT').toString()} UIT (UIT ${f2(uit)})`;
  const tramos = detalle.length ? `impuesto anual ${f2(impuesto)} (${detalle.join('; ')})` : 'impuesto anual 0.00';
  const division = mes === 12 ? `retención = ${f2(impuesto)} − retenido ene-nov ${f2(retenido)}` : hasta === 0 ? `retención = ${f2(impuesto)} / 12` : `retención = (${f2(impuesto)} − retenido ene-${NOMBRE_MES[hasta - 1].slice(0, 3)} ${f2(retenido)}) / ${divisor}`;
  return { monto, regla: `${proyeccion}; ${neta}; ${tramos}; ${division} (LIR art. 53, Reglamento art. 40)` };
}

/** One worker's payslip for a month of the general/REMYPE payroll (kind 0, planilla). */
export function calcularBoleta(e: EntradaBoleta, p: Parametros): ResultadoBoleta {
  const c = e.contrato;
  const lineas: LineaMotor[] = [];
  const agregar = (tipo: TTipoLinea, codigo: string, concepto: string, monto: Decimal, regla: string) => lineas.push({ tipo, codigo, concepto, monto: r2(monto), regla });

  // Income.
  const rb = new Decimal(c.remuneracion);
  const dias = diasLaborados(c, e.anio, e.mes);
  const basico = r2(rb.times(dias).dividedBy(30));
  agregar('INGRESO', 'BASICO', 'Remuneración básica', basico, `${f2(rb)} × ${dias}/30 días del mes`);
  const af = asignacionFamiliar(c, p);
  if (af) agregar('INGRESO', 'ASIG_FAMILIAR', 'Asignación familiar', af.monto, af.regla);
  const { rc, regla: reglaRc } = computable(c, p);
  const jornada = p.valor('JORNADA_HORAS');
  const valorHora = rc.dividedBy(30).dividedBy(jornada);
  const reglaHora = `valor hora ${valorHora.toDecimalPlaces(4).toString()} = RC ${f2(rc)} (${reglaRc}) / 30 / ${jornada.toString()} h`;
  let sobretiempo = new Decimal(0);
  for (const [horas, codigo, tasa] of [
    [new Decimal(e.horasExtra25 ?? 0), 'HE25', p.valor('SOBRETIEMPO_25_TASA')],
    [new Decimal(e.horasExtra35 ?? 0), 'HE35', p.valor('SOBRETIEMPO_35_TASA')],
  ] as const) {
    if (horas.isZero()) continue;
    const monto = r2(horas.times(valorHora).times(tasa.plus(1)));
    sobretiempo = sobretiempo.plus(monto);
    agregar('INGRESO', codigo, `Horas extra al ${tasa.times(100).toString()} %`, monto, `${horas.toString()} h × ${reglaHora} × (1 + ${pct(tasa)}) (DS 007-2002-TR)`);
  }
  const horasFeriado = new Decimal(e.horasFeriado ?? 0);
  let feriado = new Decimal(0);
  if (!horasFeriado.isZero()) {
    const tasa = p.valor('FERIADO_SOBRETASA');
    feriado = r2(horasFeriado.times(valorHora).times(tasa.plus(1)));
    agregar('INGRESO', 'FERIADO', 'Trabajo en feriado o día de descanso', feriado, `${horasFeriado.toString()} h × ${reglaHora} × (1 + ${pct(tasa)}) (DL 713, Tabla 22 código 0107)`);
  }
  // Night work: the legal minimum is the RMV plus 35 % for a whole month of night shifts (DS 007-2002-TR art. 8), so
  // each night hour earns 35 % of the RMV's hour value; mixed shifts get it pro rata to their night hours.
  const horasNocturnas = new Decimal(e.horasNocturnas ?? 0);
  let nocturno = new Decimal(0);
  if (!horasNocturnas.isZero()) {
    const tasa = p.valor('NOCTURNO_SOBRETASA');
    const rmvHora = p.valor('RMV').dividedBy(30).dividedBy(jornada);
    nocturno = r2(horasNocturnas.times(rmvHora).times(tasa));
    agregar(
      'INGRESO',
      'NOCTURNO',
      'Sobretasa por trabajo nocturno',
      nocturno,
      `${horasNocturnas.toString()} h nocturnas (22:00-06:00) × valor hora de la RMV ${rmvHora.toDecimalPlaces(4).toString()} (RMV ${f2(p.valor('RMV'))} / 30 / ${jornada.toString()} h) × ${pct(tasa)} (DS 007-2002-TR art. 8)`,
    );
  }
  // Pay for work not done: absences at the day's basic pay, tardiness at the minute's value (domain notes §2.8). They
  // lower the remuneration the contributions are computed on (Tabla 22 codes 0705 and 0704).
  const faltas = Math.min(e.faltas ?? 0, dias);
  let noLaborado = new Decimal(0);
  if (faltas > 0) {
    const monto = r2(rb.dividedBy(30).times(faltas));
    noLaborado = noLaborado.plus(monto);
    agregar('DESCUENTO', 'INASISTENCIAS', 'Inasistencias', monto, `${f2(rb)} / 30 × ${faltas} día(s) de falta injustificada (Tabla 22 código 0705)`);
  }
  const sinGoce = Math.min(e.diasSinGoce ?? 0, dias - faltas);
  if (sinGoce > 0) {
    const monto = r2(rb.dividedBy(30).times(sinGoce));
    noLaborado = noLaborado.plus(monto);
    agregar('DESCUENTO', 'LICENCIA_SIN_GOCE', 'Licencia sin goce de haber', monto, `${f2(rb)} / 30 × ${sinGoce} día(s) de licencia sin goce aprobada (suspensión perfecta, Tabla 21 código 05)`);
  }
  if ((e.minutosTardanza ?? 0) > 0) {
    const monto = r2(valorHora.times(e.minutosTardanza!).dividedBy(60));
    noLaborado = noLaborado.plus(monto);
    agregar('DESCUENTO', 'TARDANZAS', 'Tardanzas', monto, `${e.minutosTardanza} min × ${reglaHora} / 60 (Tabla 22 código 0704)`);
  }
  const asegurable = Decimal.max(0, basico.plus(af?.monto ?? 0).plus(sobretiempo).plus(feriado).plus(nocturno).minus(noLaborado));

  let extraordinarios = new Decimal(0);
  if (e.mes === 7 || e.mes === 12) {
    const g = gratificacion(c, p, e.anio, e.mes);
    if (g) {
      agregar('INGRESO', 'GRATIFICACION', `Gratificación de ${e.mes === 7 ? 'Fiestas Patrias' : 'Navidad'}`, g.monto, g.regla);
      const tasaBe = p.valor('BONIFICACION_EXTRAORDINARIA_TASA');
      const be = r2(g.monto.times(tasaBe));
      agregar('INGRESO', 'BONIF_EXTRAORDINARIA', 'Bonificación extraordinaria (Ley 30334)', be, `${pct(tasaBe)} × gratificación ${f2(g.monto)} (Ley 30334; sin aportes)`);
      extraordinarios = g.monto.plus(be);
    }
  }
  const ingresos = asegurable.plus(extraordinarios);

  // Pension (on the remuneración asegurable: gratificación and bonus excluded).
  let pension = new Decimal(0);
  if (c.sistemaPension === 'ONP') {
    const tasa = p.valor('ONP_TASA');
    pension = r2(asegurable.times(tasa));
    agregar('DESCUENTO', 'ONP', 'Aporte ONP', pension, `${pct(tasa)} × remuneración asegurable ${f2(asegurable)} (DL 19990)`);
  } else {
    const afp = NOMBRE_AFP[c.sistemaPension];
    const tasaFondo = p.valor('AFP_APORTE_TASA');
    const fondo = r2(asegurable.times(tasaFondo));
    agregar('DESCUENTO', 'AFP_FONDO', `AFP ${afp}: aporte obligatorio`, fondo, `${pct(tasaFondo)} × remuneración asegurable ${f2(asegurable)}`);
    const tipo = c.tipoComision ?? 'FLUJO';
    const tasaCom = p.valor(`AFP_COMISION_${tipo}_${c.sistemaPension}`);
    const comision = r2(asegurable.times(tasaCom));
    if (!comision.isZero())
      agregar('DESCUENTO', 'AFP_COMISION', `AFP ${afp}: comisión ${tipo === 'FLUJO' ? 'sobre el flujo' : 'mixta'}`, comision, `${pct(tasaCom)} × remuneración asegurable ${f2(asegurable)}`);
    const tasaPrima = p.valor('AFP_PRIMA_TASA');
    const rma = p.opcional('AFP_RMA');
    const basePrima = rma && asegurable.gt(rma) ? rma : asegurable;
    const prima = r2(basePrima.times(tasaPrima));
    agregar('DESCUENTO', 'AFP_PRIMA', `AFP ${afp}: prima de seguros`, prima, `${pct(tasaPrima)} × ${rma && asegurable.gt(rma) ? `remuneración máxima asegurable ${f2(rma)}` : `remuneración asegurable ${f2(asegurable)}`}`);
    pension = fondo.plus(comision).plus(prima);
  }

  // 5ta: income of the month subject to it, and the gratificaciones still to come this year (without the bonus).
  const factorGrati = p.valor(`GRATIFICACION_FACTOR_REGIMEN_${c.regimen}`);
  const gratisFuturas = rc.times(factorGrati).times((e.mes < 7 ? 1 : 0) + (e.mes < 12 ? 1 : 0));
  const historial = (e.historialQuinta ?? []).map((h) => ({ mes: h.mes, ingresos: new Decimal(h.ingresos), retencion: new Decimal(h.retencion) }));
  const quinta = retencionQuinta(e.mes, ingresos, rc, gratisFuturas, historial, p);
  if (!quinta.monto.isZero()) agregar('DESCUENTO', 'RENTA_QUINTA', 'Renta de quinta categoría', quinta.monto, quinta.regla);

  // Employer contribution.
  const tasaEs = p.valor('ESSALUD_TASA');
  const rmv = p.valor('RMV');
  // The RMV floor applies to a month with work; a month without any day worked has no minimum base.
  const trabajados = dias - faltas - sinGoce;
  const conMinimo = trabajados > 0 && asegurable.lt(rmv);
  const essalud = r2((conMinimo ? rmv : asegurable).times(tasaEs));
  const baseEs = conMinimo ? `RMV ${f2(rmv)} (base mínima)` : `remuneración ${f2(asegurable)}${trabajados > 0 ? '' : ' (sin días laborados en el mes: no se aplica la base mínima)'}`;
  agregar('APORTE', 'ESSALUD', 'EsSalud (empleador)', essalud, `${pct(tasaEs)} × ${baseEs} (Ley 26790)`);

  // CTS deposit (May, November): informative, deposited in the worker's CTS account, not part of the net pay.
  if (e.mes === 5 || e.mes === 11) {
    const d = cts(c, p, e.anio, e.mes, e.diasNoComputablesCts ?? 0);
    if (d) agregar('INFORMATIVO', 'CTS', `Depósito CTS de ${NOMBRE_MES[e.mes - 1]}`, d.monto, d.regla);
  }

  const suma = (tipo: TTipoLinea) => lineas.filter((l) => l.tipo === tipo).reduce((s, l) => s.plus(l.monto), new Decimal(0));
  const totalIngresos = suma('INGRESO');
  const totalDescuentos = suma('DESCUENTO');
  return {
    diasLaborados: dias - faltas - sinGoce,
    faltas,
    diasSinGoce: sinGoce,
    lineas,
    totalIngresos,
    totalDescuentos,
    totalAportes: suma('APORTE'),
    neto: totalIngresos.minus(totalDescuentos),
    ingresosQuinta: ingresos,
    retencionQuinta: quinta.monto,
  };
}
