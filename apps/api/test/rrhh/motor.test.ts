import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { calcularBoleta, cts, gratificacion, impuestoQuinta, Parametros, ParametroFaltante, provisionCts, retencionQuinta, type ContratoMotor, type ResultadoBoleta } from '../../src/modules/rrhh/planilla.motor';

// The 2026 values of migration 0030 (parametro_planilla). The API test checks the engine reads them from the table.
const P2026 = Parametros.de(
  {
    RMV: '1130',
    UIT: '5500',
    ASIGNACION_FAMILIAR_TASA: '0.10',
    ONP_TASA: '0.13',
    AFP_APORTE_TASA: '0.10',
    AFP_PRIMA_TASA: '0.0137',
    AFP_COMISION_FLUJO_HABITAT: '0.0147',
    AFP_COMISION_FLUJO_INTEGRA: '0.0155',
    AFP_COMISION_FLUJO_PRIMA: '0.0160',
    AFP_COMISION_FLUJO_PROFUTURO: '0.0169',
    AFP_COMISION_MIXTA_HABITAT: '0',
    AFP_COMISION_MIXTA_INTEGRA: '0',
    AFP_COMISION_MIXTA_PRIMA: '0',
    AFP_COMISION_MIXTA_PROFUTURO: '0',
    ESSALUD_TASA: '0.09',
    JORNADA_HORAS: '8',
    SOBRETIEMPO_25_TASA: '0.25',
    SOBRETIEMPO_35_TASA: '0.35',
    FERIADO_SOBRETASA: '1',
    NOCTURNO_SOBRETASA: '0.35',
    BONIFICACION_EXTRAORDINARIA_TASA: '0.09',
    RENTA5_DEDUCCION_UIT: '7',
    RENTA5_TRAMO1_UIT: '5',
    RENTA5_TRAMO1_TASA: '0.08',
    RENTA5_TRAMO2_UIT: '20',
    RENTA5_TRAMO2_TASA: '0.14',
    RENTA5_TRAMO3_UIT: '35',
    RENTA5_TRAMO3_TASA: '0.17',
    RENTA5_TRAMO4_UIT: '45',
    RENTA5_TRAMO4_TASA: '0.20',
    RENTA5_TRAMO5_TASA: '0.30',
    ASIGNACION_FAMILIAR_REGIMEN_1: '1',
    ASIGNACION_FAMILIAR_REGIMEN_2: '0',
    ASIGNACION_FAMILIAR_REGIMEN_3: '0',
    GRATIFICACION_FACTOR_REGIMEN_1: '1',
    GRATIFICACION_FACTOR_REGIMEN_2: '0',
    GRATIFICACION_FACTOR_REGIMEN_3: '0.5',
    CTS_FACTOR_REGIMEN_1: '1',
    CTS_FACTOR_REGIMEN_2: '0',
    CTS_FACTOR_REGIMEN_3: '0.5',
  },
  '2026-12-31',
);

const contrato = (c: Partial<ContratoMotor>): ContratoMotor => ({
  regimen: 1,
  remuneracion: '3000',
  sistemaPension: 'HABITAT',
  tipoComision: 'FLUJO',
  asignacionFamiliar: true,
  fechaInicio: '2025-01-01',
  fechaFin: null,
  ...c,
});

const montos = (r: ResultadoBoleta) => Object.fromEntries(r.lineas.map((l) => [l.codigo, l.monto.toFixed(2)]));

describe('motor de planilla (casos calculados a mano)', () => {
  it('trabajador con asignación familiar y AFP Habitat (flujo), marzo 2026', () => {
    // Básico 3000.00 (30/30 días); asignación familiar 10 % × RMV 1130 = 113.00; asegurable 3113.00.
    // AFP: fondo 10 % × 3113 = 311.30; comisión flujo 1.47 % × 3113 = 45.7611 → 45.76; prima 1.37 % × 3113 = 42.6481 → 42.65.
    // 5ta: started 1-Mar-2026, projection 3113 × 10 months (Mar-Dec) + 2 gratificaciones × 3113 = 37,356 < 7 UIT
    // (38,500) → no retention. EsSalud 9 % × 3113 = 280.17. Net 3113 − 399.71 = 2713.29.
    const r = calcularBoleta({ anio: 2026, mes: 3, contrato: contrato({ fechaInicio: '2026-03-01' }) }, P2026);
    expect(montos(r)).toEqual({ BASICO: '3000.00', ASIG_FAMILIAR: '113.00', AFP_FONDO: '311.30', AFP_COMISION: '45.76', AFP_PRIMA: '42.65', ESSALUD: '280.17' });
    expect(r.totalIngresos.toFixed(2)).toBe('3113.00');
    expect(r.totalDescuentos.toFixed(2)).toBe('399.71');
    expect(r.neto.toFixed(2)).toBe('2713.29');
    expect(r.totalAportes.toFixed(2)).toBe('280.17');
    expect(r.lineas.find((l) => l.codigo === 'AFP_COMISION')!.regla).toContain('1.47 % × remuneración asegurable 3113.00');
    expect(r.lineas.find((l) => l.codigo === 'ASIG_FAMILIAR')!.regla).toBe('10 % × RMV 1130.00 (Ley 25129)');
  });

  it('trabajador en ONP con horas extra, abril 2026', () => {
    // Básico 2400, no asignación familiar. Valor hora 2400 / 30 / 8 = 10.00.
    // 2 h al 25 %: 2 × 10 × 1.25 = 25.00; 1 h al 35 %: 1 × 10 × 1.35 = 13.50. Asegurable 2438.50.
    // ONP 13 % × 2438.50 = 317.005 → 317.01. EsSalud 9 % × 2438.50 = 219.465 → 219.47.
    // 5ta: Jan-Mar 7200 + April 2438.50 + 2400 × 8 + 2 × 2400 = 33,638.50 < 38,500 → 0. Net 2438.50 − 317.01 = 2121.49.
    const historial = [1, 2, 3].map((mes) => ({ mes, ingresos: '2400', retencion: '0' }));
    const r = calcularBoleta(
      { anio: 2026, mes: 4, contrato: contrato({ remuneracion: '2400', sistemaPension: 'ONP', tipoComision: null, asignacionFamiliar: false }), horasExtra25: '2', horasExtra35: '1', historialQuinta: historial },
      P2026,
    );
    expect(montos(r)).toEqual({ BASICO: '2400.00', HE25: '25.00', HE35: '13.50', ONP: '317.01', ESSALUD: '219.47' });
    expect(r.neto.toFixed(2)).toBe('2121.49');
    expect(r.lineas.find((l) => l.codigo === 'HE25')!.regla).toContain('valor hora 10 = RC 2400.00');
  });

  it('faltas, tardanzas y trabajo en feriado tomados de la asistencia, abril 2026', () => {
    // ONP, básico 2400, valor hora 10.00. Feriado 8 h × 10 × (1 + 100 %) = 160.00; 2 faltas: 2400 / 30 × 2 = 160.00;
    // 45 min de tardanza: 10 × 45 / 60 = 7.50. Asegurable 2400 + 160 − 160 − 7.50 = 2392.50.
    // ONP 13 % × 2392.50 = 311.025 → 311.03; EsSalud 9 % × 2392.50 = 215.325 → 215.33; 5ta 0 (projection under 7 UIT).
    // Net 2560.00 − (160.00 + 7.50 + 311.03) = 2081.47; 28 days worked.
    const historial = [1, 2, 3].map((mes) => ({ mes, ingresos: '2400', retencion: '0' }));
    const r = calcularBoleta(
      {
        anio: 2026,
        mes: 4,
        contrato: contrato({ remuneracion: '2400', sistemaPension: 'ONP', tipoComision: null, asignacionFamiliar: false }),
        faltas: 2,
        minutosTardanza: 45,
        horasFeriado: '8',
        historialQuinta: historial,
      },
      P2026,
    );
    expect(montos(r)).toEqual({ BASICO: '2400.00', FERIADO: '160.00', INASISTENCIAS: '160.00', TARDANZAS: '7.50', ONP: '311.03', ESSALUD: '215.33' });
    expect(r.neto.toFixed(2)).toBe('2081.47');
    expect(r).toMatchObject({ diasLaborados: 28, faltas: 2 });
    expect(r.lineas.find((l) => l.codigo === 'ONP')!.regla).toContain('remuneración asegurable 2392.50');
    expect(r.lineas.find((l) => l.codigo === 'INASISTENCIAS')!.regla).toBe('2400.00 / 30 × 2 día(s) de falta injustificada (Tabla 22 código 0705)');
    // More absences than days covered: at most the contract's days (started on 21 April: 10 days).
    const corto = calcularBoleta({ anio: 2026, mes: 4, contrato: contrato({ remuneracion: '2400', sistemaPension: 'ONP', tipoComision: null, asignacionFamiliar: false, fechaInicio: '2026-04-21' }), faltas: 15 }, P2026);
    expect(corto).toMatchObject({ diasLaborados: 0, faltas: 10 });
    expect(corto.neto.toFixed(2)).toBe('0.00');
  });

  it('gratificación de julio con bonificación extraordinaria y su retención de 5ta', () => {
    // Gratificación 3113 × 6/6 = 3113.00; bonificación 9 % = 280.17 (not subject to AFP/EsSalud).
    // AFP on 3113 only: 311.30 + 45.76 + 42.65 = 399.71. EsSalud 280.17.
    // 5ta January..June: projection 3113 × 12 + 2 × 3113 = 43,582 − 38,500 = 5,082 × 8 % = 406.56; monthly 406.56/12 = 33.88
    // (Apr (406.56 − 101.64)/9 = 33.88, May-Jun (406.56 − 135.52)/8 = 33.88).
    // July: previous 6 × 3113 = 18,678 + this month 6,506.17 + 3113 × 5 + December grati 3113 = 43,862.17;
    // renta neta 5,362.17 × 8 % = 428.9736 → 428.97; retention (428.97 − 135.52 [Jan-Apr]) / 8 = 36.68125 → 36.68.
    // Net 6,506.17 − 399.71 − 36.68 = 6,069.78.
    const historial = [1, 2, 3, 4, 5, 6].map((mes) => ({ mes, ingresos: '3113', retencion: '33.88' }));
    const r = calcularBoleta({ anio: 2026, mes: 7, contrato: contrato({}), historialQuinta: historial }, P2026);
    expect(montos(r)).toMatchObject({ GRATIFICACION: '3113.00', BONIF_EXTRAORDINARIA: '280.17', AFP_FONDO: '311.30', RENTA_QUINTA: '36.68', ESSALUD: '280.17' });
    expect(r.totalIngresos.toFixed(2)).toBe('6506.17');
    expect(r.neto.toFixed(2)).toBe('6069.78');
    // The January retention of the same worker: 33.88.
    const enero = calcularBoleta({ anio: 2026, mes: 1, contrato: contrato({}) }, P2026);
    expect(montos(enero).RENTA_QUINTA).toBe('33.88');
  });

  it('gratificación según el régimen: pequeña empresa la mitad, microempresa ninguna; meses incompletos no cuentan', () => {
    // Pequeña: 2000 × 6/6 × 0.5 = 1000.00 (no asignación familiar in REMYPE).
    expect(gratificacion(contrato({ regimen: 3, remuneracion: '2000' }), P2026, 2026, 7)!.monto.toFixed(2)).toBe('1000.00');
    expect(gratificacion(contrato({ regimen: 2, remuneracion: '2000' }), P2026, 2026, 7)).toBeNull();
    // A micro company's July payslip: no gratificación and no asignación familiar even with the flag on.
    const micro = calcularBoleta({ anio: 2026, mes: 7, contrato: contrato({ regimen: 2, remuneracion: '2000', sistemaPension: 'ONP', tipoComision: null }) }, P2026);
    expect(montos(micro)).toEqual({ BASICO: '2000.00', ONP: '260.00', ESSALUD: '180.00' });
    // General, started 15-Feb-2026: full months Mar-Jun = 4 → 3113 × 4 / 6 = 2075.3333 → 2075.33.
    expect(gratificacion(contrato({ fechaInicio: '2026-02-15' }), P2026, 2026, 7)!.monto.toFixed(2)).toBe('2075.33');
  });

  it('depósito de CTS de noviembre (semestre completo y periodo incompleto)', () => {
    // RC = 3000 + 113 + 1/6 × July gratificación 3113 (518.8333) = 3631.8333; × 6/12 = 1815.9167 → 1815.92.
    const completo = cts(contrato({}), P2026, 2026, 11)!;
    expect(completo.monto.toFixed(2)).toBe('1815.92');
    // Started 16-Jun-2026: no full month in Jan-Jun, so no July gratificación; RC 3113.
    // 3113/12 × 4 months (Jul-Oct) + 3113/360 × 15 days (16-30 Jun) = 3113 × 135 / 360 = 1167.375 → 1167.38.
    expect(cts(contrato({ fechaInicio: '2026-06-16' }), P2026, 2026, 11)!.monto.toFixed(2)).toBe('1167.38');
    // In the November payslip it is an informative line: not part of the net pay.
    const r = calcularBoleta({ anio: 2026, mes: 11, contrato: contrato({}) }, P2026);
    const linea = r.lineas.find((l) => l.codigo === 'CTS')!;
    expect(linea).toMatchObject({ tipo: 'INFORMATIVO' });
    expect(linea.monto.toFixed(2)).toBe('1815.92');
    expect(r.totalIngresos.toFixed(2)).toBe('3113.00');
    // Microempresa: no CTS.
    expect(cts(contrato({ regimen: 2 }), P2026, 2026, 11)).toBeNull();
    // Pequeña empresa (15 remuneraciones diarias por año): RB 2000, no AF; July grati 2000 × 0.5 = 1000, sixth 166.6667;
    // RC 2166.6667 × 180 / 360 × 0.5 = 541.6667 → 541.67.
    expect(cts(contrato({ regimen: 3, remuneracion: '2000' }), P2026, 2026, 11)!.monto.toFixed(2)).toBe('541.67');
  });

  it('depósito de CTS con 2 faltas injustificadas en el periodo: se descuentan del tiempo a 1/30 de mes cada una', () => {
    // TUO DL 650 art. 8: 180 thirtieths − 2 = 178; RC 3631.8333 × 178 / 360 = 1795.7398 → 1795.74 (20.18 less).
    const d = cts(contrato({}), P2026, 2026, 11, 2)!;
    expect(d.monto.toFixed(2)).toBe('1795.74');
    expect(d.regla).toContain('− RC / 360 × 2 día(s) de inasistencia injustificada o no computables (art. 8)');
    // Through the payslip of November: the informative line carries the same figure.
    const r = calcularBoleta({ anio: 2026, mes: 11, contrato: contrato({}), diasNoComputablesCts: 2 }, P2026);
    expect(r.lineas.find((l) => l.codigo === 'CTS')!.monto.toFixed(2)).toBe('1795.74');
    // Started 16-Jun-2026 (135 thirtieths) with 2 faltas: 3113 × 133 / 360 = 414029 / 360 = 1150.0806 → 1150.08.
    expect(cts(contrato({ fechaInicio: '2026-06-16' }), P2026, 2026, 11, 2)!.monto.toFixed(2)).toBe('1150.08');
    // More non-computable days than time served: no deposit.
    expect(cts(contrato({ fechaInicio: '2026-10-25' }), P2026, 2026, 11, 10)).toBeNull();
  });

  it('provisión mensual de CTS: base con 1/6 de la gratificación del periodo, días computables y régimen', () => {
    // August 2026 (period May-October): RC 3113 + 1/6 × July gratificación 3113 = 3631.8333; / 12 = 302.6528 → 302.65.
    const agosto = provisionCts(contrato({}), P2026, 2026, 8, 30)!;
    expect(agosto.monto.toFixed(2)).toBe('302.65');
    expect(agosto.regla).toBe('base CTS 3631.83 = RC 3113.00 (básico 3000.00 + asignación familiar 113.00) + 1/6 de la gratificación de julio 2026 3113.00; / 12 (un mes) (TUO DL 650)');
    // Six months of the period add up to the November deposit (1815.92) but for the rounding of each month.
    expect(agosto.monto.times(6).toFixed(2)).toBe('1815.90');
    // November 2026 (period November-April): December 2026's gratificación (full semester) 3113 → same base.
    expect(provisionCts(contrato({}), P2026, 2026, 11, 30)!.monto.toFixed(2)).toBe('302.65');
    // Started 1-Mar-2026, April: December 2025's gratificación is nothing for her → 3113 / 12 = 259.42.
    expect(provisionCts(contrato({ fechaInicio: '2026-03-01' }), P2026, 2026, 4, 30)!.monto.toFixed(2)).toBe('259.42');
    // Two absences: 28 computable days → 3631.8333 × 28 / 360 = 282.4759 → 282.48.
    expect(provisionCts(contrato({}), P2026, 2026, 8, 28)!.monto.toFixed(2)).toBe('282.48');
    // Pequeña empresa: (2000 + 1000 / 6) / 12 × 0.5 = 90.28. Microempresa and a month without days: none.
    expect(provisionCts(contrato({ regimen: 3, remuneracion: '2000', asignacionFamiliar: false }), P2026, 2026, 8, 30)!.monto.toFixed(2)).toBe('90.28');
    expect(provisionCts(contrato({ regimen: 2 }), P2026, 2026, 8, 30)).toBeNull();
    expect(provisionCts(contrato({}), P2026, 2026, 8, 0)).toBeNull();
  });

  it('renta de 5ta en diciembre: regularización con lo retenido de enero a noviembre', () => {
    // Básico 6000 (ONP, no asignación familiar). Jan-Nov income: 10 × 6000 + July (6000 + 6000 + 540) = 72,540.
    // December: 6000 + gratificación 6000 + bonificación 540 = 12,540. Projection 85,080, nothing left to project.
    // Renta neta 85,080 − 38,500 = 46,580: 27,500 × 8 % = 2,200 + 19,080 × 14 % = 2,671.20 → 4,871.20.
    // Retained Jan-Nov 11 × 400 = 4,400 → December 4,871.20 − 4,400 = 471.20.
    // ONP 13 % × 6000 = 780.00. Net 12,540 − 780 − 471.20 = 11,288.80.
    const historial = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((mes) => ({ mes, ingresos: mes === 7 ? '12540' : '6000', retencion: '400' }));
    const r = calcularBoleta({ anio: 2026, mes: 12, contrato: contrato({ remuneracion: '6000', sistemaPension: 'ONP', tipoComision: null, asignacionFamiliar: false }), historialQuinta: historial }, P2026);
    expect(montos(r)).toMatchObject({ GRATIFICACION: '6000.00', BONIF_EXTRAORDINARIA: '540.00', ONP: '780.00', RENTA_QUINTA: '471.20', ESSALUD: '540.00' });
    expect(r.neto.toFixed(2)).toBe('11288.80');
    expect(r.lineas.find((l) => l.codigo === 'RENTA_QUINTA')!.regla).toContain('impuesto anual 4871.20');
  });

  it('escala de 5ta (payroll.md §2.3): básico 5000 en enero retiene 230.00', () => {
    // 5000 × 12 + 2 × 5000 = 70,000 − 38,500 = 31,500 → 2,200 + 4,000 × 14 % = 2,760 / 12 = 230.00.
    expect(impuestoQuinta(new Decimal('31500'), P2026).impuesto.toFixed(2)).toBe('2760.00');
    const r = retencionQuinta(1, new Decimal(5000), new Decimal(5000), new Decimal(10000), [], P2026);
    expect(r.monto.toFixed(2)).toBe('230.00');
    // Above 45 UIT the 30 % bracket applies: 300,000 → 2,200 + 11,550 + 14,025 + 11,000 + 52,500 × 30 % = 54,525.
    expect(impuestoQuinta(new Decimal('300000'), P2026).impuesto.toFixed(2)).toBe('54525.00');
  });

  it('AFP con comisión mixta: sin comisión sobre la remuneración; días de un mes incompleto', () => {
    // Started 16-Nov-2026: 15 days (16-30) → 3000 × 15/30 = 1500.00; + AF 113 = 1613.00; fondo 161.30; prima 22.0981 → 22.10.
    const r = calcularBoleta({ anio: 2026, mes: 11, contrato: contrato({ tipoComision: 'MIXTA', sistemaPension: 'INTEGRA', fechaInicio: '2026-11-16' }) }, P2026);
    expect(r.diasLaborados).toBe(15);
    expect(montos(r)).toMatchObject({ BASICO: '1500.00', AFP_FONDO: '161.30', AFP_PRIMA: '22.10' });
    expect(montos(r).AFP_COMISION).toBeUndefined();
    // EsSalud 9 % × 1613 = 145.17.
    expect(montos(r).ESSALUD).toBe('145.17');
    // Below the RMV (1200 × 15/30 = 600.00) EsSalud takes the RMV as minimum base: 9 % × 1130 = 101.70.
    const bajo = calcularBoleta({ anio: 2026, mes: 11, contrato: contrato({ remuneracion: '1200', asignacionFamiliar: false, fechaInicio: '2026-11-16' }) }, P2026);
    expect(montos(bajo)).toMatchObject({ BASICO: '600.00', ESSALUD: '101.70' });
  });

  it('un parámetro que falta en la fecha es un error claro', () => {
    expect(() => calcularBoleta({ anio: 2026, mes: 3, contrato: contrato({}) }, Parametros.de({ RMV: '1130' }, '2026-03-31'))).toThrow(ParametroFaltante);
  });

  it('trabajo nocturno: sobretasa mínima del 35 % sobre el valor hora de la RMV, en su propia línea', () => {
    // A whole month of night shifts at the RMV: 240 h × (1130 / 30 / 8 = 4.708333) × 35 % = 395.50, so the month pays
    // 1130 + 395.50 = 1525.50 = RMV × 1.35 (DS 007-2002-TR art. 8). ONP 13 % × 1525.50 = 198.315 → 198.32.
    const r = calcularBoleta({ anio: 2026, mes: 3, contrato: contrato({ remuneracion: '1130', sistemaPension: 'ONP', tipoComision: null, asignacionFamiliar: false }), horasNocturnas: '240' }, P2026);
    expect(montos(r)).toEqual({ BASICO: '1130.00', NOCTURNO: '395.50', ONP: '198.32', ESSALUD: '137.30' });
    expect(r.totalIngresos.toFixed(2)).toBe('1525.50');
    expect(r.lineas.find((l) => l.codigo === 'NOCTURNO')!.regla).toContain('DS 007-2002-TR art. 8');
    // Mixed shift: 10 night hours × 4.708333 × 35 % = 16.479 → 16.48.
    const mixto = calcularBoleta({ anio: 2026, mes: 3, contrato: contrato({}), horasNocturnas: '10' }, P2026);
    expect(montos(mixto).NOCTURNO).toBe('16.48');
    // Without night hours there is no line.
    expect(montos(calcularBoleta({ anio: 2026, mes: 3, contrato: contrato({}) }, P2026)).NOCTURNO).toBeUndefined();
  });

  it('EsSalud: sin días laborados en el mes no se aplica la base mínima (RMV)', () => {
    const c = contrato({ remuneracion: '1200', sistemaPension: 'ONP', tipoComision: null, asignacionFamiliar: false });
    // 30 faltas: básico 1200 − inasistencias 1200 = 0 asegurable → EsSalud 0.00, not 9 % × 1130 = 101.70.
    const cero = calcularBoleta({ anio: 2026, mes: 3, contrato: c, faltas: 30 }, P2026);
    expect(cero.diasLaborados).toBe(0);
    expect(montos(cero)).toMatchObject({ BASICO: '1200.00', INASISTENCIAS: '1200.00', ONP: '0.00', ESSALUD: '0.00' });
    expect(cero.lineas.find((l) => l.codigo === 'ESSALUD')!.regla).toContain('sin días laborados');
    // One day worked (29 faltas → asegurable 40.00): the RMV floor applies again, 9 % × 1130 = 101.70.
    const uno = calcularBoleta({ anio: 2026, mes: 3, contrato: c, faltas: 29 }, P2026);
    expect(uno.diasLaborados).toBe(1);
    expect(montos(uno).ESSALUD).toBe('101.70');
    // Unpaid leave the whole month is also a month without work: no floor.
    const licencia = calcularBoleta({ anio: 2026, mes: 3, contrato: c, diasSinGoce: 30 }, P2026);
    expect(licencia.diasSinGoce).toBe(30);
    expect(montos(licencia)).toMatchObject({ LICENCIA_SIN_GOCE: '1200.00', ESSALUD: '0.00' });
  });

  it('licencia sin goce: se descuenta el día de básico y no cuenta como falta', () => {
    // 3000 / 30 × 5 = 500.00; asegurable 3000 + 113 − 500 = 2613.00; AFP fondo 261.30.
    const r = calcularBoleta({ anio: 2026, mes: 3, contrato: contrato({}), diasSinGoce: 5, faltas: 1 }, P2026);
    expect(r.faltas).toBe(1);
    expect(r.diasSinGoce).toBe(5);
    expect(r.diasLaborados).toBe(24);
    expect(montos(r)).toMatchObject({ INASISTENCIAS: '100.00', LICENCIA_SIN_GOCE: '500.00', AFP_FONDO: '251.30' });
  });
});
