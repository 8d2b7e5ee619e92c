import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, jsonb, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

/**
 * The provider's catalogue of plans (packages). Global, not per company: the provider sells them to every company.
 * `cantidad_maxima` is the number of documents (tax and internal) the package adds to the buyer's allowance.
 */
export const plan = pgTable(
  'plan',
  {
    id: idGenerado(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    descripcion: varchar('descripcion', { length: 500 }),
    grupo: varchar('grupo', { length: 60 }),
    // 1 monthly, 2 yearly, 5 lifetime (purchasable); other types are internal (demo, free).
    tipoPlan: smallint('tipo_plan').notNull(),
    precio: dinero('precio').notNull(),
    idMoneda: smallint('id_moneda').notNull().default(1),
    caracteristicas: jsonb('caracteristicas').$type<{ Descripcion: string; Tipo: 1 | 2 }[]>().notNull().default([]),
    cantidadMaxima: integer('cantidad_maxima').notNull(),
    gratuito: boolean('gratuito').notNull().default(false),
    tiempoPago: varchar('tiempo_pago', { length: 40 }).notNull(),
    diasVigencia: integer('dias_vigencia').notNull(),
    color: varchar('color', { length: 7 }),
    ...auditoria,
  },
  (t) => [check('plan_moneda_ck', sql`${t.idMoneda} in (1, 2)`), check('plan_precio_ck', sql`${t.precio} >= 0`)],
);

/**
 * A company's document allowance: how many documents it has bought in total (the used ones are counted from
 * documento_contable) and until when the current package is valid. One row per company; the row is locked while a
 * document is issued so two issues cannot both take the last allowance.
 */
export const saldoEmpresa = pgTable('saldo_empresa', {
  id: idGenerado(),
  idEmpresa: integer('id_empresa').notNull().references(() => empresa.id).unique(),
  idPlan: integer('id_plan').references(() => plan.id),
  contablesDisponibles: integer('contables_disponibles').notNull().default(0),
  internosDisponibles: integer('internos_disponibles').notNull().default(0),
  fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
  ...auditoria,
});

/**
 * Documents a company has used from its allowances, kept by triggers on documento_contable (migration masivos): every
 * insert, delete or change of company/type of a document moves these counters in the same transaction, with exactly
 * the semantics of the count they replace (every row of the company, voided ones included: tax = 1003-1006, internal =
 * 1008; guides count nowhere). TRUNCATE of documento_contable empties it. The allowance check reads one row instead of
 * counting the company's history.
 */
export const usoComprobantes = pgTable('uso_comprobantes', {
  idEmpresa: integer('id_empresa').primaryKey().references(() => empresa.id, { onDelete: 'cascade' }),
  tributarios: integer('tributarios').notNull().default(0),
  internos: integer('internos').notNull().default(0),
});

/**
 * A payment of a package by a company (prepaid). Status per the seed: 1 pending ... 4 paid, 6 rejected, 7 annulled.
 * The voucher (image or PDF) is kept with the payment; the provider approves or rejects it.
 */
export const pago = pgTable(
  'pago',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idPlan: integer('id_plan').notNull().references(() => plan.id),
    // Copied at purchase time: a later price change does not alter what was bought.
    nombrePaquete: varchar('nombre_paquete', { length: 100 }).notNull(),
    monto: dinero('monto').notNull(),
    montoPagado: dinero('monto_pagado').notNull().default('0'),
    idMoneda: smallint('id_moneda').notNull(),
    tipoPago: smallint('tipo_pago').notNull(),
    estado: smallint('estado').notNull(),
    requiereFactura: boolean('requiere_factura').notNull().default(false),
    voucher: bytea('voucher'),
    voucherTipo: varchar('voucher_tipo', { length: 40 }),
    voucherNombre: varchar('voucher_nombre', { length: 150 }),
    numeroOperacion: varchar('numero_operacion', { length: 40 }),
    fechaVoucher: instante('fecha_voucher'),
    motivoRechazo: varchar('motivo_rechazo', { length: 300 }),
    fechaResolucion: instante('fecha_resolucion'),
    idUsuarioResuelve: integer('id_usuario_resuelve'),
    // The provider's own invoice or boleta for this payment, once issued.
    idDocumentoContable: integer('id_documento_contable'),
    comprobante: varchar('comprobante', { length: 20 }),
    ...auditoria,
  },
  (t) => [
    index('pago_empresa_ix').on(t.idEmpresa, t.id.desc()),
    index('pago_estado_ix').on(t.estado, t.id.desc()),
    uniqueIndex('pago_documento_uq').on(t.idDocumentoContable).where(sql`${t.idDocumentoContable} is not null`),
    check('pago_estado_ck', sql`${t.estado} between 1 and 7`),
    check('pago_tipo_ck', sql`${t.tipoPago} between 1 and 4`),
  ],
);

/**
 * The seed's payment entity: who the provider's receipts for this company's payments are made out to (a factura needs
 * a RUC). One per company; without it, the company's own data is used.
 */
export const entidadPago = pgTable('entidad_pago', {
  id: idGenerado(),
  idEmpresa: integer('id_empresa').notNull().references(() => empresa.id).unique(),
  razonSocial: varchar('razon_social', { length: 200 }).notNull(),
  idTipoDocumento: smallint('id_tipo_documento').notNull(),
  documento: varchar('documento', { length: 15 }),
  direccion: varchar('direccion', { length: 250 }),
  correo: varchar('correo', { length: 120 }),
  telefono: varchar('telefono', { length: 20 }),
  requiereFactura: boolean('requiere_factura').notNull().default(false),
  ...auditoria,
});

/**
 * The provider's deposit data (issue 11 item 12): bank, account, CCI, holder and Yape/Plin number customers pay to.
 * One row for the provider company, written by its staff only.
 */
export const datosDeposito = pgTable('datos_deposito', {
  id: idGenerado(),
  idEmpresa: integer('id_empresa').notNull().references(() => empresa.id).unique(),
  banco: varchar('banco', { length: 80 }).notNull(),
  numeroCuenta: varchar('numero_cuenta', { length: 30 }).notNull(),
  cci: varchar('cci', { length: 20 }),
  titular: varchar('titular', { length: 150 }).notNull(),
  yape: varchar('yape', { length: 9 }),
  ...auditoria,
});
