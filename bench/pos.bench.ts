/**
 * A cashier's sale at the point of sale, end to end through the real app (fastify.inject: auth, company filter,
 * contracts, the issuing engine with signing, stock, the cash session): search an item among 100,000 (the POS's
 * call, page of 10), then issue a boleta of 5 lines paid with 2 payment means (cash with change + card). Measured
 * one cashier at a time, then ten cashiers at once, each on the session of their own box of the same branch (a shop's
 * ten tills; one session per box and per user is the rule), all issuing on the branch's one boleta series (the
 * strictest case: every checkout takes that series' lock). Prints p50/p95/p99 and the machine load.
 * Database: PostgreSQL when BENCH_DATABASE_URL names an EMPTY postgres:// database (migrated and seeded here), otherwise
 * PGlite in memory (single-threaded WASM: slower, printed as such).
 * Env: BENCH_ITEMS (default 100000), BENCH_VECES (default 40).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { abrirDb } from '../apps/api/src/db/client';
import { cargarDatosDemo } from '../apps/api/src/db/seed-demo';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const VECES = Number(process.env.BENCH_VECES ?? 40);

const percentil = (xs: number[], p: number) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)];
};
const linea = (nombre: string, xs: number[]) =>
  console.log(
    `${nombre.padEnd(44)} p50 ${percentil(xs, 50).toFixed(1).padStart(7)} ms  p95 ${percentil(xs, 95).toFixed(1).padStart(7)} ms  p99 ${percentil(xs, 99).toFixed(1).padStart(7)} ms  (n=${xs.length})`,
  );

async function main() {
  const motor = process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite (en memoria)';
  console.log(`[pos] base de datos: ${motor}; carga de la máquina (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}; ${os.cpus().length} CPU`);
  const dbh = await abrirDb(process.env.BENCH_DATABASE_URL || 'memory://', '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null });
  await app.ready();
  try {
    const db = dbh.db;
    const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const entrar = async (usuario: string) => {
      const r = await app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', headers: { authorization: `Basic ${Buffer.from(`${usuario}:Demo.2026`).toString('base64')}` } });
      return { authorization: `Bearer ${(r.json() as { AccessToken: string }).AccessToken}` };
    };
    const [{ id_empresa: idEmpresa }] = filas<{ id_empresa: number }>(await db.execute(sql`select id_empresa from usuario where usuario = 'cajero'`));
    const t0 = Date.now();
    await db.execute(sql`insert into item (id_empresa, codigo, descripcion, codigo_unidad, precio, precio_incluye_igv, afectacion_igv)
      select ${idEmpresa}, 'POS-' || g, 'PRODUCTO DE CAJA ' || lpad(g::text, 6, '0'), 'NIU', 3.50 + (g % 20), true, '10' from generate_series(1, ${ITEMS}) g`);
    // Nine more cashiers (copies of the demo cashier: same role, branch and password) and nine more boxes in its branch.
    await db.execute(sql`insert into usuario (id_empresa, id_cuenta, usuario, contrasenha_hash, nombres, apellidos, correo, estado, log_estado)
      select id_empresa, id_cuenta, 'cajero' || g, contrasenha_hash, nombres, apellidos || ' ' || g, null, estado, log_estado
      from usuario, generate_series(2, 10) g where usuario = 'cajero'`);
    await db.execute(sql`insert into usuario_rol (id_empresa, id_usuario, id_rol, log_estado)
      select r.id_empresa, n.id, r.id_rol, 1 from usuario_rol r join usuario o on o.id = r.id_usuario and o.usuario = 'cajero' join usuario n on n.usuario like 'cajero_%' and n.usuario <> 'cajero'`);
    await db.execute(sql`insert into usuario_sucursal (id_empresa, id_usuario, id_sucursal, log_estado)
      select s.id_empresa, n.id, s.id_sucursal, 1 from usuario_sucursal s join usuario o on o.id = s.id_usuario and o.usuario = 'cajero' join usuario n on n.usuario like 'cajero_%' and n.usuario <> 'cajero'`);
    await db.execute(sql`insert into caja (id_empresa, id_sucursal, descripcion, tipo, tolerancia)
      select c.id_empresa, c.id_sucursal, 'Caja ' || g, 1, c.tolerancia from caja c, generate_series(2, 10) g
      where c.id_empresa = ${idEmpresa} and c.descripcion = 'Caja principal' and c.id_sucursal = (select min(id_sucursal) from usuario_sucursal s join usuario u on u.id = s.id_usuario and u.usuario = 'cajero')`);
    await db.execute(sql`analyze`);
    console.log(`[pos] datos: ${ITEMS} productos, 10 cajeros con 10 cajas, en ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const cajeros: Record<string, string>[] = [];
    for (const u of ['cajero', ...Array.from({ length: 9 }, (_, i) => `cajero${i + 2}`)]) cajeros.push(await entrar(u));
    const cajero = cajeros[0];
    const get = async (url: string, quien = cajero) => {
      const r = await app.inject({ method: 'GET', url, headers: quien });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      return r.json() as Record<string, unknown>;
    };
    // Each cashier opens the session of a box nobody else holds.
    let caja: { Id: number; IdSucursal: number } | undefined;
    const tomadas = new Set<number>();
    for (const quien of cajeros) {
      const mia = (await get('/api/finanzas/v1/usuarios/cajas', quien)) as { Sesion: { IdCaja: number } | null; Cajas: { Id: number; IdSucursal: number }[] };
      if (mia.Sesion) {
        tomadas.add(mia.Sesion.IdCaja);
        continue;
      }
      const libre = mia.Cajas.find((c) => !tomadas.has(c.Id));
      if (!libre) throw new Error('no hay una caja libre para cada cajero');
      const a = await app.inject({ method: 'POST', url: `/api/finanzas/v1/cajas/${libre.Id}/aperturas`, headers: quien, payload: { MontoApertura: '100.00' } });
      if (a.statusCode !== 201) throw new Error(`apertura: ${a.statusCode} ${a.body}`);
      tomadas.add(libre.Id);
      caja ??= libre;
    }
    if (!caja) throw new Error('sin caja');
    const series = (await get(`/api/entidades/v2/entidades/series?idtipodocumento=1004&idsucursal=${caja.IdSucursal}&logestado=1`)) as { Data: { Id: number }[] };
    const idSerie = series.Data[0].Id;
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

    type TItemBusqueda = { Id: number; Codigo: string; Descripcion: string; CodigoUnidad: string; PrecioUnitario: string; AfectacionIgv: string };
    let n = 0;
    /** One sale: a search (the scanner's Enter) per line is the realistic load; the first search is timed apart. */
    const venta = async (tiempos: { busqueda: number[]; cobro: number[]; total: number[] }, quien = cajero) => {
      const k = ++n;
      const inicio = performance.now();
      const lineas: TItemBusqueda[] = [];
      for (let j = 0; j < 5; j++) {
        const codigo = String(((k * 7919 + j * 104729) % ITEMS) + 1).padStart(6, '0');
        const t = performance.now();
        const r = (await get(`/api/logistica/v1/items?filtro=${codigo}&pagina=1&regxpag=10`, quien)) as { Data: TItemBusqueda[] };
        tiempos.busqueda.push(performance.now() - t);
        if (!r.Data.length) throw new Error(`sin resultados para ${codigo}`);
        lineas.push(r.Data[0]);
      }
      const documento = {
        IdTipoDocumento: 1004, IdSerie: idSerie, FechaEmision: hoy,
        ListaItems: lineas.map((i) => ({ IdItem: i.Id, CodigoItem: i.Codigo, ItemDescripcion: i.Descripcion, CodigoUnidad: i.CodigoUnidad, Cantidad: '1', PrecioUnitario: i.PrecioUnitario, TipoAfectacion: i.AfectacionIgv })),
      };
      const t = performance.now();
      const r = await app.inject({
        method: 'POST', url: '/api/ventas/v1/cajas/ventas', headers: { ...quien, 'idempotency-key': `bench-pos-${process.pid}-${k}` },
        payload: { Documento: documento, Pagos: [{ IdMedioPago: 2, Monto: '5.00', Referencia: 'VISA 0001' }, { IdMedioPago: 1, Monto: '200.00' }] },
      });
      tiempos.cobro.push(performance.now() - t);
      if (r.statusCode !== 201) throw new Error(`venta: ${r.statusCode} ${r.body.slice(0, 300)}`);
      tiempos.total.push(performance.now() - inicio);
    };

    // Warm-up (JIT, caches, the signing key), not counted.
    const calentar = { busqueda: [] as number[], cobro: [] as number[], total: [] as number[] };
    for (let i = 0; i < 3; i++) await venta(calentar);

    const uno = { busqueda: [] as number[], cobro: [] as number[], total: [] as number[] };
    for (let i = 0; i < VECES; i++) await venta(uno);
    console.log(`[pos] un cajero, ${VECES} ventas seguidas (5 búsquedas + boleta de 5 líneas con 2 medios de pago):`);
    linea('búsqueda de ítem (100.000, página de 10)', uno.busqueda);
    linea('cobro: boleta + pagos + caja + stock', uno.cobro);
    linea('venta completa (5 búsquedas + cobro)', uno.total);

    const diez = { busqueda: [] as number[], cobro: [] as number[], total: [] as number[] };
    for (let ronda = 0; ronda < Math.max(1, Math.floor(VECES / 10)); ronda++) await Promise.all(cajeros.map((quien) => venta(diez, quien)));
    console.log('[pos] 10 cajeros a la vez, cada uno en su caja, todos con la misma serie de boletas:');
    linea('búsqueda de ítem', diez.busqueda);
    linea('cobro', diez.cobro);
    linea('venta completa', diez.total);
  } finally {
    await app.close();
  }
  console.log(`[pos] carga al terminar: ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
