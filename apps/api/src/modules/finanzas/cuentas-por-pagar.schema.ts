import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';
import { cuentaFinanciera } from './finanzas.schema';

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
const tasa = (nombre: string) => numeric(nombre, { precision: 10, scale: 4 });

/**
 * One due of a purchase (payables), written in the purchase's transaction. Mirrors cuota_cobrar with the supplier in
 * place of the customer, so the same aging code reads both; `pagado` grows with payments under a row lock.
 */
export const cuotaPagar = pgTable(
  'cuota_pagar',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // compra.id (owned by the purchases module).
    idDocumento: integer('id_documento').notNull(),
    tipoDocumento: varchar('tipo_documento', { length: 2 }).notNull(),
    serie: varchar('serie', { length: 4 }).notNull(),
    correlativo: integer('correlativo').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    idEntidad: integer('id_entidad'),
    numeroDocumentoProveedor: varchar('numero_documento_proveedor', { length: 15 }).notNull(),
    razonSocialProveedor: varchar('razon_social_proveedor', { length: 250 }).notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    numeroCuota: smallint('numero_cuota').notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }).notNull(),
    monto: dinero('monto').notNull(),
    pagado: dinero('pagado').notNull().default('0'),
    anulado: boolean('anulado').notNull().default(false),
    // The due of a purchase's detracción: settled by the deposit into the supplier's Banco de la Nación account.
    detraccion: boolean('detraccion').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('cuota_pagar_uq').on(t.idDocumento, t.numeroCuota),
    index('cuota_pagar_abiertas_ix').on(t.idEmpresa, t.fechaVencimiento).where(sql`${t.pagado} < ${t.monto} and not ${t.anulado}`),
    index('cuota_pagar_proveedor_ix').on(t.idEmpresa, t.numeroDocumentoProveedor, t.fechaEmision),
    index('cuota_pagar_documento_ix').on(t.idEmpresa, t.idDocumento),
    check('cuota_pagar_pagado_ck', sql`${t.pagado} >= 0 and ${t.pagado} <= ${t.monto}`),
    // A due a supplier's credit note lowered entirely owes 0.00 (nota_compra_cuota keeps what the note did).
    check('cuota_pagar_monto_ck', sql`${t.monto} >= 0`),
  ],
);

/**
 * What a supplier's note did to the dues of the purchase it modifies (the purchases' side of nota_cuota), so voiding
 * the note undoes exactly that: C = a due's amount lowered by a credit note, D = a due added by a debit note. The part
 * of a credit note nothing was owed for stays the supplier's credit in favour (note total less its C rows).
 */
export const notaCompraCuota = pgTable(
  'nota_compra_cuota',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // compra ids (owned by the purchases module): the note and the purchase it modifies.
    idNota: integer('id_nota').notNull(),
    idCompra: integer('id_compra').notNull(),
    idCuota: integer('id_cuota').notNull().references(() => cuotaPagar.id),
    tipo: varchar('tipo', { length: 1 }).notNull(),
    monto: dinero('monto').notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    numeroDocumentoProveedor: varchar('numero_documento_proveedor', { length: 15 }).notNull(),
    revertido: boolean('revertido').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    index('nota_compra_cuota_nota_ix').on(t.idNota),
    index('nota_compra_cuota_compra_ix').on(t.idEmpresa, t.idCompra),
    index('nota_compra_cuota_proveedor_ix').on(t.idEmpresa, t.numeroDocumentoProveedor, t.idMoneda).where(sql`${t.tipo} = 'C' and not ${t.revertido}`),
    check('nota_compra_cuota_tipo_ck', sql`${t.tipo} in ('C', 'D')`),
    check('nota_compra_cuota_monto_ck', sql`${t.monto} > 0`),
  ],
);

/** A payment to a supplier: cash (1) or bank (2) out of one financial account, settling one or several dues. */
export const pago = pgTable(
  'pago_proveedor',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').references(() => sucursal.id),
    numero: integer('numero').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idTipoPago: smallint('id_tipo_pago').notNull(),
    /** null only for kind 3, an application of the supplier's credit in favour (no money left an account). */
    idCuentaFinanciera: integer('id_cuenta_financiera').references(() => cuentaFinanciera.id),
    idMoneda: smallint('id_moneda').notNull(),
    monto: dinero('monto').notNull(),
    montoSoles: dinero('monto_soles').notNull(),
    tipoCambio: tasa('tipo_cambio'),
    medioPago: varchar('medio_pago', { length: 3 }),
    numeroOperacion: varchar('numero_operacion', { length: 30 }),
    // ITF the bank charged on a bank payment (in the account's currency), posted in its entry.
    itf: dinero('itf').notNull().default('0'),
    numeroDocumentoProveedor: varchar('numero_documento_proveedor', { length: 15 }).notNull(),
    razonSocialProveedor: varchar('razon_social_proveedor', { length: 250 }).notNull(),
    observacion: varchar('observacion', { length: 250 }),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true, mode: 'date' }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 200 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('pago_proveedor_numero_uq').on(t.idEmpresa, t.numero),
    index('pago_proveedor_empresa_fecha_ix').on(t.idEmpresa, t.fecha, t.id),
    check('pago_proveedor_tipo_ck', sql`${t.idTipoPago} in (1, 2, 3, 4)`),
    // Kinds 3 (supplier's credit applied) and 4 (canje por letras) move no money: no account.
    check('pago_proveedor_cuenta_ck', sql`(${t.idTipoPago} in (3, 4)) = (${t.idCuentaFinanciera} is null)`),
    index('pago_proveedor_saldo_favor_ix').on(t.idEmpresa, t.numeroDocumentoProveedor, t.idMoneda).where(sql`${t.idTipoPago} = 3 and not ${t.anulado}`),
  ],
);

export const pagoDetalle = pgTable(
  'pago_proveedor_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idPago: integer('id_pago_proveedor').notNull().references(() => pago.id),
    idCuota: integer('id_cuota').notNull().references(() => cuotaPagar.id),
    monto: dinero('monto').notNull(),
    montoCuenta: dinero('monto_cuenta').notNull(),
    ...auditoria,
  },
  (t) => [index('pago_proveedor_detalle_pago_ix').on(t.idPago), index('pago_proveedor_detalle_cuota_ix').on(t.idCuota), check('pago_proveedor_detalle_monto_ck', sql`${t.monto} > 0`)],
);

/**
 * A letra de cambio por pagar (issue 14): accepted by the company (aceptante) to a supplier (girador) in a canje of
 * purchase dues (a payment of kind 4, `id_pago_canje`). Its debt is a due of its own in cuota_pagar
 * (id_documento = -letra_pagar.id, serie LP), paid through the ordinary supplier payments. Estado 1 pendiente,
 * 2 pagada, 3 anulada, 4 renovada.
 */
export const letraPagar = pgTable(
  'letra_pagar',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    numero: integer('numero').notNull(),
    /** The supplier's own number for the letra (the girador numbers it), when given. */
    numeroGirador: varchar('numero_girador', { length: 30 }),
    idPagoCanje: integer('id_pago_canje').notNull().references(() => pago.id),
    idLetraOrigen: integer('id_letra_origen'),
    estado: smallint('estado').notNull().default(1),
    fechaGiro: date('fecha_giro', { mode: 'string' }).notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }).notNull(),
    lugarGiro: varchar('lugar_giro', { length: 100 }),
    idMoneda: smallint('id_moneda').notNull(),
    monto: dinero('monto').notNull(),
    // Soles the letra is booked at on 423 (the canje date's rate for a dollar letra).
    montoSoles: dinero('monto_soles').notNull(),
    numeroDocumentoProveedor: varchar('numero_documento_proveedor', { length: 15 }).notNull(),
    razonSocialProveedor: varchar('razon_social_proveedor', { length: 250 }).notNull(),
    observacion: varchar('observacion', { length: 250 }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 200 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('letra_pagar_numero_uq').on(t.idEmpresa, t.numero),
    index('letra_pagar_empresa_vence_ix').on(t.idEmpresa, t.fechaVencimiento),
    index('letra_pagar_canje_ix').on(t.idPagoCanje),
    check('letra_pagar_estado_ck', sql`${t.estado} between 1 and 4`),
    check('letra_pagar_monto_ck', sql`${t.monto} > 0`),
  ],
);
