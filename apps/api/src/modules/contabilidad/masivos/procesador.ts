import { and, asc, eq, sql } from 'drizzle-orm';
import { ZDocumentoContableCrear } from '@yupana/contracts';
import { AppError } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { emitirLote } from '../documentos/emision.service';
import { sigoSiendoDueno, type TResultadoTrabajo, type TTrabajo } from '../../../lib/trabajos/cola';
import type { TControlTrabajo } from '../../../lib/trabajos/ejecutor';
import { loteMasivo, loteMasivoDocumento } from './masivos.schema';

export type TProcesadorMasivo = {
  /** Starts the process's job runner (batches left pending by a restart are resumed); done when the server listens. */
  iniciar(): Promise<void>;
  /** Process now (a batch was just uploaded). Works also when the runner is not started (inject-based tests). */
  despertar(): void;
  /** Stops the runner: the batch in hand stops after its current document and goes back to the queue at once. */
  detener(): Promise<void>;
  /** Resolves when no job is in hand (tests). */
  enEspera(): Promise<void>;
};

/** The queue of bulk-issuing batches on the platform's job runner (modules/trabajos). */
export const COLA_MASIVOS = 'masivos.lote';

type TIdentidad = Pick<TAuth, 'usuario' | 'idCuenta' | 'sucursales' | 'empresa'>;

/** Idempotency key of a batch's document: a resumed batch gets the first document back instead of a second one. */
export const claveDocumentoMasivo = (idLote: number, numero: number) => `masivo-${idLote}-${numero}`;

/**
 * Documents issued per group: the issuing group commit's largest group (one transaction, one block of numbers) and the
 * unit of progress. Between groups the worker pauses briefly so interactive issues of the company are not starved.
 */
export const TAMANO_GRUPO_MASIVO = 25;
const PAUSA_ENTRE_GRUPOS_MS = 10;

type TResultadoFila = { id: number; estado: 'EMITIDO' | 'ERROR'; id_documento: number | null; serie_numero: string | null; monto_total: string | null; error: string | null };

const textoError = (e: AppError) => {
  const campos = Object.values(e.errores ?? {});
  return (campos.length ? campos.join('; ') : e.mensaje).slice(0, 1000);
};

/**
 * Bulk issuing on the platform's job runner: one job per batch, queued in the upload's transaction. Documents are
 * issued in groups of TAMANO_GRUPO_MASIVO (issuing's group commit); the job's lease is renewed with every group, in the
 * same transaction that records the group's results, so a worker that lost the batch (it stalled
 * past its lease and another process took it) records nothing more. One batch of a company at a time, in upload order.
 */
export function crearProcesadorMasivo(ctx: Contexto, opciones: { alError?: (err: unknown) => void } = {}): TProcesadorMasivo {
  const db = ctx.dbh.db;

  async function procesarLote(t: TTrabajo, control: TControlTrabajo): Promise<TResultadoTrabajo> {
    const [l] = await db.select().from(loteMasivo).where(eq(loteMasivo.id, t.idReferencia));
    if (!l || l.estado === 'TERMINADO') return { tipo: 'hecho' };
    if (l.estado === 'PENDIENTE') await db.update(loteMasivo).set({ estado: 'EN_CURSO', logFechaModif: new Date() }).where(eq(loteMasivo.id, l.id));
    const identidad = l.identidad as TIdentidad;
    const auth: TAuth = { idUsuario: l.idUsuario, idEmpresa: l.idEmpresa, idSesion: 0, ...identidad };
    for (;;) {
      // Stopping: give the batch back now, so the next start (this or another process) resumes it without waiting.
      if (control.senal.aborted) return { tipo: 'esperar', enMs: 0 };
      // One group at a time, read when needed (a 10,000-document batch is not held in memory).
      const grupo = await db
        .select({ id: loteMasivoDocumento.id, numero: loteMasivoDocumento.numero, solicitud: loteMasivoDocumento.solicitud })
        .from(loteMasivoDocumento)
        .where(and(eq(loteMasivoDocumento.idLote, l.id), eq(loteMasivoDocumento.estado, 'PENDIENTE')))
        .orderBy(asc(loteMasivoDocumento.numero))
        .limit(TAMANO_GRUPO_MASIVO);
      if (grupo.length === 0) break;
      // The group through issuing's group commit: one transaction per series for the whole group (allowance checked
      // for all of them, consecutive numbers); a failed group is issued again one by one, so each row gets its result.
      const resultados = await emitirLote(
        ctx,
        auth,
        grupo.map((d) => ({ b: ZDocumentoContableCrear.parse(d.solicitud), claveIdempotencia: claveDocumentoMasivo(l.id, d.numero) })),
      );
      const cambios: TResultadoFila[] = grupo.map((d, i) => {
        const r = resultados[i];
        if (r.status === 'fulfilled') {
          const { creado } = r.value;
          return { id: d.id, estado: 'EMITIDO', id_documento: creado.Id, serie_numero: creado.SerieNumero, monto_total: creado.MontoTotal, error: null };
        }
        const e = r.reason;
        // A business refusal (allowance used up, series deactivated meanwhile...) is this document's result; anything
        // else (database down) stops the batch, to be resumed by the retry (issued rows come back by their keys).
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        return { id: d.id, estado: 'ERROR', id_documento: null, serie_numero: null, monto_total: null, error: textoError(e) };
      });
      const correctos = cambios.filter((c) => c.estado === 'EMITIDO').length;
      // The group's progress in one transaction (not one per document), renewing the lease.
      const seguido = await db.transaction(async (tx) => {
        if (!(await sigoSiendoDueno(tx, t, control.leaseMs))) return null;
        const [avance] = await tx
          .update(loteMasivo)
          .set({
            procesados: sql`${loteMasivo.procesados} + ${grupo.length}`,
            correctos: sql`${loteMasivo.correctos} + ${correctos}`,
            fallidos: sql`${loteMasivo.fallidos} + ${grupo.length - correctos}`,
            logFechaModif: new Date(),
          })
          .where(eq(loteMasivo.id, l.id))
          .returning({ procesados: loteMasivo.procesados, total: loteMasivo.total });
        await tx.execute(sql`
          update lote_masivo_documento d
             set estado = x.estado, id_documento = x.id_documento, serie_numero = x.serie_numero, monto_total = x.monto_total, error = x.error, log_fecha_modif = now()
            from json_to_recordset(${JSON.stringify(cambios)}::json) as x(id integer, estado text, id_documento integer, serie_numero text, monto_total numeric, error text)
           where d.id = x.id and d.estado = 'PENDIENTE'`);
        return avance;
      });
      // Lease lost (this process stalled past it and another one took the batch): stop here; the result is ignored.
      if (!seguido) return { tipo: 'esperar', enMs: 0 };
      ctx.tiempoReal.publicarEmpresa(l.idEmpresa, { tipo: 'masivo.progreso', datos: { Id: l.id, Procesados: seguido.procesados, Total: seguido.total } });
      // Let interactive issues (queued on the same series or waiting on the allowance row) go before the next group.
      await new Promise((ok) => setTimeout(ok, PAUSA_ENTRE_GRUPOS_MS));
    }
    await db.update(loteMasivo).set({ estado: 'TERMINADO', fechaFin: new Date(), logFechaModif: new Date() }).where(eq(loteMasivo.id, l.id));
    ctx.tiempoReal.publicarEmpresa(l.idEmpresa, { tipo: 'masivo.progreso', datos: { Id: l.id, Terminado: true } });
    return { tipo: 'hecho' };
  }

  ctx.trabajos.registrar({
    cola: COLA_MASIVOS,
    // A batch is long: one per process at a time leaves the runner's other places to sending and the rest.
    concurrencia: 1,
    maxPorEmpresa: 1,
    reintentos: { esperaBaseMs: 5_000, maxEsperaMs: 5 * 60_000, maxIntentos: 1_000 },
    manejador: async (t, control) => {
      try {
        return await procesarLote(t, control);
      } catch (err) {
        opciones.alError?.(err);
        throw err;
      }
    },
  });

  return {
    iniciar: () => ctx.trabajos.iniciar(),
    despertar: () => ctx.trabajos.despertar(),
    detener: () => ctx.trabajos.detener(),
    enEspera: () => ctx.trabajos.enEspera(),
  };
}
