import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, char, check, date, index, integer, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';
import { almacen } from './inventario.schema';
import { centroCosto } from '../finanzas/finanzas.schema';
import { item } from './logistica.schema';

// Purchases (issue 13, "purchases"): the supplier's document as received, its lines into warehouses, the stock
// movement it caused (Tabla 12 code 02) and, in finance, its payable dues. Amounts exact (numeric).
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
const cantidad = (nombre: string) => numeric(nombre, { precision: 22, scale: 10 });

export const compra = pgTable(
  'compra',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').references(() => sucursal.id),
    idEntidad: integer('id_entidad'),
    rucProveedor: varchar('ruc_proveedor', { length: 11 }).notNull(),
    razonSocialProveedor: varchar('razon_social_proveedor', { length: 250 }).notNull(),
    // SUNAT catálogo 01: 01 factura, 03 boleta, 04 liquidación de compra, 07 nota de crédito, 08 nota de débito.
    tipoDocumento: char('tipo_documento', { length: 2 }).notNull(),
    serie: varchar('serie', { length: 4 }).notNull(),
    numero: integer('numero').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
    idMoneda: smallint('id_moneda').notNull(),
    // Soles per dollar (venta of the issue date) when the document is in dollars; 1 in soles.
    tipoCambio: numeric('tipo_cambio', { precision: 10, scale: 4 }).notNull(),
    // 1 contado, 2 crédito.
    idCondicionPago: smallint('id_condicion_pago').notNull(),
    opGravada: dinero('op_gravada').notNull(),
    opExonerada: dinero('op_exonerada').notNull(),
    opInafecta: dinero('op_inafecta').notNull(),
    igv: dinero('igv').notNull(),
    total: dinero('total').notNull(),
    totalSoles: dinero('total_soles').notNull(),
    // 'M' typed, 'X' imported from the supplier's UBL XML.
    origen: char('origen', { length: 1 }).notNull().default('M'),
    observacion: varchar('observacion', { length: 250 }),
    // A note (07 credit, 08 debit): the purchase it modifies (same supplier, company and currency; issue 13/14 notes).
    idCompraReferencia: integer('id_compra_referencia').references((): AnyPgColumn => compra.id),
    // SPOT (detracción): catálogo 54 code, %, amount in the document's currency (deposited by the company).
    detraccionCodigo: char('detraccion_codigo', { length: 3 }),
    detraccionPorcentaje: numeric('detraccion_porcentaje', { precision: 5, scale: 2 }),
    detraccionMonto: dinero('detraccion_monto'),
    // IGV percepción the supplier charged on top of the total (Ley 29173): %, amount in the document's currency.
    percepcionPorcentaje: numeric('percepcion_porcentaje', { precision: 4, scale: 2 }),
    percepcionMonto: dinero('percepcion_monto'),
    // The cost centre its purchase lines (60) are posted to (finance's master data); null: none.
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true, mode: 'date' }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 200 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('compra_documento_uq').on(t.idEmpresa, t.rucProveedor, t.tipoDocumento, t.serie, t.numero),
    index('compra_empresa_fecha_ix').on(t.idEmpresa, t.fechaEmision, t.id),
    check('compra_tipo_ck', sql`${t.tipoDocumento} in ('01', '03', '04', '07', '08')`),
    check('compra_condicion_ck', sql`${t.idCondicionPago} in (1, 2)`),
    check('compra_moneda_ck', sql`${t.idMoneda} in (1, 2)`),
    check('compra_referencia_ck', sql`${t.idCompraReferencia} is null or ${t.tipoDocumento} in ('07', '08')`),
    check('compra_detraccion_ck', sql`${t.detraccionMonto} is null or (${t.tipoDocumento} = '01' and ${t.detraccionMonto} > 0 and ${t.detraccionCodigo} is not null and ${t.detraccionPorcentaje} > 0)`),
    check('compra_percepcion_ck', sql`${t.percepcionMonto} is null or (${t.tipoDocumento} in ('01', '03') and ${t.percepcionMonto} > 0 and ${t.percepcionPorcentaje} > 0)`),
    index('compra_referencia_ix').on(t.idCompraReferencia).where(sql`${t.idCompraReferencia} is not null`),
  ],
);

export const compraDetalle = pgTable(
  'compra_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCompra: integer('id_compra').notNull().references(() => compra.id),
    idItem: integer('id_item').notNull().references(() => item.id),
    idAlmacen: integer('id_almacen').references(() => almacen.id),
    descripcion: varchar('descripcion', { length: 500 }).notNull(),
    cantidad: cantidad('cantidad').notNull(),
    // Unit value without IGV, in the document's currency.
    valorUnitario: cantidad('valor_unitario').notNull(),
    // Catálogo 07: 10 gravado, 20 exonerado, 30 inafecto.
    afectacionIgv: varchar('afectacion_igv', { length: 2 }).notNull(),
    valorVenta: dinero('valor_venta').notNull(),
    igv: dinero('igv').notNull(),
    total: dinero('total').notNull(),
    // Unit cost in soles that entered the ledger.
    costoUnitarioSoles: cantidad('costo_unitario_soles').notNull(),
    // movimiento_inventario.id of the entry (code 02) this line posted; a void reverses it.
    idMovimiento: integer('id_movimiento'),
    ...auditoria,
  },
  (t) => [index('compra_detalle_compra_ix').on(t.idCompra)],
);
