import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, numeric, pgTable, smallint, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';

/** Brands of a company's items (branch marcas, issue 13): a unique name per company (case-insensitive), active flag. */
export const marca = pgTable(
  'marca',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('marca_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`)],
);

/** Categories of a company's items (branch marcas, issue 13): the point of sale filters by them. */
export const categoriaItem = pgTable(
  'categoria_item',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('categoria_item_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`)],
);

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
    // Branch marcas: brand, category, the brand's own code (seed §9 search mode 4 "Código Marca/Alternativo") and the
    // minimum stock (summed over the company's warehouses; the stock screen lists the items below it).
    idMarca: integer('id_marca').references((): AnyPgColumn => marca.id),
    idCategoria: integer('id_categoria').references((): AnyPgColumn => categoriaItem.id),
    codigoMarca: varchar('codigo_marca', { length: 30 }),
    stockMinimo: numeric('stock_minimo', { precision: 22, scale: 10 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('item_codigo_uq').on(t.idEmpresa, sql`lower(${t.codigo})`),
    index('item_empresa_descripcion_ix').on(t.idEmpresa, sql`lower(${t.descripcion})`),
    // The search's trigram index (pg_trgm, GIN over description, code and GTIN) is written by hand in migration
    // 0057_item-busqueda: drizzle-kit cannot express an operator class on an expression.
    index('item_marca_ix').on(t.idEmpresa, t.idMarca),
    index('item_categoria_ix').on(t.idEmpresa, t.idCategoria),
    index('item_codigo_producto_ix').on(t.idEmpresa, t.codigoProducto),
    // Mode 4's trigram index over lower(codigo_marca) is written by hand in the marcas migration.
    check('item_stock_minimo_ck', sql`${t.stockMinimo} is null or ${t.stockMinimo} >= 0`),
    check('item_tipo_existencia_ck', sql`${t.tipoExistencia} in ('01','02','03','04','05','06','07','08','09','10','91','92','93','94','95','96','97','98','99')`),
  ],
);

/**
 * Extra barcodes of an item (branch marcas): any number per item, each unique within the company, and not equal to an
 * item's GTIN or a presentation's barcode there (checked by the service). The item's own GTIN (codigo_producto) and the
 * presentations' barcodes keep working as before.
 */
export const itemCodigoBarras = pgTable(
  'item_codigo_barras',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    codigo: varchar('codigo', { length: 30 }).notNull(),
    orden: smallint('orden').notNull().default(0),
  },
  (t) => [uniqueIndex('item_codigo_barras_uq').on(t.idEmpresa, t.codigo), index('item_codigo_barras_item_ix').on(t.idItem)],
);

/**
 * Units of measure (catálogo 03) a company offers in its item forms (branch logsoporte, issue 13). A row records the
 * company's choice for one code; a code without a row is active only when it is NIU or ZZ (the defaults). NIU can't be
 * deactivated. Deactivating only hides a unit from new choices: the items that use it keep it.
 */
export const unidadEmpresa = pgTable(
  'unidad_empresa',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    codigo: varchar('codigo', { length: 3 }).notNull(),
    activa: boolean('activa').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('unidad_empresa_codigo_uq').on(t.idEmpresa, t.codigo)],
);
