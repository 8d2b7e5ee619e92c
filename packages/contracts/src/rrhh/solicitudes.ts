import { z } from '../zod-es';
import { ZEntero, ZId, ZTexto } from '../validacion';
import { ZFechaAsistencia } from './asistencia';

/**
 * Requests of workers (seed `solicitud`) with their approval flow (`plantillaflujo` = template of steps per request
 * type, `flujosolicitud` = the steps of one request). An approved absence justifies the attendance days it covers.
 */
export const TiposSolicitud = { VACACIONES: 'Vacaciones', PERMISO: 'Permiso', LICENCIA: 'Licencia' } as const;
export type TTipoSolicitud = keyof typeof TiposSolicitud;
export const EstadosSolicitud = { 0: 'Pendiente', 1: 'Aprobada', 2: 'Rechazada' } as const;
const ZTipoSolicitud = z.enum(['VACACIONES', 'PERMISO', 'LICENCIA'], { error: 'Tipo de solicitud no válido (VACACIONES, PERMISO o LICENCIA)' });

export const ZPlantillaFlujoGuardar = z.object({
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del flujo' }),
  TipoSolicitud: ZTipoSolicitud,
  Pasos: z
    .array(z.object({ Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del paso' }), IdRol: ZId }), { error: 'Ingrese los pasos del flujo' })
    .min(1, 'El flujo necesita al menos un paso')
    .max(10, 'Un flujo tiene 10 pasos como máximo'),
});
export type TPlantillaFlujoGuardar = z.input<typeof ZPlantillaFlujoGuardar>;
export const ZPlantillaFlujo = z.object({
  Id: z.number().int(),
  Nombre: z.string(),
  TipoSolicitud: z.string(),
  Pasos: z.array(z.object({ Orden: z.number().int(), Nombre: z.string(), IdRol: z.number().int(), Rol: z.string() })),
});
export type TPlantillaFlujo = z.infer<typeof ZPlantillaFlujo>;
/** The flows, and the roles a step may be given (the shared ones and the company's own). */
export const ZPlantillasFlujo = z.object({ Data: z.array(ZPlantillaFlujo), Roles: z.array(z.object({ IdRol: z.number().int(), Nombre: z.string() })) });

export const ZSolicitudCrear = z
  .object({
    IdTrabajador: ZId,
    Tipo: ZTipoSolicitud,
    /** Vacations are always paid; a permiso or licencia says whether it is paid (con goce de haber). */
    ConGoce: z.boolean({ error: 'Indique si es con goce de haber' }).default(true),
    FechaDesde: ZFechaAsistencia('la fecha de inicio'),
    FechaHasta: ZFechaAsistencia('la fecha de fin'),
    Motivo: ZTexto(300, { min: 1, mensajeMin: 'Ingrese el motivo' }),
  })
  .superRefine((v, c) => {
    if (v.FechaHasta < v.FechaDesde) c.addIssue({ code: 'custom', path: ['FechaHasta'], message: 'La fecha de fin no puede ser anterior a la de inicio' });
    else if ((Date.parse(v.FechaHasta) - Date.parse(v.FechaDesde)) / 86400000 > 365) c.addIssue({ code: 'custom', path: ['FechaHasta'], message: 'Una solicitud cubre un año como máximo' });
    if (v.Tipo === 'VACACIONES' && !v.ConGoce) c.addIssue({ code: 'custom', path: ['ConGoce'], message: 'Las vacaciones siempre son con goce de haber' });
  });
export type TSolicitudCrear = z.input<typeof ZSolicitudCrear>;

export const ZSolicitudResolver = z.object({
  Aprobar: z.boolean({ error: 'Indique si aprueba o rechaza' }),
  Comentario: ZTexto(300).default(''),
});
export type TSolicitudResolver = z.input<typeof ZSolicitudResolver>;

export const ZPasoSolicitud = z.object({
  Orden: z.number().int(),
  Nombre: z.string(),
  IdRol: z.number().int(),
  Rol: z.string(),
  Estado: z.number().int(),
  EstadoDescripcion: z.string(),
  Usuario: z.string().nullable(),
  Fecha: z.string().nullable(),
  Comentario: z.string().nullable(),
});
export const ZSolicitud = z.object({
  Id: z.number().int(),
  IdTrabajador: z.number().int(),
  Trabajador: z.string(),
  Documento: z.string(),
  Tipo: z.string(),
  TipoDescripcion: z.string(),
  ConGoce: z.boolean(),
  FechaDesde: z.string(),
  FechaHasta: z.string(),
  Dias: z.number().int(),
  Motivo: z.string(),
  Estado: z.number().int(),
  EstadoDescripcion: z.string(),
  PasoActual: z.number().int(),
  /** Whether the user who asks can resolve the current step (has its role). */
  PuedeResolver: z.boolean(),
  /** "Notificación no enviada: …" when the last e-mail of the flow could not be sent; null otherwise. */
  Notificacion: z.string().nullable(),
  Flujo: z.array(ZPasoSolicitud),
});
export type TSolicitud = z.infer<typeof ZSolicitud>;
export const ZSolicitudesQuery = z.object({
  estado: ZEntero({ min: -1, max: 2 }).default(-1),
  idTrabajador: ZId.optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export const ZSolicitudes = z.object({ Data: z.array(ZSolicitud), Count: z.number().int() });

/** PLAME export (PDT 0601) of an approved run: one of its import files. */
export const ZPlameParams = z.object({
  id: ZId,
  extension: z.enum(['rem', 'jor', 'snl', 'toc', 'for'], { error: 'Archivo del PLAME no válido (rem, jor, snl, toc o for)' }),
});
/** AFPnet file of an approved run: every AFP affiliate, or only those of one AFP. */
export const ZAfpnetQuery = z.object({
  afp: z.enum(['INTEGRA', 'PRIMA', 'PROFUTURO', 'HABITAT'], { error: 'AFP no válida (INTEGRA, PRIMA, PROFUTURO o HABITAT)' }).optional(),
});
