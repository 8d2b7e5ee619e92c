import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TDatosMiCuenta, type TLoginRespuesta } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 6, the receipt variant's own calls: refresh v1 (same rotation as v2), the universal users' permissions call,
// "Datos de mi cuenta" and the registration rate limit.
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ configPublica: { Variante: 'tuboleta', Marca: 'Yupana Boletas' } });
}, 60_000);
afterAll(async () => e?.cerrar());

const refrescar = (version: 'v1' | 'v2', s: { AccessToken: string; RefreshToken: string }) =>
  e.app.inject({
    method: 'POST',
    url: `/api/seguridad/${version}/usuarios/refreshtoken`,
    headers: { 'x-refresh': '1' },
    payload: { AccessToken: s.AccessToken, RefreshToken: s.RefreshToken, IdModulo: 1, Forzar: false, Fecha: new Date().toISOString() },
  });

describe('ingreso con la cuenta (variante de boletas)', () => {
  const ingresar = (usuario: string, contrasenha: string, ip: string) =>
    e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/universales/cuenta/login',
      remoteAddress: ip,
      headers: { authorization: `Basic ${Buffer.from(`${usuario}:${contrasenha}`).toString('base64')}` },
    });

  it('da la misma sesión que el ingreso del ERP y rechaza una contraseña incorrecta en español', async () => {
    const r = await ingresar('demo.supervisor', 'Demo.2026', '10.98.0.1');
    expect(r.statusCode).toBe(200);
    const s = r.json() as TLoginRespuesta;
    expect(s).toMatchObject({ Usuario: 'demo.supervisor' });
    expect((await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${s.IdUsuario}` }))).statusCode).toBe(200);
    const mala = await ingresar('demo.supervisor', 'Otra.2026', '10.98.0.1');
    expect(mala.statusCode).toBe(401);
    expect(mala.json()).toMatchObject({ ErrorId: ErrorCodes.CREDENCIALES_INVALIDAS, Mensaje: 'Usuario o contraseña incorrectos' });
  });
});

describe('refresh v1 (variante de boletas)', () => {
  it('rota el refresh token como v2 y trata la reutilización como robo (5028, familia revocada)', async () => {
    const s = await sesionDe(e.app, 'demo.supervisor');
    const r1 = await refrescar('v1', s);
    expect(r1.statusCode).toBe(200);
    const p1 = r1.json();
    expect(p1.RefreshToken).not.toBe(s.RefreshToken);
    expect(p1.TimeLogIn).toBe(s.TimeLogIn);
    // The same family continues through either version.
    const r2 = await refrescar('v2', p1);
    expect(r2.statusCode).toBe(200);
    const reuso = await refrescar('v1', p1);
    expect(reuso.statusCode).toBe(401);
    expect(reuso.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    const hijo = await refrescar('v1', r2.json());
    expect(hijo.statusCode).toBe(401);
  });
});

describe('permisos de usuarios universales', () => {
  it('devuelve el mismo árbol que la llamada v2, solo para uno mismo o su empresa', async () => {
    const s = await sesionDe(e.app, 'demo.supervisor');
    const v3 = await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v3/usuarios/universales/${s.IdUsuario}/permisos/modulos` }));
    const v2 = await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${s.IdUsuario}/permisos/modulos`, query: { IdPermiso: '0' } }));
    expect(v3.statusCode).toBe(200);
    expect(v3.json().Data.length).toBeGreaterThan(0);
    expect(v3.json()).toEqual(v2.json());
    const otro = await sesionDe(e.app, 'supervisor');
    const ajeno = await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v3/usuarios/universales/${otro.IdUsuario}/permisos/modulos` }));
    expect(ajeno.statusCode).toBe(404);
  });
});

describe('datos de mi cuenta', () => {
  let s: TLoginRespuesta;
  const url = () => `/api/seguridad/v3/usuarios/universales/${s.IdUsuario}`;
  beforeAll(async () => {
    s = await sesionDe(e.app, 'sinruc.supervisor');
  });

  it('muestra los datos propios y guarda los cambios en la base', async () => {
    const antes = (await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: url() }))).json() as TDatosMiCuenta;
    expect(antes).toMatchObject({ IdUsuario: s.IdUsuario, Usuario: 'sinruc.supervisor', TipoEmpresa: 2, DocumentoEmpresa: null });
    try {
      const put = await e.app.inject(
        conToken(s.AccessToken, { method: 'PUT', url: url(), payload: { Nombres: 'Rosa María', Apellidos: 'Quispe', Telefono: '987111222', Direccion: 'Jr. Lima 123', CorreoEmpresa: 'Bodega@Ejemplo.pe', Correo: '' } }),
      );
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ Nombres: 'Rosa María', Apellidos: 'Quispe', Telefono: '987111222', Direccion: 'Jr. Lima 123', CorreoEmpresa: 'bodega@ejemplo.pe', Correo: null });
      // Read back through the other calls that show the same rows.
      const despues = (await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: url() }))).json();
      expect(despues).toMatchObject({ Nombres: 'Rosa María', Telefono: '987111222' });
      const usuario = (await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${s.IdUsuario}` }))).json();
      expect(usuario).toMatchObject({ Nombres: 'Rosa María', Apellidos: 'Quispe' });
    } finally {
      await e.app.inject(
        conToken(s.AccessToken, {
          method: 'PUT',
          url: url(),
          payload: { Nombres: antes.Nombres, Apellidos: antes.Apellidos, Correo: antes.Correo, Telefono: antes.Telefono, Direccion: antes.Direccion, CorreoEmpresa: antes.CorreoEmpresa },
        }),
      );
    }
  });

  it('valida en español por campo', async () => {
    const r = await e.app.inject(conToken(s.AccessToken, { method: 'PUT', url: url(), payload: { Nombres: 'R', Telefono: '12', CorreoEmpresa: 'no-es-correo' } }));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Nombres: 'Ingrese sus nombres', Telefono: 'Ingrese un celular de 9 dígitos', CorreoEmpresa: 'Ingrese un correo válido' } });
  });

  it('otro usuario, de la misma empresa o de otra, no existe (404)', async () => {
    const cajero = await sesionDe(e.app, 'cajero');
    const sup = await sesionDe(e.app, 'supervisor');
    for (const id of [cajero.IdUsuario, sup.IdUsuario]) {
      expect((await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v3/usuarios/universales/${id}` }))).statusCode).toBe(404);
    }
    const ajeno = await e.app.inject(conToken(cajero.AccessToken, { method: 'PUT', url: `/api/seguridad/v3/usuarios/universales/${sup.IdUsuario}`, payload: { Nombres: 'Intruso' } }));
    expect(ajeno.statusCode).toBe(404);
    const r = (await e.app.inject(conToken(sup.AccessToken, { method: 'GET', url: `/api/seguridad/v3/usuarios/universales/${sup.IdUsuario}` }))).json();
    expect(r.Nombres).not.toBe('Intruso');
  });
});

describe('límite de registros por IP', () => {
  const registrar = (correo: string, ip: string) =>
    e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/universales/cuenta',
      remoteAddress: ip,
      payload: { Nombres: 'Prueba', Apellidos: 'Límite', Correo: correo, Contrasenha: 'Boleta.2026' },
    });

  it('admite 5 registros por IP en la ventana; el sexto recibe 429 en español; otra IP sigue pudiendo', async () => {
    const ip = '10.99.0.7';
    for (let i = 0; i < 4; i++) expect((await registrar(`limite${i}@ejemplo.pe`, ip)).statusCode).toBe(201);
    // A refused duplicate counts too (no probing e-mails in bulk).
    expect((await registrar('limite0@ejemplo.pe', ip)).statusCode).toBe(409);
    const r = await registrar('limite9@ejemplo.pe', ip);
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.DEMASIADOS_REGISTROS });
    expect(r.json().Mensaje).toMatch(/^Se crearon demasiadas cuentas desde su conexión\. Inténtelo nuevamente en \d+ minutos?$/);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was created for the refused one.
    const filas = await e.dbh.db.execute(sql`select count(*)::int as n from usuario where usuario = 'limite9@ejemplo.pe'`);
    expect(Number((filas as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(0);
    expect((await registrar('limite9@ejemplo.pe', '10.99.0.8')).statusCode).toBe(201);
  });
});
