/**
 * Inventory at scale (issue 13), through the real app (fastify.inject: auth, company filter, contracts):
 *  - stock of 100,000 items in one warehouse: first page, a deep page, and a text filter (target p95 < 100 ms);
 *  - valued kardex of one item with 100,000 ledger lines: a month's first page with its count and opening balance
 *    (target p95 < 200 ms).
 * Database: PostgreSQL when BENCH_DATABASE_URL names an EMPTY postgres:// database (migrated and seeded here), otherwise
 * PGlite in memory (single-threaded WASM: slower, printed as such). Prints p50/p95 and the machine load.
 * Env: BENCH_ITEMS (default 100000), BENCH_LINEAS (default 100000), BENCH_VECES (default 30).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { abrirDb } from '../apps/api/src/db/client';
import { cargarDatosDemo } from '../apps/api/src/db/seed-demo';
import { percentil } from './comun';

async function crearEntorno() {
  const dbh = await abrirDb(process.env.BENCH_DATABASE_URL || 'memory://', '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null });
  await app.ready();
  return { app, dbh, cerrar: async () => app.close() };
}

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const LINEAS = Number(process.env.BENCH_LINEAS ?? 100_000);
const VECES = Number(process.env.BENCH_VECES ?? 30);

async function main() {
  const motor = process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite (en memoria)';
  console.log(`[inventario] base de datos: ${motor}; carga de la máquina (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}; ${os.cpus().length} CPU`);
  const e = await crearEntorno();
  try {
    const login = await e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const token = (login.json() as { AccessToken: string }).AccessToken;
    const db = e.dbh.db;
    const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const [{ id_empresa: idEmpresa, id: idAlmacen }] = filas<{ id_empresa: number; id: number }>(
      await db.execute(sql`select a.id_empresa, a.id from almacen a join usuario u on u.id_empresa = a.id_empresa where u.usuario = 'supervisor' and a.es_predeterminado order by a.id limit 1`),
    );
    const t0 = Date.now();
    await db.execute(sql`insert into item (id_empresa, codigo, descripcion, codigo_unidad, precio, precio_incluye_igv, afectacion_igv)
      select ${idEmpresa}, 'BEN-' || g, 'PRODUCTO DE PRUEBA ' || lpad(g::text, 6, '0'), 'NIU', 10, true, '10' from generate_series(1, ${ITEMS}) g`);
    await db.execute(sql`insert into stock (id_empresa, id_almacen, id_item, cantidad, costo_promedio)
      select ${idEmpresa}, ${idAlmacen}, i.id, (i.id % 50) + 1, 5.25 from item i where i.id_empresa = ${idEmpresa} and i.codigo like 'BEN-%'`);
    const [{ id: idItem }] = filas<{ id: number }>(await db.execute(sql`select id from item where id_empresa = ${idEmpresa} and codigo = 'BEN-1'`));
    const [{ id: idMov }] = filas<{ id: number }>(
      await db.execute(sql`insert into movimiento_inventario (id_empresa, clase, tipo_operacion, fecha, id_almacen) values (${idEmpresa}, 'I', '16', '2025-01-01', ${idAlmacen}) returning id`),
    );
    // 100,000 lines over about 400 days (250 a day), alternating entries and exits, with their running balance.
    await db.execute(sql`insert into movimiento_inventario_detalle (id_empresa, id_movimiento, id_almacen, id_item, fecha, tipo_operacion, cantidad, costo_unitario, costo_total, saldo_cantidad, saldo_costo_promedio, saldo_valor)
      select ${idEmpresa}, ${idMov}, ${idAlmacen}, ${idItem}, date '2025-01-01' + (g / 250), case when g % 2 = 0 then '02' else '01' end,
             case when g % 2 = 0 then 2 else -1 end, 5.25, case when g % 2 = 0 then 10.5 else -5.25 end, g / 2 + 1, 5.25, (g / 2 + 1) * 5.25
      from generate_series(1, ${LINEAS}) g`);
    await db.execute(sql`analyze`);
    console.log(`[inventario] datos: ${ITEMS} productos con stock y ${LINEAS} líneas de kardex en ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const medir = async (nombre: string, url: string, meta: number) => {
      const tiempos: number[] = [];
      for (let i = 0; i < VECES + 3; i++) {
        const t = performance.now();
        const r = await e.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t;
        if (r.statusCode !== 200) throw new Error(`${nombre}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        if (i >= 3) tiempos.push(ms);
      }
      const p95 = percentil(tiempos, 95);
      console.log(`${nombre.padEnd(48)} p50 ${percentil(tiempos, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  (meta p95 < ${meta} ms${p95 < meta ? '' : ': NO CUMPLE'})`);
    };
    const L = '/api/logistica/v1';
    await medir('stock, almacén, página 1 (20)', `${L}/inventarios/stock?idalmacen=${idAlmacen}&pagina=1&regxpag=20`, 100);
    await medir('stock, almacén, página 2500 (20)', `${L}/inventarios/stock?idalmacen=${idAlmacen}&pagina=2500&regxpag=20`, 100);
    await medir('stock, almacén, filtro "000123"', `${L}/inventarios/stock?idalmacen=${idAlmacen}&filtro=000123`, 100);
    await medir('kardex, un mes (100 líneas + conteo + saldo)', `${L}/kardex?iditem=${idItem}&idalmacen=${idAlmacen}&desde=2025-06-01&hasta=2025-06-30`, 200);
    await medir('kardex, todo el periodo, última página', `${L}/kardex?iditem=${idItem}&idalmacen=${idAlmacen}&desde=2025-01-01&hasta=2026-12-31&pagina=1000&regxpag=100`, 200);
  } finally {
    await e.cerrar();
  }
  console.log(`[inventario] carga al terminar: ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
