import { sql } from 'drizzle-orm';
import { check, customType, index, integer, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';
import { item } from '../logistica/logistica.schema';

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

/**
 * A group's price list (seed `grupos/.../listaprecios`): the price WITH IGV of a catalogue item in one unit (the base
 * unit or a presentation) for the group's workers, in soles (1) or dollars (2). A worker who buys (an order whose
 * customer is that worker's document) pays it before the customer's general list.
 */
export const grupoPrecio = pgTable(
  'grupo_precio',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idGrupo: integer('id_grupo').notNull().references(() => grupo.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    codigoUnidad: varchar('codigo_unidad', { length: 3 }).notNull(),
    factor: numeric('factor', { precision: 22, scale: 10 }).notNull().default('1'),
    precio: numeric('precio', { precision: 22, scale: 10 }).notNull(),
    idMoneda: smallint('id_moneda').notNull().default(1),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('grupo_precio_uq').on(t.idGrupo, t.idItem, t.codigoUnidad),
    index('grupo_precio_item_ix').on(t.idEmpresa, t.idItem),
    check('grupo_precio_precio_ck', sql`${t.precio} >= 0`),
    check('grupo_precio_moneda_ck', sql`${t.idMoneda} in (1, 2)`),
  ],
);
