import { z } from '../zod-es';
import { ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';

/**
 * Attendance (issue 16, seed §7 horarios, huelleros, marcacion): schedules with their days, their dated assignment
 * to workers, clock-in devices (ZKTeco push), punches and the worked-time report.
 */

/** Clock-in origin (seed §4): 1 database, 2 system, 3 fingerprint device, 4 manual. */
export const OrigenesMarcacion = { 1: 'Base de datos', 2: 'Sistema', 3: 'Huellero', 4: 'Manual' } as const;
export const DiasSemana = { 1: 'Lunes', 2: 'Martes', 3: 'Miércoles', 4: 'Jueves', 5: 'Viernes', 6: 'Sábado', 7: 'Domingo' } as const;
/** Longest range of one attendance report (days). */
export const MAX_DIAS_REPORTE_ASISTENCIA = 62;

const fechaValida = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
export const ZFechaAsistencia = (campo: string) =>
  textoPermitido(z.string({ error: `Ingrese ${campo}` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${campo}: use el formato AAAA-MM-DD`)).refine(fechaValida, `${campo}: fecha no válida`);
const ZHora = (campo: string) =>
  textoPermitido(z.string({ error: `Ingrese ${campo}` }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${campo}: use el formato HH:MM (24 horas)`));

const minutosDelDia = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));
/** Minutes from entry to exit; an exit at or before the entry is the next day's (a shift across midnight). */
export const duracionTurno = (entrada: string, salida: string) => {
  const d = minutosDelDia(salida) - minutosDelDia(entrada);
  return d > 0 ? d : d + 1440;
};
/** Whether a schedule day's shift ends the next day. */
export const cruzaMedianoche = (entrada: string, salida: string) => minutosDelDia(salida) <= minutosDelDia(entrada);

export const ZHorarioDia = z
  .object({
    Dia: ZEntero({ min: 1, max: 7, mensaje: 'Día no válido (1 lunes a 7 domingo)', mensajeMin: 'Día no válido (1 lunes a 7 domingo)', mensajeMax: 'Día no válido (1 lunes a 7 domingo)' }),
    HoraEntrada: ZHora('la hora de entrada'),
    HoraSalida: ZHora('la hora de salida'),
    RefrigerioMinutos: ZEntero({ min: 0, max: 180, mensajeMax: 'El refrigerio es de 180 minutos como máximo' }).default(0),
  })
  .superRefine((v, ctx) => {
    // An exit at or before the entry is a shift across midnight (night shift): it ends the next day.
    if (v.HoraSalida === v.HoraEntrada) ctx.addIssue({ code: 'custom', path: ['HoraSalida'], message: 'La salida no puede ser igual a la entrada' });
    else if (v.RefrigerioMinutos >= duracionTurno(v.HoraEntrada, v.HoraSalida)) ctx.addIssue({ code: 'custom', path: ['RefrigerioMinutos'], message: 'El refrigerio debe ser menor que la jornada' });
  });
export type THorarioDia = z.output<typeof ZHorarioDia>;

export const ZHorarioGuardar = z
  .object({
    Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del horario' }),
    ToleranciaMinutos: ZEntero({ min: 0, max: 120, mensajeMax: 'La tolerancia es de 120 minutos como máximo' }).default(0),
    Dias: z.array(ZHorarioDia, { error: 'Ingrese los días del horario' }).min(1, 'Ingrese al menos un día laborable').max(7, 'Una semana tiene 7 días'),
  })
  .superRefine((v, ctx) => {
    const vistos = new Set<number>();
    v.Dias.forEach((d, i) => {
      if (vistos.has(d.Dia)) ctx.addIssue({ code: 'custom', path: ['Dias', i, 'Dia'], message: 'Ese día ya está en el horario' });
      vistos.add(d.Dia);
    });
  });
export type THorarioGuardar = z.input<typeof ZHorarioGuardar>;

export const ZHorario = z.object({
  Id: z.number().int(),
  Nombre: z.string(),
  ToleranciaMinutos: z.number().int(),
  Dias: z.array(z.object({ Dia: z.number().int(), HoraEntrada: z.string(), HoraSalida: z.string(), RefrigerioMinutos: z.number().int() })),
  LogEstado: z.number().int(),
});
export type THorario = z.infer<typeof ZHorario>;
export const ZHorarios = z.object({ Data: z.array(ZHorario) });

export const ZHorarioAsignar = z.object({
  IdTrabajador: ZId,
  IdHorario: ZId,
  FechaDesde: ZFechaAsistencia('la fecha de inicio'),
});
export type THorarioAsignar = z.input<typeof ZHorarioAsignar>;
export const ZHorarioAsignado = z.object({
  Id: z.number().int(),
  IdTrabajador: z.number().int(),
  IdHorario: z.number().int(),
  Horario: z.string(),
  FechaDesde: z.string(),
});
export type THorarioAsignado = z.infer<typeof ZHorarioAsignado>;
export const ZHorariosAsignados = z.object({ Data: z.array(ZHorarioAsignado) });
export const ZHorariosAsignadosQuery = z.object({ idTrabajador: ZId });

export const ZHuelleroGuardar = z.object({
  NumeroSerie: textoPermitido(
    z
      .string({ error: 'Ingrese el número de serie' })
      .trim()
      .min(1, 'Ingrese el número de serie')
      .max(40, 'Máximo 40 caracteres')
      .regex(/^[A-Za-z0-9_-]+$/, 'El número de serie tiene solo letras, dígitos, guion y guion bajo'),
  ),
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre o la ubicación del huellero' }),
  LogEstado: ZEntero({ min: 0, max: 1 }).default(1),
});
export type THuelleroGuardar = z.input<typeof ZHuelleroGuardar>;
export const ZHuellero = z.object({
  Id: z.number().int(),
  NumeroSerie: z.string(),
  Nombre: z.string(),
  UltimaConexion: z.string().nullable(),
  LogEstado: z.number().int(),
});
export type THuellero = z.infer<typeof ZHuellero>;
export const ZHuelleros = z.object({ Data: z.array(ZHuellero) });

/** A punch entered by hand: Lima local date and time. */
export const ZMarcacionManual = z.object({
  IdTrabajador: ZId,
  Fecha: ZFechaAsistencia('la fecha'),
  Hora: ZHora('la hora'),
  Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo (3 caracteres como mínimo)' }),
});
export type TMarcacionManual = z.input<typeof ZMarcacionManual>;
/** Correcting a punch: the old one is kept inactive, a new manual one replaces it; no date/time = void it. */
export const ZMarcacionCorregir = z.object({
  Fecha: ZFechaAsistencia('la fecha').nullish(),
  Hora: ZHora('la hora').nullish(),
  Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo (3 caracteres como mínimo)' }),
});
export type TMarcacionCorregir = z.input<typeof ZMarcacionCorregir>;

export const ZMarcacion = z.object({
  Id: z.number().int(),
  IdTrabajador: z.number().int(),
  Trabajador: z.string(),
  /** Lima local date and time. */
  Fecha: z.string(),
  Hora: z.string(),
  Origen: z.number().int(),
  Huellero: z.string().nullable(),
  Verificacion: z.number().int().nullable(),
  Motivo: z.string().nullable(),
  Usuario: z.string().nullable(),
  LogEstado: z.number().int(),
});
export type TMarcacion = z.infer<typeof ZMarcacion>;
export const ZMarcaciones = z.object({ Data: z.array(ZMarcacion), Count: z.number().int() });

export const rangoAsistencia = <T extends z.ZodRawShape>(forma: T) =>
  z
    .object({ desde: ZFechaAsistencia('la fecha inicial'), hasta: ZFechaAsistencia('la fecha final'), ...forma })
    .superRefine((v, ctx) => {
      const v2 = v as unknown as { desde: string; hasta: string };
      if (v2.hasta < v2.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha final es anterior a la inicial' });
      else if ((Date.parse(v2.hasta) - Date.parse(v2.desde)) / 86_400_000 + 1 > MAX_DIAS_REPORTE_ASISTENCIA)
        ctx.addIssue({ code: 'custom', path: ['hasta'], message: `El rango es de ${MAX_DIAS_REPORTE_ASISTENCIA} días como máximo` });
    });

export const ZMarcacionesQuery = rangoAsistencia({
  idTrabajador: ZId.optional(),
  estado: ZEntero({ min: -1, max: 1 }).default(1),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 200 }).default(50),
});
export const ZAsistenciaQuery = rangoAsistencia({ idTrabajador: ZId });

/** One day of a worker's attendance against the schedule. */
export const ZAsistenciaDia = z.object({
  Fecha: z.string(),
  Dia: z.number().int(),
  /**
   * LABORABLE, DESCANSO (no schedule that day), FERIADO (a national holiday or a company's non-working day),
   * SIN_HORARIO (no schedule assigned yet), PENDIENTE (future).
   */
  Tipo: z.enum(['LABORABLE', 'DESCANSO', 'FERIADO', 'SIN_HORARIO', 'PENDIENTE']),
  /** The holiday's name on a FERIADO day. */
  Feriado: z.string().nullable(),
  HoraEntradaProgramada: z.string().nullable(),
  HoraSalidaProgramada: z.string().nullable(),
  Marcaciones: z.array(z.string()),
  Entrada: z.string().nullable(),
  Salida: z.string().nullable(),
  MinutosTrabajados: z.number().int(),
  MinutosTardanza: z.number().int(),
  MinutosSalidaAnticipada: z.number().int(),
  MinutosExtra: z.number().int(),
  /** Overtime of the day split as the law pays it: the first two hours at 25 %, the rest at 35 % (DS 007-2002-TR). */
  MinutosExtra25: z.number().int(),
  MinutosExtra35: z.number().int(),
  /** Punched minutes between 22:00 and 06:00 (night work, DS 007-2002-TR art. 8). */
  MinutosNocturnos: z.number().int(),
  /** Minutes worked on a holiday or a rest day: paid apart with a 100 % surcharge (Tabla 22 code 0107). */
  MinutosFeriado: z.number().int(),
  Falta: z.boolean(),
  /** The approved request (vacaciones, permiso, licencia) covering the day: an absence then is not a falta. */
  Licencia: z.string().nullable(),
  /** An odd number of punches: the last has no pair (e.g. no exit punch); its time is not counted. */
  Incompleta: z.boolean(),
  Observacion: z.string().nullable(),
});
export type TAsistenciaDia = z.infer<typeof ZAsistenciaDia>;
export const ZAsistencia = z.object({
  IdTrabajador: z.number().int(),
  Trabajador: z.string(),
  Documento: z.string(),
  Desde: z.string(),
  Hasta: z.string(),
  Dias: z.array(ZAsistenciaDia),
  Totales: z.object({
    MinutosTrabajados: z.number().int(),
    MinutosTardanza: z.number().int(),
    Tardanzas: z.number().int(),
    MinutosSalidaAnticipada: z.number().int(),
    MinutosExtra: z.number().int(),
    MinutosExtra25: z.number().int(),
    MinutosExtra35: z.number().int(),
    MinutosNocturnos: z.number().int(),
    MinutosFeriado: z.number().int(),
    Feriados: z.number().int(),
    Faltas: z.number().int(),
    /** Days covered by approved requests, and those of them without pay (licencia sin goce). */
    DiasLicencia: z.number().int(),
    DiasSinGoce: z.number().int(),
    Incompletas: z.number().int(),
    DiasLaborados: z.number().int(),
  }),
});
export type TAsistencia = z.infer<typeof ZAsistencia>;

/** A holiday: national (IdEmpresa null, the law's list) or a company's own non-working day. */
export const ZFeriado = z.object({
  Id: z.number().int(),
  Fecha: z.string(),
  Descripcion: z.string(),
  /** true: national holiday for every company (read only); false: this company's own day. */
  Nacional: z.boolean(),
});
export type TFeriado = z.infer<typeof ZFeriado>;
export const ZFeriados = z.object({ Data: z.array(ZFeriado) });
export const ZFeriadosQuery = z.object({ anio: ZEntero({ min: 2000, max: 2100, mensaje: 'Año no válido' }) });
export const ZFeriadoGuardar = z.object({
  Fecha: ZFechaAsistencia('la fecha'),
  Descripcion: ZTexto(100, { min: 3, mensajeMin: 'Indique el motivo del día no laborable (3 caracteres como mínimo)' }),
});
export type TFeriadoGuardar = z.input<typeof ZFeriadoGuardar>;

/** Commands an HR user can queue for a clock-in device (ZKTeco push); the device takes them on its next poll. */
export const TiposComandoHuellero = {
  TRABAJADORES: 'Enviar los trabajadores (PIN = DNI y nombre)',
  MARCACIONES: 'Volver a enviar las marcaciones de un rango',
  INFO: 'Informar su estado (usuarios, marcaciones, firmware)',
  REINICIAR: 'Reiniciar el equipo',
} as const;
export type TTipoComandoHuellero = keyof typeof TiposComandoHuellero;
export const EstadosComandoHuellero = { 0: 'Pendiente', 1: 'Enviado', 2: 'Ejecutado', 3: 'Con error' } as const;
export const ZComandoHuelleroCrear = z
  .object({
    Tipo: z.enum(Object.keys(TiposComandoHuellero) as [TTipoComandoHuellero, ...TTipoComandoHuellero[]], { error: 'Seleccione el comando' }),
    Desde: ZFechaAsistencia('la fecha inicial').optional(),
    Hasta: ZFechaAsistencia('la fecha final').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.Tipo !== 'MARCACIONES') return;
    if (!v.Desde) ctx.addIssue({ code: 'custom', path: ['Desde'], message: 'Ingrese la fecha inicial' });
    if (!v.Hasta) ctx.addIssue({ code: 'custom', path: ['Hasta'], message: 'Ingrese la fecha final' });
    if (v.Desde && v.Hasta && v.Hasta < v.Desde) ctx.addIssue({ code: 'custom', path: ['Hasta'], message: 'La fecha final es anterior a la inicial' });
  });
export type TComandoHuelleroCrear = z.input<typeof ZComandoHuelleroCrear>;
export const ZComandoHuellero = z.object({
  Id: z.number().int(),
  Tipo: z.string(),
  Comando: z.string(),
  Estado: z.number().int(),
  EstadoDescripcion: z.string(),
  /** The device's answer: 0 done, negative an error code of the device. */
  Retorno: z.number().int().nullable(),
  FechaCreacion: z.string(),
  FechaEnvio: z.string().nullable(),
  FechaRespuesta: z.string().nullable(),
});
export type TComandoHuellero = z.infer<typeof ZComandoHuellero>;
export const ZComandosHuellero = z.object({ Data: z.array(ZComandoHuellero) });
export const ZComandosEncolados = z.object({ Encolados: z.number().int() });
