import { sql } from 'drizzle-orm';
import {
  boolean, char, check, customType, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal } from '../../db/schema';
import { serie } from '../entidades/series/series.schema';
// Cost centres are finance's master data.
import { centroCosto } from '../finanzas/finanzas.schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });
// Unit values and quantities: SUNAT allows up to 10 decimals.
const decimal10 = (nombre: string) => numeric(nombre, { precision: 22, scale: 10 });

/**
 * SUNAT settings of a company. The .pfx, its password and the SOL credentials are stored encrypted (AES-256-GCM,
 * key from YUPANA_CLAVE_CIFRADO): iv(12) | tag(16) | ciphertext. Only the certificate's subject, issuer and
 * validity are kept in clear, to show them.
 */
export const empresaSunat = pgTable(
  'empresa_sunat',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id).unique(),
    // SIMULADOR (local stand-in), BETA, PRODUCCION, OSE.
    ambiente: varchar('ambiente', { length: 12 }).notNull().default('SIMULADOR'),
    urlOse: varchar('url_ose', { length: 300 }),
    certificadoCifrado: bytea('certificado_cifrado'),
    claveCertificadoCifrada: bytea('clave_certificado_cifrada'),
    usuarioSolCifrado: bytea('usuario_sol_cifrado'),
    claveSolCifrada: bytea('clave_sol_cifrada'),
    certSujeto: varchar('cert_sujeto', { length: 500 }),
    certEmisor: varchar('cert_emisor', { length: 500 }),
    certValidoDesde: instante('cert_valido_desde'),
    certValidoHasta: instante('cert_valido_hasta'),
    // Designated by SUNAT as agente de retención del IGV from this date (its resolution's effective date); null: not
    // an agent. Supplier payments on or after it withhold 3 % and issue a comprobante de retención (issue 14).
    agenteRetencionDesde: date('agente_retencion_desde', { mode: 'string' }),
    ...auditoria,
  },
  (t) => [check('empresa_sunat_ambiente_ck', sql`${t.ambiente} in ('SIMULADOR', 'BETA', 'PRODUCCION', 'OSE')`)],
);

/**
 * Invoice-template settings of a company: default print format, extra text printed under the legend, and the logo
 * (PNG or JPEG bytes, stored in the row like the document files).
 */
export const plantillaComprobante = pgTable(
  'plantilla_comprobante',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id).unique(),
    formato: varchar('formato', { length: 6 }).notNull().default('A4'),
    textoAdicional: varchar('texto_adicional', { length: 500 }),
    logo: bytea('logo'),
    logoTipo: varchar('logo_tipo', { length: 20 }),
    ...auditoria,
  },
  (t) => [check('plantilla_comprobante_formato_ck', sql`${t.formato} in ('A4', 'TICKET')`)],
);

/** Billing parameters of a company (seed "Billing parameter"); a parameter without a row has the catalogue's default. */
export const parametroEntidad = pgTable(
  'parametro_entidad',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idParametro: integer('id_parametro').notNull(),
    idDominio: integer('id_dominio'),
    tipo: smallint('tipo').notNull(),
    valor: varchar('valor', { length: 500 }).notNull(),
    auxiliar1: varchar('auxiliar1', { length: 500 }),
    auxiliar2: varchar('auxiliar2', { length: 500 }),
    auxiliar3: varchar('auxiliar3', { length: 500 }),
    ...auditoria,
  },
  (t) => [uniqueIndex('parametro_entidad_uq').on(t.idEmpresa, t.idParametro)],
);

/**
 * An issued document (tax or internal). Stores what the sending worker needs (signed XML byte-exact, hash, status,
 * SUNAT's answer and CDR) and what the listing filters on. `datos` keeps the engine's input JSON, from which the
 * PDF and the resumen diario line are rebuilt with the same totals.
 */
export const documentoContable = pgTable(
  'documento_contable',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    idSerie: integer('id_serie').notNull().references(() => serie.id),
    idTipoDocumento: integer('id_tipo_documento').notNull(),
    // Issuer RUC as signed into the XML (a demo company without RUC issues with a demo RUC, to the simulator only).
    rucEmisor: varchar('ruc_emisor', { length: 11 }),
    // SUNAT catálogo 01 code (01, 03, 07, 08, 09, 31); null for internal documents (nota de venta).
    codigoTipo: char('codigo_tipo', { length: 2 }),
    serie: varchar('serie', { length: 4 }).notNull(),
    correlativo: integer('correlativo').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    horaEmision: varchar('hora_emision', { length: 8 }).notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
    idMoneda: smallint('id_moneda').notNull(),
    idCondicionPago: smallint('id_condicion_pago').notNull(),
    // Receiver, copied at issue time (the document must not change when the customer record does).
    idEntidadReceptor: integer('id_entidad_receptor'),
    receptorIdTipoDocumento: smallint('receptor_id_tipo_documento').notNull(),
    receptorNumeroDocumento: varchar('receptor_numero_documento', { length: 15 }).notNull(),
    receptorRazonSocial: varchar('receptor_razon_social', { length: 250 }).notNull(),
    receptorDireccion: varchar('receptor_direccion', { length: 250 }),
    receptorCorreo: varchar('receptor_correo', { length: 150 }),
    montoSubTotal: dinero('monto_sub_total').notNull(),
    montoIgv: dinero('monto_igv').notNull(),
    montoIsc: dinero('monto_isc').notNull(),
    icbper: dinero('icbper').notNull(),
    otrosCargos: dinero('otros_cargos').notNull(),
    descuentosGlobales: dinero('descuentos_globales').notNull(),
    montoTotal: dinero('monto_total').notNull(),
    valorIgv: numeric('valor_igv', { precision: 5, scale: 2 }).notNull(),
    observaciones: varchar('observaciones', { length: 500 }),
    datos: jsonb('datos').notNull(),
    // The file base name SUNAT expects: RUC-TT-SERIE-NUMERO.
    nombreArchivo: varchar('nombre_archivo', { length: 60 }),
    xmlFirmado: bytea('xml_firmado'),
    hash: varchar('hash', { length: 64 }),
    textoQr: text('texto_qr'),
    // Tax-authority status (seed §4): 1 pending ... 8 internal, 10 voided.
    idEstadoSunat: smallint('id_estado_sunat').notNull(),
    codigoSunat: varchar('codigo_sunat', { length: 10 }),
    mensajeSunat: text('mensaje_sunat'),
    notasSunat: jsonb('notas_sunat').$type<string[]>(),
    cdr: bytea('cdr'),
    fechaRespuestaSunat: instante('fecha_respuesta_sunat'),
    // Notes: the document they modify.
    idDocumentoAfectado: integer('id_documento_afectado'),
    // The cost centre of its sales income (70) given at the issue; null: the branch's (sucursal.id_centro_costo) or none.
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: instante('fecha_anulacion'),
    motivoAnulacion: varchar('motivo_anulacion', { length: 100 }),
    claveIdempotencia: varchar('clave_idempotencia', { length: 100 }),
    // SHA-256 of the request that used the key (lib/idempotencia.ts): the same key with another body is a 422.
    huellaSolicitud: varchar('huella_solicitud', { length: 64 }),
    ...auditoria,
  },
  (t) => [
    // The legal identity of a document: never two with the same number.
    uniqueIndex('documento_contable_numero_uq').on(t.idEmpresa, t.idTipoDocumento, t.serie, t.correlativo),
    uniqueIndex('documento_contable_idempotencia_uq').on(t.idEmpresa, t.claveIdempotencia).where(sql`${t.claveIdempotencia} is not null`),
    // Listing: newest first inside a company, optionally by status or by type.
    index('documento_contable_empresa_fecha_ix').on(t.idEmpresa, t.fechaEmision.desc(), t.id.desc()),
    // The listing filtered by document type, newest first (bench:list): page and capped count read the index alone.
    index('documento_contable_empresa_tipo_fecha_ix').on(t.idEmpresa, t.idTipoDocumento, t.fechaEmision.desc(), t.id.desc()),
    index('documento_contable_empresa_estado_ix').on(t.idEmpresa, t.idEstadoSunat, t.fechaEmision.desc()),
    index('documento_contable_empresa_serie_ix').on(t.idEmpresa, t.serie, t.correlativo),
    index('documento_contable_empresa_receptor_ix').on(t.idEmpresa, t.receptorNumeroDocumento),
    index('documento_contable_empresa_entidad_ix').on(t.idEmpresa, t.idEntidadReceptor),
    index('documento_contable_afectado_ix').on(t.idDocumentoAfectado),
    check('documento_contable_estado_ck', sql`${t.idEstadoSunat} between 1 and 10`),
    check('documento_contable_correlativo_ck', sql`${t.correlativo} between 1 and 99999999`),
  ],
);

/** Lines of a document, with the amounts the engine computed. */
export const documentoContableItem = pgTable(
  'documento_contable_item',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idDocumento: integer('id_documento').notNull().references(() => documentoContable.id),
    item: smallint('item').notNull(),
    idItem: integer('id_item'),
    codigoItem: varchar('codigo_item', { length: 30 }),
    itemDescripcion: varchar('item_descripcion', { length: 500 }).notNull(),
    codigoUnidad: varchar('codigo_unidad', { length: 3 }).notNull(),
    cantidad: decimal10('cantidad').notNull(),
    valorUnitario: decimal10('valor_unitario').notNull(),
    precioUnitario: decimal10('precio_unitario').notNull(),
    descuento: dinero('descuento').notNull(),
    tipoAfectacion: char('tipo_afectacion', { length: 2 }).notNull(),
    subTotal: dinero('sub_total').notNull(),
    igv: dinero('igv').notNull(),
    isc: dinero('isc').notNull(),
    icbper: dinero('icbper').notNull(),
    total: dinero('total').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('documento_contable_item_uq').on(t.idDocumento, t.item)],
);
