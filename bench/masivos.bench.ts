/**
 * Bulk issuing from Excel, end to end over HTTP (issue 17): a 10,000-row workbook (10,000 facturas of one line, F001,
 * built with exceljs like the module's template) is uploaded to POST /api/contabilidad/v1/documentosmasivos, issued in
 * the background by the batch worker and sent by the sending worker to the SUNAT stand-in (packages/sunat-sim, in its
 * own process, as SUNAT is another machine). Prints the upload's validation time, documents per second, the time
 * until all are issued and until all are accepted by the stand-in, the batch's progress samples (to show it moves
 * smoothly), the machine load, and the p50/p99 of single interactive issues made while the batch runs (target p99 <
 * 300 ms), on the batch's series and on another series of the company. Then checks F001's numbering (1..N, no gaps).
 *
 * Three processes: this one (client), the API (this file with --servidor) and the stand-in (--simulador).
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a temporary database is created there and
 * dropped at the end). Env: BENCH_DOCUMENTOS (default 10000), BENCH_INTERACTIVOS_MS (pause between interactive issues,
 * default 100), ENVIO_MAX_POR_EMPRESA (documents of one company sent at once, default 8 here; the product's default
 * is 2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { COLUMNAS_MASIVO } from '@yupana/contracts';
import { baseTemporal, percentil, servidorPostgres } from './comun';

const DOCUMENTOS = Number(process.env.BENCH_DOCUMENTOS ?? 10_000);
const PAUSA_INTERACTIVOS_MS = Number(process.env.BENCH_INTERACTIVOS_MS ?? 100);
const MAX_POR_EMPRESA = Number(process.env.ENVIO_MAX_POR_EMPRESA ?? 8);
const LIMITE_MS = 40 * 60_000;

async function simulador(): Promise<void> {
  const { iniciarSimulador } = await import('@yupana/sunat-sim');
  const sim = await iniciarSimulador({ port: 0, host: '127.0.0.1' });
  process.stdout.write(JSON.stringify({ url: sim.url }) + '\n');
  process.on('SIGTERM', () => void sim.detener().then(() => process.exit(0)));
}

async function servidor(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const { servicioEnvioDe } = await import('../apps/api/src/modules/contabilidad/envio/envio.routes');
  const dbh = await abrirDb(process.env.BENCH_DB_TEMPORAL!, '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  // The demo allowance is 6,000 documents: room for the batch and the interactive issues.
  const { sql } = await import('drizzle-orm');
  await dbh.db.execute(sql`update saldo_empresa set contables_disponibles = 10000000`);
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
  await servicioEnvioDe(app).iniciar({ urlSimulador: process.env.BENCH_SIM_URL, maxPorEmpresa: MAX_POR_EMPRESA, resumenHora: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const direccion = app.server.address();
  process.stdout.write(JSON.stringify({ puerto: typeof direccion === 'object' && direccion ? direccion.port : 0 }) + '\n');
  process.on('SIGTERM', () => {
    void app.close().then(() => dbh.cerrar()).then(() => process.exit(0));
  });
}

/** Starts this file in another process with `bandera` and waits for the JSON line it prints. */
async function arrancar<T>(bandera: string, env: Record<string, string>): Promise<{ hijo: ChildProcess; datos: T; terminado: Promise<unknown> }> {
  const hijo = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), bandera], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const terminado = new Promise((resolve) => hijo.on('exit', resolve));
  const datos = await new Promise<T>((resolve, reject) => {
    let texto = '';
    hijo.stdout!.on('data', (d: Buffer) => {
      texto += d.toString();
      const linea = texto.split('\n').find((l) => l.startsWith('{'));
      if (linea) resolve(JSON.parse(linea) as T);
    });
    hijo.on('exit', (code) => reject(new Error(`${bandera} terminó con código ${code}`)));
  });
  return { hijo, datos, terminado };
}

/** The workbook a large customer uploads: one factura per row (10,000 rows), the template's columns. */
async function libro(documentos: number): Promise<Buffer> {
  const l = new ExcelJS.Workbook();
  const hoja = l.addWorksheet('Documentos');
  hoja.addRow(COLUMNAS_MASIVO.map((c) => c.Titulo));
  for (let d = 1; d <= documentos; d++) {
    const v: Record<string, string | number> = {
      Documento: d, Tipo: '01', Serie: 'F001', Moneda: 'PEN', TipoDocCliente: 'RUC', NumeroDocCliente: '20100070970', Cliente: 'SUPERMERCADOS PERUANOS S.A.',
      DireccionCliente: 'CAL. MORELLI 181, SAN BORJA', Descripcion: `SERVICIO DE MANTENIMIENTO ${d}`, Unidad: 'ZZ', Cantidad: (d % 7) + 1, PrecioUnitario: 25.9, Afectacion: '10',
    };
    hoja.addRow(COLUMNAS_MASIVO.map((c) => v[c.Clave] ?? null));
  }
  return Buffer.from(await l.xlsx.writeBuffer());
}

const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const dormir = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function principal(): Promise<void> {
  const servidorPg = servidorPostgres();
  if (!servidorPg) {
    console.error('bench:masivos necesita PostgreSQL: defina BENCH_DATABASE_URL=postgres://usuario@host:5432/postgres');
    process.exit(2);
  }
  const base = await baseTemporal(servidorPg, 'masivos');
  const temporal = base.url;

  const procesos: { hijo: ChildProcess; terminado: Promise<unknown> }[] = [];
  const db = new pg.Client({ connectionString: temporal });
  try {
    const sim = await arrancar<{ url: string }>('--simulador', {});
    procesos.push(sim);
    const api = await arrancar<{ puerto: number }>('--servidor', { BENCH_DB_TEMPORAL: temporal, BENCH_SIM_URL: sim.datos.url });
    procesos.push(api);
    const base = `http://127.0.0.1:${api.datos.puerto}`;
    await db.connect();

    const headers = { authorization: '', 'content-type': 'application/json' };
    // Signs in again every 10 minutes: an access token lasts 15, and a run on a loaded machine can last longer.
    const entrar = async () => {
      const r = await fetch(`${base}/api/seguridad/v3/usuarios/login/1`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
      headers.authorization = `Bearer ${((await r.json()) as { AccessToken: string }).AccessToken}`;
    };
    await entrar();
    const renovar = setInterval(() => void entrar(), 10 * 60_000);
    renovar.unref();
    const seriesDe = async (tipo: number) =>
      ((await (await fetch(`${base}/api/entidades/v2/entidades/series?idtipodocumento=${tipo}`, { headers })).json()) as { Data: { Id: number; Serie: string }[] }).Data;
    const f001 = (await seriesDe(1003)).find((s) => s.Serie === 'F001')!.Id;
    const b001 = (await seriesDe(1004)).find((s) => s.Serie === 'B001')!.Id;
    const interactivo = (idSerie: number, tipo: number) =>
      JSON.stringify({
        IdTipoDocumento: tipo, IdSerie: idSerie, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoyLima(),
        ListaItems: [{ ItemDescripcion: 'VENTA EN CAJA', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: '15.00', TipoAfectacion: '10' }],
        ListaEntidades: tipo === 1003 ? [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS S.A.' }] : [],
      });
    const emitir = async (body: string) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/contabilidad/v1/documentoContable`, { method: 'POST', headers, body });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`emisión interactiva: HTTP ${res.status}`);
      return performance.now() - t;
    };
    // Warm-up: JIT, pools, the parsed certificate.
    for (let i = 0; i < 10; i++) {
      await emitir(interactivo(f001, 1003));
      await emitir(interactivo(b001, 1004));
    }
    const tBase = { f: [] as number[], b: [] as number[] };
    for (let i = 0; i < 20; i++) {
      tBase.f.push(await emitir(interactivo(f001, 1003)));
      tBase.b.push(await emitir(interactivo(b001, 1004)));
    }

    const contenido = await libro(DOCUMENTOS);
    // Let the warm-up's documents reach the stand-in first, so the figures are the batch's.
    for (let i = 0; i < 600 && Number((await db.query(`select count(*) n from documento_contable where id_estado_sunat = 1 and id_tipo_documento = 1003`)).rows[0].n) > 0; i++) await dormir(100);

    const cargaInicio = os.loadavg();
    const t0 = performance.now();
    const subida = await fetch(`${base}/api/contabilidad/v1/documentosmasivos`, {
      method: 'POST', headers, body: JSON.stringify({ NombreArchivo: 'masivo-10000.xlsx', Archivo: contenido.toString('base64') }),
    });
    const lote = (await subida.json()) as { Id: number; Total: number; ErroresFilas?: unknown[] };
    if (subida.status !== 201) throw new Error(`subida: HTTP ${subida.status} ${JSON.stringify(lote).slice(0, 500)}`);
    const tSubida = performance.now() - t0;
    // Figures as they come (a run on a loaded machine may be cut short): the upload, then every progress sample.
    console.log(`[en curso] subida y validación ${(tSubida / 1000).toFixed(1)} s; carga ${os.loadavg()[0].toFixed(1)}`);

    // Interactive issues while the batch runs, alternating the batch's series and another one.
    const lat = { f: [] as number[], b: [] as number[] };
    let corriendo = true;
    const interactivos = (async () => {
      for (let i = 0; corriendo; i++) {
        if (i % 2 === 0) lat.f.push(await emitir(interactivo(f001, 1003)));
        else lat.b.push(await emitir(interactivo(b001, 1004)));
        await dormir(PAUSA_INTERACTIVOS_MS);
      }
    })().catch((err: unknown) => {
      corriendo = false;
      console.error('emisiones interactivas detenidas:', err);
    });

    // Progress as the page sees it (GET every 500 ms), and the stand-in's acceptances from the database.
    const muestras: { s: number; procesados: number; aceptados: number }[] = [];
    let tEmitidos = 0;
    let tAceptados = 0;
    let cargaPico = 0;
    while (performance.now() - t0 < LIMITE_MS) {
      const d = (await (await fetch(`${base}/api/contabilidad/v1/documentosmasivos/${lote.Id}`, { headers })).json()) as { Procesados: number; Correctos: number; Estado: string };
      const aceptados = Number(
        (await db.query(`select count(*) n from lote_masivo_documento l join documento_contable d on d.id = l.id_documento where l.id_lote = $1 and d.id_estado_sunat = 2`, [lote.Id])).rows[0].n,
      );
      muestras.push({ s: (performance.now() - t0) / 1000, procesados: d.Procesados, aceptados });
      if (muestras.length % 10 === 1)
        console.log(`[en curso] ${((performance.now() - t0) / 1000).toFixed(1)} s procesados ${d.Procesados} aceptados ${aceptados}; interactivas F001 p50/p99 ${percentil(lat.f, 50).toFixed(0)}/${percentil(lat.f, 99).toFixed(0)} ms, B001 ${percentil(lat.b, 50).toFixed(0)}/${percentil(lat.b, 99).toFixed(0)} ms (n=${lat.f.length + lat.b.length}); carga ${os.loadavg()[0].toFixed(1)}`);
      cargaPico = Math.max(cargaPico, os.loadavg()[0]);
      if (!tEmitidos && d.Estado === 'TERMINADO') {
        tEmitidos = performance.now() - t0;
        corriendo = false;
        if (d.Correctos !== DOCUMENTOS) throw new Error(`lote terminado con ${d.Correctos} de ${DOCUMENTOS} emitidos`);
      }
      if (aceptados === DOCUMENTOS) {
        tAceptados = performance.now() - t0;
        break;
      }
      await dormir(500);
    }
    corriendo = false;
    await interactivos;
    const cargaFin = os.loadavg();
    if (!tAceptados) throw new Error('no se aceptaron todos los documentos en 40 minutos');

    const numeracion = (await db.query(`select count(*)::int n, count(distinct correlativo)::int d, max(correlativo)::int max from documento_contable where id_serie = $1`, [f001])).rows[0] as { n: number; d: number; max: number };
    const deLote = (await db.query(`select min(d.correlativo)::int a, max(d.correlativo)::int b from lote_masivo_documento l join documento_contable d on d.id = l.id_documento where l.id_lote = $1`, [lote.Id])).rows[0] as { a: number; b: number };

    const f = (x: number) => x.toFixed(1);
    console.log(`\nEmisión masiva por HTTP: ${DOCUMENTOS} facturas de una línea en un Excel de ${(contenido.length / 1024).toFixed(0)} kB (serie F001), PostgreSQL,`);
    console.log(`simulador de SUNAT en su propio proceso, envío con ${MAX_POR_EMPRESA} documentos a la vez por empresa; emisiones interactivas cada ${PAUSA_INTERACTIVOS_MS} ms durante el lote`);
    console.log(`${os.cpus().length} CPU, carga media (1/5/15 min) al empezar ${cargaInicio.map((x) => x.toFixed(1)).join('/')}, pico ${cargaPico.toFixed(1)}, al terminar ${cargaFin.map((x) => x.toFixed(1)).join('/')}, Node ${process.version}\n`);
    console.log(`subida y validación de todo el archivo   ${(tSubida / 1000).toFixed(1)} s`);
    console.log(`todos emitidos (desde la subida)          ${(tEmitidos / 1000).toFixed(1)} s -> ${f(DOCUMENTOS / ((tEmitidos - tSubida) / 1000))} documentos/s emitidos tras la subida`);
    console.log(`todos aceptados por el simulador          ${(tAceptados / 1000).toFixed(1)} s -> ${f(DOCUMENTOS / (tAceptados / 1000))} documentos/s de punta a punta`);
    console.log(`meta: 10,000 aceptados en < 60 s (issue 17): ${DOCUMENTOS >= 10_000 && tAceptados < 60_000 ? 'CUMPLE' : 'NO CUMPLE'}`);
    const linea = (nombre: string, xs: number[]) => `${nombre.padEnd(38)} n=${String(xs.length).padStart(4)}  p50 ${f(percentil(xs, 50)).padStart(6)} ms  p99 ${f(percentil(xs, 99)).padStart(6)} ms  máx ${f(Math.max(...xs)).padStart(6)} ms`;
    console.log('\nEmisiones interactivas (una a la vez):');
    console.log(linea('sin lote, serie F001', tBase.f));
    console.log(linea('sin lote, serie B001', tBase.b));
    console.log(linea('durante el lote, su misma serie F001', lat.f));
    console.log(linea('durante el lote, otra serie B001', lat.b));
    const todas = [...lat.f, ...lat.b];
    console.log(linea('durante el lote, todas', todas));
    console.log(`meta p99 < 300 ms durante el lote (issue 17): ${percentil(todas, 99) < 300 ? 'CUMPLE' : 'NO CUMPLE'}`);

    // Progress: every sample while issuing, summarized (largest step between samples shows smoothness).
    const emitiendo = muestras.filter((m, i) => i === 0 || muestras[i - 1].procesados < DOCUMENTOS);
    let pasoMax = 0;
    let quietasSeguidas = 0;
    let quietasMax = 0;
    for (let i = 1; i < emitiendo.length; i++) {
      const paso = emitiendo[i].procesados - emitiendo[i - 1].procesados;
      pasoMax = Math.max(pasoMax, paso);
      quietasSeguidas = paso === 0 && emitiendo[i].procesados < DOCUMENTOS && emitiendo[i].procesados > 0 ? quietasSeguidas + 1 : 0;
      quietasMax = Math.max(quietasMax, quietasSeguidas);
    }
    console.log(`\nAvance (GET del lote cada 500 ms): ${emitiendo.length} muestras mientras emitía, paso máximo ${pasoMax} documentos, a lo más ${quietasMax} muestras seguidas sin avance`);
    const cada = Math.max(1, Math.floor(muestras.length / 30));
    console.log(muestras.filter((_, i) => i % cada === 0 || i === muestras.length - 1).map((m) => `  ${m.s.toFixed(1).padStart(6)} s  procesados ${String(m.procesados).padStart(5)}  aceptados ${String(m.aceptados).padStart(5)}`).join('\n'));

    const sinHuecos = numeracion.n === numeracion.d && numeracion.d === numeracion.max;
    console.log(`\nnumeración F001: ${numeracion.n} documentos, ${numeracion.d} números distintos, último ${numeracion.max} -> ${sinHuecos ? 'sin huecos ni duplicados' : 'ERROR'}; el lote ocupó ${deLote.a}..${deLote.b} (con las interactivas intercaladas)`);
    if (!sinHuecos) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    for (const p of procesos.reverse()) {
      p.hijo.kill('SIGTERM');
      await p.terminado;
    }
    await base.borrar();
  }
}

const modo = process.argv.includes('--servidor') ? servidor : process.argv.includes('--simulador') ? simulador : principal;
modo().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
