/**
 * The cost of the automatic entries on issuing (issue 15): every sale entry locks its company's period row until the
 * issue commits (that lock also numbers the entries), so issues of ONE company in DIFFERENT series, which do not wait
 * for each other's series lock, now wait for each other there. This bench issues contado facturas over HTTP for one
 * company from BENCH_CONEXIONES concurrent clients spread over BENCH_SERIES series, first with the accounting hook
 * (sale entry 12/40/70 and contado collection 10/12 in the transaction), then without it (the hook taken
 * out of the same server), and prints documents/s, p50 and p99 of each phase and their ratio. Afterwards it checks
 * the guarantee: every document of the first phase has exactly one sale and one collection entry, and the entry
 * numbers of the month are 1..N without gaps nor duplicates.
 *
 * The server runs in a child process (this file with --servidor). Needs PostgreSQL: BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or DATABASE_URL (a temporary database is created there and dropped at the end).
 * Env: BENCH_SEGUNDOS per phase (default 10), BENCH_CONEXIONES (default 16), BENCH_SERIES (default 8).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { baseTemporal, percentil, servidorPostgres } from './comun';

const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 16);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 10);
const SERIES = Math.max(1, Math.min(50, Number(process.env.BENCH_SERIES ?? 8)));

async function servidor(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const { quitarAlEmitirDocumento } = await import('../apps/api/src/modules/contabilidad/documentos/emision.service');
  const { contabilizarGrupoAlEmitir } = await import('../apps/api/src/modules/contabilidad/libros/automaticos');
  const dbh = await abrirDb(process.env.BENCH_DB_TEMPORAL!, '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  const { sql } = await import('drizzle-orm');
  await dbh.db.execute(sql`update saldo_empresa set contables_disponibles = 10000000`);
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const direccion = app.server.address();
  process.stdout.write(JSON.stringify({ puerto: typeof direccion === 'object' && direccion ? direccion.port : 0 }) + '\n');
  // The parent's commands on stdin: take the accounting hook out for the second phase.
  createInterface({ input: process.stdin }).on('line', (l) => {
    if (l.trim() === 'sin-asientos') {
      quitarAlEmitirDocumento(contabilizarGrupoAlEmitir);
      process.stdout.write('{"listo":true}\n');
    }
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => dbh.cerrar()).then(() => process.exit(0));
  });
}

const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

type Fase = { docs: number; porSegundo: number; p50: number; p99: number; ids: number[]; enEspera: number; activas: number };

/** CONEXIONES clients issuing back to back for `segundos`, client i on series i % SERIES. */
async function fase(url: string, headers: Record<string, string>, cuerpos: string[], segundos: number, db?: pg.Client): Promise<Fase> {
  const latencias: number[] = [];
  const ids: number[] = [];
  const fin = performance.now() + segundos * 1000;
  const inicio = performance.now();
  // Every 100 ms: the server's sessions waiting on a lock (a row lock: the period's or a series') and the active ones.
  const muestras: { espera: number; activas: number }[] = [];
  const muestreo = (async () => {
    while (db && performance.now() < fin) {
      const r = await db.query<{ espera: number; activas: number }>(
        `select count(*) filter (where wait_event_type = 'Lock')::int as espera, count(*) filter (where state = 'active')::int - 1 as activas
           from pg_stat_activity where datname = current_database()`,
      );
      muestras.push(r.rows[0]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all(
    Array.from({ length: CONEXIONES }, async (_, i) => {
      while (performance.now() < fin) {
        const t = performance.now();
        const r = await fetch(url, { method: 'POST', headers, body: cuerpos[i % cuerpos.length] });
        const texto = await r.text();
        if (r.status !== 201) throw new Error(`HTTP ${r.status}: ${texto.slice(0, 300)}`);
        latencias.push(performance.now() - t);
        ids.push((JSON.parse(texto) as { Id: number }).Id);
      }
    }),
  );
  await muestreo;
  const duracion = (performance.now() - inicio) / 1000;
  const media = (k: 'espera' | 'activas') => (muestras.length ? muestras.reduce((s, m) => s + m[k], 0) / muestras.length : 0);
  return { docs: latencias.length, porSegundo: latencias.length / duracion, p50: percentil(latencias, 50), p99: percentil(latencias, 99), ids, enEspera: media('espera'), activas: media('activas') };
}

async function principal(): Promise<void> {
  const servidorPg = servidorPostgres();
  if (!servidorPg) {
    console.error('bench:asientos necesita PostgreSQL: defina BENCH_DATABASE_URL=postgres://usuario@host:5432/postgres');
    process.exit(2);
  }
  const baseDatos = await baseTemporal(servidorPg, 'asientos');
  const temporal = baseDatos.url;

  const hijo = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--servidor'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, BENCH_DB_TEMPORAL: temporal } });
  const terminado = new Promise((resolve) => hijo.on('exit', resolve));
  const mensajes: Record<string, unknown>[] = [];
  const esperas: (() => void)[] = [];
  let texto = '';
  hijo.stdout!.on('data', (d: Buffer) => {
    texto += d.toString();
    const lineas = texto.split('\n');
    texto = lineas.pop()!;
    for (const l of lineas.filter((x) => x.startsWith('{'))) {
      mensajes.push(JSON.parse(l) as Record<string, unknown>);
      esperas.splice(0).forEach((f) => f());
    }
  });
  const esperar = async (clave: string) => {
    for (;;) {
      const m = mensajes.find((x) => clave in x);
      if (m) return m;
      await new Promise<void>((resolve, reject) => {
        esperas.push(resolve);
        hijo.once('exit', (code) => reject(new Error(`el servidor terminó con código ${code}`)));
      });
    }
  };
  const { puerto } = (await esperar('puerto')) as { puerto: number };
  const base = `http://127.0.0.1:${puerto}`;
  const db = new pg.Client({ connectionString: temporal });
  try {
    const r = await fetch(`${base}/api/seguridad/v3/usuarios/login/1`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const { AccessToken } = (await r.json()) as { AccessToken: string };
    const headers = { authorization: `Bearer ${AccessToken}`, 'content-type': 'application/json' };
    const existentes = (await (await fetch(`${base}/api/entidades/v2/entidades/series?idtipodocumento=1003`, { headers })).json()) as { Data: { Id: number; Serie: string; IdSucursal: number }[] };
    const idSucursal = existentes.Data[0].IdSucursal;
    // SERIES series of facturas of the same company (F501...): issues in different series do not share a series lock.
    const series: number[] = [];
    for (let i = 0; i < SERIES; i++) {
      const c = await fetch(`${base}/api/entidades/v1/series`, { method: 'POST', headers, body: JSON.stringify({ IdSucursal: idSucursal, IdTipoDocumento: 1003, Serie: `F${501 + i}`, TipoSerie: 2, Descripcion: `Bench ${i + 1}` }) });
      if (c.status !== 201) throw new Error(`serie: HTTP ${c.status} ${await c.text()}`);
      series.push(((await c.json()) as { Id: number }).Id);
    }
    const cuerpos = series.map((IdSerie) =>
      JSON.stringify({
        IdTipoDocumento: 1003, IdSerie, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoyLima(),
        ListaItems: [
          { CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '25.90', TipoAfectacion: '10' },
          { CodigoItem: 'S001', ItemDescripcion: 'SERVICIO DE DELIVERY', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '10', TipoAfectacion: '10' },
        ],
        ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181, SAN BORJA' }],
      }),
    );
    const url = `${base}/api/contabilidad/v1/documentoContable`;
    await db.connect();
    await fase(url, headers, cuerpos, 2); // warm-up (JIT, pools, the certificate), with entries
    const carga0 = os.loadavg()[0];
    const con = await fase(url, headers, cuerpos, SEGUNDOS, db);
    hijo.stdin!.write('sin-asientos\n');
    await esperar('listo');
    const sin = await fase(url, headers, cuerpos, SEGUNDOS, db);
    const carga1 = os.loadavg()[0];

    const claves = await db.query<{ sin_venta: number; sin_cobro: number; dobles: number }>(
      `select count(*) filter (where (select count(*) from asiento_contable a where a.clave_origen = 'VENTA:' || d.id) <> 1)::int as sin_venta,
              count(*) filter (where (select count(*) from asiento_contable a where a.clave_origen = 'CONTADO:' || d.id) <> 1)::int as sin_cobro,
              (select count(*) from (select clave_origen from asiento_contable where clave_origen is not null group by id_empresa, clave_origen having count(*) > 1) x)::int as dobles
         from documento_contable d where d.id = any($1::int[])`,
      [con.ids],
    );
    const numeros = await db.query<{ n: number; d: number; max: number }>(
      `select count(*)::int n, count(distinct numero)::int d, coalesce(max(numero), 0)::int max from asiento_contable
        where id_empresa = (select id_empresa from documento_contable where id = $1) and periodo = $2`,
      [con.ids[0], hoyLima().slice(0, 7)],
    );
    const { sin_venta, sin_cobro, dobles } = claves.rows[0];
    const { n, d, max } = numeros.rows[0];
    const ok = sin_venta === 0 && sin_cobro === 0 && dobles === 0 && n === d && d === max;
    console.log(`\nEmisión con y sin asientos automáticos: ${CONEXIONES} clientes, ${SERIES} series de facturas de UNA empresa, ${SEGUNDOS} s por fase, PostgreSQL, sin envío a SUNAT`);
    console.log(`${os.cpus().length} CPU, carga media (1 min) al empezar ${carga0.toFixed(1)} y al terminar ${carga1.toFixed(1)}, Node ${process.version}\n`);
    console.log('fase             documentos   docs/s   p50 (ms)   p99 (ms)   sesiones activas   esperando un bloqueo');
    for (const [nombreFase, f] of [['con asientos', con], ['sin asientos', sin]] as const)
      console.log(
        `${nombreFase.padEnd(16)} ${String(f.docs).padStart(10)} ${f.porSegundo.toFixed(1).padStart(8)} ${f.p50.toFixed(1).padStart(10)} ${f.p99.toFixed(1).padStart(10)} ${f.activas.toFixed(1).padStart(18)} ${f.enEspera.toFixed(1).padStart(20)}`,
      );
    console.log(`\nrazón con/sin: docs/s ${(con.porSegundo / sin.porSegundo).toFixed(2)}, p99 ${(con.p99 / sin.p99).toFixed(2)}`);
    console.log(`garantía: ${con.docs} documentos con asientos, ${sin_venta} sin su venta o con dos, ${sin_cobro} sin su cobro o con dos, ${dobles} claves repetidas; ` +
      `números del mes ${n} asientos, ${d} distintos, último ${max} -> ${ok ? 'ni omitidos ni duplicados' : 'ERROR'}`);
    if (!ok) process.exitCode = 1;
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
