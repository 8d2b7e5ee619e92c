import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { crearBasePostgres } from './base-postgres';

/**
 * Real API processes (`node --import tsx src/main.ts`, as `npm start` runs it) on a throwaway PostgreSQL database, for
 * the reliability tests that need more than one process or a process to kill. Needs TEST_DATABASE_URL.
 */
const raizApi = fileURLToPath(new URL('../', import.meta.url));

async function puertoLibre(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
}

export type ProcesoApi = { url: string; proceso: ChildProcess };

/** A database of its own on the TEST_DATABASE_URL server, created now and dropped by `borrar`. */
export async function baseTemporal(prefijo: string) {
  const { url, borrar } = await crearBasePostgres(process.env.TEST_DATABASE_URL!, prefijo);
  return { url, borrar };
}

/**
 * Starts one API process on the database and waits for /api/health. Every process of a test shares the JWT secret
 * and the encryption key, as the processes of one deployment do; only the first loads the demo data.
 */
export async function arrancarApi(opciones: { databaseUrl: string; dataDir: string; sembrar: boolean; entorno?: Record<string, string> }): Promise<ProcesoApi> {
  const puerto = await puertoLibre();
  const proceso = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: raizApi,
    env: {
      ...process.env,
      DATABASE_URL: opciones.databaseUrl,
      SEED_DEMO: opciones.sembrar ? '1' : '0',
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: opciones.dataDir,
      JWT_SECRET: SECRETO_JWT,
      YUPANA_CLAVE_CIFRADO: CLAVE_CIFRADO,
      WEB_DIST: path.join(opciones.dataDir, 'sin-web'),
      LOG_LEVEL: 'warn',
      RESUMEN_HORA: '23:59',
      ...opciones.entorno,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${puerto}`;
  // Up to 2 minutes: compiling and migrating on a loaded 2-core machine once took more than the 30 s this was.
  for (let i = 0; i < 1200; i++) {
    if (proceso.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proceso };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proceso.kill('SIGKILL');
  throw new Error(`la API no arrancó (código de salida ${proceso.exitCode})`);
}

/**
 * Starts an API process that must refuse to start: waits for it to exit and gives its exit code and what it printed
 * on stderr (the operator's message). Fails if it is still running after `esperaMs`.
 */
export async function arranqueRechazado(opciones: { databaseUrl: string; dataDir: string; entorno: Record<string, string | undefined> }, esperaMs = 60_000): Promise<{ codigo: number | null; error: string }> {
  const entorno: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: opciones.databaseUrl,
    SEED_DEMO: '0',
    PORT: String(await puertoLibre()),
    HOST: '127.0.0.1',
    DATA_DIR: opciones.dataDir,
    JWT_SECRET: SECRETO_JWT,
    YUPANA_CLAVE_CIFRADO: CLAVE_CIFRADO,
    WEB_DIST: path.join(opciones.dataDir, 'sin-web'),
    LOG_LEVEL: 'warn',
    ...opciones.entorno,
  };
  for (const [k, v] of Object.entries(entorno)) if (v === undefined) delete entorno[k];
  const proceso = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: raizApi, env: entorno, stdio: ['ignore', 'ignore', 'pipe'] });
  let error = '';
  proceso.stderr!.on('data', (d: Buffer) => (error += d.toString()));
  const codigo = await new Promise<number | null>((ok, mal) => {
    const plazo = setTimeout(() => {
      proceso.kill('SIGKILL');
      mal(new Error(`el proceso siguió en marcha: ${error}`));
    }, esperaMs);
    proceso.on('exit', (c) => {
      clearTimeout(plazo);
      ok(c);
    });
  });
  return { codigo, error };
}

/** The keys every process of one test deployment shares (set in the environment, as the README says). */
export const SECRETO_JWT = 'secreto-de-las-pruebas-de-procesos-con-32-bytes-o-mas';
export const CLAVE_CIFRADO = 'clave-de-cifrado-de-las-pruebas-de-procesos-32+';

/** Signs the demo supervisor in on a process and gives its access token. */
export async function tokenSupervisor(url: string): Promise<string> {
  const r = await fetch(`${url}/api/seguridad/v3/usuarios/login/1`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` },
  });
  if (r.status !== 200) throw new Error(`login: HTTP ${r.status} ${await r.text()}`);
  return ((await r.json()) as { AccessToken: string }).AccessToken;
}

/** Id of the demo company's F001 series, and a valid factura body on it. */
export async function facturaDemo(url: string, token: string): Promise<{ idSerie: number; cuerpo: string }> {
  const series = (await (await fetch(`${url}/api/entidades/v2/entidades/series?idtipodocumento=1003`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    Data: { Id: number; Serie: string }[];
  };
  const idSerie = series.Data.find((s) => s.Serie === 'F001')!.Id;
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const cuerpo = JSON.stringify({
    IdTipoDocumento: 1003,
    IdSerie: idSerie,
    IdMoneda: 1,
    IdCondicionPago: 1,
    FechaEmision: hoy,
    ListaItems: [{ ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '25.90', TipoAfectacion: '10' }],
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA' }],
  });
  return { idSerie, cuerpo };
}

/**
 * The API processes of one test on one throwaway database: `iniciar` creates the database and starts them one after
 * the other (the first migrates and loads the demo data); `cerrar` (for afterAll) kills them and drops it all.
 */
export function grupoDeProcesos(prefijo: string) {
  const procesos: ProcesoApi[] = [];
  let dataDir: string | undefined;
  let base: Awaited<ReturnType<typeof baseTemporal>> | undefined;
  return {
    procesos,
    urlBase: () => base!.url,
    async iniciar(cuantos: number, entorno?: Record<string, string>): Promise<string[]> {
      dataDir = mkdtempSync(path.join(tmpdir(), `${prefijo}-`));
      base = await baseTemporal(prefijo);
      for (let i = 0; i < cuantos; i++)
        procesos.push(await arrancarApi({ databaseUrl: base.url, dataDir: path.join(dataDir, String(i + 1)), sembrar: i === 0, entorno }));
      return procesos.map((p) => p.url);
    },
    async cerrar(): Promise<void> {
      for (const p of procesos) p.proceso.kill('SIGKILL');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      await base?.borrar();
    },
  };
}
