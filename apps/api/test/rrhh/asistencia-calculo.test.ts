import { describe, expect, it } from 'vitest';
import { calcularAsistencia, calcularDia, deLocalLima, minutosNocturnos, sinDuplicados, type AsignacionCalculo, type DiaHorario } from '../../src/modules/rrhh/asistencia.calculo';
import { LimitePorMinuto, leerAttlog } from '../../src/modules/rrhh/iclock';

// Monday to Friday 08:00-17:00 with 60 min break (8 h day), 10 min tolerance; Saturday 08:00-12:00 without break.
const dias = new Map<number, DiaHorario>([1, 2, 3, 4, 5].map((d) => [d, { entrada: 480, salida: 1020, refrigerio: 60 }]));
dias.set(6, { entrada: 480, salida: 720, refrigerio: 0 });
const asig: AsignacionCalculo = { fechaDesde: '2026-03-01', horario: { tolerancia: 10, dias } };
const m = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));
const HOY = '2026-03-31';
// 2026-03-02 is a Monday.
const LUNES = '2026-03-02';

describe('cálculo de asistencia de un día', () => {
  it('a tiempo con entrada y salida: 8 h (refrigerio descontado), sin tardanza ni extra', () => {
    const d = calcularDia(LUNES, HOY, asig, [m('07:55'), m('17:00')]);
    expect(d).toMatchObject({ Tipo: 'LABORABLE', MinutosTrabajados: 485, MinutosTardanza: 0, MinutosExtra: 5, Entrada: '07:55', Salida: '17:00', Falta: false, Incompleta: false });
  });

  it('dentro de la tolerancia no hay tardanza; pasada la tolerancia cuentan los minutos después de ella', () => {
    expect(calcularDia(LUNES, HOY, asig, [m('08:10'), m('17:00')]).MinutosTardanza).toBe(0);
    expect(calcularDia(LUNES, HOY, asig, [m('08:11'), m('17:00')]).MinutosTardanza).toBe(1);
    const d = calcularDia(LUNES, HOY, asig, [m('08:25'), m('17:00')]);
    expect(d).toMatchObject({ MinutosTardanza: 15, MinutosTrabajados: 455, MinutosExtra: 0 });
  });

  it('sin marcación de salida: incompleta, sin horas trabajadas ni salida, la tardanza sí cuenta', () => {
    const d = calcularDia(LUNES, HOY, asig, [m('08:30')]);
    expect(d).toMatchObject({ Incompleta: true, MinutosTrabajados: 0, Salida: null, Entrada: '08:30', MinutosTardanza: 20, MinutosSalidaAnticipada: 0, Observacion: 'Sin marcación de salida' });
  });

  it('marcaciones repetidas (dos toques seguidos) cuentan una vez', () => {
    expect(sinDuplicados([m('08:00'), m('08:01'), m('08:02'), m('08:03'), m('17:00')])).toEqual([m('08:00'), m('08:03'), m('17:00')]);
    const d = calcularDia(LUNES, HOY, asig, [m('08:00'), m('08:00'), m('08:01'), m('17:00'), m('17:02')]);
    expect(d).toMatchObject({ Marcaciones: ['08:00', '17:00'], MinutosTrabajados: 480, Incompleta: false });
  });

  it('cuatro marcaciones: el refrigerio marcado se descuenta tal cual, no el programado', () => {
    const d = calcularDia(LUNES, HOY, asig, [m('08:00'), m('13:00'), m('13:45'), m('17:30')]);
    expect(d).toMatchObject({ MinutosTrabajados: 300 + 225, MinutosExtra: 45, Salida: '17:30' });
  });

  it('tres marcaciones: la última sin pareja no se cuenta', () => {
    const d = calcularDia(LUNES, HOY, asig, [m('08:00'), m('13:00'), m('14:00')]);
    expect(d).toMatchObject({ Incompleta: true, MinutosTrabajados: 300, Salida: null, Observacion: 'Marcaciones impares: la última no tiene pareja' });
  });

  it('salida anticipada y horas extra', () => {
    expect(calcularDia(LUNES, HOY, asig, [m('08:00'), m('16:30')])).toMatchObject({ MinutosSalidaAnticipada: 30, MinutosTrabajados: 450, MinutosExtra: 0 });
    expect(calcularDia(LUNES, HOY, asig, [m('08:00'), m('19:15')])).toMatchObject({ MinutosExtra: 135, MinutosTrabajados: 615 });
  });

  it('falta solo en días laborables ya pasados; hoy sin marcas no es falta; el futuro queda pendiente', () => {
    expect(calcularDia(LUNES, HOY, asig, [])).toMatchObject({ Falta: true, MinutosTrabajados: 0 });
    expect(calcularDia(HOY, HOY, asig, [])).toMatchObject({ Falta: false, Observacion: 'Sin marcaciones todavía' });
    expect(calcularDia('2026-04-01', HOY, asig, [])).toMatchObject({ Tipo: 'PENDIENTE', Falta: false });
    // Sunday is not in the schedule: rest day, no absence; work on it is worked time, not overtime.
    expect(calcularDia('2026-03-08', HOY, asig, [])).toMatchObject({ Tipo: 'DESCANSO', Falta: false });
    expect(calcularDia('2026-03-08', HOY, asig, [m('09:00'), m('11:00')])).toMatchObject({ Tipo: 'DESCANSO', MinutosTrabajados: 120, MinutosExtra: 0 });
    expect(calcularDia('2026-02-27', HOY, null, [])).toMatchObject({ Tipo: 'SIN_HORARIO', Falta: false });
  });

  it('sábado sin refrigerio: no se descuenta nada', () => {
    expect(calcularDia('2026-03-07', HOY, asig, [m('08:00'), m('12:00')])).toMatchObject({ MinutosTrabajados: 240, MinutosExtra: 0 });
  });
});

describe('reporte de un rango', () => {
  it('agrupa por fecha de Lima, toma el horario vigente por fecha y suma los totales', () => {
    const otro: AsignacionCalculo = { fechaDesde: '2026-03-04', horario: { tolerancia: 0, dias: new Map([[3, { entrada: 540, salida: 1080, refrigerio: 60 }]]) } };
    const marcas = [
      // Monday: 23:30 UTC of the 2nd is 18:30 in Lima of the 2nd (not the 3rd).
      deLocalLima(LUNES, '08:20'),
      new Date('2026-03-02T23:30:00Z'),
      // Tuesday: no punches (falta). Wednesday, new schedule 09:00 without tolerance: 09:05 is 5 min late.
      deLocalLima('2026-03-04', '09:05'),
      deLocalLima('2026-03-04', '18:00'),
    ];
    const r = calcularAsistencia({ id: 1, nombre: 'X', documento: '1' }, '2026-02-28', '2026-03-04', HOY, [otro, asig], marcas);
    expect(r.Dias.map((d) => d.Tipo)).toEqual(['SIN_HORARIO', 'DESCANSO', 'LABORABLE', 'LABORABLE', 'LABORABLE']);
    expect(r.Dias[2]).toMatchObject({ Salida: '18:30', MinutosTardanza: 10, MinutosTrabajados: 550, MinutosExtra: 70 });
    expect(r.Dias[3]).toMatchObject({ Falta: true });
    expect(r.Dias[4]).toMatchObject({ MinutosTardanza: 5, MinutosTrabajados: 475 });
    expect(r.Totales).toMatchObject({ MinutosTardanza: 15, Tardanzas: 2, Faltas: 1, DiasLaborados: 2, MinutosExtra: 70, MinutosTrabajados: 1025 });
  });
});

describe('lectura de ATTLOG', () => {
  it('lee las líneas válidas en hora de Lima y salta las malformadas', () => {
    const cuerpo = [
      '41234567\t2026-03-02 08:05:00\t0\t1\t0\t0\t0',
      '41234567\t2026-03-02 17:00:10\t1\t15\t0',
      '\r',
      'mal',
      "x'; drop table marcacion;--\t2026-03-02 08:00:00\t0\t1",
      '41234567\t2026-02-30 08:00:00\t0\t1',
      '41234567\t2026-03-02 25:00:00\t0\t1',
      '41234567\t2126-03-02 08:00:00\t0\t1',
      '41234567\t2026-03-03 08:00:00\t0\t9999',
    ].join('\r\n');
    const { marcas, lineas } = leerAttlog(cuerpo, new Date('2026-03-05T00:00:00Z'));
    expect(lineas).toBe(8);
    expect(marcas.map((x) => [x.pin, x.fechaHora.toISOString(), x.verificacion])).toEqual([
      ['41234567', '2026-03-02T13:05:00.000Z', 1],
      ['41234567', '2026-03-02T22:00:10.000Z', 15],
      ['41234567', '2026-03-03T13:00:00.000Z', null],
    ]);
  });

  it('rechaza marcas de más de un día en el futuro (reloj del equipo desfasado)', () => {
    expect(leerAttlog('1\t2026-03-07 08:00:00\t0\t1', new Date('2026-03-05T00:00:00Z')).marcas).toEqual([]);
  });
});

describe('límite de solicitudes', () => {
  it('permite el máximo por minuto, luego rechaza, y se libera al minuto siguiente', () => {
    const l = new LimitePorMinuto(3);
    expect([1, 2, 3, 4].map(() => l.permitir('ip', 1000))).toEqual([true, true, true, false]);
    expect(l.permitir('otra', 1000)).toBe(true);
    expect(l.permitir('ip', 61_000)).toBe(true);
  });

  it('no crece sin límite con claves nuevas', () => {
    const l = new LimitePorMinuto(3, 100);
    for (let i = 0; i < 1000; i++) l.permitir(`ip${i}`, 1000);
    expect(l.claves).toBeLessThanOrEqual(100);
  });
});

describe('turnos nocturnos, feriados, horas extra al 25 % y 35 %, horas nocturnas', () => {
  // Monday to Friday 22:00-06:00 (ends the next day) with a 45 min break; no tolerance.
  const noche = new Map<number, DiaHorario>([1, 2, 3, 4, 5].map((d) => [d, { entrada: 1320, salida: 360, refrigerio: 45 }]));
  const asigNoche: AsignacionCalculo = { fechaDesde: '2026-03-01', horario: { tolerancia: 0, dias: noche } };
  const instante = (fecha: string, hora: string) => deLocalLima(fecha, hora);
  const t = { id: 1, nombre: 'Vigilante', documento: '40000001' };

  it('la salida de la mañana siguiente cierra el turno de la noche anterior: 8 h, nocturnas, sin falta', () => {
    const r = calcularAsistencia(t, '2026-03-02', '2026-03-03', HOY, [asigNoche], [
      instante('2026-03-02', '21:58'),
      instante('2026-03-03', '06:05'),
      instante('2026-03-03', '22:20'),
      instante('2026-03-04', '06:00'),
    ]);
    const [lunes, martes] = r.Dias;
    expect(lunes).toMatchObject({ Tipo: 'LABORABLE', Entrada: '21:58', Salida: '06:05 (+1)', HoraSalidaProgramada: '06:00 (+1)', MinutosTrabajados: 487 - 45, MinutosTardanza: 0, Falta: false });
    // 22:00-06:00 is night time: 2 minutes before 22:00 are not; 5 after 06:00 are not.
    expect(lunes.MinutosNocturnos).toBe(480);
    expect(martes).toMatchObject({ Entrada: '22:20', Salida: '06:00 (+1)', MinutosTardanza: 20, Falta: false });
    expect(r.Totales.Faltas).toBe(0);
  });

  it('el turno de la noche del último día del rango se cierra con la marcación del día siguiente', () => {
    const r = calcularAsistencia(t, '2026-03-06', '2026-03-06', HOY, [asigNoche], [instante('2026-03-06', '22:00'), instante('2026-03-07', '06:00')]);
    expect(r.Dias[0]).toMatchObject({ MinutosTrabajados: 480 - 45, Incompleta: false });
  });

  it('un turno de día después de uno de noche: la marcación de la mañana es la entrada del día, no la salida de la noche', () => {
    const mixto = new Map<number, DiaHorario>([
      [1, { entrada: 1320, salida: 360, refrigerio: 0 }],
      [2, { entrada: 480, salida: 1020, refrigerio: 60 }],
    ]);
    const a: AsignacionCalculo = { fechaDesde: '2026-03-01', horario: { tolerancia: 0, dias: mixto } };
    // Monday night 22:00 -> Tuesday 06:00 exit; Tuesday 07:58 entry of the day shift, 17:00 exit.
    const r = calcularAsistencia(t, '2026-03-02', '2026-03-03', HOY, [a], [instante('2026-03-02', '22:00'), instante('2026-03-03', '06:00'), instante('2026-03-03', '07:58'), instante('2026-03-03', '17:00')]);
    expect(r.Dias[0]).toMatchObject({ MinutosTrabajados: 480, Marcaciones: ['22:00', '06:00 (+1)'] });
    expect(r.Dias[1]).toMatchObject({ Marcaciones: ['07:58', '17:00'], MinutosTrabajados: 542 - 60, MinutosTardanza: 0 });
  });

  it('horas extra: las dos primeras al 25 %, el resto al 35 %', () => {
    const d = calcularDia(LUNES, HOY, asig, [m('08:00'), m('20:30')]);
    expect(d).toMatchObject({ MinutosExtra: 210, MinutosExtra25: 120, MinutosExtra35: 90 });
    expect(calcularDia(LUNES, HOY, asig, [m('08:00'), m('18:00')])).toMatchObject({ MinutosExtra25: 60, MinutosExtra35: 0 });
  });

  it('un feriado con horario no es falta; trabajado, sus horas se pagan aparte (no son horas extra)', () => {
    const feriados = new Map([['2026-04-02', 'Jueves Santo']]);
    const a: AsignacionCalculo = { fechaDesde: '2026-03-01', horario: { tolerancia: 10, dias } };
    // 2026-04-02 is a Thursday: scheduled, a holiday, no punches -> not a falta.
    const libre = calcularAsistencia(t, '2026-04-02', '2026-04-02', '2026-04-30', [a], [], feriados);
    expect(libre.Dias[0]).toMatchObject({ Tipo: 'FERIADO', Feriado: 'Jueves Santo', Falta: false, MinutosFeriado: 0 });
    expect(libre.Totales).toMatchObject({ Faltas: 0, Feriados: 1 });
    const trabajado = calcularAsistencia(t, '2026-04-02', '2026-04-02', '2026-04-30', [a], [instante('2026-04-02', '08:00'), instante('2026-04-02', '17:00')], feriados);
    expect(trabajado.Dias[0]).toMatchObject({ Tipo: 'FERIADO', MinutosTrabajados: 480, MinutosFeriado: 480, MinutosExtra: 0, MinutosTardanza: 0 });
  });

  it('el trabajo en día de descanso también se paga aparte', () => {
    // 2026-03-08 is a Sunday: not in the schedule.
    const d = calcularDia('2026-03-08', HOY, asig, [m('09:00'), m('13:00')]);
    expect(d).toMatchObject({ Tipo: 'DESCANSO', MinutosTrabajados: 240, MinutosFeriado: 240, MinutosExtra: 0 });
  });

  it('horas nocturnas de un par cualquiera: solo lo que cae entre las 22:00 y las 06:00', () => {
    expect(minutosNocturnos(m('20:00'), m('23:30'))).toBe(90);
    expect(minutosNocturnos(m('05:00'), m('09:00'))).toBe(60);
    expect(minutosNocturnos(m('08:00'), m('17:00'))).toBe(0);
    expect(minutosNocturnos(m('21:00'), 1440 + m('07:00'))).toBe(480);
  });
});
