import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@yupana/contracts';
import { buildApp } from '../src/app';
import { abrirDbPrueba, basic, crearEntorno, ipNueva, permitirErrorServidor, SECRETO_PRUEBA, type Entorno } from './helpers';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  await e?.cerrar();
});

describe('health', () => {
  it('reports the service and the database as ok', async () => {
    const r = await e.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ estado: 'ok', baseDatos: 'ok', motorBaseDatos: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('reports 503 when the database is gone', async () => {
    permitirErrorServidor(503, 'la prueba cierra la base de datos');
    const { dbh, cerrar } = await abrirDbPrueba();
    await dbh.migrar();
    const app = await buildApp({ dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null });
    // Started (the service catalogue is synced at start), then the database goes away.
    await app.ready();
    await dbh.cerrar();
    const r = await app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ estado: 'error', baseDatos: 'error' });
    await app.close();
    await cerrar().catch(() => undefined);
  });
});

describe('errors', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const r = await e.app.inject({ method: 'GET', url: '/api/no/existe' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ ErrorId: ErrorCodes.RUTA_NO_ENCONTRADA, Mensaje: 'La ruta solicitada no existe' });
    expect((await e.app.inject({ method: 'DELETE', url: '/api/seguridad/v2/usuarios/1' })).statusCode).toBe(404);
  });

  it('gives validation errors as 500001 with Spanish messages per field', async () => {
    const r = await e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v2/usuarios/logout',
      payload: { RefreshToken: 12, IdModulo: 'x' },
    });
    expect(r.statusCode).toBe(400);
    const b = r.json();
    expect(b.ErrorId).toBe(500001);
    expect(b.Mensaje).toBe('Los datos enviados no son válidos');
    expect(Object.keys(b.Errores).sort()).toEqual(['IdModulo', 'RefreshToken']);
    expect(b.Errores.RefreshToken).toBe('El token de actualización es obligatorio');
    expect(b.Errores.IdModulo).toBe('Debe ser un número entero');
  });

  it('rejects malformed JSON and oversized bodies in Spanish', async () => {
    const malo = await e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v2/usuarios/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"RefreshToken":',
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toEqual({ ErrorId: ErrorCodes.SOLICITUD_INVALIDA, Mensaje: 'El cuerpo de la solicitud no es JSON válido' });

    const grande = await e.app.inject({
      method: 'POST',
      url: '/api/seguridad/v2/usuarios/logout',
      payload: { RefreshToken: 'x'.repeat(300 * 1024) },
    });
    expect(grande.statusCode).toBe(413);
    expect(grande.json().ErrorId).toBe(ErrorCodes.CUERPO_DEMASIADO_GRANDE);
  });

  it('hides an unexpected error behind a generic message with the request id; the stack goes to the log only', async () => {
    permitirErrorServidor(500, 'una ruta de prueba que lanza un error no controlado');
    const lineas: string[] = [];
    const destino = new Writable({
      write(chunk, _enc, cb) {
        lineas.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, webDist: null, destinoLog: destino, nivelLog: 'info' });
    app.get('/api/prueba/falla', { config: { publica: true } }, async () => {
      throw new Error('detalle interno secreto');
    });
    await app.ready();
    const r = await app.inject({ method: 'GET', url: '/api/prueba/falla', headers: { 'x-request-id': 'prueba-12345678' } });
    expect(r.statusCode).toBe(500);
    const b = r.json();
    expect(b).toEqual({
      ErrorId: ErrorCodes.ERROR_INTERNO,
      Mensaje: 'Ocurrió un error inesperado. Inténtelo nuevamente; si persiste, comuníquese con soporte (código de solicitud: prueba-12345678)',
      IdSolicitud: 'prueba-12345678',
    });
    expect(r.body).not.toContain('detalle interno');
    expect(r.body).not.toContain('at ');
    expect(r.headers['x-request-id']).toBe('prueba-12345678');
    const log = lineas.join('');
    expect(log).toContain('detalle interno secreto');
    expect(log).toMatch(/"stack":"Error: detalle interno secreto\\n\s+at /);
    expect(log).toContain('"reqId":"prueba-12345678"');
    await app.close();
  });

  it('tags the log lines of an authenticated request with the user and company', async () => {
    const lineas: string[] = [];
    const destino = new Writable({
      write(chunk, _enc, cb) {
        lineas.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, webDist: null, destinoLog: destino, nivelLog: 'info' });
    app.get('/api/prueba/quien', { config: { servicio: 'SEG_CUENTA' } }, async (req) => {
      req.log.info('consulta de prueba');
      return { ok: true };
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/login/1',
      headers: { authorization: basic('cajero', 'Demo.2026') },
      remoteAddress: ipNueva(),
    });
    const { AccessToken, IdUsuario, IdEntidadEmpresa } = login.json();
    const r = await app.inject({ method: 'GET', url: '/api/prueba/quien', headers: { authorization: `Bearer ${AccessToken}` } });
    expect(r.statusCode).toBe(200);
    const linea = lineas.map((l) => JSON.parse(l)).find((l) => l.msg === 'consulta de prueba');
    expect(linea).toMatchObject({ idUsuario: IdUsuario, idEmpresa: IdEntidadEmpresa, reqId: r.headers['x-request-id'] });
    await app.close();
  });

  it('keeps passwords and tokens out of the logs', async () => {
    const lineas: string[] = [];
    const destino = new Writable({
      write(chunk, _enc, cb) {
        lineas.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, webDist: null, destinoLog: destino, nivelLog: 'trace' });
    app.post('/api/prueba/eco', { config: { publica: true } }, async (req) => {
      req.log.info({ body: req.body, headers: req.headers }, 'eco');
      return { ok: true };
    });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/prueba/eco',
      headers: { authorization: basic('supervisor', 'Demo.2026') },
      payload: { Contrasenha: 'Secreta.123', RefreshToken: 'token-secreto-abc' },
    });
    const log = lineas.join('');
    expect(log).toContain('[oculto]');
    expect(log).not.toContain('Secreta.123');
    expect(log).not.toContain('token-secreto-abc');
    expect(log).not.toContain(Buffer.from('supervisor:Demo.2026').toString('base64'));
    await app.close();
  });
});

describe('HTTP hardening', () => {
  it('sends security headers with a CSP that allows the SPA and antd styles', async () => {
    const r = await e.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('sends the same helmet headers on success, refusals and unknown routes', async () => {
    const esperadas = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self' blob:",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const respuestas = await Promise.all([
      e.app.inject({ method: 'GET', url: '/api/health' }),
      e.app.inject({ method: 'GET', url: '/api/seguridad/v2/usuarios/1' }),
      e.app.inject({ method: 'GET', url: '/api/no-existe' }),
    ]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const r of respuestas) {
      expect(r.headers).toMatchObject(esperadas);
      // HSTS belongs to the TLS front; cross-origin-embedder-policy would break the SPA's images.
      expect(r.headers['strict-transport-security']).toBeUndefined();
      expect(r.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(r.headers['x-request-id']).toBeTruthy();
    }
  });

  it('keeps CORS closed by default and opens it only to CORS_ORIGIN', async () => {
    const cerrado = await e.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://malicioso.example' } });
    expect(cerrado.headers['access-control-allow-origin']).toBeUndefined();

    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null, corsOrigin: 'https://app.yupana.pe' });
    await app.ready();
    const permitido = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://app.yupana.pe' } });
    expect(permitido.headers['access-control-allow-origin']).toBe('https://app.yupana.pe');
    const otro = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://malicioso.example' } });
    expect(otro.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('serves the documentation generated from the contracts at /api/docs', async () => {
    const ui = await e.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    const r = await e.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/seguridad/v3/usuarios/login/{IdModulo}',
        '/api/seguridad/v2/usuarios/refreshtoken',
        '/api/seguridad/v2/usuarios/{id}/permisos/modulos',
        '/api/health',
      ]),
    );
    const body = doc.paths['/api/seguridad/v2/usuarios/contrasenhas'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['IdUsuario', 'ContrasenhaActual', 'Contrasenha']));
    expect(doc.components.schemas.MenuNode).toBeTruthy();
  });
});

describe('public configuration', () => {
  it('gives brand and support data without a token', async () => {
    const r = await e.app.inject({ method: 'GET', url: '/api/config/publica', remoteAddress: ipNueva() });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.Marca).toBe('Yupana');
    expect(b.TelefonoSoporte).toMatch(/^9\d{8}$/);
    expect(b.HorarioAtencion).toBe('Lunes a viernes de 09:00 a 18:00');
    expect(b.Asesores.length).toBeGreaterThan(0);
  });
});

describe('web app serving', () => {
  it('serves the built SPA with a fallback to index.html for client routes, never for /api', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'yupana-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Yupana</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: dist });
    await app.ready();
    try {
      const raiz = await app.inject({ method: 'GET', url: '/' });
      expect(raiz.statusCode).toBe(200);
      expect(raiz.body).toContain('<div id="root">');
      const ruta = await app.inject({ method: 'GET', url: '/admin/usuario/perfil' });
      expect(ruta.statusCode).toBe(200);
      expect(ruta.headers['content-type']).toMatch(/text\/html/);
      expect(ruta.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/assets/app-viejo.js' })).statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/no/existe' });
      expect(api.statusCode).toBe(404);
      expect(api.json().ErrorId).toBe(ErrorCodes.RUTA_NO_ENCONTRADA);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  // Issue 17: the web build writes .br/.gz copies; the API sends the one the browser takes, never compressing per
  // request, and keeps the caching rules (immutable hashed assets, index.html revalidated).
  it('sends the precompressed copy the browser accepts, with Vary: Accept-Encoding and the same caching', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'yupana-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const html = '<!doctype html><title>Yupana</title><div id="root"></div>'.repeat(20);
    const js = 'console.log("pagina de login");\n'.repeat(200);
    for (const [ruta, texto] of [['index.html', html], [path.join('assets', 'app-abc123.js'), js]] as const) {
      writeFileSync(path.join(dist, ruta), texto);
      writeFileSync(path.join(dist, `${ruta}.br`), brotliCompressSync(texto));
      writeFileSync(path.join(dist, `${ruta}.gz`), gzipSync(texto));
    }
    writeFileSync(path.join(dist, 'assets', 'solo-crudo-def456.js'), 'console.log(2)');
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: dist });
    await app.ready();
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      expect(br.rawPayload.length).toBeLessThan(js.length / 5);

      const gz = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
      expect(gz.headers['cache-control']).toContain('immutable');

      const crudo = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
      expect(crudo.headers['content-encoding']).toBeUndefined();
      expect(crudo.body).toBe(js);
      expect(crudo.headers.vary).toMatch(/accept-encoding/i);

      // A file without compressed copies is sent as it is.
      const sinCopia = await app.inject({ method: 'GET', url: '/assets/solo-crudo-def456.js', headers: { 'accept-encoding': 'br' } });
      expect(sinCopia.statusCode).toBe(200);
      expect(sinCopia.headers['content-encoding']).toBeUndefined();
      expect(sinCopia.body).toBe('console.log(2)');

      // The client routes' page (SPA fallback) too, still revalidated on every load.
      const pagina = await app.inject({ method: 'GET', url: '/auth/login', headers: { 'accept-encoding': 'br' } });
      expect(pagina.statusCode).toBe(200);
      expect(pagina.headers['content-encoding']).toBe('br');
      expect(pagina.headers['content-type']).toMatch(/text\/html/);
      expect(pagina.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(pagina.rawPayload).toString()).toBe(html);
      const raiz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(raiz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(raiz.rawPayload).toString()).toBe(html);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
