import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { leerZip, verificarFirma } from '@yupana/sunat';
import { Excepcion, mensajeDe } from './errores';
import { nodos, parsear, texto } from './xml';

export type TTipoArchivo = '01' | '03' | '07' | '08' | '09' | '20' | '31' | 'RC' | 'RA' | 'RR';
export type TNombre = { base: string; ruc: string; tipo: TTipoArchivo; serie: string; numero: string };
export type TNota = { codigo: string; mensaje: string };
/** '0' accepted (maybe with observation notes) or a rejection code 2000-3999. Exceptions are thrown (Excepcion). */
export type TResultado = { codigo: string; notas: TNota[] };
export type TAbierto = { nombre: TNombre; xml: string; doc: Document; hash: string };

export function leerNombre(archivo: string): TNombre | undefined {
  const base = archivo.replace(/\.zip$/i, '');
  const c = /^(\d{11})-(01|03|07|08|09|20|31)-([A-Z0-9]{4})-(\d{1,8})$/.exec(base);
  if (c) return { base, ruc: c[1], tipo: c[2] as TTipoArchivo, serie: c[3], numero: String(Number(c[4])) };
  const r = /^(\d{11})-(RC|RA|RR)-(\d{8})-(\d{1,5})$/.exec(base);
  if (r) return { base, ruc: r[1], tipo: r[2] as TTipoArchivo, serie: r[3], numero: String(Number(r[4])) };
  return undefined;
}

/** Opens NOMBRE.zip the way SUNAT does: one XML, named like the zip, that parses. */
export function abrirZip(nombre: TNombre, zip: Uint8Array): TAbierto {
  if (zip.length === 0) throw new Excepcion('0155');
  let entradas;
  try {
    entradas = leerZip(zip);
  } catch {
    throw new Excepcion('0156');
  }
  const xmls = entradas.filter((e) => e.nombre.toLowerCase().endsWith('.xml'));
  if (xmls.length === 0) throw new Excepcion('0157');
  if (xmls.length > 1) throw new Excepcion('0158');
  if (xmls[0].nombre !== `${nombre.base}.xml`) throw new Excepcion('0161');
  if (xmls[0].contenido.length === 0) throw new Excepcion('0160');
  const xml = new TextDecoder().decode(xmls[0].contenido);
  const doc = parsear(xml);
  if (!doc) throw new Excepcion('0306');
  return { nombre, xml, doc, hash: createHash('sha256').update(xmls[0].contenido).digest('hex') };
}

const RAIZ: Record<TTipoArchivo, string> = {
  '01': 'Invoice', '03': 'Invoice', '07': 'CreditNote', '08': 'DebitNote', '09': 'DespatchAdvice', '20': 'Retention', '31': 'DespatchAdvice',
  RC: 'SummaryDocuments', RA: 'VoidedDocuments', RR: 'VoidedDocuments',
};

/** Date in Lima (UTC-5, no daylight saving) as YYYY-MM-DD. */
export function fechaLima(ahora: Date, dias = 0): string {
  return new Date(ahora.getTime() - 5 * 3600_000 + dias * 86_400_000).toISOString().slice(0, 10);
}

const dec = (s: string) => new Decimal(s === '' ? 0 : s);
const suma = (elems: Element[]) => elems.reduce((a, e) => a.plus(dec((e.textContent ?? '').trim())), new Decimal(0));
const fueraDeTolerancia = (a: Decimal, b: Decimal) => a.minus(b).abs().greaterThan(1);

function rucEmisor(doc: Document, tipo: TTipoArchivo): string {
  if (tipo === '09' || tipo === '31') return texto(doc, '/*/cac:DespatchSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID');
  if (tipo === '20') return texto(doc, '/*/cac:AgentParty/cac:PartyIdentification/cbc:ID');
  return (
    texto(doc, '/*/cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID') ||
    texto(doc, '/*/cac:AccountingSupplierParty/cbc:CustomerAssignedAccountID')
  );
}

/**
 * What SUNAT checks that can be checked here: the file name against the content, the signature against the
 * certificate inside it, totals within SUNAT's tolerance (±1) and dates. Throws Excepcion for 1xxx; returns
 * a rejection code (2xxx-3xxx) or '0' with observations.
 */
export function revisarContenido(a: TAbierto, ahora: Date, opciones: { plazoDias: number }): TResultado {
  const { nombre, doc, xml } = a;
  const raiz = doc.documentElement.localName;
  if (raiz !== RAIZ[nombre.tipo]) throw new Excepcion('0305', `se esperaba ${RAIZ[nombre.tipo]} y llegó ${raiz}`);
  const resumen = nombre.tipo === 'RC' || nombre.tipo === 'RA' || nombre.tipo === 'RR';
  const id = texto(doc, '/*/cbc:ID');
  const ruc = rucEmisor(doc, nombre.tipo);

  if (resumen) {
    if (id !== `${nombre.tipo}-${nombre.serie}-${nombre.numero}`) return { codigo: '2220', notas: [] };
    if (ruc !== nombre.ruc) return { codigo: '2221', notas: [] };
  } else {
    if (ruc !== nombre.ruc) throw new Excepcion('1034');
    const [serie, numero] = [id.slice(0, id.lastIndexOf('-')), id.slice(id.lastIndexOf('-') + 1)];
    if (serie !== nombre.serie) throw new Excepcion('1035');
    if (!/^\d+$/.test(numero) || String(Number(numero)) !== nombre.numero) throw new Excepcion('1036');
    const codigoTipo =
      raiz === 'Invoice' ? texto(doc, '/*/cbc:InvoiceTypeCode') : raiz === 'DespatchAdvice' ? texto(doc, '/*/cbc:DespatchAdviceTypeCode') : nombre.tipo;
    if (codigoTipo !== nombre.tipo) throw new Excepcion('1003');
  }

  const firma = nodos(doc, '//ds:Signature');
  if (firma.length === 0 || !firma[0].getAttribute('Id')) return { codigo: '2085', notas: [] };
  if (!verificarFirma(xml).valida) return { codigo: '2335', notas: [] };

  const fecha = texto(doc, '/*/cbc:IssueDate');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) throw new Excepcion('1009');
  if (nombre.tipo === 'RC' && fecha.replace(/-/g, '') !== nombre.serie) return { codigo: '2346', notas: [] };
  if ((nombre.tipo === 'RA' || nombre.tipo === 'RR') && fecha.replace(/-/g, '') !== nombre.serie) return { codigo: '2330', notas: [] };
  if (!resumen) {
    if (fecha > fechaLima(ahora, 2)) return { codigo: '2329', notas: [] };
    // A CRE has nine days (Retenciones1-0 rule 2600); facturas and notes, plazoDias.
    if (nombre.tipo === '20' && fecha < fechaLima(ahora, -PLAZO_RETENCION_DIAS)) return { codigo: '2600', notas: [] };
    if (!['09', '20', '31'].includes(nombre.tipo) && fecha < fechaLima(ahora, -opciones.plazoDias)) return { codigo: '2108', notas: [] };
  }
  if (nombre.tipo === '20') {
    const problema = revisarRetencion(doc, nombre.ruc);
    if (problema) return { codigo: problema, notas: [] };
  }

  if (['01', '03', '07', '08'].includes(nombre.tipo)) {
    const problema = revisarTotales(doc);
    if (problema) return { codigo: problema, notas: [] };
  }
  return { codigo: '0', notas: [] };
}

/** Days after its issue a comprobante de retención is still received (rule 2600). */
export const PLAZO_RETENCION_DIAS = 9;
/** Catálogo 23: the retention régimen and its rate. */
const TASAS_RETENCION: Record<string, string> = { '01': '3.00', '02': '6.00' };

/**
 * The Retenciones1-0 rules the stand-in can check without SUNAT's registers: régimen and rate (2618, 2619), supplier
 * not the agent (2620), each document's retained and net amounts against its payment and rate (±1, 2623) and the
 * totals against their sums (2628, 2629), amounts above zero (2669).
 */
function revisarRetencion(doc: Document, rucAgente: string): string | undefined {
  const regimen = texto(doc, '/*/sac:SUNATRetentionSystemCode');
  if (!TASAS_RETENCION[regimen]) return '2618';
  const tasaTexto = texto(doc, '/*/sac:SUNATRetentionPercent');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(tasaTexto) || !dec(tasaTexto).equals(dec(TASAS_RETENCION[regimen]))) return '2619';
  if (texto(doc, '/*/cac:ReceiverParty/cac:PartyIdentification/cbc:ID') === rucAgente) return '2620';
  const tasa = dec(tasaTexto).dividedBy(100);
  const total = texto(doc, '/*/cbc:TotalInvoiceAmount');
  if (!/^\d+(\.\d{1,2})?$/.test(total) || dec(total).lte(0)) return '2669';
  let retenido = new Decimal(0);
  let pagado = new Decimal(0);
  for (const ref of nodos(doc, '/*/sac:SUNATRetentionDocumentReference')) {
    const moneda = nodos(ref, 'cbc:TotalInvoiceAmount')[0]?.getAttribute('currencyID') ?? '';
    const pago = dec(texto(ref, 'cac:Payment/cbc:PaidAmount'));
    const tc = moneda === 'PEN' ? new Decimal(1) : dec(texto(ref, 'sac:SUNATRetentionInformation/cac:ExchangeRate/cbc:CalculationRate'));
    const r = dec(texto(ref, 'sac:SUNATRetentionInformation/sac:SUNATRetentionAmount'));
    const neto = dec(texto(ref, 'sac:SUNATRetentionInformation/sac:SUNATNetTotalPaid'));
    if (fueraDeTolerancia(r, pago.times(tasa).times(tc)) || fueraDeTolerancia(neto, pago.times(tc).minus(r))) return '2623';
    retenido = retenido.plus(r);
    pagado = pagado.plus(neto);
  }
  if (!dec(total).equals(retenido)) return '2628';
  if (!dec(texto(doc, '/*/sac:SUNATTotalPaid')).equals(pagado)) return '2629';
  return undefined;
}

/** The three global sums SUNAT rejects when off by more than 1 (3278, 3294, 3280), as its validation sheets state. */
function revisarTotales(doc: Document): string | undefined {
  const linea = "/*/cac:InvoiceLine | /*/cac:CreditNoteLine | /*/cac:DebitNoteLine";
  const totales = "/*/cac:LegalMonetaryTotal | /*/cac:RequestedMonetaryTotal";
  const conBase = (codigos: string[]) =>
    `cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID[${codigos.map((c) => `text()='${c}'`).join(' or ')}]]/cbc:TaxableAmount > 0`;

  const lineas = nodos(doc, linea).filter((l) => Boolean(nodos(l, `self::*[${conBase(['1000', '1016', '9995', '9997', '9998'])}]`).length));
  const valorVentaLineas = suma(lineas.flatMap((l) => nodos(l, 'cbc:LineExtensionAmount')));
  const descuentosBase = suma(nodos(doc, "/*/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode[text()='02']]/cbc:Amount"));
  const cargosBase = suma(nodos(doc, "/*/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode[text()='49']]/cbc:Amount"));
  const valorVenta = nodos(doc, `(${totales})/cbc:LineExtensionAmount`);
  if (valorVenta.length && fueraDeTolerancia(suma(valorVenta), valorVentaLineas.minus(descuentosBase).plus(cargosBase))) return '3278';

  const impuestos = nodos(doc, '/*/cac:TaxTotal/cbc:TaxAmount');
  const subtotales = nodos(
    doc,
    "/*/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID[text()='1000' or text()='1016' or text()='7152' or text()='9999' or text()='2000']]/cbc:TaxAmount",
  );
  if (impuestos.length && fueraDeTolerancia(suma(impuestos), suma(subtotales))) return '3294';

  const t = (campo: string) => suma(nodos(doc, `(${totales})/cbc:${campo}`));
  if (nodos(doc, `(${totales})/cbc:TaxInclusiveAmount`).length) {
    const calculado = t('TaxInclusiveAmount').plus(t('ChargeTotalAmount')).minus(t('AllowanceTotalAmount')).minus(t('PrepaidAmount')).plus(t('PayableRoundingAmount'));
    if (fueraDeTolerancia(t('PayableAmount'), calculado.toDecimalPlaces(2))) return '3280';
  }
  return undefined;
}

/** Documents a comunicación de baja voids: type, series, number. */
export function documentosDeBaja(doc: Document): { tipo: string; serie: string; numero: string }[] {
  return nodos(doc, '/*/sac:VoidedDocumentsLine').map((l) => ({
    tipo: texto(l, 'cbc:DocumentTypeCode'),
    serie: texto(l, 'sac:DocumentSerialID'),
    numero: String(Number(texto(l, 'sac:DocumentNumberID'))),
  }));
}

export { mensajeDe };
