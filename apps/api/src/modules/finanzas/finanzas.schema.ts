import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
const tasa = (nombre: string) => numeric(nombre, { precision: 10, scale: 4 });

/** Daily exchange rate of a foreign currency (2 Dólares) against soles, per company: compra and venta. */
export const tipoCambio = pgTable(
  'tipo_cambio',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    compra: tasa('compra').notNull(),
    venta: tasa('venta').notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('tipo_cambio_fecha_uq').on(t.idEmpresa, t.idMoneda, t.fecha),
    check('tipo_cambio_valores_ck', sql`${t.compra} > 0 and ${t.venta} > 0`),
  ],
);

/** Financial account: 1 caja chica, 2 caja, 3 banco (bank, number, CCI), each in one currency. */
export const cuentaFinanciera = pgTable(
  'cuenta_financiera',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idTipoCuenta: smallint('id_tipo_cuenta').notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    banco: varchar('banco', { length: 100 }),
    numeroCuenta: varchar('numero_cuenta', { length: 30 }),
    cci: varchar('cci', { length: 20 }),
    idMoneda: smallint('id_moneda').notNull(),
    // The ledger account (a leaf of class 10 of the company's chart) its automatic entries post to; null: the
    // mapping CAJA / BANCO. No foreign key: the books' schema imports this one (checked by maestros.service).
    idCuentaContable: integer('id_cuenta_contable'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('cuenta_financiera_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`),
    check('cuenta_financiera_tipo_ck', sql`${t.idTipoCuenta} in (1, 2, 3)`),
    check('cuenta_financiera_moneda_ck', sql`${t.idMoneda} in (1, 2)`),
  ],
);

/** Cost centre (centro de costo) of a company. */
export const centroCosto = pgTable(
  'centro_costo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    codigo: varchar('codigo', { length: 20 }).notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    // Element 9 account (e.g. 94 gastos administrativos, 95 gastos de ventas) the class 6 expenses of this centre are
    // carried to by the automatic entries (destino, against 791 cargas imputables); null: no destination of its own.
    idCuentaDestino: integer('id_cuenta_destino'),
    ...auditoria,
  },
  (t) => [uniqueIndex('centro_costo_codigo_uq').on(t.idEmpresa, sql`lower(${t.codigo})`)],
);

/**
 * One due (cuota) of a credit sale, written in the transaction by the alEmitirDocumento hook. The customer,
 * number and currency are copied from the document so the receivables and aging read this table alone; `cobrado`
 * grows with collections (under a row lock) and the check keeps it within the amount even against a bug.
 */
export const cuotaCobrar = pgTable(
  'cuota_cobrar',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // documento_contable.id (no foreign key across modules: the documents module owns that table).
    idDocumento: integer('id_documento').notNull(),
    idTipoDocumento: integer('id_tipo_documento').notNull(),
    serie: varchar('serie', { length: 4 }).notNull(),
    correlativo: integer('correlativo').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    idEntidad: integer('id_entidad'),
    numeroDocumentoCliente: varchar('numero_documento_cliente', { length: 15 }).notNull(),
    razonSocialCliente: varchar('razon_social_cliente', { length: 250 }).notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    numeroCuota: smallint('numero_cuota').notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }).notNull(),
    monto: dinero('monto').notNull(),
    cobrado: dinero('cobrado').notNull().default('0'),
    // Mirrors the document's voiding (checked again against the document when collecting).
    anulado: boolean('anulado').notNull().default(false),
    // The due of the detracción a crédito factura carries (total - cuotas): settled by the customer's deposit in our
    // Banco de la Nación account (deduccion_documento), so the receivable's total is the document's (= 12's balance).
    detraccion: boolean('detraccion').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('cuota_cobrar_uq').on(t.idDocumento, t.numeroCuota),
    // Open dues of a company by due date: the aging report and the receivables list.
    index('cuota_cobrar_abiertas_ix').on(t.idEmpresa, t.fechaVencimiento).where(sql`${t.cobrado} < ${t.monto} and not ${t.anulado}`),
    index('cuota_cobrar_cliente_ix').on(t.idEmpresa, t.numeroDocumentoCliente, t.fechaEmision),
    index('cuota_cobrar_documento_ix').on(t.idEmpresa, t.idDocumento),
    check('cuota_cobrar_cobrado_ck', sql`${t.cobrado} >= 0 and ${t.cobrado} <= ${t.monto}`),
    // A credit note may bring a due down to nothing (monto 0): it then is closed, like a collected one.
    check('cuota_cobrar_monto_ck', sql`${t.monto} >= 0`),
  ],
);

/**
 * What a credit or debit note did to the receivable of the document it modifies, so voiding the note (or SUNAT
 * rejecting it) undoes exactly that: C = a due's amount lowered by a credit note, D = a due added by a debit note,
 * F = the part of a credit note nothing was owed for (a credit in favour of the customer). `monto` is positive.
 */
export const notaCuota = pgTable(
  'nota_cuota',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // documento_contable ids (no foreign key across modules): the note and the document it modifies.
    idNota: integer('id_nota').notNull(),
    idDocumento: integer('id_documento').notNull(),
    idCuota: integer('id_cuota').references(() => cuotaCobrar.id),
    tipo: varchar('tipo', { length: 1 }).notNull(),
    monto: dinero('monto').notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    numeroDocumentoCliente: varchar('numero_documento_cliente', { length: 15 }).notNull(),
    revertido: boolean('revertido').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    index('nota_cuota_nota_ix').on(t.idNota),
    index('nota_cuota_favor_ix').on(t.idEmpresa, t.numeroDocumentoCliente).where(sql`${t.tipo} = 'F' and not ${t.revertido}`),
    check('nota_cuota_tipo_ck', sql`${t.tipo} in ('C', 'D', 'F')`),
    check('nota_cuota_monto_ck', sql`${t.monto} > 0`),
  ],
);

/**
 * A collection (cobro): cash (1) or bank (2) into one financial account, settling one or several dues, or (3) the
 * application of the customer's credit in favour (left by credit notes, nota_cuota F), which moves no money: no account.
 */
export const cobro = pgTable(
  'cobro',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').references(() => sucursal.id),
    // Receipt number per company (RC-<numero>), allocated under an advisory lock in the collection's transaction.
    numero: integer('numero').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    // 1 efectivo, 2 bancarizado, 3 aplicación de saldo a favor (no account).
    idTipoCobro: smallint('id_tipo_cobro').notNull(),
    idCuentaFinanciera: integer('id_cuenta_financiera').references(() => cuentaFinanciera.id),
    idMoneda: smallint('id_moneda').notNull(),
    // Total received into the account, in the account's currency.
    monto: dinero('monto').notNull(),
    // Soles equivalent (for accounting), and the rate used when a dollar amount was involved.
    montoSoles: dinero('monto_soles').notNull(),
    tipoCambio: tasa('tipo_cambio'),
    // Bank collections: payment means (catálogo 59 / Tabla 1), operation number.
    medioPago: varchar('medio_pago', { length: 3 }),
    numeroOperacion: varchar('numero_operacion', { length: 30 }),
    // ITF the bank charged on a bank collection (in the account's currency), posted in its entry.
    itf: dinero('itf').notNull().default('0'),
    numeroDocumentoCliente: varchar('numero_documento_cliente', { length: 15 }).notNull(),
    razonSocialCliente: varchar('razon_social_cliente', { length: 250 }).notNull(),
    observacion: varchar('observacion', { length: 250 }),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true, mode: 'date' }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 200 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('cobro_numero_uq').on(t.idEmpresa, t.numero),
    index('cobro_empresa_fecha_ix').on(t.idEmpresa, t.fecha, t.id),
    index('cobro_cliente_ix').on(t.idEmpresa, t.numeroDocumentoCliente),
    // 4: a canje of dues for letras de cambio (letra table): no money either.
    check('cobro_tipo_ck', sql`${t.idTipoCobro} in (1, 2, 3, 4)`),
    // Money goes into an account; an application of a credit in favour or a canje goes into none.
    check('cobro_cuenta_ck', sql`(${t.idTipoCobro} in (3, 4)) = (${t.idCuentaFinanciera} is null)`),
    // The applications of a customer's credit, summed under the credit's row locks (available = F notes - these).
    index('cobro_saldo_favor_ix').on(t.idEmpresa, t.numeroDocumentoCliente, t.idMoneda).where(sql`${t.idTipoCobro} = 3 and not ${t.anulado}`),
  ],
);

/** What one collection applied to one due, in the due's currency (and in the account's currency). */
export const cobroDetalle = pgTable(
  'cobro_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCobro: integer('id_cobro').notNull().references(() => cobro.id),
    idCuota: integer('id_cuota').notNull().references(() => cuotaCobrar.id),
    monto: dinero('monto').notNull(),
    montoCuenta: dinero('monto_cuenta').notNull(),
    ...auditoria,
  },
  (t) => [index('cobro_detalle_cobro_ix').on(t.idCobro), index('cobro_detalle_cuota_ix').on(t.idCuota), check('cobro_detalle_monto_ck', sql`${t.monto} > 0`)],
);

/**
 * A letra de cambio por cobrar, born of a canje (a collection of kind 4 that settled invoice dues) or of the renewal
 * of another letra. Its debt lives in cuota_cobrar as a due of its own (id_documento = -id, serie LT, correlativo =
 * numero), so receivables, aging, collections and the customer's statement see it like any due.
 * estado: 1 en cartera, 2 en cobranza, 3 descontada, 4 cobrada, 5 protestada, 6 renovada, 7 anulada.
 * ubicacion: where its receivable is booked (1 cartera 1231, 2 cobranza 1232, 3 descuento 1233).
 */
export const letra = pgTable(
  'letra',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    numero: integer('numero').notNull(),
    idCobroCanje: integer('id_cobro_canje').notNull().references(() => cobro.id),
    idLetraOrigen: integer('id_letra_origen'),
    estado: smallint('estado').notNull().default(1),
    ubicacion: smallint('ubicacion').notNull().default(1),
    protestada: boolean('protestada').notNull().default(false),
    // Bank orders, protests and renewals done on it: numbers its entries' keys (LETRA-<tipo>:<id>.<n>).
    movimientos: smallint('movimientos').notNull().default(0),
    fechaGiro: date('fecha_giro', { mode: 'string' }).notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }).notNull(),
    lugarGiro: varchar('lugar_giro', { length: 100 }).notNull(),
    lugarPago: varchar('lugar_pago', { length: 150 }),
    idMoneda: smallint('id_moneda').notNull(),
    monto: dinero('monto').notNull(),
    // Soles the letra's receivable was booked at (the canje's or renewal's rate for dollars).
    montoSoles: dinero('monto_soles').notNull(),
    numeroDocumentoCliente: varchar('numero_documento_cliente', { length: 15 }).notNull(),
    razonSocialCliente: varchar('razon_social_cliente', { length: 250 }).notNull(),
    direccionCliente: varchar('direccion_cliente', { length: 300 }),
    avalNombre: varchar('aval_nombre', { length: 250 }),
    avalDocumento: varchar('aval_documento', { length: 15 }),
    idCuentaFinanciera: integer('id_cuenta_financiera').references(() => cuentaFinanciera.id),
    interesDescuento: dinero('interes_descuento').notNull().default('0'),
    gastosProtesto: dinero('gastos_protesto').notNull().default('0'),
    interesRenovacion: dinero('interes_renovacion').notNull().default('0'),
    observacion: varchar('observacion', { length: 250 }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 200 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('letra_numero_uq').on(t.idEmpresa, t.numero),
    index('letra_empresa_vence_ix').on(t.idEmpresa, t.fechaVencimiento),
    index('letra_canje_ix').on(t.idCobroCanje),
    check('letra_estado_ck', sql`${t.estado} between 1 and 7`),
    check('letra_ubicacion_ck', sql`${t.ubicacion} in (1, 2, 3)`),
    check('letra_monto_ck', sql`${t.monto} > 0`),
  ],
);
