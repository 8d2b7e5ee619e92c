import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { ErrorCodes } from '@yupana/contracts';
import { usuario } from '../src/db/schema';
import { demoraTrasFallos } from '../src/modules/seguridad/limite-ingreso';
import { basic, crearEntorno, ipNueva, login, type Entorno } from './helpers';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ limitesLogin: { demoraInicialSegundos: 60, demoraMaximaSegundos: 3600 } });
});
afterAll(async () => {
  await e?.cerrar();
});

async function fijarEstado(nombre: string, estado: number) {
  await e.dbh.db.update(usuario).set({ estado }).where(eq(usuario.usuario, nombre));
}

describe('POST /api/seguridad/v3/usuarios/login/{IdModulo}', () => {
  it('signs in the demo supervisor and returns tokens with the seed payload', async () => {
    const r = await login(e.app, 'supervisor');
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({ TipoToken: 'Bearer', Usuario: 'supervisor', DocumentoEmpresa: '20600123450', ExpiresIn: 900 });
    expect(typeof b.RefreshToken).toBe('string');
    expect(b.RefreshToken.length).toBeGreaterThanOrEqual(40);
    expect(Number.isNaN(Date.parse(b.TimeLogIn))).toBe(false);
    const claims = decodeJwt(b.AccessToken);
    expect(claims).toMatchObject({ IdUsuario: b.IdUsuario, Usuario: 'supervisor', IdEntidadEmpresa: b.IdEntidadEmpresa, DocumentoEmpresa: '20600123450' });
    expect(claims.Sucursales).toHaveLength(2);
    expect(typeof claims.IdCuenta).toBe('number');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
  });

  it('reports the first sign-in with LogIn 0, later ones with 1', async () => {
    const primero = await login(e.app, 'demo.cajero');
    expect(primero.json().LogIn).toBe(0);
    const segundo = await login(e.app, 'demo.cajero');
    expect(segundo.json().LogIn).toBe(1);
  });

  it('accepts the user name in any case', async () => {
    const r = await login(e.app, 'SoPorte');
    expect(r.statusCode).toBe(200);
    expect(r.json().Usuario).toBe('soporte');
  });

  it('answers a wrong password and an unknown user with the same generic message', async () => {
    const malaClave = await login(e.app, 'cajero', 'Equivocada.1');
    const noExiste = await login(e.app, 'nadie.aqui', 'Equivocada.1');
    expect(malaClave.statusCode).toBe(401);
    expect(noExiste.statusCode).toBe(401);
    expect(malaClave.json()).toEqual({ ErrorId: ErrorCodes.CREDENCIALES_INVALIDAS, Mensaje: 'Usuario o contraseña incorrectos' });
    expect(noExiste.json()).toEqual(malaClave.json());
  });

  it('rejects an inactive or deleted user, but only after the right password', async () => {
    await fijarEstado('soporte', 0);
    const inactivo = await login(e.app, 'soporte');
    expect(inactivo.statusCode).toBe(403);
    expect(inactivo.json().ErrorId).toBe(ErrorCodes.USUARIO_INACTIVO);
    expect(inactivo.json().Mensaje).toMatch(/no está activo/);
    // A guesser learns nothing about the account state.
    expect((await login(e.app, 'soporte', 'Otra.2026')).json().Mensaje).toBe('Usuario o contraseña incorrectos');

    await fijarEstado('soporte', 2);
    expect((await login(e.app, 'soporte')).statusCode).toBe(403);
    await fijarEstado('soporte', 1);
    expect((await login(e.app, 'soporte')).statusCode).toBe(200);
  });

  it('tells a pending-invitation user to accept the invitation', async () => {
    await fijarEstado('demo.supervisor', 3);
    const r = await login(e.app, 'demo.supervisor');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ ErrorId: ErrorCodes.INVITACION_PENDIENTE, Mensaje: 'Debe aceptar la invitación enviada a su correo antes de ingresar' });
    await fijarEstado('demo.supervisor', 1);
  });

  it('needs the Basic header and a known module', async () => {
    const sinCabecera = await e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', remoteAddress: ipNueva() });
    expect(sinCabecera.statusCode).toBe(400);
    expect(sinCabecera.json()).toMatchObject({ ErrorId: 500001, Errores: { Authorization: 'Debe enviar su usuario y contraseña' } });

    const modulo = await e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/login/99',
      headers: { authorization: basic('supervisor', 'Demo.2026') },
      remoteAddress: ipNueva(),
    });
    expect(modulo.statusCode).toBe(400);
    expect(modulo.json().ErrorId).toBe(ErrorCodes.MODULO_INVALIDO);

    const noNumerico = await e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/abc', remoteAddress: ipNueva() });
    expect(noNumerico.statusCode).toBe(400);
    expect(noNumerico.json().Errores.IdModulo).toBeTruthy();
  });

  it('stores only an argon2id hash of the password', async () => {
    const [fila] = await e.dbh.db.select({ h: usuario.contrasenhaHash }).from(usuario).where(sql`${usuario.usuario} = 'cajero'`);
    expect(fila.h.startsWith('$argon2id$')).toBe(true);
    expect(fila.h).not.toContain('Demo.2026');
  });
});

describe('login throttling: growing delays per (user, IP) and a per-IP budget, never a lock of the user', () => {
  // The delays of this file start at 60 s (1 s in production) so that a slow machine cannot turn an attempt that
  // must wait into one that may go; time passes by moving the recorded attempts back, never by sleeping.
  const atrasar = (clave: string, segundos: number) =>
    e.dbh.db.execute(sql`update intento_login set fecha = fecha - make_interval(secs => ${segundos}) where clave = ${clave}`);

  it('the first 3 failures are free; then each guess waits 60 s, 120 s, 240 s... and the right password from that IP waits too', async () => {
    const ip = ipNueva();
    const par = `ui:${ip}|demo.supervisor`;
    for (let i = 0; i < 3; i++) expect((await login(e.app, 'demo.supervisor', `Mala.${i}xx`, ip)).statusCode).toBe(401);
    const esperas: number[] = [];
    for (let ronda = 0; ronda < 3; ronda++) {
      const r = await login(e.app, 'demo.supervisor', 'Demo.2026', ip);
      expect(r.statusCode).toBe(429);
      expect(r.json().ErrorId).toBe(ErrorCodes.DEMASIADOS_INTENTOS);
      expect(r.json().Mensaje).toMatch(/^Demasiados intentos de ingreso\. Inténtelo nuevamente en \d+ (segundos?|minutos?)$/);
      esperas.push(Number(r.headers['retry-after']));
      // The wait is over: one more wrong guess is judged (401), and the next wait is twice as long.
      await atrasar(par, esperas[ronda] + 1);
      expect((await login(e.app, 'demo.supervisor', 'Mala.otra', ip)).statusCode).toBe(401);
    }
    expect(esperas[0]).toBeGreaterThan(55);
    expect(esperas[0]).toBeLessThanOrEqual(60);
    expect(esperas[1]).toBeGreaterThan(115);
    expect(esperas[1]).toBeLessThanOrEqual(120);
    expect(esperas[2]).toBeGreaterThan(235);
    expect(esperas[2]).toBeLessThanOrEqual(240);
  });

  it('whoever guesses a known user name from one address cannot lock that user out: the real user signs in from theirs', async () => {
    const atacante = ipNueva();
    for (let i = 0; i < 3; i++) expect((await login(e.app, 'demo.cajero', `Mala.${i}xx`, atacante)).statusCode).toBe(401);
    expect((await login(e.app, 'demo.cajero', 'Mala.9xx', atacante)).statusCode).toBe(429);
    // The old rule locked the user for 15 minutes even with the right password, from any address.
    expect((await login(e.app, 'demo.cajero', 'Demo.2026', ipNueva())).statusCode).toBe(200);
    // And the attacker's address still waits.
    expect((await login(e.app, 'demo.cajero', 'Demo.2026', atacante)).statusCode).toBe(429);
  });

  it('a refused attempt is not a guess: hammering during the wait does not make it longer', async () => {
    const ip = ipNueva();
    for (let i = 0; i < 3; i++) await login(e.app, 'sinruc.supervisor', `Mala.${i}xx`, ip);
    const primera = Number((await login(e.app, 'sinruc.supervisor', 'Mala.xx', ip)).headers['retry-after']);
    for (let i = 0; i < 5; i++) expect((await login(e.app, 'sinruc.supervisor', 'Mala.xx', ip)).statusCode).toBe(429);
    expect(Number((await login(e.app, 'sinruc.supervisor', 'Mala.xx', ip)).headers['retry-after'])).toBeLessThanOrEqual(primera);
  });

  it('stops an IP after 30 failures across user names, whatever the user; another IP is not affected', async () => {
    const ip = ipNueva();
    for (let i = 0; i < 30; i++) expect((await login(e.app, `intruso${i}`, 'Nada.1234', ip)).statusCode).toBe(401);
    const r = await login(e.app, 'supervisor', 'Demo.2026', ip);
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(e.app, 'supervisor', 'Demo.2026', ipNueva())).statusCode).toBe(200);
  });

  it('forgets the failures of a (user, IP) after a successful sign-in from it', async () => {
    const ip = ipNueva();
    for (let i = 0; i < 2; i++) expect((await login(e.app, 'demo.supervisor', 'Mala.1234', ip)).statusCode).toBe(401);
    expect((await login(e.app, 'demo.supervisor', 'Demo.2026', ip)).statusCode).toBe(200);
    // Remembered, the two failures would make the second of these wait; forgotten, three are free again.
    for (let i = 0; i < 3; i++) expect((await login(e.app, 'demo.supervisor', 'Mala.1234', ip)).statusCode).toBe(401);
    expect((await login(e.app, 'demo.supervisor', 'Demo.2026', ip)).statusCode).toBe(429);
  });
});

describe('demoraTrasFallos', () => {
  it('is 0 for the free failures, then doubles from the first delay up to the maximum', () => {
    const l = { intentosSinDemora: 3, demoraInicialSegundos: 1, demoraMaximaSegundos: 900 };
    expect([0, 1, 2, 3, 4, 5, 6, 12, 13, 40].map((n) => demoraTrasFallos(n, l))).toEqual([0, 0, 0, 1, 2, 4, 8, 512, 900, 900]);
  });
});
