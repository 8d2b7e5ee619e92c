import { DOMParser } from '@xmldom/xmldom';

/**
 * Parses strictly: a malformed document is an error, not a half-read tree. Typed with the standard DOM types that
 * xpath and xml-crypto use; xmldom implements them.
 */
export function parsearXml(xml: string): Document {
  return new DOMParser({
    onError: (nivel, mensaje) => {
      if (nivel !== 'warning') throw new Error(`XML mal formado: ${mensaje}`);
    },
  }).parseFromString(xml, 'text/xml') as unknown as Document;
}

/** Decodes XML bytes by their declared encoding (SUNAT samples come in UTF-8 and ISO-8859-1). */
export function textoDeXml(bytes: Uint8Array): string {
  const cabecera = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const encoding = /^\uFEFF?\s*<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(cabecera)?.[1]?.toLowerCase() ?? 'utf-8';
  return new TextDecoder(encoding === 'utf8' ? 'utf-8' : encoding).decode(bytes);
}
