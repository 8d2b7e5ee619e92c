import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../../db/schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });

/**
 * The company's SIRE API client (client_id / client_secret generated in Menú SOL), encrypted like the other SUNAT
 * secrets (configuracion/cifrado.ts). The usuario and clave SOL are those of empresa_sunat.
 */
export const sireCredencial = pgTable('sire_credencial', {
  id: idGenerado(),
  idEmpresa: integer('id_empresa').notNull().references(() => empresa.id).unique(),
  clientIdCifrado: bytea('client_id_cifrado').notNull(),
  clientSecretCifrado: bytea('client_secret_cifrado').notNull(),
  ...auditoria,
});

/**
 * History of a company's SIRE requests per book and period: each proposal download, acceptance and replacement,
 * with SUNAT's ticket, its outcome, who asked and when.
 */
export const sireProceso = pgTable(
  'sire_proceso',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // 140000 RVIE, 080000 RCE.
    codLibro: varchar('cod_libro', { length: 6 }).notNull(),
    // AAAA-MM
    periodo: varchar('periodo', { length: 7 }).notNull(),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    ticket: varchar('ticket', { length: 30 }),
    estado: varchar('estado', { length: 12 }).notNull(),
    mensaje: text('mensaje'),
    archivo: varchar('archivo', { length: 120 }),
    registros: integer('registros'),
    contenido: text('contenido'),
    idUsuario: integer('id_usuario').notNull(),
    usuario: varchar('usuario', { length: 150 }).notNull(),
    fechaFin: instante('fecha_fin'),
    ...auditoria,
  },
  (t) => [
    index('sire_proceso_periodo_ix').on(t.idEmpresa, t.codLibro, t.periodo, t.id),
    check('sire_proceso_libro_ck', sql`${t.codLibro} in ('140000', '080000')`),
    check('sire_proceso_tipo_ck', sql`${t.tipo} in ('PROPUESTA', 'ACEPTAR', 'REEMPLAZO')`),
    check('sire_proceso_estado_ck', sql`${t.estado} in ('EN_PROCESO', 'TERMINADO', 'CON_ERRORES', 'ERROR')`),
  ],
);

/** The documents of a downloaded proposal (one row per TXT line), kept as SUNAT sent them. */
export const sirePropuestaFila = pgTable(
  'sire_propuesta_fila',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idProceso: integer('id_proceso').notNull().references(() => sireProceso.id),
    linea: integer('linea').notNull(),
    car: varchar('car', { length: 40 }).notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    tipoComprobante: varchar('tipo_comprobante', { length: 2 }).notNull(),
    serie: varchar('serie', { length: 20 }).notNull(),
    numero: varchar('numero', { length: 20 }).notNull(),
    tipoDocumento: varchar('tipo_documento', { length: 2 }).notNull(),
    numeroDocumento: varchar('numero_documento', { length: 20 }).notNull(),
    razonSocial: varchar('razon_social', { length: 250 }).notNull(),
    baseImponible: dinero('base_imponible').notNull(),
    igv: dinero('igv').notNull(),
    noGravado: dinero('no_gravado').notNull(),
    total: dinero('total').notNull(),
    moneda: varchar('moneda', { length: 3 }).notNull(),
    contenido: text('contenido').notNull(),
  },
  (t) => [uniqueIndex('sire_propuesta_fila_uq').on(t.idProceso, t.linea), index('sire_propuesta_fila_empresa_ix').on(t.idEmpresa, t.idProceso)],
);
