import { EstadoSunat } from '@yupana/contracts';
import {
  consultarGre,
  enviarComprobante,
  enviarGre,
  SunatFault,
  zipDocumento,
  type TCdr,
} from '@yupana/sunat';
import type { Db } from '../../../db/client';
import type { TResultadoTrabajo, TTrabajo } from '../../../lib/trabajos/cola';
import { ConfiguracionIncompleta, conexionDe, type TAjustesEnvio } from './conexion-sunat';
import { cambiarEstado, canalDe, documentoPorId, type TDocumentoEnvio } from './documentos.repo';
import { aDestino, destinoNoPermitido, fallaTransitoria, mensajeDeCodigo, mensajePlazoVencido, plazoComprobante, type TFalla } from './fallas';

export type TPublicar = (idEmpresa: number, evento: { tipo: string; datos: unknown }) => void;

export type TDependenciasEnvio = {
  db: Db;
  ajustes: TAjustesEnvio;
  publicar: TPublicar;
  maxIntentos: number;
  /** Wait before asking SUNAT again for a ticket (GRE, resumen, baja). */
  esperaTicketMs: number;
  /** getStatusCdr attempts after an unknown outcome, and the pause between them. */
  consultasCdr: number;
  esperaConsultaMs: number;
  /** The clock the sending windows are judged by (tests move it). */
  ahora: () => Date;
  /** The detail of a fault, for the operator's log (never for the user). */
  registrarFalla: (detalle: Record<string, unknown>, texto: string) => void;
};

const FINALES: number[] = [EstadoSunat.ACEPTADO, EstadoSunat.OBSERVADO, EstadoSunat.RECHAZADO, EstadoSunat.ANULADO];

export function publicarEstado(dep: Pick<TDependenciasEnvio, 'publicar'>, d: { idEmpresa: number; id: number }, idEstado: number, codigo: string | null, mensaje: string | null) {
  dep.publicar(d.idEmpresa, {
    tipo: 'documento.estado',
    datos: { IdDocumento: d.id, IdestadoSunat: idEstado, CodigoSunat: codigo, MensajeSunat: mensaje },
  });
}

/** The document's status from a CDR: 0 accepted, 0 with notes or 4000+ observed, 2000-3999 rejected. */
export function estadoDeCdr(cdr: TCdr): number {
  if (cdr.clase === 'aceptado') return EstadoSunat.ACEPTADO;
  if (cdr.clase === 'observado') return EstadoSunat.OBSERVADO;
  if (cdr.clase === 'rechazado') return EstadoSunat.RECHAZADO;
  return EstadoSunat.PENDIENTE_ENVIO;
}

/** The CDR as SUNAT hands it out: R-NOMBRE.zip holding R-NOMBRE.xml (the XML kept byte for byte as received). */
export const zipCdr = (nombre: string, cdr: TCdr): Uint8Array => zipDocumento(`R-${nombre}`, cdr.xml);

export const notasDe = (cdr: TCdr) => cdr.notas.map((n) => (n.codigo ? `${n.codigo} - ${n.descripcion}` : n.descripcion));

async function guardarCdr(dep: TDependenciasEnvio, d: TDocumentoEnvio, cdr: TCdr): Promise<TResultadoTrabajo> {
  const estado = estadoDeCdr(cdr);
  if (cdr.clase === 'excepcion') return excepcion(dep, d, cdr.codigo, cdr.descripcion);
  const codigo = cdr.codigo.padStart(cdr.codigo === '0' ? 1 : 4, '0');
  await cambiarEstado(dep.db, d.id, {
    idEstadoSunat: estado,
    codigoSunat: codigo,
    mensajeSunat: cdr.descripcion,
    notasSunat: notasDe(cdr),
    cdr: zipCdr(d.nombreArchivo ?? `${d.serie}-${d.correlativo}`, cdr),
  });
  publicarEstado(dep, d, estado, codigo, cdr.descripcion);
  return { tipo: 'hecho' };
}

/** 0100-1999: SUNAT did not process it. Same number again later; after the last attempt it is "erróneo" (regularizaciones). */
async function excepcion(dep: TDependenciasEnvio, d: TDocumentoEnvio, codigo: string, mensaje: string, intentos = 0): Promise<TResultadoTrabajo> {
  const ultimo = intentos >= dep.maxIntentos;
  const estado = ultimo ? EstadoSunat.ERRONEO : EstadoSunat.PENDIENTE_ENVIO;
  await cambiarEstado(dep.db, d.id, { idEstadoSunat: estado, codigoSunat: codigo, mensajeSunat: mensaje });
  publicarEstado(dep, d, estado, codigo, mensaje);
  const error = `SUNAT ${codigo}: ${mensaje}`;
  return ultimo ? { tipo: 'fallido', error } : { tipo: 'reintentar', error };
}

/**
 * The settings point somewhere the operator does not allow (lib/red-saliente): a person must fix them; the job stops
 * and the document is "erróneo" with the reason (regularizaciones sends it again once fixed).
 */
async function detenerPorConfiguracion(dep: TDependenciasEnvio, d: TDocumentoEnvio, mensaje: string): Promise<TResultadoTrabajo> {
  await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.ERRONEO, codigoSunat: null, mensajeSunat: mensaje });
  publicarEstado(dep, d, EstadoSunat.ERRONEO, null, mensaje);
  return { tipo: 'fallido', error: mensaje };
}

export const MENSAJE_DESTINO_NO_PERMITIDO =
  'La dirección de envío configurada no está permitida por el administrador de la plataforma (OSE_HOSTS_PERMITIDOS): revise la URL del OSE';

/**
 * A transport fault: retried under the same number, without using up attempts, for as long as SUNAT's window for the
 * document allows; then an alert. The user sees the state and the fault in Spanish (the detail goes to the log).
 */
async function sinRespuesta(dep: TDependenciasEnvio, d: TDocumentoEnvio, t: TTrabajo, falla: TFalla, ambiente: string): Promise<TResultadoTrabajo> {
  dep.registrarFalla({ idDocumento: d.id, idEmpresa: d.idEmpresa, intento: t.intentos + t.reintentosSinRespuesta, detalle: falla.detalle }, `envío ${aDestino(ambiente)}: ${falla.mensaje}`);
  const plazo = plazoComprobante(d.fechaEmision);
  // A GRE already holding a ticket is at SUNAT: only its answer is awaited, so no deadline applies.
  if (!t.datos.ticket && dep.ahora() >= plazo) {
    const mensaje = mensajePlazoVencido(plazo, ambiente, falla.mensaje);
    await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.ERRONEO, codigoSunat: null, mensajeSunat: mensaje });
    publicarEstado(dep, d, EstadoSunat.ERRONEO, null, mensaje);
    return { tipo: 'fallido', error: mensaje };
  }
  // A refused connection never reached SUNAT: still pending. Anything else may have: awaiting reply, and the next
  // attempt (same number) resolves it through 1033 + getStatusCdr.
  const estado = falla.sinSalir && d.idEstadoSunat === EstadoSunat.PENDIENTE_ENVIO ? EstadoSunat.PENDIENTE_ENVIO : EstadoSunat.EN_PROCESO_ESPERA;
  if (d.idEstadoSunat !== estado || d.mensajeSunat !== falla.mensaje || d.codigoSunat !== null) {
    await cambiarEstado(dep.db, d.id, { idEstadoSunat: estado, codigoSunat: null, mensajeSunat: falla.mensaje });
    publicarEstado(dep, d, estado, null, falla.mensaje);
  }
  return { tipo: 'reintentar', error: falla.mensaje, transitorio: true };
}

/** Job COMPROBANTE: a factura or one of its notes by sendBill, or a GRE by SUNAT's REST API (ticket, then polling). */
export async function enviarComprobanteTrabajo(dep: TDependenciasEnvio, t: TTrabajo): Promise<TResultadoTrabajo> {
  const d = await documentoPorId(dep.db, t.idReferencia, t.idEmpresa ?? undefined);
  if (!d) return { tipo: 'fallido', error: `El documento ${t.idReferencia} no existe` };
  // Already answered (a previous owner of the job finished just before losing its lease): nothing to send.
  if (FINALES.includes(d.idEstadoSunat)) return { tipo: 'hecho' };
  if (!d.xmlFirmado || !d.nombreArchivo) return { tipo: 'fallido', error: 'El documento no tiene XML firmado' };
  const canal = canalDe(d);
  let ambiente = 'SUNAT';
  try {
    const cx = await conexionDe(dep.db, d.idEmpresa, dep.ajustes, d.nombreArchivo.slice(0, 11));
    ambiente = cx.ambiente;
    const zip = zipDocumento(d.nombreArchivo, d.xmlFirmado);
    if (canal === 'gre') {
      if (!cx.gre) throw new ConfiguracionIncompleta('Configure el cliente de la API de guías de remisión (SUNAT_GRE_CLIENT_ID)');
      const ticketGuardado = typeof t.datos.ticket === 'string' ? t.datos.ticket : undefined;
      if (!ticketGuardado) {
        const { ticket } = await enviarGre(cx.gre, d.nombreArchivo, zip);
        await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.EN_PROCESO_ESPERA, codigoSunat: null, mensajeSunat: null });
        publicarEstado(dep, d, EstadoSunat.EN_PROCESO_ESPERA, null, null);
        return { tipo: 'esperar', enMs: dep.esperaTicketMs, datos: { ticket } };
      }
      const r = await consultarGre(cx.gre, ticketGuardado);
      if (r.estado === 'en_proceso') return { tipo: 'esperar', enMs: dep.esperaTicketMs };
      if (r.estado === 'terminado') return guardarCdr(dep, d, r.cdr);
      if (r.cdr) return guardarCdr(dep, d, r.cdr);
      const codigo = r.error.codigo.padStart(4, '0');
      // The REST error's text is the remote side's: the user gets the catalogue's.
      const mensaje = mensajeDeCodigo(codigo);
      if (Number(codigo) >= 2000 && Number(codigo) < 4000) {
        await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.RECHAZADO, codigoSunat: codigo, mensajeSunat: mensaje });
        publicarEstado(dep, d, EstadoSunat.RECHAZADO, codigo, mensaje);
        return { tipo: 'hecho' };
      }
      return excepcion(dep, d, codigo, mensaje, t.intentos);
    }
    const r = await enviarComprobante(cx.soap, d.nombreArchivo, zip, { consultas: dep.consultasCdr, esperaMs: dep.esperaConsultaMs });
    return guardarCdr(dep, d, r.cdr);
  } catch (e) {
    const prohibido = destinoNoPermitido(e);
    if (prohibido) {
      dep.registrarFalla({ idDocumento: d.id, idEmpresa: d.idEmpresa, detalle: prohibido.message }, 'envío a un destino no permitido');
      return detenerPorConfiguracion(dep, d, MENSAJE_DESTINO_NO_PERMITIDO);
    }
    const falla = fallaTransitoria(e, ambiente);
    if (falla) return sinRespuesta(dep, d, t, falla, ambiente);
    if (e instanceof SunatFault) {
      // Never the remote fault string: SUNAT's catalogue text for the code.
      const mensaje = mensajeDeCodigo(e.codigo);
      if (e.detalle && e.detalle !== mensaje) dep.registrarFalla({ idDocumento: d.id, codigo: e.codigo, detalle: e.detalle }, 'respuesta de SUNAT');
      // SUNAT often answers a rejection (2000-3999) as a SOAP fault instead of a CDR: the number is used up all the same.
      if (e.tipo === 'rechazo' || (Number(e.codigo) >= 2000 && Number(e.codigo) < 4000)) {
        await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.RECHAZADO, codigoSunat: e.codigo, mensajeSunat: mensaje });
        publicarEstado(dep, d, EstadoSunat.RECHAZADO, e.codigo, mensaje);
        return { tipo: 'hecho' };
      }
      return excepcion(dep, d, e.codigo, mensaje, t.intentos);
    }
    if (e instanceof ConfiguracionIncompleta) {
      await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.ERRONEO, mensajeSunat: e.message });
      publicarEstado(dep, d, EstadoSunat.ERRONEO, null, e.message);
      return { tipo: 'fallido', error: e.message };
    }
    throw e;
  }
}
