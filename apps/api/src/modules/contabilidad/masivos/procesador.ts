import { and, asc, eq, sql } from 'drizzle-orm';
import { ZDocumentoContableCrear } from '@yupana/contracts';
import { AppError } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { emitirDocumento } from '../documentos/emision.service';
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

const textoError = (e: AppError) => {
  const campos = Object.values(e.errores ?? {});
  return (campos.length ? campos.join('; ') : e.mensaje).slice(0, 1000);
};

/**
 * Bulk issuing on the platform's job runner: one job per batch, queued in the upload's transaction. The job's lease is
 * renewed with every document, in the same transaction that records it, so a worker that lost the batch (it stalled
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
    const pendientes = await db
      .select()
      .from(loteMasivoDocumento)
      .where(and(eq(loteMasivoDocumento.idLote, l.id), eq(loteMasivoDocumento.estado, 'PENDIENTE')))
      .orderBy(asc(loteMasivoDocumento.numero));
    for (const d of pendientes) {
      // Stopping: give the batch back now, so the next start (this or another process) resumes it without waiting.
      if (control.senal.aborted) return { tipo: 'esperar', enMs: 0 };
      let cambios: Partial<typeof loteMasivoDocumento.$inferInsert>;
      try {
        const { creado } = await emitirDocumento(ctx, auth, ZDocumentoContableCrear.parse(d.solicitud), claveDocumentoMasivo(l.id, d.numero));
        cambios = { estado: 'EMITIDO', idDocumento: creado.Id, serieNumero: creado.SerieNumero, montoTotal: creado.MontoTotal };
      } catch (e) {
        // A business refusal (allowance used up, series deactivated meanwhile...) is this document's result; anything
        // else (database down) stops the batch, to be resumed by the retry.
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        cambios = { estado: 'ERROR', error: textoError(e) };
      }
      const seguido = await db.transaction(async (tx) => {
        if (!(await sigoSiendoDueno(tx, t, control.leaseMs))) return null;
        const [avance] = await tx
          .update(loteMasivo)
          .set({
            procesados: sql`${loteMasivo.procesados} + 1`,
            ...(cambios.estado === 'EMITIDO' ? { correctos: sql`${loteMasivo.correctos} + 1` } : { fallidos: sql`${loteMasivo.fallidos} + 1` }),
            logFechaModif: new Date(),
          })
          .where(eq(loteMasivo.id, l.id))
          .returning({ procesados: loteMasivo.procesados, total: loteMasivo.total });
        await tx
          .update(loteMasivoDocumento)
          .set({ ...cambios, logFechaModif: new Date() })
          .where(and(eq(loteMasivoDocumento.id, d.id), eq(loteMasivoDocumento.estado, 'PENDIENTE')));
        return avance;
      });
      // Lease lost (this process stalled past it and another one took the batch): stop here; the result is ignored.
      if (!seguido) return { tipo: 'esperar', enMs: 0 };
      ctx.tiempoReal.publicarEmpresa(l.idEmpresa, { tipo: 'masivo.progreso', datos: { Id: l.id, Procesados: seguido.procesados, Total: seguido.total } });
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
