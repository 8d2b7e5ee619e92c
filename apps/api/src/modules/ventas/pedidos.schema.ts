import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';
import { documentoContable } from '../contabilidad/contabilidad.schema';
import { item } from '../logistica/logistica.schema';

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
const decimal10 = (nombre: string) => numeric(nombre, { precision: 22, scale: 10 });

/** A price list of the company: the seed's static types 0 Estándar, 1 VIP, 3 Mayorista, or 9 a named one. */
export const listaPrecio = pgTable(
  'lista_precio',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    tipo: smallint('tipo').notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('lista_precio_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`),
    // One list per static type (0, 1, 3) per company; named lists (9) are many.
    uniqueIndex('lista_precio_tipo_uq').on(t.idEmpresa, t.tipo).where(sql`${t.tipo} <> 9`),
    check('lista_precio_tipo_ck', sql`${t.tipo} in (0, 1, 3, 9)`),
  ],
);

/** The price of one item in one presentation (unit code, factor of base units) in one list, WITH IGV. */
export const listaPrecioItem = pgTable(
  'lista_precio_item',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idListaPrecio: integer('id_lista_precio').notNull().references(() => listaPrecio.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    codigoUnidad: varchar('codigo_unidad', { length: 3 }).notNull(),
    factor: decimal10('factor').notNull().default('1'),
    precio: decimal10('precio').notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('lista_precio_item_uq').on(t.idListaPrecio, t.idItem, t.codigoUnidad),
    index('lista_precio_item_item_ix').on(t.idEmpresa, t.idItem),
  ],
);

/**
 * A quotation (tipo 1) or a sales order (tipo 2). Seed §4 statuses: 13 Pendiente, 18 Por facturar, 14 Facturado,
 * 15 Concluido, 16 Anulado. An order does not move stock: the document issued from it does, once.
 */
export const pedidoVenta = pgTable(
  'pedido_venta',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    tipo: smallint('tipo').notNull(),
    numero: integer('numero').notNull(),
    estado: smallint('estado').notNull().default(13),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    fechaValidez: date('fecha_validez', { mode: 'string' }),
    idListaPrecio: integer('id_lista_precio').references(() => listaPrecio.id),
    idMoneda: smallint('id_moneda').notNull().default(1),
    clienteIdTipoDocumento: smallint('cliente_id_tipo_documento').notNull(),
    clienteNumeroDocumento: varchar('cliente_numero_documento', { length: 15 }).notNull(),
    clienteRazonSocial: varchar('cliente_razon_social', { length: 250 }).notNull(),
    clienteDireccion: varchar('cliente_direccion', { length: 250 }),
    clienteCorreo: varchar('cliente_correo', { length: 150 }),
    observaciones: varchar('observaciones', { length: 500 }),
    subTotal: dinero('sub_total').notNull(),
    igv: dinero('igv').notNull(),
    total: dinero('total').notNull(),
    // Quotation -> order: the order it became; order: the quotation it came from.
    idPedidoGenerado: integer('id_pedido_generado'),
    idOrigen: integer('id_origen'),
    // The document issued from it (nota de venta, boleta or factura).
    idDocumento: integer('id_documento').references(() => documentoContable.id),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('pedido_venta_numero_uq').on(t.idEmpresa, t.tipo, t.numero),
    // A document is issued from one order at most, and an order issues at most one document.
    uniqueIndex('pedido_venta_documento_uq').on(t.idDocumento).where(sql`${t.idDocumento} is not null`),
    uniqueIndex('pedido_venta_generado_uq').on(t.idPedidoGenerado).where(sql`${t.idPedidoGenerado} is not null`),
    index('pedido_venta_empresa_fecha_ix').on(t.idEmpresa, t.tipo, t.fechaEmision.desc(), t.id.desc()),
    check('pedido_venta_tipo_ck', sql`${t.tipo} in (1, 2)`),
    check('pedido_venta_estado_ck', sql`${t.estado} in (13, 14, 15, 16, 18)`),
  ],
);

export const pedidoVentaItem = pgTable(
  'pedido_venta_item',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idPedido: integer('id_pedido').notNull().references(() => pedidoVenta.id),
    item: smallint('item').notNull(),
    idItem: integer('id_item').references(() => item.id),
    codigoItem: varchar('codigo_item', { length: 30 }),
    itemDescripcion: varchar('item_descripcion', { length: 500 }).notNull(),
    codigoUnidad: varchar('codigo_unidad', { length: 3 }).notNull(),
    cantidad: decimal10('cantidad').notNull(),
    precioUnitario: decimal10('precio_unitario').notNull(),
    descuento: dinero('descuento').notNull(),
    tipoAfectacion: varchar('tipo_afectacion', { length: 2 }).notNull(),
    total: dinero('total').notNull(),
  },
  (t) => [uniqueIndex('pedido_venta_item_uq').on(t.idPedido, t.item)],
);
