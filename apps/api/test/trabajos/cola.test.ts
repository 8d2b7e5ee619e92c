import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { empresa } from '../../src/db/schema';
import type { DbHandle } from '../../src/db/client';
import { cargarDatosDemo } from '../../src/db/seed-demo';
import { encolar, esperaReintento, reclamar, registrarResultado, type TResultadoTrabajo, type TTrabajo } from '../../src/lib/trabajos/cola';
import { crearEjecutor, type TEjecutor, type TManejadorTrabajo } from '../../src/lib/trabajos/ejecutor';
import { trabajo } from '../../src/lib/trabajos/trabajos.schema';
import { baseCompartida } from '../contabilidad/envio/base-compartida';

// The job runner alone, with handlers that record what they were given: the sending handlers are tested against the
// simulator in contabilidad/envio; here the subject is claiming, leases, retries, fairness, waking and stopping.
let dbh: DbHandle;
let cerrar: () => Promise<void>;
let otra: () => Promise<DbHandle>;
let idEmpresa: number;
let otraEmpresa: number;
const ejecutores: TEjecutor[] = [];

beforeAll(async () => {
  ({ dbh, cerrar, otra } = await baseCompartida());
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  [{ id: idEmpresa }, { id: otraEmpresa }] = await dbh.db.select({ id: empresa.id }).from(empresa).orderBy(empresa.id).limit(2);
});
afterAll(() => cerrar());
beforeEach(async () => {
  for (const e of ejecutores.splice(0)) await e.detener(2000);
  await dbh.db.delete(trabajo);
});

const REINTENTOS = { esperaBaseMs: 20, maxEsperaMs: 50, maxIntentos: 8 };
const C = 'prueba.cola';

function ejecutor(manejador: TManejadorTrabajo, o: { db?: DbHandle['db']; leaseMs?: number; ranuras?: number; maxPorEmpresa?: number; intervaloMs?: number; escuchar?: DbHandle['escuchar']; reintentos?: Partial<typeof REINTENTOS> } = {}) {
  const e = crearEjecutor({ db: o.db ?? dbh.db, intervaloMs: o.intervaloMs ?? 10, leaseMs: o.leaseMs, ranuras: o.ranuras, escuchar: o.escuchar });
  e.registrar({ cola: C, manejador, maxPorEmpresa: o.maxPorEmpresa, reintentos: { ...REINTENTOS, ...o.reintentos } });
  ejecutores.push(e);
  return e;
}

const filas = () => dbh.db.select().from(trabajo).where(eq(trabajo.cola, C)).orderBy(trabajo.id);

async function esperarA(condicion: () => Promise<boolean>, ms = 15_000) {
  const fin = Date.now() + ms;
  while (Date.now() < fin) {
    if (await condicion()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('la condición no se cumplió a tiempo');
}

/** A promise the test resolves when it wants (a handler "hanging" until then). */
function compuerta() {
  let abrir: () => void = () => undefined;
  const abierta = new Promise<void>((ok) => (abrir = ok));
  return { abierta, abrir };
}

describe('cola de trabajos: lease con ficha', () => {
  it('encolar dos veces lo mismo deja un solo trabajo vivo', async () => {
    await dbh.db.transaction(async (tx) => {
      await encolar(tx, { cola: C, idReferencia: 101, idEmpresa });
      await encolar(tx, { cola: C, idReferencia: 101, idEmpresa });
    });
    expect(await filas()).toHaveLength(1);
  });

  it('un trabajo que falla se reintenta con espera creciente y queda FALLIDO al agotar los intentos', async () => {
    await encolar(dbh.db, { cola: C, idReferencia: 7, idEmpresa });
    const momentos: number[] = [];
    const e = ejecutor(
      async () => {
        momentos.push(Date.now());
        return { tipo: 'reintentar', error: 'el servicio no responde' };
      },
      { reintentos: { esperaBaseMs: 40, maxEsperaMs: 1000, maxIntentos: 4 } },
    );
    await e.iniciar();
    await esperarA(async () => (await filas())[0].estado === 'FALLIDO');
    const [fila] = await filas();
    expect(fila.intentos).toBe(4);
    expect(fila.ultimoError).toBe('el servicio no responde');
    expect(momentos).toHaveLength(4);
    const pausas = momentos.slice(1).map((m, i) => m - momentos[i]);
    // 40, 80, 160 ms minus at most 15 % of jitter (a loaded machine only makes them longer).
    expect(pausas[0]).toBeGreaterThanOrEqual(34);
    expect(pausas[1]).toBeGreaterThanOrEqual(68);
    expect(pausas[2]).toBeGreaterThanOrEqual(136);
  });

  it('una falla transitoria nunca agota los intentos: pasa de largo el máximo y termina cuando el otro lado vuelve', async () => {
    await encolar(dbh.db, { cola: C, idReferencia: 8, idEmpresa });
    let llamadas = 0;
    const e = ejecutor(async () => (++llamadas <= 12 ? { tipo: 'reintentar', error: 'sin conexión', transitorio: true } : { tipo: 'hecho' }), {
      reintentos: { maxIntentos: 3, esperaBaseMs: 5, maxEsperaMs: 10 },
    });
    await e.iniciar();
    await esperarA(async () => (await filas())[0].estado === 'HECHO');
    const [fila] = await filas();
    expect(llamadas).toBe(13);
    expect(fila.reintentosSinRespuesta).toBe(12);
    expect(fila.intentos).toBe(1);
  });

  it('la espera entre reintentos se duplica y tiene tope', () => {
    const o = { esperaBaseMs: 1000, maxEsperaMs: 5000 };
    for (let i = 0; i < 20; i++) {
      expect(esperaReintento(1, o)).toBeGreaterThanOrEqual(850);
      expect(esperaReintento(1, o)).toBeLessThanOrEqual(1150);
      expect(esperaReintento(3, o)).toBeGreaterThanOrEqual(3400);
      expect(esperaReintento(3, o)).toBeLessThanOrEqual(4600);
      expect(esperaReintento(10, o)).toBeLessThanOrEqual(5750);
    }
  });

  it('esperar no gasta intentos y guarda los datos del manejador (el ticket)', async () => {
    await encolar(dbh.db, { cola: C, idReferencia: 3, idEmpresa });
    const vistos: unknown[] = [];
    const e = ejecutor(
      async (t: TTrabajo): Promise<TResultadoTrabajo> => {
        vistos.push(t.datos.ticket ?? null);
        return vistos.length < 5 ? { tipo: 'esperar', enMs: 5, datos: { ticket: 'T-1' } } : { tipo: 'hecho' };
      },
      { reintentos: { maxIntentos: 2 } },
    );
    await e.iniciar();
    await esperarA(async () => (await filas())[0].estado === 'HECHO');
    expect(vistos).toEqual([null, 'T-1', 'T-1', 'T-1', 'T-1']);
  });

  it('un trabajo cuyo dueño murió se retoma al vencer su plazo, y el resultado tardío del primero se descarta', async () => {
    await encolar(dbh.db, { cola: C, idReferencia: 9, idEmpresa });
    const cupo = [{ cola: C, libres: 5, maxPorEmpresa: 0 }];
    const [tomado] = await reclamar(dbh.db, cupo, 100);
    expect(tomado.estado).toBe('EN_CURSO');
    // Before the lease runs out nobody else gets it.
    expect(await reclamar(dbh.db, cupo, 100)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 150));
    const [retomado] = await reclamar(dbh.db, cupo, 60_000);
    expect(retomado.id).toBe(tomado.id);
    expect(retomado.bloqueo).not.toBe(tomado.bloqueo);
    expect(await registrarResultado(dbh.db, tomado, { tipo: 'fallido', error: 'tarde' }, REINTENTOS)).toBe(false);
    expect(await registrarResultado(dbh.db, retomado, { tipo: 'hecho' }, REINTENTOS)).toBe(true);
    expect((await filas())[0].estado).toBe('HECHO');
  });

  it('mientras el trabajo sigue en mano su plazo se renueva: nadie más lo toma aunque tarde más que el plazo', async () => {
    await encolar(dbh.db, { cola: C, idReferencia: 77, idEmpresa });
    let tomadoPorOtro = -1;
    const e = ejecutor(
      // Three leases long, renewed every third of one: room for a loaded 2-core machine, where a renewal's round trip
      // once took longer than a 150 ms lease (the job was then rightly taken, and the test failed on the machine).
      async () => {
        await new Promise((r) => setTimeout(r, 1_200));
        tomadoPorOtro = (await reclamar(dbh.db, [{ cola: C, libres: 5, maxPorEmpresa: 0 }], 60_000)).length;
        await new Promise((r) => setTimeout(r, 600));
        return { tipo: 'hecho' };
      },
      { leaseMs: 600 },
    );
    await e.iniciar();
    await esperarA(async () => (await filas())[0].estado === 'HECHO');
    expect(tomadoPorOtro).toBe(0);
    expect((await filas())[0].intentos).toBe(1);
  });

  it('dos ejecutores sobre la misma base procesan cada trabajo exactamente una vez', async () => {
    const n = 40;
    for (let i = 1; i <= n; i++) await encolar(dbh.db, { cola: C, idReferencia: 1000 + i, idEmpresa: i % 2 ? idEmpresa : otraEmpresa });
    const vistos: number[] = [];
    const manejador = async (t: TTrabajo): Promise<TResultadoTrabajo> => {
      vistos.push(t.idReferencia);
      await new Promise((r) => setTimeout(r, 5));
      return { tipo: 'hecho' };
    };
    // On PostgreSQL the second runner has its own pool on the same database, as a second API process would.
    const a = ejecutor(manejador, { ranuras: 3 });
    const b = ejecutor(manejador, { ranuras: 3, db: (await otra()).db });
    await Promise.all([a.iniciar(), b.iniciar()]);
    await esperarA(async () => (await filas()).filter((f) => f.estado === 'HECHO').length === n);
    expect(vistos).toHaveLength(n);
    expect(new Set(vistos).size).toBe(n);
  });

  it('cada trabajo se reclama y termina por su cuenta: uno colgado no retiene a los demás', async () => {
    for (let i = 1; i <= 6; i++) await encolar(dbh.db, { cola: C, idReferencia: 200 + i, idEmpresa });
    const colgado = compuerta();
    const e = ejecutor(async (t) => {
      if (t.idReferencia === 201) await colgado.abierta;
      return { tipo: 'hecho' };
    }, { ranuras: 2 });
    await e.iniciar();
    // With two places, one held by the hung job, the other five go through the second place one after another.
    await esperarA(async () => (await filas()).filter((f) => f.estado === 'HECHO').length === 5);
    expect((await filas()).find((f) => f.idReferencia === 201)!.estado).toBe('EN_CURSO');
    colgado.abrir();
    await esperarA(async () => (await filas()).every((f) => f.estado === 'HECHO'));
  });

  it('reparto justo: una empresa no pasa de su límite en mano y la otra avanza mientras tanto', async () => {
    for (let i = 1; i <= 6; i++) await encolar(dbh.db, { cola: C, idReferencia: 300 + i, idEmpresa });
    for (let i = 1; i <= 4; i++) await encolar(dbh.db, { cola: C, idReferencia: 400 + i, idEmpresa: otraEmpresa });
    const colgado = compuerta();
    let maxEnMano = 0;
    let enMano = 0;
    const handler: TManejadorTrabajo = async (t) => {
      if (t.idEmpresa === idEmpresa) {
        maxEnMano = Math.max(maxEnMano, ++enMano);
        await colgado.abierta;
        enMano--;
      }
      return { tipo: 'hecho' };
    };
    // Two runners (two processes on PostgreSQL): the limit holds across them.
    const a = ejecutor(handler, { ranuras: 8, maxPorEmpresa: 2 });
    const b = ejecutor(handler, { ranuras: 8, maxPorEmpresa: 2, db: (await otra()).db });
    await Promise.all([a.iniciar(), b.iniciar()]);
    await esperarA(async () => (await filas()).filter((f) => f.idEmpresa === otraEmpresa && f.estado === 'HECHO').length === 4);
    const enCurso = (await filas()).filter((f) => f.idEmpresa === idEmpresa && f.estado === 'EN_CURSO');
    expect(enCurso).toHaveLength(2);
    expect(maxEnMano).toBe(2);
    colgado.abrir();
    await esperarA(async () => (await filas()).every((f) => f.estado === 'HECHO'));
    expect(maxEnMano).toBe(2);
  });

  it('el reclamo turna a las empresas aunque una tenga cientos en cola, y también toma los trabajos sin empresa', async () => {
    // A bulk upload's backlog: 300 of one company (queued first), 2 of another, 1 of the platform (no company),
    // and one of the first company not yet due (a retry later on).
    for (let i = 1; i <= 300; i++) await encolar(dbh.db, { cola: C, idReferencia: 1000 + i, idEmpresa });
    await encolar(dbh.db, { cola: C, idReferencia: 2001, idEmpresa: otraEmpresa });
    await encolar(dbh.db, { cola: C, idReferencia: 2002, idEmpresa: otraEmpresa });
    await encolar(dbh.db, { cola: C, idReferencia: 3001, idEmpresa: null });
    await encolar(dbh.db, { cola: C, idReferencia: 999, idEmpresa, enMs: 60_000 });
    const referencias = (ts: TTrabajo[]) => ts.map((t) => t.idReferencia).sort((x, y) => x - y);
    // Five places: each company's (and the platform's) first in turn, then the second ones.
    const primero = await reclamar(dbh.db, [{ cola: C, libres: 5, maxPorEmpresa: 0 }], 60_000);
    expect(referencias(primero)).toEqual([1001, 1002, 2001, 2002, 3001]);
    // With a limit of 3 in hand per company, the big one gets only one more, whatever the free places.
    const segundo = await reclamar(dbh.db, [{ cola: C, libres: 10, maxPorEmpresa: 3 }], 60_000);
    expect(referencias(segundo)).toEqual([1003]);
    // Nothing else may be taken under that limit; without it, the backlog continues in order and the later retry waits.
    expect(await reclamar(dbh.db, [{ cola: C, libres: 10, maxPorEmpresa: 3 }], 60_000)).toHaveLength(0);
    const resto = await reclamar(dbh.db, [{ cola: C, libres: 1000, maxPorEmpresa: 0 }], 60_000);
    expect(resto).toHaveLength(297);
    expect(referencias(resto)[0]).toBe(1004);
    expect(resto.some((t) => t.idReferencia === 999)).toBe(false);
  });

  it('un trabajo nuevo despierta al ejecutor al confirmarse (NOTIFY), también desde otra conexión, sin esperar el sondeo', async () => {
    const hechos: number[] = [];
    // A poll pause longer than the test: only the notification can wake it.
    const e = ejecutor(async (t) => {
      hechos.push(t.idReferencia);
      return { tipo: 'hecho' };
    }, { intervaloMs: 600_000, escuchar: dbh.escuchar });
    await e.iniciar();
    await new Promise((r) => setTimeout(r, 100));
    const otraConexion = (await otra()).db;
    await otraConexion.transaction(async (tx) => encolar(tx, { cola: C, idReferencia: 501, idEmpresa }));
    await esperarA(async () => hechos.includes(501), 10_000);
  });

  it('una tarea recurrente tiene una sola fila, corre en un solo ejecutor a la vez y vuelve a quedar programada', async () => {
    let corridas = 0;
    let simultaneas = 0;
    let maxSimultaneas = 0;
    const nuevo = async (db = dbh.db) => {
      const e = crearEjecutor({ db, intervaloMs: 10 });
      e.registrar({
        cola: 'prueba.recurrente',
        concurrencia: 1,
        recurrente: { cadaMs: 30 },
        manejador: async () => {
          corridas++;
          maxSimultaneas = Math.max(maxSimultaneas, ++simultaneas);
          await new Promise((r) => setTimeout(r, 40));
          simultaneas--;
          return { tipo: 'hecho', datos: { corrida: corridas } };
        },
      });
      ejecutores.push(e);
      await e.iniciar();
    };
    await nuevo();
    await nuevo((await otra()).db);
    await esperarA(async () => corridas >= 4);
    const recurrentes = await dbh.db.select().from(trabajo).where(eq(trabajo.cola, 'prueba.recurrente'));
    expect(recurrentes).toHaveLength(1);
    expect(maxSimultaneas).toBe(1);
    expect(['PENDIENTE', 'EN_CURSO']).toContain(recurrentes[0].estado);
    expect(recurrentes[0].datos.corrida).toEqual(expect.any(Number));
  });

  it('detener espera al trabajo en curso, pide parar a los largos y después no reclama más', async () => {
    await encolar(dbh.db, { cola: C, idReferencia: 50, idEmpresa });
    let terminado = false;
    let vioLaSenal = false;
    const e = ejecutor(async (_t, control) => {
      await new Promise((r) => setTimeout(r, 200));
      vioLaSenal = control.senal.aborted;
      terminado = true;
      return { tipo: 'hecho' };
    });
    await e.iniciar();
    await esperarA(async () => (await filas())[0].estado === 'EN_CURSO');
    await e.detener();
    expect(terminado).toBe(true);
    expect(vioLaSenal).toBe(true);
    await encolar(dbh.db, { cola: C, idReferencia: 51, idEmpresa });
    e.despertar();
    await new Promise((r) => setTimeout(r, 100));
    const [fila] = await dbh.db.select().from(trabajo).where(and(eq(trabajo.cola, C), eq(trabajo.idReferencia, 51)));
    expect(fila.estado).toBe('PENDIENTE');
  });
});
