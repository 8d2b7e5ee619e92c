// Bad input is never a 500 (issue 10): each request below answered 500 before; now a 400 with the field and a Spanish
// message. Ids are parsed strictly; a malformed string is refused before any route; a value PostgreSQL refuses is a
// 400 even where no contract foresaw it; and the suite's own rule (no 5xx in any API test) can catch a 5xx.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@yupana/contracts';
import { buildApp } from '../src/app';
import { basic, conToken, crearEntorno, ipNueva, SECRETO_PRUEBA, sesionDe, type Entorno } from './helpers';
import { erroresServidorInesperados } from './sin-errores-servidor';

let e: Entorno;
let token: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const get = (url: string) => e.app.inject(conToken(token, { method: 'GET', url }));

function esValidacion(r: { statusCode: number; json(): unknown; body: string }, campo: string, mensaje: string | RegExp) {
  expect(r.statusCode, r.body).toBe(400);
  const b = r.json() as { ErrorId: number; Errores?: Record<string, string> };
  expect(b.ErrorId).toBe(ErrorCodes.VALIDACION);
  expect(b.Errores?.[campo], r.body).toMatch(mensaje);
}

describe('texto que no se puede guardar: 400 con el campo, antes de cualquier ruta', () => {
  it('un carácter nulo en los filtros de comprobantes y de entidades', async () => {
    esValidacion(await get('/api/finanzas/v1/documentos/comprobantes?serie=%00'), 'serie', 'No se permite el carácter nulo');
    esValidacion(await get('/api/entidades/v1/entidades?filtro=F%00'), 'filtro', 'No se permite el carácter nulo');
  });

  it('un usuario con carácter nulo al iniciar sesión', async () => {
    const r = await e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/login/1',
      headers: { authorization: basic('süpervisor\0', 'Demo.2026') },
      remoteAddress: ipNueva(),
    });
    esValidacion(r, 'Authorization', 'El usuario o la contraseña contienen caracteres no permitidos');
  });

  it('surrogados sueltos, caracteres de control y claves malformadas en cualquier cuerpo JSON', async () => {
    const post = (payload: string) =>
      e.app.inject(conToken(token, { method: 'POST', url: '/api/entidades/v1/sucursales', headers: { 'content-type': 'application/json' }, payload }));
    esValidacion(await post('{"Descripcion":"A\\ud800B"}'), 'Descripcion', 'El texto tiene caracteres Unicode mal formados');
    esValidacion(await post('{"Direccion":"Av.\\u0007 Lima"}'), 'Direccion', 'No se permiten caracteres de control');
    esValidacion(await post('{"Lista":[{"x":1},{"a\\u0000":1}]}'), 'Lista.1.a\u0000', /^Nombre de campo no válido: no se permite el carácter nulo/);
    // Tabs and line breaks are ordinary text; emoji and accents are well-formed.
    const normal = await post('{"Descripcion":"Sucursal\\tNorte 🏪 Ñaña","Direccion":"Jr. Uno\\n"}');
    expect(normal.statusCode).toBe(400);
    expect(Object.keys(normal.json().Errores ?? {})).not.toContain('Descripcion');
  });

  it('un cuerpo anidado 100 000 niveles no agota la pila', async () => {
    const r = await e.app.inject(
      conToken(token, { method: 'POST', url: '/api/entidades/v1/sucursales', headers: { 'content-type': 'application/json' }, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` }),
    );
    expect(r.statusCode).toBe(400);
  });
});

describe('ids estrictos en ruta, consulta y cuerpo (un solo ZId para todas las rutas)', () => {
  it.each([
    ['0x1', 'Debe ser un número entero'],
    ['1e0', 'Debe ser un número entero'],
    ['%201%20', 'Debe ser un número entero'],
    ['%5B%5B1%5D%5D', 'Debe ser un número entero'],
    ['1.0', 'Debe ser un número entero'],
    ['0', 'Debe ser mayor que cero'],
    ['99999999999', 'Debe ser menor o igual a 2147483647'],
  ])('/entidades/%s es 400, no la entidad 1', async (id, mensaje) => {
    esValidacion(await get(`/api/entidades/v1/entidades/${id}`), 'id', mensaje);
  });

  it('el mismo id bien escrito sí responde', async () => {
    expect((await get('/api/entidades/v1/entidades/1')).statusCode).toBe(200);
  });

  it('en la consulta: 0x1, 1e0, " 1 " y un parámetro repetido', async () => {
    esValidacion(await get('/api/finanzas/v1/documentos/comprobantes?idsucursal=0x1'), 'idsucursal', 'Debe ser un número entero');
    esValidacion(await get('/api/finanzas/v1/documentos/comprobantes?pagina=1e0'), 'pagina', 'Debe ser un número entero');
    esValidacion(await get('/api/entidades/v1/entidades?regxpag=%2010%20'), 'regxpag', 'Debe ser un número entero');
    esValidacion(await get('/api/entidades/v1/entidades?pagina=1&pagina=2'), 'pagina', 'Debe ser un número entero');
    expect((await get('/api/finanzas/v1/documentos/comprobantes?pagina=1&regxpag=10')).statusCode).toBe(200);
  });

  it('en el cuerpo: [[1]], "0x1", "1e0" y " 1 " no son el id 1', async () => {
    for (const Id of [[[1]], '0x1', '1e0', ' 1 ']) {
      const r = await e.app.inject(conToken(token, { method: 'PUT', url: '/api/pagos/v1/contratos/cancelaciones', payload: { Id } }));
      esValidacion(r, 'Id', 'Debe ser un número entero');
    }
  });
});

describe('último recurso: un dato que PostgreSQL rechaza es un 400, nunca un 500', () => {
  it('un texto con carácter nulo que llega a la base por un camino sin contrato', async () => {
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null });
    // A route with no contract at all, as a new module might forget one: the database itself refuses the value.
    app.get('/api/prueba/sin-contrato', { config: { publica: true } }, async (req) => {
      const { texto } = req.headers as { texto?: string };
      await e.dbh.db.execute(sql`select ${`${texto}\u0000`}::text`);
      return { ok: true };
    });
    app.get('/api/prueba/fuera-de-rango', { config: { publica: true } }, async () => {
      await e.dbh.db.execute(sql`select ${'99999999999'}::integer`);
      return { ok: true };
    });
    await app.ready();
    try {
      for (const url of ['/api/prueba/sin-contrato', '/api/prueba/fuera-de-rango']) {
        const r = await app.inject({ method: 'GET', url, headers: { texto: 'a' } });
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json()).toEqual({ ErrorId: ErrorCodes.VALIDACION, Mensaje: 'Un dato enviado no es válido o está fuera del rango permitido' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('la regla de la suite: cualquier 5xx de la API hace fallar la prueba', () => {
  it('ve un 500 de una instancia creada en la prueba (y aquí lo retira para que esta prueba no falle)', async () => {
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null });
    app.get('/api/prueba/falla', { config: { publica: true } }, async () => {
      throw new Error('falla a propósito');
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/prueba/falla' })).statusCode).toBe(500);
      expect(erroresServidorInesperados()).toEqual([expect.objectContaining({ estado: 500, metodo: 'GET', url: '/api/prueba/falla' })]);
    } finally {
      await app.close();
    }
  });
});
