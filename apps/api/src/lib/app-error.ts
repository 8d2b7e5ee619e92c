import { ErrorCodes, MensajesError, type TErrorCode } from '@yupana/contracts';

/**
 * The one error type services throw on purpose. The error handler turns it into
 * `{ ErrorId, Mensaje, Errores? }` with the given HTTP status.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly mensaje: string;
  readonly status: number;
  readonly errores?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    mensaje?: string,
    status = 400,
    extra: { errores?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const texto = mensaje ?? MensajesError[code];
    super(texto);
    this.name = 'AppError';
    this.code = code;
    this.mensaje = texto;
    this.status = status;
    this.errores = extra.errores;
    this.headers = extra.headers;
  }
}

/** A field validation error detected by a service (same shape as a schema validation error). */
export function errorDeCampo(campo: string, mensaje: string): AppError {
  return new AppError(ErrorCodes.VALIDACION, MensajesError[ErrorCodes.VALIDACION], 400, { errores: { [campo]: mensaje } });
}

export function noEncontrado(mensaje?: string): AppError {
  return new AppError(ErrorCodes.NO_ENCONTRADO, mensaje, 404);
}
