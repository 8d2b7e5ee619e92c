// Typed errors of the SUNAT engine. The split that matters to a caller deciding what to do next:
// - SunatNoAlcanzado: the request may or may not have reached SUNAT (network, timeout, refused connection).
//   The outcome is unknown: ask with getStatusCdr / getStatus before anything else, never send a new number.
// - SunatFault: SUNAT (or the OSE) answered and refused to process (SOAP fault or REST error) with one of its codes.
// - SunatRespuestaInvalida: something answered, but not what a SUNAT service answers (wrong body, wrong content type).
import { describirCodigo, normalizarCodigo, tipoDeCodigo, type TTipoCodigo } from './codigos';

export { codigosRetorno, describirCodigo, normalizarCodigo, tipoDeCodigo, type TCodigoRetorno, type TTipoCodigo } from './codigos';

export class SunatError extends Error {
  override name = 'SunatError';
}

export class SunatNoAlcanzado extends SunatError {
  override name = 'SunatNoAlcanzado';
  readonly motivo: 'timeout' | 'conexion' | 'red';
  readonly url: string;
  constructor(motivo: 'timeout' | 'conexion' | 'red', url: string, detalle: string, options?: { cause?: unknown }) {
    const textos = {
      timeout: 'SUNAT no respondió a tiempo',
      conexion: 'No se pudo conectar con SUNAT',
      red: 'Se perdió la comunicación con SUNAT',
    } as const;
    super(`${textos[motivo]} (${url}): ${detalle}. El resultado del envío es desconocido; consulte el estado antes de reenviar.`, options);
    this.motivo = motivo;
    this.url = url;
  }
}

export class SunatFault extends SunatError {
  override name = 'SunatFault';
  /** SUNAT's return code, four digits (e.g. "0102", "1033"). */
  readonly codigo: string;
  /** Message of SUNAT's catalogue for the code (Spanish), or what SUNAT said when the code is unknown. */
  readonly mensaje: string;
  /** Text SUNAT sent (faultstring / msg), kept verbatim for support. */
  readonly detalle: string;
  readonly tipo: TTipoCodigo;
  constructor(codigo: string, detalle: string) {
    const clave = normalizarCodigo(codigo);
    const mensaje = describirCodigo(clave)?.descripcion ?? detalle;
    super(`SUNAT ${clave}: ${mensaje}`);
    this.codigo = clave;
    this.mensaje = mensaje;
    this.detalle = detalle;
    this.tipo = tipoDeCodigo(clave);
  }
}

export class SunatRespuestaInvalida extends SunatError {
  override name = 'SunatRespuestaInvalida';
  readonly status: number;
  constructor(status: number, detalle: string) {
    super(`Respuesta no reconocida del servicio de SUNAT (HTTP ${status}): ${detalle}`);
    this.status = status;
  }
}

export class CertificadoError extends Error {
  override name = 'CertificadoError';
}

export class FirmaError extends Error {
  override name = 'FirmaError';
}
