import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for the secrets a company gives us (its .pfx and password, usuario and clave SOL). The key comes
 * from `YUPANA_CLAVE_CIFRADO` (base64 of 32 bytes, or any text of 32+ characters, hashed to 32 bytes). The
 * embedded demo keeps a generated key in `DATA_DIR/cifrado.key` (see configurarClaveCifrado, called by main.ts).
 * Without either (tests, one-off scripts) a key is generated for the life of the process: what it encrypts is
 * unreadable after a restart, which is fine for an in-memory database and never happens in a started server.
 */
let clave: Buffer | undefined;

function claveDeTexto(texto: string): Buffer {
  const t = texto.trim();
  const b64 = /^[A-Za-z0-9+/_-]+={0,2}$/.test(t) ? Buffer.from(t, 'base64') : undefined;
  if (b64 && b64.length === 32) return b64;
  if (t.length < 32) throw new Error('YUPANA_CLAVE_CIFRADO debe ser base64 de 32 bytes o un texto de al menos 32 caracteres');
  return createHash('sha256').update(t, 'utf8').digest();
}

/** For main.ts: the key from the environment, else from (or generated into) `dataDir/cifrado.key`. */
export function configurarClaveCifrado(dataDir: string): 'entorno' | 'archivo' {
  const delEntorno = process.env.YUPANA_CLAVE_CIFRADO;
  if (delEntorno) {
    clave = claveDeTexto(delEntorno);
    return 'entorno';
  }
  const archivo = path.join(dataDir, 'cifrado.key');
  if (!existsSync(archivo)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(archivo, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  }
  chmodSync(archivo, 0o600);
  clave = claveDeTexto(readFileSync(archivo, 'utf8'));
  return 'archivo';
}

function claveActual(): Buffer {
  if (!clave) clave = process.env.YUPANA_CLAVE_CIFRADO ? claveDeTexto(process.env.YUPANA_CLAVE_CIFRADO) : randomBytes(32);
  return clave;
}

export function cifrar(datos: Uint8Array | string): Uint8Array {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', claveActual(), iv);
  const cuerpo = Buffer.concat([c.update(typeof datos === 'string' ? Buffer.from(datos, 'utf8') : datos), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), cuerpo]);
}

export function descifrar(cifrado: Uint8Array): Buffer {
  const b = Buffer.from(cifrado);
  const d = createDecipheriv('aes-256-gcm', claveActual(), b.subarray(0, 12));
  d.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([d.update(b.subarray(28)), d.final()]);
}

export const descifrarTexto = (cifrado: Uint8Array) => descifrar(cifrado).toString('utf8');

/**
 * Key check value of the encryption key in use: an HMAC of a fixed text, stored in the database by the first process
 * (lib/secreto.ts verificarClaves), so a process started with another key refuses to start. Reveals nothing of the key.
 */
export const valorVerificacionCifrado = () => createHmac('sha256', claveActual()).update('yupana:verificacion:cifrado').digest('hex');
