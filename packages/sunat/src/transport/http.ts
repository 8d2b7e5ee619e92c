import { SunatNoAlcanzado } from '../errors';

export type TRespuestaHttp = { status: number; contentType: string; texto: string };

/** The fetch used to reach SUNAT: the global one, or one the caller restricts (allowed hosts, connect timeout). */
export type TFetchSunat = (url: string, init: RequestInit) => Promise<Response>;

const SIN_CONEXION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function codigoDe(e: unknown): string | undefined {
  let actual: unknown = e;
  for (let i = 0; i < 4 && actual && typeof actual === 'object'; i++) {
    const c = (actual as { code?: unknown }).code;
    if (typeof c === 'string') return c;
    actual = (actual as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One HTTP exchange with a SUNAT service. Whatever prevents a complete answer (refused connection, DNS, reset,
 * timeout, a gateway saying the service behind it did not answer) becomes SunatNoAlcanzado: the caller cannot know
 * whether SUNAT registered the document.
 */
export async function intercambiar(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  timeoutMs: number,
  fetchSunat: TFetchSunat = fetch,
): Promise<TRespuestaHttp> {
  let r: Response;
  let texto: string;
  try {
    r = await fetchSunat(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    texto = await r.text();
  } catch (e) {
    const nombre = e instanceof Error ? e.name : '';
    if (nombre === 'TimeoutError' || nombre === 'AbortError') {
      throw new SunatNoAlcanzado('timeout', url, `sin respuesta en ${timeoutMs} ms`, { cause: e });
    }
    const codigo = codigoDe(e);
    if (codigo && SIN_CONEXION.has(codigo)) throw new SunatNoAlcanzado('conexion', url, codigo, { cause: e });
    throw new SunatNoAlcanzado('red', url, codigo ?? (e instanceof Error ? e.message : String(e)), { cause: e });
  }
  return { status: r.status, contentType: r.headers.get('content-type') ?? '', texto };
}

/** Gateways in front of SUNAT answer these when the service behind them did not: the outcome is unknown. */
export function esFallaDePasarela(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}
