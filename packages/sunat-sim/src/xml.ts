import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';

export const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  sac: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
};

export const seleccionar = xpath.useNamespaces(NS);

/** Strict parse; returns undefined for malformed XML (SUNAT answers 0306 then). */
export function parsear(xml: string): Document | undefined {
  try {
    let error = false;
    const doc = new DOMParser({
      onError: (nivel) => {
        if (nivel !== 'warning') error = true;
      },
    }).parseFromString(xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, ''), 'text/xml') as unknown as Document;
    return error || !doc.documentElement ? undefined : doc;
  } catch {
    return undefined;
  }
}

export function texto(contexto: Node, ruta: string): string {
  return String(seleccionar(`string(${ruta})`, contexto)).trim();
}

export function nodos(contexto: Node, ruta: string): Element[] {
  return seleccionar(ruta, contexto) as Element[];
}

export const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
