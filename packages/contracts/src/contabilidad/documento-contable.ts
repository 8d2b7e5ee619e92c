import { z } from '../zod-es';
import { MAX_ID, ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';
import { ZIdTipoDocumentoContable } from './catalogos';
import { TipoDocumentoIdentidad, validarDocumentoIdentidad } from '../entidades/documento-identidad';

/**
 * Issuing contract: POST /api/contabilidad/v1/documentoContable with the seed's Accounting document fields.
 * Money and quantities travel as decimal text ("118.00", up to 10 decimals for unit values); numbers are
 * accepted and converted to text, never computed as floats.
 */
// SUNAT's formats: quantities and unit values n(12,10), amounts n(12,2). Amounts beyond n(12,2) once multiplied
// (quantity x price, the document's total) are refused by the totals (packages/sunat calcularTotales).
const ZDecimalTexto = (campo: string, decimales = 10) => ZDecimal(campo, { enteros: 12, decimales });

const ZFechaIso = z.string({ error: 'Indique la fecha' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD');

export const ZItemDocumento = z.object({
  IdItem: ZId.optional().describe('Item of the catalogue, when it comes from one'),
  // SUNAT 4269: 1-30 characters; hyphens and spaces are fine, line breaks and tabs are not.
  CodigoItem: textoPermitido(z.string().trim().max(30, 'Máximo 30 caracteres')).regex(/^[^\t\n\r\u0085\u2028\u2029]*$/, 'El código de producto no admite saltos de línea ni tabulaciones').optional(),
  ItemDescripcion: ZTexto(500, { min: 1, mensajeMin: 'Indique la descripción' }),
  CodigoUnidad: z.string().trim().max(3).default('NIU').describe('SUNAT catálogo 03 (NIU bienes, ZZ servicios)'),
  Cantidad: ZDecimalTexto('Cantidad').refine((v) => /[1-9]/.test(v), 'La cantidad debe ser mayor que cero'),
  PrecioUnitario: ZDecimalTexto('Precio unitario').optional().describe('Unit price WITH IGV (final price)'),
  ValorUnitario: ZDecimalTexto('Valor unitario').optional().describe('Unit value WITHOUT IGV'),
  Descuento: ZDecimalTexto('Descuento', 2).optional().describe('Line discount amount (catálogo 53 code 00)'),
  TipoAfectacion: z.string().regex(/^\d{2}$/, 'Tipo de afectación del IGV (catálogo 07)').default('10'),
  PorcentajeIgv: ZDecimalTexto('Porcentaje de IGV', 2).optional(),
  ICBPER: z.boolean().optional().describe('Plastic bag tax applies (per unit, S/ 0.50)'),
  CodigoProductoSunat: z.string().regex(/^\d{8}$/, 'Código UNSPSC de 8 dígitos').optional(),
  CodigoLote: ZTexto(30).optional().describe('Lot the sale takes (else FEFO); the lot a return puts back'),
  Series: z.array(ZTexto(60, { min: 1, mensajeMin: 'Ingrese la serie' })).max(1000, 'Máximo 1000 series por ítem').optional().describe('Serials sold or returned'),
  IdAlmacen: ZId.optional(),
  IdInventario: ZId.optional(),
  IdUnidad: ZId.optional(),
});
export type TItemDocumento = z.infer<typeof ZItemDocumento>;

/** Document entity link: TipoEntidad 1 issuer, 2 receiver, 3 collaborator. The receiver travels inline. */
export const ZEntidadDocumento = z.object({
  IdEntidad: ZId.optional(),
  TipoEntidad: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Tipo de entidad: 1 emisor, 2 receptor, 3 colaborador' }),
  IdTipoDocumento: z.number({ error: 'Indique el tipo de documento' }).int().min(1, 'Tipo de documento no válido').max(12, 'Tipo de documento no válido'),
  NumeroDocumento: z.string({ error: 'Indique el número de documento' }).trim().max(15, 'Máximo 15 caracteres'),
  RazonSocial: ZTexto(250, { min: 1, mensajeMin: 'Indique la razón social o nombre' }),
  Direccion: ZTexto(250).optional(),
  IdUbigeo: z.string().regex(/^\d{6}$/, 'Ubigeo de 6 dígitos').optional(),
  CorreoEntidadReceptor: z.union([z.literal(''), z.email('Correo no válido')]).optional(),
  Telefono: ZTexto(30).optional(),
});
export type TEntidadDocumento = z.infer<typeof ZEntidadDocumento>;

export const ZCuotaDocumento = z.object({
  Monto: ZDecimalTexto('Monto', 2),
  FechaVencimiento: ZFechaIso,
});

/** Affected document of a credit/debit note: by id (preferred) or by series and number. */
export const ZReferenciaDocumento = z.object({
  IdDocumentoReferencia: ZId.optional(),
  IdTipoDocumento: ZIdTipoDocumentoContable.optional(),
  Serie: z.string().regex(/^[A-Z0-9]{4}$/, 'Serie de 4 caracteres').optional(),
  Correlativo: ZEntero({ min: 1, max: 99_999_999, mensaje: 'Número no válido' }).optional(),
  CodigoMotivo: z.string().regex(/^\d{2}$/, 'Motivo de la nota (catálogo 09 o 10)'),
  DescripcionMotivo: ZTexto(250, { min: 1, mensajeMin: 'Indique el sustento de la nota' }),
});

const ZPunto = z.object({
  IdUbigeo: z.string({ error: 'Indique el ubigeo' }).regex(/^\d{6}$/, 'Ubigeo de 6 dígitos'),
  Direccion: ZTexto(200, { min: 1, mensajeMin: 'Indique la dirección' }),
  RucAsociado: z.string().regex(/^\d{11}$/, 'RUC de 11 dígitos').optional(),
  CodigoEstablecimiento: z.string().regex(/^\d{4}$/, 'Código de 4 dígitos').optional(),
});

export const PATRON_PLACA = /^[A-Z0-9]{3}-?[A-Z0-9]{3}$/;
export const ZConductorTraslado = z
  .object({
    IdTipoDocumento: z.number().int().min(1).max(12),
    NumeroDocumento: z.string().trim().min(1).max(15),
    Nombres: ZTexto(250, { min: 1, mensajeMin: 'Indique los nombres' }),
    Apellidos: ZTexto(250, { min: 1, mensajeMin: 'Indique los apellidos' }),
    Licencia: z.string().trim().min(9, 'Licencia de 9 a 10 caracteres').max(10, 'Licencia de 9 a 10 caracteres'),
  })
  .superRefine((c, ctx) => {
    // The same §5 rules as any customer's document (a DNI of 8 digits...); a driver always has one.
    const error = c.IdTipoDocumento === TipoDocumentoIdentidad.SIN_DOCUMENTO ? 'El conductor debe tener un documento de identidad' : validarDocumentoIdentidad(c.IdTipoDocumento, c.NumeroDocumento);
    if (error) ctx.addIssue({ code: 'custom', path: ['NumeroDocumento'], message: error });
  });

/** Dispatch guide (GRE) fields of the seed: points, transfer date, reason, mode, carrier and vehicles. */
export const ZDatosTraslado = z.object({
  PuntoPartida: ZPunto,
  PuntoLlegada: ZPunto,
  FechaTraslado: ZFechaIso,
  MotivoTraslado: z.string().regex(/^\d{2}$/, 'Motivo de traslado (catálogo 20)').default('01'),
  DescripcionMotivo: ZTexto(100).optional(),
  ModalidadTraslado: z.enum(['01', '02'], { error: 'Modalidad: 01 transporte público, 02 transporte privado' }).default('02'),
  PesoBrutoTotal: ZDecimalTexto('Peso bruto', 3),
  UnidadPeso: z.enum(['KGM', 'TNE']).default('KGM'),
  NumeroBultos: ZEntero({ min: 1, max: 999_999 }).optional(),
  /** Only for public transport (modalidad 01). */
  RucTransportista: z.string().regex(/^\d{11}$/, 'RUC de 11 dígitos').optional(),
  RazonSocialTransportista: ZTexto(250).optional(),
  RegistroMtc: ZTexto(20).optional(),
  /** Plate 'ABC123 O ABC-123'. */
  Placas: z.array(z.string().trim().toUpperCase().regex(PATRON_PLACA, 'ABC123 O ABC-123')).max(3).optional(),
  /** GRE transportista: the shipper (remitente). */
  Remitente: z
    .object({ IdTipoDocumento: z.number().int().min(1).max(12), NumeroDocumento: z.string().trim().max(15), RazonSocial: ZTexto(250, { min: 1 }) })
    .optional(),
  PagadorFlete: z.enum(['Remitente', 'Subcontratador', 'Tercero']).optional(),
  Tuc: ZTexto(15).optional().describe('Certificado de habilitación vehicular (GRE transportista)'),
});

export const ZDocumentoContableCrear = z.object({
  IdTipoDocumento: ZIdTipoDocumentoContable,
  IdSerie: ZEntero({ min: 1, max: MAX_ID, mensaje: 'Seleccione la serie' }),
  IdMoneda: z.union([z.literal(1), z.literal(2)], { error: 'Moneda: 1 soles o 2 dólares' }).default(1),
  IdCondicionPago: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Condición de pago no válida' }).default(1),
  FechaEmision: ZFechaIso,
  FechaVencimiento: ZFechaIso.optional(),
  Observaciones: ZTexto(500).optional(),
  ListaItems: z.array(ZItemDocumento).min(1, 'Agregue al menos un ítem').max(500, 'Máximo 500 ítems'),
  ListaEntidades: z.array(ZEntidadDocumento).max(5).default([]),
  ListaCuotas: z.array(ZCuotaDocumento).max(60).default([]),
  ListaReferencias: z.array(ZReferenciaDocumento).max(1).default([]),
  /** Canje: the nota de venta this factura or boleta documents for SUNAT (its stock and dues stay with it, moved once). */
  IdDocumentoOrigen: ZId.optional(),
  /** Cost centre of the document's sales income (70) in its entry; absent: the branch's default centre, if any. */
  IdCentroCosto: ZId.nullish(),
  /** Detracción, when the operation is subject to it (catálogo 54 code, percentage, Banco de la Nación account). */
  Detraccion: z
    .object({
      CodigoBien: z.string().regex(/^\d{3}$/, 'Código de bien o servicio (catálogo 54)'),
      Porcentaje: ZDecimalTexto('Porcentaje', 2),
      CuentaBancoNacion: z.string().regex(/^[\d-]{5,30}$/, 'Cuenta del Banco de la Nación'),
    })
    .optional(),
  Traslado: ZDatosTraslado.optional(),
  /** GRE, private transport (and GRE transportista): drivers, the first is the main one. */
  ListaConductores: z.array(ZConductorTraslado).max(3).default([]),
});
export type TDocumentoContableCrear = z.input<typeof ZDocumentoContableCrear>;
export type TDocumentoContableCrearParseado = z.infer<typeof ZDocumentoContableCrear>;

export const ZDocumentoContableCreado = z.object({
  Id: z.number().int(),
  IdTipoDocumento: z.number().int(),
  Serie: z.string(),
  Correlativo: z.number().int(),
  SerieNumero: z.string().describe('F001-00000001'),
  IdestadoSunat: z.number().int(),
  MontoTotal: z.string(),
  Hash: z.string().nullable(),
});
export type TDocumentoContableCreado = z.infer<typeof ZDocumentoContableCreado>;

export const ZDocumentoContableParams = z.object({ id: ZId });
export const ZArchivoParams = z.object({ id: ZId, TipoArchivo: ZEntero().refine((n) => [1, 2, 3].includes(n), 'Tipo de archivo: 1 PDF, 2 XML, 3 CDR') });
/** TICKET is the 80 mm roll, TICKET58 the 58 mm one. */
export const ZArchivoQuery = z.object({ formato: z.enum(['A4', 'TICKET', 'TICKET58']).optional() });
/** The ticket as ESC/POS commands for a thermal printer: roll width and whether to open the cash drawer. */
export const ZTicketEscPosQuery = z.object({
  ancho: z.enum(['80', '58'], { error: 'Ancho del rollo: 80 o 58 mm' }).default('80').transform((v) => (v === '58' ? 58 : 80) as 80 | 58),
  cajon: z.enum(['0', '1'], { error: 'Cajón: 0 o 1' }).default('0').transform((v) => v === '1'),
});

export const ZLineaDocumento = z.object({
  Item: z.number().int(),
  CodigoItem: z.string().nullable(),
  ItemDescripcion: z.string(),
  CodigoUnidad: z.string(),
  Cantidad: z.string(),
  ValorUnitario: z.string(),
  PrecioUnitario: z.string(),
  Descuento: z.string(),
  TipoAfectacion: z.string(),
  SubTotal: z.string(),
  IGV: z.string(),
  ICBPER: z.string(),
  Total: z.string(),
});

/** A party of a guide as it travels in the XML: SUNAT's identity code (catálogo 06) and its short name ("RUC", "DNI"). */
const ZParteGuia = z.object({ CodigoTipoDocumento: z.string(), TipoDocumento: z.string(), NumeroDocumento: z.string(), Nombre: z.string() });
/** A start or arrival point with the INEI district's names. */
const ZPuntoGuia = z.object({
  IdUbigeo: z.string(),
  Departamento: z.string().nullable(),
  Provincia: z.string().nullable(),
  Distrito: z.string().nullable(),
  Direccion: z.string(),
  /** SUNAT's establishment code (AddressTypeCode), e.g. on a transfer between the company's own branches (motivo 04). */
  CodigoEstablecimiento: z.string().nullable(),
});

/** The transport data of a guide (GRE 09 remitente, 31 transportista), read from what was signed. */
export const ZGuiaDocumento = z.object({
  FechaInicioTraslado: z.string(),
  Motivo: z.object({ Codigo: z.string(), Descripcion: z.string() }).nullable().describe('Catálogo 20 (GRE remitente only)'),
  Modalidad: z.object({ Codigo: z.string(), Descripcion: z.string() }).nullable().describe('Catálogo 18 (GRE remitente only)'),
  PesoBrutoTotal: z.string(),
  UnidadPeso: z.string(),
  NumeroBultos: z.number().int().nullable(),
  PuntoPartida: ZPuntoGuia,
  PuntoLlegada: ZPuntoGuia,
  Destinatario: ZParteGuia,
  Remitente: ZParteGuia.nullable().describe('GRE transportista: the shipper'),
  Transportista: z.object({ Ruc: z.string(), RazonSocial: z.string(), RegistroMtc: z.string().nullable() }).nullable().describe('GRE remitente, public transport'),
  RegistroMtc: z.string().nullable().describe('GRE transportista: the issuing carrier\'s MTC registration'),
  PagadorFlete: z.string().nullable(),
  Vehiculos: z.array(z.object({ Placa: z.string(), Tuc: z.string().nullable() })),
  Conductores: z.array(z.object({ CodigoTipoDocumento: z.string(), TipoDocumento: z.string(), NumeroDocumento: z.string(), Nombres: z.string(), Apellidos: z.string(), Licencia: z.string() })),
  DocumentosRelacionados: z.array(z.object({ CodigoTipoDocumento: z.string(), TipoDocumento: z.string(), Numero: z.string(), RucEmisor: z.string() })),
});
export type TGuiaDocumento = z.infer<typeof ZGuiaDocumento>;

export const ZDocumentoContable = z.object({
  Id: z.number().int(),
  IdEmpresa: z.number().int(),
  IdSucursal: z.number().int(),
  IdTipoDocumento: z.number().int(),
  CodigoTipoDocumento: z.string().nullable(),
  IdSerie: z.number().int(),
  Serie: z.string(),
  CorrelativoDocumento: z.number().int(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  FechaVencimiento: z.string().nullable(),
  IdMoneda: z.number().int(),
  IdCondicionPago: z.number().int(),
  MontoSubTotal: z.string(),
  MontoIGV: z.string(),
  MontoISC: z.string(),
  Icbper: z.string(),
  OtrosCargos: z.string(),
  DescuentosGlobales: z.string(),
  MontoTotal: z.string(),
  ValorIGV: z.string().describe('IGV rate in percent'),
  Observaciones: z.string().nullable(),
  IdestadoSunat: z.number().int(),
  CodigoSunat: z.string().nullable(),
  MensajeSunat: z.string().nullable(),
  NotasSunat: z.array(z.string()),
  Hash: z.string().nullable(),
  TextoQr: z.string().nullable(),
  Anulado: z.boolean(),
  AnulacionEnCurso: z.boolean().describe('A void was sent to SUNAT (baja or resumen) and has no answer yet'),
  IdDocumentoAfectado: z.number().int().nullable(),
  SerieNumeroAfectado: z.string().nullable(),
  /** A nota de venta: the factura or boleta in force that canjea it (null when none). */
  CanjeadoPor: z.object({ Id: z.number().int(), SerieNumero: z.string() }).nullable().optional(),
  Receptor: z.object({
    IdEntidad: z.number().int().nullable(),
    IdTipoDocumento: z.number().int(),
    NumeroDocumento: z.string(),
    RazonSocial: z.string(),
    Direccion: z.string().nullable(),
    CorreoEntidadReceptor: z.string().nullable(),
  }),
  ListaItems: z.array(ZLineaDocumento),
  ListaCuotas: z.array(z.object({ Monto: z.string(), FechaVencimiento: z.string() })),
  ListaArchivos: z.array(z.object({ TipoArchivo: z.number().int(), Nombre: z.string() })),
  /** Guides only (null otherwise): their transport data; a guide has no prices, IGV, totals or payment condition. */
  Guia: ZGuiaDocumento.nullable(),
  LogFechacrea: z.string(),
});
export type TDocumentoContable = z.infer<typeof ZDocumentoContable>;

/** GET /api/contabilidad/v1/entidades/{id}/emisiones: documents issued to one customer. */
export const ZEmisionesQuery = z.object({
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
});
