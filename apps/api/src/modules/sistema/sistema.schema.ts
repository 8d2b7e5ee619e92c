import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Key check values: an HMAC of a fixed text under each process-wide key (encryption key, JWT secret), stored by the
 * first process that starts on the database. A process started with another key finds a different value and refuses
 * to start, instead of failing later on every certificate it cannot decrypt. The value reveals nothing of the key.
 */
export const claveVerificacion = pgTable('clave_verificacion', {
  nombre: varchar('nombre', { length: 40 }).primaryKey(),
  valor: varchar('valor', { length: 64 }).notNull(),
  logFechaCrea: timestamp('log_fecha_crea', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
