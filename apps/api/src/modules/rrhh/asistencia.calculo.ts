import type { TAsistencia, TAsistenciaDia } from '@yupana/contracts';

/**
 * Attendance against the schedule, one pure function for the report and its Excel (issue 16, domain notes §2.8, §6).
 * Rules (docs/decisions.md, "Asistencia"):
 * - Times are Lima local (UTC-5, Peru has no daylight saving) truncated to the minute, as devices record them.
 * - Punches within DUPLICADO_MINUTOS of the previous kept punch are one press repeated: ignored.
 * - Punches pair up in order: entry-exit, break out-break in... An odd count leaves the last unpaired (Incompleta):
 *   it is not counted as worked time, and the day has no exit.
 * - With exactly two punches (entry and exit only) the scheduled break is deducted; with more the breaks are punched.
 * - Tardanza: minutes of the first punch after entry + tolerance (the tolerance itself is not charged).
 * - Overtime: worked minutes beyond the scheduled day (exit - entry - break); salida anticipada: minutes before the
 *   scheduled exit of the last punch of a complete day.
 * - A scheduled day without punches is a falta once it is over (before today); later days are PENDIENTE.
 * - A day of the week the schedule does not list is DESCANSO; its punches count as worked time only (rest-day work
 *   is paid apart, not as overtime). Days before the first assignment are SIN_HORARIO.
 * - A holiday (national or the company's) with a schedule is FERIADO: never a falta; its punches are worked time paid
 *   apart (MinutosFeriado, as rest-day work), not overtime.
 * - Night shifts: a schedule day whose exit is at or before its entry ends the next day. A punch of the next morning
 *   belongs to that shift when it is before the shift's exit + VENTANA_SALIDA_MINUTOS (or half way to the next
 *   day's own entry, if sooner); minutes past midnight count from 1440 within the shift's day.
 * - Overtime splits per day: the first 120 minutes at 25 %, the rest at 35 %. Night minutes: punched time between
 *   22:00 and 06:00.
 */

export const DUPLICADO_MINUTOS = 3;
/** How long after a night shift's exit a next-day punch still belongs to it (a late exit punch). */
export const VENTANA_SALIDA_MINUTOS = 240;
const DIA = 1440;
const OFFSET_LIMA_MS = -5 * 60 * 60 * 1000;

/** A schedule day in minutes of its own day; `salida` <= `entrada` is a shift that ends the next day. */
export type DiaHorario = { entrada: number; salida: number; refrigerio: number };
/** The exit in minutes from the start of the shift's day (beyond 1440 for a night shift). */
const salidaEfectiva = (h: DiaHorario) => (h.salida > h.entrada ? h.salida : h.salida + DIA);
export type HorarioCalculo = { tolerancia: number; dias: Map<number, DiaHorario> };
export type AsignacionCalculo = { fechaDesde: string; horario: HorarioCalculo };

/** 'HH:MM[:SS]' -> minutes of the day. */
export const aMinutos = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));
export const aHora = (m: number) => {
  const d = m % DIA;
  const h = `${String(Math.floor(d / 60)).padStart(2, '0')}:${String(d % 60).padStart(2, '0')}`;
  return m >= DIA ? `${h} (+1)` : h;
};

/** Lima local date and minute of the day of an instant. */
export function aLocalLima(t: Date): { fecha: string; minuto: number } {
  const l = new Date(t.getTime() + OFFSET_LIMA_MS);
  return { fecha: l.toISOString().slice(0, 10), minuto: l.getUTCHours() * 60 + l.getUTCMinutes() };
}

/** Instant of a Lima local date and time ('HH:MM' or 'HH:MM:SS'). */
export const deLocalLima = (fecha: string, hora: string) => new Date(`${fecha}T${hora.length === 5 ? `${hora}:00` : hora}-05:00`);

/** ISO weekday, 1 Monday .. 7 Sunday, of a 'YYYY-MM-DD'. */
export const diaSemana = (fecha: string) => ((new Date(`${fecha}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const sumarDias = (fecha: string, n: number) => new Date(Date.parse(`${fecha}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Minutes of [a, b) (minutes from the day's start, b may pass 1440) that fall between 22:00 and 06:00. */
export function minutosNocturnos(a: number, b: number): number {
  let n = 0;
  for (let k = 0; k <= 2; k++) {
    const desde = k * DIA - 120;
    const hasta = k * DIA + 360;
    n += Math.max(0, Math.min(b, hasta) - Math.max(a, desde));
  }
  return n;
}

function fechasEntre(desde: string, hasta: string): string[] {
  const r: string[] = [];
  for (let t = Date.parse(`${desde}T00:00:00Z`); t <= Date.parse(`${hasta}T00:00:00Z`); t += 86_400_000) r.push(new Date(t).toISOString().slice(0, 10));
  return r;
}

/** Collapses repeated presses: a punch within DUPLICADO_MINUTOS of the last kept one is dropped. */
export function sinDuplicados(minutos: number[]): number[] {
  const orden = [...minutos].sort((a, b) => a - b);
  const r: number[] = [];
  for (const m of orden) if (!r.length || m - r[r.length - 1] >= DUPLICADO_MINUTOS) r.push(m);
  return r;
}

/** An approved request covering a day (from `solicitud`). */
export type LicenciaDia = { descripcion: string; conGoce: boolean };

export function calcularDia(fecha: string, hoy: string, asignacion: AsignacionCalculo | null, minutosMarcados: number[], feriado: string | null = null): TAsistenciaDia {
  const p = sinDuplicados(minutosMarcados);
  const dia = diaSemana(fecha);
  const pares: [number, number][] = [];
  for (let i = 0; i + 1 < p.length; i += 2) pares.push([p[i], p[i + 1]]);
  const incompleta = p.length % 2 === 1;
  const suma = pares.reduce((s, [a, b]) => s + (b - a), 0);
  const nocturnos = pares.reduce((s, [a, b]) => s + minutosNocturnos(a, b), 0);
  const base: TAsistenciaDia = {
    Fecha: fecha,
    Dia: dia,
    Tipo: 'SIN_HORARIO',
    Feriado: null,
    HoraEntradaProgramada: null,
    HoraSalidaProgramada: null,
    Marcaciones: p.map(aHora),
    Entrada: p.length ? aHora(p[0]) : null,
    Salida: p.length >= 2 && !incompleta ? aHora(p[p.length - 1]) : null,
    MinutosTrabajados: suma,
    MinutosTardanza: 0,
    MinutosSalidaAnticipada: 0,
    MinutosExtra: 0,
    MinutosExtra25: 0,
    MinutosExtra35: 0,
    MinutosNocturnos: nocturnos,
    MinutosFeriado: 0,
    Falta: false,
    Licencia: null,
    Incompleta: incompleta,
    Observacion: incompleta ? (p.length === 1 ? 'Sin marcación de salida' : 'Marcaciones impares: la última no tiene pareja') : null,
  };
  if (!asignacion) return base;
  const h = asignacion.horario.dias.get(dia);
  if (feriado) {
    const trabajadosFeriado = h && p.length === 2 ? Math.max(0, suma - h.refrigerio) : suma;
    return {
      ...base,
      Tipo: 'FERIADO',
      Feriado: feriado,
      MinutosTrabajados: trabajadosFeriado,
      MinutosFeriado: trabajadosFeriado,
      Observacion: p.length ? (base.Observacion ?? `Trabajó en feriado: ${feriado}`) : feriado,
    };
  }
  if (!h) return { ...base, Tipo: 'DESCANSO', MinutosFeriado: suma, Observacion: p.length ? (base.Observacion ?? 'Trabajó en día de descanso') : null };
  const salida = salidaEfectiva(h);
  const prog = { ...base, HoraEntradaProgramada: aHora(h.entrada), HoraSalidaProgramada: aHora(salida) };
  if (fecha > hoy) return { ...prog, Tipo: 'PENDIENTE' };
  if (!p.length) return { ...prog, Tipo: 'LABORABLE', Falta: fecha < hoy, Observacion: fecha < hoy ? 'Falta' : 'Sin marcaciones todavía' };
  const trabajados = p.length === 2 ? Math.max(0, suma - h.refrigerio) : suma;
  const jornada = salida - h.entrada - h.refrigerio;
  const extra = Math.max(0, trabajados - jornada);
  return {
    ...prog,
    Tipo: 'LABORABLE',
    MinutosTrabajados: trabajados,
    MinutosTardanza: Math.max(0, p[0] - (h.entrada + asignacion.horario.tolerancia)),
    MinutosSalidaAnticipada: !incompleta && pares.length ? Math.max(0, salida - p[p.length - 1]) : 0,
    MinutosExtra: extra,
    MinutosExtra25: Math.min(extra, 120),
    MinutosExtra35: Math.max(0, extra - 120),
  };
}

/** The schedule day that rules a date (the latest assignment on or before it), or null. */
function horarioDelDia(orden: AsignacionCalculo[], fecha: string): { asignacion: AsignacionCalculo | null; dia: DiaHorario | null } {
  let vigente: AsignacionCalculo | null = null;
  for (const a of orden) if (a.fechaDesde <= fecha) vigente = a;
  return { asignacion: vigente, dia: vigente?.horario.dias.get(diaSemana(fecha)) ?? null };
}

/**
 * The report of one worker: `asignaciones` sorted by fechaDesde (the latest on or before a day rules it),
 * `marcaciones` the instants of the active punches in the range.
 */
export function calcularAsistencia(
  trabajador: { id: number; nombre: string; documento: string },
  desde: string,
  hasta: string,
  hoy: string,
  asignaciones: AsignacionCalculo[],
  marcaciones: Date[],
  feriados: ReadonlyMap<string, string> = new Map(),
  licencias: ReadonlyMap<string, LicenciaDia> = new Map(),
): TAsistencia {
  const orden = [...asignaciones].sort((a, b) => (a.fechaDesde < b.fechaDesde ? -1 : a.fechaDesde > b.fechaDesde ? 1 : 0));
  // Each punch goes to the day of its shift: a next-morning punch may close the previous day's night shift.
  const porFecha = new Map<string, number[]>();
  const agregar = (fecha: string, minuto: number) => {
    const l = porFecha.get(fecha);
    if (l) l.push(minuto);
    else porFecha.set(fecha, [minuto]);
  };
  for (const t of marcaciones) {
    const { fecha, minuto } = aLocalLima(t);
    const anterior = sumarDias(fecha, -1);
    const previo = horarioDelDia(orden, anterior).dia;
    if (previo && previo.salida <= previo.entrada) {
      const propio = horarioDelDia(orden, fecha).dia;
      let limite = previo.salida + VENTANA_SALIDA_MINUTOS;
      if (propio && propio.entrada > previo.salida) limite = Math.min(limite, previo.salida + Math.floor((propio.entrada - previo.salida) / 2));
      if (minuto <= limite) {
        agregar(anterior, minuto + DIA);
        continue;
      }
    }
    agregar(fecha, minuto);
  }
  const dias = fechasEntre(desde, hasta).map((f) => {
    const d = calcularDia(f, hoy, horarioDelDia(orden, f).asignacion, porFecha.get(f) ?? [], feriados.get(f) ?? null);
    const l = licencias.get(f);
    // An approved absence justifies the day: no falta, and the request shows as the day's note.
    return l ? { ...d, Falta: false, Licencia: l.descripcion, Observacion: d.Falta || !d.Observacion ? l.descripcion : d.Observacion } : d;
  });
  const sumar = (k: 'MinutosTrabajados' | 'MinutosTardanza' | 'MinutosSalidaAnticipada' | 'MinutosExtra' | 'MinutosExtra25' | 'MinutosExtra35' | 'MinutosNocturnos' | 'MinutosFeriado') =>
    dias.reduce((s, d) => s + d[k], 0);
  return {
    IdTrabajador: trabajador.id,
    Trabajador: trabajador.nombre,
    Documento: trabajador.documento,
    Desde: desde,
    Hasta: hasta,
    Dias: dias,
    Totales: {
      MinutosTrabajados: sumar('MinutosTrabajados'),
      MinutosTardanza: sumar('MinutosTardanza'),
      Tardanzas: dias.filter((d) => d.MinutosTardanza > 0).length,
      MinutosSalidaAnticipada: sumar('MinutosSalidaAnticipada'),
      MinutosExtra: sumar('MinutosExtra'),
      MinutosExtra25: sumar('MinutosExtra25'),
      MinutosExtra35: sumar('MinutosExtra35'),
      MinutosNocturnos: sumar('MinutosNocturnos'),
      MinutosFeriado: sumar('MinutosFeriado'),
      Feriados: dias.filter((d) => d.Tipo === 'FERIADO').length,
      Faltas: dias.filter((d) => d.Falta).length,
      DiasLicencia: dias.filter((d) => d.Licencia !== null).length,
      DiasSinGoce: dias.filter((d) => licencias.get(d.Fecha)?.conGoce === false).length,
      Incompletas: dias.filter((d) => d.Incompleta).length,
      DiasLaborados: dias.filter((d) => (d.Tipo === 'LABORABLE' || d.Tipo === 'FERIADO') && d.Marcaciones.length > 0).length,
    },
  };
}
