import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * Structured JSON logs (pino) with secrets removed: Authorization and cookie headers, passwords, tokens.
 * Fastify adds `reqId` to every line of a request.
 */
export function crearLogger(opciones: { nivel?: string; destino?: DestinationStream } = {}): FastifyBaseLogger {
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
          '*.token',
          'contrasenha',
          'password',
          'token',
        ],
        censor: '[oculto]',
      },
    },
    opciones.destino,
  );
}
