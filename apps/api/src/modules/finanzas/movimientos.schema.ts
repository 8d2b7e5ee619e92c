import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { centroCosto, cuentaFinanciera } from './finanzas.schema';

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
const tasa = (nombre: string) => numeric(nombre, { precision: 10, scale: 4 });

/** Expense element (elemento de gasto) of a company: what an expense is for, beside its cost centre. */
export const elementoGasto = pgTable(
  'elemento_gasto',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    codigo: varchar('codigo', { length: 20 }).notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('elemento_gasto_codigo_uq').on(t.idEmpresa, sql`lower(${t.codigo})`)],
);

/**
 * One side of a movement on a financial account (branch movfin): a nota de ingreso (3) or de salida (4) has one row;
 * a deposit (5) or transfer (6, 7) has two, written in one transaction, the destination pointing to its origin
 * (`id_origen`). `monto` is in the account's currency; `itf` is the ITF the bank charged on it (bank side only).
 * A voided (deleted) movement keeps its row, marked; a reconciled one cannot be voided.
 */
export const movimientoFinanciero = pgTable(
  'movimiento_financiero',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    numero: integer('numero').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idTipoOperacion: smallint('id_tipo_operacion').notNull(),
    // 1 ingreso, 2 egreso (seen from this account).
    idTipoMovimiento: smallint('id_tipo_movimiento').notNull(),
    idCuentaFinanciera: integer('id_cuenta_financiera').notNull().references(() => cuentaFinanciera.id),
    idMoneda: smallint('id_moneda').notNull(),
    monto: dinero('monto').notNull(),
    montoSoles: dinero('monto_soles').notNull(),
    tipoCambio: tasa('tipo_cambio'),
    itf: dinero('itf').notNull().default('0'),
    idOrigen: integer('id_origen'),
    motivo: varchar('motivo', { length: 200 }).notNull(),
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
    idElementoGasto: integer('id_elemento_gasto').references(() => elementoGasto.id),
    numeroOperacion: varchar('numero_operacion', { length: 30 }),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true, mode: 'date' }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 200 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('movimiento_financiero_numero_uq').on(t.idEmpresa, t.numero, t.idCuentaFinanciera),
    index('movimiento_financiero_cuenta_ix').on(t.idEmpresa, t.idCuentaFinanciera, t.fecha),
    index('movimiento_financiero_origen_ix').on(t.idOrigen),
    check('movimiento_financiero_tipo_ck', sql`${t.idTipoOperacion} between 1 and 8 and ${t.idTipoMovimiento} in (1, 2)`),
    check('movimiento_financiero_monto_ck', sql`${t.monto} > 0 and ${t.itf} >= 0`),
  ],
);

/** An imported bank statement of one bank account. */
export const extractoBancario = pgTable(
  'extracto_bancario',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCuentaFinanciera: integer('id_cuenta_financiera').notNull().references(() => cuentaFinanciera.id),
    perfil: varchar('perfil', { length: 12 }).notNull(),
    nombreArchivo: varchar('nombre_archivo', { length: 200 }).notNull(),
    fechaDesde: date('fecha_desde', { mode: 'string' }).notNull(),
    fechaHasta: date('fecha_hasta', { mode: 'string' }).notNull(),
    ...auditoria,
  },
  (t) => [index('extracto_bancario_cuenta_ix').on(t.idEmpresa, t.idCuentaFinanciera)],
);

/**
 * A line of a bank statement (`monto` signed: + abono, - cargo) and, once reconciled, the book operation it matches:
 * tipo M movimiento_financiero, C cobro, P pago_proveedor, I the ITF of a movimiento_financiero. One operation is reconciled with one line at most.
 */
export const extractoLinea = pgTable(
  'extracto_linea',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idExtracto: integer('id_extracto').notNull().references(() => extractoBancario.id),
    fila: integer('fila').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    descripcion: varchar('descripcion', { length: 250 }).notNull(),
    numeroOperacion: varchar('numero_operacion', { length: 30 }),
    monto: dinero('monto').notNull(),
    tipoOperacion: varchar('tipo_operacion', { length: 1 }),
    idOperacion: integer('id_operacion'),
    fechaConciliacion: timestamp('fecha_conciliacion', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [
    index('extracto_linea_extracto_ix').on(t.idExtracto),
    uniqueIndex('extracto_linea_operacion_uq').on(t.tipoOperacion, t.idOperacion).where(sql`${t.idOperacion} is not null`),
    check('extracto_linea_tipo_ck', sql`(${t.tipoOperacion} is null) = (${t.idOperacion} is null) and (${t.tipoOperacion} is null or ${t.tipoOperacion} in ('M', 'C', 'P', 'I', 'J', 'K', 'N', 'D', 'T'))`),
  ],
);
