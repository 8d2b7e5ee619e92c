import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../../db/schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A resumen diario (RC), comunicación de baja (RA) or resumen de reversiones (RR) as sent: its identifier RC|RA-YYYYMMDD-N (unique per company and
 * day), the signed XML byte-exact, SUNAT's ticket and its answer.
 */
export const envioLote = pgTable(
  'envio_lote',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    tipo: varchar('tipo', { length: 2 }).notNull(),
    fechaGeneracion: date('fecha_generacion', { mode: 'string' }).notNull(),
    fechaReferencia: date('fecha_referencia', { mode: 'string' }).notNull(),
    correlativo: integer('correlativo').notNull(),
    // RUC-RC-YYYYMMDD-N, the file name sent to SUNAT.
    nombre: varchar('nombre', { length: 40 }).notNull(),
    xmlFirmado: bytea('xml_firmado').notNull(),
    // GENERADO (not yet sent), ENVIADO (ticket, waiting), ACEPTADO, RECHAZADO.
    estado: varchar('estado', { length: 10 }).notNull().default('GENERADO'),
    ticket: varchar('ticket', { length: 64 }),
    codigoSunat: varchar('codigo_sunat', { length: 10 }),
    mensajeSunat: text('mensaje_sunat'),
    cdr: bytea('cdr'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('envio_lote_nombre_uq').on(t.idEmpresa, t.tipo, t.fechaGeneracion, t.correlativo),
    // RR: resumen de reversiones of comprobantes de retención (finanzas/retenciones-envio.ts); its CREs point at it.
    check('envio_lote_tipo_ck', sql`${t.tipo} in ('RC', 'RA', 'RR')`),
    check('envio_lote_estado_ck', sql`${t.estado} in ('GENERADO', 'ENVIADO', 'ACEPTADO', 'RECHAZADO')`),
  ],
);

/** The documents a batch carries and with which status code of catálogo 19 (1 adicionar, 3 anular; RA: always baja). */
export const envioLoteDocumento = pgTable(
  'envio_lote_documento',
  {
    id: idGenerado(),
    idLote: integer('id_lote').notNull().references(() => envioLote.id),
    idDocumento: integer('id_documento').notNull(),
    estadoItem: smallint('estado_item').notNull(),
    motivo: varchar('motivo', { length: 100 }),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('envio_lote_documento_uq').on(t.idLote, t.idDocumento),
    index('envio_lote_documento_doc_ix').on(t.idDocumento),
  ],
);

/** SMTP settings of a company for e-mailing its documents; the password is encrypted (AES-256-GCM) at rest. */
export const envioCorreoConfig = pgTable('envio_correo_config', {
  id: idGenerado(),
  idEmpresa: integer('id_empresa')
    .notNull()
    .unique()
    .references(() => empresa.id),
  host: varchar('host', { length: 200 }).notNull(),
  puerto: integer('puerto').notNull(),
  // true: TLS from the first byte (465); false: STARTTLS when the server offers it (587/25).
  seguro: boolean('seguro').notNull().default(false),
  usuario: varchar('usuario', { length: 200 }),
  claveCifrada: text('clave_cifrada'),
  remitente: varchar('remitente', { length: 200 }).notNull(),
  nombreRemitente: varchar('nombre_remitente', { length: 200 }),
  ...auditoria,
});
