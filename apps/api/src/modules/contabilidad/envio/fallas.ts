import { conPunto } from '@yupana/contracts';
import { describirCodigo, SunatFault, SunatNoAlcanzado, SunatRespuestaInvalida } from '@yupana/sunat';
import { DestinoNoPermitido } from '../../../lib/red-saliente';

/**
 * What went wrong talking to SUNAT (or the OSE, or the stand-in), in Spanish for the user, and the detail for the log.
 * Nothing the other side sent is ever shown to the user (an attacker's "OSE" could echo anything back, and an
 * internal service reached by mistake would leak its answers): only our own texts and SUNAT's catalogue.
 */
export type TFalla = {
  /** For the user (the document's message, regularizaciones): our words only. */
  mensaje: string;
  /** For the log: the error as it came. */
  detalle: string;
  /** The request never left (refused connection): the document is still "pendiente de envío". */
  sinSalir: boolean;
};

/** Who the company sends to, as the user calls it. */
export const destinoDe = (ambiente: string) => (ambiente === 'OSE' ? 'el OSE' : ambiente === 'SIMULADOR' ? 'el simulador de SUNAT' : 'SUNAT');
/** "a" + destination with Spanish contraction: "al simulador de SUNAT", "al OSE", "a SUNAT" (never "a el"). */
export const aDestino = (ambiente: string) => {
  const quien = destinoDe(ambiente);
  return quien.startsWith('el ') ? `al ${quien.slice(3)}` : `a ${quien}`;
};

// SUNAT's exceptions that mean "I cannot answer now" (its services or its database down, the request not queued, a
// duplicate still in process): the same as an unreachable SUNAT, they pass by themselves and never use up attempts.
const EXCEPCIONES_TRANSITORIAS = new Set(['0100', '0109', '0130', '0131', '0132', '0133', '0134', '0135', '0136', '0137', '0138', '0140']);

/** SUNAT's text for a code, from its catalogue; an unknown code is named, never explained with the remote text. */
export function mensajeDeCodigo(codigo: string): string {
  return describirCodigo(codigo)?.descripcion ?? `Código ${codigo} (no figura en el catálogo de SUNAT)`;
}

/** The rule that refused a destination (lib/red-saliente), if that is what stopped the call. */
export function destinoNoPermitido(e: unknown): DestinoNoPermitido | undefined {
  let actual: unknown = e;
  for (let i = 0; i < 5 && actual && typeof actual === 'object'; i++) {
    if (actual instanceof DestinoNoPermitido) return actual;
    actual = (actual as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A transport fault: the other side unreachable, too slow, cut, a gateway's 5xx, an HTML page or anything that is not
 * a SUNAT answer, or one of SUNAT's own "cannot answer now" exceptions. All of them retry for as long as the document
 * may still be sent. Null: not a transport fault (a SUNAT code to act on, or a bug).
 */
export function fallaTransitoria(e: unknown, ambiente: string): TFalla | null {
  const quien = destinoDe(ambiente);
  const detalle = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  if (destinoNoPermitido(e)) return null;
  if (e instanceof SunatNoAlcanzado) {
    const mensaje =
      e.motivo === 'conexion'
        ? `No se pudo conectar con ${quien}; se reintentará automáticamente`
        : e.motivo === 'timeout'
          ? `${mayuscula(quien)} no respondió a tiempo; se consultará el resultado con el mismo número`
          : `Se perdió la comunicación con ${quien}; se consultará el resultado con el mismo número`;
    return { mensaje, detalle, sinSalir: e.motivo === 'conexion' };
  }
  if (e instanceof SunatRespuestaInvalida)
    return {
      mensaje: `${mayuscula(quien)} respondió con algo que no es una respuesta del servicio (HTTP ${e.status}); se reintentará automáticamente`,
      detalle,
      sinSalir: false,
    };
  if (e instanceof SunatFault && EXCEPCIONES_TRANSITORIAS.has(e.codigo))
    return { mensaje: `SUNAT ${e.codigo}: ${conPunto(mensajeDeCodigo(e.codigo))} Se reintentará automáticamente`, detalle: `${detalle} (${e.detalle})`, sinSalir: false };
  return null;
}

const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const DIA_MS = 86_400_000;

/** The first instant after the Lima day `fecha` + `dias` (Lima is UTC-5 all year, no daylight saving). */
function finDelDiaLima(fecha: string, dias: number): Date {
  return new Date(Date.parse(`${fecha}T00:00:00-05:00`) + (dias + 1) * DIA_MS);
}

/**
 * SUNAT's sending windows, counted in calendar days after the issue date:
 * - facturas and their notes (sendBill): 3 days, the "plazo máximo vigente" of rule 2108 (Factura2-0, NotaCredito2-0,
 *   NotaDebito2-0, parámetro 004); the stand-in rejects later ones with 2108 as SUNAT does;
 * - boletas and their notes, in the resumen diario: 7 days (Resumen-Diario1-1, observation 4443 "informado fuera del
 *   plazo establecido" past 7 days from the issue date);
 * - the comunicación de baja: 7 days from the issue date of what it voids (rule 2957);
 * - guías de remisión: SUNAT sets no sending deadline (the guide must exist before the goods move); we alert after
 *   the factura's 3 days, when a guide that never reached SUNAT has surely missed its trip.
 */
export const PLAZO_ENVIO_DIAS = { comprobante: 3, resumen: 7, baja: 7 } as const;

export const plazoComprobante = (fechaEmision: string) => finDelDiaLima(fechaEmision, PLAZO_ENVIO_DIAS.comprobante);

export const plazoLote = (tipo: string, fechaReferencia: string) =>
  finDelDiaLima(fechaReferencia, tipo === 'RA' ? PLAZO_ENVIO_DIAS.baja : PLAZO_ENVIO_DIAS.resumen);

/** dd/mm/aaaa of the last day of a window. */
export const ultimoDia = (plazo: Date) => {
  const [a, m, d] = new Date(plazo.getTime() - DIA_MS - 5 * 3600_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
};

/** The alert once a window closed without SUNAT's answer: the document needs a person (regularizaciones). */
export const mensajePlazoVencido = (plazo: Date, ambiente: string, ultima: string) =>
  `No se pudo enviar ${aDestino(ambiente)} dentro del plazo (hasta el ${ultimoDia(plazo)}). Último problema: ${conPunto(ultima)} ` +
  'Revise la conexión y la configuración de envío, y regularice el documento';
