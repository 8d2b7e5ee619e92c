import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';

/** Customers, suppliers and the other entity types of the seed (1-7), per company. */
export const entidad = pgTable(
  'entidad',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // 1 Trabajador, 2 Familia Trabajador, 3 Cliente Asociado, 4 Proveedor, 5 Colaborador, 6 Cliente, 7 Contacto.
    tipoEntidad: smallint('tipo_entidad').notNull(),
    // The seed's IdTipoDocumento (1 DNI, 2 RUC, 3 CE, 4 pasaporte, 5 CDI, 6 sin documento, 7 CPP, 8-12).
    idTipoDocumento: smallint('id_tipo_documento').notNull(),
    documento: varchar('documento', { length: 15 }).notNull(),
    razonSocial: varchar('razon_social', { length: 250 }).notNull(),
    nombre: varchar('nombre', { length: 150 }),
    apePat: varchar('ape_pat', { length: 100 }),
    apeMat: varchar('ape_mat', { length: 100 }),
    idUbigeo: char('id_ubigeo', { length: 6 }),
    correo: varchar('correo', { length: 150 }),
    telefono: varchar('telefono', { length: 30 }),
    direccion: varchar('direccion', { length: 250 }),
    // Copied from the SUNAT padrón when the entity was looked up there (null when typed by hand).
    estadoContribuyente: varchar('estado_contribuyente', { length: 40 }),
    condicionDomicilio: varchar('condicion_domicilio', { length: 40 }),
    // The company's generic customer 'CLIENTES VARIOS' (exactly one per company).
    esGenerico: boolean('es_generico').notNull().default(false),
    // A supplier excluded from the IGV retention régimen (buen contribuyente, agente de retención or percepción):
    // a retention agent's payments to it withhold nothing (issue 14; the product has no padrón of them).
    noSujetoRetencion: boolean('no_sujeto_retencion').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    // One entity per document and type in a company ("sin documento" entities can repeat).
    uniqueIndex('entidad_documento_uq')
      .on(t.idEmpresa, t.tipoEntidad, t.idTipoDocumento, t.documento)
      .where(sql`${t.idTipoDocumento} <> 6 and not ${t.esGenerico}`),
    uniqueIndex('entidad_generico_uq').on(t.idEmpresa).where(sql`${t.esGenerico}`),
    index('entidad_empresa_razon_ix').on(t.idEmpresa, sql`lower(${t.razonSocial})`),
    index('entidad_empresa_documento_ix').on(t.idEmpresa, t.documento),
    check('entidad_tipo_ck', sql`${t.tipoEntidad} between 1 and 7`),
    check('entidad_tipo_documento_ck', sql`${t.idTipoDocumento} between 1 and 12`),
  ],
);

/** The seed's branch avatar colour (the letter is the first of the branch name). */
export const sucursalApariencia = pgTable(
  'sucursal_apariencia',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    colorBackground: char('color_background', { length: 7 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('sucursal_apariencia_uq').on(t.idSucursal)],
);

/**
 * SUNAT's "padrón reducido del RUC" (public data, shared by every company). ~10 million rows loaded in bulk,
 * so it carries no audit columns: the import row below records who loaded it and when.
 */
export const padronRuc = pgTable('padron_ruc', {
  ruc: char('ruc', { length: 11 }).primaryKey(),
  razonSocial: text('razon_social').notNull(),
  estado: text('estado').notNull(),
  condicion: text('condicion').notNull(),
  ubigeo: text('ubigeo'),
  tipoVia: text('tipo_via'),
  nombreVia: text('nombre_via'),
  codigoZona: text('codigo_zona'),
  tipoZona: text('tipo_zona'),
  numero: text('numero'),
  interior: text('interior'),
  lote: text('lote'),
  departamento: text('departamento'),
  manzana: text('manzana'),
  kilometro: text('kilometro'),
});

/** One import of the padrón file; `bytes_procesados` is the checkpoint a resumed import starts from. */
export const padronImportacion = pgTable(
  'padron_importacion',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombreArchivo: varchar('nombre_archivo', { length: 300 }).notNull(),
    // Where the file is read from (an uploaded copy under DATA_DIR or an admin-given server path).
    ruta: varchar('ruta', { length: 1000 }).notNull(),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
    bytesProcesados: bigint('bytes_procesados', { mode: 'number' }).notNull().default(0),
    lineasProcesadas: bigint('lineas_procesadas', { mode: 'number' }).notNull().default(0),
    lineasRechazadas: bigint('lineas_rechazadas', { mode: 'number' }).notNull().default(0),
    // PENDIENTE | PROCESANDO | PAUSADA | COMPLETADA | ERROR
    estado: varchar('estado', { length: 20 }).notNull(),
    mensaje: text('mensaje'),
    fechaInicio: timestamp('fecha_inicio', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fechaFin: timestamp('fecha_fin', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [index('padron_importacion_estado_ix').on(t.estado)],
);
