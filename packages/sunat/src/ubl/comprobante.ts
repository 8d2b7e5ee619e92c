// UBL 2.1 (CustomizationID 2.0) de 01 factura, 03 boleta, 07 nota de crédito y 08 nota de débito.
import { buscarUbigeo, TRIBUTOS } from '../catalogs';
import { CLIENTE_VARIOS, type TComprobante, type TFactura, type TBoleta, type TNotaCredito, type TNotaDebito } from '../model/comprobante';
import type { TEmisor, TCliente } from '../model/comun';
import { type TLineaCalculada, type TTotales, type TAjusteCalculado, Decimal } from '../totals';
import { EscritorXml, NS, DECLARACION, huecoFirma, bloqueFirma, numero, dosDecimales } from './xml';

const LEYENDA_GRATUITA = 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE';
const LEYENDA_PERCEPCION = 'COMPROBANTE DE PERCEPCIÓN';
const LEYENDA_DETRACCION = 'Operación sujeta a detracción';
const LEYENDA_IVAP = 'Operación sujeta al IVAP';

export function emisorXml(w: EscritorXml, e: TEmisor, etiqueta: string): void {
  const u = buscarUbigeo(e.direccion.ubigeo);
  w.abrir(etiqueta).abrir('cac:Party')
    .abrir('cac:PartyIdentification').el('cbc:ID', e.ruc, { schemeID: '6' }).cerrar('cac:PartyIdentification');
  if (e.nombreComercial) w.abrir('cac:PartyName').el('cbc:Name', e.nombreComercial).cerrar('cac:PartyName');
  w.abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', e.razonSocial)
    .abrir('cac:RegistrationAddress')
    .el('cbc:ID', e.direccion.ubigeo)
    .el('cbc:AddressTypeCode', e.direccion.codigoLocal)
    .el('cbc:CitySubdivisionName', e.direccion.urbanizacion ?? '-')
    .el('cbc:CityName', u?.provincia)
    .el('cbc:CountrySubentity', u?.departamento)
    .el('cbc:District', u?.distrito)
    .abrir('cac:AddressLine').el('cbc:Line', e.direccion.direccion).cerrar('cac:AddressLine')
    .abrir('cac:Country').el('cbc:IdentificationCode', 'PE').cerrar('cac:Country')
    .cerrar('cac:RegistrationAddress')
    .cerrar('cac:PartyLegalEntity')
    .cerrar('cac:Party').cerrar(etiqueta);
}

function clienteXml(w: EscritorXml, c: TCliente | typeof CLIENTE_VARIOS): void {
  w.abrir('cac:AccountingCustomerParty').abrir('cac:Party')
    .abrir('cac:PartyIdentification').el('cbc:ID', c.numeroDocumento, { schemeID: c.tipoDocumento }).cerrar('cac:PartyIdentification')
    .abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', c.nombre);
  if ('direccion' in c && c.direccion) {
    w.abrir('cac:RegistrationAddress').el('cbc:ID', c.direccion.ubigeo)
      .abrir('cac:AddressLine').el('cbc:Line', c.direccion.direccion).cerrar('cac:AddressLine')
      .abrir('cac:Country').el('cbc:IdentificationCode', 'PE').cerrar('cac:Country')
      .cerrar('cac:RegistrationAddress');
  }
  w.cerrar('cac:PartyLegalEntity').cerrar('cac:Party').cerrar('cac:AccountingCustomerParty');
}

function ajusteXml(w: EscritorXml, a: TAjusteCalculado, moneda: string): void {
  w.abrir('cac:AllowanceCharge')
    .el('cbc:ChargeIndicator', a.cargo ? 'true' : 'false')
    .el('cbc:AllowanceChargeReasonCode', a.codigo)
    .el('cbc:MultiplierFactorNumeric', numero(a.factor.toDecimalPlaces(5)))
    .monto('cbc:Amount', a.monto, moneda)
    .monto('cbc:BaseAmount', a.base, moneda)
    .cerrar('cac:AllowanceCharge');
}

// cac:TaxScheme of each tax (catalogue 05), written once: it goes at least twice per line of every document.
const ESQUEMAS = new Map<string, string>();
function esquema(w: EscritorXml, tributo: string): void {
  let xml = ESQUEMAS.get(tributo);
  if (xml === undefined) {
    const t = TRIBUTOS[tributo];
    xml = new EscritorXml()
      .abrir('cac:TaxScheme').el('cbc:ID', t.id).el('cbc:Name', t.nombre).el('cbc:TaxTypeCode', t.codigoInternacional).cerrar('cac:TaxScheme')
      .toString();
    ESQUEMAS.set(tributo, xml);
  }
  w.crudo(xml);
}

function impuestosLinea(w: EscritorXml, l: TLineaCalculada, moneda: string): void {
  w.abrir('cac:TaxTotal').monto('cbc:TaxAmount', l.totalImpuestos, moneda);
  if (l.isc && !l.gratuita) {
    w.abrir('cac:TaxSubtotal').monto('cbc:TaxableAmount', l.isc.base, moneda).monto('cbc:TaxAmount', l.isc.monto, moneda)
      // En el sistema específico (monto fijo) SUNAT exige un porcentaje distinto de cero: va la tasa efectiva.
      .abrir('cac:TaxCategory').el('cbc:Percent', numero(l.isc.sistema === '02' && l.isc.base.gt(0) ? l.isc.monto.times(100).div(l.isc.base).toDecimalPlaces(5) : l.isc.tasa))
      .el('cbc:TierRange', l.isc.sistema);
    esquema(w, '2000');
    w.cerrar('cac:TaxCategory').cerrar('cac:TaxSubtotal');
  }
  w.abrir('cac:TaxSubtotal').monto('cbc:TaxableAmount', l.gratuita ? l.valorVenta : l.baseIgv, moneda).monto('cbc:TaxAmount', l.igv, moneda)
    .abrir('cac:TaxCategory').el('cbc:Percent', numero(l.porcentajeIgv)).el('cbc:TaxExemptionReasonCode', l.afectacion);
  esquema(w, l.tributo);
  w.cerrar('cac:TaxCategory').cerrar('cac:TaxSubtotal');
  if (l.icbper) {
    w.abrir('cac:TaxSubtotal').monto('cbc:TaxAmount', l.icbper.monto, moneda)
      .el('cbc:BaseUnitMeasure', numero(l.icbper.cantidad), { unitCode: 'NIU' })
      .abrir('cac:TaxCategory').crudo(`<cbc:PerUnitAmount currencyID="${moneda}">${dosDecimales(l.icbper.montoUnitario)}</cbc:PerUnitAmount>`);
    esquema(w, '7152');
    w.cerrar('cac:TaxCategory').cerrar('cac:TaxSubtotal');
  }
  w.cerrar('cac:TaxTotal');
}

type TTipoXml = { raiz: string; ns: string; linea: string; cantidad: string; totalMonetario: string };
const TIPOS: Record<string, TTipoXml> = {
  '01': { raiz: 'Invoice', ns: NS.invoice, linea: 'cac:InvoiceLine', cantidad: 'cbc:InvoicedQuantity', totalMonetario: 'cac:LegalMonetaryTotal' },
  '03': { raiz: 'Invoice', ns: NS.invoice, linea: 'cac:InvoiceLine', cantidad: 'cbc:InvoicedQuantity', totalMonetario: 'cac:LegalMonetaryTotal' },
  '07': { raiz: 'CreditNote', ns: NS.creditNote, linea: 'cac:CreditNoteLine', cantidad: 'cbc:CreditedQuantity', totalMonetario: 'cac:LegalMonetaryTotal' },
  '08': { raiz: 'DebitNote', ns: NS.debitNote, linea: 'cac:DebitNoteLine', cantidad: 'cbc:DebitedQuantity', totalMonetario: 'cac:RequestedMonetaryTotal' },
};

/** XML sin firmar (forma canónica) de un comprobante ya validado y con sus totales calculados. */
export function xmlComprobante(doc: TComprobante, t: TTotales): string {
  const tipo = TIPOS[doc.tipo];
  const m = doc.moneda;
  const esVenta = doc.tipo === '01' || doc.tipo === '03';
  const venta = esVenta ? (doc as TFactura | TBoleta) : undefined;
  const nota = esVenta ? undefined : (doc as TNotaCredito | TNotaDebito);
  const w = new EscritorXml();
  w.raiz(tipo.raiz, [['', tipo.ns], ['cac', NS.cac], ['cbc', NS.cbc], ['ext', NS.ext]]);
  huecoFirma(w);
  w.el('cbc:UBLVersionID', '2.1').el('cbc:CustomizationID', '2.0')
    .el('cbc:ID', `${doc.serie}-${doc.numero}`)
    .el('cbc:IssueDate', doc.fechaEmision).el('cbc:IssueTime', doc.horaEmision);
  if (venta) {
    w.el('cbc:DueDate', venta.fechaVencimiento);
    w.el('cbc:InvoiceTypeCode', doc.tipo, { listID: venta.tipoOperacion });
  }

  // Leyendas (catálogo 52). En la nota de débito cbc:Note va antes que la moneda igual que en las otras.
  w.el('cbc:Note', t.leyendaMonto, { languageLocaleID: '1000' });
  if (t.lineas.some((l) => l.gratuita)) w.el('cbc:Note', LEYENDA_GRATUITA, { languageLocaleID: '1002' });
  if (venta?.percepcion) w.el('cbc:Note', LEYENDA_PERCEPCION, { languageLocaleID: '2000' });
  if (venta?.detraccion) w.el('cbc:Note', LEYENDA_DETRACCION, { languageLocaleID: '2006' });
  if (t.lineas.some((l) => l.tributo === '1016')) w.el('cbc:Note', LEYENDA_IVAP, { languageLocaleID: '2007' });
  for (const ley of doc.leyendas ?? []) w.el('cbc:Note', ley.texto, { languageLocaleID: ley.codigo });

  w.el('cbc:DocumentCurrencyCode', m);
  if (nota) {
    w.abrir('cac:DiscrepancyResponse')
      .el('cbc:ReferenceID', `${nota.documentoAfectado.serie}-${nota.documentoAfectado.numero}`)
      .el('cbc:ResponseCode', nota.motivo.codigo).el('cbc:Description', nota.motivo.descripcion)
      .cerrar('cac:DiscrepancyResponse');
  }
  if (doc.ordenCompra) w.abrir('cac:OrderReference').el('cbc:ID', doc.ordenCompra).cerrar('cac:OrderReference');
  if (nota) {
    w.abrir('cac:BillingReference').abrir('cac:InvoiceDocumentReference')
      .el('cbc:ID', `${nota.documentoAfectado.serie}-${nota.documentoAfectado.numero}`)
      .el('cbc:DocumentTypeCode', nota.documentoAfectado.tipo)
      .cerrar('cac:InvoiceDocumentReference').cerrar('cac:BillingReference');
  }
  for (const g of doc.guias ?? []) {
    w.abrir('cac:DespatchDocumentReference').el('cbc:ID', g.numero).el('cbc:DocumentTypeCode', g.tipoDocumento).cerrar('cac:DespatchDocumentReference');
  }
  (venta?.anticipos ?? []).forEach((a, i) => {
    w.abrir('cac:AdditionalDocumentReference').el('cbc:ID', `${a.serie}-${a.numero}`).el('cbc:DocumentTypeCode', a.tipoDocumento)
      .el('cbc:DocumentStatusCode', String(i + 1))
      .abrir('cac:IssuerParty').abrir('cac:PartyIdentification').el('cbc:ID', doc.emisor.ruc, { schemeID: '6' })
      .cerrar('cac:PartyIdentification').cerrar('cac:IssuerParty')
      .cerrar('cac:AdditionalDocumentReference');
  });
  bloqueFirma(w, doc.emisor.ruc, doc.emisor.razonSocial);
  emisorXml(w, doc.emisor, 'cac:AccountingSupplierParty');
  clienteXml(w, doc.cliente ?? CLIENTE_VARIOS);

  const globales = [...t.ajustesGlobales];
  if (t.percepcion) {
    globales.push({ codigo: t.percepcion.codigo, cargo: true, factor: t.percepcion.porcentaje.div(100), monto: t.percepcion.monto, base: t.percepcion.base });
  }
  const escribirPagos = () => {
    if (venta?.detraccion && t.detraccion) {
      w.abrir('cac:PaymentMeans').el('cbc:ID', 'Detraccion').el('cbc:PaymentMeansCode', venta.detraccion.medioPago)
        .abrir('cac:PayeeFinancialAccount').el('cbc:ID', venta.detraccion.cuentaBancoNacion).cerrar('cac:PayeeFinancialAccount')
        .cerrar('cac:PaymentMeans');
      w.abrir('cac:PaymentTerms').el('cbc:ID', 'Detraccion').el('cbc:PaymentMeansID', venta.detraccion.codigoBien)
        .el('cbc:PaymentPercent', numero(t.detraccion.porcentaje)).monto('cbc:Amount', t.detraccion.monto, 'PEN')
        .cerrar('cac:PaymentTerms');
    }
    if (t.percepcion) {
      w.abrir('cac:PaymentTerms').el('cbc:ID', 'Percepcion').monto('cbc:Amount', t.percepcion.totalConPercepcion, 'PEN').cerrar('cac:PaymentTerms');
    }
    const formaPago = venta?.formaPago ?? (doc.tipo === '07' ? (doc as TNotaCredito).formaPago : undefined);
    // La boleta no lleva forma de pago (SUNAT la rechaza con 3128); la nota de crédito solo con motivo 13.
    if (formaPago && (doc.tipo === '01' || formaPago.tipo === 'Credito')) {
      if (formaPago.tipo === 'Contado') {
        w.abrir('cac:PaymentTerms').el('cbc:ID', 'FormaPago').el('cbc:PaymentMeansID', 'Contado').cerrar('cac:PaymentTerms');
      } else {
        w.abrir('cac:PaymentTerms').el('cbc:ID', 'FormaPago').el('cbc:PaymentMeansID', 'Credito').monto('cbc:Amount', t.netoPendiente, m).cerrar('cac:PaymentTerms');
        for (const c of t.cuotas) {
          w.abrir('cac:PaymentTerms').el('cbc:ID', 'FormaPago').el('cbc:PaymentMeansID', c.numero).monto('cbc:Amount', c.monto, m)
            .el('cbc:PaymentDueDate', c.fechaVencimiento).cerrar('cac:PaymentTerms');
        }
      }
    }
  };
  const escribirAnticipos = () => {
    (venta?.anticipos ?? []).forEach((a, i) => {
      w.abrir('cac:PrepaidPayment').el('cbc:ID', String(i + 1)).monto('cbc:PaidAmount', new Decimal(a.monto), m)
        .el('cbc:PaidDate', a.fechaPago).cerrar('cac:PrepaidPayment');
    });
  };
  // En la nota de débito los cargos globales van antes de las condiciones de pago (orden del esquema DebitNote 2.1).
  if (doc.tipo === '08') {
    for (const a of globales) ajusteXml(w, a, m);
    escribirPagos();
  } else {
    escribirPagos();
    escribirAnticipos();
    for (const a of globales) ajusteXml(w, a, ['51', '52', '53'].includes(a.codigo) ? 'PEN' : m);
  }

  w.abrir('cac:TaxTotal').monto('cbc:TaxAmount', t.totalImpuestos, m);
  for (const s of t.subtotales) {
    w.abrir('cac:TaxSubtotal');
    if (s.tributo !== '7152') w.monto('cbc:TaxableAmount', s.base, m);
    w.monto('cbc:TaxAmount', s.monto, m).abrir('cac:TaxCategory');
    esquema(w, s.tributo);
    w.cerrar('cac:TaxCategory').cerrar('cac:TaxSubtotal');
  }
  w.cerrar('cac:TaxTotal');

  w.abrir(tipo.totalMonetario).monto('cbc:LineExtensionAmount', t.valorVenta, m).monto('cbc:TaxInclusiveAmount', t.precioVenta, m);
  if (!t.totalDescuentos.isZero()) w.monto('cbc:AllowanceTotalAmount', t.totalDescuentos, m);
  if (!t.totalCargos.isZero()) w.monto('cbc:ChargeTotalAmount', t.totalCargos, m);
  if (!t.totalAnticipos.isZero()) w.monto('cbc:PrepaidAmount', t.totalAnticipos, m);
  w.monto('cbc:PayableAmount', t.importeTotal, m).cerrar(tipo.totalMonetario);

  const ajustesAntesDeImpuestos = doc.tipo === '01' || doc.tipo === '03';
  t.lineas.forEach((l, i) => {
    const it = doc.items[i];
    w.abrir(tipo.linea).el('cbc:ID', String(i + 1))
      .el(tipo.cantidad, numero(l.cantidad), { unitCode: it.unidad })
      .monto('cbc:LineExtensionAmount', l.valorVenta, m)
      .abrir('cac:PricingReference').abrir('cac:AlternativeConditionPrice')
      .crudo(`<cbc:PriceAmount currencyID="${m}">${numero(l.precioUnitario)}</cbc:PriceAmount>`)
      .el('cbc:PriceTypeCode', l.tipoPrecio)
      .cerrar('cac:AlternativeConditionPrice').cerrar('cac:PricingReference');
    if (ajustesAntesDeImpuestos) for (const a of l.ajustes) ajusteXml(w, a, m);
    impuestosLinea(w, l, m);
    if (!ajustesAntesDeImpuestos) for (const a of l.ajustes) ajusteXml(w, a, m);
    w.abrir('cac:Item').el('cbc:Description', it.descripcion);
    if (it.codigo) w.abrir('cac:SellersItemIdentification').el('cbc:ID', it.codigo).cerrar('cac:SellersItemIdentification');
    if (it.codigoSunat) w.abrir('cac:CommodityClassification').el('cbc:ItemClassificationCode', it.codigoSunat).cerrar('cac:CommodityClassification');
    w.cerrar('cac:Item')
      .abrir('cac:Price').crudo(`<cbc:PriceAmount currencyID="${m}">${numero(l.valorUnitario)}</cbc:PriceAmount>`).cerrar('cac:Price')
      .cerrar(tipo.linea);
  });
  w.cerrar(tipo.raiz);
  return DECLARACION + w.toString();
}
