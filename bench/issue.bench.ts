/**
 * Issuing over HTTP: POST /api/contabilidad/v1/documentoContable (validate, lock the series, number, build and sign
 * the XML, store document + lines + outbox row, one transaction) with autocannon at 20 connections, on PostgreSQL.
 * SUNAT sending is excluded (no worker runs). All requests hit ONE series (the worst case: they queue on its row
 * lock). Target (issue 17): >= 400 docs/s and p99 < 100 ms. Afterwards the numbers are checked: 1..N, no gaps, no duplicates.
 *
 * The server runs in a child process (this file with --servidor) so autocannon does not steal its event loop.
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a temporary database is created there
 * and dropped at the end). Env: BENCH_SEGUNDOS (default 10), BENCH_CONEXIONES (default 20), BENCH_PERFIL (a folder:
 * the server runs with --cpu-prof and writes its CPU profile there when it stops).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { baseTemporal, servidorPostgres } from './comun';

const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 20);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 10);

type Histograma = { average: number; p50: number; p99: number; max: number; total: number };
type Resultado = { requests: Histograma; latency: Histograma; non2xx: number; errors: number; timeouts: number; duration: number; '2xx': number };
type Autocannon = (opts: { url: string; connections: number; duration: number; method: string; headers?: Record<string, string>; body?: string }) => Promise<Resultado>;

async function servidor(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const dbh = await abrirDb(process.env.BENCH_DB_TEMPORAL!, '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  // Issuing checks the prepaid allowance (6,000 documents in the demo): give the benchmark's company room for long runs.
  const { sql } = await import('drizzle-orm');
  await dbh.db.execute(sql`update saldo_empresa set contables_disponibles = 10000000`);
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const direccion = app.server.address();
  process.stdout.write(JSON.stringify({ puerto: typeof direccion === 'object' && direccion ? direccion.port : 0 }) + '\n');
  process.on('SIGTERM', () => {
    void app.close().then(() => dbh.cerrar()).then(() => process.exit(0));
  });
}

function hoyLima(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function principal(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const servidorPg = servidorPostgres();
  if (!servidorPg) {
    console.error('bench:issue necesita PostgreSQL: defina BENCH_DATABASE_URL=postgres://usuario@host:5432/postgres');
    process.exit(2);
  }
  const baseDatos = await baseTemporal(servidorPg, 'emision');
  const temporal = baseDatos.url;

  const perfil = process.env.BENCH_PERFIL ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PERFIL] : [];
  const hijo = spawn(process.execPath, [...perfil, '--import', 'tsx', fileURLToPath(import.meta.url), '--servidor'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DB_TEMPORAL: temporal },
  });
  const terminado = new Promise((resolve) => hijo.on('exit', resolve));
  const { puerto } = await new Promise<{ puerto: number }>((resolve, reject) => {
    let texto = '';
    hijo.stdout.on('data', (d: Buffer) => {
      texto += d.toString();
      const linea = texto.split('\n').find((l) => l.startsWith('{'));
      if (linea) resolve(JSON.parse(linea));
    });
    hijo.on('exit', (code) => reject(new Error(`el servidor terminó con código ${code}`)));
  });
  const base = `http://127.0.0.1:${puerto}`;
  const db = new pg.Client({ connectionString: temporal });
  try {
    const r = await fetch(`${base}/api/seguridad/v3/usuarios/login/1`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const { AccessToken } = (await r.json()) as { AccessToken: string };
    const headers = { authorization: `Bearer ${AccessToken}`, 'content-type': 'application/json' };
    const series = (await (await fetch(`${base}/api/entidades/v2/entidades/series?idtipodocumento=1003`, { headers })).json()) as { Data: { Id: number; Serie: string }[] };
    const idSerie = series.Data.find((s) => s.Serie === 'F001')!.Id;
    const body = JSON.stringify({
      IdTipoDocumento: 1003, IdSerie: idSerie, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoyLima(),
      ListaItems: [
        { CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '25.90', TipoAfectacion: '10' },
        { CodigoItem: 'P002', ItemDescripcion: 'ACEITE PRIMOR 1 L', CodigoUnidad: 'NIU', Cantidad: '3', PrecioUnitario: '11.50', TipoAfectacion: '10' },
        { CodigoItem: 'S001', ItemDescripcion: 'SERVICIO DE DELIVERY', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '10', TipoAfectacion: '10' },
      ],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181, SAN BORJA' }],
    });
    const url = `${base}/api/contabilidad/v1/documentoContable`;
    // Warm-up (JIT, pools, the parsed certificate), then the measured run.
    await autocannon({ url, method: 'POST', headers, body, connections: CONEXIONES, duration: 2 });
    const cargaInicio = os.loadavg()[0];
    const res = await autocannon({ url, method: 'POST', headers, body, connections: CONEXIONES, duration: SEGUNDOS });
    if (res.non2xx || res.errors || res.timeouts) throw new Error(`${res.non2xx} respuestas no 2xx, ${res.errors} errores, ${res.timeouts} timeouts`);

    await db.connect();
    const q = await db.query<{ n: number; d: number; max: number }>(
      `select count(*)::int n, count(distinct correlativo)::int d, max(correlativo)::int max from documento_contable where id_serie = $1`, [idSerie]);
    const { n, d, max } = q.rows[0];
    const docsS = res.requests.average;
    console.log(`\nEmisión por HTTP: ${CONEXIONES} conexiones, ${SEGUNDOS} s, una sola serie (F001), PostgreSQL, sin envío a SUNAT`);
    console.log(`${os.cpus().length} CPU, carga media (1 min) al empezar ${cargaInicio.toFixed(1)} y al terminar ${os.loadavg()[0].toFixed(1)}, Node ${process.version}\n`);
    console.log(`documentos/s   ${docsS.toFixed(1)}`);
    console.log(`p50 (ms)       ${res.latency.p50.toFixed(1)}`);
    console.log(`p99 (ms)       ${res.latency.p99.toFixed(1)}`);
    console.log(`numeración     ${n} documentos, ${d} números distintos, último ${max} -> ${n === d && d === max ? 'sin huecos ni duplicados' : 'ERROR'}`);
    console.log(`meta >= 400 documentos/s y p99 < 100 ms (issue 17): ${docsS >= 400 && res.latency.p99 < 100 ? 'CUMPLE' : 'NO CUMPLE'}`);
    if (!(n === d && d === max)) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    hijo.kill('SIGTERM');
    await terminado;
    await baseDatos.borrar();
  }
}

if (process.argv.includes('--servidor')) {
  servidor().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  principal().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
