import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCodes } from '@yupana/contracts';
import { refreshToken, sesion } from '../src/db/schema';
import { crearTokens, hashRefreshToken } from '../src/lib/tokens';
import { revocarSesion, VerificadorSesiones } from '../src/modules/seguridad/sesiones.repo';
import { conToken, crearEntorno, login, SECRETO_PRUEBA, sesionDe, type Entorno } from './helpers';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  await e?.cerrar();
});

const refrescar = (AccessToken: string, RefreshToken: string) =>
  e.app.inject({
    method: 'POST',
    url: '/api/seguridad/v2/usuarios/refreshtoken',
    headers: { 'x-refresh': '1' },
    payload: { AccessToken, RefreshToken, IdModulo: 1, Forzar: false, Fecha: new Date().toISOString(), TimeLogIn: new Date().toISOString() },
  });

const perfil = (token: string, id: number) => e.app.inject(conToken(token, { method: 'GET', url: `/api/seguridad/v2/usuarios/${id}` }));

const logout = (AccessToken: string, RefreshToken: string) =>
  e.app.inject({ method: 'POST', url: '/api/seguridad/v2/usuarios/logout', payload: { AccessToken, RefreshToken, IdModulo: 1, TimeLogIn: '' } });

describe('refresh token rotation', () => {
  it('issues a new pair on every refresh and keeps the sign-in time', async () => {
    const s = await sesionDe(e.app, 'supervisor');
    const r1 = await refrescar(s.AccessToken, s.RefreshToken);
    expect(r1.statusCode).toBe(200);
    const p1 = r1.json();
    expect(p1.RefreshToken).not.toBe(s.RefreshToken);
    expect(p1.ExpiresIn).toBe(900);
    expect(p1.TimeLogIn).toBe(s.TimeLogIn);
    expect((await perfil(p1.AccessToken, s.IdUsuario)).statusCode).toBe(200);

    const r2 = await refrescar(p1.AccessToken, p1.RefreshToken);
    expect(r2.statusCode).toBe(200);
    expect(r2.json().RefreshToken).not.toBe(p1.RefreshToken);
  });

  it('hands back an access token other than the one presented (new jti, expiry not earlier); the old one lives until its own expiry', async () => {
    const claimsDe = (tk: string) => JSON.parse(Buffer.from(tk.split('.')[1], 'base64url').toString()) as { jti: string; exp: number; sid: number };
    const s = await sesionDe(e.app, 'cajero');
    // Refreshed in the same second as the sign-in: the claims alone would be identical.
    const r = (await refrescar(s.AccessToken, s.RefreshToken)).json();
    expect(r.AccessToken).not.toBe(s.AccessToken);
    const [antes, despues] = [claimsDe(s.AccessToken), claimsDe(r.AccessToken)];
    expect(despues.jti).not.toBe(antes.jti);
    expect(despues.sid).toBe(antes.sid);
    expect(despues.exp).toBeGreaterThanOrEqual(antes.exp);
    // docs/decisions.md: the session, not the token, is what gets revoked; an access token renewed away stays valid
    // for the rest of its short life, so requests already in flight with it do not fail.
    expect((await perfil(s.AccessToken, s.IdUsuario)).statusCode).toBe(200);
    expect((await perfil(r.AccessToken, s.IdUsuario)).statusCode).toBe(200);
    await logout(r.AccessToken, r.RefreshToken);
    expect((await perfil(s.AccessToken, s.IdUsuario)).statusCode).toBe(401);
  });

  it('stores only the SHA-256 of the refresh token', async () => {
    const s = await sesionDe(e.app, 'cajero');
    const filas = await e.dbh.db.select().from(refreshToken).where(eq(refreshToken.tokenHash, hashRefreshToken(s.RefreshToken)));
    expect(filas).toHaveLength(1);
    const crudo = await e.dbh.db.select().from(refreshToken).where(sql`${refreshToken.tokenHash} = ${s.RefreshToken}`);
    expect(crudo).toHaveLength(0);
  });

  it('treats a reused refresh token as theft: 5028 and the whole family is revoked', async () => {
    const s = await sesionDe(e.app, 'supervisor');
    const nuevo = (await refrescar(s.AccessToken, s.RefreshToken)).json();

    const reuso = await refrescar(s.AccessToken, s.RefreshToken);
    expect(reuso.statusCode).toBe(401);
    expect(reuso.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);

    // The legitimate newest token of the family is dead too, and so is its access token.
    const hijo = await refrescar(nuevo.AccessToken, nuevo.RefreshToken);
    expect(hijo.statusCode).toBe(401);
    expect(hijo.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    const acceso = await perfil(nuevo.AccessToken, s.IdUsuario);
    expect(acceso.statusCode).toBe(401);
    expect(acceso.json().ErrorId).toBe(ErrorCodes.SESION_CERRADA);

    // Another session of the same user is untouched.
    const otra = await sesionDe(e.app, 'supervisor');
    expect((await refrescar(otra.AccessToken, otra.RefreshToken)).statusCode).toBe(200);
  });

  it('rejects an unknown refresh token or one paired with another session’s access token with 5028', async () => {
    const s = await sesionDe(e.app, 'soporte');
    const otro = await sesionDe(e.app, 'soporte');
    const desconocido = await refrescar(s.AccessToken, 'no-es-un-token-valido-de-yupana-0123456789abcdef');
    expect(desconocido.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    const cruzado = await refrescar(otro.AccessToken, s.RefreshToken);
    expect(cruzado.statusCode).toBe(401);
    expect(cruzado.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
  });

  it('answers an expired refresh token with 5094', async () => {
    const s = await sesionDe(e.app, 'cajero');
    await e.dbh.db
      .update(refreshToken)
      .set({ expiraEn: new Date(Date.now() - 60_000) })
      .where(eq(refreshToken.tokenHash, hashRefreshToken(s.RefreshToken)));
    const r = await refrescar(s.AccessToken, s.RefreshToken);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ ErrorId: ErrorCodes.REFRESH_EXPIRADO, Mensaje: 'Su sesión ha expirado, ingrese nuevamente' });
  });

  it('answers with 5094 once the absolute session length is over, even with a fresh token', async () => {
    const s = await sesionDe(e.app, 'cajero');
    const nuevo = (await refrescar(s.AccessToken, s.RefreshToken)).json();
    const [fila] = await e.dbh.db.select({ id: refreshToken.idSesion }).from(refreshToken).where(eq(refreshToken.tokenHash, hashRefreshToken(nuevo.RefreshToken)));
    await e.dbh.db.update(sesion).set({ expiraEn: new Date(Date.now() - 1000) }).where(eq(sesion.id, fila.id));
    expect((await refrescar(nuevo.AccessToken, nuevo.RefreshToken)).json().ErrorId).toBe(ErrorCodes.REFRESH_EXPIRADO);
  });

  it('validates the body with field messages in Spanish', async () => {
    const r = await e.app.inject({ method: 'POST', url: '/api/seguridad/v2/usuarios/refreshtoken', payload: { AccessToken: 'x' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ ErrorId: 500001, Mensaje: 'Los datos enviados no son válidos', Errores: { RefreshToken: 'El token de actualización es obligatorio' } });
  });
});

describe('logout', () => {
  it('ends the server session: its refresh and access tokens stop working', async () => {
    const s = await sesionDe(e.app, 'soporte');
    const r = await logout(s.AccessToken, s.RefreshToken);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ Mensaje: 'Sesión cerrada' });
    const despues = await refrescar(s.AccessToken, s.RefreshToken);
    expect(despues.statusCode).toBe(401);
    expect(despues.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    expect((await perfil(s.AccessToken, s.IdUsuario)).statusCode).toBe(401);
  });

  it('is idempotent and reveals nothing about unknown tokens', async () => {
    const s = await sesionDe(e.app, 'soporte');
    expect((await logout(s.AccessToken, s.RefreshToken)).statusCode).toBe(200);
    expect((await logout(s.AccessToken, s.RefreshToken)).statusCode).toBe(200);
    expect((await logout('', 'desconocido-desconocido-desconocido')).statusCode).toBe(200);
  });
});

describe('password change', () => {
  const cambiar = (token: string, body: object) =>
    e.app.inject(conToken(token, { method: 'POST', url: '/api/seguridad/v2/usuarios/contrasenhas', payload: body }));

  it('requires a signed-in user', async () => {
    const r = await e.app.inject({ method: 'POST', url: '/api/seguridad/v2/usuarios/contrasenhas', payload: {} });
    expect(r.statusCode).toBe(401);
    expect(r.json().ErrorId).toBe(ErrorCodes.NO_AUTENTICADO);
  });

  it('rejects a wrong current password and a weak new one with field errors', async () => {
    const s = await sesionDe(e.app, 'demo.cajero');
    const mala = await cambiar(s.AccessToken, { IdUsuario: s.IdUsuario, Usuario: s.Usuario, ContrasenhaActual: 'Otra.2026', Contrasenha: 'Nueva.2027' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toEqual({ ErrorId: 500001, Mensaje: 'Los datos enviados no son válidos', Errores: { ContrasenhaActual: 'La contraseña actual es incorrecta' } });

    const corta = await cambiar(s.AccessToken, { IdUsuario: s.IdUsuario, Usuario: s.Usuario, ContrasenhaActual: 'Demo.2026', Contrasenha: 'password1' });
    expect(corta.json().Errores.Contrasenha).toBe('La contraseña debe tener al menos 10 caracteres');

    // Long enough, but on every list of common passwords; and one built on the user's own name.
    const comun = await cambiar(s.AccessToken, { IdUsuario: s.IdUsuario, Usuario: s.Usuario, ContrasenhaActual: 'Demo.2026', Contrasenha: 'password123' });
    expect(comun.statusCode).toBe(400);
    expect(comun.json().Errores).toEqual({
      Contrasenha: 'La contraseña es fácil de adivinar (es una contraseña usada comúnmente). Use una frase de varias palabras o combine palabras poco comunes con números y signos',
    });
    const propia = await cambiar(s.AccessToken, { IdUsuario: s.IdUsuario, Usuario: s.Usuario, ContrasenhaActual: 'Demo.2026', Contrasenha: 'Demo.Cajero.2027' });
    expect(propia.json().Errores).toEqual({ Contrasenha: 'La contraseña no debe contener su usuario, su correo ni su nombre' });
    // Nothing changed: the demo password still signs in.
    expect((await login(e.app, 'demo.cajero', 'Demo.2026')).statusCode).toBe(200);
  });

  it('cannot change another user’s password', async () => {
    const s = await sesionDe(e.app, 'demo.cajero');
    const r = await cambiar(s.AccessToken, { IdUsuario: s.IdUsuario + 1, Usuario: s.Usuario, ContrasenhaActual: 'Demo.2026', Contrasenha: 'Nueva.2027' });
    expect(r.statusCode).toBe(403);
  });

  it('changes the password and ends the other sessions, keeping the current one', async () => {
    const actual = await sesionDe(e.app, 'demo.cajero');
    const otra = await sesionDe(e.app, 'demo.cajero');
    const r = await cambiar(actual.AccessToken, {
      IdUsuario: actual.IdUsuario,
      Usuario: 'demo.cajero',
      ContrasenhaActual: 'Demo.2026',
      Contrasenha: 'Caja.Nueva.2027',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ Mensaje: 'Contraseña actualizada correctamente' });

    expect((await perfil(actual.AccessToken, actual.IdUsuario)).statusCode).toBe(200);
    expect((await perfil(otra.AccessToken, otra.IdUsuario)).statusCode).toBe(401);
    expect((await refrescar(otra.AccessToken, otra.RefreshToken)).json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    expect((await refrescar(actual.AccessToken, actual.RefreshToken)).statusCode).toBe(200);

    expect((await login(e.app, 'demo.cajero', 'Demo.2026')).statusCode).toBe(401);
    expect((await login(e.app, 'demo.cajero', 'Caja.Nueva.2027')).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('drops old failed attempts and the tokens of sessions that ended over a day ago, nothing else', async () => {
    const { intentoLogin } = await import('../src/db/schema');
    const { purgarDatosVencidos } = await import('../src/modules/seguridad/sesiones.repo');
    const terminada = await sesionDe(e.app, 'cajero');
    const viva = await sesionDe(e.app, 'cajero');
    await logout(terminada.AccessToken, terminada.RefreshToken);
    const idDe = async (token: string) =>
      (await e.dbh.db.select({ id: refreshToken.idSesion }).from(refreshToken).where(eq(refreshToken.tokenHash, hashRefreshToken(token))))[0]?.id;
    const idTerminada = await idDe(terminada.RefreshToken);
    await e.dbh.db.update(sesion).set({ revocadaEn: new Date(Date.now() - 2 * 86400_000) }).where(eq(sesion.id, idTerminada));
    await e.dbh.db.insert(intentoLogin).values([
      { clave: 'u:limpieza', fecha: new Date(Date.now() - 3600_000) },
      { clave: 'u:limpieza', fecha: new Date() },
    ]);

    await purgarDatosVencidos(e.dbh.db, new Date(Date.now() - 15 * 60_000));

    expect(await idDe(terminada.RefreshToken)).toBeUndefined();
    expect(await idDe(viva.RefreshToken)).toBeDefined();
    const restantes = await e.dbh.db.select().from(intentoLogin).where(eq(intentoLogin.clave, 'u:limpieza'));
    expect(restantes).toHaveLength(1);
    expect((await refrescar(viva.AccessToken, viva.RefreshToken)).statusCode).toBe(200);
  });
});

describe('reuse detection does not depend on the access token sent along', () => {
  it('revokes the family when a used refresh token comes back with a garbage access token', async () => {
    const s = await sesionDe(e.app, 'soporte');
    const nuevo = (await refrescar(s.AccessToken, s.RefreshToken)).json();
    expect((await refrescar('basura', s.RefreshToken)).json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    expect((await refrescar(nuevo.AccessToken, nuevo.RefreshToken)).json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
  });

  it('revokes the family when a used refresh token comes back without an access token', async () => {
    const s = await sesionDe(e.app, 'soporte');
    const nuevo = (await refrescar(s.AccessToken, s.RefreshToken)).json();
    const sinAcceso = await e.app.inject({ method: 'POST', url: '/api/seguridad/v2/usuarios/refreshtoken', payload: { RefreshToken: s.RefreshToken } });
    expect(sinAcceso.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    expect((await refrescar(nuevo.AccessToken, nuevo.RefreshToken)).json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
  });

  it('lets only one of two simultaneous refreshes with the same token win, and then treats it as reuse', async () => {
    const s = await sesionDe(e.app, 'supervisor');
    const [a, b] = await Promise.all([refrescar(s.AccessToken, s.RefreshToken), refrescar(s.AccessToken, s.RefreshToken)]);
    const codigos = [a.statusCode, b.statusCode].sort();
    expect(codigos).toEqual([200, 401]);
    const ganador = (a.statusCode === 200 ? a : b).json();
    // The loser's reuse revoked the family, winner included: a stolen-token race never leaves a live session.
    expect((await refrescar(ganador.AccessToken, ganador.RefreshToken)).json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
  });
});

describe('session check of concurrent requests (one query per burst)', () => {
  const claimsDe = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

  it('answers every request of a burst with its own user and company, and refuses a logged-out session at once', async () => {
    const sesiones = await Promise.all(['supervisor', 'cajero', 'soporte', 'supervisor'].map((u) => sesionDe(e.app, u)));
    const rafaga = () => Promise.all(Array.from({ length: 24 }, (_, i) => sesiones[i % sesiones.length]).map((s) => perfil(s.AccessToken, s.IdUsuario)));
    const primera = await rafaga();
    primera.forEach((r, i) => {
      const s = sesiones[i % sesiones.length];
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ IdUsuario: s.IdUsuario, IdEntidadEmpresa: s.IdEntidadEmpresa });
    });

    const cerrada = sesiones[1];
    expect((await logout(cerrada.AccessToken, cerrada.RefreshToken)).statusCode).toBe(200);
    const segunda = await rafaga();
    segunda.forEach((r, i) => {
      const s = sesiones[i % sesiones.length];
      if (s === cerrada) {
        expect(r.statusCode).toBe(401);
        expect(r.json().ErrorId).toBe(ErrorCodes.SESION_CERRADA);
      } else expect(r.statusCode).toBe(200);
    });
  });

  it('refuses a validly signed token that names another user’s session, even in the same burst as that session', async () => {
    const dueño = await sesionDe(e.app, 'supervisor');
    const otro = await sesionDe(e.app, 'cajero');
    const { exp: _exp, iat: _iat, iss: _iss, sub: _sub, sid: _sid, ...payload } = claimsDe(otro.AccessToken);
    const tokens = await crearTokens(new TextEncoder().encode(SECRETO_PRUEBA), 900);
    const cruzado = await tokens.firmarAcceso(payload as never, claimsDe(dueño.AccessToken).sid as number);
    const r = await Promise.all([
      perfil(dueño.AccessToken, dueño.IdUsuario),
      perfil(cruzado, otro.IdUsuario),
      perfil(dueño.AccessToken, dueño.IdUsuario),
      perfil(cruzado, otro.IdUsuario),
    ]);
    expect(r.map((x) => x.statusCode)).toEqual([200, 401, 200, 401]);
    expect(r[1].json().ErrorId).toBe(ErrorCodes.SESION_CERRADA);
  });

  it('never answers a check with a query sent before it: a revocation committed in between is seen', async () => {
    const s = await sesionDe(e.app, 'soporte');
    const sid = claimsDe(s.AccessToken).sid as number;
    const verificador = new VerificadorSesiones(e.dbh.db, 1);
    const antes = verificador.verificar(sid, s.IdUsuario);
    // The first query leaves on the next turn of the event loop; the revocation commits while it may still be running.
    await new Promise((ok) => setImmediate(ok));
    await revocarSesion(e.dbh.db, sid, 'prueba', null);
    const despues = verificador.verificar(sid, s.IdUsuario);
    expect((await despues)?.sesionVigente).toBe(false);
    expect(await antes).not.toBeNull();
    expect(await verificador.verificar(sid, s.IdUsuario + 100_000)).toBeNull();
    expect(await verificador.verificar(987_654_321, s.IdUsuario)).toBeNull();
    // An id no bigint holds is refused on its own, without failing the checks that share its query.
    const [raro, bueno] = await Promise.all([verificador.verificar(1.5, s.IdUsuario), verificador.verificar(sid, s.IdUsuario)]);
    expect(raro).toBeNull();
    expect(bueno?.sesionVigente).toBe(false);
  });
});
