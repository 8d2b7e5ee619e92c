/**
 * The finance documents listing on 1,000,000 documents of one company: filtered, paged calls through HTTP routing,
 * auth and serialization (fastify.inject), on PostgreSQL. Target: p95 < 100 ms.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (postgres://...). A temporary database is
 * created there and dropped at the end. Env: BENCH_DOCUMENTOS (default 1000000), BENCH_CONSULTAS per filter (default 40).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { baseTemporal, percentil, servidorPostgres } from './comun';

const DOCUMENTOS = Number(process.env.BENCH_DOCUMENTOS ?? 1_000_000);
const CONSULTAS = Number(process.env.BENCH_CONSULTAS ?? 40);

async function principal(): Promise<void> {
  const servidorPg = servidorPostgres();
  if (!servidorPg) {
    console.error('bench:list necesita PostgreSQL: defina BENCH_DATABASE_URL=postgres://usuario@host:5432/postgres');
    process.exit(2);
  }
  const base = await baseTemporal(servidorPg, 'lista');

  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const dbh = await abrirDb(base.url, '');
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
    await app.ready();

    let t = performance.now();
    // 1,000,000 documents of the demo company with RUC over two years, four series, a few thousand customers,
    // most accepted: the shape of a busy shop. Inserted by SQL in chunks (the API path is bench:issue's job).
    const lote = 250_000;
    for (let desde = 1; desde <= DOCUMENTOS; desde += lote) {
      const hasta = Math.min(DOCUMENTOS, desde + lote - 1);
      await dbh.db.execute(sql`
        insert into documento_contable (id_empresa, id_sucursal, id_serie, id_tipo_documento, ruc_emisor, codigo_tipo, serie, correlativo,
          fecha_emision, hora_emision, id_moneda, id_condicion_pago, receptor_id_tipo_documento, receptor_numero_documento,
          receptor_razon_social, monto_sub_total, monto_igv, monto_isc, icbper, otros_cargos, descuentos_globales, monto_total,
          valor_igv, datos, id_estado_sunat)
        select e.id, s.id_sucursal, s.id, s.id_tipo_documento, '20600123450', case s.id_tipo_documento when 1003 then '01' else '03' end, s.serie,
               (g / 4) + 1, date '2026-11-22' - ((${DOCUMENTOS}::bigint - g) * 730 / ${DOCUMENTOS}::bigint)::int, '10:00:00', 1, 1,
               case when s.id_tipo_documento = 1003 then 2 else 1 end,
               case when s.id_tipo_documento = 1003 then '20' || lpad((g % 5000)::text, 9, '0') else lpad((g % 20000)::text, 8, '0') end,
               'CLIENTE ' || (g % 20000), 100, 18, 0, 0, 0, 0, 118, 18, '{}'::jsonb,
               case when g % 50 = 0 then 5 when g % 10 = 0 then 1 else 2 end
          from generate_series(${desde - 1}::int, ${hasta - 1}::int) g
          join empresa e on e.documento = '20600123450'
          join (select row_number() over (order by id)::int - 1 as k, * from serie
                 where serie in ('F001', 'B001', 'F002', 'B002') and id_tipo_documento in (1003, 1004)
                   and id_empresa = (select id from empresa where documento = '20600123450')) s on s.k = g % 4`);
    }
    // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
    await dbh.db.execute(sql`vacuum analyze documento_contable`);
    console.log(`sembrados ${DOCUMENTOS.toLocaleString('es-PE')} documentos en ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const login = await app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const token = (login.json() as { AccessToken: string }).AccessToken;
    const filtros: [string, string][] = [
      ['sin filtro, página 1', 'pagina=1&regxpag=10'],
      ['sin filtro, página 500', 'pagina=500&regxpag=10'],
      ['un mes', 'fechainicio=2026-10-01&fechafin=2026-10-31&pagina=1&regxpag=10'],
      ['facturas de un mes', 'idtipodocumento=1003&fechainicio=2026-10-01&fechafin=2026-10-31&pagina=2&regxpag=10'],
      ['serie y correlativo', 'serie=F001&correlativo=123456'],
      ['cliente por documento', 'cliente=20000001234'],
      ['rechazados', 'idestadosunat=5&pagina=1&regxpag=10'],
      ['pendientes de un día', 'idestadosunat=1&fechainicio=2026-11-20&fechafin=2026-11-20'],
      ['cliente por nombre en un mes', 'cliente=CLIENTE 1234&fechainicio=2026-10-01&fechafin=2026-10-31'],
    ];
    const todas: number[] = [];
    console.log('filtro'.padEnd(32), 'p50 ms', ' p95 ms', ' Count');
    for (const [nombreFiltro, q] of filtros) {
      const tiempos: number[] = [];
      let cuenta = 0;
      for (let i = 0; i < CONSULTAS; i++) {
        t = performance.now();
        const r = await app.inject({ method: 'GET', url: `/api/finanzas/v1/documentos/comprobantes?${q}`, headers: { authorization: `Bearer ${token}` } });
        tiempos.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${nombreFiltro}: ${r.statusCode} ${r.body}`);
        cuenta = (r.json() as { Count: number }).Count;
      }
      todas.push(...tiempos.slice(2));
      console.log(nombreFiltro.padEnd(32), percentil(tiempos, 50).toFixed(1).padStart(6), percentil(tiempos, 95).toFixed(1).padStart(7), String(cuenta).padStart(7));
    }
    const p95 = percentil(todas, 95);
    console.log(`\nlistado con ${DOCUMENTOS.toLocaleString('es-PE')} documentos: p50 ${percentil(todas, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (meta p95 < 100 ms: ${p95 < 100 ? 'CUMPLE' : 'NO CUMPLE'})`);
    await app.close();
  } finally {
    await dbh.cerrar();
    // BENCH_CONSERVAR=1 keeps the seeded database to look at query plans.
    if (process.env.BENCH_CONSERVAR === '1') console.log(`base conservada: ${base.nombre}`);
    else await base.borrar();
  }
}

principal().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
