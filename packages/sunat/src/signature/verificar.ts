import xpath from 'xpath';
import { SignedXml } from 'xml-crypto';
import { NS_DS } from './constantes';
import { parsearXml } from './xml';

/**
 * Checks the enveloped signature of a SUNAT document against the certificate in its own KeyInfo: the document was
 * not altered after signing. It does not judge whether the certificate is trustworthy (chain, expiry).
 */
export function verificarFirma(xml: string): { valida: boolean; motivo?: string } {
  try {
    const sinDeclaracion = xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
    const dom = parsearXml(sinDeclaracion);
    const firmas = xpath.select(`//*[local-name()='Signature' and namespace-uri()='${NS_DS}']`, dom) as Node[];
    if (firmas.length === 0) return { valida: false, motivo: 'El documento no está firmado.' };
    if (firmas.length > 1) return { valida: false, motivo: 'El documento tiene más de una firma.' };
    const referencias = xpath.select(`//*[local-name()='Reference' and namespace-uri()='${NS_DS}']/@URI`, dom) as unknown as Attr[];
    if (referencias.length !== 1 || referencias[0].value !== '') {
      return { valida: false, motivo: 'La firma debe tener una sola referencia al documento completo (URI="").' };
    }
    const sig = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    sig.loadSignature(firmas[0]);
    if (!sig.checkSignature(sinDeclaracion)) return { valida: false, motivo: 'La firma no corresponde al contenido del documento.' };
    return { valida: true };
  } catch (e) {
    return { valida: false, motivo: e instanceof Error ? e.message : String(e) };
  }
}
