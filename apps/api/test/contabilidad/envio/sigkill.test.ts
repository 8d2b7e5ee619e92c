import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Reliability on PostgreSQL: an API process killed with SIGKILL in the middle of an issuing load. After a restart,
 * every document that got a 201 exists and is eventually accepted by the (in-process) stand-in, none was created
 * twice (the client retries with the same Idempotency-Key, as a real client must), and the series has no gaps.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base) console.warn('[envio/sigkill] omitida: necesita PostgreSQL (TEST_DATABASE_URL); PGlite no admite dos procesos');

const raizApi = fileURLToPath(new URL('../../../', import.meta.url));
const N = 40;

async function puertoLibre(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
}

describe.skipIf(!base)('proceso de la API muerto con SIGKILL en plena carga (PostgreSQL)', () => {
  const nombre = `yupana_k_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yupana-sigkill-'));
  let proceso: ChildProcess | undefined;
  let url = '';

  afterAll(async () => {
    proceso?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists "${nombre}" with (force)`);
    await c.end();
  });

  async function arrancar(puerto: number): Promise<void> {
    const u = new URL(base!);
    u.pathname = `/${nombre}`;
    proceso = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: raizApi,
      env: {
        ...process.env,
        DATABASE_URL: u.toString(),
        SEED_DEMO: '1',
        PORT: String(puerto),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: 'secreto-de-la-prueba-sigkill-con-32-bytes-o-mas',
        YUPANA_CLAVE_CIFRADO: 'clave-de-cifrado-de-la-prueba-sigkill-32+',
        WEB_DIST: path.join(dataDir, 'sin-web'),
        LOG_LEVEL: 'warn',
        RESUMEN_HORA: '23:59',
        // Jobs the killed process had in hand are taken again after this (60 s in production).
        ENVIO_LEASE_MS: '4000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    url = `http://127.0.0.1:${puerto}`;
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('la API no arrancó');
  }

  it('cada 201 existe, ninguno se creó dos veces y todos terminan aceptados', { timeout: 240_000 }, async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`create database "${nombre}"`);
    await c.end();
    await arrancar(await puertoLibre());

    const login = await fetch(`${url}/api/seguridad/v3/usuarios/login/1`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` },
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { AccessToken: string }).AccessToken;
    const series = (await (await fetch(`${url}/api/entidades/v2/entidades/series?idtipodocumento=1003`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      Data: { Id: number; Serie: string }[];
    };
    const idSerie = series.Data[0].Id;
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
    const creados = new Map<string, number>();
    const emitir = async (clave: string) => {
      try {
        const r = await fetch(`${url}/api/contabilidad/v1/documentoContable`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': clave },
          body: cuerpo,
        });
        if (r.status === 201) creados.set(clave, ((await r.json()) as { Id: number }).Id);
        else if (r.status !== 201) console.warn(`[sigkill] ${clave}: HTTP ${r.status} ${await r.text()}`);
      } catch {
        // The process died under this request: the client does not know whether it was issued.
      }
    };
    const claves = Array.from({ length: N }, (_, i) => `sigkill-${nombre}-${i}`);

    // Six clients at once; the process is killed once about a third of the load has been answered.
    let siguiente = 0;
    let matar: () => void = () => undefined;
    const muerto = new Promise<void>((ok) => (matar = ok));
    const trabajador = async () => {
      while (siguiente < N) {
        const clave = claves[siguiente++];
        await emitir(clave);
        if (creados.size >= N / 3) matar();
      }
    };
    const carga = Promise.all(Array.from({ length: 6 }, trabajador));
    await muerto;
    proceso!.kill('SIGKILL');
    await carga;
    const antes = new Map(creados);
    expect(antes.size).toBeGreaterThan(0);
    expect(antes.size).toBeLessThan(N);

    await arrancar(await puertoLibre());
    // The client retries every request it has no 201 for, with the same key.
    for (const clave of claves) if (!creados.has(clave)) await emitir(clave);
    expect(creados.size).toBe(N);
    for (const [clave, id] of antes) expect(creados.get(clave)).toBe(id);

    const u = new URL(base!);
    u.pathname = `/${nombre}`;
    const db = new pg.Client({ connectionString: u.toString() });
    await db.connect();
    try {
      const { rows } = await db.query('select id, correlativo, clave_idempotencia from documento_contable where id_serie = $1 order by correlativo', [idSerie]);
      expect(rows).toHaveLength(N);
      expect(rows.map((r) => r.correlativo)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.clave_idempotencia)).size).toBe(N);
      expect(rows.map((r) => r.id).sort()).toEqual([...creados.values()].sort());
      let estados: number[] = [];
      for (let i = 0; i < 600; i++) {
        estados = (await db.query('select id_estado_sunat from documento_contable where id_serie = $1', [idSerie])).rows.map((r) => r.id_estado_sunat);
        if (estados.every((e) => e === 2)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(estados.filter((e) => e !== 2)).toEqual([]);
    } finally {
      await db.end();
      proceso?.kill('SIGTERM');
    }
  });
});
