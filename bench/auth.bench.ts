/**
 * Cost of authentication: an authenticated GET of the real app (JWT verification, the one indexed session/company
 * query of the auth hook and the service check) against a bare Fastify route (a plain `Fastify()` instance with
 * nothing registered), in the same run, on loopback, with autocannon. A public route of the real app (security
 * headers, request id, no token) is measured too, so the cost of the app's global hooks shows apart from auth.
 * Target: authenticated >= 50% of the bare throughput and p99 < 20 ms at 50 connections.
 *
 * The server runs in a child process (this same file with --servidor) so autocannon does not steal its event loop.
 * Database: the production setup is PostgreSQL, so when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL
 * names a postgres:// server, a temporary database is created there (and dropped at the end); otherwise PGlite
 * in memory, which runs in the server's own thread and is printed as such.
 * The two routes are measured in alternating rounds and the medians compared, so a burst of load from other
 * processes on the machine hits both sides instead of skewing the ratio.
 * Env: BENCH_RONDAS (default 3), BENCH_SEGUNDOS per route and round (default 5), BENCH_CONEXIONES (default 50),
 * BENCH_PERFIL (folder for a CPU profile of the server).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { baseTemporal, servidorPostgres } from './comun';

const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 50);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 5);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);

type Histograma = { average: number; p50: number; p99: number; max: number };
type Resultado = { requests: Histograma; latency: Histograma; non2xx: number; errors: number; timeouts: number; duration: number };
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<Resultado>;

async function servidor(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const url = process.env.BENCH_DB_TEMPORAL ?? 'memory://';
  const dbh = await abrirDb(url, '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null });
  app.get('/api/bench/publica', { config: { publica: true } }, async () => ({ ok: true, idEmpresa: 0 }));
  // Every /api route declares the service it needs (the server refuses it otherwise): SEG_CUENTA is every user's.
  app.get('/api/bench/auth', { config: { servicio: 'SEG_CUENTA' } }, async (req) => ({ ok: true, idEmpresa: req.auth?.idEmpresa ?? 0 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { default: Fastify } = await import('fastify');
  const desnudo = Fastify({ logger: false });
  desnudo.get('/api/bench/bare', async () => ({ ok: true, idEmpresa: 0 }));
  await desnudo.listen({ port: 0, host: '127.0.0.1' });
  const puertoDe = (s: typeof app.server) => {
    const d = s.address();
    return typeof d === 'object' && d ? d.port : 0;
  };
  process.stdout.write(JSON.stringify({ puerto: puertoDe(app.server), puertoDesnudo: puertoDe(desnudo.server), motor: dbh.motor }) + '\n');
  process.on('SIGTERM', () => {
    void Promise.all([app.close(), desnudo.close()]).then(() => dbh.cerrar()).then(() => process.exit(0));
  });
}

async function principal(): Promise<void> {
  const require = createRequire(import.meta.url);
  const autocannon = require('autocannon') as Autocannon;

  const servidorPg = servidorPostgres();
  const baseDatos = servidorPg ? await baseTemporal(servidorPg, 'auth') : null;
  const temporal = baseDatos?.url;
  const borrarTemporal = async () => {
    await baseDatos?.borrar();
  };

  // BENCH_PERFIL=<dir> writes a CPU profile of the server (open it in Chrome DevTools) to find the hot spots.
  const perfil = process.env.BENCH_PERFIL ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PERFIL}`] : [];
  const hijo = spawn(process.execPath, [...perfil, '--import', 'tsx', fileURLToPath(import.meta.url), '--servidor'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(temporal ? { BENCH_DB_TEMPORAL: temporal } : {}) },
  });
  const terminado = new Promise((resolve) => hijo.on('exit', resolve));
  const { puerto, puertoDesnudo, motor } = await new Promise<{ puerto: number; puertoDesnudo: number; motor: string }>((resolve, reject) => {
    let texto = '';
    hijo.stdout.on('data', (d: Buffer) => {
      texto += d.toString();
      const linea = texto.split('\n').find((l) => l.startsWith('{'));
      if (linea) resolve(JSON.parse(linea));
    });
    hijo.on('exit', (code) => reject(new Error(`el servidor terminó con código ${code}`)));
  });
  const base = `http://127.0.0.1:${puerto}`;
  const baseDesnuda = `http://127.0.0.1:${puertoDesnudo}`;

  try {
    const r = await fetch(`${base}/api/seguridad/v3/usuarios/login/1`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` },
    });
    if (r.status !== 200) throw new Error(`login falló: ${r.status} ${await r.text()}`);
    const { AccessToken } = (await r.json()) as { AccessToken: string };
    const auth = { authorization: `Bearer ${AccessToken}` };
    const prueba = await fetch(`${base}/api/bench/auth`, { headers: auth });
    if (prueba.status !== 200) throw new Error(`la ruta autenticada respondió ${prueba.status}`);

    // Warm up both routes (JIT, pools), then measure each with the same load.
    await autocannon({ url: `${baseDesnuda}/api/bench/bare`, connections: CONEXIONES, duration: 2 });
    await autocannon({ url: `${base}/api/bench/publica`, connections: CONEXIONES, duration: 2 });
    await autocannon({ url: `${base}/api/bench/auth`, connections: CONEXIONES, duration: 2, headers: auth });
    const medir = async (url: string, headers?: Record<string, string>) => {
      const res = await autocannon({ url, connections: CONEXIONES, duration: SEGUNDOS, headers });
      if (res.non2xx || res.errors || res.timeouts) throw new Error(`${url}: ${res.non2xx} respuestas no 2xx, ${res.errors} errores, ${res.timeouts} timeouts`);
      return { rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99 };
    };
    type Medida = Awaited<ReturnType<typeof medir>>;
    const rondas: { bare: Medida; publica: Medida; auth: Medida }[] = [];
    for (let i = 0; i < RONDAS; i++) {
      const bareRonda = await medir(`${baseDesnuda}/api/bench/bare`);
      const publicaRonda = await medir(`${base}/api/bench/publica`);
      const authRonda = await medir(`${base}/api/bench/auth`, auth);
      rondas.push({ bare: bareRonda, publica: publicaRonda, auth: authRonda });
    }
    const mediana = (xs: number[]) => {
      const o = [...xs].sort((a, b) => a - b);
      return o.length % 2 ? o[(o.length - 1) / 2] : (o[o.length / 2 - 1] + o[o.length / 2]) / 2;
    };
    const resumen = (k: 'bare' | 'publica' | 'auth'): Medida => ({
      rps: mediana(rondas.map((r) => r[k].rps)),
      p50: mediana(rondas.map((r) => r[k].p50)),
      p99: mediana(rondas.map((r) => r[k].p99)),
    });
    const bare = resumen('bare');
    const publica = resumen('publica');
    const autenticada = resumen('auth');

    const fila = (nombre: string, m: Medida) =>
      `${nombre.padEnd(30)} ${m.rps.toFixed(0).padStart(10)} ${m.p50.toFixed(2).padStart(9)} ${m.p99.toFixed(2).padStart(9)}`;
    const ratio = autenticada.rps / bare.rps;
    const okRatio = ratio >= 0.5;
    const okP99 = autenticada.p99 < 20;
    const motorTexto = motor === 'pglite' ? 'PGlite (en el mismo proceso)' : 'PostgreSQL';
    console.log(`\nBenchmark de autenticación: ${CONEXIONES} conexiones, ${RONDAS} rondas alternadas de ${SEGUNDOS} s por ruta, base de datos ${motorTexto}`);
    console.log(`${os.cpus().length} CPU, carga media al terminar ${os.loadavg()[0].toFixed(1)}, Node ${process.version}\n`);
    console.log('ronda  desnudo req/s  pública req/s  auth req/s  auth/desnudo  auth p99');
    rondas.forEach((r, i) =>
      console.log(
        `${String(i + 1).padStart(5)} ${r.bare.rps.toFixed(0).padStart(14)} ${r.publica.rps.toFixed(0).padStart(14)} ${r.auth.rps.toFixed(0).padStart(11)} ${((r.auth.rps / r.bare.rps) * 100).toFixed(1).padStart(11)} % ${r.auth.p99.toFixed(0).padStart(6)} ms`,
      ),
    );
    console.log(`\nmedianas                        ${'req/s'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`);
    console.log(fila('GET Fastify desnudo', bare));
    console.log(fila('GET pública de la app', publica));
    console.log(fila('GET autenticado (JWT + SQL)', autenticada));
    console.log(`\nratio autenticado / pública de la app: ${((autenticada.rps / publica.rps) * 100).toFixed(1)} %  (el costo de la autenticación sola)`);
    console.log(`ratio autenticado / Fastify desnudo: ${(ratio * 100).toFixed(1)} %  (objetivo >= 50 %: ${okRatio ? 'CUMPLE' : 'NO CUMPLE'})`);
    console.log(`p99 autenticado: ${autenticada.p99.toFixed(2)} ms  (objetivo < 20 ms: ${okP99 ? 'CUMPLE' : 'NO CUMPLE'})\n`);
  } finally {
    hijo.kill('SIGTERM');
    await terminado;
    await borrarTemporal();
  }
}

if (process.argv.includes('--servidor')) {
  servidor().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  principal().catch((err: unknown) => {
    console.error('El benchmark falló:', err);
    process.exitCode = 1;
  });
}
