/**
 * "Tomar asistencia" at size (issue 16, branch rrhhbanco): BENCH_TRABAJADORES workers (default 500) of one company
 * with a contract and a Monday-Friday schedule, and a month of 31 days (July 2026) of marks: entry and exit of every
 * weekday, with late arrivals, overtime, a missing exit and an absence here and there; all inserted in bulk with SQL.
 * Then the month's attendance is taken into the run two ways, over the same data:
 *  - "uno por uno" (the path before rrhhbanco): the attendance report of every worker with a schedule, one after the
 *    other (`reporteAsistencia`, about six queries each), then the run recomputed with those figures — called on the
 *    services directly, as the route did;
 *  - "por lotes" (now): `POST /nominas/:id/asistencia` through the real app (token, company, permission, one
 *    transaction, the set-based reads).
 * Both give the same payslips (checked: every worker's faltas, tardanza, overtime and net pay); it prints both times,
 * the peak RSS of this process and the machine's load.
 * On PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set (a temporary database is created
 * there and dropped at the end); on an in-memory PGlite (the demo's engine) otherwise or with BENCH_MOTOR=pglite.
 * BENCH_SIN_ANTES=1 skips the slow "uno por uno" run.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { buildApp } from '../apps/api/src/app';
import { abrirDb } from '../apps/api/src/db/client';
import { cargarDatosDemo } from '../apps/api/src/db/seed-demo';
import type { Contexto } from '../apps/api/src/lib/contexto';
import type { TAuth } from '../apps/api/src/lib/auth';
import { reporteAsistencia } from '../apps/api/src/modules/rrhh/asistencia.service';
import { calcularNomina } from '../apps/api/src/modules/rrhh/nominas.service';
import { baseTemporal, cargaMaquina, servidorPostgres } from './comun';

const TRABAJADORES = Math.max(10, Number(process.env.BENCH_TRABAJADORES ?? 500));
const SIN_ANTES = process.env.BENCH_SIN_ANTES === '1';
const DESDE = '2026-07-01';
const HASTA = '2026-07-31';

const ms = (x: number) => `${x.toFixed(0)} ms`;
const rssMb = () => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;

type TBoletaBench = { IdTrabajador: number; Faltas: number; MinutosTardanza: number; HorasExtra25: string; HorasExtra35: string; Neto: string };

async function main() {
  const servidor = process.env.BENCH_MOTOR === 'pglite' ? undefined : servidorPostgres();
  const base = servidor ? await baseTemporal(servidor, 'asistencia') : { nombre: 'PGlite en memoria', url: 'memory://', borrar: async () => undefined };
  const dbh = await abrirDb(base.url, '');
  console.log(`bench:asistencia — ${TRABAJADORES} trabajadores x 31 días (julio 2026), ${dbh.motor} (${base.nombre}); ${cargaMaquina()}`);
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/seguridad/v3/usuarios/login/1',
      headers: { authorization: `Basic ${Buffer.from('demo.supervisor:Demo.2026').toString('base64')}` },
      remoteAddress: '10.9.0.2',
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${(login.json() as { AccessToken: string }).AccessToken}` };
    const llamar = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await app.inject({ method, url: `/api/rrhh${url}`, headers, ...(payload ? { payload } : {}) });
      if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return r;
    };

    const horario = ((await llamar('POST', '/v1/horarios', { Nombre: 'Oficina bench asistencia', ToleranciaMinutos: 5, Dias: [1, 2, 3, 4, 5].map((Dia) => ({ Dia, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 })) })).json() as { Id: number }).Id;
    const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const [{ id_empresa: idEmpresa, id_usuario: idUsuario }] = filas<{ id_empresa: number; id_usuario: number }>(
      await dbh.db.execute(sql`select id_empresa, log_usuario_crea id_usuario from horario where id = ${horario}`),
    );

    let t0 = performance.now();
    await dbh.db.execute(sql`
      insert into entidad (id_empresa, tipo_entidad, id_tipo_documento, documento, razon_social, nombre, ape_pat, ape_mat)
      select ${idEmpresa}, 1, 1, lpad((71000000 + g)::text, 8, '0'), 'BENCHA ' || g || ' TRABAJADOR', 'Trabajador ' || g, 'Bench', 'Asistencia'
        from generate_series(1, ${TRABAJADORES}) g`);
    await dbh.db.execute(sql`
      insert into contrato_laboral (id_empresa, id_entidad, regimen, fecha_inicio, remuneracion, sistema_pension, tipo_comision, cuspp, asignacion_familiar)
      select ${idEmpresa}, e.id, 1, date '2025-01-01', 1500 + (e.id % 40) * 100,
             (array['ONP','HABITAT','INTEGRA','PRIMA','PROFUTURO'])[1 + e.id % 5],
             case when e.id % 5 = 0 then null when e.id % 2 = 0 then 'FLUJO' else 'MIXTA' end,
             case when e.id % 5 = 0 then null else lpad(e.id::text, 12, 'X') end,
             e.id % 3 = 0
        from entidad e where e.id_empresa = ${idEmpresa} and e.tipo_entidad = 1 and e.razon_social like 'BENCHA %'`);
    await dbh.db.execute(sql`
      insert into horario_trabajador (id_empresa, id_entidad, id_horario, fecha_desde)
      select ${idEmpresa}, e.id, ${horario}, date '2025-01-01'
        from entidad e where e.id_empresa = ${idEmpresa} and e.tipo_entidad = 1 and e.razon_social like 'BENCHA %'`);
    // Every weekday of July 2026: entry 07:55-08:24 (late past 08:05 now and then), exit 17:00-19:59 (overtime now and
    // then); every 11th worker-day has no marks (an absence), every 13th no exit (incomplete). Plus a worked Saturday.
    await dbh.db.execute(sql`
      with t as (select id, row_number() over (order by id) n from entidad where id_empresa = ${idEmpresa} and razon_social like 'BENCHA %'),
           d as (select f::date fecha, row_number() over (order by f) k from generate_series(${DESDE}::date, ${HASTA}::date, interval '1 day') f
                  where extract(isodow from f) < 6 or extract(day from f) = 4)
      insert into marcacion (id_empresa, id_entidad, fecha_hora, origen)
      select ${idEmpresa}, t.id, (d.fecha + h.hora + make_interval(mins => ((t.n * 7 + d.k * 3) % h.rango)::int)) at time zone 'America/Lima', 1
        from t cross join d cross join (values (time '07:55', 30, 0), (time '17:00', 180, 1)) h(hora, rango, salida)
       where (t.n + d.k) % 11 <> 0 and not (h.salida = 1 and (t.n * 3 + d.k) % 13 = 0)`);
    await dbh.db.execute(sql`analyze`);
    const [{ n: marcas }] = filas<{ n: number }>(await dbh.db.execute(sql`select count(*)::int n from marcacion where id_empresa = ${idEmpresa}`));
    console.log(`datos: ${TRABAJADORES} trabajadores con contrato y horario, ${marcas.toLocaleString('es-PE')} marcaciones en julio en ${ms(performance.now() - t0)}`);

    const idNomina = ((await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 7 })).json() as { Id: number }).Id;
    const ids = filas<{ id: number }>(await dbh.db.execute(sql`select id from entidad where id_empresa = ${idEmpresa} and razon_social like 'BENCHA %' order by id`)).map((r) => r.id);
    const ctx = { dbh } as unknown as Contexto;
    const auth = { idEmpresa, idUsuario } as unknown as TAuth;
    const horas = (m: number) => new Decimal(m).dividedBy(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

    let antes: Map<number, TBoletaBench> | null = null;
    let tAntes = 0;
    if (!SIN_ANTES) {
      // Before: one report per worker (about six queries each), then the recompute.
      t0 = performance.now();
      const Novedades = [];
      for (const id of ids) {
        const a = await reporteAsistencia(ctx, auth, { idTrabajador: id, desde: DESDE, hasta: HASTA });
        Novedades.push({
          IdTrabajador: id,
          HorasExtra25: horas(a.Totales.MinutosExtra25),
          HorasExtra35: horas(a.Totales.MinutosExtra35),
          Faltas: a.Totales.Faltas,
          MinutosTardanza: a.Totales.MinutosTardanza,
          HorasFeriado: horas(a.Totales.MinutosFeriado),
          HorasNocturnas: horas(a.Totales.MinutosNocturnos),
          DiasSinGoce: a.Totales.DiasSinGoce,
        });
      }
      const d = await calcularNomina(ctx, auth, idNomina, { Novedades });
      tAntes = performance.now() - t0;
      antes = new Map((d.Boletas as TBoletaBench[]).map((b) => [b.IdTrabajador, b]));
      console.log(`antes — uno por uno (${Novedades.length} reportes + recálculo): ${ms(tAntes)}; ${cargaMaquina()}`);
    }

    t0 = performance.now();
    const r = (await llamar('POST', `/v1/nominas/${idNomina}/asistencia`)).json() as { TrabajadoresConAsistencia: number; Boletas: TBoletaBench[] };
    const tAhora = performance.now() - t0;
    console.log(`ahora — por lotes (POST /nominas/:id/asistencia, ${r.TrabajadoresConAsistencia} trabajadores): ${ms(tAhora)}; ${cargaMaquina()}`);
    if (antes) {
      let distintas = 0;
      for (const b of r.Boletas) {
        const a = antes.get(b.IdTrabajador);
        if (!a || a.Faltas !== b.Faltas || a.MinutosTardanza !== b.MinutosTardanza || a.HorasExtra25 !== b.HorasExtra25 || a.HorasExtra35 !== b.HorasExtra35 || a.Neto !== b.Neto) distintas++;
      }
      const faltas = r.Boletas.reduce((s, b) => s + b.Faltas, 0);
      const tardanza = r.Boletas.reduce((s, b) => s + b.MinutosTardanza, 0);
      console.log(`resultados: ${r.Boletas.length} boletas, ${distintas} distintas entre ambos caminos (${faltas} faltas, ${tardanza} min de tardanza en total)`);
      console.log(`mejora: ${(tAntes / tAhora).toFixed(1)}x (${ms(tAntes)} → ${ms(tAhora)})`);
      if (distintas) process.exitCode = 1;
    }
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
