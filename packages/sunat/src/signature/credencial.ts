import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CertificadoError } from '../errors';

export type TCredencialFirma = {
  privateKey: KeyObject;
  certificatePem: string;
  /** DER of the certificate in base64, no line breaks: the content of ds:X509Certificate. */
  certificateBase64: string;
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
};

// Parsing a PKCS#12 with node-forge takes tens of milliseconds (key derivation); a company signs thousands of
// documents with the same file, so it is parsed once per (content, password).
const cache = new Map<string, TCredencialFirma>();
const MAX_CACHE = 32;

function nombreDistinguido(attrs: forge.pki.CertificateField[]): string {
  return attrs.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(', ');
}

function credencialDe(key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate): TCredencialFirma {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificatePem: forge.pki.certificateToPem(cert),
    certificateBase64: forge.util.encode64(der),
    subject: nombreDistinguido(cert.subject.attributes),
    issuer: nombreDistinguido(cert.issuer.attributes),
    validFrom: cert.validity.notBefore,
    validTo: cert.validity.notAfter,
  };
}

const leerAsn1 = (pfx: Uint8Array) => forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));

/**
 * OpenSSL 3 encrypts a .pfx with PBES2 (AES), whose key derivation takes the password as UTF-8 bytes, while the MAC
 * and the legacy 3DES scheme take it as UTF-16. node-forge hands PBES2 the JavaScript string as if it were bytes,
 * so a password with "ñ" or accents fails there. Retry: the MAC has already proved the password right, so open the
 * contents again without the MAC and with the password as UTF-8 bytes.
 */
function abrirPkcs12(pfx: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(leerAsn1(pfx), false, password);
  } catch (e) {
    const texto = e instanceof Error ? e.message : String(e);
    if (!/Failed to decrypt/i.test(texto) || [...password].every((c) => c.charCodeAt(0) < 0x80)) throw e;
    const sinMac = leerAsn1(pfx);
    (sinMac.value as forge.asn1.Asn1[]).splice(2);
    return forge.pkcs12.pkcs12FromAsn1(sinMac, false, forge.util.encodeUtf8(password));
  }
}

/** Key and certificate from a company's .pfx / .p12. Throws CertificadoError with a Spanish message. */
export function cargarPfx(pfx: Uint8Array, password: string): TCredencialFirma {
  const clave = createHash('sha256').update(pfx).update('\0').update(password, 'utf8').digest('hex');
  const enCache = cache.get(clave);
  if (enCache) return enCache;

  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = abrirPkcs12(pfx, password);
  } catch (e) {
    const texto = e instanceof Error ? e.message : String(e);
    if (/password|MAC/i.test(texto)) throw new CertificadoError('La contraseña del certificado digital (.pfx) es incorrecta.', { cause: e });
    throw new CertificadoError(`El archivo no es un certificado digital PKCS#12 (.pfx) válido: ${texto}`, { cause: e });
  }

  const oids = forge.pki.oids;
  const bolsasClave = [
    ...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: oids.keyBag })[oids.keyBag] ?? []),
  ];
  const claves = bolsasClave.map((b) => b.key).filter((k): k is forge.pki.rsa.PrivateKey => Boolean(k && 'n' in k));
  if (claves.length === 0) throw new CertificadoError('El certificado digital (.pfx) no contiene una clave privada RSA.');
  const certs = (p12.getBags({ bagType: oids.certBag })[oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));

  // A .pfx may carry the CA chain too: the signing certificate is the one whose public key matches the private key.
  for (const key of claves) {
    const cert = certs.find((c) => {
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return pub.n?.equals(key.n) && pub.e?.equals(key.e);
    });
    if (cert) {
      const credencial = credencialDe(key, cert);
      if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
      cache.set(clave, credencial);
      return credencial;
    }
  }
  throw new CertificadoError('El certificado digital (.pfx) no contiene el certificado de su clave privada.');
}

/**
 * A fresh self-signed RSA-2048 certificate for tests, demos and the CLI without --pfx. SUNAT does not accept it in
 * production. The .pfx is real (3DES / SHA-1 MAC, readable by OpenSSL) and is loaded back through cargarPfx.
 */
export function generarCertificadoPrueba(opts: { ruc?: string; razonSocial?: string } = {}): {
  credencial: TCredencialFirma;
  pfx: Buffer;
  password: string;
} {
  const ruc = opts.ruc ?? '20000000001';
  const razonSocial = opts.razonSocial ?? 'EMPRESA DE PRUEBA YUPANA';
  // Node generates the key pair natively (forge's pure-JS generation takes seconds).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  const ahora = Date.now();
  cert.validity.notBefore = new Date(ahora - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(ahora + 365 * 24 * 3600 * 1000);
  const nombre = [
    { shortName: 'CN', value: `${razonSocial} (PRUEBA)` },
    { shortName: 'O', value: razonSocial },
    { shortName: 'OU', value: `RUC ${ruc}` },
    { shortName: 'C', value: 'PE' },
  ];
  cert.setSubject(nombre);
  cert.setIssuer(nombre);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());

  const password = randomBytes(12).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des', friendlyName: razonSocial });
  const pfx = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return { credencial: cargarPfx(pfx, password), pfx, password };
}
