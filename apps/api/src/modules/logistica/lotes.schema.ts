import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { almacen, movimiento } from './inventario.schema';
import { item } from './logistica.schema';

// Lots and serials (issue 13): a layer beside the ledger. The ledger (movimiento_inventario_detalle) keeps the
// quantities and costs per item and warehouse; these tables say which lot or serial each movement took or put.
const cantidad = (nombre: string) => numeric(nombre, { precision: 22, scale: 10 });

/** A lot of an item in a warehouse, with its expiry and the quantity on hand (written only with its movements). */
export const lote = pgTable(
  'lote',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    codigo: varchar('codigo', { length: 30 }).notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
    cantidad: cantidad('cantidad').notNull().default('0'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('lote_item_almacen_codigo_uq').on(t.idEmpresa, t.idItem, t.idAlmacen, sql`lower(${t.codigo})`),
    // FEFO and the expiry alerts read lots by expiry.
    index('lote_vencimiento_ix').on(t.idEmpresa, t.fechaVencimiento).where(sql`${t.cantidad} > 0`),
  ],
);

/** One serial of an item: in stock in a warehouse (disponible) or gone (sold, returned to the supplier). */
export const itemSerie = pgTable(
  'item_serie',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    numero: varchar('numero', { length: 60 }).notNull(),
    disponible: boolean('disponible').notNull().default(true),
    ...auditoria,
  },
  (t) => [uniqueIndex('item_serie_numero_uq').on(t.idEmpresa, t.idItem, sql`lower(${t.numero})`), index('item_serie_almacen_ix').on(t.idAlmacen, t.idItem)],
);

/** Which lot or serial a movement moved, signed like the ledger (positive in, negative out). */
export const movimientoLote = pgTable(
  'movimiento_lote',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idMovimiento: integer('id_movimiento').notNull().references(() => movimiento.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    idLote: integer('id_lote').references(() => lote.id),
    idSerie: integer('id_serie').references(() => itemSerie.id),
    cantidad: cantidad('cantidad').notNull(),
    ...auditoria,
  },
  (t) => [index('movimiento_lote_movimiento_ix').on(t.idMovimiento), index('movimiento_lote_lote_ix').on(t.idLote)],
);
