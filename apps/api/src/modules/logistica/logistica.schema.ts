import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';

/** Minimal item catalogue (products and services) of a company; a later logistics issue extends it. */
export const item = pgTable(
  'item',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    codigo: varchar('codigo', { length: 30 }).notNull(),
    descripcion: varchar('descripcion', { length: 500 }).notNull(),
    // Catálogo 03: NIU goods, ZZ services.
    codigoUnidad: varchar('codigo_unidad', { length: 3 }).notNull(),
    // Up to 10 decimals, as SUNAT allows for unit values.
    precio: numeric('precio', { precision: 22, scale: 10 }).notNull(),
    precioIncluyeIgv: boolean('precio_incluye_igv').notNull(),
    // Catálogo 07.
    afectacionIgv: varchar('afectacion_igv', { length: 2 }).notNull(),
    estandarCodigoProducto: varchar('estandar_codigo_producto', { length: 10 }),
    codigoProducto: varchar('codigo_producto', { length: 14 }),
    esFavorito: boolean('es_favorito').notNull().default(false),
    // Lot-tracked (lot number and expiry on every entry, FEFO on exits) or serial-tracked (one serial per unit).
    controlLote: boolean('control_lote').notNull().default(false),
    controlSerie: boolean('control_serie').notNull().default(false),
    // SUNAT PLE Tabla 5 (tipo de existencia): 01 mercaderías ... 10 desechos, 91-99 otros. PLE 12.1/13.1 field 6.
    tipoExistencia: char('tipo_existencia', { length: 2 }).notNull().default('01'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('item_codigo_uq').on(t.idEmpresa, sql`lower(${t.codigo})`),
    index('item_empresa_descripcion_ix').on(t.idEmpresa, sql`lower(${t.descripcion})`),
    // The search's trigram index (pg_trgm, GIN over description, code and GTIN) is written by hand in migration
    // 0057_item-busqueda: drizzle-kit cannot express an operator class on an expression.
    check('item_tipo_existencia_ck', sql`${t.tipoExistencia} in ('01','02','03','04','05','06','07','08','09','10','91','92','93','94','95','96','97','98','99')`),
  ],
);
