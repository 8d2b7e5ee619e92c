import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { arrancarApi, baseTemporal, facturaDemo, tokenSupervisor } from '../../procesos-api';

/**
 * Reliability on PostgreSQL: an API process killed with SIGKILL in the middle of an issuing load. After a restart,
 * every document that got a 201 exists and is eventually accepted by the (in-process) stand-in, none was created
 * twice (the client retries with the same Idempotency-Key, as a real client must), and the series has no gaps.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base) console.warn('[envio/sigkill] omitida: necesita PostgreSQL (TEST_DATABASE_URL); PGlite no admite dos procesos');

const N = 40;

describe.skipIf(!base)('proceso de la API muerto con SIGKILL en plena carga (PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yupana-sigkill-'));
  let proceso: ChildProcess | undefined;
  let url = '';
  let bd: Awaited<ReturnType<typeof baseTemporal>> | undefined;

  afterAll(async () => {
    proceso?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await bd?.borrar();
  });

  async function arrancar(sembrar: boolean): Promise<void> {
    // Jobs the killed process had in hand are taken again after the lease (60 s in production).
    ({ url, proceso } = await arrancarApi({ databaseUrl: bd!.url, dataDir, sembrar, entorno: { ENVIO_LEASE_MS: '4000' } }));
  }

  it('cada 201 existe, ninguno se creó dos veces y todos terminan aceptados', { timeout: 240_000 }, async () => {
    bd = await baseTemporal('yupana_k');
    await arrancar(true);
    const token = await tokenSupervisor(url);
    const { idSerie, cuerpo } = await facturaDemo(url, token);
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
    const claves = Array.from({ length: N }, (_, i) => `sigkill-${i}`);

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

    await arrancar(false);
    // The client retries every request it has no 201 for, with the same key.
    for (const clave of claves) if (!creados.has(clave)) await emitir(clave);
    expect(creados.size).toBe(N);
    for (const [clave, id] of antes) expect(creados.get(clave)).toBe(id);

    const db = new pg.Client({ connectionString: bd!.url });
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
