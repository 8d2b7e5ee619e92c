import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';

/**
 * An import of the item catalogue from Excel (issue 13): its state and counts, polled by the screen's progress bar.
 * The live percentage of a running import is kept by the process that runs it (the write is one transaction, whose
 * own row updates nobody else sees before it commits); log_fecha_modif is its last heartbeat outside the transaction.
 */
export const importacionItem = pgTable(
  'importacion_item',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombreArchivo: varchar('nombre_archivo', { length: 200 }).notNull(),
    // PROCESANDO | VALIDADO | RECHAZADO | TERMINADO | ERROR
    estado: varchar('estado', { length: 20 }).notNull(),
    soloValidar: boolean('solo_validar').notNull(),
    aplicarValidas: boolean('aplicar_validas').notNull(),
    totalFilas: integer('total_filas').notNull().default(0),
    creados: integer('creados').notNull().default(0),
    actualizados: integer('actualizados').notNull().default(0),
    sinCambios: integer('sin_cambios').notNull().default(0),
    filasConError: integer('filas_con_error').notNull().default(0),
    // [{Fila, Columna, Mensaje}], the first ERRORES_GUARDADOS of them.
    errores: jsonb('errores').notNull().default([]),
    mensaje: text('mensaje'),
    ...auditoria,
  },
  (t) => [
    index('importacion_item_empresa_ix').on(t.idEmpresa, t.id),
    // One running import per company.
    uniqueIndex('importacion_item_en_curso_uq').on(t.idEmpresa).where(sql`${t.estado} = 'PROCESANDO'`),
  ],
);
