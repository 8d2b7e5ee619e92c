import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { almacen } from './inventario.schema';
import { item } from './logistica.schema';

// Physical counts (toma de inventario) and item presentations (issue 13, branch conteos).
const cantidad = (nombre: string) => numeric(nombre, { precision: 22, scale: 10 });

/**
 * A physical count of one warehouse: opened with a snapshot of the expected stock, counted blind (estado A), reviewed
 * with its differences (R) and posted once (C) as ledger movements (Tabla 12 code 28, or 13 for shortages).
 */
export const tomaInventario = pgTable(
  'toma_inventario',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    numero: integer('numero').notNull(),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    // 'A' abierta (conteo ciego), 'R' en revisión, 'C' contabilizada.
    estado: char('estado', { length: 1 }).notNull().default('A'),
    glosa: varchar('glosa', { length: 250 }),
    fechaContable: date('fecha_contable', { mode: 'string' }),
    tipoOperacionFaltante: char('tipo_operacion_faltante', { length: 2 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('toma_inventario_numero_uq').on(t.idEmpresa, t.numero),
    index('toma_inventario_empresa_ix').on(t.idEmpresa, t.id),
    check('toma_inventario_estado_ck', sql`${t.estado} in ('A', 'R', 'C')`),
  ],
);

/** One line per item: the stock expected at the snapshot and the counted quantity (null = not counted yet). */
export const tomaInventarioDetalle = pgTable(
  'toma_inventario_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idToma: integer('id_toma').notNull().references(() => tomaInventario.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    cantidadEsperada: cantidad('cantidad_esperada').notNull(),
    cantidadContada: cantidad('cantidad_contada'),
    // The movement the difference was posted in.
    idMovimiento: integer('id_movimiento'),
    ...auditoria,
  },
  (t) => [uniqueIndex('toma_inventario_detalle_uq').on(t.idToma, t.idItem)],
);

/** A presentation of an item (CAJA x 12): its unit code (catálogo 03), how many base units it holds, its barcode. */
export const itemPresentacion = pgTable(
  'item_presentacion',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    codigoUnidad: varchar('codigo_unidad', { length: 3 }).notNull(),
    descripcion: varchar('descripcion', { length: 60 }).notNull(),
    factor: cantidad('factor').notNull(),
    codigoBarras: varchar('codigo_barras', { length: 14 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('item_presentacion_unidad_uq').on(t.idItem, t.codigoUnidad),
    uniqueIndex('item_presentacion_barras_uq').on(t.idEmpresa, t.codigoBarras).where(sql`${t.codigoBarras} is not null`),
    check('item_presentacion_factor_ck', sql`${t.factor} > 0`),
  ],
);
