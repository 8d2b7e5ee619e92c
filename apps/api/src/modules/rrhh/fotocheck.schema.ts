import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A worker's photo (seed `entidades/relacionados/{id}/imagenes`): one per worker, PNG or JPEG, drawn on the badge. */
export const entidadImagen = pgTable(
  'entidad_imagen',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    contenido: bytea('contenido').notNull(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('entidad_imagen_uq').on(t.idEntidad)],
);

/** Each time a worker's badge was printed (seed `fecha_creacion/fotocheck/{id}` answers the latest). */
export const fotocheckEmision = pgTable(
  'fotocheck_emision',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    // A4 or TARJETA.
    formato: varchar('formato', { length: 10 }).notNull(),
    ...auditoria,
  },
  (t) => [index('fotocheck_emision_ix').on(t.idEmpresa, t.idEntidad, t.logFechaCrea)],
);

/** A group of workers (seed `grupos`). */
export const grupo = pgTable(
  'grupo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    descripcion: varchar('descripcion', { length: 300 }).notNull().default(''),
    ...auditoria,
  },
  (t) => [uniqueIndex('grupo_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`).where(sql`${t.logEstado} = 1`)],
);

/** A worker in a group (seed `asignar/grupo`, `remove/grupo`): a worker is in a group once. */
export const grupoColaborador = pgTable(
  'grupo_colaborador',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idGrupo: integer('id_grupo').notNull().references(() => grupo.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('grupo_colaborador_uq').on(t.idGrupo, t.idEntidad), index('grupo_colaborador_entidad_ix').on(t.idEmpresa, t.idEntidad)],
);
