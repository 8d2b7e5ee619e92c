// Vitest global setup of the API suite: migrates and seeds ONE database before any test file runs, so each file
// starts from a copy of it instead of repeating the ~80 migrations and the demo seed (about 5 s per file on PGlite,
// 2 s on PostgreSQL). PGlite: a dump of the data directory in a temporary file, loaded by each file's in-memory
// database. PostgreSQL (TEST_DATABASE_URL): a template database; each file runs `create database ... template`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { abrirDb } from '../src/db/client';
import { cargarDatosDemo } from '../src/db/seed-demo';
import { crearBasePostgres } from './base-postgres';

export default async function prepararPlantilla(project: TestProject) {
  // The seed encrypts each company's certificate with the process's key (cifrado.ts); every file that copies the
  // database must decrypt with the same one, so the run shares one generated key.
  const claveCifrado = process.env.YUPANA_CLAVE_CIFRADO || randomBytes(32).toString('base64');
  process.env.YUPANA_CLAVE_CIFRADO = claveCifrado;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const { nombre, url, borrar } = await crearBasePostgres(base, 'yupana_plantilla');
    const dbh = await abrirDb(url, '');
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    // No connection may stay open on a template database, or `create database ... template` is refused.
    await dbh.cerrar();
    project.provide('plantillaApi', { motor: 'postgres', nombre, claveCifrado });
    return borrar;
  }
  const dbh = await abrirDb('memory://', '');
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  const volcado = await dbh.volcar!();
  await dbh.cerrar();
  const dir = mkdtempSync(path.join(tmpdir(), 'yupana-plantilla-'));
  const archivo = path.join(dir, 'pglite.tar');
  writeFileSync(archivo, Buffer.from(await volcado.arrayBuffer()));
  project.provide('plantillaApi', { motor: 'pglite', archivo, claveCifrado });
  return () => rmSync(dir, { recursive: true, force: true });
}
