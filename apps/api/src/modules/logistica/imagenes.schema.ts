import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { almacen } from './inventario.schema';
import { item } from './logistica.schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Images of an item (branch imagenes, issue 13): PNG, JPEG or WebP (type read from the bytes), up to 2 MB and 5 active
 * per item, one of them the principal (the point of sale's tile). Bytes live in the database like the company logo, the
 * workers' photos and the payment vouchers; a deleted image keeps its row with log_estado 0.
 */
export const itemImagen = pgTable(
  'item_imagen',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    contenido: bytea('contenido').notNull(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    // A small PNG made by the server when it can decode the image (PNG, baseline JPEG); null: the original is served.
    miniatura: bytea('miniatura'),
    nombre: varchar('nombre', { length: 200 }).notNull().default(''),
    tamano: integer('tamano').notNull(),
    ancho: integer('ancho'),
    alto: integer('alto'),
    esPrincipal: boolean('es_principal').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    index('item_imagen_item_ix').on(t.idEmpresa, t.idItem),
    // At most one active principal per item, whatever the concurrency.
    uniqueIndex('item_imagen_principal_uq').on(t.idItem).where(sql`${t.esPrincipal} and ${t.logEstado} = 1`),
    check('item_imagen_tipo_ck', sql`${t.tipo} in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);

/**
 * Minimum stock of an item in one warehouse (branch imagenes): when present it replaces the item's own minimum for that
 * warehouse in the low-stock list. One row per item and warehouse; removing the minimum deletes the row.
 */
export const itemAlmacenMinimo = pgTable(
  'item_almacen_minimo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    stockMinimo: numeric('stock_minimo', { precision: 22, scale: 10 }).notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('item_almacen_minimo_uq').on(t.idItem, t.idAlmacen),
    index('item_almacen_minimo_almacen_ix').on(t.idEmpresa, t.idAlmacen),
    check('item_almacen_minimo_ck', sql`${t.stockMinimo} >= 0`),
  ],
);
