import { bigint, char, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, permiso, rol, sucursal, usuario } from '../../db/schema';

/** The service catalogue, copied from code (packages/contracts/src/servicios) at start. */
export const servicio = pgTable(
  'servicio',
  {
    id: idGenerado(),
    codigo: varchar('codigo', { length: 60 }).notNull(),
    descripcion: varchar('descripcion', { length: 250 }).notNull(),
    modulo: varchar('modulo', { length: 40 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('servicio_codigo_uq').on(t.codigo)],
);

/** A role grants a service while the link's log_estado is 1 (0 = revoked; rows are kept so revocations stand). */
export const rolServicio = pgTable(
  'rol_servicio',
  {
    id: idGenerado(),
    idRol: integer('id_rol').notNull().references(() => rol.id),
    idServicio: integer('id_servicio').notNull().references(() => servicio.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('rol_servicio_uq').on(t.idRol, t.idServicio)],
);

/** Holding a permission-tree node grants the services linked to it. */
export const permisoServicio = pgTable(
  'permiso_servicio',
  {
    id: idGenerado(),
    idPermiso: integer('id_permiso').notNull().references(() => permiso.id),
    idServicio: integer('id_servicio').notNull().references(() => servicio.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('permiso_servicio_uq').on(t.idPermiso, t.idServicio)],
);

/**
 * Roles a company created (ids from 1000 on). The seed's roles 1, 2, 4 have no row here: they are shared by every
 * company and read-only, so one company's changes never reach another's users.
 */
export const rolPropioSeq = pgSequence('rol_propio_seq', { startWith: 1000 });
export const rolEmpresa = pgTable(
  'rol_empresa',
  {
    idRol: integer('id_rol').primaryKey().references(() => rol.id),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    ...auditoria,
  },
  (t) => [index('rol_empresa_empresa_ix').on(t.idEmpresa)],
);

/** Single-use links: invitations and password resets. Only the SHA-256 of the token is stored. */
export const invitacion = pgTable(
  'invitacion',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull().references(() => usuario.id),
    // 'invitacion' | 'restablecer'
    tipo: varchar('tipo', { length: 20 }).notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
    usadaEn: timestamp('usada_en', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [uniqueIndex('invitacion_token_uq').on(t.tokenHash), index('invitacion_usuario_ix').on(t.idUsuario)],
);

/** Audit log of security events (append-only). */
export const eventoSeguridad = pgTable(
  'evento_seguridad',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // Null for a failed sign-in of an unknown user name.
    idEmpresa: integer('id_empresa'),
    evento: varchar('evento', { length: 40 }).notNull(),
    idUsuario: integer('id_usuario'),
    usuario: varchar('usuario', { length: 100 }),
    idUsuarioObjetivo: integer('id_usuario_objetivo'),
    usuarioObjetivo: varchar('usuario_objetivo', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    agente: varchar('agente', { length: 300 }),
    detalle: text('detalle'),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditoria,
  },
  (t) => [index('evento_seguridad_empresa_fecha_ix').on(t.idEmpresa, t.fecha), index('evento_seguridad_usuario_ix').on(t.idUsuario)],
);

/** Terminals (POS devices / cash desks) of a company, optionally tied to a branch. */
export const terminal = pgTable(
  'terminal',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').references(() => sucursal.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    codigo: varchar('codigo', { length: 60 }),
    ...auditoria,
  },
  (t) => [index('terminal_empresa_ix').on(t.idEmpresa)],
);

/** Security parameters: company-wide when id_usuario is 0 (e.g. SesionUnica), else per user. */
export const parametroSeguridad = pgTable(
  'parametro_seguridad',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull().default(0),
    codigo: varchar('codigo', { length: 60 }).notNull(),
    valor: text('valor'),
    ...auditoria,
  },
  (t) => [uniqueIndex('parametro_seguridad_uq').on(t.idEmpresa, t.idUsuario, t.codigo)],
);

