import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';
import { item } from './logistica.schema';

// Inventory (issue 13): warehouses per branch, stock per item and warehouse, and one movement ledger typed by
// SUNAT's Tabla 12. Quantities and costs are numeric (exact decimals), never floats.
const cantidad = (nombre: string) => numeric(nombre, { precision: 22, scale: 10 });

export const almacen = pgTable(
  'almacen',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    // The warehouse issued documents of the branch take stock from.
    esPredeterminado: boolean('es_predeterminado').notNull().default(false),
    // Branch guiaalm: the warehouse's own address (null = the branch's) and its SUNAT establishment annex code.
    direccion: varchar('direccion', { length: 250 }),
    idUbigeo: char('id_ubigeo', { length: 6 }),
    codigoAnexo: char('codigo_anexo', { length: 4 }),
    ...auditoria,
  },
  (t) => [
    index('almacen_empresa_ix').on(t.idEmpresa, t.idSucursal),
    check('almacen_direccion_ck', sql`(${t.direccion} is null) = (${t.idUbigeo} is null) and (${t.codigoAnexo} is null or ${t.direccion} is not null)`),
    check('almacen_codigo_anexo_ck', sql`${t.codigoAnexo} ~ '^[0-9]{4}$'`),
    uniqueIndex('almacen_predeterminado_uq').on(t.idSucursal).where(sql`${t.esPredeterminado} and ${t.logEstado} = 1`),
    uniqueIndex('almacen_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`),
  ],
);

/** Per company settings of logistics, and the counter of manual movement numbers (its row lock serialises them). */
export const logisticaConfig = pgTable('logistica_config', {
  idEmpresa: integer('id_empresa').primaryKey().references(() => empresa.id),
  permiteStockNegativo: boolean('permite_stock_negativo').notNull().default(true),
  ultimoNumeroMovimiento: integer('ultimo_numero_movimiento').notNull().default(0),
  ...auditoria,
});

/** Current balance of an item in a warehouse; written only by the ledger (never edited directly). */
export const stock = pgTable(
  'stock',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    cantidad: cantidad('cantidad').notNull().default('0'),
    // Perpetual weighted-average unit cost.
    costoPromedio: cantidad('costo_promedio').notNull().default('0'),
    ...auditoria,
  },
  (t) => [uniqueIndex('stock_almacen_item_uq').on(t.idAlmacen, t.idItem), index('stock_empresa_item_ix').on(t.idEmpresa, t.idItem)],
);

/** A movement (the document of the ledger): manual ones carry a number per company; issued ones their document. */
export const movimiento = pgTable(
  'movimiento_inventario',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    numero: integer('numero'),
    // 'I' ingreso, 'S' salida, 'T' transferencia.
    clase: char('clase', { length: 1 }).notNull(),
    // SUNAT Tabla 12 (tipo de operación).
    tipoOperacion: char('tipo_operacion', { length: 2 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    idAlmacenDestino: integer('id_almacen_destino').references(() => almacen.id),
    idDocumentoContable: integer('id_documento_contable'),
    // The movement this one reverses (voided document).
    idMovimientoRevertido: integer('id_movimiento_revertido'),
    glosa: varchar('glosa', { length: 250 }),
    // A transfer's GRE remitente (motivo 04). Not id_documento_contable: voiding that document reverses the movements
    // it caused, and a guide never moves stock (the transfer did).
    idGuia: integer('id_guia'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('movimiento_numero_uq').on(t.idEmpresa, t.numero),
    uniqueIndex('movimiento_guia_uq').on(t.idGuia).where(sql`${t.idGuia} is not null`),
    index('movimiento_empresa_fecha_ix').on(t.idEmpresa, t.fecha, t.id),
    index('movimiento_documento_ix').on(t.idDocumentoContable).where(sql`${t.idDocumentoContable} is not null`),
    check('movimiento_clase_ck', sql`${t.clase} in ('I', 'S', 'T')`),
  ],
);

/** One ledger line per item and warehouse: signed quantity, its cost and the balance after it (the kardex). */
export const movimientoDetalle = pgTable(
  'movimiento_inventario_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idMovimiento: integer('id_movimiento').notNull().references(() => movimiento.id),
    idAlmacen: integer('id_almacen').notNull().references(() => almacen.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    tipoOperacion: char('tipo_operacion', { length: 2 }).notNull(),
    // Positive in, negative out.
    cantidad: cantidad('cantidad').notNull(),
    costoUnitario: cantidad('costo_unitario').notNull(),
    costoTotal: cantidad('costo_total').notNull(),
    saldoCantidad: cantidad('saldo_cantidad').notNull(),
    saldoCostoPromedio: cantidad('saldo_costo_promedio').notNull(),
    saldoValor: cantidad('saldo_valor').notNull(),
    ...auditoria,
  },
  (t) => [
    index('movimiento_detalle_kardex_ix').on(t.idEmpresa, t.idItem, t.idAlmacen, t.fecha, t.id),
    index('movimiento_detalle_movimiento_ix').on(t.idMovimiento),
  ],
);

/**
 * Branch logpres: every guide issued for a transfer, the current one included (movimiento_inventario.id_guia is the
 * current one). A guide rejected by SUNAT or voided frees its transfer for a new guide; this keeps the earlier ones.
 */
export const movimientoGuia = pgTable(
  'movimiento_guia',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idMovimiento: integer('id_movimiento').notNull().references(() => movimiento.id),
    idGuia: integer('id_guia').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('movimiento_guia_guia_uq').on(t.idGuia), index('movimiento_guia_movimiento_ix').on(t.idMovimiento)],
);
