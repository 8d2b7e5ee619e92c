import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { cuentaFinanciera } from './finanzas.schema';

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });

/**
 * A detracción deposit (tipo D: constancia number and date) or a retención suffered (tipo R: the customer's
 * comprobante de retención serie-número and date) recorded against ONE document: lado C a sales document
 * (cuota_cobrar), lado P a purchase (cuota_pagar, our deposit into the supplier's BN account). It settles the
 * document's dues like a collection or payment does (deduccion_cuota lines, the dues' cobrado/pagado moved under row
 * locks) and is voided the same way (the lines go back).
 */
export const deduccionDocumento = pgTable(
  'deduccion_documento',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    lado: varchar('lado', { length: 1 }).notNull(),
    tipo: varchar('tipo', { length: 1 }).notNull(),
    // documento_contable.id (lado C) or compra.id (lado P): no foreign key across modules.
    idDocumento: integer('id_documento').notNull(),
    numero: varchar('numero', { length: 30 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    monto: dinero('monto').notNull(),
    // The soles deposited (the entry's amount): = monto for a soles document, at the day's selling rate for a dollar
    // one. Detracción deposits are in soles, so this is what enters or leaves the financial account.
    montoSoles: dinero('monto_soles').notNull(),
    idCuentaFinanciera: integer('id_cuenta_financiera').references(() => cuentaFinanciera.id),
    observacion: varchar('observacion', { length: 250 }),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 250 }),
    ...auditoria,
  },
  (t) => [
    index('deduccion_documento_ix').on(t.idEmpresa, t.lado, t.idDocumento),
    check('deduccion_documento_lado_ck', sql`${t.lado} in ('C', 'P')`),
    check('deduccion_documento_tipo_ck', sql`${t.tipo} in ('D', 'R')`),
    check('deduccion_documento_monto_ck', sql`${t.monto} > 0`),
  ],
);

/** The dues one deduction settled (a cuota_cobrar or cuota_pagar id per its lado) and how much of each. */
export const deduccionCuota = pgTable(
  'deduccion_cuota',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idDeduccion: integer('id_deduccion').notNull().references(() => deduccionDocumento.id),
    idCuota: integer('id_cuota').notNull(),
    monto: dinero('monto').notNull(),
    ...auditoria,
  },
  (t) => [index('deduccion_cuota_deduccion_ix').on(t.idDeduccion), check('deduccion_cuota_monto_ck', sql`${t.monto} > 0`)],
);
