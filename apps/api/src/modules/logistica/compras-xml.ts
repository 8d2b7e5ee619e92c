import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { enCatalogo, parsearXml, verificarFirma } from '@yupana/sunat';
import { esRucValido, PorcentajesPercepcion, type TCompraXmlLeida } from '@yupana/contracts';

type TPorcentajePercepcion = (typeof PorcentajesPercepcion)[number];
import { errorDeCampo } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa } from '../../db/schema';
import { filasDe } from './libro.repo';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const RAICES: Record<string, { ns: string; tipo: string; linea: string; cantidad: string }> = {
  Invoice: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', tipo: '', linea: 'InvoiceLine', cantidad: 'InvoicedQuantity' },
  CreditNote: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', tipo: '07', linea: 'CreditNoteLine', cantidad: 'CreditedQuantity' },
  DebitNote: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2', tipo: '08', linea: 'DebitNoteLine', cantidad: 'DebitedQuantity' },
};
const NO_ES_UBL = 'El archivo no es un comprobante electrónico UBL (factura, boleta, nota de crédito o de débito)';

/** Direct children of `el` with that namespace and local name (never descendants: a line's amounts are not the document's). */
const hijos = (el: Element, ns: string, nombre: string): Element[] =>
  Array.from(el.childNodes as unknown as ArrayLike<Node>).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === nombre);
const hijo = (el: Element | undefined, ns: string, nombre: string) => (el ? hijos(el, ns, nombre)[0] : undefined);
/** Follows a path of cac:/cbc: steps from `el`, first match at each step. */
function ruta(el: Element | undefined, ...pasos: string[]): Element | undefined {
  let actual = el;
  for (const p of pasos) {
    const [pre, nombre] = p.split(':');
    actual = hijo(actual, pre === 'cbc' ? CBC : CAC, nombre);
  }
  return actual;
}
const texto = (el: Element | undefined) => (el?.textContent ?? '').trim();
const decimal = (v: string, campo: string) => {
  if (!/^-?\d+(\.\d+)?$/.test(v)) throw errorDeCampo('Xml', `El XML tiene un importe no válido en ${campo}: "${v.slice(0, 30)}"`);
  return new Decimal(v);
};

/**
 * Reads a supplier's UBL 2.1 document (the .xml SUNAT's format defines) into a purchase draft: supplier, type,
 * series-number, dates, currency, payment terms, lines and totals, and matches each line to the company's items by
 * the supplier's code or the exact description (the user picks the others on screen). Only the text given is parsed:
 * a DOCTYPE (entities) is refused, and no path or URL in the file is ever opened. Nothing is saved here.
 */
export async function leerXmlCompra(ctx: Contexto, auth: TAuth, xml: string): Promise<TCompraXmlLeida> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw errorDeCampo('Xml', `${NO_ES_UBL}: el archivo declara un DOCTYPE`);
  let doc: Document;
  try {
    doc = parsearXml(xml.replace(/^\uFEFF/, ''));
  } catch {
    throw errorDeCampo('Xml', `${NO_ES_UBL}: el XML está mal formado`);
  }
  const raiz = doc.documentElement;
  const def = raiz ? RAICES[raiz.localName] : undefined;
  if (!raiz || !def || raiz.namespaceURI !== def.ns) throw errorDeCampo('Xml', NO_ES_UBL);
  const avisos: string[] = [];
  const [serie, numero] = texto(ruta(raiz, 'cbc:ID')).split('-');
  if (!/^[A-Z0-9]{1,4}$/.test(serie ?? '') || !/^\d{1,8}$/.test(numero ?? '')) throw errorDeCampo('Xml', `${NO_ES_UBL}: falta la serie y número (cbc:ID)`);
  const tipo = def.tipo || texto(ruta(raiz, 'cbc:InvoiceTypeCode'));
  if (!['01', '03', '04', '07', '08'].includes(tipo)) throw errorDeCampo('Xml', `El tipo de comprobante ${tipo || '(vacío)'} no se registra como compra`);
  const proveedor = ruta(raiz, 'cac:AccountingSupplierParty', 'cac:Party');
  const ruc = texto(ruta(proveedor, 'cac:PartyIdentification', 'cbc:ID'));
  if (!esRucValido(ruc)) throw errorDeCampo('Xml', `El RUC del emisor del XML no es válido: ${ruc || '(vacío)'}`);
  const razon = texto(ruta(proveedor, 'cac:PartyLegalEntity', 'cbc:RegistrationName')) || texto(ruta(proveedor, 'cac:PartyName', 'cbc:Name'));
  const receptor = texto(ruta(raiz, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyIdentification', 'cbc:ID')) || null;
  const [emp] = await ctx.dbh.db.select({ ruc: empresa.documento }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  if (receptor && emp?.ruc && receptor !== emp.ruc) throw errorDeCampo('Xml', `El comprobante está emitido a otro RUC (${receptor}), no a su empresa (${emp.ruc})`);
  const moneda = texto(ruta(raiz, 'cbc:DocumentCurrencyCode'));
  if (moneda !== 'PEN' && moneda !== 'USD') throw errorDeCampo('Xml', `Moneda del comprobante no admitida: ${moneda || '(vacía)'} (solo PEN o USD)`);
  const fecha = texto(ruta(raiz, 'cbc:IssueDate'));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) throw errorDeCampo('Xml', `${NO_ES_UBL}: falta la fecha de emisión`);

  // Payment terms (SUNAT: cac:PaymentTerms with ID FormaPago, Contado / Credito and Cuota001...).
  const terminos = hijos(raiz, CAC, 'PaymentTerms').filter((p) => texto(ruta(p, 'cbc:ID')) === 'FormaPago');
  const credito = terminos.some((p) => texto(ruta(p, 'cbc:PaymentMeansID')) === 'Credito');
  const cuotas = terminos
    .filter((p) => /^Cuota\d+$/.test(texto(ruta(p, 'cbc:PaymentMeansID'))))
    .map((p) => ({ Monto: decimal(texto(ruta(p, 'cbc:Amount')), 'la cuota').toFixed(2), FechaVencimiento: texto(ruta(p, 'cbc:PaymentDueDate')) }));

  const lineas = hijos(raiz, CAC, def.linea).map((l, i) => {
    const cantidadEl = ruta(l, `cbc:${def.cantidad}`);
    const precio = texto(ruta(l, 'cac:Price', 'cbc:PriceAmount'));
    const valorVenta = decimal(texto(ruta(l, 'cbc:LineExtensionAmount')), `la línea ${i + 1}`);
    const q = decimal(texto(cantidadEl), `la cantidad de la línea ${i + 1}`);
    const igv = decimal(texto(ruta(l, 'cac:TaxTotal', 'cbc:TaxAmount')) || '0', `el IGV de la línea ${i + 1}`);
    const afectacion = texto(ruta(l, 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory', 'cbc:TaxExemptionReasonCode')) || '10';
    const valorUnitario = precio ? decimal(precio, `el precio de la línea ${i + 1}`) : q.gt(0) ? valorVenta.dividedBy(q) : new Decimal(0);
    const grupo = afectacion.startsWith('1') ? '10' : afectacion.startsWith('2') ? '20' : '30';
    if (grupo !== afectacion) avisos.push(`Línea ${i + 1}: afectación ${afectacion} registrada como ${grupo}`);
    // UBL 2.1: cac:Item/cac:ItemInstance/cac:LotIdentification (cbc:LotNumberID, cbc:ExpiryDate).
    const lote = ruta(l, 'cac:Item', 'cac:ItemInstance', 'cac:LotIdentification');
    const numeroLote = texto(ruta(lote, 'cbc:LotNumberID')).slice(0, 30);
    const vence = texto(ruta(lote, 'cbc:ExpiryDate'));
    if (vence && !/^\d{4}-\d{2}-\d{2}$/.test(vence)) avisos.push(`Línea ${i + 1}: el vencimiento del lote "${vence.slice(0, 20)}" no es una fecha (AAAA-MM-DD): no se tomó`);
    return {
      Codigo: texto(ruta(l, 'cac:Item', 'cac:SellersItemIdentification', 'cbc:ID')) || null,
      Descripcion: texto(ruta(l, 'cac:Item', 'cbc:Description')).slice(0, 500),
      Cantidad: q.toFixed(),
      CodigoUnidad: cantidadEl?.getAttribute('unitCode') ?? null,
      ValorUnitario: valorUnitario.toDecimalPlaces(10).toFixed(),
      AfectacionIgv: grupo,
      Total: valorVenta.plus(igv).toFixed(2),
      IdItem: null as number | null,
      ItemDescripcion: null as string | null,
      Lote: null as string | null,
      FechaVencimientoLote: null as string | null,
      xmlLote: numeroLote || null,
      xmlVence: /^\d{4}-\d{2}-\d{2}$/.test(vence) ? vence : null,
    };
  });
  if (!lineas.length) throw errorDeCampo('Xml', `${NO_ES_UBL}: no tiene líneas`);

  // Matching to the company's items: the supplier's code equal to the item's code, else the same description.
  const codigos = [...new Set(lineas.map((l) => l.Codigo?.toLowerCase()).filter((c): c is string => !!c))];
  const descripciones = [...new Set(lineas.map((l) => l.Descripcion.toLowerCase()))];
  const encontrados = filasDe<{ id: number; codigo: string; descripcion: string; control_lote: boolean }>(
    await ctx.dbh.db.execute(sql`select id, codigo, descripcion, control_lote from item where id_empresa = ${auth.idEmpresa} and codigo_unidad <> 'ZZ' and log_estado = 1 and (
      lower(codigo) in (${sql.join([...codigos, ''].map((c) => sql`${c}`), sql`, `)}) or lower(descripcion) in (${sql.join(descripciones.map((d) => sql`${d}`), sql`, `)}))`),
  );
  for (const l of lineas) {
    const m = encontrados.find((f) => l.Codigo && f.codigo.toLowerCase() === l.Codigo.toLowerCase()) ?? encontrados.find((f) => f.descripcion.toLowerCase() === l.Descripcion.toLowerCase());
    if (m) {
      l.IdItem = Number(m.id);
      l.ItemDescripcion = m.descripcion;
      // Branch logsoporte: the supplier's lot and expiry fill the line only for a lot-tracked item.
      if (m.control_lote && l.xmlLote) {
        l.Lote = l.xmlLote;
        l.FechaVencimientoLote = l.xmlVence;
      }
    }
  }
  // A note's modified document (cac:BillingReference/cac:InvoiceDocumentReference): kept when it is a purchase type.
  let referencia: TCompraXmlLeida['Referencia'] = null;
  if (tipo === '07' || tipo === '08') {
    const refDoc = ruta(raiz, 'cac:BillingReference', 'cac:InvoiceDocumentReference');
    const [rs, rn] = texto(ruta(refDoc, 'cbc:ID')).split('-');
    const rt = texto(ruta(refDoc, 'cbc:DocumentTypeCode'));
    if (['01', '03', '04'].includes(rt) && /^[A-Z0-9]{1,4}$/.test(rs ?? '') && /^\d{1,8}$/.test(rn ?? '') && Number(rn) > 0)
      referencia = { TipoDocumento: rt, Serie: rs, Numero: Number(rn) };
    else avisos.push('La nota no indica un documento que modifica reconocible (cac:BillingReference): indíquelo en el formulario');
  }
  const total = decimal(texto(ruta(raiz, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount')) || '0', 'el total');
  const { detraccion, percepcion } = spotYPercepcion(raiz, tipo, moneda, total, avisos);
  const sinFirma = !/<(\w+:)?Signature[\s>]/.test(xml);
  const firma = sinFirma ? { valida: false } : (() => { try { return verificarFirma(xml); } catch { return { valida: false }; } })();
  if (sinFirma) avisos.push('El XML no está firmado');
  else if (!firma.valida) avisos.push('La firma digital del XML no es válida: el archivo pudo ser modificado');
  return {
    RucProveedor: ruc,
    RazonSocialProveedor: razon.slice(0, 250),
    TipoDocumento: tipo,
    Serie: serie,
    Numero: Number(numero),
    FechaEmision: fecha,
    FechaVencimiento: texto(ruta(raiz, 'cbc:DueDate')) || cuotas[cuotas.length - 1]?.FechaVencimiento || null,
    IdMoneda: moneda === 'USD' ? 2 : 1,
    IdCondicionPago: credito || cuotas.length ? 2 : 1,
    Cuotas: cuotas,
    RucReceptor: receptor,
    Firmado: firma.valida,
    Igv: decimal(texto(ruta(raiz, 'cac:TaxTotal', 'cbc:TaxAmount')) || '0', 'el IGV').toFixed(2),
    Total: total.toFixed(2),
    Referencia: referencia,
    Detraccion: detraccion,
    Percepcion: percepcion,
    Lineas: lineas.map(({ xmlLote: _l, xmlVence: _v, ...resto }) => resto),
    Avisos: avisos,
  };
}

/** SUNAT's percepción charge codes (catálogo 53) and their rates: 51 venta interna 2 %, 52 combustible 1 %, 53 agente con tasa especial 0.5 %. */
const PERCEPCION_POR_CODIGO: Record<string, TPorcentajePercepcion> = { '51': '2', '52': '1', '53': '0.5' };

/**
 * Branch guiaalm: the SPOT and the percepción the supplier wrote in its XML, as the purchase form's fields. SUNAT's
 * UBL writes the detracción as cac:PaymentMeans/cac:PaymentTerms with cbc:ID "Detraccion" (PaymentMeansID = catálogo
 * 54 code, PaymentPercent, Amount in soles) and the percepción as a global cac:AllowanceCharge with reason code
 * 51/52/53 (MultiplierFactorNumeric, Amount in soles) plus cac:PaymentTerms "Percepcion" (the total with it). Both
 * amounts are always in soles; the purchase keeps them in its own currency, so a dollar document gets the amount
 * computed on its total, with a warning. Anything unreadable is left out with a warning (never an error).
 */
function spotYPercepcion(raiz: Element, tipo: string, moneda: string, total: Decimal, avisos: string[]) {
  let detraccion: TCompraXmlLeida['Detraccion'] = null;
  let percepcion: TCompraXmlLeida['Percepcion'] = null;
  const terminos = hijos(raiz, CAC, 'PaymentTerms');
  const spot = terminos.find((p) => texto(ruta(p, 'cbc:ID')) === 'Detraccion');
  if (spot) {
    const codigo = texto(ruta(spot, 'cbc:PaymentMeansID'));
    const pct = texto(ruta(spot, 'cbc:PaymentPercent'));
    const monto = texto(ruta(spot, 'cbc:Amount'));
    if (tipo !== '01') avisos.push('El XML indica detracción, pero solo una factura la lleva: no se tomó');
    else if (!enCatalogo('54', codigo) || !/^\d{1,3}(\.\d+)?$/.test(pct) || new Decimal(pct).lte(0) || new Decimal(pct).gt(100) || !/^\d+(\.\d+)?$/.test(monto))
      avisos.push(`La detracción del XML no se pudo leer (código "${codigo.slice(0, 10)}", porcentaje "${pct.slice(0, 10)}", monto "${monto.slice(0, 20)}"): indíquela en el formulario`);
    else {
      const enSoles = new Decimal(monto);
      const propio = moneda === 'PEN' ? enSoles : total.times(pct).div(100).toDecimalPlaces(2);
      if (moneda !== 'PEN') avisos.push(`La detracción del XML es S/ ${enSoles.toFixed(2)} (en soles): se calculó ${propio.toFixed(2)} en la moneda del comprobante; revísela`);
      detraccion = { CodigoBien: codigo, Porcentaje: new Decimal(pct).toString(), Monto: propio.toFixed(2) };
    }
  }
  const cargo = hijos(raiz, CAC, 'AllowanceCharge').find((a) => texto(ruta(a, 'cbc:ChargeIndicator')) === 'true' && texto(ruta(a, 'cbc:AllowanceChargeReasonCode')) in PERCEPCION_POR_CODIGO);
  if (cargo) {
    const codigo = texto(ruta(cargo, 'cbc:AllowanceChargeReasonCode'));
    const factor = texto(ruta(cargo, 'cbc:MultiplierFactorNumeric'));
    const monto = texto(ruta(cargo, 'cbc:Amount'));
    // The rate is the factor's when it is one of the three; else the code's.
    const porFactor = /^\d+(\.\d+)?$/.test(factor) ? PorcentajesPercepcion.find((p) => new Decimal(p).div(100).eq(factor)) : undefined;
    const porcentaje = porFactor ?? PERCEPCION_POR_CODIGO[codigo];
    if (tipo !== '01' && tipo !== '03') avisos.push('El XML indica percepción, pero solo una factura o una boleta la lleva: no se tomó');
    else if (!/^\d+(\.\d+)?$/.test(monto)) avisos.push(`El monto de la percepción del XML no se pudo leer ("${monto.slice(0, 20)}"): indíquelo en el formulario`);
    else {
      const calculado = total.times(porcentaje).div(100).toDecimalPlaces(2);
      const enSoles = new Decimal(monto);
      const propio = moneda === 'PEN' ? enSoles : calculado;
      if (moneda !== 'PEN') avisos.push(`La percepción del XML es S/ ${enSoles.toFixed(2)} (en soles): se calculó ${calculado.toFixed(2)} en la moneda del comprobante; revísela`);
      else if (enSoles.minus(calculado).abs().gt('0.01')) avisos.push(`La percepción del XML (S/ ${enSoles.toFixed(2)}) no es el ${porcentaje} % del total (S/ ${calculado.toFixed(2)}): revísela`);
      percepcion = { Porcentaje: porcentaje, Monto: propio.toFixed(2) };
    }
  }
  return { detraccion, percepcion };
}
