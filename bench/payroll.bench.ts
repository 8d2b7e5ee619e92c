/**
 * Payroll at size (issue 16): BENCH_TRABAJADORES workers (default 2,000) of one company with their contracts, a
 * Monday-Friday schedule and BENCH_MARCAS clock-in marks (default 1,000,000: entry and exit of every weekday from
 * 2026-01-01 on, spread over the workers), all inserted in bulk with SQL (generate_series), then through the real app
 * (fastify.inject: token, company filter, permissions, the service and PostgreSQL):
 *  1. one monthly payroll run of June 2026 computed (`POST /nominas/:id/calculo`, every worker) — target < 10 s;
 *  2. the attendance report of a month of one worker (`GET /marcacion/reporte/tiempolaborado`) over the table of all
 *     the marks, BENCH_REPETICIONES times (default 10) on different workers: p50/p95 — target p95 < 2 s;
 *  3. "Tomar asistencia" of the month (`POST /nominas/:id/asistencia`: the report of every worker with a schedule,
 *     then the run recomputed with the attendance), once: the month's report of the whole company.
 * Prints the figures, the peak RSS of this process and the machine's load.
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a temporary database is created there and
 * dropped at the end).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { abrirDb } from '../apps/api/src/db/client';
import { cargarDatosDemo } from '../apps/api/src/db/seed-demo';
import { baseTemporal, cargaMaquina, percentil, servidorPostgres } from './comun';

const TRABAJADORES = Math.max(10, Number(process.env.BENCH_TRABAJADORES ?? 2000));
const MARCAS = Math.max(1000, Number(process.env.BENCH_MARCAS ?? 1_000_000));
const REPETICIONES = Math.max(3, Number(process.env.BENCH_REPETICIONES ?? 10));

const ms = (x: number) => `${x.toFixed(0)} ms`;
const rssMb = () => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;

async function main() {
  const servidor = servidorPostgres();
  if (!servidor) throw new Error('bench:payroll necesita PostgreSQL: defina BENCH_DATABASE_URL (postgres://...)');
  const base = await baseTemporal(servidor, 'planilla');
  console.log(`bench:payroll — ${TRABAJADORES} trabajadores, ${MARCAS.toLocaleString('es-PE')} marcaciones, base ${base.nombre}; ${cargaMaquina()}`);
  const dbh = await abrirDb(base.url, '');
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/login/1',
      headers: { authorization: `Basic ${Buffer.from('demo.supervisor:Demo.2026').toString('base64')}` },
      remoteAddress: '10.9.0.1',
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${(login.json() as { AccessToken: string }).AccessToken}` };
    const llamar = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await app.inject({ method, url: `/api/rrhh${url}`, headers, ...(payload ? { payload } : {}) });
      if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return r;
    };

    // The company of the token and a schedule (one HTTP call each); the rest in bulk with SQL.
    const horario = ((await llamar('POST', '/v1/horarios', { Nombre: 'Oficina bench', ToleranciaMinutos: 10, Dias: [1, 2, 3, 4, 5].map((Dia) => ({ Dia, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 })) })).json() as { Id: number }).Id;
    const [{ id_empresa: idEmpresa }] = ((await dbh.db.execute(sql`select id_empresa from horario where id = ${horario}`)) as unknown as { rows: { id_empresa: number }[] }).rows;

    let t0 = performance.now();
    await dbh.db.execute(sql`
      insert into entidad (id_empresa, tipo_entidad, id_tipo_documento, documento, razon_social, nombre, ape_pat, ape_mat)
      select ${idEmpresa}, 1, 1, lpad((70000000 + g)::text, 8, '0'), 'BENCH ' || g || ' TRABAJADOR', 'Trabajador ' || g, 'Bench', 'Planilla'
        from generate_series(1, ${TRABAJADORES}) g`);
    await dbh.db.execute(sql`
      insert into contrato_laboral (id_empresa, id_entidad, regimen, fecha_inicio, remuneracion, sistema_pension, tipo_comision, cuspp, asignacion_familiar)
      select ${idEmpresa}, e.id, 1, date '2025-01-01', 1500 + (e.id % 40) * 100,
             (array['ONP','HABITAT','INTEGRA','PRIMA','PROFUTURO'])[1 + e.id % 5],
             case when e.id % 5 = 0 then null when e.id % 2 = 0 then 'FLUJO' else 'MIXTA' end,
             case when e.id % 5 = 0 then null else lpad(e.id::text, 12, 'X') end,
             e.id % 3 = 0
        from entidad e where e.id_empresa = ${idEmpresa} and e.tipo_entidad = 1 and e.razon_social like 'BENCH %'`);
    await dbh.db.execute(sql`
      insert into horario_trabajador (id_empresa, id_entidad, id_horario, fecha_desde)
      select ${idEmpresa}, e.id, ${horario}, date '2025-01-01'
        from entidad e where e.id_empresa = ${idEmpresa} and e.tipo_entidad = 1 and e.razon_social like 'BENCH %'`);
    // Entry 08:00-08:14 and exit 17:00-17:29 (Lima, UTC-5) on the weekdays from 2026-01-01, worker by worker, until
    // MARCAS marks: every worker gets about MARCAS / TRABAJADORES / 2 weekdays.
    const dias = Math.ceil(MARCAS / TRABAJADORES / 2);
    await dbh.db.execute(sql`
      with t as (select id, row_number() over (order by id) n from entidad where id_empresa = ${idEmpresa} and razon_social like 'BENCH %'),
           d as (select f::date fecha, row_number() over (order by f) k
                   from generate_series(date '2026-01-01', date '2027-12-31', interval '1 day') f
                  where extract(isodow from f) < 6 limit ${dias})
      insert into marcacion (id_empresa, id_entidad, fecha_hora, origen)
      select ${idEmpresa}, t.id, (d.fecha + h.hora + make_interval(mins => ((t.n * 7 + d.k * 3) % h.rango)::int)) at time zone 'America/Lima', 1
        from t cross join d cross join (values (time '08:00', 15), (time '17:00', 30)) h(hora, rango)`);
    await dbh.db.execute(sql`analyze`);
    const [{ n: marcas }] = ((await dbh.db.execute(sql`select count(*)::int n from marcacion`)) as unknown as { rows: { n: number }[] }).rows;
    console.log(`datos: ${TRABAJADORES} trabajadores con contrato y horario, ${marcas.toLocaleString('es-PE')} marcaciones (${dias} días hábiles) en ${ms(performance.now() - t0)}`);

    // 1. One monthly run of June 2026, every worker.
    const idNomina = ((await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 6 })).json() as { Id: number }).Id;
    t0 = performance.now();
    const calculo = await llamar('POST', `/v1/nominas/${idNomina}/calculo`, { Novedades: [] });
    const tCalculo = performance.now() - t0;
    const boletas = (calculo.json() as { Boletas: unknown[] }).Boletas.length;
    console.log(`planilla mensual (junio 2026, ${boletas} boletas): ${ms(tCalculo)} (meta < 10 s: ${tCalculo < 10_000 ? 'cumple' : 'NO cumple'}); ${cargaMaquina()}`);

    // 2. The month's attendance report of one worker, over all the marks.
    const ids = ((await dbh.db.execute(sql`select id from entidad where id_empresa = ${idEmpresa} and razon_social like 'BENCH %' order by id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    const tiempos: number[] = [];
    for (let i = 0; i < REPETICIONES; i++) {
      const id = ids[Math.floor((i * ids.length) / REPETICIONES)];
      t0 = performance.now();
      const r = await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${id}&desde=2026-06-01&hasta=2026-06-30`);
      tiempos.push(performance.now() - t0);
      if (i === 0) console.log(`  (reporte de muestra: ${JSON.stringify((r.json() as { Totales: unknown }).Totales).slice(0, 160)})`);
    }
    const p95 = percentil(tiempos, 95);
    console.log(`reporte de asistencia de un mes de un trabajador (${REPETICIONES} veces): p50 ${ms(percentil(tiempos, 50))}, p95 ${ms(p95)} (meta p95 < 2 s: ${p95 < 2000 ? 'cumple' : 'NO cumple'}); ${cargaMaquina()}`);

    // 3. The month's attendance of the whole company, taken into the run (every worker's report + the recompute).
    t0 = performance.now();
    const asis = await llamar('POST', `/v1/nominas/${idNomina}/asistencia`);
    const tAsis = performance.now() - t0;
    console.log(`tomar asistencia de junio (${(asis.json() as { TrabajadoresConAsistencia: number }).TrabajadoresConAsistencia} reportes + recálculo): ${ms(tAsis)}; ${cargaMaquina()}`);

    console.log(`RSS máximo del proceso: ${rssMb()}; ${os.cpus().length} núcleos, ${cargaMaquina()}`);
    await app.close();
  } finally {
    await dbh.cerrar();
    await base.borrar();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
