import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The JWT signing key: `JWT_SECRET` when set (required for several API processes); otherwise one generated on
 * first start and kept in `dataDir/secret.key` (mode 600) so sessions survive restarts. Never logged.
 */
export function obtenerSecretoJwt(dataDir: string): { secreto: Uint8Array; origen: 'entorno' | 'archivo' } {
  const delEntorno = process.env.JWT_SECRET;
  if (delEntorno) {
    if (Buffer.byteLength(delEntorno) < 32) throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
    return { secreto: new TextEncoder().encode(delEntorno), origen: 'entorno' };
  }
  const archivo = path.join(dataDir, 'secret.key');
  if (!existsSync(archivo)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(archivo, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  }
  chmodSync(archivo, 0o600);
  const texto = readFileSync(archivo, 'utf8').trim();
  if (texto.length < 32) throw new Error(`El archivo ${archivo} no contiene un secreto válido`);
  return { secreto: new TextEncoder().encode(texto), origen: 'archivo' };
}
