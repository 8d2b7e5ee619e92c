// Global rule of the API test suite (vitest setupFiles): no response of the API may be a 5xx. Every Fastify instance
// created in a test process (buildApp through crearEntorno or directly) announces itself on Fastify's
// `fastify.initialization` diagnostics channel before any route exists; a hook added there sees every response of
// that instance. A 5xx fails the test that caused it, with the request and the body, unless the test declared it
// with permitirErrorServidor (a database-down 503, the unexpected-error page itself).
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';

type Respuesta5xx = { estado: number; metodo: string; url: string; cuerpo: string };

// The API project runs files in shared workers (isolate: false): this setup file runs again for each file while a
// test's own import of permitirErrorServidor may get the module loaded by an earlier file. One state per process,
// on globalThis, and one subscription, keep them the same lists.
type Estado = { vistas: Respuesta5xx[]; permitidas: { estado: number; motivo: string }[]; suscrito: boolean };
const estado: Estado = ((globalThis as { __yupanaErrores5xx?: Estado }).__yupanaErrores5xx ??= { vistas: [], permitidas: [], suscrito: false });
const vistas = estado.vistas;

function vigilar(mensaje: unknown) {
  const { fastify } = mensaje as { fastify: FastifyInstance };
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 500) {
      vistas.push({
        estado: reply.statusCode,
        metodo: request.method,
        url: request.url,
        cuerpo: typeof payload === 'string' ? payload.slice(0, 300) : Buffer.isBuffer(payload) ? payload.toString('utf8', 0, 300) : '(flujo)',
      });
    }
    done(null, payload);
  });
}
if (!estado.suscrito) {
  estado.suscrito = true;
  channel('fastify.initialization').subscribe(vigilar);
}

/**
 * Declares that the running test expects the API to answer `estado` (>= 500) on purpose, e.g. 503 when the test
 * closed the database. Valid until the end of the current test only.
 */
export function permitirErrorServidor(codigo: number, motivo: string): void {
  if (codigo < 500) throw new Error('permitirErrorServidor es solo para respuestas 5xx');
  estado.permitidas.push({ estado: codigo, motivo });
}

/** The 5xx seen so far in the current test that no permitirErrorServidor declared (and forgets them all). */
export function erroresServidorInesperados(): Respuesta5xx[] {
  const inesperadas = vistas.filter((r) => !estado.permitidas.some((p) => p.estado === r.estado));
  vistas.length = 0;
  return inesperadas;
}

afterEach(() => {
  const inesperadas = erroresServidorInesperados();
  estado.permitidas = [];
  if (inesperadas.length === 0) return;
  const detalle = inesperadas.map((r) => `  ${r.estado} ${r.metodo} ${r.url.slice(0, 200)}\n    ${r.cuerpo}`).join('\n');
  throw new Error(
    `La API respondió ${inesperadas.length} error(es) del servidor (5xx) durante esta prueba; ninguna entrada debe producir un 5xx ` +
      `(si la prueba lo espera a propósito, declárelo con permitirErrorServidor):\n${detalle}`,
  );
});
