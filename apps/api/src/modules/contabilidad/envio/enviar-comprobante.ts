import { EstadoSunat } from '@yupana/contracts';
import {
  consultarGre,
  enviarComprobante,
  enviarGre,
  SunatFault,
  SunatNoAlcanzado,
  zipDocumento,
  type TCdr,
} from '@yupana/sunat';
import type { Db } from '../../../db/client';
import type { TResultadoTrabajo, TTrabajo } from './cola';
import { ConfiguracionIncompleta, conexionDe, type TAjustesEnvio } from './conexion-sunat';
import { cambiarEstado, canalDe, documentoPorId, type TDocumentoEnvio } from './documentos.repo';

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

async function sinRespuesta(dep: TDependenciasEnvio, d: TDocumentoEnvio, e: SunatNoAlcanzado): Promise<TResultadoTrabajo> {
  // A refused connection never reached SUNAT: still pending. A timeout or a cut answer may have: awaiting reply,
  // and the next attempt (same number) resolves it through 1033 + getStatusCdr.
  const estado = e.motivo === 'conexion' ? EstadoSunat.PENDIENTE_ENVIO : EstadoSunat.EN_PROCESO_ESPERA;
  if (d.idEstadoSunat !== estado) {
    await cambiarEstado(dep.db, d.id, { idEstadoSunat: estado });
    publicarEstado(dep, d, estado, d.codigoSunat, d.mensajeSunat);
  }
  return { tipo: 'reintentar', error: e.message, contar: false };
}

/** Job COMPROBANTE: a factura or one of its notes by sendBill, or a GRE by SUNAT's REST API (ticket, then polling). */
export async function enviarComprobanteTrabajo(dep: TDependenciasEnvio, t: TTrabajo): Promise<TResultadoTrabajo> {
  const d = await documentoPorId(dep.db, t.idDocumento!, t.idEmpresa);
  if (!d) return { tipo: 'fallido', error: `El documento ${t.idDocumento} no existe` };
  // Already answered (a previous owner of the job finished just before losing its lease): nothing to send.
  if (FINALES.includes(d.idEstadoSunat)) return { tipo: 'hecho' };
  if (!d.xmlFirmado || !d.nombreArchivo) return { tipo: 'fallido', error: 'El documento no tiene XML firmado' };
  const canal = canalDe(d);
  try {
    const cx = await conexionDe(dep.db, d.idEmpresa, dep.ajustes, d.nombreArchivo.slice(0, 11));
    const zip = zipDocumento(d.nombreArchivo, d.xmlFirmado);
    if (canal === 'gre') {
      if (!cx.gre) throw new ConfiguracionIncompleta('Configure el cliente de la API de guías de remisión (SUNAT_GRE_CLIENT_ID)');
      if (!t.ticket) {
        const { ticket } = await enviarGre(cx.gre, d.nombreArchivo, zip);
        await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.EN_PROCESO_ESPERA });
        publicarEstado(dep, d, EstadoSunat.EN_PROCESO_ESPERA, null, null);
        return { tipo: 'esperar', enMs: dep.esperaTicketMs, ticket };
      }
      const r = await consultarGre(cx.gre, t.ticket);
      if (r.estado === 'en_proceso') return { tipo: 'esperar', enMs: dep.esperaTicketMs };
      if (r.estado === 'terminado') return guardarCdr(dep, d, r.cdr);
      if (r.cdr) return guardarCdr(dep, d, r.cdr);
      const codigo = r.error.codigo.padStart(4, '0');
      if (Number(codigo) >= 2000 && Number(codigo) < 4000) {
        await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.RECHAZADO, codigoSunat: codigo, mensajeSunat: r.error.mensaje });
        publicarEstado(dep, d, EstadoSunat.RECHAZADO, codigo, r.error.mensaje);
        return { tipo: 'hecho' };
      }
      return excepcion(dep, d, codigo, r.error.mensaje, t.intentos);
    }
    const r = await enviarComprobante(cx.soap, d.nombreArchivo, zip, { consultas: dep.consultasCdr, esperaMs: dep.esperaConsultaMs });
    return guardarCdr(dep, d, r.cdr);
  } catch (e) {
    if (e instanceof SunatNoAlcanzado) return sinRespuesta(dep, d, e);
    if (e instanceof SunatFault) {
      // SUNAT often answers a rejection (2000-3999) as a SOAP fault instead of a CDR: the number is used up all the same.
      if (e.tipo === 'rechazo' || (Number(e.codigo) >= 2000 && Number(e.codigo) < 4000)) {
        await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.RECHAZADO, codigoSunat: e.codigo, mensajeSunat: e.mensaje });
        publicarEstado(dep, d, EstadoSunat.RECHAZADO, e.codigo, e.mensaje);
        return { tipo: 'hecho' };
      }
      return excepcion(dep, d, e.codigo, e.mensaje, t.intentos);
    }
    if (e instanceof ConfiguracionIncompleta) {
      await cambiarEstado(dep.db, d.id, { idEstadoSunat: EstadoSunat.ERRONEO, mensajeSunat: e.message });
      publicarEstado(dep, d, EstadoSunat.ERRONEO, null, e.message);
      return { tipo: 'fallido', error: e.message };
    }
    throw e;
  }
}
