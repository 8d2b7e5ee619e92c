import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ZDocumentoContableCrear } from '@yupana/contracts';
import { AppError } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { emitirDocumento } from '../documentos/emision.service';
import { loteMasivo, loteMasivoDocumento } from './masivos.schema';

export type TProcesadorMasivo = {
  /** Periodic look for batches to resume (pending, or whose process died); called once the server listens. */
  iniciar(): void;
  /** Process now (a batch was just uploaded). Works also when not started (inject-based tests). */
  despertar(): void;
  /** Stops after the document in hand and gives the batch's lease back, so a restart resumes it at once. */
  detener(): Promise<void>;
  /** Resolves when no round is running (tests). */
  enEspera(): Promise<void>;
};

type TLote = typeof loteMasivo.$inferSelect;
type TIdentidad = Pick<TAuth, 'usuario' | 'idCuenta' | 'sucursales' | 'empresa'>;

/** Idempotency key of a batch's document: a resumed batch gets the first document back instead of a second one. */
export const claveDocumentoMasivo = (idLote: number, numero: number) => `masivo-${idLote}-${numero}`;

const textoError = (e: AppError) => {
  const campos = Object.values(e.errores ?? {});
  return (campos.length ? campos.join('; ') : e.mensaje).slice(0, 1000);
};

export function crearProcesadorMasivo(
  ctx: Contexto,
  opciones: { leaseMs?: number; intervaloMs?: number; alError?: (err: unknown) => void } = {},
): TProcesadorMasivo {
  const db = ctx.dbh.db;
  const leaseMs = opciones.leaseMs ?? 60_000;
  const intervaloMs = opciones.intervaloMs ?? 5_000;
  let reloj: NodeJS.Timeout | undefined;
  let cerrado = false;
  let ocupado = false;
  let otraVez = false;
  let enCurso: Promise<void> = Promise.resolve();

  /** Claims one batch: pending, or running under a lease that ran out (its process died). */
  async function reclamar(): Promise<TLote | null> {
    const bloqueo = randomUUID();
    const r = await db.execute(sql`
      update lote_masivo set estado = 'EN_CURSO', bloqueo = ${bloqueo}, bloqueado_hasta = now() + (${leaseMs} * interval '1 millisecond'), log_fecha_modif = now()
       where id = (select id from lote_masivo
                    where estado = 'PENDIENTE' or (estado = 'EN_CURSO' and (bloqueado_hasta is null or bloqueado_hasta < now()))
                    order by id limit 1 for update skip locked)
      returning id`);
    const id = (r as unknown as { rows: { id: number }[] }).rows[0]?.id;
    if (!id) return null;
    const [l] = await db.select().from(loteMasivo).where(and(eq(loteMasivo.id, Number(id)), eq(loteMasivo.bloqueo, bloqueo)));
    return l ?? null;
  }

  async function procesarLote(l: TLote): Promise<void> {
    const identidad = l.identidad as TIdentidad;
    const auth: TAuth = { idUsuario: l.idUsuario, idEmpresa: l.idEmpresa, idSesion: 0, ...identidad };
    const propio = and(eq(loteMasivo.id, l.id), eq(loteMasivo.bloqueo, l.bloqueo ?? ''));
    const pendientes = await db
      .select()
      .from(loteMasivoDocumento)
      .where(and(eq(loteMasivoDocumento.idLote, l.id), eq(loteMasivoDocumento.estado, 'PENDIENTE')))
      .orderBy(asc(loteMasivoDocumento.numero));
    for (const d of pendientes) {
      if (cerrado) {
        // Give the lease back: the next start (this or another process) resumes the batch without waiting.
        await db.update(loteMasivo).set({ bloqueo: null, bloqueadoHasta: null }).where(propio);
        return;
      }
      let cambios: Partial<typeof loteMasivoDocumento.$inferInsert>;
      try {
        const { creado } = await emitirDocumento(ctx, auth, ZDocumentoContableCrear.parse(d.solicitud), claveDocumentoMasivo(l.id, d.numero));
        cambios = { estado: 'EMITIDO', idDocumento: creado.Id, serieNumero: `${creado.Serie}-${creado.Correlativo}`, montoTotal: creado.MontoTotal };
      } catch (e) {
        // A business refusal (allowance used up, series deactivated meanwhile...) is this document's result; anything
        // else (database down) stops the batch, to be resumed once the lease runs out.
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        cambios = { estado: 'ERROR', error: textoError(e) };
      }
      const seguido = await db.transaction(async (tx) => {
        const ok = await tx
          .update(loteMasivo)
          .set({
            procesados: sql`${loteMasivo.procesados} + 1`,
            ...(cambios.estado === 'EMITIDO' ? { correctos: sql`${loteMasivo.correctos} + 1` } : { fallidos: sql`${loteMasivo.fallidos} + 1` }),
            bloqueadoHasta: new Date(Date.now() + leaseMs),
            logFechaModif: new Date(),
          })
          .where(propio)
          .returning({ procesados: loteMasivo.procesados, total: loteMasivo.total });
        if (ok.length === 0) return null;
        await tx
          .update(loteMasivoDocumento)
          .set({ ...cambios, logFechaModif: new Date() })
          .where(and(eq(loteMasivoDocumento.id, d.id), eq(loteMasivoDocumento.estado, 'PENDIENTE')));
        return ok[0];
      });
      // Lease lost (this process stalled past it and another one took the batch): stop here.
      if (!seguido) return;
      ctx.tiempoReal.publicarEmpresa(l.idEmpresa, { tipo: 'masivo.progreso', datos: { Id: l.id, Procesados: seguido.procesados, Total: seguido.total } });
    }
    await db.update(loteMasivo).set({ estado: 'TERMINADO', fechaFin: new Date(), bloqueo: null, bloqueadoHasta: null, logFechaModif: new Date() }).where(propio);
    ctx.tiempoReal.publicarEmpresa(l.idEmpresa, { tipo: 'masivo.progreso', datos: { Id: l.id, Terminado: true } });
  }

  async function ronda(): Promise<void> {
    for (let l = await reclamar(); l && !cerrado; l = await reclamar()) await procesarLote(l);
  }

  function despertar() {
    if (cerrado) return;
    if (ocupado) {
      otraVez = true;
      return;
    }
    ocupado = true;
    otraVez = false;
    enCurso = ronda()
      .catch((err) => opciones.alError?.(err))
      .finally(() => {
        ocupado = false;
        if (otraVez) despertar();
      });
  }

  return {
    iniciar() {
      if (reloj || cerrado) return;
      reloj = setInterval(despertar, intervaloMs);
      reloj.unref();
      despertar();
    },
    despertar,
    async detener() {
      cerrado = true;
      clearInterval(reloj);
      await enCurso;
    },
    enEspera: async () => {
      while (ocupado) await enCurso;
    },
  };
}
