// Modelos de entrada de 01 factura, 03 boleta, 07 nota de crédito y 08 nota de débito.
import { z } from 'zod';
import { AFECTACIONES_GRATUITAS } from '../catalogs';
import {
  ZCatalogo, ZCliente, ZDecimalNoNegativo, ZDecimalPositivo, ZEmisor, ZFecha, ZHora, ZMoneda, ZNumero, ZSerie, ZTexto, ZCodigoProducto,
} from './comun';

/** Descuento o cargo (catálogo 53): por factor (0.10 = 10 %) sobre la base, o por monto. */
const ZAjuste = <T extends readonly [string, ...string[]]>(codigos: T) =>
  z
    .object({
      codigo: z.enum(codigos, { message: `Código del catálogo 53 admitido aquí: ${codigos.join(', ')}` }),
      factor: ZDecimalNoNegativo.optional(),
      monto: ZDecimalNoNegativo.optional(),
      /** Base sobre la que se aplica el factor; por defecto, la que corresponde al código. */
      base: ZDecimalNoNegativo.optional(),
    })
    .refine((a) => (a.factor === undefined) !== (a.monto === undefined), 'Indique factor o monto (solo uno)');

export const ZAjusteLinea = ZAjuste(['00', '01', '47', '48'] as const);
export type TAjusteLinea = z.infer<typeof ZAjusteLinea>;
export const ZAjusteGlobal = ZAjuste(['02', '03', '45', '46', '49', '50'] as const);
export type TAjusteGlobal = z.infer<typeof ZAjusteGlobal>;

export const ZItem = z
  .object({
    codigo: ZCodigoProducto.optional(),
    /** Código de producto SUNAT (UNSPSC, catálogo 25). */
    codigoSunat: z.string().regex(/^\d{8}$/, 'Código UNSPSC de 8 dígitos').optional(),
    descripcion: ZTexto(500),
    unidad: ZCatalogo('03', 'Unidad de medida').default('NIU'),
    cantidad: ZDecimalPositivo,
    /** Valor unitario sin impuestos (hasta 10 decimales). */
    valorUnitario: ZDecimalNoNegativo.optional(),
    /** Precio unitario con IGV e ICBPER, para quien vende a precio final; se deriva el valor unitario. */
    precioUnitario: ZDecimalNoNegativo.optional(),
    afectacion: ZCatalogo('07', 'Tipo de afectación del IGV').default('10'),
    /** Tasa del IGV en porcentaje (18 por defecto; 10 para MYPE restaurantes y hoteles); IVAP siempre 4. */
    porcentajeIgv: ZDecimalNoNegativo.optional(),
    /** Valor referencial unitario de una transferencia gratuita (si falta, el valor unitario). */
    valorReferencial: ZDecimalNoNegativo.optional(),
    isc: z
      .object({
        sistema: ZCatalogo('08', 'Sistema de cálculo del ISC'),
        /** 01 al valor y 03 precio al público: tasa en porcentaje; 02 específico: monto fijo por unidad. */
        tasa: ZDecimalNoNegativo.optional(),
        montoFijo: ZDecimalNoNegativo.optional(),
        /** Sistema 03: precio de venta al público sugerido por unidad. */
        precioPublico: ZDecimalNoNegativo.optional(),
      })
      .optional(),
    /** Impuesto a las bolsas de plástico: monto por unidad (0.50 desde 2023). */
    icbper: z.object({ montoUnitario: ZDecimalNoNegativo.default('0.50') }).optional(),
    descuentos: z.array(ZAjusteLinea).max(10).optional(),
    cargos: z.array(ZAjusteLinea).max(10).optional(),
  })
  .superRefine((it, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if ((it.valorUnitario === undefined) === (it.precioUnitario === undefined)) add('valorUnitario', 'Indique valor unitario o precio unitario (solo uno)');
    if (it.precioUnitario !== undefined && it.isc) add('precioUnitario', 'Con ISC indique el valor unitario sin impuestos');
    if ((AFECTACIONES_GRATUITAS as readonly string[]).includes(it.afectacion) && it.precioUnitario !== undefined)
      add('precioUnitario', 'En una transferencia gratuita indique el valor referencial');
    for (const [i, d] of (it.descuentos ?? []).entries())
      if (d.codigo !== '00' && d.codigo !== '01') ctx.addIssue({ code: 'custom', path: ['descuentos', i, 'codigo'], message: 'Descuento por ítem: código 00 o 01' });
    for (const [i, c] of (it.cargos ?? []).entries())
      if (c.codigo !== '47' && c.codigo !== '48') ctx.addIssue({ code: 'custom', path: ['cargos', i, 'codigo'], message: 'Cargo por ítem: código 47 o 48' });
    if (it.isc) {
      if (it.isc.sistema === '02' ? it.isc.montoFijo === undefined : it.isc.tasa === undefined)
        add('isc', it.isc.sistema === '02' ? 'ISC específico: indique el monto fijo por unidad' : 'ISC: indique la tasa');
      if (it.isc.sistema === '03' && it.isc.precioPublico === undefined) add('isc', 'ISC precio al público: indique el precio sugerido');
      // La base del IGV es valor de venta + ISC: solo se admite en líneas gravadas onerosas.
      if (it.afectacion !== '10') add('isc', 'El ISC solo se admite en líneas gravadas (afectación 10)');
    }
  });
export type TItem = z.infer<typeof ZItem>;

export const ZCuota = z.object({ monto: ZDecimalPositivo, fechaVencimiento: ZFecha });
export const ZFormaPago = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('Contado') }),
  z.object({ tipo: z.literal('Credito'), cuotas: z.array(ZCuota).min(1, 'Indique al menos una cuota').max(99) }),
]);
export type TFormaPago = z.infer<typeof ZFormaPago>;

export const ZAnticipo = z.object({
  /** Catálogo 12: 02 factura o 03 boleta emitida por anticipos. */
  tipoDocumento: z.enum(['02', '03'], { message: 'Anticipo: 02 (factura) o 03 (boleta)' }),
  serie: z.string().regex(/^[FB][A-Z0-9]{3}$/, 'Serie del comprobante de anticipo'),
  numero: ZNumero,
  /** Importe total del anticipo (con IGV). */
  monto: ZDecimalPositivo,
  afectacion: z.enum(['10', '20', '30']).default('10'),
  fechaPago: ZFecha.optional(),
});
export type TAnticipo = z.infer<typeof ZAnticipo>;

export const ZDetraccion = z.object({
  codigoBien: ZCatalogo('54', 'Bien o servicio sujeto a detracción'),
  /** Porcentaje (12 = 12 %). */
  porcentaje: ZDecimalPositivo,
  cuentaBancoNacion: z.string().regex(/^[\d-]{5,30}$/, 'Cuenta del Banco de la Nación'),
  medioPago: ZCatalogo('59', 'Medio de pago').default('001'),
  /** Tipo de cambio para expresar la detracción en soles cuando la factura es en otra moneda. */
  tipoCambio: ZDecimalPositivo.optional(),
});
export type TDetraccion = z.infer<typeof ZDetraccion>;

export const ZPercepcion = z.object({
  regimen: z.enum(['51', '52', '53'], { message: 'Régimen de percepción (catálogo 53): 51, 52 o 53' }),
  /** Porcentaje (2 = 2 %); por defecto el del régimen en el catálogo 22. */
  porcentaje: ZDecimalPositivo.optional(),
});
export type TPercepcion = z.infer<typeof ZPercepcion>;

export const ZDocumentoRelacionado = z.object({
  /** Guía (catálogo 01: 09 o 31) u otro documento del catálogo 12. */
  tipoDocumento: z.string().regex(/^\d{2}$/),
  numero: z.string().regex(/^[A-Z0-9]{1,4}-\d{1,8}$/, 'Número con formato SERIE-NÚMERO'),
});

const base = {
  serie: z.string(),
  numero: ZNumero,
  fechaEmision: ZFecha,
  horaEmision: ZHora.default('00:00:00'),
  moneda: ZMoneda.default('PEN'),
  emisor: ZEmisor,
  cliente: ZCliente,
  items: z.array(ZItem).min(1, 'Indique al menos un ítem').max(1000),
  descuentosGlobales: z.array(ZAjusteGlobal).max(20).optional(),
  cargosGlobales: z.array(ZAjusteGlobal).max(20).optional(),
  guias: z.array(ZDocumentoRelacionado).max(20).optional(),
  ordenCompra: ZTexto(20).optional(),
  /** Leyendas adicionales del catálogo 52 (las 1000, 1002, 2000, 2006 y 2007 se generan solas). */
  leyendas: z.array(z.object({ codigo: ZCatalogo('52', 'Leyenda'), texto: ZTexto(200) })).max(10).optional(),
};

function refinarAjustesGlobales(d: { descuentosGlobales?: TAjusteGlobal[]; cargosGlobales?: TAjusteGlobal[] }, ctx: z.RefinementCtx) {
  for (const [i, a] of (d.descuentosGlobales ?? []).entries())
    if (a.codigo !== '02' && a.codigo !== '03') ctx.addIssue({ code: 'custom', path: ['descuentosGlobales', i, 'codigo'], message: 'Descuento global: código 02 o 03' });
  for (const [i, a] of (d.cargosGlobales ?? []).entries())
    if (!['45', '46', '49', '50'].includes(a.codigo)) ctx.addIssue({ code: 'custom', path: ['cargosGlobales', i, 'codigo'], message: 'Cargo global: código 45, 46, 49 o 50' });
}

/** Reglas entre ítems que SUNAT rechaza: una sola tasa de IGV por comprobante (3462) e IVAP sin mezclar (2644). */
function refinarItems(d: { items: TItem[] }, ctx: z.RefinementCtx) {
  const gravadas = d.items.filter((it) => it.afectacion === '10' || ['11', '12', '13', '14', '15', '16'].includes(it.afectacion));
  const tasas = new Set(gravadas.map((it) => String(Number(it.porcentajeIgv ?? '18'))));
  if (tasas.size > 1) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Todas las líneas gravadas deben tener la misma tasa de IGV' });
  const ivap = d.items.filter((it) => it.afectacion === '17').length;
  if (ivap > 0 && ivap < d.items.length)
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'Las ventas con IVAP (afectación 17) no se mezclan con otras afectaciones en el mismo comprobante' });
}

/** Tipo de operación (catálogo 51) coherente con detracción, percepción y exportación. */
function refinarOperacion(
  d: { tipoOperacion: string; items: TItem[]; detraccion?: unknown; percepcion?: unknown; moneda: string },
  ctx: z.RefinementCtx,
) {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (d.detraccion && d.tipoOperacion !== '1001') add('tipoOperacion', 'Con detracción el tipo de operación es 1001 (operación sujeta a detracción)');
  if (!d.detraccion && d.tipoOperacion.startsWith('100')) add('detraccion', 'El tipo de operación indica detracción: indique sus datos');
  if (d.percepcion && d.tipoOperacion !== '2001') add('tipoOperacion', 'Con percepción el tipo de operación es 2001 (operación sujeta a percepción)');
  if (!d.percepcion && d.tipoOperacion === '2001') add('percepcion', 'El tipo de operación 2001 exige los datos de la percepción');
  if (d.percepcion && d.moneda !== 'PEN') add('moneda', 'La percepción se informa solo en comprobantes en soles');
  const exporta = d.tipoOperacion.startsWith('02');
  d.items.forEach((it, i) => {
    if (exporta && it.afectacion !== '40')
      ctx.addIssue({ code: 'custom', path: ['items', i, 'afectacion'], message: 'En una exportación todas las líneas llevan afectación 40 (SUNAT 2642)' });
    if (!exporta && it.afectacion === '40')
      ctx.addIssue({ code: 'custom', path: ['items', i, 'afectacion'], message: 'La afectación 40 exige un tipo de operación de exportación (0200 a 0208)' });
  });
}

const camposVenta = {
  ...base,
  fechaVencimiento: ZFecha.optional(),
  tipoOperacion: ZCatalogo('51', 'Tipo de operación').default('0101'),
  formaPago: ZFormaPago.default({ tipo: 'Contado' }),
  anticipos: z.array(ZAnticipo).max(20).optional(),
  detraccion: ZDetraccion.optional(),
  percepcion: ZPercepcion.optional(),
};

export const ZFactura = z
  .object({ tipo: z.literal('01'), ...camposVenta, serie: ZSerie('F') })
  .superRefine((d, ctx) => {
    refinarAjustesGlobales(d, ctx);
    refinarItems(d, ctx);
    refinarOperacion(d, ctx);
    if (d.cliente.tipoDocumento !== '6' && !d.tipoOperacion.startsWith('02') && d.tipoOperacion !== '0401')
      ctx.addIssue({ code: 'custom', path: ['cliente', 'tipoDocumento'], message: 'La factura se emite a un cliente con RUC (salvo exportación)' });
  });
export type TFactura = z.infer<typeof ZFactura>;

/** Comprador sin identificar en boletas de hasta S/ 700 (SUNAT exige identificarlo por encima de ese importe). */
export const CLIENTE_VARIOS = { tipoDocumento: '0', numeroDocumento: '-', nombre: 'CLIENTES VARIOS' } as const;
/** Importe de la boleta desde el cual SUNAT exige identificar al comprador. */
export const LIMITE_BOLETA_ANONIMA = '700';

export const ZBoleta = z
  .object({ tipo: z.literal('03'), ...camposVenta, serie: ZSerie('B'), cliente: ZCliente.optional() })
  .superRefine((d, ctx) => {
    refinarAjustesGlobales(d, ctx);
    refinarItems(d, ctx);
    refinarOperacion(d, ctx);
    if (d.formaPago.tipo === 'Credito')
      ctx.addIssue({ code: 'custom', path: ['formaPago'], message: 'La boleta no informa forma de pago a crédito a SUNAT; emita una factura' });
  });
export type TBoleta = z.infer<typeof ZBoleta>;

const ZDocumentoAfectado = z.object({
  tipo: z.enum(['01', '03'], { message: 'Documento afectado: 01 factura o 03 boleta' }),
  serie: z.string().regex(/^[FB][A-Z0-9]{3}$/, 'Serie del documento afectado'),
  numero: ZNumero,
});

function refinarNota(
  d: {
    serie: string; documentoAfectado: { tipo: string; serie: string }; items: TItem[];
    descuentosGlobales?: TAjusteGlobal[]; cargosGlobales?: TAjusteGlobal[];
  },
  ctx: z.RefinementCtx,
) {
  // Las hojas NC/ND de SUNAT calculan el IGV solo desde las líneas (3291) y el importe sin restar descuentos (4312):
  // en una nota los descuentos y los cargos que afectan la base se expresan como líneas (p. ej. motivo 04).
  (d.descuentosGlobales ?? []).forEach((_, i) =>
    ctx.addIssue({ code: 'custom', path: ['descuentosGlobales', i], message: 'En una nota el descuento se expresa como una línea de la nota' }));
  (d.cargosGlobales ?? []).forEach((a, i) => {
    if (a.codigo === '49')
      ctx.addIssue({ code: 'custom', path: ['cargosGlobales', i, 'codigo'], message: 'En una nota el cargo que afecta la base se expresa como una línea de la nota' });
  });
  d.items.forEach((it, i) =>
    (it.descuentos ?? []).forEach((a, j) => {
      if (a.codigo === '01')
        ctx.addIssue({ code: 'custom', path: ['items', i, 'descuentos', j, 'codigo'], message: 'En una nota solo se admite el descuento por ítem 00 (afecta la base)' });
    }));
  const inicial = d.documentoAfectado.tipo === '01' ? 'F' : 'B';
  if (!d.serie.startsWith(inicial)) ctx.addIssue({ code: 'custom', path: ['serie'], message: `La serie de la nota debe empezar con ${inicial}, como el documento afectado` });
  if (!d.documentoAfectado.serie.startsWith(inicial))
    ctx.addIssue({ code: 'custom', path: ['documentoAfectado', 'serie'], message: `La serie de una ${inicial === 'F' ? 'factura' : 'boleta'} empieza con ${inicial}` });
}

export const ZNotaCredito = z
  .object({
    tipo: z.literal('07'),
    ...base,
    serie: z.string().regex(/^[FB][A-Z0-9]{3}$/, 'Serie de 4 caracteres que empieza con F o B'),
    motivo: z.object({ codigo: ZCatalogo('09', 'Tipo de nota de crédito'), descripcion: ZTexto(250) }),
    documentoAfectado: ZDocumentoAfectado,
    /** Solo motivo 13 (ajuste de montos/fechas de pago): forma de pago corregida. */
    formaPago: ZFormaPago.optional(),
  })
  .superRefine((d, ctx) => {
    refinarAjustesGlobales(d, ctx);
    refinarItems(d, ctx);
    refinarNota(d, ctx);
    if (d.motivo.codigo === '13' && d.formaPago?.tipo !== 'Credito')
      ctx.addIssue({ code: 'custom', path: ['formaPago'], message: 'El motivo 13 exige la forma de pago a crédito con sus cuotas' });
  });
export type TNotaCredito = z.infer<typeof ZNotaCredito>;

export const ZNotaDebito = z
  .object({
    tipo: z.literal('08'),
    ...base,
    serie: z.string().regex(/^[FB][A-Z0-9]{3}$/, 'Serie de 4 caracteres que empieza con F o B'),
    motivo: z.object({ codigo: ZCatalogo('10', 'Tipo de nota de débito'), descripcion: ZTexto(250) }),
    documentoAfectado: ZDocumentoAfectado,
  })
  .superRefine((d, ctx) => {
    refinarAjustesGlobales(d, ctx);
    refinarItems(d, ctx);
    refinarNota(d, ctx);
  });
export type TNotaDebito = z.infer<typeof ZNotaDebito>;

export type TComprobante = TFactura | TBoleta | TNotaCredito | TNotaDebito;
export type TComprobanteVenta = TFactura | TBoleta;
