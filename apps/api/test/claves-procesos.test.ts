import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/client';
import { ErrorDeArranque, verificarClaves } from '../src/lib/secreto';
import { arrancarApi, arranqueRechazado, baseTemporal, CLAVE_CIFRADO, facturaDemo, SECRETO_JWT, tokenSupervisor, type ProcesoApi } from './procesos-api';

// Several API processes on one database must share their keys: with another encryption key a process could not read
// the certificates and SOL passwords the others stored ("Unsupported state or unable to authenticate data"), with
// another JWT secret the sessions would not hold between them.

describe('valores de verificación de las claves', () => {
  it('la primera vez se guardan; con las mismas claves se arranca; con otra clave de cifrado o de sesiones, no', { timeout: 120_000 }, async () => {
    const dbh = await abrirDb('memory://', '');
    try {
      await dbh.migrar();
      await verificarClaves(dbh.db, { cifrado: 'a'.repeat(64), jwt: 'b'.repeat(64) });
      await verificarClaves(dbh.db, { cifrado: 'a'.repeat(64), jwt: 'b'.repeat(64) });
      await expect(verificarClaves(dbh.db, { cifrado: 'c'.repeat(64), jwt: 'b'.repeat(64) })).rejects.toThrow(ErrorDeArranque);
      await expect(verificarClaves(dbh.db, { cifrado: 'a'.repeat(64), jwt: 'c'.repeat(64) })).rejects.toThrow(/JWT_SECRET/);
    } finally {
      await dbh.cerrar();
    }
  });
});

const hayPg = !!process.env.TEST_DATABASE_URL;
if (!hayPg) console.warn('[claves-procesos] se omite la prueba con procesos: necesita PostgreSQL (TEST_DATABASE_URL)');

describe.skipIf(!hayPg)('varios procesos sobre PostgreSQL', () => {
  const carpeta = mkdtempSync(path.join(tmpdir(), 'yupana-claves-'));
  const procesos: ProcesoApi[] = [];
  let base: Awaited<ReturnType<typeof baseTemporal>> | undefined;
  afterAll(async () => {
    for (const p of procesos) p.proceso.kill('SIGKILL');
    rmSync(carpeta, { recursive: true, force: true });
    await base?.borrar();
  });

  it('sin claves en el entorno o con otra clave de cifrado un proceso se niega a arrancar con un mensaje claro; con las mismas, ambos emiten', { timeout: 240_000 }, async () => {
    base = await baseTemporal('yupana_claves');
    procesos.push(await arrancarApi({ databaseUrl: base.url, dataDir: path.join(carpeta, '1'), sembrar: true }));
    const dir = (n: string) => path.join(carpeta, n);

    const sinClaves = await arranqueRechazado({ databaseUrl: base.url, dataDir: dir('2'), entorno: { YUPANA_CLAVE_CIFRADO: undefined, JWT_SECRET: undefined } });
    expect(sinClaves.codigo).toBe(1);
    expect(sinClaves.error).toContain('No se pudo iniciar Yupana: Con DATABASE_URL (PostgreSQL) defina YUPANA_CLAVE_CIFRADO y JWT_SECRET en el entorno');

    const otraClave = await arranqueRechazado({ databaseUrl: base.url, dataDir: dir('3'), entorno: { YUPANA_CLAVE_CIFRADO: 'otra-clave-de-cifrado-distinta-de-32-caracteres' } });
    expect(otraClave.codigo).toBe(1);
    expect(otraClave.error).toContain('No se pudo iniciar Yupana: La clave de cifrado de este proceso (YUPANA_CLAVE_CIFRADO) no es la misma con la que se inició esta base de datos');
    expect(otraClave.error).not.toContain(CLAVE_CIFRADO);

    const otroJwt = await arranqueRechazado({ databaseUrl: base.url, dataDir: dir('4'), entorno: { JWT_SECRET: 'otro-secreto-de-sesiones-de-al-menos-32-bytes' } });
    expect(otroJwt.codigo).toBe(1);
    expect(otroJwt.error).toContain('La clave de las sesiones de este proceso (JWT_SECRET) no es la misma');
    expect(otroJwt.error).not.toContain(SECRETO_JWT);

    // With the same keys (the README's "Varios procesos"), a second process starts, and a session from one works on
    // the other: both issue, each signing with the certificate the other could decrypt.
    procesos.push(await arrancarApi({ databaseUrl: base.url, dataDir: dir('5'), sembrar: false }));
    const [uno, dos] = procesos.map((p) => p.url);
    const token = await tokenSupervisor(uno);
    const { cuerpo } = await facturaDemo(uno, token);
    const emitir = (url: string) =>
      fetch(`${url}/api/contabilidad/v1/documentoContable`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: cuerpo });
    const respuestas = await Promise.all([uno, dos, uno, dos, uno, dos, uno, dos, uno, dos].map(emitir));
    expect(respuestas.map((r) => r.status)).toEqual(Array(10).fill(201));
  });
});
