import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export type CabeceraSeguridad = readonly [nombre: string, valor: string];

/**
 * The security headers helmet sends with these options, computed once. With static options (no function directives,
 * no CSP nonces) helmet's headers are the same for every response, yet `@fastify/helmet` rebuilt the whole middleware
 * (parsing the CSP directives again) on every request: about a sixth of a small request's CPU. Here helmet itself runs
 * once against a stand-in response and the result is replayed per request, so the headers stay exactly helmet's.
 */
export function cabecerasDeSeguridad(opciones: HelmetOptions): CabeceraSeguridad[] {
  const directivas = opciones.contentSecurityPolicy && typeof opciones.contentSecurityPolicy === 'object' ? opciones.contentSecurityPolicy.directives : undefined;
  for (const [nombre, valor] of Object.entries(directivas ?? {}))
    if (typeof valor === 'function' || (Array.isArray(valor) && valor.some((v) => typeof v === 'function')))
      throw new Error(`La directiva CSP ${nombre} depende de la solicitud: no se puede calcular una sola vez`);
  const cabeceras: CabeceraSeguridad[] = [];
  const respuesta = {
    setHeader(nombre: string, valor: string | number | readonly string[]) {
      cabeceras.push([nombre, Array.isArray(valor) ? valor.join(', ') : String(valor)]);
    },
    // helmet's X-Powered-By removal: nothing sets that header in this app, so there is nothing to replay.
    removeHeader() {},
  };
  helmet(opciones)({} as IncomingMessage, respuesta as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return cabeceras;
}
