// Sending comprobantes de retención (CRE, tipo 20, issued by finanzas) and their resumen de reversiones (RR) to SUNAT's
// "otros CPE" billService, on the platform's job runner: the jobs envio.retencion (sendBill, like a factura's
// envio.comprobante) and envio.reversion (sendSummary + getStatus, like a comunicación de baja's envio.lote), registered
// by this module's service with the same retries, per-company limit and connection settings as its own queues. Finanzas
// reaches the queueing and the RR's creation through the functions app.ts hands it (usarEnvioRetenciones).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EstadoSunat } from '@yupana/contracts';
import {
  endpointsOtrosCpe,
  enviarComprobante,
  firmarXml,
  getStatus,
  nombreResumenReversion,
  nombreRetencion,
  sendSummary,
  SunatFault,
  xmlResumenReversion,
  zipDocumento,
  type TCdr,
  type TConfigSoap,
  type TCredencialFirma,
} from '@yupana/sunat';
import type { Db } from '../../../db/client';
import { empresa } from '../../../db/schema';
import { encolar, type TResultadoTrabajo, type TTrabajo } from '../../../lib/trabajos/cola';
import { trabajo } from '../../../lib/trabajos/trabajos.schema';
import { comprobanteRetencion } from '../../finanzas/retenciones-emitidas.schema';
import { COLA_RETENCION, COLA_REVERSION } from './cola';
import { ConfiguracionIncompleta, conexionDe } from './conexion-sunat';
import { estadoDeCdr, MENSAJE_DESTINO_NO_PERMITIDO, notasDe, zipCdr, type TDependenciasEnvio } from './enviar-comprobante';
import { envioLote } from './envio.schema';
import { aDestino, destinoNoPermitido, fallaTransitoria, mensajeDeCodigo } from './fallas';
import { bloquearLotesEmpresa, fechaLima } from './lotes';

type TTx = Parameters<Parameters<Db['transaction']>[0]>[0];

type TCambio = { idEstadoSunat: number; codigoSunat?: string | null; mensajeSunat?: string | null; cdr?: Uint8Array };

/** States from which the job may (re)send a CRE: pending, sent without a known answer, erróneo (sent again by a user). */
const ENVIABLES: number[] = [EstadoSunat.PENDIENTE_ENVIO, EstadoSunat.EN_PROCESO_ESPERA, EstadoSunat.ERRONEO];

type TCre = { id: number; idEmpresa: number };

async function cambiar(dep: TDependenciasEnvio, cre: TCre, c: TCambio): Promise<void> {
  await dep.db
    .update(comprobanteRetencion)
    .set({ ...c, mensajeSunat: c.mensajeSunat?.slice(0, 500) ?? c.mensajeSunat, logFechaModif: new Date() })
    .where(eq(comprobanteRetencion.id, cre.id));
  dep.publicar(cre.idEmpresa, { tipo: 'retencion.estado', datos: { IdComprobante: cre.id, IdEstadoSunat: c.idEstadoSunat } });
}

/** The SOAP settings of the company, aimed at the otros-CPE billService (retentions, perceptions and their RR). */
async function soapOtrosCpe(dep: TDependenciasEnvio, idEmpresa: number, ruc: string): Promise<{ soap: TConfigSoap; ambiente: string }> {
  const cx = await conexionDe(dep.db, idEmpresa, dep.ajustes, ruc);
  return { soap: { ...cx.soap, endpoints: endpointsOtrosCpe(cx.soap.endpoints) }, ambiente: cx.ambiente };
}

/** The CRE's state from its CDR (as a factura's) and the CDR zip SUNAT hands out, R-RUC-20-R001-N.zip. */
async function guardarCdr(dep: TDependenciasEnvio, id: TCre, nombre: string, cdr: TCdr, t: TTrabajo): Promise<TResultadoTrabajo> {
  if (cdr.clase === 'excepcion') return excepcion(dep, id, cdr.codigo.padStart(4, '0'), cdr.descripcion, t);
  const codigo = cdr.codigo === '0' ? '0' : cdr.codigo.padStart(4, '0');
  const notas = notasDe(cdr);
  const mensaje = notas.length ? `${cdr.descripcion} (${notas.join('; ')})` : cdr.descripcion;
  await cambiar(dep, id, { idEstadoSunat: estadoDeCdr(cdr), codigoSunat: codigo, mensajeSunat: mensaje, cdr: zipCdr(nombre, cdr) });
  return { tipo: 'hecho' };
}

/** 0100-1999: SUNAT did not process it; the same number again later, "erróneo" after the last attempt (Reenviar). */
async function excepcion(dep: TDependenciasEnvio, id: TCre, codigo: string, mensaje: string, t: TTrabajo): Promise<TResultadoTrabajo> {
  const ultimo = t.intentos >= dep.maxIntentos;
  await cambiar(dep, id, { idEstadoSunat: ultimo ? EstadoSunat.ERRONEO : EstadoSunat.PENDIENTE_ENVIO, codigoSunat: codigo, mensajeSunat: mensaje });
  const error = `SUNAT ${codigo}: ${mensaje}`;
  return ultimo ? { tipo: 'fallido', error } : { tipo: 'reintentar', error };
}

/**
 * Job envio.retencion: one CRE by sendBill to the otros-CPE service, with SUNAT's recovery rules (a 1033 or a lost
 * answer is resolved with getStatusCdr for the same number). The job first marks the CRE "sent, awaiting answer"
 * (4) in one statement that also checks it is not voided: a payment void takes the same row lock and refuses while the
 * CRE is in flight (601506), and a CRE voided before the job ran is never sent.
 */
export async function enviarCreTrabajo(dep: TDependenciasEnvio, t: TTrabajo): Promise<TResultadoTrabajo> {
  const [antes] = await dep.db
    .select({ idEstadoSunat: comprobanteRetencion.idEstadoSunat })
    .from(comprobanteRetencion)
    .where(eq(comprobanteRetencion.id, t.idReferencia));
  const [c] = await dep.db
    .update(comprobanteRetencion)
    .set({ idEstadoSunat: EstadoSunat.EN_PROCESO_ESPERA, logFechaModif: new Date() })
    .where(and(eq(comprobanteRetencion.id, t.idReferencia), eq(comprobanteRetencion.anulado, false), inArray(comprobanteRetencion.idEstadoSunat, ENVIABLES)))
    .returning({
      id: comprobanteRetencion.id, idEmpresa: comprobanteRetencion.idEmpresa, serie: comprobanteRetencion.serie, numero: comprobanteRetencion.numero, xml: comprobanteRetencion.xmlFirmado,
    });
  // Answered already, voided before it left, or gone: nothing to send.
  if (!c) return { tipo: 'hecho' };
  const [emp] = await dep.db.select({ ruc: empresa.documento }).from(empresa).where(eq(empresa.id, c.idEmpresa));
  const ruc = emp?.ruc ?? '';
  const nombre = nombreRetencion({ serie: c.serie, numero: c.numero, agente: { ruc, razonSocial: '' } });
  let ambiente = 'SUNAT';
  try {
    const cx = await soapOtrosCpe(dep, c.idEmpresa, ruc);
    ambiente = cx.ambiente;
    const r = await enviarComprobante(cx.soap, nombre, zipDocumento(nombre, c.xml), { consultas: dep.consultasCdr, esperaMs: dep.esperaConsultaMs });
    return await guardarCdr(dep, c, nombre, r.cdr, t);
  } catch (e) {
    if (destinoNoPermitido(e)) {
      dep.registrarFalla({ idComprobanteRetencion: c.id, idEmpresa: c.idEmpresa, detalle: destinoNoPermitido(e)?.message }, 'envío a un destino no permitido');
      await cambiar(dep, c, { idEstadoSunat: EstadoSunat.ERRONEO, codigoSunat: null, mensajeSunat: MENSAJE_DESTINO_NO_PERMITIDO });
      return { tipo: 'fallido', error: MENSAJE_DESTINO_NO_PERMITIDO };
    }
    const falla = fallaTransitoria(e, ambiente);
    if (falla) {
      dep.registrarFalla({ idComprobanteRetencion: c.id, idEmpresa: c.idEmpresa, detalle: falla.detalle }, `envío ${aDestino(ambiente)}: ${falla.mensaje}`);
      // A refused connection never reached SUNAT: still pending (a void may still take it). Anything else may have.
      const estado = falla.sinSalir && antes?.idEstadoSunat !== EstadoSunat.EN_PROCESO_ESPERA ? EstadoSunat.PENDIENTE_ENVIO : EstadoSunat.EN_PROCESO_ESPERA;
      await cambiar(dep, c, { idEstadoSunat: estado, codigoSunat: null, mensajeSunat: falla.mensaje });
      return { tipo: 'reintentar', error: falla.mensaje, transitorio: true };
    }
    if (e instanceof SunatFault) {
      const mensaje = mensajeDeCodigo(e.codigo);
      if (e.tipo === 'rechazo' || (Number(e.codigo) >= 2000 && Number(e.codigo) < 4000)) {
        await cambiar(dep, c, { idEstadoSunat: EstadoSunat.RECHAZADO, codigoSunat: e.codigo, mensajeSunat: mensaje });
        return { tipo: 'hecho' };
      }
      return excepcion(dep, c, e.codigo, mensaje, t);
    }
    if (e instanceof ConfiguracionIncompleta || (e instanceof Error && /otros CPE/.test(e.message))) {
      await cambiar(dep, c, { idEstadoSunat: EstadoSunat.ERRONEO, codigoSunat: null, mensajeSunat: e.message });
      return { tipo: 'fallido', error: e.message };
    }
    throw e;
  }
}

/**
 * Job envio.reversion: the RR by sendSummary (once: the ticket is kept), then getStatus until SUNAT answers. Accepted:
 * its CREs are "Revertido" with the RR's CDR kept on the batch; rejected: they go back to "Aceptado" with SUNAT's
 * reason (the payment stays voided: a person must decide, see decisions.md "crenvio").
 */
export async function enviarReversionTrabajo(dep: TDependenciasEnvio, t: TTrabajo): Promise<TResultadoTrabajo> {
  const [lote] = await dep.db.select().from(envioLote).where(and(eq(envioLote.id, t.idReferencia), eq(envioLote.tipo, 'RR'))).limit(1);
  if (!lote) return { tipo: 'fallido', error: `El resumen de reversiones ${t.idReferencia} no existe` };
  if (lote.estado === 'ACEPTADO' || lote.estado === 'RECHAZADO') return { tipo: 'hecho' };
  let ambiente = 'SUNAT';
  try {
    const cx = await soapOtrosCpe(dep, lote.idEmpresa, lote.nombre.slice(0, 11));
    ambiente = cx.ambiente;
    if (lote.estado === 'GENERADO') {
      const { ticket } = await sendSummary(cx.soap, lote.nombre, zipDocumento(lote.nombre, lote.xmlFirmado));
      await dep.db.update(envioLote).set({ estado: 'ENVIADO', ticket, logFechaModif: new Date() }).where(eq(envioLote.id, lote.id));
      return { tipo: 'esperar', enMs: dep.esperaTicketMs };
    }
    const r = await getStatus(cx.soap, lote.ticket!);
    if (r.estado === 'en_proceso') return { tipo: 'esperar', enMs: dep.esperaTicketMs };
    const cdr = r.cdr;
    const aceptado = cdr.clase === 'aceptado' || cdr.clase === 'observado';
    const codigo = cdr.codigo === '0' ? '0' : cdr.codigo.padStart(4, '0');
    await responderReversion(dep, lote.id, aceptado, codigo, cdr.descripcion, zipCdr(lote.nombre, cdr));
    return { tipo: 'hecho' };
  } catch (e) {
    if (destinoNoPermitido(e)) {
      await responderReversion(dep, lote.id, false, null, MENSAJE_DESTINO_NO_PERMITIDO);
      return { tipo: 'fallido', error: MENSAJE_DESTINO_NO_PERMITIDO };
    }
    const falla = fallaTransitoria(e, ambiente);
    if (falla) {
      dep.registrarFalla({ idLote: lote.id, idEmpresa: lote.idEmpresa, detalle: falla.detalle }, `envío ${aDestino(ambiente)}: ${falla.mensaje}`);
      return { tipo: 'reintentar', error: falla.mensaje, transitorio: true };
    }
    if (e instanceof SunatFault) {
      const mensaje = mensajeDeCodigo(e.codigo);
      if ((lote.estado === 'GENERADO' && e.tipo === 'rechazo') || t.intentos >= dep.maxIntentos) {
        await responderReversion(dep, lote.id, false, e.codigo, mensaje);
        return t.intentos >= dep.maxIntentos ? { tipo: 'fallido', error: `SUNAT ${e.codigo}: ${mensaje}` } : { tipo: 'hecho' };
      }
      return { tipo: 'reintentar', error: `SUNAT ${e.codigo}: ${mensaje}` };
    }
    if (e instanceof ConfiguracionIncompleta) {
      await responderReversion(dep, lote.id, false, null, e.message);
      return { tipo: 'fallido', error: e.message };
    }
    throw e;
  }
}

async function responderReversion(dep: TDependenciasEnvio, idLote: number, aceptado: boolean, codigo: string | null, mensaje: string, cdr?: Uint8Array): Promise<void> {
  const ids = await dep.db.transaction(async (tx) => {
    await tx
      .update(envioLote)
      .set({ estado: aceptado ? 'ACEPTADO' : 'RECHAZADO', codigoSunat: codigo, mensajeSunat: mensaje, cdr, logFechaModif: new Date() })
      .where(eq(envioLote.id, idLote));
    return tx
      .update(comprobanteRetencion)
      .set(
        aceptado
          ? { idEstadoSunat: EstadoSunat.REVERTIDO, logFechaModif: new Date() }
          : { idEstadoSunat: EstadoSunat.ACEPTADO, mensajeSunat: `Reversión no aceptada${codigo ? ` (${codigo})` : ''}: ${mensaje}`.slice(0, 500), logFechaModif: new Date() },
      )
      .where(and(eq(comprobanteRetencion.idLoteReversion, idLote), eq(comprobanteRetencion.idEstadoSunat, EstadoSunat.EN_REVERSION)))
      .returning({ id: comprobanteRetencion.id, idEmpresa: comprobanteRetencion.idEmpresa });
  });
  for (const c of ids)
    dep.publicar(c.idEmpresa, { tipo: 'retencion.estado', datos: { IdComprobante: c.id, IdEstadoSunat: aceptado ? EstadoSunat.REVERTIDO : EstadoSunat.ACEPTADO } });
}

/** Queues a CRE's sending inside the transaction that issued it. */
export async function encolarRetencion(tx: Pick<Db, 'insert'>, d: { idEmpresa: number; idComprobante: number }): Promise<void> {
  await encolar(tx, { cola: COLA_RETENCION, idReferencia: d.idComprobante, idEmpresa: d.idEmpresa });
}

/** "Reenviar": queue the CRE again, or bring forward its job still waiting for its next attempt. */
export async function reenviarRetencion(tx: Pick<Db, 'insert' | 'update'>, d: { idEmpresa: number; idComprobante: number }): Promise<void> {
  await tx
    .update(trabajo)
    .set({ proximoIntento: new Date() })
    .where(and(eq(trabajo.cola, COLA_RETENCION), eq(trabajo.idReferencia, d.idComprobante), eq(trabajo.estado, 'PENDIENTE')));
  await encolarRetencion(tx, d);
}

/**
 * The comunicación de reversión of an accepted CRE, inside the payment void's transaction: the company's RR of today
 * with the next correlativo of the day (under the same per-company advisory lock and numbering as its RC and RA, so
 * gap-free and unique), signed with the company's certificate, stored in envio_lote (tipo RR) and queued
 * (envio.reversion).
 */
export async function crearLoteReversion(
  tx: TTx,
  d: {
    idEmpresa: number; idUsuario: number; emisor: { ruc: string; razonSocial: string }; credencial: TCredencialFirma;
    comprobante: { serie: string; numero: number; fecha: string }; motivo: string;
  },
): Promise<{ id: number; nombre: string }> {
  await bloquearLotesEmpresa(tx, d.idEmpresa);
  const hoy = fechaLima();
  const [{ siguiente }] = (
    (await tx.execute(sql`
      select coalesce(max(correlativo), 0) + 1 as siguiente from envio_lote
       where id_empresa = ${d.idEmpresa} and tipo = 'RR' and fecha_generacion = ${hoy}`)) as unknown as { rows: { siguiente: number }[] }
  ).rows;
  const rr = {
    fechaEmision: hoy,
    fechaReferencia: d.comprobante.fecha < hoy ? d.comprobante.fecha : hoy,
    correlativo: Number(siguiente),
    emisor: d.emisor,
    documentos: [{ tipo: '20' as const, serie: d.comprobante.serie, numero: d.comprobante.numero, motivo: d.motivo }],
  };
  const firmado = firmarXml({ xml: xmlResumenReversion(rr), canonico: true }, d.credencial);
  const [lote] = await tx
    .insert(envioLote)
    .values({
      idEmpresa: d.idEmpresa, tipo: 'RR', fechaGeneracion: hoy, fechaReferencia: rr.fechaReferencia, correlativo: rr.correlativo, nombre: nombreResumenReversion(rr),
      xmlFirmado: Buffer.from(firmado.xml, 'utf8'), logUsuarioCrea: d.idUsuario,
    })
    .returning({ id: envioLote.id, nombre: envioLote.nombre });
  await encolar(tx, { cola: COLA_REVERSION, idReferencia: lote.id, idEmpresa: d.idEmpresa });
  return lote;
}
