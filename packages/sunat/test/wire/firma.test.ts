import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { C14nCanonicalization } from 'xml-crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CertificadoError, FirmaError } from '../../src/errors';
import { cargarPfx, firmarXml, generarCertificadoPrueba, verificarFirma, type TCredencialFirma } from '../../src/signature';
import { parsearXml, textoDeXml } from '../../src/signature/xml';
import { construirXml } from '../../src/ubl';
import { exigirHerramienta, faltaXmlsec1, hayOpenssl, hayShared, openssl, sunatShared, xmlsec1Verifica } from './helpers/entorno';

const NS = [
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
  'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"',
].join(' ');

/** A small invoice already in canonical form (what the builders emit), with accents, escapes and no ds prefix. */
function facturaCanonica(total = '118.00', extraRaiz = ''): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ${NS}${extraRaiz}><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>` +
    `<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:ID>F001-123</cbc:ID><cbc:Note languageLocaleID="1000">SON: CIENTO DIECIOCHO CON 00/100 SOLES</cbc:Note>` +
    `<cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>CAFÉ &amp; PIÑA S.A.C. &lt;Perú&gt;</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>` +
    `<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">${total}</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>`
  );
}

function canonicalizar(xml: string): string {
  const dom = parsearXml(xml.replace(/^<\?xml[^?]*\?>\s*/, '').replace(/>\s+</g, '><'));
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new C14nCanonicalization().process(dom.documentElement as never, {}).toString();
}

// Every signature checked with xml-crypto below is also handed to xmlsec1, an independent verifier, in one test at
// the end of the file: when xmlsec1 is missing that test is a visible skip with the reason (a failure in CI).
const paraXmlsec1: { nombre: string; xml: string; ok: boolean }[] = [];
function esperarXmlsec1(xml: string, ok: boolean) {
  paraXmlsec1.push({ nombre: expect.getState().currentTestName ?? '?', xml, ok });
}

let cred: TCredencialFirma;
beforeAll(() => {
  cred = generarCertificadoPrueba({ ruc: '20123456789', razonSocial: 'COMERCIAL ANDINA S.A.C.' }).credencial;
});

describe('certificado .pfx', () => {
  it('genera un certificado de prueba que se vuelve a leer desde su .pfx', () => {
    const { credencial, pfx, password } = generarCertificadoPrueba({ ruc: '20999999991', razonSocial: 'DEMO' });
    expect(credencial.subject).toContain('RUC 20999999991');
    expect(credencial.validTo.getTime()).toBeGreaterThan(Date.now());
    const otra = cargarPfx(pfx, password);
    expect(otra.certificateBase64).toBe(credencial.certificateBase64);
    expect(cargarPfx(new Uint8Array(pfx), password)).toBe(otra); // parsed once per content
  });

  it('rechaza una contraseña incorrecta y un archivo que no es .pfx con mensajes en español', () => {
    const { pfx } = generarCertificadoPrueba();
    expect(() => cargarPfx(pfx, 'otra-clave')).toThrow(CertificadoError);
    expect(() => cargarPfx(pfx, 'otra-clave')).toThrow(/contraseña del certificado/);
    expect(() => cargarPfx(Buffer.from('no soy un pfx'), 'x')).toThrow(/PKCS#12/);
  });

  it.runIf(hayOpenssl)('lee un .pfx exportado por OpenSSL 3 con sus valores por defecto (AES-256, PBKDF2) y la cadena', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yupana-pfx-'));
    try {
      openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '5', '-subj', '/CN=CA PRUEBA'], dir);
      openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'k.pem', '-out', 'r.csr', '-subj', '/CN=FIRMANTE/O=20123456789'], dir);
      openssl(['x509', '-req', '-in', 'r.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'c.pem', '-days', '5'], dir);
      openssl(['pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-certfile', 'ca.pem', '-out', 'f.pfx', '-passout', 'pass:clave-2026'], dir);
      const c = cargarPfx(readFileSync(path.join(dir, 'f.pfx')), 'clave-2026');
      // Peruvian passwords carry ñ and accents: OpenSSL derives the AES key from their UTF-8 bytes.
      openssl(['pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'n.pfx', '-passout', 'pass:Contraseña-Añón'], dir);
      expect(cargarPfx(readFileSync(path.join(dir, 'n.pfx')), 'Contraseña-Añón').subject).toContain('CN=FIRMANTE');
      expect(() => cargarPfx(readFileSync(path.join(dir, 'n.pfx')), 'Contrasena-Anon')).toThrow(/contraseña del certificado/);
      // The legacy 3DES format (older Peruvian CA exports) takes the password as UTF-16; needs OpenSSL's legacy provider.
      let legado = true;
      try {
        openssl(['pkcs12', '-export', '-legacy', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'l.pfx', '-passout', 'pass:Contraseña-Añón'], dir);
      } catch {
        legado = false;
        console.warn('[sunat wire] OpenSSL sin proveedor "legacy": se omite el .pfx 3DES con contraseña no ASCII.');
      }
      if (legado) expect(cargarPfx(readFileSync(path.join(dir, 'l.pfx')), 'Contraseña-Añón').subject).toContain('CN=FIRMANTE');
      expect(c.subject).toContain('CN=FIRMANTE');
      expect(c.issuer).toContain('CN=CA PRUEBA');
      const firmado = firmarXml({ xml: facturaCanonica(), canonico: true }, c);
      expect(verificarFirma(firmado.xml)).toEqual({ valida: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('firma XMLDSig', () => {
  it('firma un XML canónico por la vía rápida: pasa xml-crypto y xmlsec1, y el digest coincide con C14N real', () => {
    const xml = facturaCanonica();
    const rapido = firmarXml({ xml, canonico: true }, cred);
    const general = firmarXml({ xml }, cred);
    expect(rapido.digestValue).toBe(general.digestValue);
    expect(verificarFirma(rapido.xml)).toEqual({ valida: true });
    expect(verificarFirma(general.xml)).toEqual({ valida: true });
    esperarXmlsec1(rapido.xml, true);
    esperarXmlsec1(general.xml, true);
    expect(rapido.xml).toContain('<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="SignYUPANA">');
    expect(rapido.xml).toContain(`<ds:X509Certificate>${cred.certificateBase64}</ds:X509Certificate>`);
    expect(rapido.xml).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
  });

  it('la vía rápida lleva al SignedInfo los namespaces de la raíz en orden C14N (ds ya declarado en la raíz)', () => {
    const xml = facturaCanonica('10.00', ' xmlns:sac="urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1"').replace(
      ' xmlns:ext=',
      ' xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:ext=',
    );
    const firmado = firmarXml({ xml, canonico: true }, cred);
    expect(firmado.xml).toContain('<ds:Signature Id="SignYUPANA">');
    expect(firmado.digestValue).toBe(firmarXml({ xml }, cred).digestValue);
    expect(verificarFirma(firmado.xml)).toEqual({ valida: true });
    esperarXmlsec1(firmado.xml, true);
  });

  it('la vía rápida rechaza xml:* en la raíz (xmlsec1 lo hereda en SignedInfo, xml-crypto no)', () => {
    expect(() => firmarXml({ xml: facturaCanonica('1.00', ' xml:lang="es"'), canonico: true }, cred)).toThrow(/xml:lang/);
  });

  it('un XML firmado con un importe alterado falla en xml-crypto y en xmlsec1', () => {
    for (const canonico of [true, false]) {
      const firmado = firmarXml({ xml: facturaCanonica('118.00'), canonico }, cred);
      const alterado = firmado.xml.replace('>118.00</cbc:PayableAmount>', '>18.00</cbc:PayableAmount>');
      expect(alterado).not.toBe(firmado.xml);
      const r = verificarFirma(alterado);
      expect(r.valida).toBe(false);
      expect(r.motivo).toBeTruthy();
      esperarXmlsec1(alterado, false);
    }
  });

  it('rechaza un XML marcado como canónico que no lo es, en vez de firmar con un digest equivocado', () => {
    expect(() => firmarXml({ xml: facturaCanonica().replace('<cbc:UBLVersionID>2.1</cbc:UBLVersionID>', '<cbc:UBLVersionID/>'), canonico: true }, cred)).toThrow(FirmaError);
    expect(() => firmarXml({ xml: facturaCanonica().replace('<ext:ExtensionContent></ext:ExtensionContent>', '<ext:ExtensionContent/>'), canonico: true }, cred)).toThrow(FirmaError);
    expect(() => firmarXml({ xml: '<a><b></b></a>' }, cred)).toThrow(/ExtensionContent vacío/);
  });

  it.each([
    ['/>', '<cbc:UBLVersionID/>'], ['<!--', '<!-- x -->'], ['<![CDATA[', '<![CDATA[x]]>'], ['<!DOCTYPE', '<!DOCTYPE x>'], ['\r', '\r'],
  ])('rechaza un XML "canónico" que contiene %j, y nombra la primera secuencia prohibida', (secuencia, insertado) => {
    const xml = facturaCanonica().replace('<cbc:ID>F001-123', `${insertado}<cbc:ID>F001-123`);
    expect(() => firmarXml({ xml, canonico: true }, cred)).toThrow(`contiene "${secuencia}"`);
    // Two of them: the message names the one that comes first in the document.
    const dos = xml.replace('<cbc:UBLVersionID>', '<!-- antes --><cbc:UBLVersionID>');
    expect(() => firmarXml({ xml: dos, canonico: true }, cred)).toThrow('contiene "<!--"');
  });

  it('un documento sin firma o con dos firmas no es válido', () => {
    expect(verificarFirma(facturaCanonica()).valida).toBe(false);
    const una = firmarXml({ xml: facturaCanonica(), canonico: true }, cred).xml;
    const sig = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(una)![0];
    expect(verificarFirma(una.replace('</Invoice>', `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent>${sig}</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions></Invoice>`)).valida).toBe(false);
  });
});

describe.runIf(hayShared)('firma sobre las muestras reales de ../shared/sunat/samples', () => {
  const boleta = () => textoDeXml(readFileSync(path.join(sunatShared, 'samples/unsigned/12345678912-03-B001-1.boleta.xml')));

  it('firma la boleta sin firmar (ISO-8859-1, sangrías, <ext:ExtensionContent/>) por la vía general', () => {
    const firmado = firmarXml({ xml: boleta() }, cred);
    expect(firmado.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(verificarFirma(firmado.xml)).toEqual({ valida: true });
    esperarXmlsec1(firmado.xml, true);
    const alterado = firmado.xml.replace(/(<cbc:PayableAmount[^>]*>)[^<]+/, '$1999.99');
    expect(alterado).not.toBe(firmado.xml);
    expect(verificarFirma(alterado).valida).toBe(false);
    esperarXmlsec1(alterado, false);
  });

  it('firma la misma boleta en forma canónica por la vía rápida con el mismo digest que la vía general', () => {
    const canon = canonicalizar(boleta());
    const rapido = firmarXml({ xml: canon, canonico: true }, cred);
    expect(rapido.digestValue).toBe(firmarXml({ xml: canon }, cred).digestValue);
    expect(verificarFirma(rapido.xml)).toEqual({ valida: true });
    esperarXmlsec1(rapido.xml, true);
  });

  it('verifica las firmas de todos los documentos firmados de muestra', () => {
    const dir = path.join(sunatShared, 'samples/signed');
    const archivos = readdirSync(dir).filter((f) => f.endsWith('.xml'));
    expect(archivos.length).toBeGreaterThanOrEqual(7);
    for (const f of archivos) {
      const xml = textoDeXml(readFileSync(path.join(dir, f)));
      expect(verificarFirma(xml), f).toEqual({ valida: true });
      const alterado = xml.replace(/(<cbc:ID>)([^<]+)(<\/cbc:ID>)/, '$1X$2$3');
      expect(verificarFirma(alterado).valida, f).toBe(false);
    }
  });
});

describe('firma de lo que emiten los constructores UBL (packages/sunat/examples)', () => {
  const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../examples');
  const ejemplos = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

  it('hay ejemplos de todos los tipos', () => {
    expect(ejemplos.length).toBeGreaterThanOrEqual(8);
  });

  // The fast path trusts the builders' canonical form: prove it on every example by comparing with a real C14N.
  it.each(ejemplos)('%s: el digest de la vía rápida es el de C14N real, y xmlsec1 y xml-crypto verifican', (archivo) => {
    const construido = construirXml(JSON.parse(readFileSync(path.join(dir, archivo), 'utf8')));
    const rapido = firmarXml(construido, cred);
    expect(rapido.digestValue).toBe(firmarXml({ xml: construido.xml }, cred).digestValue);
    expect(verificarFirma(rapido.xml)).toEqual({ valida: true });
    esperarXmlsec1(rapido.xml, true);
  });
});

describe('verificación independiente con xmlsec1', () => {
  it('xmlsec1 acepta cada firma válida de arriba y rechaza cada documento alterado', (ctx) => {
    exigirHerramienta(ctx, faltaXmlsec1);
    expect(paraXmlsec1.length).toBeGreaterThan(0);
    for (const { nombre, xml, ok } of paraXmlsec1) {
      const r = xmlsec1Verifica(xml);
      expect(r.ok, `${nombre}\n${r.salida}`).toBe(ok);
    }
  }, 120_000);
});
