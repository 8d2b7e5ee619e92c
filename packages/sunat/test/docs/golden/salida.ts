// What the golden files hold for one input: the totals as text (API and web), the signed XML with the two parts that
// depend on the key (SignatureValue, certificate) replaced by a mark, and, when the engine refuses the document, its
// validation errors. The digest stays in: it is the SHA-256 of the exact document bytes.
import { construirXml, ErrorValidacion, firmarXml, generarCertificadoPrueba, totalesEnTexto, verificarFirma, type TTotales } from '../../../src';

const { credencial } = generarCertificadoPrueba();

/** `verificar`: also check the signature with xml-crypto (slow: done for the examples, not for every variant). */
export function salida(entrada: unknown, verificar = false): string {
  let c;
  try {
    c = construirXml(entrada);
  } catch (e) {
    if (e instanceof ErrorValidacion) return `ERROR ${e.message}\n`;
    throw e;
  }
  const f = firmarXml(c, credencial);
  if (!f.bytes.equals(Buffer.from(f.xml, 'utf8'))) throw new Error(`${c.nombre}: bytes y texto firmados difieren`);
  if (verificar && !verificarFirma(f.xml).valida) throw new Error(`${c.nombre}: la firma no verifica`);
  const xml = f.xml
    .replace(`<ds:SignatureValue>${f.signatureValue}</ds:SignatureValue>`, '<ds:SignatureValue>FIRMA</ds:SignatureValue>')
    .replace(`<ds:X509Certificate>${credencial.certificateBase64}</ds:X509Certificate>`, '<ds:X509Certificate>CERTIFICADO</ds:X509Certificate>');
  const totales = (c as { totales?: TTotales }).totales;
  return `${c.nombre}\n${totales ? JSON.stringify(totalesEnTexto(totales)) : '-'}\n${xml}\n`;
}
