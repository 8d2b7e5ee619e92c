import { ApiError } from './api-error';
import { authStorage } from './auth-storage';
import { api } from './session';

export type TArchivoDescargado = { blob: Blob; nombre: string | null };

function nombreDeCabecera(r: Response): string | null {
  const cd = r.headers.get('Content-Disposition');
  if (!cd) return null;
  const utf = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (utf) return decodeURIComponent(utf[1]);
  const simple = /filename="?([^";]+)"?/i.exec(cd);
  return simple ? simple[1] : null;
}

async function errorDe(r: Response, destino: string): Promise<ApiError> {
  let cuerpo: ApiError['cuerpo'] = null;
  try {
    const json = (await r.json()) as unknown;
    if (json && typeof json === 'object' && 'ErrorId' in json) cuerpo = json as ApiError['cuerpo'];
  } catch {
    cuerpo = null;
  }
  return new ApiError(r.status, destino, cuerpo);
}

/**
 * A file from the API (PDF, XML, CDR, Excel). The shared client reads JSON only; files need the same bearer token and
 * the same single refresh on 401, so this asks the client to renew and retries once. With `cuerpo` it is a POST of
 * that JSON (a file generated from a selection, such as the badges of chosen workers).
 */
export async function obtenerArchivo(ruta: string, query?: Record<string, string | number | undefined | null>, cuerpo?: unknown): Promise<TArchivoDescargado> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const destino = `/api${ruta}${qs.size ? `?${qs}` : ''}`;
  const pedir = () =>
    fetch(destino, {
      headers: {
        Authorization: `${authStorage.tipoToken()} ${authStorage.accessToken() ?? ''}`,
        ...(cuerpo === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(cuerpo === undefined ? {} : { method: 'POST', body: JSON.stringify(cuerpo) }),
    }).catch(() => {
      throw new ApiError(0, destino, null);
    });
  if (!authStorage.accessTokenVigente() && authStorage.refreshToken()) await api.refrescar();
  let r = await pedir();
  if (r.status === 401) {
    await api.refrescar();
    r = await pedir();
  }
  if (!r.ok) throw await errorDe(r, destino);
  return { blob: await r.blob(), nombre: nombreDeCabecera(r) };
}

/** Saves a downloaded file through the browser's download bar. */
export function guardarArchivo({ blob, nombre }: TArchivoDescargado, nombrePorDefecto: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre ?? nombrePorDefecto;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a file of the API (Excel, PLE text...) through the browser's download bar, named as the server says. */
export async function descargarArchivo(ruta: string, query: Record<string, string | number | undefined | null>, nombrePorDefecto: string): Promise<void> {
  guardarArchivo(await obtenerArchivo(ruta, query), nombrePorDefecto);
}

/** Opens a file of the API (a PDF) in a new tab. */
export async function abrirArchivo(ruta: string, query?: Record<string, string | number | undefined | null>): Promise<void> {
  const { blob } = await obtenerArchivo(ruta, query);
  window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}

/**
 * POSTs a body (a file, or JSON with a base64 file) reporting the upload's own progress (0-100). XHR because fetch
 * reports no upload progress. The caller makes a cheap authenticated call first, so that the api client refreshes an
 * expiring token and the long upload carries a valid one.
 */
export function subirConAvance<T>(destino: string, cuerpo: XMLHttpRequestBodyInit, tipo: string, alAvanzar: (porcentaje: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', destino);
    xhr.setRequestHeader('Authorization', `${authStorage.tipoToken()} ${authStorage.accessToken() ?? ''}`);
    xhr.setRequestHeader('Content-Type', tipo);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && alAvanzar(Math.floor((e.loaded * 100) / e.total));
    xhr.onload = () => {
      let respuesta: unknown = null;
      try {
        respuesta = JSON.parse(xhr.responseText);
      } catch {
        respuesta = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(respuesta as T);
      else reject(new ApiError(xhr.status, destino, respuesta as ApiError['cuerpo']));
    };
    xhr.onerror = () => reject(new ApiError(0, destino, null));
    xhr.send(cuerpo);
  });
}
