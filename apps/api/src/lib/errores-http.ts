import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCodes, MensajesError, type TError } from '@yupana/contracts';
import { AppError } from './app-error';

/** `/Contrasenha` -> `Contrasenha`, `/Items/0/Cantidad` -> `Items.0.Cantidad`; a whole-object error -> its part. */
function nombreDeCampo(instancePath: string, contexto: string | undefined): string {
  const campo = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return campo || contexto || 'solicitud';
}

/**
 * PostgreSQL errors caused by a value the request carried (class 22 "data exception" and an index row too large):
 * NUL in text, a number or date out of range, a text longer than its column. The contracts refuse these first
 * (packages/contracts/src/validacion.ts); this is the last resort, so a value no contract foresaw is a 400 and never a 500.
 */
const DATO_RECHAZADO_POR_LA_BASE = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '54000']);

/** The SQLSTATE of a database error, also when drizzle wraps it (DrizzleQueryError.cause). */
function codigoPostgres(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** Maps every error to `{ ErrorId, Mensaje, Errores? }`. Unexpected errors: generic Spanish text + request id; stack in the log only. */
export function registrarManejoErrores(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const cuerpo: TError = { ErrorId: error.code, Mensaje: error.mensaje };
      if (error.errores) cuerpo.Errores = error.errores;
      return reply.code(error.status).send(cuerpo);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const Errores: Record<string, string> = {};
      for (const v of error.validation) {
        const campo = nombreDeCampo(v.instancePath, error.validationContext);
        Errores[campo] ??= v.message ?? 'Valor no válido';
      }
      return reply.code(400).send({ ErrorId: ErrorCodes.VALIDACION, Mensaje: MensajesError[ErrorCodes.VALIDACION], Errores });
    }

    const fe = error as FastifyError;
    if (!isResponseSerializationError(error) && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      request.log.info({ code: fe.code, statusCode: fe.statusCode }, fe.message);
      if (fe.statusCode === 413)
        return reply.code(413).send({ ErrorId: ErrorCodes.CUERPO_DEMASIADO_GRANDE, Mensaje: MensajesError[ErrorCodes.CUERPO_DEMASIADO_GRANDE] });
      const mensaje =
        fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Tipo de contenido no admitido; envíe JSON'
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'El cuerpo de la solicitud está vacío'
            : fe.code?.startsWith('FST_ERR_CTP')
              ? 'El cuerpo de la solicitud no es JSON válido'
              : MensajesError[ErrorCodes.SOLICITUD_INVALIDA];
      return reply.code(fe.statusCode).send({ ErrorId: ErrorCodes.SOLICITUD_INVALIDA, Mensaje: mensaje });
    }

    const sqlstate = codigoPostgres(error);
    if (sqlstate && DATO_RECHAZADO_POR_LA_BASE.has(sqlstate)) {
      // Worth a look (a contract missed a limit), but the user only sent a bad value.
      request.log.warn({ err: error, sqlstate }, 'la base de datos rechazó un dato de la solicitud');
      return reply.code(400).send({ ErrorId: ErrorCodes.VALIDACION, Mensaje: 'Un dato enviado no es válido o está fuera del rango permitido' });
    }

    request.log.error({ err: error }, 'error no controlado');
    return reply.code(500).send({
      ErrorId: ErrorCodes.ERROR_INTERNO,
      Mensaje: `${MensajesError[ErrorCodes.ERROR_INTERNO]} (código de solicitud: ${request.id})`,
      IdSolicitud: String(request.id),
    });
  });
}
