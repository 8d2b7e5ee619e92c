import { sql } from 'drizzle-orm';
import { boolean, check, date, customType, index, integer, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';
import { serie } from '../entidades/series/series.schema';
import { envioLote } from '../contabilidad/envio/envio.schema';
import { pago } from './cuentas-por-pagar.schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });

/**
 * A comprobante de retención electrónico (CRE, SUNAT tipo 20) the company issued as retention agent: one per supplier
 * payment that withheld IGV, written in the payment's transaction with its number taken from its series (R###, type
 * 1020, row lock like every series), its signed XML and, once sent, SUNAT's CDR. Amounts in soles.
 */
export const comprobanteRetencion = pgTable(
  'comprobante_retencion',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    idSerie: integer('id_serie').notNull().references(() => serie.id),
    idPago: integer('id_pago').notNull().references(() => pago.id),
    serie: varchar('serie', { length: 4 }).notNull(),
    numero: integer('numero').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    rucProveedor: varchar('ruc_proveedor', { length: 11 }).notNull(),
    razonSocialProveedor: varchar('razon_social_proveedor', { length: 250 }).notNull(),
    tasa: numeric('tasa', { precision: 5, scale: 2 }).notNull(),
    totalRetenido: dinero('total_retenido').notNull(),
    totalPagado: dinero('total_pagado').notNull(),
    // EstadoSunat (1 pendiente de envío, 4 enviado sin respuesta, 2 aceptado, 3 observado, 5 rechazado, 7 erróneo,
    // 11 en reversión, 12 revertido). Sent by the job envio.retencion (finanzas/retenciones-envio.ts).
    idEstadoSunat: smallint('id_estado_sunat').notNull().default(1),
    codigoSunat: varchar('codigo_sunat', { length: 10 }),
    mensajeSunat: varchar('mensaje_sunat', { length: 500 }),
    xmlFirmado: text('xml_firmado').notNull(),
    hash: varchar('hash', { length: 100 }),
    cdr: bytea('cdr'),
    // Its payment was voided (the CRE still needs SUNAT's reversión if it had been accepted).
    anulado: boolean('anulado').notNull().default(false),
    // The resumen de reversiones (envio_lote tipo RR) written when its payment was voided after SUNAT accepted it.
    idLoteReversion: integer('id_lote_reversion').references(() => envioLote.id),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('comprobante_retencion_numero_uq').on(t.idEmpresa, t.serie, t.numero),
    uniqueIndex('comprobante_retencion_pago_uq').on(t.idPago),
    index('comprobante_retencion_empresa_fecha_ix').on(t.idEmpresa, t.fechaEmision, t.id),
    check('comprobante_retencion_montos_ck', sql`${t.totalRetenido} > 0 and ${t.totalPagado} > 0`),
  ],
);

/** One document a CRE lists: the purchase, its payment number, what was paid (document's currency) and retained (soles). */
export const comprobanteRetencionDetalle = pgTable(
  'comprobante_retencion_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idComprobante: integer('id_comprobante').notNull().references(() => comprobanteRetencion.id),
    idCompra: integer('id_compra').notNull(),
    tipoDocumento: varchar('tipo_documento', { length: 2 }).notNull(),
    serie: varchar('serie', { length: 4 }).notNull(),
    numero: integer('numero').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    idMoneda: smallint('id_moneda').notNull(),
    totalDocumento: dinero('total_documento').notNull(),
    numeroPago: integer('numero_pago').notNull(),
    importePagado: dinero('importe_pagado').notNull(),
    tipoCambio: numeric('tipo_cambio', { precision: 10, scale: 6 }),
    retenido: dinero('retenido').notNull(),
    netoPagado: dinero('neto_pagado').notNull(),
    ...auditoria,
  },
  (t) => [index('comprobante_retencion_detalle_ix').on(t.idComprobante), index('comprobante_retencion_detalle_compra_ix').on(t.idEmpresa, t.idCompra)],
);
