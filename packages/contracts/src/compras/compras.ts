import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';
import { esRucValido } from '../ruc';
import { CamposLoteSerie } from '../logistica/inventario';
import { ZFechaFinanzas, TramosAntiguedad, ZCobroCrear, ZResumenAntiguedad, ZSaldoAFavorAplicar } from '../finanzas/finanzas';

/**
 * Purchases (issue 13) and payables (issue 14): the supplier's document with its lines into warehouses, its import
 * from the supplier's UBL XML, the payable dues with aging, and the payments to suppliers.
 */

/** Supplier documents a purchase registers (SUNAT catálogo 01). */
export const TiposDocumentoCompra = {
  '01': 'Factura',
  '03': 'Boleta de venta',
  '04': 'Liquidación de compra',
  '07': 'Nota de crédito',
  '08': 'Nota de débito',
} as const;
export type TTipoDocumentoCompra = keyof typeof TiposDocumentoCompra;
/** IGV affectations of a purchase line (catálogo 07). */
export const AfectacionesCompra = { '10': 'Gravado', '20': 'Exonerado', '30': 'Inafecto' } as const;
/** IGV percepción rates (Ley 29173 and its appendix): 2 % general, 1 % when the buyer is identified in some operations, 0.5 % when the buyer is itself a percepción agent. */
export const PorcentajesPercepcion = ['2', '1', '0.5'] as const;
/** Payment status of a purchase (spec §4: 1 pending, 3 partially paid, 4 paid, 7 annulled). */
export const EstadosPagoCompra = { 1: 'Pendiente', 3: 'Pagado parcialmente', 4: 'Pagado', 7: 'Anulado' } as const;

const ZPaginacion = { pagina: ZEntero({ min: 1, max: 100000 }).default(1), regxpag: ZEntero({ min: 1, max: 100 }).default(20) };
const ZPositivo = (campo: string, enteros: number, decimales: number) =>
  ZDecimal(campo, { enteros, decimales }).refine((v) => /[1-9]/.test(v), `${campo}: debe ser mayor que cero`);

export const ZCompraLinea = z.object({
  IdItem: ZId,
  IdAlmacen: ZId,
  Descripcion: ZTexto(500).optional(),
  Cantidad: ZPositivo('Cantidad', 12, 10),
  /** A presentation of the item (catálogo 03 code, e.g. BX): the line enters factor x Cantidad base units. */
  CodigoUnidad: textoPermitido(z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,3}$/, 'Código de unidad: de 2 a 3 letras o dígitos')).optional(),
  ValorUnitario: ZDecimal('Valor unitario', { enteros: 12, decimales: 10 }),
  AfectacionIgv: z.enum(Object.keys(AfectacionesCompra) as ['10', '20', '30'], { error: 'Afectación del IGV: 10 gravado, 20 exonerado o 30 inafecto' }).default('10'),
  ...CamposLoteSerie,
});
/** The purchase a note (07 credit, 08 debit) modifies: one of the same supplier's purchases (factura, boleta, liquidación). */
export const ZCompraReferencia = z.object({
  TipoDocumento: z.enum(['01', '03', '04'], { error: 'Documento que modifica: tipo 01, 03 o 04' }),
  Serie: textoPermitido(z.string({ error: 'Indique la serie del documento que modifica' }).trim().toUpperCase().regex(/^[A-Z0-9]{1,4}$/, 'Serie del documento que modifica: de 1 a 4 letras o dígitos')),
  Numero: ZEntero({ min: 1, max: 99999999, mensaje: 'Número del documento que modifica: de 1 a 99999999' }),
});
export type TCompraReferencia = z.infer<typeof ZCompraReferencia>;
export const ZCompraGuardar = z
  .object({
    RucProveedor: textoPermitido(z.string({ error: 'Indique el RUC del proveedor' }).trim()).refine((v) => esRucValido(v), 'RUC del proveedor no válido'),
    RazonSocialProveedor: ZTexto(250).optional(),
    TipoDocumento: z.enum(Object.keys(TiposDocumentoCompra) as ['01', '03', '04', '07', '08'], { error: 'Tipo de documento: 01, 03, 04, 07 u 08' }),
    Serie: textoPermitido(z.string({ error: 'Indique la serie' }).trim().toUpperCase().regex(/^[A-Z0-9]{1,4}$/, 'Serie: de 1 a 4 letras o dígitos')),
    Numero: ZEntero({ min: 1, max: 99999999, mensaje: 'Número: de 1 a 99999999' }),
    FechaEmision: ZFechaFinanzas('la fecha de emisión'),
    FechaVencimiento: ZFechaFinanzas('la fecha de vencimiento').optional(),
    IdMoneda: z.union([z.literal(1), z.literal(2)], { error: 'Moneda: 1 soles o 2 dólares' }).default(1),
    IdCondicionPago: z.union([z.literal(1), z.literal(2)], { error: 'Condición: 1 contado o 2 crédito' }).default(1),
    Cuotas: z
      .array(z.object({ Monto: ZPositivo('Monto', 12, 2), FechaVencimiento: ZFechaFinanzas('el vencimiento de la cuota') }))
      .max(60, 'Máximo 60 cuotas')
      .default([]),
    Observacion: ZTexto(250).optional(),
    Origen: z.enum(['M', 'X']).default('M'),
    /** Only for a note (07, 08): the purchase it modifies. A credit note on a crédito purchase lowers its dues. */
    Referencia: ZCompraReferencia.optional(),
    /**
     * A factura subject to the SPOT (detracción, RS 183-2004/SUNAT): the company deposits Monto (document currency) into
     * the supplier's Banco de la Nación account, and pays the supplier the rest. Its own due, settled by the deposit.
     */
    Detraccion: z
      .object({
        CodigoBien: textoPermitido(z.string({ error: 'Indique el bien o servicio sujeto a detracción' }).trim().regex(/^\d{3}$/, 'Bien o servicio: código de 3 dígitos del catálogo 54')),
        Porcentaje: ZPositivo('Porcentaje de detracción', 3, 2),
        Monto: ZPositivo('Monto de la detracción', 12, 2),
      })
      .optional(),
    /** The supplier, a percepción agent (Ley 29173), charged the IGV percepción on top of the total: 2 %, 1 % or 0.5 %. */
    Percepcion: z
      .object({
        Porcentaje: z.enum(PorcentajesPercepcion, { error: 'Porcentaje de percepción: 2, 1 o 0.5' }),
        Monto: ZPositivo('Monto de la percepción', 12, 2),
      })
      .optional(),
    /** Cost centre the purchase (60) is posted to: one of the company's active centres (finance's master data). */
    IdCentroCosto: ZId.nullish().transform((v) => v ?? null),
    /** Totals the user saw (e.g. from the supplier's XML): when present they must match the computed ones. */
    TotalDeclarado: ZDecimal('Total declarado', { enteros: 12, decimales: 2 }).optional(),
    Lineas: z.array(ZCompraLinea, { error: 'Indique las líneas de la compra' }).min(1, 'Agregue al menos una línea').max(500, 'Máximo 500 líneas'),
  })
  .superRefine((v, ctx) => {
    if (v.IdCondicionPago === 2 && v.Cuotas.length === 0 && !v.FechaVencimiento)
      ctx.addIssue({ code: 'custom', path: ['FechaVencimiento'], message: 'Una compra al crédito necesita cuotas o una fecha de vencimiento' });
    if (v.Referencia && v.TipoDocumento !== '07' && v.TipoDocumento !== '08')
      ctx.addIssue({ code: 'custom', path: ['Referencia'], message: 'Solo una nota de crédito o de débito indica el documento que modifica' });
    if (v.Detraccion && v.TipoDocumento !== '01') ctx.addIssue({ code: 'custom', path: ['Detraccion'], message: 'Solo una factura lleva detracción' });
    if (v.Percepcion && v.TipoDocumento !== '01' && v.TipoDocumento !== '03')
      ctx.addIssue({ code: 'custom', path: ['Percepcion'], message: 'Solo una factura o una boleta lleva percepción' });
    if (v.FechaVencimiento && v.FechaVencimiento < v.FechaEmision)
      ctx.addIssue({ code: 'custom', path: ['FechaVencimiento'], message: 'El vencimiento no puede ser anterior a la emisión' });
    v.Cuotas.forEach((c, i) => {
      if (c.FechaVencimiento < v.FechaEmision) ctx.addIssue({ code: 'custom', path: ['Cuotas', i, 'FechaVencimiento'], message: 'La cuota vence antes de la emisión' });
    });
  });
export type TCompraGuardar = z.input<typeof ZCompraGuardar>;
export type TCompraGuardarParseada = z.output<typeof ZCompraGuardar>;

export const ZCompraDetalle = z.object({
  IdItem: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  IdAlmacen: z.number().int().nullable(),
  Almacen: z.string().nullable(),
  Cantidad: z.string(),
  ValorUnitario: z.string(),
  AfectacionIgv: z.string(),
  ValorVenta: z.string(),
  Igv: z.string(),
  Total: z.string(),
  CostoUnitarioSoles: z.string(),
});
export const ZCompra = z.object({
  Id: z.number().int(),
  RucProveedor: z.string(),
  RazonSocialProveedor: z.string(),
  TipoDocumento: z.string(),
  NombreTipoDocumento: z.string(),
  Serie: z.string(),
  Numero: z.number().int(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  FechaVencimiento: z.string().nullable(),
  IdMoneda: z.number().int(),
  TipoCambio: z.string(),
  IdCondicionPago: z.number().int(),
  OpGravada: z.string(),
  OpExonerada: z.string(),
  OpInafecta: z.string(),
  Igv: z.string(),
  Total: z.string(),
  TotalSoles: z.string(),
  Pagado: z.string(),
  Saldo: z.string(),
  IdEstadoPago: z.number().int().describe('1 pendiente, 3 pagado parcialmente, 4 pagado, 7 anulado'),
  EstadoPago: z.string(),
  Origen: z.string(),
  Observacion: z.string().nullable(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
  /** The cost centre its entry's purchase line (60) carries, with its code and name. */
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().nullable(),
  /** A note's modified purchase (null for other documents and notes registered without it). */
  Referencia: z
    .object({ IdCompra: z.number().int(), TipoDocumento: z.string(), Serie: z.string(), Numero: z.number().int(), SerieNumero: z.string(), FechaEmision: z.string() })
    .nullable(),
  /** The SPOT data the purchase was registered with (null when not subject to it). */
  Detraccion: z.object({ CodigoBien: z.string(), Porcentaje: z.string(), Monto: z.string() }).nullable(),
  /** The percepción the supplier charged (null when none): the payable is Total + Monto. */
  Percepcion: z.object({ Porcentaje: z.string(), Monto: z.string() }).nullable(),
  Detalle: z.array(ZCompraDetalle),
});
export type TCompra = z.infer<typeof ZCompra>;
export const ZComprasQuery = z.object({
  proveedor: ZTexto(100).default('').describe('RUC exact or part of the name'),
  fechainicio: ZFechaFinanzas('la fecha inicial').optional(),
  fechafin: ZFechaFinanzas('la fecha final').optional(),
  ...ZPaginacion,
});
export const ZCompras = z.object({ Data: z.array(ZCompra.omit({ Detalle: true })), Count: z.number().int() });
export const ZCompraAnular = z.object({ Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }) });

// ---- Import of the supplier's UBL XML ----
export const ZCompraXml = z.object({ Xml: z.string({ error: 'Adjunte el archivo XML' }).min(1, 'Adjunte el archivo XML').max(5_000_000, 'El XML no puede pasar de 5 MB') });
export const ZCompraXmlLinea = z.object({
  Codigo: z.string().nullable(),
  Descripcion: z.string(),
  Cantidad: z.string(),
  CodigoUnidad: z.string().nullable(),
  ValorUnitario: z.string(),
  AfectacionIgv: z.string(),
  Total: z.string(),
  /** The company's item matched by code (or exact description); null: the user must pick one. */
  IdItem: z.number().int().nullable(),
  ItemDescripcion: z.string().nullable(),
  /** Branch logsoporte: the lot (cac:ItemInstance/cac:LotIdentification) when the matched item is lot-tracked. */
  Lote: z.string().nullable(),
  FechaVencimientoLote: z.string().nullable(),
});
export const ZCompraXmlLeida = z.object({
  RucProveedor: z.string(),
  RazonSocialProveedor: z.string(),
  TipoDocumento: z.string(),
  Serie: z.string(),
  Numero: z.number().int(),
  FechaEmision: z.string(),
  FechaVencimiento: z.string().nullable(),
  IdMoneda: z.number().int(),
  IdCondicionPago: z.number().int(),
  Cuotas: z.array(z.object({ Monto: z.string(), FechaVencimiento: z.string() })),
  RucReceptor: z.string().nullable(),
  Firmado: z.boolean().describe('The file carries a signature whose digest and value verify'),
  Igv: z.string(),
  Total: z.string(),
  /** A note's cac:BillingReference (the document it modifies), when it names a factura, boleta or liquidación. */
  Referencia: z.object({ TipoDocumento: z.string(), Serie: z.string(), Numero: z.number().int() }).nullable(),
  /** Branch guiaalm: the SPOT of a factura (cac:PaymentTerms "Detraccion": catálogo 54 code, percent, amount). */
  Detraccion: z.object({ CodigoBien: z.string(), Porcentaje: z.string(), Monto: z.string() }).nullable(),
  /** Branch guiaalm: the IGV percepción the supplier charged (cac:AllowanceCharge 51/52/53 and PaymentTerms "Percepcion"). */
  Percepcion: z.object({ Porcentaje: z.enum(PorcentajesPercepcion), Monto: z.string() }).nullable(),
  Lineas: z.array(ZCompraXmlLinea),
  Avisos: z.array(z.string()),
});
export type TCompraXmlLeida = z.infer<typeof ZCompraXmlLeida>;

// ---- Payables ----
export const ZCuotaPorPagar = z.object({
  IdCuota: z.number().int(),
  NumeroCuota: z.number().int(),
  FechaVencimiento: z.string(),
  Monto: z.string(),
  Pagado: z.string(),
  Saldo: z.string(),
  DiasVencido: z.number().int(),
  Tramo: z.enum(TramosAntiguedad),
  Detraccion: z.boolean().optional().describe('The detracción due: the company deposits it into the supplier\'s Banco de la Nación account (Detracción), it is not paid to the supplier'),
});
export const ZDocumentoPorPagar = z.object({
  IdCompra: z.number().int(),
  TipoDocumento: z.string(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  NumeroDocumentoProveedor: z.string(),
  RazonSocialProveedor: z.string(),
  IdMoneda: z.number().int(),
  Total: z.string(),
  Pagado: z.string(),
  Saldo: z.string(),
  ProximoVencimiento: z.string().nullable(),
  DiasVencido: z.number().int(),
  Tramo: z.enum(TramosAntiguedad),
  Cuotas: z.array(ZCuotaPorPagar),
  /** The supplier's notes applied to this purchase: a credit note lowered its dues (Monto negative), a debit note added one. */
  Notas: z.array(z.object({ IdCompra: z.number().int(), TipoDocumento: z.string(), SerieNumero: z.string(), FechaEmision: z.string(), Monto: z.string() })),
});
export type TDocumentoPorPagar = z.infer<typeof ZDocumentoPorPagar>;
export const ZCuentasPorPagarQuery = z.object({
  proveedor: ZTexto(100).default('').describe('RUC exact or part of the name'),
  idmoneda: ZEntero({ min: 0, max: 2 }).default(0),
  tramo: z.enum(['', ...TramosAntiguedad], { error: 'Tramo no válido' }).default(''),
  fechacorte: ZFechaFinanzas('la fecha de corte').optional(),
  ...ZPaginacion,
});
export const ZCuentasPorPagar = z.object({ Data: z.array(ZDocumentoPorPagar), Count: z.number().int(), FechaCorte: z.string(), Resumen: z.array(ZResumenAntiguedad) });
export type TCuentasPorPagar = z.infer<typeof ZCuentasPorPagar>;

/** A payment has the collection's shape: account, date, means and operation for bank ones, the dues and amounts. */
export const ZPagoCrear = ZCobroCrear;
export type TPagoCrear = z.input<typeof ZPagoCrear>;
export const ZPago = z.object({
  Id: z.number().int(),
  NumeroRecibo: z.string(),
  Fecha: z.string(),
  IdTipoPago: z.number().int(),
  TipoPago: z.string(),
  /** null for an application of the supplier's credit in favour (kind 3): no money left an account. */
  IdCuentaFinanciera: z.number().int().nullable(),
  CuentaFinanciera: z.string(),
  IdMoneda: z.number().int(),
  Monto: z.string(),
  MontoSoles: z.string(),
  TipoCambio: z.string().nullable(),
  MedioPago: z.string().nullable(),
  NumeroOperacion: z.string().nullable(),
  Itf: z.string().describe("ITF the bank charged (bank collections and payments), in the account's currency; 0.00 when none"),
  NumeroDocumentoProveedor: z.string(),
  RazonSocialProveedor: z.string(),
  Observacion: z.string().nullable(),
  Anulado: z.boolean(),
  MotivoAnulacion: z.string().nullable(),
  /** The comprobante de retención the payment issued (the company as retention agent): Monto is then 97 % of the dues paid. */
  Retencion: z.object({ Id: z.number().int(), SerieNumero: z.string(), TotalRetenido: z.string(), IdEstadoSunat: z.number().int() }).nullable(),
  Detalle: z.array(
    z.object({ IdCuota: z.number().int(), IdCompra: z.number().int(), SerieNumero: z.string(), NumeroCuota: z.number().int(), IdMoneda: z.number().int(), Monto: z.string(), MontoCuenta: z.string() }),
  ),
});
export type TPago = z.infer<typeof ZPago>;
/** Applying a supplier's credit in favour (its credit notes, purchases of type 07) to that supplier's open dues. */
export const ZSaldoAFavorProveedorAplicar = ZSaldoAFavorAplicar;
export type TSaldoAFavorProveedorAplicar = z.input<typeof ZSaldoAFavorProveedorAplicar>;
export const ZSaldoAFavorProveedorQuery = z.object({
  proveedor: textoPermitido(z.string({ error: 'Indique el RUC del proveedor' }).trim().regex(/^[A-Za-z0-9-]{1,15}$/, 'Indique el RUC del proveedor')),
  idmoneda: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'Moneda: 1 soles o 2 dólares' }).default(1).transform(Number),
});
/** A supplier's credit in favour of the company in one currency: its credit notes (Generado), applied, available. */
export const ZSaldoAFavorProveedor = z.object({
  NumeroDocumentoProveedor: z.string(),
  IdMoneda: z.number().int(),
  Generado: z.string(),
  Aplicado: z.string(),
  Disponible: z.string(),
});
export type TSaldoAFavorProveedor = z.infer<typeof ZSaldoAFavorProveedor>;
export const ZPagosQuery = z.object({ proveedor: ZTexto(100).default(''), ...ZPaginacion });
export const ZPagos = z.object({ Data: z.array(ZPago), Count: z.number().int() });
