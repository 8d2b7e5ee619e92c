// Modelo de entrada de todos los documentos: un JSON con "tipo" (01, 03, 07, 08, 09, 31, RC, RA).
import { z } from 'zod';
import { ZBoleta, ZFactura, ZNotaCredito, ZNotaDebito } from './comprobante';
import { ZGuiaRemitente, ZGuiaTransportista } from './guia';
import { ZResumenDiario, ZComunicacionBaja } from './resumen';

export * from './comun';
export * from './comprobante';
export * from './guia';
export * from './resumen';

export const ZDocumento = z.discriminatedUnion('tipo', [
  ZFactura, ZBoleta, ZNotaCredito, ZNotaDebito, ZGuiaRemitente, ZGuiaTransportista, ZResumenDiario, ZComunicacionBaja,
]);
export type TDocumento = z.infer<typeof ZDocumento>;
export type TDocumentoEntrada = z.input<typeof ZDocumento>;

/** Error de validación con la forma de la API (ErrorId 500001 y un mensaje por campo). */
export type TErrorValidacion = { ErrorId: 500001; Mensaje: string; Errores: Record<string, string> };

export class ErrorValidacion extends Error {
  readonly detalle: TErrorValidacion;
  constructor(errores: Record<string, string>) {
    const mensaje = 'Los datos del documento no son válidos';
    super(`${mensaje}: ${Object.entries(errores).map(([c, m]) => `${c}: ${m}`).join('; ')}`);
    this.name = 'ErrorValidacion';
    this.detalle = { ErrorId: 500001, Mensaje: mensaje, Errores: errores };
  }
}

/** Convierte los problemas de zod en { "items.0.cantidad": "mensaje" } (el primero por campo). */
export function erroresDeZod(error: z.ZodError): Record<string, string> {
  const errores: Record<string, string> = {};
  for (const issue of error.issues) {
    const campo = issue.path.map(String).join('.') || 'documento';
    if (!(campo in errores)) errores[campo] = issue.message;
  }
  return errores;
}

export type TResultadoValidacion = { ok: true; documento: TDocumento } | { ok: false; error: TErrorValidacion };

/** Valida un JSON de entrada contra el modelo (formatos y catálogos de SUNAT). */
export function validarDocumento(entrada: unknown): TResultadoValidacion {
  const r = ZDocumento.safeParse(entrada);
  if (r.success) return { ok: true, documento: r.data };
  return { ok: false, error: new ErrorValidacion(erroresDeZod(r.error)).detalle };
}
