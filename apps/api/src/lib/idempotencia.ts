import { createHash } from 'node:crypto';
import { ErrorCodes } from '@yupana/contracts';
import { AppError } from './app-error';

/** JSON with the keys of every object sorted, so the same request written in another order has the same text. */
function jsonCanonico(valor: unknown): string {
  if (Array.isArray(valor)) return `[${valor.map((v) => (v === undefined ? 'null' : jsonCanonico(v))).join(',')}]`;
  if (valor && typeof valor === 'object') {
    const pares = Object.keys(valor)
      .sort()
      .filter((k) => (valor as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${jsonCanonico((valor as Record<string, unknown>)[k])}`);
    return `{${pares.join(',')}}`;
  }
  return JSON.stringify(valor) ?? 'null';
}

/**
 * Fingerprint of a request stored with its Idempotency-Key: SHA-256 (hex) of the validated body in canonical JSON.
 * The body as the contract parsed it (defaults filled in, text trimmed), so two requests that mean the same document
 * have the same fingerprint even when written differently.
 */
export function huellaSolicitud(cuerpo: unknown): string {
  return createHash('sha256').update(jsonCanonico(cuerpo)).digest('hex');
}

/**
 * The answer to a key reused with another request (Stripe's rule): 422, nothing created, nothing replayed. Replaying
 * the first document would make the client believe its second, different document was issued.
 */
export function claveReutilizada(): AppError {
  return new AppError(ErrorCodes.IDEMPOTENCIA_OTRA_SOLICITUD, undefined, 422);
}

/** Throws claveReutilizada when a stored fingerprint exists and differs from this request's (rows from before keep none). */
export function comprobarHuella(guardada: string | null | undefined, actual: string | undefined): void {
  if (actual && guardada && guardada !== actual) throw claveReutilizada();
}
