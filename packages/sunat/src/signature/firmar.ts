import { createHash, sign } from 'node:crypto';
import xpath from 'xpath';
import { SignedXml } from 'xml-crypto';
import { FirmaError } from '../errors';
import type { TCredencialFirma } from './credencial';
import { C14N, DECLARACION_XML, ENVELOPED, ID_FIRMA, NS_DS, NS_EXT, RSA_SHA256, SHA256 } from './constantes';
import { parsearXml } from './xml';

/** `bytes` is `xml` in UTF-8, what gets zipped and stored: the signer has it anyway, so nobody encodes the text again. */
export type TXmlFirmado = { xml: string; bytes: Buffer; digestValue: string; signatureValue: string };

/**
 * Enveloped XMLDSig as SUNAT requires (RSA-SHA256, SHA-256 digest, inclusive C14N 1.0, Reference URI="",
 * certificate in KeyInfo), placed in the first empty ext:ExtensionContent. The returned string is final.
 *
 * `canonico: true` promises the document is already in C14N form (the builders' contract): then the digest is the
 * SHA-256 of the root element's bytes and nothing is parsed. Otherwise the document goes through xml-crypto.
 */
export function firmarXml(doc: { xml: string; canonico?: boolean }, cred: TCredencialFirma): TXmlFirmado {
  if (!doc.canonico) return firmarGeneral(doc.xml, cred);
  const p = prepararCanonico(doc.xml, cred);
  return p.terminar(sign('sha256', p.signedInfo, cred.privateKey).toString('base64'));
}

/**
 * firmarXml for a canonical document with the RSA operation on libuv's thread pool (crypto.sign with a callback):
 * the event loop stays free for other requests meanwhile. The result is byte for byte the one of firmarXml.
 */
export function firmarXmlAsincrono(doc: { xml: string; canonico: true }, cred: TCredencialFirma): Promise<TXmlFirmado> {
  const p = prepararCanonico(doc.xml, cred);
  return new Promise((resolve, reject) => {
    sign('sha256', p.signedInfo, cred.privateKey, (err, firma) => {
      if (err) reject(err);
      else resolve(p.terminar(firma.toString('base64')));
    });
  });
}

// Unprefixed attribute or namespace declaration in a canonical start tag: name="value" (C14N always uses ").
const ATRIBUTO = /\s+([^\s=>]+)="([^"]*)"/y;

type TInicioRaiz = { inicio: number; finEtiqueta: number; nombre: string; ns: Map<string, string> };

function leerInicioRaiz(xml: string): TInicioRaiz {
  let i = 0;
  if (xml.startsWith('<?xml')) i = xml.indexOf('?>') + 2;
  while (i < xml.length && /\s/.test(xml[i])) i++;
  if (xml[i] !== '<' || xml[i + 1] === '?' || xml[i + 1] === '!') throw new FirmaError('El XML canónico debe empezar por el elemento raíz.');
  const nombre = /^<([^\s>/]+)/.exec(xml.slice(i, i + 200))?.[1];
  if (!nombre) throw new FirmaError('No se pudo leer el elemento raíz del XML.');
  const ns = new Map<string, string>();
  let pos = i + 1 + nombre.length;
  ATRIBUTO.lastIndex = pos;
  let m: RegExpExecArray | null;
  while ((m = ATRIBUTO.exec(xml))) {
    pos = ATRIBUTO.lastIndex;
    const [, attr, valor] = m;
    if (attr === 'xmlns') ns.set('', valor);
    else if (attr.startsWith('xmlns:')) ns.set(attr.slice(6), valor);
    // C14N 1.0 copies an ancestor's xml:* attributes onto SignedInfo; libxml2 (xmlsec1) does, xml-crypto does not,
    // so a signature under such a root verifies in one and fails in the other. Refuse instead of guessing.
    else if (attr.startsWith('xml:')) throw new FirmaError(`El elemento raíz no debe llevar el atributo ${attr}: los verificadores de firma discrepan sobre su herencia.`);
  }
  if (xml[pos] !== '>') throw new FirmaError('La etiqueta de inicio del elemento raíz no está en forma canónica.');
  return { inicio: i, finEtiqueta: pos + 1, nombre, ns };
}

// What C14N never outputs: empty-element shorthand, comments, CDATA, a DTD, a raw carriage return.
const NO_CANONICO = ['/>', '<!--', '<![CDATA[', '<!DOCTYPE', '\r'];

/**
 * The first of NO_CANONICO in xml[desde, hasta), if any. One indexOf per sequence: on a 15 kB invoice this is about
 * ten times faster than one regular expression with the five alternatives (V8 searches a literal with memchr).
 */
function primeraNoCanonica(xml: string, desde: number, hasta: number): string | undefined {
  let primera: string | undefined;
  let donde = hasta;
  for (const s of NO_CANONICO) {
    const i = xml.indexOf(s, desde);
    if (i >= 0 && i < donde) [primera, donde] = [s, i];
  }
  return primera;
}

const huecoFirma = (ext: string) => `<${ext}:UBLExtensions><${ext}:UBLExtension><${ext}:ExtensionContent></${ext}:ExtensionContent>`;

function prepararCanonico(xml: string, cred: TCredencialFirma): { signedInfo: Buffer; terminar(signatureValue: string): TXmlFirmado } {
  const raiz = leerInicioRaiz(xml);
  const cierre = `</${raiz.nombre}>`;
  const fin = xml.lastIndexOf(cierre);
  if (fin < 0 || xml.slice(fin + cierre.length).trim() !== '') throw new FirmaError('El XML canónico no termina con el cierre del elemento raíz.');
  const finRaiz = fin + cierre.length;
  // Cheap guards against a builder that broke the canonical-form contract: the digest would silently be wrong.
  const prohibido = primeraNoCanonica(xml, raiz.inicio, finRaiz);
  if (prohibido) throw new FirmaError(`El XML marcado como canónico contiene "${prohibido}".`);

  // Several prefixes may be bound to the extension namespace: the slot decides which one is in use.
  const ext = [...raiz.ns].find(([p, uri]) => p !== '' && uri === NS_EXT && xml.startsWith(huecoFirma(p), raiz.finEtiqueta))?.[0];
  if (!ext) {
    throw new FirmaError('El XML canónico debe tener como primer hijo ext:UBLExtensions con un ext:ExtensionContent vacío.');
  }
  const dsEnRaiz = raiz.ns.get('ds');
  if (dsEnRaiz !== undefined && dsEnRaiz !== NS_DS) throw new FirmaError('El prefijo "ds" del XML no corresponde a XMLDSig.');

  // With the signature slot empty, the enveloped-signature transform removes nothing and C14N of the document is the
  // root element's bytes (the XML declaration and anything outside the root are not part of it).
  // The text is encoded to UTF-8 once: the digest is taken over its bytes and the signed document is put together
  // from them (offsets in bytes: before the slot everything is the declaration, the root tag and the empty slot).
  const bytes = Buffer.from(xml, 'utf8');
  const bInicio = Buffer.byteLength(xml.slice(0, raiz.inicio), 'utf8');
  const bFinRaiz = bytes.length - Buffer.byteLength(xml.slice(finRaiz), 'utf8');
  const digestValue = createHash('sha256').update(bytes.subarray(bInicio, bFinRaiz)).digest('base64');

  const signedInfoInterior =
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>` +
    `<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="${ENVELOPED}"></ds:Transform></ds:Transforms>` +
    `<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue>${digestValue}</ds:DigestValue></ds:Reference>`;

  // Inclusive C14N of the SignedInfo subset renders every namespace in scope (the root's declarations plus ds) on
  // SignedInfo itself, default namespace first then by prefix.
  const enAmbito = new Map(raiz.ns);
  enAmbito.set('ds', NS_DS);
  const declaraciones = [...enAmbito.entries()]
    .filter(([prefijo, uri]) => !(prefijo === '' && uri === ''))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prefijo, uri]) => (prefijo === '' ? ` xmlns="${uri}"` : ` xmlns:${prefijo}="${uri}"`))
    .join('');
  const signedInfoCanonico = `<ds:SignedInfo${declaraciones}>${signedInfoInterior}</ds:SignedInfo>`;
  const terminar = (signatureValue: string): TXmlFirmado => {
    const firma =
      `<ds:Signature${dsEnRaiz ? '' : ` xmlns:ds="${NS_DS}"`} Id="${ID_FIRMA}">` +
      `<ds:SignedInfo>${signedInfoInterior}</ds:SignedInfo>` +
      `<ds:SignatureValue>${signatureValue}</ds:SignatureValue>` +
      `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cred.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
      `</ds:Signature>`;
    const punto = raiz.finEtiqueta + huecoFirma(ext).length - `</${ext}:ExtensionContent>`.length;
    const cabecera = xml.startsWith('<?xml') ? xml.slice(0, raiz.inicio) : `${DECLARACION_XML}\n`;
    const bPunto = bInicio + Buffer.byteLength(xml.slice(raiz.inicio, punto), 'utf8');
    const firmado = Buffer.concat([
      xml.startsWith('<?xml') ? bytes.subarray(0, bInicio) : Buffer.from(cabecera, 'utf8'),
      bytes.subarray(bInicio, bPunto),
      Buffer.from(firma, 'utf8'),
      bytes.subarray(bPunto),
    ]);
    return { xml: cabecera + xml.slice(raiz.inicio, punto) + firma + xml.slice(punto), bytes: firmado, digestValue, signatureValue };
  };
  return { signedInfo: Buffer.from(signedInfoCanonico, 'utf8'), terminar };
}

function firmarGeneral(xml: string, cred: TCredencialFirma): TXmlFirmado {
  // The caller hands a decoded string; the output is UTF-8, so an ISO-8859-1 declaration must not survive.
  const sinDeclaracion = xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
  const dom = parsearXml(sinDeclaracion);
  const hueco = xpath.select1(`(//*[local-name()='ExtensionContent' and namespace-uri()='${NS_EXT}'][not(*)])[1]`, dom);
  if (!hueco) throw new FirmaError('El XML no tiene un ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent vacío para la firma.');
  const sig = new SignedXml({
    privateKey: cred.privateKey,
    publicCert: cred.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({ xpath: '/*', transforms: [ENVELOPED], digestAlgorithm: SHA256, isEmptyUri: true });
  sig.computeSignature(sinDeclaracion, {
    prefix: 'ds',
    attrs: { Id: ID_FIRMA },
    location: { reference: `(//*[local-name()='ExtensionContent' and namespace-uri()='${NS_EXT}'][not(*)])[1]`, action: 'append' },
  });
  const firmado = sig.getSignedXml();
  const digestValue = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(firmado)?.[1];
  const signatureValue = /<ds:SignatureValue>([^<]+)<\/ds:SignatureValue>/.exec(firmado)?.[1];
  if (!digestValue || !signatureValue) throw new FirmaError('No se pudo leer la firma generada.');
  const final = `${DECLARACION_XML}\n${firmado}`;
  return { xml: final, bytes: Buffer.from(final, 'utf8'), digestValue, signatureValue };
}
