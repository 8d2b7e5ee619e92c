import { readFileSync } from 'node:fs';
import type { ProvidedContext } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TLoginRespuesta } from '@yupana/contracts';
import { buildApp, type OpcionesApp } from '../src/app';
import { abrirDb, type DbHandle } from '../src/db/client';
import { cargarDatosDemo } from '../src/db/seed-demo';
import { crearBasePostgres } from './base-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by test/plantilla.global.ts. PGlite: path of the data-directory dump. PostgreSQL: the template database. */
    plantillaApi: ({ motor: 'pglite'; archivo: string } | { motor: 'postgres'; nombre: string }) & { claveCifrado: string };
  }
}

export const SECRETO_PRUEBA = 'secreto-de-pruebas-de-yupana-con-32-bytes-o-mas';
export const CONTRASENHA = 'Demo.2026';

export type Entorno = { app: FastifyInstance; dbh: DbHandle; cerrar(): Promise<void> };

/**
 * An EMPTY database for one test file (the caller migrates it): PGlite in memory, or (TEST_DATABASE_URL set) a new
 * PostgreSQL database created for this file and dropped at the end. crearEntorno starts from the run's migrated,
 * seeded copy instead.
 */
export async function abrirDbPrueba(): Promise<{ dbh: DbHandle; cerrar(): Promise<void> }> {
  return abrirBase(undefined);
}

/**
 * The database every file copies: migrated and seeded once per run by test/plantilla.global.ts. Absent when the
 * helpers run outside the API project (a script under tsx): then each file migrates and seeds its own.
 */
async function plantilla(): Promise<ProvidedContext['plantillaApi'] | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const p = inject('plantillaApi');
  // The key the seed encrypted the certificates with (see plantilla.global.ts).
  if (p) process.env.YUPANA_CLAVE_CIFRADO = p.claveCifrado;
  return p;
}

async function abrirBase(desde: ProvidedContext['plantillaApi'] | undefined): Promise<{ dbh: DbHandle; cerrar(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const datosIniciales = desde?.motor === 'pglite' ? new Blob([readFileSync(desde.archivo)]) : undefined;
    const dbh = await abrirDb('memory://', '', { datosIniciales });
    return { dbh, cerrar: () => dbh.cerrar() };
  }
  const creada = await crearBasePostgres(base, 'yupana_t', desde?.motor === 'postgres' ? desde.nombre : undefined);
  const dbh = await abrirDb(creada.url, '');
  return {
    dbh,
    cerrar: async () => {
      // A test may have closed the pool on purpose (database-down case); the database must still be dropped.
      await dbh.cerrar().catch(() => undefined);
      await creada.borrar();
    },
  };
}

/** `padronDemo`: also load the demo padrón, as a fresh `npm start` does (about 1.5 s more on PGlite). */
export async function crearEntorno(opciones: Partial<OpcionesApp> = {}, { padronDemo = false } = {}): Promise<Entorno> {
  // The demo padrón is not in the shared copy: a file that wants it migrates and seeds its own database.
  const desde = padronDemo ? undefined : await plantilla();
  const { dbh, cerrar } = await abrirBase(desde);
  if (!desde) {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db, { padron: padronDemo });
  }
  const app = await buildApp({ dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null, ...opciones });
  await app.ready();
  return {
    app,
    dbh,
    cerrar: async () => {
      await app.close();
      await cerrar();
    },
  };
}

export const basic = (usuario: string, contrasenha: string) => `Basic ${Buffer.from(`${usuario}:${contrasenha}`).toString('base64')}`;

let ipSiguiente = 1;
/** A distinct client IP per call site, so the per-IP login limit of one test does not leak into another. */
export const ipNueva = () => `10.0.${Math.floor(ipSiguiente / 250)}.${(ipSiguiente++ % 250) + 1}`;

export async function login(app: FastifyInstance, usuario: string, contrasenha = CONTRASENHA, ip = ipNueva()) {
  return app.inject({
    method: 'POST',
    url: '/api/seguridad/v3/usuarios/login/1',
    headers: { authorization: basic(usuario, contrasenha) },
    remoteAddress: ip,
  });
}

export async function sesionDe(app: FastifyInstance, usuario: string): Promise<TLoginRespuesta> {
  const r = await login(app, usuario);
  if (r.statusCode !== 200) throw new Error(`login de ${usuario} falló: ${r.statusCode} ${r.body}`);
  return r.json() as TLoginRespuesta;
}

export function conToken(token: string, opciones: InjectOptions): InjectOptions {
  return { ...opciones, headers: { ...(opciones.headers ?? {}), authorization: `Bearer ${token}` } };
}

/** A test that makes the API answer a 5xx on purpose declares it (see sin-errores-servidor.ts: any other 5xx fails the test). */
export { permitirErrorServidor } from './sin-errores-servidor';
