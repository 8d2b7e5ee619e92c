import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../../db/schema';

const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

/**
 * A mass-issuing batch (one uploaded Excel file), processed in the background as a job of the platform's job runner
 * (modules/trabajos, queue 'masivos.lote', under its lease): a dead process's batch is taken again once the lease
 * runs out, and each document is issued with the idempotency key `masivo-<lote>-<numero>`, so a resumed batch never
 * issues a document twice.
 */
export const loteMasivo = pgTable(
  'lote_masivo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull(),
    // Who uploaded it, as the issuing service needs it (user name, branches, company) when the batch is resumed.
    identidad: jsonb('identidad').notNull(),
    nombreArchivo: varchar('nombre_archivo', { length: 200 }).notNull(),
    estado: varchar('estado', { length: 10 }).notNull().default('PENDIENTE'),
    total: integer('total').notNull(),
    procesados: integer('procesados').notNull().default(0),
    correctos: integer('correctos').notNull().default(0),
    fallidos: integer('fallidos').notNull().default(0),
    fechaFin: instante('fecha_fin'),
    ...auditoria,
  },
  (t) => [
    index('lote_masivo_empresa_ix').on(t.idEmpresa, t.id.desc()),
    index('lote_masivo_estado_ix').on(t.estado).where(sql`${t.estado} <> 'TERMINADO'`),
    check('lote_masivo_estado_ck', sql`${t.estado} in ('PENDIENTE', 'EN_CURSO', 'TERMINADO')`),
  ],
);

/** One document of a batch: the validated issuing request and, once processed, its result. */
export const loteMasivoDocumento = pgTable(
  'lote_masivo_documento',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idLote: integer('id_lote').notNull().references(() => loteMasivo.id),
    numero: integer('numero').notNull(),
    documento: varchar('documento', { length: 50 }).notNull(),
    fila: integer('fila').notNull(),
    solicitud: jsonb('solicitud').notNull(),
    estado: varchar('estado', { length: 10 }).notNull().default('PENDIENTE'),
    idDocumento: integer('id_documento'),
    serieNumero: varchar('serie_numero', { length: 20 }),
    montoTotal: numeric('monto_total', { precision: 14, scale: 2 }),
    error: text('error'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('lote_masivo_documento_uq').on(t.idLote, t.numero),
    check('lote_masivo_documento_estado_ck', sql`${t.estado} in ('PENDIENTE', 'EMITIDO', 'ERROR')`),
  ],
);
