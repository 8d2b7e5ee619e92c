/**
 * The sales report (issue 12, /admin/reporte-ventas) over a year of documents of one company: BENCH_DOCUMENTOS
 * boletas (default 50,000, about 137 a day) with two lines each, 1% credit notes, 1% voided, a third sold at a cash
 * box with card and cash payments. Calls go through HTTP routing, auth and serialization (fastify.inject). Prints
 * p50/p95 per query and the machine load.
 *
 * Database: PostgreSQL when BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL is postgres://... (a temporary
 * database is created there and dropped at the end), else PGlite in memory. BENCH_CONSULTAS per query (default 20).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { baseTemporal, percentil, servidorPostgres } from './comun';

const DOCUMENTOS = Number(process.env.BENCH_DOCUMENTOS ?? 50_000);
const CONSULTAS = Number(process.env.BENCH_CONSULTAS ?? 20);
const HASTA = '2026-11-22';
const DESDE = '2025-11-23';

async function principal(): Promise<void> {
  const servidorPg = servidorPostgres();
  const base = servidorPg ? await baseTemporal(servidorPg, 'reporte') : null;
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
    // Boletas over one year, inserted by SQL (the issue path is bench:issue's job): 1 in 100 voided, 1 in 50 in dollars.
    await dbh.db.execute(sql`
      insert into documento_contable (id_empresa, id_sucursal, id_serie, id_tipo_documento, ruc_emisor, codigo_tipo, serie, correlativo,
        fecha_emision, hora_emision, id_moneda, id_condicion_pago, receptor_id_tipo_documento, receptor_numero_documento,
        receptor_razon_social, monto_sub_total, monto_igv, monto_isc, icbper, otros_cargos, descuentos_globales, monto_total,
        valor_igv, datos, id_estado_sunat, anulado, log_usuario_crea)
      select s.id_empresa, s.id_sucursal, s.id, 1004, '20600123450', '03', s.serie, 900000 + g,
             ${HASTA}::date - (g * 365 / ${DOCUMENTOS})::int, '10:00:00', case when g % 50 = 0 then 2 else 1 end, 1, 1,
             lpad((g % 5000)::text, 8, '0'), 'CLIENTE ' || (g % 5000), 100.00, 18.00, 0, 0, 0, 0, 118.00, 18, '{}'::jsonb,
             case when g % 100 = 7 then 10 else 2 end, g % 100 = 7,
             (select min(u.id) + (g % 2) from usuario u where u.id_empresa = s.id_empresa)
        from generate_series(1, ${DOCUMENTOS}::int) g
        join (select * from serie where serie = 'B001' and id_tipo_documento = 1004 and id_empresa = (select id from empresa where documento = '20600123450') limit 1) s on true`);
    // Two lines each: 100 items of the catalogue.
    await dbh.db.execute(sql`
      insert into documento_contable_item (id_empresa, id_documento, item, id_item, codigo_item, item_descripcion, codigo_unidad, cantidad,
        valor_unitario, precio_unitario, descuento, tipo_afectacion, sub_total, igv, isc, icbper, total)
      select d.id_empresa, d.id, n, null, 'P' || ((d.correlativo + n) % 100), 'PRODUCTO ' || ((d.correlativo + n) % 100), 'NIU', 2,
             25, 29.5, 0, '10', 50, 9, 0, 0, 59
        from documento_contable d cross join generate_series(1, 2) n where d.correlativo > 900000 and d.id_tipo_documento = 1004`);
    // Credit notes over 1 in 100 sales (a return of 59.00).
    await dbh.db.execute(sql`
      insert into documento_contable (id_empresa, id_sucursal, id_serie, id_tipo_documento, ruc_emisor, codigo_tipo, serie, correlativo,
        fecha_emision, hora_emision, id_moneda, id_condicion_pago, receptor_id_tipo_documento, receptor_numero_documento,
        receptor_razon_social, monto_sub_total, monto_igv, monto_isc, icbper, otros_cargos, descuentos_globales, monto_total,
        valor_igv, datos, id_estado_sunat, id_documento_afectado, log_usuario_crea)
      select d.id_empresa, d.id_sucursal, s.id, 1005, d.ruc_emisor, '07', s.serie, d.correlativo, d.fecha_emision, '11:00:00', d.id_moneda, 1, 1,
             d.receptor_numero_documento, d.receptor_razon_social, 50, 9, 0, 0, 0, 0, 59, 18, '{}'::jsonb, 2, d.id, d.log_usuario_crea
        from documento_contable d
        join (select * from serie where id_tipo_documento = 1005 and serie = 'B001' and id_empresa = (select id from empresa where documento = '20600123450') limit 1) s on true
       where d.id_tipo_documento = 1004 and d.correlativo > 900000 and d.correlativo % 100 = 13`);
    // A third sold at a cash box: card for 50.00, the rest in cash.
    await dbh.db.execute(sql`
      insert into caja (id_empresa, id_sucursal, descripcion) select id_empresa, id_sucursal, 'Caja bench' from serie where serie = 'B001' and id_tipo_documento = 1004 and id_empresa = (select id from empresa where documento = '20600123450') limit 1`);
    await dbh.db.execute(sql`
      insert into sesion_caja (id_empresa, id_caja, id_usuario, estado, monto_apertura)
      select c.id_empresa, c.id, (select min(id) from usuario where id_empresa = c.id_empresa), 3, 0 from caja c where c.descripcion = 'Caja bench'`);
    await dbh.db.execute(sql`
      insert into venta_caja (id_empresa, id_sesion, id_documento, total, pagado, vuelto)
      select d.id_empresa, (select max(id) from sesion_caja), d.id, d.monto_total, d.monto_total, 0
        from documento_contable d where d.id_tipo_documento = 1004 and d.correlativo > 900000 and d.correlativo % 3 = 0`);
    await dbh.db.execute(sql`
      insert into pago_venta_caja (id_venta, id_medio_pago, monto)
      select v.id, m, case when m = 2 then 50 else v.total - 50 end from venta_caja v cross join (values (1), (2)) x(m)`);
    if (dbh.motor === 'postgres') await dbh.db.execute(sql`vacuum analyze`);
    else await dbh.db.execute(sql`analyze`);
    console.log(`sembrados ${DOCUMENTOS.toLocaleString('es-PE')} boletas de un año (${(DOCUMENTOS * 2).toLocaleString('es-PE')} líneas, notas de crédito, anulados y ventas de caja) en ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const login = await app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const token = (login.json() as { AccessToken: string }).AccessToken;
    const R = '/api/contabilidad/v1/reportes/ventas';
    const consultas: [string, string][] = [
      ['un año, por día', `${R}?desde=${DESDE}&hasta=${HASTA}`],
      ['un año, por mes', `${R}?desde=${DESDE}&hasta=${HASTA}&periodo=mes`],
      ['un mes', `${R}?desde=2026-10-01&hasta=2026-10-31`],
      ['un año, un vendedor', `${R}?desde=${DESDE}&hasta=${HASTA}&idUsuario=2`],
      ['un año, soles', `${R}?desde=${DESDE}&hasta=${HASTA}&idMoneda=1`],
    ];
    const todas: number[] = [];
    console.log('consulta'.padEnd(24), 'p50 ms', ' p95 ms', '   ventas');
    for (const [nombreConsulta, ruta] of consultas) {
      const tiempos: number[] = [];
      let ventas = 0;
      for (let i = 0; i < CONSULTAS; i++) {
        t = performance.now();
        const r = await app.inject({ method: 'GET', url: ruta, headers: { authorization: `Bearer ${token}` } });
        tiempos.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${nombreConsulta}: ${r.statusCode} ${r.body}`);
        ventas = (r.json() as { Resumen: { CantidadVentas: number }[] }).Resumen.reduce((s, x) => s + x.CantidadVentas, 0);
      }
      todas.push(...tiempos.slice(2));
      console.log(nombreConsulta.padEnd(24), percentil(tiempos, 50).toFixed(1).padStart(6), percentil(tiempos, 95).toFixed(1).padStart(7), String(ventas).padStart(9));
    }
    const motor = dbh.motor === 'pglite' ? 'PGlite (en el mismo proceso)' : 'PostgreSQL';
    console.log(`\nreporte de ventas con ${DOCUMENTOS.toLocaleString('es-PE')} documentos de un año en ${motor}: p50 ${percentil(todas, 50).toFixed(1)} ms, p95 ${percentil(todas, 95).toFixed(1)} ms`);
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
