import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, smallint, time, timestamp, uniqueIndex, varchar, date } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';

const byteaMarcacion = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A work schedule (horario) of a company: tolerance for lateness; its days are in horario_detalle. */
export const horario = pgTable(
  'horario',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    toleranciaMinutos: smallint('tolerancia_minutos').notNull().default(0),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('horario_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`),
    check('horario_tolerancia_ck', sql`${t.toleranciaMinutos} between 0 and 120`),
  ],
);

/** One working day of a schedule (seed horarios/detalle): day 1 Monday .. 7 Sunday, entry, exit and break minutes. */
export const horarioDetalle = pgTable(
  'horario_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idHorario: integer('id_horario').notNull().references(() => horario.id),
    dia: smallint('dia').notNull(),
    horaEntrada: time('hora_entrada').notNull(),
    horaSalida: time('hora_salida').notNull(),
    refrigerioMinutos: smallint('refrigerio_minutos').notNull().default(0),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('horario_detalle_dia_uq').on(t.idHorario, t.dia),
    check('horario_detalle_dia_ck', sql`${t.dia} between 1 and 7`),
    // An exit at or before the entry is a night shift ending the next day; only equal times are meaningless.
    check('horario_detalle_horas_ck', sql`${t.horaSalida} <> ${t.horaEntrada}`),
  ],
);

/** A schedule assigned to a worker from a date (seed contratos/horarios); the latest start on or before a day rules it. */
export const horarioTrabajador = pgTable(
  'horario_trabajador',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    idHorario: integer('id_horario').notNull().references(() => horario.id),
    fechaDesde: date('fecha_desde', { mode: 'string' }).notNull(),
    ...auditoria,
  },
  (t) => [index('horario_trabajador_ix').on(t.idEmpresa, t.idEntidad, t.fechaDesde)],
);

/** A clock-in device (huellero, ZKTeco push): its serial number is unique across every company. */
export const huellero = pgTable(
  'huellero',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    numeroSerie: varchar('numero_serie', { length: 40 }).notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ultimaConexion: timestamp('ultima_conexion', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [uniqueIndex('huellero_serie_uq').on(t.numeroSerie)],
);

/**
 * A punch (marcación). Origin per the seed: 1 database, 2 system, 3 fingerprint device, 4 manual. A corrected punch
 * stays (log_estado 0) and points to its replacement, so the history of who changed what remains.
 */
export const marcacion = pgTable(
  'marcacion',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    fechaHora: timestamp('fecha_hora', { withTimezone: true, mode: 'date' }).notNull(),
    origen: smallint('origen').notNull(),
    idHuellero: integer('id_huellero').references(() => huellero.id),
    // ATTLOG Verify (0 password, 1 fingerprint, 2 card, 15 face), device marks only.
    verificacion: smallint('verificacion'),
    motivo: varchar('motivo', { length: 200 }),
    idReemplazo: integer('id_reemplazo'),
    // Face validation of a web punch with the camera (seed §4): 90 valid, 0 invalid, -1 no face, -2 no photo to compare.
    validacionFacial: smallint('validacion_facial'),
    ...auditoria,
  },
  (t) => [
    check('marcacion_validacion_facial_ck', sql`${t.validacionFacial} is null or ${t.validacionFacial} in (90, 0, -1, -2)`),
    index('marcacion_entidad_ix').on(t.idEmpresa, t.idEntidad, t.fechaHora),
    // A device resending its log (Stamp 0) stores each punch once.
    uniqueIndex('marcacion_unica_uq').on(t.idEntidad, t.fechaHora).where(sql`${t.logEstado} = 1`),
    check('marcacion_origen_ck', sql`${t.origen} between 1 and 4`),
  ],
);

/**
 * Holidays: the national ones (id_empresa null, loaded by migration from the law's list) and each company's own
 * non-working days. A scheduled day that is a holiday is never a falta; work on it is paid apart.
 */
export const feriado = pgTable(
  'feriado',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').references(() => empresa.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    descripcion: varchar('descripcion', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('feriado_nacional_uq').on(t.fecha).where(sql`${t.idEmpresa} is null and ${t.logEstado} = 1`),
    uniqueIndex('feriado_empresa_uq').on(t.idEmpresa, t.fecha).where(sql`${t.idEmpresa} is not null and ${t.logEstado} = 1`),
  ],
);

/**
 * A command queued for a clock-in device (ZKTeco push): handed out on its next `getrequest` as `C:<id>:<comando>`,
 * answered on `devicecmd` with `ID=<id>&Return=<code>`. Estado 0 pendiente, 1 enviado, 2 ejecutado, 3 con error.
 */
export const huelleroComando = pgTable(
  'huellero_comando',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idHuellero: integer('id_huellero').notNull().references(() => huellero.id),
    tipo: varchar('tipo', { length: 30 }).notNull(),
    comando: varchar('comando', { length: 500 }).notNull(),
    estado: smallint('estado').notNull().default(0),
    retorno: integer('retorno'),
    fechaEnvio: timestamp('fecha_envio', { withTimezone: true, mode: 'date' }),
    fechaRespuesta: timestamp('fecha_respuesta', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [index('huellero_comando_pendiente_ix').on(t.idHuellero, t.estado, t.id), check('huellero_comando_estado_ck', sql`${t.estado} between 0 and 3`)],
);

/**
 * The camera photo of a punch made from the web (seed `marcacion/trabajador/imagen`), apart from `marcacion` so the
 * attendance report never reads image bytes. One per punch.
 */
export const marcacionImagen = pgTable(
  'marcacion_imagen',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idMarcacion: integer('id_marcacion').notNull().references(() => marcacion.id),
    contenido: byteaMarcacion('contenido').notNull(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('marcacion_imagen_uq').on(t.idMarcacion)],
);
