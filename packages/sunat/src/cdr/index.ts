import xpath from 'xpath';
import { parsearXml, textoDeXml } from '../signature/xml';
import { esZip, leerZip } from '../zip';

export type TClaseCdr = 'aceptado' | 'observado' | 'rechazado' | 'excepcion';
export type TNotaCdr = { codigo: string; descripcion: string };
export type TCdr = {
  /** ResponseCode as SUNAT wrote it ("0", "0109", "2335"...). */
  codigo: string;
  descripcion: string;
  /** ReferenceID: the series-number (or summary id) the CDR answers for. */
  referencia: string;
  notas: TNotaCdr[];
  clase: TClaseCdr;
  /** Name of the XML inside the zip (R-RUC-TT-SERIE-NUMERO.xml), when read from a zip. */
  archivo?: string;
  xml: string;
};

/**
 * How to act on a CDR: 0 accepted (with notes = accepted with observations), 4000+ accepted with observations,
 * 2000-3999 rejected (the number is used up), 0100-1999 exception (not processed: fix and resend the same number).
 */
export function clasificarCodigo(codigo: string | number, conNotas = false): TClaseCdr {
  const n = Number(codigo);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Código de respuesta de SUNAT inválido: ${codigo}`);
  if (n === 0) return conNotas ? 'observado' : 'aceptado';
  if (n >= 4000) return 'observado';
  if (n >= 2000) return 'rechazado';
  return 'excepcion';
}

const texto = (contexto: Node, ruta: string) => String(xpath.select(`string(${ruta})`, contexto)).trim();

/**
 * Reads a CDR (ApplicationResponse) from its zip or its XML. Lenient on purpose: SUNAT's own CDRs do not pass the
 * ApplicationResponse XSD (dates with time, Note out of place, no UBLVersionID), so only the fields are read.
 */
export function leerCdr(entrada: Uint8Array | string): TCdr {
  let xml: string;
  let archivo: string | undefined;
  if (typeof entrada === 'string') xml = entrada;
  else if (esZip(entrada)) {
    const xmls = leerZip(entrada).filter((e) => e.nombre.toLowerCase().endsWith('.xml'));
    if (xmls.length === 0) throw new Error('El ZIP de la constancia (CDR) no contiene un XML.');
    archivo = xmls[0].nombre.split('/').pop();
    xml = textoDeXml(xmls[0].contenido);
  } else xml = textoDeXml(entrada);

  const doc = parsearXml(xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, ''));
  const raiz = doc.documentElement;
  if (!raiz || raiz.localName !== 'ApplicationResponse') throw new Error('El XML no es una constancia de recepción (ApplicationResponse).');
  const respuesta = "/*/*[local-name()='DocumentResponse']/*[local-name()='Response']";
  const codigo = texto(doc, `${respuesta}/*[local-name()='ResponseCode']`);
  if (!/^\d+$/.test(codigo)) throw new Error('La constancia (CDR) no tiene ResponseCode.');
  const notas = (xpath.select("/*/*[local-name()='Note']", doc) as Node[]).map((n) => {
    const contenido = (n.textContent ?? '').trim();
    const m = /^(\d{3,4})\s*-\s*([\s\S]*)$/.exec(contenido);
    return m ? { codigo: m[1].padStart(4, '0'), descripcion: m[2].trim() } : { codigo: '', descripcion: contenido };
  });
  return {
    codigo,
    descripcion: texto(doc, `${respuesta}/*[local-name()='Description']`),
    referencia: texto(doc, `${respuesta}/*[local-name()='ReferenceID']`),
    notas,
    clase: clasificarCodigo(codigo, notas.length > 0),
    archivo,
    xml,
  };
}
