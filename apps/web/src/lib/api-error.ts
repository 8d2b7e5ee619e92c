import type { TError } from '@yupana/contracts';

/** A failed call. `message` is the API's Spanish `Mensaje`, or the seed's 'Error status code {status} en {url}'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly cuerpo: Partial<TError> | null,
  ) {
    super(cuerpo?.Mensaje ?? (status === 0 ? MENSAJE_SIN_CONEXION : `Error status code ${status} en ${url}`));
    this.name = 'ApiError';
  }

  get errorId(): number | undefined {
    return this.cuerpo?.ErrorId;
  }

  /** Field messages of a validation error (ErrorId 500001), keyed by the request's field names. */
  get errores(): Record<string, string> {
    return this.cuerpo?.Errores ?? {};
  }
}

export const MENSAJE_SIN_CONEXION = 'No se pudo conectar con el servidor. Revise su conexión e inténtelo nuevamente.';

/** Spanish text for any error a page may show. */
export function mensajeDeError(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return 'Ocurrió un error inesperado. Inténtelo nuevamente; si persiste, comuníquese con soporte.';
}
