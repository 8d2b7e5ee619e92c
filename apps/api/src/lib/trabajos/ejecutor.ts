import type { Db, DbHandle } from '../../db/client';
import { asegurarRecurrente, reclamar, registrarResultado, renovarLease, type TReintentos, type TResultadoTrabajo, type TTrabajo } from './cola';

/** What a handler gets besides its job. */
export type TControlTrabajo = {
  /** Aborted when the runner stops: a long handler (a bulk batch) gives its job back ({ tipo: 'esperar', enMs: 0 }). */
  senal: AbortSignal;
  /** For sigoSiendoDueno (cola.ts). */
  leaseMs: number;
};

export type TManejadorTrabajo = (t: TTrabajo, control: TControlTrabajo) => Promise<TResultadoTrabajo>;

export type TDefinicionCola = {
  cola: string;
  manejador: TManejadorTrabajo;
  /** Places of this queue in this process (default: all of the runner's). */
  concurrencia?: number;
  /** At most this many jobs of one company in hand at once, across processes (default: no limit). */
  maxPorEmpresa?: number;
  reintentos?: Partial<TReintentos>;
  /** A recurring task (one row, never finished): due every `cadaMs`, first `primeraEnMs` after the runner starts. */
  recurrente?: { cadaMs: number; primeraEnMs?: number };
};

export type TEjecutor = {
  /** Adds (or replaces) a queue's handler. Jobs of unregistered queues are left alone. */
  registrar(def: TDefinicionCola): void;
  quitar(cola: string): void;
  /** Polls, listens for new jobs (NOTIFY) and keeps the recurring tasks' rows. Idempotent. */
  iniciar(): Promise<void>;
  /** No new claims; asks long handlers to stop; waits for the jobs in hand (at most `esperaMs`). */
  detener(esperaMs?: number): Promise<void>;
  /**
   * Claims what is due now instead of at the next poll. Works also when not started (inject-based tests, a request
   * that just queued work): then it keeps claiming until nothing of its queues is due, without polling afterwards.
   */
  despertar(): void;
  /** Resolves once nothing is in hand nor being claimed (tests). */
  enEspera(): Promise<void>;
  readonly iniciado: boolean;
};

export type TOpcionesEjecutor = {
  db: Db;
  /** LISTEN/NOTIFY of the database handle: new jobs wake the runner at once, in this process and the others. */
  escuchar?: DbHandle['escuchar'];
  /** How long a claimed job belongs to its worker without news from it; renewed every third of it while in hand. */
  leaseMs?: number;
  /** Pause between polls (retries fall due by time; NOTIFY covers new jobs). */
  intervaloMs?: number;
  /** Jobs in hand at once in this process, all queues together. */
  ranuras?: number;
  alError?: (err: unknown, trabajo?: TTrabajo) => void;
};

export const CANAL_TRABAJOS = 'yupana_trabajos';

const REINTENTOS_POR_DEFECTO: TReintentos = { esperaBaseMs: 10_000, maxEsperaMs: 15 * 60_000, maxIntentos: 8 };

/**
 * The job runner of one process: ONE loop for every background task of the platform, on the one claim-with-lease
 * implementation of cola.ts. Each job is claimed, run and recorded on its own (a slow one never holds the others
 * back): whenever a place frees up, the runner claims again. Several processes share one database safely.
 */
export function crearEjecutor(o: TOpcionesEjecutor): TEjecutor {
  const leaseMs = o.leaseMs ?? 60_000;
  const intervaloMs = o.intervaloMs ?? 1000;
  const ranuras = o.ranuras ?? 8;
  const colas = new Map<string, TDefinicionCola>();
  const enMano = new Map<number, { t: TTrabajo; fin: Promise<void> }>();
  let estado: 'parado' | 'iniciado' | 'detenido' = 'parado';
  let reclamando: Promise<void> | undefined;
  let otraVez = false;
  let sondeo: NodeJS.Timeout | undefined;
  let latido: NodeJS.Timeout | undefined;
  let dejarDeEscuchar: (() => Promise<void>) | undefined;
  const parar = new AbortController();

  const alError = (err: unknown, t?: TTrabajo) => o.alError?.(err, t);
  const enManoDe = (cola: string) => [...enMano.values()].filter((x) => x.t.cola === cola).length;

  function cupos() {
    const libresTotal = ranuras - enMano.size;
    return [...colas.values()].map((d) => ({
      cola: d.cola,
      libres: Math.max(0, Math.min(libresTotal, (d.concurrencia ?? ranuras) - enManoDe(d.cola))),
      maxPorEmpresa: d.maxPorEmpresa ?? 0,
    }));
  }

  function mantenerLatido() {
    if (enMano.size > 0 && !latido) {
      latido = setInterval(() => {
        renovarLease(o.db, [...enMano.values()].map((x) => x.t), leaseMs).catch((err) => alError(err));
      }, Math.max(50, Math.floor(leaseMs / 3)));
      latido.unref();
    } else if (enMano.size === 0 && latido) {
      clearInterval(latido);
      latido = undefined;
    }
  }

  function correr(t: TTrabajo) {
    const def = colas.get(t.cola);
    const fin = (async () => {
      let r: TResultadoTrabajo;
      try {
        // A queue removed after the claim: give the job back as it was.
        r = def ? await def.manejador(t, { senal: parar.signal, leaseMs }) : { tipo: 'esperar', enMs: 0 };
      } catch (err) {
        // A bug or the database failing mid-way: retried with backoff, never dropped. The detail goes to the log.
        alError(err, t);
        r = { tipo: 'reintentar', error: 'Error interno al procesar el trabajo; se reintentará' };
      }
      await registrarResultado(o.db, t, r, { ...REINTENTOS_POR_DEFECTO, ...def?.reintentos, cadaMs: def?.recurrente?.cadaMs }).catch((err) => alError(err, t));
    })().finally(() => {
      enMano.delete(t.id);
      mantenerLatido();
      if (estado !== 'detenido') despertar();
    });
    enMano.set(t.id, { t, fin });
    mantenerLatido();
  }

  async function llenar(): Promise<void> {
    do {
      otraVez = false;
      if (estado === 'detenido') return;
      const c = cupos();
      const libres = ranuras - enMano.size;
      if (libres <= 0 || c.every((x) => x.libres === 0)) return;
      let nuevos: TTrabajo[];
      try {
        nuevos = await reclamar(o.db, c, leaseMs, libres);
      } catch (err) {
        alError(err);
        return;
      }
      for (const t of nuevos) correr(t);
      // A full claim may have left more due jobs behind.
      if (nuevos.length > 0 && nuevos.length === libres) otraVez = true;
    } while (otraVez);
  }

  function despertar() {
    if (estado === 'detenido') return;
    if (reclamando) {
      otraVez = true;
      return;
    }
    reclamando = llenar().finally(() => {
      reclamando = undefined;
      if (otraVez) despertar();
      else programar();
    });
  }

  function programar() {
    clearTimeout(sondeo);
    if (estado !== 'iniciado') return;
    sondeo = setTimeout(despertar, intervaloMs);
    sondeo.unref();
  }

  async function asegurar(def: TDefinicionCola) {
    if (def.recurrente) await asegurarRecurrente(o.db, def.cola, def.recurrente.primeraEnMs ?? 0);
  }

  return {
    get iniciado() {
      return estado === 'iniciado';
    },
    registrar(def) {
      colas.set(def.cola, def);
      if (estado === 'iniciado') void asegurar(def).then(despertar, (err) => alError(err));
    },
    quitar(cola) {
      colas.delete(cola);
    },
    async iniciar() {
      if (estado !== 'parado') return;
      estado = 'iniciado';
      for (const def of colas.values()) await asegurar(def);
      if (o.escuchar) {
        try {
          dejarDeEscuchar = await o.escuchar(CANAL_TRABAJOS, despertar);
        } catch (err) {
          // Without LISTEN the poll still finds every job, only later.
          alError(err);
        }
      }
      despertar();
    },
    async detener(esperaMs = 30_000) {
      estado = 'detenido';
      clearTimeout(sondeo);
      parar.abort();
      await dejarDeEscuchar?.().catch(() => undefined);
      let plazo: NodeJS.Timeout | undefined;
      // Jobs still in hand after the wait keep their lease and are taken again once it runs out.
      await Promise.race([enCalma(), new Promise((ok) => (plazo = setTimeout(ok, esperaMs)))]);
      clearTimeout(plazo);
      clearInterval(latido);
      latido = undefined;
    },
    despertar,
    enEspera: enCalma,
  };

  /** Until nothing is being claimed nor in hand (a claim in flight adds jobs when it returns). */
  async function enCalma(): Promise<void> {
    while (reclamando || enMano.size > 0) await Promise.all([reclamando, ...[...enMano.values()].map((x) => x.fin)]).catch(() => undefined);
  }
}
