/**
 * Receivables and aging (issue 14) over BENCH_DOCUMENTOS credit facturas (default 50,000) of one company, each with
 * three dues, a part of them collected: filtered, paged calls through HTTP routing, auth and serialization
 * (fastify.inject). Prints p50/p95 per query and the machine load.
 *
 * Database: PostgreSQL when BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL is postgres://... (a temporary
 * database is created there and dropped at the end), else PGlite in memory. BENCH_CONSULTAS per query (default 30).
 */
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { baseTemporal, percentil, servidorPostgres } from './comun';

const DOCUMENTOS = Number(process.env.BENCH_DOCUMENTOS ?? 50_000);
const CONSULTAS = Number(process.env.BENCH_CONSULTAS ?? 30);

async function principal(): Promise<void> {
  const servidorPg = servidorPostgres();
  const base = servidorPg ? await baseTemporal(servidorPg, 'finanzas') : null;
  const url = base?.url ?? 'memory://';

  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const dbh = await abrirDb(url, '');
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
    await app.ready();

    let t = performance.now();
    // Credit facturas over one year for 2,000 customers, inserted by SQL (the issue path is bench:issue's job), then
    // their dues as the issue hook writes them: three per document at 30/60/90 days; a third partly collected.
    await dbh.db.execute(sql`
      insert into documento_contable (id_empresa, id_sucursal, id_serie, id_tipo_documento, ruc_emisor, codigo_tipo, serie, correlativo,
        fecha_emision, hora_emision, id_moneda, id_condicion_pago, receptor_id_tipo_documento, receptor_numero_documento,
        receptor_razon_social, monto_sub_total, monto_igv, monto_isc, icbper, otros_cargos, descuentos_globales, monto_total,
        valor_igv, datos, id_estado_sunat)
      select s.id_empresa, s.id_sucursal, s.id, 1003, '20600123450', '01', s.serie, 900000 + g,
             date '2026-11-22' - (g * 365 / ${DOCUMENTOS})::int, '10:00:00', case when g % 10 = 0 then 2 else 1 end, 3, 6,
             '20' || lpad((g % 2000)::text, 9, '0'), 'CLIENTE ' || (g % 2000), 254.24, 45.76, 0, 0, 0, 0, 300, 18, '{}'::jsonb, 2
        from generate_series(1, ${DOCUMENTOS}::int) g
        join (select * from serie where serie = 'F001' and id_tipo_documento = 1003 and id_empresa = (select id from empresa where documento = '20600123450') limit 1) s on true`);
    await dbh.db.execute(sql`
      insert into cuota_cobrar (id_empresa, id_documento, id_tipo_documento, serie, correlativo, fecha_emision, numero_documento_cliente,
        razon_social_cliente, id_moneda, numero_cuota, fecha_vencimiento, monto, cobrado)
      select d.id_empresa, d.id, 1003, d.serie, d.correlativo, d.fecha_emision, d.receptor_numero_documento, d.receptor_razon_social, d.id_moneda,
             n, d.fecha_emision + 30 * n, 100, case when d.correlativo % 3 = 0 and n = 1 then 100 when d.correlativo % 3 = 1 and n = 1 then 40 else 0 end
        from documento_contable d cross join generate_series(1, 3) n
       where d.correlativo > 900000`);
    if (dbh.motor === 'postgres') await dbh.db.execute(sql`vacuum analyze`);
    else await dbh.db.execute(sql`analyze`);
    console.log(`sembrados ${DOCUMENTOS.toLocaleString('es-PE')} documentos al crédito (${(DOCUMENTOS * 3).toLocaleString('es-PE')} cuotas) en ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const login = await app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const token = (login.json() as { AccessToken: string }).AccessToken;
    const consultas: [string, string][] = [
      ['antigüedad, página 1', '/api/finanzas/v1/cuentasporcobrar?pagina=1&regxpag=20'],
      ['antigüedad, página 100', '/api/finanzas/v1/cuentasporcobrar?pagina=100&regxpag=20'],
      ['tramo más de 90 días', '/api/finanzas/v1/cuentasporcobrar?tramo=Mas90&pagina=1&regxpag=20'],
      ['un cliente (RUC)', '/api/finanzas/v1/cuentasporcobrar?cliente=20000001234'],
      ['cliente por nombre', '/api/finanzas/v1/cuentasporcobrar?cliente=CLIENTE 123'],
      ['dólares', '/api/finanzas/v1/cuentasporcobrar?idmoneda=2'],
      ['estado de cuenta de un cliente', '/api/finanzas/v1/reportes/estadoscuentas?cliente=20000001234&idmoneda=1'],
    ];
    const todas: number[] = [];
    console.log('consulta'.padEnd(34), 'p50 ms', ' p95 ms', '  Count');
    for (const [nombreConsulta, ruta] of consultas) {
      const tiempos: number[] = [];
      let cuenta = 0;
      for (let i = 0; i < CONSULTAS; i++) {
        t = performance.now();
        const r = await app.inject({ method: 'GET', url: ruta, headers: { authorization: `Bearer ${token}` } });
        tiempos.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${nombreConsulta}: ${r.statusCode} ${r.body}`);
        const j = r.json() as { Count?: number; Movimientos?: unknown[] };
        cuenta = j.Count ?? j.Movimientos?.length ?? 0;
      }
      todas.push(...tiempos.slice(2));
      console.log(nombreConsulta.padEnd(34), percentil(tiempos, 50).toFixed(1).padStart(6), percentil(tiempos, 95).toFixed(1).padStart(7), String(cuenta).padStart(7));
    }
    const motor = dbh.motor === 'pglite' ? 'PGlite (en el mismo proceso)' : 'PostgreSQL';
    console.log(`\ncuentas por cobrar con ${DOCUMENTOS.toLocaleString('es-PE')} documentos en ${motor}: p50 ${percentil(todas, 50).toFixed(1)} ms, p95 ${percentil(todas, 95).toFixed(1)} ms`);
    console.log(`carga de la máquina (1/5/15 min): ${loadavg().map((x) => x.toFixed(2)).join(' / ')} en ${cpus().length} núcleos`);
    await app.close();
  } finally {
    await dbh.cerrar();
    await base?.borrar();
  }
}

principal().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
