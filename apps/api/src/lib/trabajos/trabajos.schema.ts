import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';

const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

/**
 * Every piece of background work of the platform, in one outbox claimed under a lease with a fencing token (see
 * cola.ts): sending a document to SUNAT, a resumen diario, a bulk-issuing batch, the
 * provider's receipts, the subscriptions' renewal, the housekeeping. A row is never deleted: HECHO and FALLIDO rows
 * are the history support looks at (attempts, last error).
 *
 * cola: which handler runs it ('envio.comprobante', 'masivos.lote', ...). id_referencia: the row of the owning
 * module the job is about (a document, a batch), 0 for a recurring task; not a foreign key on purpose, because the
 * job is written in the same transaction (often the same statement) as that row. id_empresa: whose job it is, for
 * fair sharing between companies; null for a platform task.
 */
export const trabajo = pgTable(
  'trabajo',
  {
    id: idGenerado(),
    cola: varchar('cola', { length: 40 }).notNull(),
    idReferencia: integer('id_referencia').notNull().default(0),
    idEmpresa: integer('id_empresa').references(() => empresa.id),
    // PENDIENTE (waiting for proximo_intento), EN_CURSO (leased), HECHO, FALLIDO (stopped: a person must look at it).
    estado: varchar('estado', { length: 10 }).notNull().default('PENDIENTE'),
    intentos: integer('intentos').notNull().default(0),
    // Retries after a transient fault (the other side unreachable or answering garbage): they never use up attempts,
    // but they lengthen the wait between calls.
    reintentosSinRespuesta: integer('reintentos_sin_respuesta').notNull().default(0),
    proximoIntento: instante('proximo_intento').notNull().defaultNow(),
    // Lease: whoever holds `bloqueo` may finish the job until `bloqueado_hasta`; after that another worker may take it.
    bloqueo: varchar('bloqueo', { length: 64 }),
    bloqueadoHasta: instante('bloqueado_hasta'),
    // What the handler keeps between runs (a SUNAT ticket, the day of the last resumen).
    datos: jsonb('datos').$type<Record<string, unknown>>().notNull().default({}),
    // In Spanish, for the user; never a remote body (the detail goes to the log).
    ultimoError: text('ultimo_error'),
    ...auditoria,
  },
  (t) => [
    // The claim walks the companies with live jobs of a queue through this index and takes each one's first few in
    // order (cola.ts, reclamar): its cost does not grow with a company's backlog (10,000 facturas of a bulk upload).
    index('trabajo_empresa_listos_ix')
      .on(t.cola, t.idEmpresa, t.proximoIntento, t.id)
      .where(sql`${t.estado} in ('PENDIENTE', 'EN_CURSO')`),
    // Jobs in hand (at most the runners' places): each company's count against its limit.
    index('trabajo_en_curso_ix').on(t.cola, t.idEmpresa).where(sql`${t.estado} = 'EN_CURSO'`),
    index('trabajo_referencia_ix').on(t.cola, t.idReferencia),
    // A document, a batch or a recurring task has at most one live job: queueing twice is a no-op, never a second run.
    uniqueIndex('trabajo_vivo_uq').on(t.cola, t.idReferencia).where(sql`${t.estado} in ('PENDIENTE', 'EN_CURSO')`),
    check('trabajo_estado_ck', sql`${t.estado} in ('PENDIENTE', 'EN_CURSO', 'HECHO', 'FALLIDO')`),
  ],
);
