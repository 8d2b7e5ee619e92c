import { describe, expect, it, vi } from 'vitest';
import { createApiClient, RUTA_REFRESH } from './api-client';
import { ApiError } from './api-error';
import { authStorage } from './auth-storage';

/**
 * The network boundary is a fake `fetch` that behaves like the API for these calls: it accepts only the current
 * access token, rotates the refresh token on each use and answers 5094 when told the refresh token has expired.
 */
function servidorFalso(opciones: { refreshExpirado?: boolean; demoraRefreshMs?: number } = {}) {
  let accessVigente = 'acceso-1';
  let refreshVigente = 'refresco-1';
  let n = 1;
  const llamadas: { url: string; auth: string | null; body: unknown }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    llamadas.push({ url, auth: headers.get('Authorization'), body });
    // Let the other requests of the burst leave before this one answers, as on a real network.
    await new Promise((r) => setTimeout(r, 5));
    if (url.endsWith(RUTA_REFRESH)) {
      await new Promise((r) => setTimeout(r, opciones.demoraRefreshMs ?? 20));
      if (opciones.refreshExpirado) return json(401, { ErrorId: 5094, Mensaje: 'Su sesión ha expirado, ingrese nuevamente' });
      if (body.RefreshToken !== refreshVigente) return json(401, { ErrorId: 5028, Mensaje: 'Su sesión ya no es válida' });
      n += 1;
      accessVigente = `acceso-${n}`;
      refreshVigente = `refresco-${n}`;
      return json(200, { AccessToken: accessVigente, RefreshToken: refreshVigente, TimeLogIn: '2026-01-01T00:00:00Z', ExpiresIn: 900 });
    }
    if (headers.get('Authorization') !== `Bearer ${accessVigente}`) return json(401, { ErrorId: 600006, Mensaje: 'Su acceso ha caducado' });
    return json(200, { ruta: url, token: accessVigente });
  });

  return {
    fetchFn,
    llamadas,
    /** The server rotates the access token (e.g. it expired there earlier than the browser thought). */
    caducarAcceso: () => {
      accessVigente = 'acceso-que-el-navegador-no-tiene';
    },
  };
}

function sesionIniciada() {
  authStorage.guardarInicioSesion({
    tokens: { AccessToken: 'acceso-1', RefreshToken: 'refresco-1', ExpiresIn: 900, TimeLogIn: '2026-01-01T00:00:00Z' },
    logIn: 1,
    logInFormat: '1',
    usuario: { IdUsuario: 7, Usuario: 'supervisor', IdEntidadEmpresa: 1, DocumentoEmpresa: '20100070970', TimeLogIn: '2026-01-01T00:00:00Z' },
  });
}

describe('cliente de la API: renovación compartida del token', () => {
  it('diez llamadas simultáneas con 401 hacen una sola renovación y las diez se reintentan con el token nuevo', async () => {
    sesionIniciada();
    const srv = servidorFalso();
    srv.caducarAcceso();
    const onSesionTerminada = vi.fn();
    const api = createApiClient({ fetchFn: srv.fetchFn as typeof fetch, onSesionTerminada });

    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.get<{ ruta: string; token: string }>(`/recurso/${i}`)),
    );

    const refrescos = srv.llamadas.filter((l) => l.url.endsWith(RUTA_REFRESH));
    expect(refrescos).toHaveLength(1);
    expect(refrescos[0].body).toMatchObject({ RefreshToken: 'refresco-1', AccessToken: 'acceso-1', IdModulo: 1 });
    expect(respuestas.map((r) => r.token)).toEqual(Array(10).fill('acceso-2'));
    for (let i = 0; i < 10; i++) {
      const intentos = srv.llamadas.filter((l) => l.url === `/api/recurso/${i}`);
      expect(intentos.map((l) => l.auth)).toEqual(['Bearer acceso-1', 'Bearer acceso-2']);
    }
    expect(authStorage.accessToken()).toBe('acceso-2');
    expect(authStorage.refreshToken()).toBe('refresco-2');
    expect(onSesionTerminada).not.toHaveBeenCalled();
  });

  it('una renovación rechazada con 5094 cierra la sesión: limpia el almacenamiento y registra la hora de salida', async () => {
    sesionIniciada();
    const srv = servidorFalso({ refreshExpirado: true });
    srv.caducarAcceso();
    const onSesionTerminada = vi.fn();
    const api = createApiClient({ fetchFn: srv.fetchFn as typeof fetch, onSesionTerminada });

    const resultados = await Promise.allSettled(Array.from({ length: 3 }, () => api.get('/recurso')));

    expect(srv.llamadas.filter((l) => l.url.endsWith(RUTA_REFRESH))).toHaveLength(1);
    for (const r of resultados) {
      expect(r.status).toBe('rejected');
      const e = (r as PromiseRejectedResult).reason;
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).errorId).toBe(5094);
    }
    expect(onSesionTerminada).toHaveBeenCalledTimes(1);
    expect(authStorage.accessToken()).toBeNull();
    expect(authStorage.refreshToken()).toBeNull();
    expect(authStorage.dataUser()).toBeNull();
    expect(Date.parse(authStorage.logOut() ?? '')).not.toBeNaN();
  });

  it('un token vencido según la hora guardada se renueva antes de la llamada, sin gastar un 401', async () => {
    sesionIniciada();
    const srv = servidorFalso();
    // 30 s left: inside the 60 s safety margin, so the token is no longer treated as valid.
    localStorage.setItem('ExpiresInToken', btoa(String(Date.now() + 30_000)));
    const api = createApiClient({ fetchFn: srv.fetchFn as typeof fetch, onSesionTerminada: vi.fn() });

    await api.get('/recurso');

    expect(srv.llamadas.map((l) => l.url)).toEqual(['/api' + RUTA_REFRESH, '/api/recurso']);
    expect(srv.llamadas[1].auth).toBe('Bearer acceso-2');
  });

  it('cada llamada lleva el encabezado Bearer y un error de validación conserva los mensajes por campo', async () => {
    sesionIniciada();
    const fetchFn = vi.fn(async (_i: RequestInfo | URL, init?: RequestInit) => {
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer acceso-1');
      return new Response(
        JSON.stringify({ ErrorId: 500001, Mensaje: 'Los datos enviados no son válidos', Errores: { ContrasenhaActual: 'La contraseña actual no es correcta' } }),
        { status: 400 },
      );
    });
    const api = createApiClient({ fetchFn: fetchFn as typeof fetch, onSesionTerminada: vi.fn() });

    const error = await api.post('/seguridad/v2/usuarios/contrasenhas', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errores).toEqual({ ContrasenhaActual: 'La contraseña actual no es correcta' });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('un error sin cuerpo JSON usa el texto del original: Error status code {status} en {url}', async () => {
    sesionIniciada();
    const api = createApiClient({ fetchFn: (async () => new Response('<html>', { status: 502 })) as typeof fetch, onSesionTerminada: vi.fn() });
    await expect(api.get('/seguridad/v2/usuarios/7')).rejects.toThrow('Error status code 502 en /api/seguridad/v2/usuarios/7');
  });

  it('la variante de boletas renueva con la llamada v1 (la ruta la decide la marca)', async () => {
    sesionIniciada();
    localStorage.setItem('ExpiresInToken', btoa(String(Date.now() + 30_000)));
    const urls: string[] = [];
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      if (String(input).endsWith('/refreshtoken'))
        return new Response(JSON.stringify({ AccessToken: 'acceso-2', RefreshToken: 'refresco-2', TimeLogIn: '2026-01-01T00:00:00Z', ExpiresIn: 900 }), { status: 200 });
      return new Response('{}', { status: 200 });
    });
    const api = createApiClient({ fetchFn: fetchFn as typeof fetch, onSesionTerminada: vi.fn(), rutaRefresh: () => '/seguridad/v1/usuarios/refreshtoken' });

    await api.get('/recurso');

    expect(urls).toEqual(['/api/seguridad/v1/usuarios/refreshtoken', '/api/recurso']);
  });
});
