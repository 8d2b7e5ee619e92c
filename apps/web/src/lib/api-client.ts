import { ErrorCodes, MODULO_ERP, type TRefreshRespuesta } from '@yupana/contracts';
import { ApiError } from './api-error';
import { authStorage } from './auth-storage';

export type TOpcionesSolicitud = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /** false for the calls made before there is a session (sign-in, public configuration). */
  auth?: boolean;
  signal?: AbortSignal;
};

export type TApiClientOpciones = {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  storage?: typeof authStorage;
  /** Called once the session cannot be renewed (refresh answered 5094, 5028 or 401); storage is already cleared. */
  onSesionTerminada: () => void;
  /** The refresh call's path (the brand decides its version); RUTA_REFRESH when absent. */
  rutaRefresh?: () => string;
};

export const RUTA_REFRESH = '/seguridad/v2/usuarios/refreshtoken';
const CANDADO_REFRESCO = 'yupana-refresh-token';
const RETENCION_CANDADO_MS = 250;

/** Error ids of the refresh call after which the only way forward is to sign in again (the seed's rule). */
const ERRORES_QUE_CIERRAN_SESION: number[] = [ErrorCodes.REFRESH_EXPIRADO, ErrorCodes.REFRESH_DIFERENTE];

export type TApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(opciones: TApiClientOpciones) {
  const baseUrl = opciones.baseUrl ?? '/api';
  const storage = opciones.storage ?? authStorage;
  // Resolved at call time so tests (and polyfills) can replace the global fetch.
  const fetchFn: typeof fetch = (...args) => (opciones.fetchFn ?? globalThis.fetch)(...args);

  // The one refresh in flight: every caller that needs a new access token awaits this same promise, so a burst of
  // 401s costs one refresh call (the refresh token rotates on use: a second call would be taken as reuse, 5028).
  let refrescoEnCurso: Promise<void> | null = null;

  function url(ruta: string, query?: TOpcionesSolicitud['query']): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    return `${baseUrl}${ruta}${s ? `?${s}` : ''}`;
  }

  async function enviar(destino: string, op: TOpcionesSolicitud, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...op.headers };
    if (op.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `${storage.tipoToken()} ${token}`;
    try {
      return await fetchFn(destino, {
        method: op.method ?? 'GET',
        headers,
        body: op.body === undefined ? undefined : JSON.stringify(op.body),
        signal: op.signal,
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiError(0, destino, null);
    }
  }

  async function leer<T>(r: Response, destino: string): Promise<T> {
    const texto = await r.text();
    let json: unknown = null;
    if (texto) {
      try {
        json = JSON.parse(texto);
      } catch {
        json = null;
      }
    }
    if (!r.ok) {
      const cuerpo = json && typeof json === 'object' && 'ErrorId' in json ? (json as ApiError['cuerpo']) : null;
      throw new ApiError(r.status, destino, cuerpo);
    }
    return json as T;
  }

  function terminarSesion(): void {
    storage.limpiarYMarcarSalida();
    opciones.onSesionTerminada();
  }

  async function ejecutarRefresco(): Promise<void> {
    const RefreshToken = storage.refreshToken();
    const destino = url(opciones.rutaRefresh?.() ?? RUTA_REFRESH);
    if (!RefreshToken) {
      terminarSesion();
      throw new ApiError(401, destino, { ErrorId: ErrorCodes.REFRESH_EXPIRADO, Mensaje: 'Su sesión ha expirado, ingrese nuevamente' });
    }
    const r = await enviar(
      destino,
      {
        method: 'POST',
        headers: { 'X-Refresh': '1' },
        body: {
          AccessToken: storage.accessToken() ?? undefined,
          RefreshToken,
          IdModulo: MODULO_ERP,
          Forzar: false,
          Fecha: new Date().toISOString(),
          TimeLogIn: storage.timeLogIn() ?? undefined,
        },
      },
      null,
    );
    try {
      const nuevo = await leer<TRefreshRespuesta>(r, destino);
      storage.guardarTokens(nuevo);
    } catch (e) {
      // A 401 from the refresh call means this refresh token can never work again, whatever its error id.
      if (e instanceof ApiError && (ERRORES_QUE_CIERRAN_SESION.includes(e.errorId ?? -1) || e.status === 401)) terminarSesion();
      throw e;
    }
  }

  /**
   * Resolves once this tab can see a refresh token other than `antes` (true), or after a short wait (false). Another
   * tab's writes to localStorage may reach this tab a moment after that tab released the lock: they travel apart.
   * The refresh token is the last key written (auth-storage), so when it shows, the rest is there too.
   */
  function esperarCambioDeToken(antes: string | null, esperaMs = 1500): Promise<boolean> {
    if (storage.refreshToken() !== antes) return Promise.resolve(true);
    return new Promise((resolve) => {
      const terminar = (v: boolean) => {
        clearTimeout(reloj);
        window.removeEventListener('storage', oir);
        resolve(v);
      };
      const oir = () => {
        if (storage.refreshToken() !== antes) terminar(true);
      };
      const reloj = setTimeout(() => terminar(storage.refreshToken() !== antes), esperaMs);
      window.addEventListener('storage', oir);
    });
  }

  /**
   * Runs `fn` holding the cross-tab lock and resolves with its result as soon as it is done, but keeps the lock a
   * moment longer: the new tokens then reach the other tabs' localStorage before any of them can take the lock and
   * read the old ones. Resolves with null, without running `fn`, when `soloSiLibre` and another tab holds the lock.
   */
  function conCandado<T>(locks: LockManager, soloSiLibre: boolean, fn: () => Promise<T>): Promise<T | null> {
    return new Promise<T | null>((resolve, reject) => {
      locks
        .request(CANDADO_REFRESCO, { ifAvailable: soloSiLibre }, async (candado) => {
          if (!candado) return resolve(null);
          try {
            resolve(await fn());
          } catch (e) {
            return reject(e);
          }
          await new Promise((r) => setTimeout(r, RETENCION_CANDADO_MS));
        })
        .catch(reject);
    });
  }

  async function refrescarEntrePestanas(): Promise<void> {
    // Tabs share the tokens in localStorage and a refresh token works once. With the Web Locks API one tab renews while
    // the others wait and then use what it stored, instead of spending the old token a second time (5028).
    const antes = storage.refreshToken();
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return ejecutarRefresco();
    const yaRenovado = () => storage.refreshToken() !== antes && storage.accessTokenVigente();
    const hecho = await conCandado(locks, true, async () => {
      if (!yaRenovado()) await ejecutarRefresco();
      return true;
    });
    if (hecho) return;
    // Another tab was renewing: wait for it, then renew here only if its new token never shows up.
    await conCandado(locks, false, async () => {
      if ((await esperarCambioDeToken(antes)) && storage.accessTokenVigente()) return true;
      await ejecutarRefresco();
      return true;
    });
  }

  /** Renews the access token; concurrent callers share one refresh call. */
  function refrescar(): Promise<void> {
    refrescoEnCurso ??= refrescarEntrePestanas().finally(() => {
      refrescoEnCurso = null;
    });
    return refrescoEnCurso;
  }

  async function solicitar<T>(ruta: string, op: TOpcionesSolicitud = {}): Promise<T> {
    const destino = url(ruta, op.query);
    if (op.auth === false) return leer<T>(await enviar(destino, op, null), destino);

    if (!storage.accessTokenVigente() && storage.refreshToken()) await refrescar();
    const usado = storage.accessToken();
    let r = await enviar(destino, op, usado);
    if (r.status === 401) {
      // If another call already replaced the token while this one was in flight, retrying is enough.
      if (storage.accessToken() === usado) await refrescar();
      r = await enviar(destino, op, storage.accessToken());
    }
    return leer<T>(r, destino);
  }

  return {
    solicitar,
    refrescar,
    get: <T>(ruta: string, op?: Omit<TOpcionesSolicitud, 'method' | 'body'>) => solicitar<T>(ruta, { ...op, method: 'GET' }),
    post: <T>(ruta: string, body?: unknown, op?: Omit<TOpcionesSolicitud, 'method' | 'body'>) =>
      solicitar<T>(ruta, { ...op, method: 'POST', body }),
    put: <T>(ruta: string, body?: unknown, op?: Omit<TOpcionesSolicitud, 'method' | 'body'>) =>
      solicitar<T>(ruta, { ...op, method: 'PUT', body }),
  };
}
