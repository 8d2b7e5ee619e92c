import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../../db/schema';
// Cost centres are finance's master data (one table for both modules).
import { centroCosto } from '../../finanzas/finanzas.schema';

const dinero = (nombre: string) => numeric(nombre, { precision: 16, scale: 2 });

/**
 * Chart of accounts. Rows with `id_empresa` null are the PCGE 2019 reference accounts every company shares
 * (read-only); a company adds its own sub-accounts below them. The hierarchy is the code itself (a child's code
 * starts with its parent's), so an account accepts entries only when no active account of the company's chart hangs below it.
 */
export const cuentaContable = pgTable(
  'cuenta_contable',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').references(() => empresa.id),
    codigo: varchar('codigo', { length: 12 }).notNull(),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    naturaleza: char('naturaleza', { length: 1 }).notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('cuenta_contable_pcge_uq').on(t.codigo).where(sql`${t.idEmpresa} is null`),
    uniqueIndex('cuenta_contable_empresa_uq').on(t.idEmpresa, t.codigo).where(sql`${t.idEmpresa} is not null`),
    check('cuenta_contable_naturaleza_ck', sql`${t.naturaleza} in ('D', 'A')`),
  ],
);

/** A month of a company's books. A missing row is an open period; a closed one refuses entries. */
export const periodoContable = pgTable(
  'periodo_contable',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    periodo: char('periodo', { length: 7 }).notNull(),
    estado: varchar('estado', { length: 10 }).notNull(),
    fechaCierre: timestamp('fecha_cierre', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [uniqueIndex('periodo_contable_uq').on(t.idEmpresa, t.periodo), check('periodo_contable_estado_ck', sql`${t.estado} in ('ABIERTO', 'CERRADO')`)],
);

/**
 * A journal entry. `clave_origen` is the source document's unique key for automatic entries (VENTA:<id>): the
 * posting job may run twice over the same document and still write one entry.
 */
export const asientoContable = pgTable(
  'asiento_contable',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idDiario: smallint('id_diario').notNull(),
    periodo: char('periodo', { length: 7 }).notNull(),
    numero: integer('numero').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    glosa: varchar('glosa', { length: 200 }).notNull(),
    origen: varchar('origen', { length: 10 }).notNull(),
    claveOrigen: varchar('clave_origen', { length: 60 }),
    idDocumento: integer('id_documento'),
    documento: varchar('documento', { length: 20 }),
    /** The source operation's date when its month was closed and the entry went to the next open period. */
    fechaOperacion: date('fecha_operacion', { mode: 'string' }),
    totalDebe: dinero('total_debe').notNull(),
    totalHaber: dinero('total_haber').notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('asiento_contable_origen_uq').on(t.idEmpresa, t.claveOrigen).where(sql`${t.claveOrigen} is not null`),
    uniqueIndex('asiento_contable_numero_uq').on(t.idEmpresa, t.periodo, t.numero),
    index('asiento_contable_periodo_ix').on(t.idEmpresa, t.periodo, t.numero),
    check('asiento_contable_cuadre_ck', sql`${t.totalDebe} = ${t.totalHaber}`),
  ],
);

export const asientoLinea = pgTable(
  'asiento_linea',
  {
    id: idGenerado(),
    idAsiento: integer('id_asiento').notNull().references(() => asientoContable.id),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCuenta: integer('id_cuenta').notNull().references(() => cuentaContable.id),
    orden: smallint('orden').notNull(),
    debe: dinero('debe').notNull(),
    haber: dinero('haber').notNull(),
    glosa: varchar('glosa', { length: 200 }),
    // Cost centre (finance's master data) of the line, when the accountant assigns one.
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
  },
  (t) => [
    index('asiento_linea_asiento_ix').on(t.idAsiento, t.orden),
    index('asiento_linea_centro_ix').on(t.idEmpresa, t.idCentroCosto).where(sql`${t.idCentroCosto} is not null`),
    index('asiento_linea_cuenta_ix').on(t.idEmpresa, t.idCuenta),
    check('asiento_linea_importe_ck', sql`${t.debe} >= 0 and ${t.haber} >= 0 and (${t.debe} = 0) <> (${t.haber} = 0)`),
  ],
);

/** A sales document the posting job could not post, with the reason (shown to the accountant; retried each run). */
export const contabilizacionPendiente = pgTable(
  'contabilizacion_pendiente',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idDocumento: integer('id_documento').notNull(),
    documento: varchar('documento', { length: 20 }).notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    motivo: text('motivo').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('contabilizacion_pendiente_doc_uq').on(t.idDocumento), index('contabilizacion_pendiente_empresa_ix').on(t.idEmpresa)],
);


/**
 * Which account of the company's chart each concept of the automatic entries posts to (IGV, caja, facturas por
 * cobrar...). A concept without a row uses its PCGE default (MapeosContables in the contracts).
 */
export const cuentaMapeo = pgTable(
  'cuenta_mapeo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    clave: varchar('clave', { length: 30 }).notNull(),
    idCuenta: integer('id_cuenta').notNull().references(() => cuentaContable.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('cuenta_mapeo_uq').on(t.idEmpresa, t.clave)],
);
