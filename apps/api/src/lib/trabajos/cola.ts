import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trabajo } from './trabajos.schema';

/**
 * The one claim-with-lease implementation of the platform: jobs are rows of `trabajo`, written in the transaction of
 * whatever they are about; a worker claims due jobs under a lease with a fencing token (a fresh `bloqueo` per claim),
 * renews it while it works, and records the result only while the token is still its own. A dead process's jobs come
 * back when their lease runs out; a worker that lost its lease cannot overwrite the new owner's result.
 */

export type TTrabajo = typeof trabajo.$inferSelect;

/** What a job's handler tells the queue. */
export type TResultadoTrabajo =
  /** Done. A recurring job is due again after its period; `datos` is kept for its next run. */
  | { tipo: 'hecho'; datos?: Record<string, unknown> }
  /**
   * A failure that may pass: try again with backoff. `transitorio`: the other side was unreachable or answered
   * garbage (a transport fault): it never uses up attempts.
   */
  | { tipo: 'reintentar'; error: string; transitorio?: boolean }
  /** Not a failure (a ticket to poll, a stop requested): look again after `enMs` without spending an attempt. */
  | { tipo: 'esperar'; enMs: number; datos?: Record<string, unknown> }
  /** Stop: a person must look at it. */
  | { tipo: 'fallido'; error: string };

export type TReintentos = {
  /** First retry delay; doubles each attempt up to `maxEsperaMs`. */
  esperaBaseMs: number;
  maxEsperaMs: number;
  /** After this many counted failures the job is FALLIDO. Transient faults never count. */
  maxIntentos: number;
};

type TConTx = Pick<Db, 'insert'>;

export type TNuevoTrabajo = {
  cola: string;
  /** The row the job is about (a document, a batch); 0 for a recurring task. */
  idReferencia?: number;
  idEmpresa?: number | null;
  enMs?: number;
  datos?: Record<string, unknown>;
};

/**
 * The insert of a job, not yet run, for the caller to run inside its own transaction (or embed in a statement of its
 * own). A job whose (cola, idReferencia) is still alive is not queued again: queueing twice is a no-op.
 */
export function insercionTrabajo(tx: TConTx, t: TNuevoTrabajo | TNuevoTrabajo[]) {
  const fila = (x: TNuevoTrabajo) => ({
    cola: x.cola,
    idReferencia: x.idReferencia ?? 0,
    idEmpresa: x.idEmpresa ?? null,
    proximoIntento: new Date(Date.now() + (x.enMs ?? 0)),
    datos: x.datos ?? {},
  });
  // Several jobs (issuing a group of documents) go in one multi-row insert.
  return tx
    .insert(trabajo)
    .values(Array.isArray(t) ? t.map(fila) : [fila(t)])
    .onConflictDoNothing();
}

/** Queues a job inside the caller's transaction: it exists if and only if what it is about does. */
export async function encolar(tx: TConTx, t: TNuevoTrabajo): Promise<void> {
  await insercionTrabajo(tx, t);
}

/** Exponential backoff with a little jitter so a crowd of failed jobs does not come back at the same instant. */
export function esperaReintento(intentos: number, o: Pick<TReintentos, 'esperaBaseMs' | 'maxEsperaMs'>): number {
  const base = Math.min(o.maxEsperaMs, o.esperaBaseMs * 2 ** Math.max(0, intentos - 1));
  return Math.round(base * (0.85 + Math.random() * 0.3));
}

/** How many jobs of a queue to claim now. */
export type TCupoCola = {
  cola: string;
  /** Free places of this queue in the claiming worker. */
  libres: number;
  /**
   * At most this many jobs of one company of this queue in hand at once, across every process on the database
   * (0: no limit). One company's slow OSE then holds a few places, never all of them.
   */
  maxPorEmpresa: number;
};

// Claims are serialized across processes by this transaction-level advisory lock (an arbitrary constant, like the
// migrations' one): a claim is one short statement, and serializing them makes the per-company limit exact (two
// claimers cannot both see room for the same company's last place). Finishing and renewing never take it.
const CANDADO_RECLAMO = 727_002;

/**
 * Claims due jobs (pending and due, or leased by a worker whose lease ran out) for the given queues, in one
 * statement under the claim lock: within a queue the companies take turns (each company's oldest first, then each
 * one's second...), no company goes over its limit counting the jobs it already has in hand, and no queue gets more
 * than its free places, nor the claim more than `limite`. Each claimed job gets attempt + 1 and this claim's fencing token.
 */
export async function reclamar(db: Db, cupos: TCupoCola[], leaseMs: number, limite = 1000): Promise<TTrabajo[]> {
  const utiles = cupos.filter((c) => c.libres > 0);
  if (utiles.length === 0 || limite < 1) return [];
  const bloqueo = randomUUID();
  const valores = sql.join(
    utiles.map((c) => sql`(${c.cola}::text, ${Math.floor(c.libres)}::int, ${Math.floor(c.maxPorEmpresa)}::int)`),
    sql`, `,
  );
  const ids = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_RECLAMO})`);
    // Each queue's candidates: per company (walked one by one through trabajo_empresa_listos_ix, a loose index scan)
    // its first `libres` due jobs, plus the first `libres` jobs without a company. No company can be admitted with more
    // than that (its turn counts from 1), so the result is the same as ranking every due job, at a cost that does not
    // grow with the backlog: 10,000 queued facturas made each claim sort all of them (13 ms, serialised by the lock).
    const r = await tx.execute(sql`
      with recursive cupo(cola, libres, max_empresa) as (values ${valores}),
      empresas(cola, id_empresa) as (
        select c.cola, (select t.id_empresa from trabajo t
                         where t.cola = c.cola and t.estado in ('PENDIENTE', 'EN_CURSO') and t.id_empresa is not null
                         order by t.id_empresa limit 1)
          from cupo c
        union all
        select e.cola, (select t.id_empresa from trabajo t
                         where t.cola = e.cola and t.estado in ('PENDIENTE', 'EN_CURSO') and t.id_empresa > e.id_empresa
                         order by t.id_empresa limit 1)
          from empresas e where e.id_empresa is not null
      ),
      en_mano as (
        select t.cola, t.id_empresa, count(*)::int as n
          from trabajo t join cupo c on c.cola = t.cola
         where t.estado = 'EN_CURSO' and t.bloqueado_hasta >= now()
         group by t.cola, t.id_empresa
      ),
      candidatos as (
        select k.* from empresas g join cupo c on c.cola = g.cola
         cross join lateral (
           select t.id, t.cola, t.id_empresa, t.proximo_intento from trabajo t
            where t.cola = g.cola and t.id_empresa = g.id_empresa and t.estado in ('PENDIENTE', 'EN_CURSO')
              and ((t.estado = 'PENDIENTE' and t.proximo_intento <= now()) or (t.estado = 'EN_CURSO' and t.bloqueado_hasta < now()))
            order by t.proximo_intento, t.id limit c.libres) k
         where g.id_empresa is not null
        union all
        select k.* from cupo c
         cross join lateral (
           select t.id, t.cola, t.id_empresa, t.proximo_intento from trabajo t
            where t.cola = c.cola and t.id_empresa is null and t.estado in ('PENDIENTE', 'EN_CURSO')
              and ((t.estado = 'PENDIENTE' and t.proximo_intento <= now()) or (t.estado = 'EN_CURSO' and t.bloqueado_hasta < now()))
            order by t.proximo_intento, t.id limit c.libres) k
      ),
      listos as (
        select k.*, row_number() over (partition by k.cola, k.id_empresa order by k.proximo_intento, k.id) as turno
          from candidatos k
      ),
      admitidos as (
        select l.id, l.cola,
               row_number() over (partition by l.cola order by l.turno, l.proximo_intento, l.id) as orden
          from listos l
          join cupo c on c.cola = l.cola
          left join en_mano m on m.cola = l.cola and m.id_empresa is not distinct from l.id_empresa
         where c.max_empresa = 0 or l.id_empresa is null or l.turno + coalesce(m.n, 0) <= c.max_empresa
      )
      update trabajo t
         set estado = 'EN_CURSO', bloqueo = ${bloqueo}, bloqueado_hasta = now() + (${leaseMs} * interval '1 millisecond'),
             intentos = t.intentos + 1, log_fecha_modif = now()
       where t.id in (select a.id from admitidos a join cupo c on c.cola = a.cola where a.orden <= c.libres order by a.orden, a.id limit ${Math.floor(limite)})
      returning t.id`);
    return (r as unknown as { rows: { id: number }[] }).rows.map((f) => Number(f.id));
  });
  if (ids.length === 0) return [];
  const filas = await db.select().from(trabajo).where(and(eq(trabajo.bloqueo, bloqueo), inArray(trabajo.id, ids)));
  return filas.sort((a, b) => a.id - b.id);
}

const enSuPoder = (t: Pick<TTrabajo, 'id' | 'bloqueo'>): SQL =>
  and(eq(trabajo.id, t.id), eq(trabajo.bloqueo, t.bloqueo ?? ''), eq(trabajo.estado, 'EN_CURSO'))!;

/** Extends the lease of jobs still in hand (only those this worker still owns). */
export async function renovarLease(db: Db, trabajos: Pick<TTrabajo, 'id' | 'bloqueo'>[], leaseMs: number): Promise<void> {
  if (trabajos.length === 0) return;
  const fichas = [...new Set(trabajos.map((t) => t.bloqueo ?? ''))];
  await db.execute(sql`
    update trabajo set bloqueado_hasta = now() + (${leaseMs} * interval '1 millisecond')
     where estado = 'EN_CURSO'
       and id in (${sql.join(trabajos.map((t) => sql`${t.id}`), sql`, `)})
       and bloqueo in (${sql.join(fichas.map((f) => sql`${f}`), sql`, `)})`);
}

/**
 * For a handler that writes in several steps (a bulk-issuing batch): inside the step's transaction, renews the lease
 * and locks the job row until the step commits. False: the lease was lost (this worker stalled past it and another
 * took the job), and the step must not be recorded.
 */
export async function sigoSiendoDueno(tx: Pick<Db, 'update'>, t: Pick<TTrabajo, 'id' | 'bloqueo'>, leaseMs: number): Promise<boolean> {
  const filas = await tx
    .update(trabajo)
    .set({ bloqueadoHasta: sql`now() + (${leaseMs} * interval '1 millisecond')` })
    .where(enSuPoder(t))
    .returning({ id: trabajo.id });
  return filas.length === 1;
}

/**
 * Records a handler's result; ignored (false) when the lease was lost meanwhile. `cadaMs`: a recurring task, due
 * again that long after it is done (it never ends, and never fails for good).
 */
export async function registrarResultado(db: Db, t: TTrabajo, r: TResultadoTrabajo, o: TReintentos & { cadaMs?: number }): Promise<boolean> {
  const ahora = Date.now();
  const datos = (extra?: Record<string, unknown>) => (extra ? { datos: { ...t.datos, ...extra } } : {});
  let cambios: Partial<typeof trabajo.$inferInsert>;
  if (r.tipo === 'hecho')
    cambios = o.cadaMs !== undefined
      ? { estado: 'PENDIENTE', intentos: 0, reintentosSinRespuesta: 0, proximoIntento: new Date(ahora + o.cadaMs), ultimoError: null, ...datos(r.datos) }
      : { estado: 'HECHO', ...datos(r.datos) };
  else if (r.tipo === 'esperar')
    cambios = {
      estado: 'PENDIENTE',
      proximoIntento: new Date(ahora + r.enMs),
      // Waiting is not a failed attempt.
      intentos: Math.max(0, t.intentos - 1),
      ...datos(r.datos),
    };
  else if (r.tipo === 'fallido' && o.cadaMs === undefined) cambios = { estado: 'FALLIDO', ultimoError: r.error };
  else if (r.tipo === 'reintentar' && r.transitorio)
    // The other side out of reach: never gives up here (the handler decides when it is too late), but waits longer each time.
    cambios = {
      estado: 'PENDIENTE',
      intentos: Math.max(0, t.intentos - 1),
      reintentosSinRespuesta: t.reintentosSinRespuesta + 1,
      proximoIntento: new Date(ahora + esperaReintento(t.reintentosSinRespuesta + 1, o)),
      ultimoError: r.error,
    };
  else if (t.intentos >= o.maxIntentos && o.cadaMs === undefined) cambios = { estado: 'FALLIDO', ultimoError: r.error };
  else cambios = { estado: 'PENDIENTE', proximoIntento: new Date(ahora + esperaReintento(Math.min(t.intentos, 30), o)), ultimoError: r.error };
  const filas = await db
    .update(trabajo)
    .set({ ...cambios, bloqueo: null, bloqueadoHasta: null, logFechaModif: new Date() })
    .where(enSuPoder(t))
    .returning({ id: trabajo.id });
  return filas.length === 1;
}

/**
 * Makes sure a recurring task has its (single) row, due `enMs` from now at the latest: a process that starts runs
 * the task soon (work that fell due while every process was down), whatever the schedule an earlier one left.
 */
export async function asegurarRecurrente(db: Db, cola: string, enMs: number): Promise<void> {
  const cuando = new Date(Date.now() + enMs);
  await insercionTrabajo(db, { cola, enMs });
  await db
    .update(trabajo)
    .set({ proximoIntento: cuando })
    .where(and(eq(trabajo.cola, cola), eq(trabajo.idReferencia, 0), eq(trabajo.estado, 'PENDIENTE'), gt(trabajo.proximoIntento, cuando)));
}
