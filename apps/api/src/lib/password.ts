import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const OPCIONES = { algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable with isolatedModules) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashContrasenha(contrasenha: string): Promise<string> {
  return hash(contrasenha, OPCIONES);
}

export async function verificarContrasenha(hashGuardado: string, contrasenha: string): Promise<boolean> {
  try {
    return await verify(hashGuardado, contrasenha);
  } catch {
    // A malformed stored hash must never let anyone in.
    return false;
  }
}

let hashFicticio: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the user does not exist, so response time does not tell an
 * attacker which user names exist.
 */
export async function verificarContrasenhaFicticia(contrasenha: string): Promise<void> {
  hashFicticio ??= hashContrasenha('yupana-usuario-inexistente-0');
  await verificarContrasenha(await hashFicticio, contrasenha);
}
