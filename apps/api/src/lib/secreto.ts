import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { claveVerificacion } from '../modules/sistema/sistema.schema';

/**
 * The JWT signing key: `JWT_SECRET` when set (required on PostgreSQL, see exigirClavesDelEntorno); otherwise one
 * generated on first start and kept in `dataDir/secret.key` (mode 600) so sessions survive restarts. Never logged.
 */
export function obtenerSecretoJwt(dataDir: string): { secreto: Uint8Array; origen: 'entorno' | 'archivo' } {
  const delEntorno = process.env.JWT_SECRET;
  if (delEntorno) {
    if (Buffer.byteLength(delEntorno) < 32) throw new ErrorDeArranque('JWT_SECRET debe tener al menos 32 caracteres');
    return { secreto: new TextEncoder().encode(delEntorno), origen: 'entorno' };
  }
  const archivo = path.join(dataDir, 'secret.key');
  if (!existsSync(archivo)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(archivo, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  }
  chmodSync(archivo, 0o600);
  const texto = readFileSync(archivo, 'utf8').trim();
  if (texto.length < 32) throw new ErrorDeArranque(`El archivo ${archivo} no contiene un secreto válido`);
  return { secreto: new TextEncoder().encode(texto), origen: 'archivo' };
}

/** A reason not to start that the operator must read: main.ts prints its message alone, without a stack. */
export class ErrorDeArranque extends Error {
  override name = 'ErrorDeArranque';
}

/**
 * On PostgreSQL several processes share one database, so every one of them must use the same keys: keys generated
 * into each DATA_DIR would make one process unable to read the certificates another stored (and its sessions).
 * The keys must then come from the environment, where the operator sets them once for all processes.
 */
export function exigirClavesDelEntorno(motor: 'pglite' | 'postgres'): void {
  if (motor !== 'postgres') return;
  const faltan = ['YUPANA_CLAVE_CIFRADO', 'JWT_SECRET'].filter((v) => !process.env[v]);
  if (faltan.length)
    throw new ErrorDeArranque(
      `Con DATABASE_URL (PostgreSQL) defina ${faltan.join(' y ')} en el entorno, con el mismo valor en todos los procesos ` +
        'que usan la base de datos (por ejemplo: export YUPANA_CLAVE_CIFRADO=$(openssl rand -base64 32) JWT_SECRET=$(openssl rand -hex 32)). ' +
        'Vea "Running several processes" en el README.',
    );
}

const NOMBRES: Record<'cifrado' | 'jwt', { variable: string; que: string }> = {
  cifrado: { variable: 'YUPANA_CLAVE_CIFRADO', que: 'La clave de cifrado' },
  jwt: { variable: 'JWT_SECRET', que: 'La clave de las sesiones' },
};

/** Key check value of the JWT secret (an HMAC of a fixed text: reveals nothing of the key). */
export const valorVerificacionJwt = (secreto: Uint8Array) => createHmac('sha256', secreto).update('yupana:verificacion:jwt').digest('hex');

/**
 * Compares the keys of this process with the check values stored in the database by the first process that started
 * on it (storing them when there are none). A different key stops the start with a message that says which one.
 */
export async function verificarClaves(db: Db, valores: Record<'cifrado' | 'jwt', string>): Promise<void> {
  for (const nombre of ['cifrado', 'jwt'] as const) {
    await db.insert(claveVerificacion).values({ nombre, valor: valores[nombre] }).onConflictDoNothing();
    const [guardada] = await db.select().from(claveVerificacion).where(eq(claveVerificacion.nombre, nombre));
    if (guardada.valor !== valores[nombre]) {
      const { variable, que } = NOMBRES[nombre];
      throw new ErrorDeArranque(
        `${que} de este proceso (${variable}) no es la misma con la que se inició esta base de datos el ` +
          `${guardada.logFechaCrea.toISOString().slice(0, 10)}: use el mismo ${variable} en todos los procesos. ` +
          (nombre === 'cifrado' ? 'Con otra clave no se podrían leer los certificados ni las claves SOL guardados.' : 'Con otra clave las sesiones no valdrían entre procesos.'),
      );
    }
  }
}
