/**
 * Books at volume (issue 15): a month with BENCH_ASIENTOS journal entries (default 100,000, three lines each) and
 * BENCH_OTROS entries in each of the other eleven months of the year (default 10,000), inserted with bulk SQL
 * (generate_series, not HTTP); then
 *  1. the PLE 5.1 libro diario of the big month, generated through the same service the download route uses
 *     (a server-side cursor read in batches, written chunk by chunk to a sink that only hashes and counts): time
 *     (target < 10 s), file size, and the process's resident memory sampled every 20 ms during the generation (peak
 *     over the baseline: it must stay far below the file's size, i.e. the file is never held in memory);
 *  2. the trial balance of December (opening balance = the eleven months before it, so the whole year is summed),
 *     BENCH_RUNS times (default 20): p50 / p95 / max (target p95 < 1 s).
 * Prints the machine's load with every figure. Needs PostgreSQL: BENCH_DATABASE_URL (a temporary database is created
 * there and dropped at the end).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { baseTemporal, cargaMaquina, percentil, servidorPostgres } from './comun';

const ASIENTOS = Number(process.env.BENCH_ASIENTOS ?? 100_000);
const OTROS = Number(process.env.BENCH_OTROS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ANIO = 2025;
const MES = '06';
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  const servidor = servidorPostgres();
  if (!servidor) throw new Error('Indique BENCH_DATABASE_URL=postgres://... (se crea y se borra una base temporal)');
  const base = await baseTemporal(servidor, 'accounting');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const { pleDiario } = await import('../apps/api/src/modules/contabilidad/libros/ple.service');
  const { balanceComprobacion } = await import('../apps/api/src/modules/contabilidad/libros/reportes.service');
  const dbh = await abrirDb(base.url, '');
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    const filas = async <T>(q: ReturnType<typeof sql>) => ((await dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
    const [emp] = await filas<{ id: number; documento: string; razon_social: string }>(
      sql`select e.id, e.documento, e.razon_social from empresa e join usuario u on u.id_empresa = e.id where u.usuario = 'supervisor' limit 1`,
    );
    const cuenta = async (codigo: string) => (await filas<{ id: number }>(sql`select id from cuenta_contable where codigo = ${codigo} and id_empresa is null`))[0].id;
    const [c1212, c40111, c70111] = [await cuenta('1212'), await cuenta('40111'), await cuenta('70111')];

    // Bulk load: entries of a month with generate_series, then their three lines (12 D total / 40 H IGV / 70 H base).
    const t0 = performance.now();
    let total = 0;
    for (let m = 1; m <= 12; m++) {
      const mes = String(m).padStart(2, '0');
      const periodo = `${ANIO}-${mes}`;
      const n = mes === MES ? ASIENTOS : OTROS;
      if (n <= 0) continue;
      await dbh.db.execute(sql`
        insert into asiento_contable (id_empresa, id_diario, periodo, numero, fecha, glosa, origen, total_debe, total_haber)
        select ${emp.id}, 5, ${periodo}, g, (${`${periodo}-01`}::date + (g % 28)), 'Venta de mercaderías ' || g, 'MANUAL',
               round(((g % 997) + 1) * 1.18, 2), round(((g % 997) + 1) * 1.18, 2)
          from generate_series(1, ${n}) g`);
      await dbh.db.execute(sql`
        insert into asiento_linea (id_asiento, id_empresa, id_cuenta, orden, debe, haber)
        select a.id, a.id_empresa, x.cuenta, x.orden,
               case x.orden when 1 then a.total_debe else 0 end,
               case x.orden when 2 then a.total_debe - ((a.numero % 997) + 1) when 3 then ((a.numero % 997) + 1) else 0 end
          from asiento_contable a
          cross join (values (1, ${c1212}::int), (2, ${c40111}::int), (3, ${c70111}::int)) as x(orden, cuenta)
         where a.id_empresa = ${emp.id} and a.periodo = ${periodo}`);
      total += n;
    }
    await dbh.db.execute(sql`analyze asiento_contable`);
    await dbh.db.execute(sql`analyze asiento_linea`);
    const carga = performance.now() - t0;
    console.log(`Carga masiva: ${total.toLocaleString('es-PE')} asientos (${(total * 3).toLocaleString('es-PE')} líneas) en ${ms(carga)} (${cargaMaquina()})`);

    const ctx = { dbh } as unknown as Parameters<typeof pleDiario>[0];
    const auth = { idUsuario: 0, usuario: 'bench', idEmpresa: emp.id, idCuenta: 0, idSesion: 0, sucursales: [], empresa: { documento: emp.documento, razonSocial: emp.razon_social, tipoEmpresa: 0 } };

    // 1. PLE 5.1 of the big month, streamed into a sink that only hashes and counts.
    globalThis.gc?.();
    const rssBase = process.memoryUsage().rss;
    let pico = rssBase;
    const muestreo = setInterval(() => (pico = Math.max(pico, process.memoryUsage().rss)), 20);
    const hash = createHash('sha256');
    let bytes = 0;
    let lineas = 0;
    let trozos = 0;
    const cuartos: number[] = [];
    const vivos: number[] = [];
    globalThis.gc?.();
    const vivoBase = process.memoryUsage().heapUsed;
    const t1 = performance.now();
    const archivo = await pleDiario(ctx, auth, `${ANIO}-${MES}`);
    await archivo.escribir(async (t) => {
      hash.update(t);
      bytes += Buffer.byteLength(t);
      trozos++;
      for (let i = t.indexOf('\n'); i !== -1; i = t.indexOf('\n', i + 1)) lineas++;
      pico = Math.max(pico, process.memoryUsage().rss);
      // At each quarter of the file: the resident memory and the heap still alive after a full collection (node
      // --expose-gc, set by the npm script). A streamed file keeps the live heap flat; one built in memory grows it
      // by the file's size.
      if (cuartos.length < 4 && lineas >= ((cuartos.length + 1) * ASIENTOS * 3) / 4) {
        cuartos.push(process.memoryUsage().rss);
        globalThis.gc?.();
        vivos.push(process.memoryUsage().heapUsed);
      }
    });
    const tPle = performance.now() - t1;
    clearInterval(muestreo);
    const crecimiento = pico - rssBase;
    console.log(`PLE 5.1 ${archivo.nombre}: ${lineas.toLocaleString('es-PE')} líneas, ${mb(bytes)} en ${trozos} trozos, ${ms(tPle)} (objetivo < 10 000 ms) ${tPle < 10_000 ? 'OK' : 'NO CUMPLE'} (${cargaMaquina()})`);
    console.log(
      `  memoria residente: base ${mb(rssBase)}, pico ${mb(pico)}, crecimiento ${mb(crecimiento)} = ${((crecimiento / bytes) * 100).toFixed(0)} % del archivo ` +
        `(el recolector devuelve memoria a su ritmo: la prueba de que no se retiene es el heap vivo); sha256 ${hash.digest('hex').slice(0, 16)}…`,
    );
    console.log(`  memoria residente al 25 / 50 / 75 / 100 % del archivo: ${cuartos.map(mb).join(' / ')}`);
    if (vivos.length)
      console.log(
        `  heap vivo tras recolección: antes ${mb(vivoBase)}, al 25 / 50 / 75 / 100 %: ${vivos.map(mb).join(' / ')} ` +
          `${vivos[vivos.length - 1] - vivos[0] < (bytes * 0.75) / 10 ? '(plano: no crece con el archivo)' : '(CRECE con el archivo)'}`,
      );
    if (lineas !== ASIENTOS * 3) throw new Error(`Se esperaban ${ASIENTOS * 3} líneas y salieron ${lineas}`);

    // 2. Trial balance of December: the whole year in the opening balance plus December's movements.
    const tiempos: number[] = [];
    let cuadra = true;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const b = await balanceComprobacion(ctx, auth, `${ANIO}-12`);
      tiempos.push(performance.now() - t);
      cuadra &&= b.Totales.SaldoDeudor === b.Totales.SaldoAcreedor && b.Totales.Debe === b.Totales.Haber;
    }
    const p95 = percentil(tiempos, 95);
    console.log(
      `Balance de comprobación del año (${RUNS} corridas): p50 ${ms(percentil(tiempos, 50))}, p95 ${ms(p95)}, máx ${ms(Math.max(...tiempos))} ` +
        `(objetivo p95 < 1 000 ms) ${p95 < 1000 ? 'OK' : 'NO CUMPLE'}; ${cuadra ? 'cuadra' : 'NO CUADRA'} (${cargaMaquina()})`,
    );
    console.log(`Memoria residente máxima del proceso: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    await dbh.cerrar();
    await base.borrar();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
