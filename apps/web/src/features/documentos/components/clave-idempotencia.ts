/** A fresh Idempotency-Key. randomUUID needs a secure context; a LAN address over http falls back to random bytes. */
export function nuevaClaveIdempotencia(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
