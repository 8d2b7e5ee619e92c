import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../../db/schema';
import { pago, plan } from '../pagos.schema';

/**
 * A company's subscription to a monthly or yearly plan (the seed's contract). At most one in force per company.
 * For automatic charges it keeps the gateway's id of the saved card and its brand and last four digits, never a card
 * number. `ultimo_rechazo` is the gateway's reason when the last automatic charge was declined.
 */
export const contrato = pgTable(
  'contrato',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idPlan: integer('id_plan').notNull().references(() => plan.id),
    // 1 in force, 2 cancelled.
    estado: smallint('estado').notNull().default(1),
    requiereFactura: boolean('requiere_factura').notNull().default(false),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaCancelacion: timestamp('fecha_cancelacion', { withTimezone: true, mode: 'date' }),
    idTarjetaPasarela: varchar('id_tarjeta_pasarela', { length: 100 }),
    marcaTarjeta: varchar('marca_tarjeta', { length: 30 }),
    ultimos4: varchar('ultimos4', { length: 4 }),
    ultimoRechazo: varchar('ultimo_rechazo', { length: 300 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('contrato_vigente_uq').on(t.idEmpresa).where(sql`${t.estado} = 1`),
    index('contrato_empresa_ix').on(t.idEmpresa, t.id.desc()),
    check('contrato_estado_ck', sql`${t.estado} in (1, 2)`),
  ],
);

/**
 * One billing cycle of a contract: its period and the payment that pays it (paid by card, voucher or an automatic
 * charge like any package). Numbered per contract; the unique number keeps two job runs from generating a cycle twice.
 * `ultimo_cobro` is when the job last tried the saved card for it (one automatic attempt per day).
 */
export const cicloContrato = pgTable(
  'ciclo_contrato',
  {
    id: idGenerado(),
    idContrato: integer('id_contrato').notNull().references(() => contrato.id),
    numero: integer('numero').notNull(),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFin: date('fecha_fin', { mode: 'string' }).notNull(),
    idPago: integer('id_pago').notNull().references(() => pago.id).unique(),
    ultimoCobro: timestamp('ultimo_cobro', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [uniqueIndex('ciclo_contrato_numero_uq').on(t.idContrato, t.numero), check('ciclo_contrato_periodo_ck', sql`${t.fechaFin} > ${t.fechaInicio}`)],
);
