import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { EstadoSunat } from '@yupana/contracts';
import {
  construirDocumento,
  documentoResumenDe,
  firmarXml,
  getStatus,
  sendSummary,
  validarDocumento,
  SunatFault,
  zipDocumento,
  type TBoleta,
  type TComunicacionBaja,
  type TDocumentoResumen,
  type TEmisor,
  type TNotaCredito,
  type TNotaDebito,
  type TResumenDiario,
} from '@yupana/sunat';
import type { Db } from '../../../db/client';
import { documentoContable } from '../contabilidad.schema';
import type { TResultadoTrabajo, TTrabajo } from '../../../lib/trabajos/cola';
import { encolarLote } from './cola';
import { conexionDe, type TAjustesEnvio, type TConexionSunat } from './conexion-sunat';
import { cambiarEstado, type TDocumentoEnvio } from './documentos.repo';
import { MENSAJE_DESTINO_NO_PERMITIDO, notasDe, publicarEstado, zipCdr, type TDependenciasEnvio } from './enviar-comprobante';
import { aDestino, destinoNoPermitido, fallaTransitoria, mensajeDeCodigo, mensajePlazoVencido, plazoLote } from './fallas';
import { envioLote, envioLoteDocumento } from './envio.schema';

type TTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Business dates are Lima's (UTC-5, no daylight saving). */
export function fechaLima(d = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Whole days from one ISO date to another. */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
}

/** SUNAT's window to void (rules 2957 of the comunicación de baja and of the resumen diario): 7 days from issue. */
export const PLAZO_BAJA_DIAS = 7;
/** Lines per resumen / baja (SUNAT accepts up to 500). */
const MAX_LINEAS = 500;

// Arbitrary namespace of the per-company advisory lock that serialises batch numbering.
const CANDADO_LOTES = 727_101;

/** The engine's model of a stored document (its input JSON, parsed again so defaults are applied as when it was issued). */
function modeloDe(d: TDocumentoEnvio): TBoleta | TNotaCredito | TNotaDebito {
  const r = validarDocumento(d.datos);
  if (!r.ok) throw new Error(`El documento ${d.serie}-${d.correlativo} guardado no es válido para el motor: ${r.error.Mensaje}`);
  return r.documento as TBoleta | TNotaCredito | TNotaDebito;
}

/** The RUC a document was issued under (its file name starts with it). */
const rucDe = (d: TDocumentoEnvio) => d.nombreArchivo?.slice(0, 11) ?? (d.datos as { emisor?: { ruc?: string } }).emisor?.ruc;

type TItemLote = { documento: TDocumentoEnvio; estadoItem: 1 | 3; motivo?: string };

/**
 * Builds, signs and stores one RC or RA with the next correlativo of the day, and queues it. Runs inside the
 * caller's transaction, which must hold the company's batch lock.
 */
async function crearLote(
  tx: TTx,
  cx: Pick<TConexionSunat, 'credencial'>,
  tipo: 'RC' | 'RA',
  idEmpresa: number,
  fechaReferencia: string,
  items: TItemLote[],
  idUsuario?: number,
): Promise<{ id: number; nombre: string }> {
  const hoy = fechaLima();
  const [{ siguiente }] = (
    (await tx.execute(sql`
      select coalesce(max(correlativo), 0) + 1 as siguiente from envio_lote
       where id_empresa = ${idEmpresa} and tipo = ${tipo} and fecha_generacion = ${hoy}`)) as unknown as { rows: { siguiente: number }[] }
  ).rows;
  const correlativo = Number(siguiente);
  const emisor = (items[0].documento.datos as { emisor: TEmisor }).emisor;
  let entrada: TResumenDiario | TComunicacionBaja;
  if (tipo === 'RC') {
    entrada = {
      tipo: 'RC',
      fechaEmision: hoy,
      fechaReferencia,
      correlativo,
      emisor,
      documentos: items.map((i): TDocumentoResumen => documentoResumenDe(modeloDe(i.documento), String(i.estadoItem) as '1' | '3')),
    };
  } else {
    entrada = {
      tipo: 'RA',
      fechaEmision: hoy,
      fechaReferencia,
      correlativo,
      emisor,
      documentos: items.map((i) => ({
        tipo: i.documento.codigoTipo!.trim() as '01' | '07' | '08',
        serie: i.documento.serie,
        numero: i.documento.correlativo,
        motivo: i.motivo ?? 'ANULACION',
      })),
    };
  }
  const construido = construirDocumento(entrada);
  const firmado = firmarXml(construido, cx.credencial());
  const [lote] = await tx
    .insert(envioLote)
    .values({
      idEmpresa,
      tipo,
      fechaGeneracion: hoy,
      fechaReferencia,
      correlativo,
      nombre: construido.nombre,
      xmlFirmado: Buffer.from(firmado.xml, 'utf8'),
      logUsuarioCrea: idUsuario,
    })
    .returning({ id: envioLote.id, nombre: envioLote.nombre });
  await tx
    .insert(envioLoteDocumento)
    .values(items.map((i) => ({ idLote: lote.id, idDocumento: i.documento.id, estadoItem: i.estadoItem, motivo: i.motivo, logUsuarioCrea: idUsuario })));
  await encolarLote(tx, { idEmpresa, idLote: lote.id });
  return lote;
}

export async function bloquearLotesEmpresa(tx: TTx, idEmpresa: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_LOTES}, ${idEmpresa})`);
}

/** Boletas and their notes of a company waiting for a resumen: pending, issued on or before `hasta`, in no live batch. */
function pendientesDeResumen(idEmpresa: number, hasta: string) {
  return and(
    eq(documentoContable.idEmpresa, idEmpresa),
    eq(documentoContable.idEstadoSunat, EstadoSunat.PENDIENTE_ENVIO),
    lte(documentoContable.fechaEmision, hasta),
    or(eq(documentoContable.codigoTipo, '03'), and(inArray(documentoContable.codigoTipo, ['07', '08']), sql`documento_contable.serie like 'B%'`)),
    sql`not exists (select 1 from envio_lote_documento ld join envio_lote l on l.id = ld.id_lote
                     where ld.id_documento = documento_contable.id and l.estado in ('GENERADO', 'ENVIADO', 'ACEPTADO'))`,
  );
}

/**
 * The resumen diario of a company: every boleta and note still pending, one RC per issue date (and per 500 lines),
 * signed and queued. Safe to call from several processes at once (advisory lock + "not already in a batch").
 */
export async function generarResumenes(
  db: Db,
  idEmpresa: number,
  ajustes: TAjustesEnvio,
  opciones: { hasta?: string; idUsuario?: number } = {},
): Promise<{ id: number; nombre: string; documentos: number }[]> {
  return db.transaction(async (tx) => {
    await bloquearLotesEmpresa(tx, idEmpresa);
    const docs = await tx
      .select()
      .from(documentoContable)
      .where(pendientesDeResumen(idEmpresa, opciones.hasta ?? fechaLima()))
      .orderBy(asc(documentoContable.fechaEmision), asc(documentoContable.id));
    if (docs.length === 0) return [];
    const cx = await conexionDe(tx, idEmpresa, ajustes, rucDe(docs[0]));
    const porFecha = new Map<string, TDocumentoEnvio[]>();
    for (const d of docs) porFecha.set(d.fechaEmision, [...(porFecha.get(d.fechaEmision) ?? []), d]);
    const creados: { id: number; nombre: string; documentos: number }[] = [];
    for (const [fecha, lista] of porFecha) {
      for (let i = 0; i < lista.length; i += MAX_LINEAS) {
        const parte = lista.slice(i, i + MAX_LINEAS);
        const lote = await crearLote(tx, cx, 'RC', idEmpresa, fecha, parte.map((documento) => ({ documento, estadoItem: 1 })), opciones.idUsuario);
        await tx
          .update(documentoContable)
          .set({ idEstadoSunat: EstadoSunat.EN_PROCESO, logFechaModif: new Date() })
          .where(inArray(documentoContable.id, parte.map((d) => d.id)));
        creados.push({ ...lote, documentos: parte.length });
      }
    }
    return creados;
  });
}

/** Companies with boletas waiting for a resumen (for the daily run). */
export async function empresasConPendientes(db: Db, hasta: string): Promise<number[]> {
  const filas = await db
    .selectDistinct({ id: documentoContable.idEmpresa })
    .from(documentoContable)
    .where(
      and(
        eq(documentoContable.idEstadoSunat, EstadoSunat.PENDIENTE_ENVIO),
        lte(documentoContable.fechaEmision, hasta),
        or(eq(documentoContable.codigoTipo, '03'), and(inArray(documentoContable.codigoTipo, ['07', '08']), sql`documento_contable.serie like 'B%'`)),
      ),
    );
  return filas.map((f) => f.id);
}

/** A void: RA for a factura or its notes, RC with status 3 for a boleta or its notes. Inside the voiding transaction. */
export async function crearLoteAnulacion(
  tx: TTx,
  ajustes: TAjustesEnvio,
  d: TDocumentoEnvio,
  motivo: string,
  idUsuario?: number,
): Promise<{ id: number; nombre: string }> {
  const cx = await conexionDe(tx, d.idEmpresa, ajustes, rucDe(d));
  await bloquearLotesEmpresa(tx, d.idEmpresa);
  const esBoleta = d.serie.startsWith('B');
  return crearLote(tx, cx, esBoleta ? 'RC' : 'RA', d.idEmpresa, d.fechaEmision, [{ documento: d, estadoItem: 3, motivo }], idUsuario);
}

/** A void in flight for this document (a batch not rejected that carries it with status 3). */
export async function anulacionEnCurso(db: Pick<Db, 'select'>, idDocumento: number): Promise<boolean> {
  const filas = await db
    .select({ id: envioLote.id })
    .from(envioLoteDocumento)
    .innerJoin(envioLote, eq(envioLote.id, envioLoteDocumento.idLote))
    .where(
      and(eq(envioLoteDocumento.idDocumento, idDocumento), eq(envioLoteDocumento.estadoItem, 3), inArray(envioLote.estado, ['GENERADO', 'ENVIADO', 'ACEPTADO'])),
    )
    .limit(1);
  return filas.length > 0;
}

/** Job LOTE: sendSummary (once: the ticket is kept) and then getStatus until SUNAT answers; applies the answer. */
export async function enviarLoteTrabajo(dep: TDependenciasEnvio, t: TTrabajo): Promise<TResultadoTrabajo> {
  const [lote] = await dep.db.select().from(envioLote).where(eq(envioLote.id, t.idReferencia)).limit(1);
  if (!lote) return { tipo: 'fallido', error: `El lote ${t.idReferencia} no existe` };
  if (lote.estado === 'ACEPTADO' || lote.estado === 'RECHAZADO') return { tipo: 'hecho' };
  const items = await dep.db
    .select({ item: envioLoteDocumento, doc: documentoContable })
    .from(envioLoteDocumento)
    .innerJoin(documentoContable, eq(documentoContable.id, envioLoteDocumento.idDocumento))
    .where(eq(envioLoteDocumento.idLote, lote.id));
  let ambiente = 'SUNAT';
  try {
    const cx = await conexionDe(dep.db, lote.idEmpresa, dep.ajustes, lote.nombre.slice(0, 11));
    ambiente = cx.ambiente;
    if (lote.estado === 'GENERADO') {
      const { ticket } = await sendSummary(cx.soap, lote.nombre, zipDocumento(lote.nombre, lote.xmlFirmado));
      await dep.db.update(envioLote).set({ estado: 'ENVIADO', ticket, logFechaModif: new Date() }).where(eq(envioLote.id, lote.id));
      for (const { item, doc } of items) {
        if (item.estadoItem !== 1) continue;
        await cambiarEstado(dep.db, doc.id, { idEstadoSunat: EstadoSunat.EN_PROCESO_ESPERA });
        publicarEstado(dep, doc, EstadoSunat.EN_PROCESO_ESPERA, null, null);
      }
      return { tipo: 'esperar', enMs: dep.esperaTicketMs };
    }
    const r = await getStatus(cx.soap, lote.ticket!);
    if (r.estado === 'en_proceso') return { tipo: 'esperar', enMs: dep.esperaTicketMs };
    const cdr = r.cdr;
    const aceptado = cdr.clase === 'aceptado' || cdr.clase === 'observado';
    await dep.db.transaction(async (tx) => {
      await tx
        .update(envioLote)
        .set({ estado: aceptado ? 'ACEPTADO' : 'RECHAZADO', codigoSunat: cdr.codigo, mensajeSunat: cdr.descripcion, cdr: zipCdr(lote.nombre, cdr), logFechaModif: new Date() })
        .where(eq(envioLote.id, lote.id));
      for (const { item, doc } of items) {
        if (item.estadoItem === 3) {
          // A void answered: accepted -> voided; rejected -> the document stays as it was, with SUNAT's reason.
          if (aceptado)
            await cambiarEstado(tx, doc.id, { idEstadoSunat: EstadoSunat.ANULADO, anulado: true, fechaAnulacion: new Date(), motivoAnulacion: item.motivo });
          else await cambiarEstado(tx, doc.id, { idEstadoSunat: doc.idEstadoSunat, codigoSunat: cdr.codigo, mensajeSunat: `Baja rechazada: ${cdr.descripcion}` });
        } else if (aceptado) {
          await cambiarEstado(tx, doc.id, {
            idEstadoSunat: cdr.clase === 'observado' ? EstadoSunat.OBSERVADO : EstadoSunat.ACEPTADO,
            codigoSunat: cdr.codigo,
            mensajeSunat: cdr.descripcion,
            notasSunat: notasDe(cdr),
            // The boleta's constancia is the resumen's CDR (SUNAT gives no CDR per boleta).
            cdr: zipCdr(lote.nombre, cdr),
          });
        } else {
          // A rejected resumen does not use up the boletas' numbers: they are "erróneo" until regularized (sent again).
          await cambiarEstado(tx, doc.id, { idEstadoSunat: EstadoSunat.ERRONEO, codigoSunat: cdr.codigo, mensajeSunat: cdr.descripcion, notasSunat: notasDe(cdr) });
        }
      }
    });
    const despues = await dep.db
      .select({ id: documentoContable.id, idEmpresa: documentoContable.idEmpresa, e: documentoContable.idEstadoSunat, c: documentoContable.codigoSunat, m: documentoContable.mensajeSunat })
      .from(documentoContable)
      .where(inArray(documentoContable.id, items.map((i) => i.doc.id)));
    for (const d of despues) publicarEstado(dep, d, d.e, d.c, d.m);
    return { tipo: 'hecho' };
  } catch (e) {
    if (destinoNoPermitido(e)) {
      dep.registrarFalla({ idLote: lote.id, idEmpresa: lote.idEmpresa, detalle: String(destinoNoPermitido(e)?.message) }, 'envío a un destino no permitido');
      await rechazarLote(dep, lote.id, items, null, MENSAJE_DESTINO_NO_PERMITIDO);
      return { tipo: 'fallido', error: MENSAJE_DESTINO_NO_PERMITIDO };
    }
    const falla = fallaTransitoria(e, ambiente);
    if (falla) {
      dep.registrarFalla({ idLote: lote.id, idEmpresa: lote.idEmpresa, detalle: falla.detalle }, `envío ${aDestino(ambiente)}: ${falla.mensaje}`);
      // Not yet handed over (no ticket) once the window closed: its documents need a person. A batch SUNAT already
      // holds (a ticket) only waits for its answer, with no deadline.
      const plazo = plazoLote(lote.tipo, lote.fechaReferencia);
      if (lote.estado === 'GENERADO' && dep.ahora() >= plazo) {
        const mensaje = mensajePlazoVencido(plazo, ambiente, falla.mensaje);
        await rechazarLote(dep, lote.id, items, null, mensaje);
        return { tipo: 'fallido', error: mensaje };
      }
      return { tipo: 'reintentar', error: falla.mensaje, transitorio: true };
    }
    if (e instanceof SunatFault) {
      const mensaje = mensajeDeCodigo(e.codigo);
      if (lote.estado === 'GENERADO' && e.tipo === 'rechazo') {
        await rechazarLote(dep, lote.id, items, e.codigo, mensaje);
        return { tipo: 'hecho' };
      }
      if (lote.estado === 'GENERADO' && e.codigo === '0402') {
        // SUNAT already has this batch (our earlier call got through but its answer was lost) and the ticket is gone:
        // the documents go back to pending and the next resumen carries them (their numbers do not change).
        await rechazarLote(dep, lote.id, items, e.codigo, mensaje, true);
        return { tipo: 'hecho' };
      }
      if (t.intentos >= dep.maxIntentos) {
        await rechazarLote(dep, lote.id, items, e.codigo, mensaje);
        return { tipo: 'fallido', error: `SUNAT ${e.codigo}: ${mensaje}` };
      }
      return { tipo: 'reintentar', error: `SUNAT ${e.codigo}: ${mensaje}` };
    }
    throw e;
  }
}

async function rechazarLote(
  dep: TDependenciasEnvio,
  idLote: number,
  items: { item: typeof envioLoteDocumento.$inferSelect; doc: TDocumentoEnvio }[],
  codigo: string | null,
  mensaje: string,
  devolverAPendiente = false,
): Promise<void> {
  await dep.db.transaction(async (tx) => {
    await tx.update(envioLote).set({ estado: 'RECHAZADO', codigoSunat: codigo, mensajeSunat: mensaje, logFechaModif: new Date() }).where(eq(envioLote.id, idLote));
    for (const { item, doc } of items) {
      if (item.estadoItem === 3) await cambiarEstado(tx, doc.id, { idEstadoSunat: doc.idEstadoSunat, codigoSunat: codigo, mensajeSunat: `Baja rechazada: ${mensaje}` });
      else await cambiarEstado(tx, doc.id, { idEstadoSunat: devolverAPendiente ? EstadoSunat.PENDIENTE_ENVIO : EstadoSunat.ERRONEO, codigoSunat: codigo, mensajeSunat: mensaje });
    }
  });
  for (const { item, doc } of items)
    if (item.estadoItem !== 3) publicarEstado(dep, doc, devolverAPendiente ? EstadoSunat.PENDIENTE_ENVIO : EstadoSunat.ERRONEO, codigo, mensaje);
}
