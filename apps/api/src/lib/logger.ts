import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/**
 * Readable lines for a person at a terminal in development; JSON lines everywhere else (tests, CI, production, a
 * pipe to a log collector). LOG_FORMAT=json or LOG_FORMAT=legible overrides the guess.
 */
export function usarFormatoLegible(entorno: { tty: boolean; nodeEnv?: string; logFormat?: string } = {
  tty: process.stdout.isTTY === true,
  nodeEnv: process.env.NODE_ENV,
  logFormat: process.env.LOG_FORMAT,
}): boolean {
  if (entorno.logFormat === 'json') return false;
  if (entorno.logFormat === 'legible') return true;
  return entorno.tty && entorno.nodeEnv !== 'production';
}

type LineaLog = Record<string, unknown> & { req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number; reqId?: string };

/** One line per request event: "[req-1] incoming request GET /api/health", "[req-1] request completed 200 3 ms". */
export function mensajeLegible(log: LineaLog, claveMensaje: string): string {
  const partes = [log.reqId ? `[${log.reqId}]` : '', String(log[claveMensaje] ?? '')];
  if (log.req?.method) partes.push(`${log.req.method} ${log.req.url ?? ''}`);
  if (log.res?.statusCode !== undefined) partes.push(String(log.res.statusCode));
  if (typeof log.responseTime === 'number') partes.push(`${Math.round(log.responseTime)} ms`);
  return partes.filter(Boolean).join(' ');
}

/** pino-pretty in this process (no worker thread), synchronous: what a developer reads in `npm start`. */
export function destinoLegible(salida?: NodeJS.WritableStream, colores = true): DestinationStream {
  return pretty({
    colorize: colores,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime,reqId',
    messageFormat: (log, clave) => mensajeLegible(log as LineaLog, clave),
    ...(salida ? { destination: salida } : {}),
  });
}

/**
 * Structured JSON logs (pino) with secrets removed: Authorization and cookie headers, passwords, tokens.
 * Fastify adds `reqId` to every line of a request. At a terminal in development the same lines are printed readable.
 */
export function crearLogger(opciones: { nivel?: string; destino?: DestinationStream } = {}): FastifyBaseLogger {
  const destino = opciones.destino ?? (usarFormatoLegible() ? destinoLegible() : undefined);
  return pino(
    {
      level: opciones.nivel ?? process.env.LOG_LEVEL ?? 'info',
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-refresh"]',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'body.Contrasenha',
          'body.ContrasenhaActual',
          'body.AccessToken',
          'body.RefreshToken',
          '*.Contrasenha',
          '*.ContrasenhaActual',
          '*.contrasenha',
          '*.password',
          '*.AccessToken',
          '*.RefreshToken',
          // SIRE API client secret (sire module): never in a log line.
          'body.ClientSecret',
          '*.ClientSecret',
          '*.clientSecret',
          '*.client_secret',
          '*.token',
          'contrasenha',
          'password',
          'token',
        ],
        censor: '[oculto]',
      },
    },
    destino,
  );
}
