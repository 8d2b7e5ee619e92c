import { z } from './zod-es';

/**
 * Shared building blocks for request fields. Every module's contract uses these instead of `z.coerce.number()` or a
 * bare `z.string()`, so that no input, however odd, reaches a service or PostgreSQL in a shape that breaks it (a 500):
 * - integers (ids, pages, states) are parsed strictly: a JSON integer or its plain decimal text, nothing else
 *   (`z.coerce.number()` took "0x1", "1e0", " 1 ", "" and [[1]] for a number);
 * - ids stay within PostgreSQL's `integer` (a larger one was "out of range" inside the query);
 * - text is well-formed Unicode without NUL or other control characters (PostgreSQL refuses NUL in text, XML 1.0
 *   refuses control characters and unpaired surrogates);
 * - decimals travel as text with a bounded number of digits (SUNAT's n(12,2) amounts, n(12,10) quantities).
 * The API also refuses malformed text in any field of any request before validation (apps/api/src/lib/texto-seguro.ts):
 * the blocks below give the same rule a field-level message in forms and in the OpenAPI description.
 */

/** Largest id of a row (PostgreSQL `integer` identity columns). */
export const MAX_ID = 2_147_483_647;

// C0 control characters except tab, line feed and carriage return; the two non-characters XML forbids; and a
// surrogate half without its pair (JSON's "\ud800" escapes produce them).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NULO = /\u0000/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const SURROGADO_SUELTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored or put in a document (Spanish), or null when it can. */
export function motivoTextoNoPermitido(texto: string): string | null {
  if (NULO.test(texto)) return 'No se permite el carácter nulo';
  if (SURROGADO_SUELTO.test(texto)) return 'El texto tiene caracteres Unicode mal formados';
  if (CONTROL.test(texto)) return 'No se permiten caracteres de control';
  return null;
}

/** Adds the text rule to a string schema (for strings with their own format: regex, e-mail, enum-like). */
export const textoPermitido = <T extends z.ZodType<string>>(esquema: T) =>
  esquema.superRefine((v, ctx) => {
    const motivo = motivoTextoNoPermitido(v);
    if (motivo) ctx.addIssue({ code: 'custom', message: motivo });
  });

/**
 * A free text field: trimmed, at most `max` characters, well-formed, no NUL or control characters (tabs and line
 * breaks are fine). `min` (default 0) with its own message for required texts.
 */
export function ZTexto(max: number, opciones: { min?: number; mensajeMin?: string } = {}) {
  const { min = 0, mensajeMin = min > 1 ? `Mínimo ${min} caracteres` : 'Este campo es obligatorio' } = opciones;
  let s = z.string({ error: 'Debe ser un texto' }).trim();
  if (min > 0) s = s.min(min, mensajeMin);
  return textoPermitido(s.max(max, `Máximo ${max} caracteres`));
}

const ENTERO_TEXTO = /^-?\d{1,16}$/;

/**
 * An integer from a path, a query string or a JSON body: a JSON integer, or its plain decimal text ("12", "-1") as
 * path and query strings carry it. Anything else ("0x1", "1e0", " 1 ", "", "1.0", [[1]], true) is refused.
 * Bounds default to PostgreSQL's `integer`, where these values end up. `mensaje` is the message of a missing or
 * non-integer value (and of the bounds unless `mensajeMin`/`mensajeMax` are given).
 */
export function ZEntero(opciones: { min?: number; max?: number; mensaje?: string; mensajeMin?: string; mensajeMax?: string } = {}) {
  const { min = -MAX_ID - 1, max = MAX_ID, mensaje, mensajeMin, mensajeMax } = opciones;
  const tipo = mensaje ?? mensajeMin ?? 'Debe ser un número entero';
  return z.preprocess(
    (v) => (typeof v === 'string' && ENTERO_TEXTO.test(v) ? Number(v) : v),
    z
      .number({ error: tipo })
      .int(tipo)
      .min(min, mensajeMin ?? mensaje ?? (min === 1 ? 'Debe ser mayor que cero' : `Debe ser mayor o igual a ${min}`))
      .max(max, mensajeMax ?? mensaje ?? `Debe ser menor o igual a ${max}`),
  );
}

/** A row id (path, query or body): a positive integer no larger than PostgreSQL's `integer`. */
export const ZId = ZEntero({ min: 1, max: MAX_ID });

/** An integer filter or option taken from a query string, between `min` and `max`, with its default. */
export const ZEnteroConsulta = (min: number, max: number, porDefecto: number) => ZEntero({ min, max }).default(porDefecto);

/**
 * A decimal amount as text ("118.00"), or a JSON number converted to text (never computed as a float): at most
 * `enteros` integer digits and `decimales` decimals, never negative. SUNAT's formats: amounts n(12,2), quantities
 * and unit values n(12,10).
 */
export function ZDecimal(campo: string, opciones: { enteros?: number; decimales?: number } = {}) {
  const { enteros = 12, decimales = 2 } = opciones;
  const patron = new RegExp(`^\\d{1,${enteros}}(\\.\\d{1,${decimales}})?$`);
  return z
    .union([z.string(), z.number()], { error: `${campo}: indique un número` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => patron.test(v), `${campo}: número no negativo de hasta ${enteros} enteros y ${decimales} decimales`);
}
