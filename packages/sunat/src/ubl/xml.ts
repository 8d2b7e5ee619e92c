// Escritor mínimo de XML ya en forma canónica C14N 1.0 (salvo la declaración XML): sin espacios entre elementos,
// sin etiquetas vacías abreviadas, atributos ordenados y el escape exacto de C14N. Así el firmador puede calcular
// el digest directamente sobre estos bytes, sin DOM ni re-serialización (rápido y sin ambigüedad).
import type Decimal from 'decimal.js';

const RE_TEXTO = /[&<>\r]/;
const RE_ATRIBUTO = /[&<"\t\n\r]/;

export function escaparTexto(s: string): string {
  if (!RE_TEXTO.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

export function escaparAtributo(s: string): string {
  if (!RE_ATRIBUTO.test(s)) return s;
  return s
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

export type TAtributos = Record<string, string | undefined>;

function atributos(attrs: TAtributos): string {
  const claves = Object.keys(attrs);
  // C14N ordena los atributos sin prefijo por nombre local (orden de unidades UTF-16, el de sort()).
  if (claves.length > 1) claves.sort();
  let s = '';
  for (const k of claves) {
    const v = attrs[k];
    if (v !== undefined) s += ` ${k}="${escaparAtributo(v)}"`;
  }
  return s;
}

export const DECLARACION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export class EscritorXml {
  // Concatenar en un string (cuerdas de V8) resulta más barato que acumular un arreglo y unirlo.
  private s = '';

  /** Abre el elemento raíz con sus espacios de nombres (ya en orden C14N: xmlns primero, luego por prefijo). */
  raiz(nombre: string, ns: [prefijo: string, uri: string][]): this {
    const orden = [...ns].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0));
    let s = `<${nombre}`;
    for (const [p, uri] of orden) s += p === '' ? ` xmlns="${escaparAtributo(uri)}"` : ` xmlns:${p}="${escaparAtributo(uri)}"`;
    this.s += `${s}>`;
    return this;
  }

  abrir(nombre: string, attrs?: TAtributos): this {
    this.s += attrs ? `<${nombre}${atributos(attrs)}>` : `<${nombre}>`;
    return this;
  }

  cerrar(nombre: string): this {
    this.s += `</${nombre}>`;
    return this;
  }

  /** Elemento con texto; si el texto es undefined no se escribe nada (elemento opcional ausente). */
  el(nombre: string, texto: string | undefined, attrs?: TAtributos): this {
    if (texto === undefined) return this;
    this.s += `${attrs ? `<${nombre}${atributos(attrs)}>` : `<${nombre}>`}${escaparTexto(texto)}</${nombre}>`;
    return this;
  }

  /** Importe con moneda (currencyID). */
  monto(nombre: string, valor: Decimal, moneda: string): this {
    this.s += `<${nombre} currencyID="${moneda}">${dosDecimales(valor)}</${nombre}>`;
    return this;
  }

  /** Fragmento ya escrito por este mismo escritor. */
  crudo(xml: string): this {
    this.s += xml;
    return this;
  }

  toString(): string {
    return this.s;
  }
}

export const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sac: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  debitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  despatch: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2',
  summary: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
  voided: 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
  retention: 'urn:sunat:names:specification:ubl:peru:schema:xsd:Retention-1',
} as const;

/** ID del bloque de firma (cac:Signature/cbc:ID y ds:Signature/@Id). */
export const ID_FIRMA = 'SignYUPANA';

/** Hueco para la firma: primer hijo de la raíz, con ExtensionContent vacío. */
export function huecoFirma(w: EscritorXml): void {
  w.crudo('<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>');
}

/** Bloque cac:Signature que referencia la firma (#SignYUPANA). */
export function bloqueFirma(w: EscritorXml, ruc: string, razonSocial: string): void {
  w.abrir('cac:Signature').el('cbc:ID', ID_FIRMA)
    .abrir('cac:SignatoryParty')
    .abrir('cac:PartyIdentification').el('cbc:ID', ruc).cerrar('cac:PartyIdentification')
    .abrir('cac:PartyName').el('cbc:Name', razonSocial).cerrar('cac:PartyName')
    .cerrar('cac:SignatoryParty')
    .abrir('cac:DigitalSignatureAttachment').abrir('cac:ExternalReference').el('cbc:URI', `#${ID_FIRMA}`)
    .cerrar('cac:ExternalReference').cerrar('cac:DigitalSignatureAttachment')
    .cerrar('cac:Signature');
}

/** Cantidad/valor con hasta 10 decimales, sin ceros sobrantes ni notación exponencial. */
export function numero(d: Decimal): string {
  return d.decimalPlaces() <= 10 ? d.toFixed() : d.toDecimalPlaces(10).toFixed();
}

/**
 * Importe con exactamente 2 decimales. Los importes ya vienen redondeados a céntimos: se evita el toFixed(2) de
 * decimal.js, que crea y redondea un Decimal nuevo por cada importe del XML (camino caliente de emisión).
 */
export function dosDecimales(d: Decimal): string {
  if (d.decimalPlaces() > 2) return d.toFixed(2);
  if (d.isZero()) return '0.00';
  const s = d.toFixed();
  const punto = s.indexOf('.');
  if (punto < 0) return `${s}.00`;
  return punto === s.length - 2 ? `${s}0` : s;
}
