import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ErrorCodes, type TTokenPayload } from '@yupana/contracts';
import { AppError } from './app-error';

export type ClaimsAcceso = TTokenPayload & { sid: number };

export type Tokens = {
  ttlAccesoSegundos: number;
  firmarAcceso(payload: TTokenPayload, idSesion: number): Promise<string>;
  /** Verifies signature and expiry; throws AppError 401 (TOKEN_EXPIRADO or NO_AUTENTICADO). */
  verificarAcceso(token: string): Promise<ClaimsAcceso>;
  /** Verifies only the signature (the refresh call carries an access token that is usually expired). */
  leerAccesoSinCaducidad(token: string): Promise<ClaimsAcceso | null>;
};

const EMISOR = 'yupana';

export async function crearTokens(secreto: Uint8Array, ttlAccesoSegundos: number): Promise<Tokens> {
  if (secreto.byteLength < 32) throw new Error('El secreto JWT debe tener al menos 32 bytes');
  // Importing the key once avoids re-deriving it on every verification (hot path of every request).
  const clave = await crypto.subtle.importKey('raw', new Uint8Array(secreto), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

  const aClaims = (p: Record<string, unknown>): ClaimsAcceso | null => {
    if (
      typeof p.IdUsuario !== 'number' ||
      typeof p.IdEntidadEmpresa !== 'number' ||
      typeof p.sid !== 'number' ||
      typeof p.Usuario !== 'string' ||
      typeof p.IdCuenta !== 'number' ||
      !Array.isArray(p.Sucursales)
    )
      return null;
    return {
      IdUsuario: p.IdUsuario,
      Usuario: p.Usuario,
      IdEntidadEmpresa: p.IdEntidadEmpresa,
      Sucursales: p.Sucursales as number[],
      IdCuenta: p.IdCuenta,
      DocumentoEmpresa: typeof p.DocumentoEmpresa === 'string' ? p.DocumentoEmpresa : null,
      sid: p.sid,
    };
  };

  // Tokens whose signature was already verified, with their expiry: a repeat request skips the HMAC (the
  // session is still checked in the database on every request, so revocation stays immediate).
  const verificados = new Map<string, { claims: ClaimsAcceso; exp: number }>();
  const MAX_VERIFICADOS = 10_000;

  return {
    ttlAccesoSegundos,
    firmarAcceso: (payload, idSesion) =>
      new SignJWT({ ...payload, sid: idSesion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(EMISOR)
        .setSubject(String(payload.IdUsuario))
        // 128 random bits: two tokens signed in the same second for the same session still differ, so a renewal
        // always hands back a token other than the one it replaces.
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlAccesoSegundos)
        .sign(clave),
    async verificarAcceso(token) {
      const enCache = verificados.get(token);
      if (enCache) {
        if (enCache.exp * 1000 > Date.now()) return enCache.claims;
        verificados.delete(token);
        throw new AppError(ErrorCodes.TOKEN_EXPIRADO, undefined, 401);
      }
      try {
        const { payload } = await jwtVerify(token, clave, { algorithms: ['HS256'], issuer: EMISOR });
        const claims = aClaims(payload);
        if (!claims || typeof payload.exp !== 'number') throw new AppError(ErrorCodes.NO_AUTENTICADO, undefined, 401);
        if (verificados.size >= MAX_VERIFICADOS) verificados.delete(verificados.keys().next().value as string);
        verificados.set(token, { claims, exp: payload.exp });
        return claims;
      } catch (e) {
        if (e instanceof AppError) throw e;
        if (e instanceof joseErrors.JWTExpired) throw new AppError(ErrorCodes.TOKEN_EXPIRADO, undefined, 401);
        throw new AppError(ErrorCodes.NO_AUTENTICADO, undefined, 401);
      }
    },
    async leerAccesoSinCaducidad(token) {
      try {
        const { payload, protectedHeader } = await compactVerify(token, clave, { algorithms: ['HS256'] });
        if (protectedHeader.alg !== 'HS256') return null;
        return aClaims(JSON.parse(new TextDecoder().decode(payload)));
      } catch {
        return null;
      }
    },
  };
}

/** An opaque refresh token: 256 random bits; the database keeps only its SHA-256. */
export function nuevoRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
