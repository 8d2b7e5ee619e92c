import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { canalDe, documentoPorId } from './documentos.repo';
import { envioTrabajo } from './envio.schema';

export type TTrabajo = typeof envioTrabajo.$inferSelect;
export type TTipoTrabajo = 'COMPROBANTE' | 'LOTE';

/** What a job's handler tells the queue. */
export type TResultadoTrabajo =
  | { tipo: 'hecho' }
  /** A failure that may pass (SUNAT down, an exception 0100-1999, an unknown outcome): try again with backoff. */
  | { tipo: 'reintentar'; error: string; contar?: boolean }
  /** Not a failure: SUNAT gave a ticket or is still processing; look again after `enMs` without spending an attempt. */
  | { tipo: 'esperar'; enMs: number; ticket?: string }
  /** Stop: a person must look at it (regularizaciones). */
  | { tipo: 'fallido'; error: string };

export type TManejadorTrabajo = (trabajo: TTrabajo) => Promise<TResultadoTrabajo>;

export type TOpcionesCola = {
  /**
   * How long a claimed job belongs to its worker without news from it. The worker renews the lease of the jobs in
   * hand every third of it, so a slow SUNAT never loses a job to another worker, while the jobs of a process that
   * died (SIGKILL, power cut) are taken again by the others after at most this long.
   */
  leaseMs: number;
  /** First retry delay; doubles each attempt up to `maxEsperaMs`. */
  esperaBaseMs: number;
  maxEsperaMs: number;
  /** After this many failed attempts a job is FALLIDO (regularizaciones re-queues it). Unknown outcomes never count. */
  maxIntentos: number;
};

export const OPCIONES_COLA_POR_DEFECTO: TOpcionesCola = {
  leaseMs: 60_000,
  esperaBaseMs: 10_000,
  maxEsperaMs: 15 * 60_000,
  maxIntentos: 8,
};

type TConTx = Pick<Db, 'insert' | 'execute'>;

/**
 * Queues the sending of a document, inside the caller's transaction: the job exists if and only if the document
 * does. Queueing a document that already has a live job does nothing.
 */
export async function encolarTrabajo(
  tx: TConTx,
  datos: { idEmpresa: number; tipo: TTipoTrabajo; idDocumento?: number; idLote?: number; enMs?: number },
): Promise<void> {
  await tx
    .insert(envioTrabajo)
    .values({
      idEmpresa: datos.idEmpresa,
      tipo: datos.tipo,
      idDocumento: datos.idDocumento ?? null,
      idLote: datos.idLote ?? null,
      proximoIntento: new Date(Date.now() + (datos.enMs ?? 0)),
    })
    .onConflictDoNothing();
}

/**
 * Called by the issuing transaction for every document it stores. Facturas, their notes and GREs get a job of
 * their own; boletas and their notes wait for the next resumen diario (they stay "pendiente de envío" until one
 * takes them); internal documents are never sent.
 */
export async function encolarEnvio(tx: TConTx & Pick<Db, 'select' | 'update'>, datos: { idEmpresa: number; idDocumento: number }): Promise<void> {
  const d = await documentoPorId(tx, datos.idDocumento, datos.idEmpresa);
  if (!d) throw new Error(`encolarEnvio: el documento ${datos.idDocumento} no existe en la empresa ${datos.idEmpresa}`);
  const canal = canalDe(d);
  if (canal === 'sendBill' || canal === 'gre') await encolarTrabajo(tx, { idEmpresa: datos.idEmpresa, tipo: 'COMPROBANTE', idDocumento: datos.idDocumento });
}

/**
 * The job insert of a freshly issued document, not yet run, or null when its channel has no job of its own (boletas
 * go in the resumen, internal documents are never sent). The issuing transaction runs it in the same statement as
 * the document insert (one round trip while it holds the series lock); it knows the type and series, so unlike
 * encolarEnvio it does not read the document back.
 */
export function insercionTrabajoEnvio(tx: Pick<Db, 'insert'>, datos: { idEmpresa: number; idDocumento: number; codigoTipo: string | null; serie: string }) {
  const canal = canalDe(datos);
  if (canal !== 'sendBill' && canal !== 'gre') return null;
  return tx
    .insert(envioTrabajo)
    .values({ idEmpresa: datos.idEmpresa, tipo: 'COMPROBANTE', idDocumento: datos.idDocumento, idLote: null, proximoIntento: new Date() })
    .onConflictDoNothing();
}

/** Exponential backoff with a little jitter so a crowd of failed jobs does not come back at the same instant. */
export function esperaReintento(intentos: number, o: Pick<TOpcionesCola, 'esperaBaseMs' | 'maxEsperaMs'>): number {
  const base = Math.min(o.maxEsperaMs, o.esperaBaseMs * 2 ** Math.max(0, intentos - 1));
  return Math.round(base * (0.85 + Math.random() * 0.3));
}

/**
 * Claims up to `cuantos` jobs that are due (or whose lease ran out: their worker died), in one statement.
 * FOR UPDATE SKIP LOCKED makes concurrent claimers in other processes pass over rows being claimed, and the new
 * lease token makes a worker that lost its lease unable to record a result over the new owner's.
 */
export async function reclamarTrabajos(db: Db, cuantos: number, leaseMs: number): Promise<TTrabajo[]> {
  const bloqueo = randomUUID();
  const r = await db.execute(sql`
    update envio_trabajo t
       set estado = 'EN_CURSO', bloqueo = ${bloqueo}, bloqueado_hasta = now() + (${leaseMs} * interval '1 millisecond'),
           intentos = t.intentos + 1, log_fecha_modif = now()
     where t.id in (
       select id from envio_trabajo
        where (estado = 'PENDIENTE' and proximo_intento <= now())
           or (estado = 'EN_CURSO' and bloqueado_hasta < now())
        order by proximo_intento
        limit ${cuantos}
        for update skip locked)
    returning t.id`);
  const ids = (r as unknown as { rows: { id: number }[] }).rows.map((f) => Number(f.id));
  if (ids.length === 0) return [];
  const filas = await db.select().from(envioTrabajo).where(and(eq(envioTrabajo.bloqueo, bloqueo), inArray(envioTrabajo.id, ids)));
  return filas.sort((a, b) => a.id - b.id);
}

/** Extends the lease of jobs still in hand (only while this worker still owns them). */
export async function renovarLease(db: Db, trabajos: TTrabajo[], leaseMs: number): Promise<void> {
  if (trabajos.length === 0) return;
  await db.execute(sql`
    update envio_trabajo set bloqueado_hasta = now() + (${leaseMs} * interval '1 millisecond')
     where estado = 'EN_CURSO' and bloqueo = ${trabajos[0].bloqueo} and id in ${sql.raw(`(${trabajos.map((t) => Number(t.id)).join(',')})`)}`);
}

/** Records a handler's result; ignored (false) when the lease was lost meanwhile. */
export async function registrarResultado(db: Db, t: TTrabajo, r: TResultadoTrabajo, o: TOpcionesCola): Promise<boolean> {
  const propio = and(eq(envioTrabajo.id, t.id), eq(envioTrabajo.bloqueo, t.bloqueo ?? ''), eq(envioTrabajo.estado, 'EN_CURSO'));
  const ahora = Date.now();
  let cambios: Partial<typeof envioTrabajo.$inferInsert>;
  if (r.tipo === 'hecho') cambios = { estado: 'HECHO' };
  else if (r.tipo === 'fallido') cambios = { estado: 'FALLIDO', ultimoError: r.error };
  else if (r.tipo === 'esperar')
    cambios = {
      estado: 'PENDIENTE',
      proximoIntento: new Date(ahora + r.enMs),
      // Waiting for SUNAT is not a failed attempt.
      intentos: Math.max(0, t.intentos - 1),
      ...(r.ticket !== undefined ? { ticket: r.ticket } : {}),
    };
  else if (r.contar === false)
    // SUNAT out of reach: never gives up (the document must go out when it is back), but waits longer each time.
    cambios = {
      estado: 'PENDIENTE',
      intentos: Math.max(0, t.intentos - 1),
      reintentosSinRespuesta: t.reintentosSinRespuesta + 1,
      proximoIntento: new Date(ahora + esperaReintento(t.reintentosSinRespuesta + 1, o)),
      ultimoError: r.error,
    };
  else if (t.intentos >= o.maxIntentos) cambios = { estado: 'FALLIDO', ultimoError: r.error };
  else cambios = { estado: 'PENDIENTE', proximoIntento: new Date(ahora + esperaReintento(t.intentos, o)), ultimoError: r.error };
  const filas = await db
    .update(envioTrabajo)
    .set({ ...cambios, bloqueo: null, bloqueadoHasta: null, logFechaModif: new Date() })
    .where(propio)
    .returning({ id: envioTrabajo.id });
  return filas.length === 1;
}

export type TTrabajador = {
  /** Starts the loop (idempotent). */
  iniciar(): void;
  /** Stops claiming, waits for the jobs in hand (at most `esperaMs`), then returns. */
  detener(esperaMs?: number): Promise<void>;
  /** One claim-and-process round; returns how many jobs it handled. For tests and for the loop itself. */
  ronda(): Promise<number>;
  /** Asks for a round now instead of at the next tick (a document was just queued). */
  despertar(): void;
};

export type TOpcionesTrabajador = Partial<TOpcionesCola> & {
  db: Db;
  manejadores: Record<TTipoTrabajo, TManejadorTrabajo>;
  /** Jobs claimed per round (processed concurrently). */
  porRonda?: number;
  /** Pause between rounds when there was nothing to do. */
  intervaloMs?: number;
  alError?: (err: unknown, trabajo?: TTrabajo) => void;
};

/** The sending worker of one API process. Several processes (or several workers in one) can share one database. */
export function crearTrabajador(opts: TOpcionesTrabajador): TTrabajador {
  const o: TOpcionesCola = { ...OPCIONES_COLA_POR_DEFECTO, ...definidos(opts) };
  const porRonda = opts.porRonda ?? 8;
  const intervaloMs = opts.intervaloMs ?? 1000;
  let activo = false;
  let temporizador: NodeJS.Timeout | undefined;
  let enCurso: Promise<unknown> = Promise.resolve();
  let despertarPendiente = false;
  let ocupado = false;

  async function procesar(t: TTrabajo): Promise<void> {
    let r: TResultadoTrabajo;
    try {
      r = await opts.manejadores[t.tipo as TTipoTrabajo](t);
    } catch (err) {
      // A bug or the database failing mid-way: the job is retried with backoff, never dropped.
      opts.alError?.(err, t);
      r = { tipo: 'reintentar', error: err instanceof Error ? err.message : String(err) };
    }
    await registrarResultado(opts.db, t, r, o);
  }

  async function ronda(): Promise<number> {
    const trabajos = await reclamarTrabajos(opts.db, porRonda, o.leaseMs);
    if (trabajos.length === 0) return 0;
    const enMano = new Set(trabajos);
    const latido = setInterval(() => {
      renovarLease(opts.db, [...enMano], o.leaseMs).catch((err) => opts.alError?.(err));
    }, Math.max(50, Math.floor(o.leaseMs / 3)));
    latido.unref();
    try {
      await Promise.all(
        trabajos.map((t) =>
          procesar(t)
            .catch((err) => opts.alError?.(err, t))
            .finally(() => enMano.delete(t)),
        ),
      );
    } finally {
      clearInterval(latido);
    }
    return trabajos.length;
  }

  function programar(ms: number) {
    clearTimeout(temporizador);
    if (!activo) return;
    temporizador = setTimeout(ciclo, ms);
    temporizador.unref();
  }

  function ciclo() {
    if (!activo || ocupado) return;
    ocupado = true;
    despertarPendiente = false;
    enCurso = ronda().then(
      (n) => {
        ocupado = false;
        programar(n > 0 || despertarPendiente ? 0 : intervaloMs);
      },
      (err) => {
        ocupado = false;
        opts.alError?.(err);
        programar(intervaloMs);
      },
    );
  }

  return {
    iniciar() {
      if (activo) return;
      activo = true;
      programar(0);
    },
    async detener(esperaMs = 30_000) {
      activo = false;
      clearTimeout(temporizador);
      // Jobs still in hand after the wait keep their lease and are taken again once it runs out.
      let plazo: NodeJS.Timeout | undefined;
      await Promise.race([enCurso.catch(() => undefined), new Promise((ok) => (plazo = setTimeout(ok, esperaMs)))]);
      clearTimeout(plazo);
    },
    ronda,
    despertar() {
      despertarPendiente = true;
      if (activo && !ocupado) programar(0);
    },
  };
}

function definidos(o: Partial<TOpcionesCola>): Partial<TOpcionesCola> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k in OPCIONES_COLA_POR_DEFECTO));
}
