import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../../db/schema';

/**
 * A numbering series of a company, per branch and document type. `correlativo` is the last number used: issuing
 * locks this row (SELECT ... FOR UPDATE) and increments it in the same transaction that stores the document, so
 * numbers have no duplicates and no gaps under any concurrency.
 */
export const serie = pgTable(
  'serie',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    // The seed's document type id (1003 factura, 1004 boleta, 1005/1006 notas, 1007 GRE remitente, 1008 nota de venta, 3005 GRE transportista).
    idTipoDocumento: integer('id_tipo_documento').notNull(),
    serie: varchar('serie', { length: 4 }).notNull(),
    // Origin: 1 Sunat, 2 Ventas, 3 Otros.
    tipoSerie: smallint('tipo_serie').notNull().default(1),
    descripcion: varchar('descripcion', { length: 150 }),
    // Notes: the type of document they modify (1003 facturas, 1004 boletas).
    idTipoDocumentoReferencia: integer('id_tipo_documento_referencia'),
    correlativo: integer('correlativo').notNull().default(0),
    ...auditoria,
  },
  (t) => [
    // One live series code per company and document type (SUNAT numbers per RUC, type and series).
    uniqueIndex('serie_empresa_tipo_serie_uq').on(t.idEmpresa, t.idTipoDocumento, t.serie).where(sql`${t.logEstado} = 1`),
    index('serie_empresa_sucursal_ix').on(t.idEmpresa, t.idSucursal),
    check('serie_tipo_serie_ck', sql`${t.tipoSerie} in (1, 2, 3)`),
    check('serie_correlativo_ck', sql`${t.correlativo} between 0 and 99999999`),
  ],
);
