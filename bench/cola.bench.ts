/**
 * The job queue's claim under a backlog (issue 17): a bulk upload queues 10,000 facturas of one company for sending,
 * and every job the runner finishes makes it claim again, under one lock shared by every process. Before, each claim
 * ranked every due job of the queue, so its cost grew with the backlog (13 ms at 10,000 on a quiet machine) and capped
 * sending. Now it walks the companies through an index and takes a few of each (apps/api/src/lib/trabajos/cola.ts).
 *
 * Measures, in one run on PostgreSQL: claim-and-finish cycles (one job at a time, as the runner does when a place frees
 * up, with a limit of 8 in hand per company) with BENCH_ATRASO jobs of one company queued (default 10,000) plus 50 of
 * each other demo company, and the same with a backlog just above the cycles (BENCH_CICLOS + 100). Prints p50/p99 per claim, claims per second and the
 * ratio of the two p50s (about 1 means the backlog no longer matters). Needs BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (postgres://); a temporary database is created and dropped. BENCH_CICLOS (default 500).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { baseTemporal, cargaMaquina, percentil, servidorPostgres } from './comun';

const ATRASO = Number(process.env.BENCH_ATRASO ?? 10_000);
const CICLOS = Number(process.env.BENCH_CICLOS ?? 500);
const COLA = 'bench.envio';
// The small backlog: just enough for the cycles.
const CHICO = CICLOS + 100;

async function principal(): Promise<void> {
  const servidor = servidorPostgres();
  if (!servidor) {
    console.error('bench:cola necesita PostgreSQL: defina BENCH_DATABASE_URL (o TEST_DATABASE_URL / DATABASE_URL) con postgres://...');
    process.exit(1);
  }
  const base = await baseTemporal(servidor, 'cola');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const { reclamar, registrarResultado } = await import('../apps/api/src/lib/trabajos/cola');
  const dbh = await abrirDb(base.url, '');
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    const empresas = (await dbh.db.execute(sql`select id from empresa order by id`)) as unknown as { rows: { id: number }[] };
    const [grande, ...otras] = empresas.rows.map((r) => Number(r.id));

    async function medir(atraso: number): Promise<number[]> {
      await dbh.db.execute(sql`delete from trabajo where cola = ${COLA}`);
      await dbh.db.execute(sql`
        insert into trabajo (cola, id_referencia, id_empresa, proximo_intento)
        select ${COLA}, g, ${grande}, now() - interval '1 hour' + g * interval '1 millisecond' from generate_series(1, ${atraso}) g`);
      for (const [i, id] of otras.entries())
        await dbh.db.execute(sql`
          insert into trabajo (cola, id_referencia, id_empresa, proximo_intento)
          select ${COLA}, ${(i + 1) * 1_000_000} + g, ${id}, now() - interval '1 hour' + g * interval '1 millisecond' from generate_series(1, 50) g`);
      await dbh.db.execute(sql`analyze trabajo`);
      const tiempos: number[] = [];
      for (let i = 0; i < CICLOS; i++) {
        const t0 = performance.now();
        const [t] = await reclamar(dbh.db, [{ cola: COLA, libres: 1, maxPorEmpresa: 8 }], 60_000, 1);
        tiempos.push(performance.now() - t0);
        if (!t) throw new Error('la cola se vació antes de tiempo: aumente BENCH_ATRASO o baje BENCH_CICLOS');
        await registrarResultado(dbh.db, t, { tipo: 'hecho' }, { esperaBaseMs: 1000, maxEsperaMs: 1000, maxIntentos: 1 });
      }
      return tiempos;
    }

    console.log(`bench:cola: ${CICLOS} reclamos de a uno, límite 8 en mano por empresa, ${otras.length} empresas más con 50 trabajos cada una; ${cargaMaquina()}`);
    const f = (x: number) => x.toFixed(2);
    const resultados: [number, number[]][] = [];
    for (const atraso of [CHICO, ATRASO]) {
      const xs = await medir(atraso);
      resultados.push([atraso, xs]);
      const total = xs.reduce((a, b) => a + b, 0);
      console.log(`  atraso ${String(atraso).padStart(6)}: p50 ${f(percentil(xs, 50))} ms  p99 ${f(percentil(xs, 99))} ms  ${(xs.length / (total / 1000)).toFixed(0)} reclamos/s  (${cargaMaquina()})`);
    }
    const [[, chico], [, grandeXs]] = resultados;
    console.log(`  razón p50 atraso ${ATRASO} / atraso ${CHICO}: ${(percentil(grandeXs, 50) / percentil(chico, 50)).toFixed(2)}`);
  } finally {
    await dbh.cerrar();
    await base.borrar();
  }
}

await principal();
