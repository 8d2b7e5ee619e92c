import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type MotorDb = 'pglite' | 'postgres';

export type DbHandle = {
  db: Db;
  motor: MotorDb;
  /** Applies the committed drizzle-kit migrations (idempotent). */
  migrar(): Promise<void>;
  /** A trivial query, for the health check. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `alAviso` runs for every NOTIFY on it, from this process or any other on the database
   * (delivered when the notifying transaction commits). Returns the function that stops listening.
   */
  escuchar(canal: string, alAviso: () => void): Promise<() => Promise<void>>;
  cerrar(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the test suite copies one migrated, seeded database). */
  volcar?(): Promise<Blob>;
};

// Arbitrary constant identifying "Yupana migrations" among PostgreSQL advisory locks.
const CANDADO_MIGRACIONES = 727_001;

const carpetaMigraciones = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type OpcionesAbrir = {
  /** In-memory PGlite only: start from this data directory (a `dumpDataDir()` tarball) instead of an empty cluster. */
  datosIniciales?: Blob;
};

/**
 * Opens the database named by `url`: unset or `pglite://...` -> embedded PGlite under `dataDir/pglite`
 * (`memory://` keeps it in memory, for tests); `postgres://` or `postgresql://` -> node-postgres pool.
 */
export async function abrirDb(url: string | undefined, dataDir: string, opciones: OpcionesAbrir = {}): Promise<DbHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection the server closes (restart, failover, admin kill) emits 'error' on the pool; without a
    // listener Node would crash the process. The pool drops that client and the next query opens a new one.
    pool.on('error', (err) => console.error('PostgreSQL: se cerró una conexión inactiva:', err.message));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      motor: 'postgres',
      migrar: async () => {
        // Several API processes may start together: a session-level advisory lock on one connection lets
        // exactly one of them apply the migrations while the others wait and then find nothing to do.
        const cliente = await pool.connect();
        try {
          await cliente.query('select pg_advisory_lock($1)', [CANDADO_MIGRACIONES]);
          await migratePg(drizzlePg(cliente, { schema }), { migrationsFolder: carpetaMigraciones });
        } finally {
          await cliente.query('select pg_advisory_unlock($1)', [CANDADO_MIGRACIONES]).catch(() => undefined);
          cliente.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      escuchar: (canal, alAviso) => escucharPg(url, canal, alAviso),
      cerrar: () => pool.end(),
    };
  }

  let client: PGlite;
  if (url === 'memory://' || url === 'pglite://memory') {
    client = new PGlite({ extensions: { pg_trgm }, ...(opciones.datosIniciales ? { loadDataDir: opciones.datosIniciales } : {}) });
  } else {
    const dir = url?.startsWith('pglite://') ? url.slice('pglite://'.length) : path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: { pg_trgm } });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    motor: 'pglite',
    migrar: () => migratePglite(db, { migrationsFolder: carpetaMigraciones }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    escuchar: async (canal, alAviso) => {
      const dejar = await client.listen(canal, () => alAviso());
      return async () => {
        // Closing the database first also ends the subscription.
        if (!client.closed) await dejar();
      };
    },
    cerrar: () => client.close(),
    volcar: () => client.dumpDataDir('none'),
  };
}

/**
 * LISTEN needs a connection of its own (a pooled one goes back to the pool). It is reopened after a failure (server
 * restart, failover) with a growing pause; notifications missed meanwhile are covered by the listener's own polling.
 */
async function escucharPg(url: string, canal: string, alAviso: () => void): Promise<() => Promise<void>> {
  let cliente: pg.Client | undefined;
  let cerrado = false;
  let pausa = 500;
  let reintento: NodeJS.Timeout | undefined;
  const conectar = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === canal) alAviso();
    });
    c.on('error', () => {
      if (cerrado || cliente !== c) return;
      cliente = undefined;
      void c.end().catch(() => undefined);
      programar();
    });
    await c.connect();
    await c.query(`listen "${canal.replace(/"/g, '""')}"`);
    if (cerrado) {
      await c.end().catch(() => undefined);
      return;
    }
    cliente = c;
    pausa = 500;
    // Something may have been queued while not listening.
    alAviso();
  };
  const programar = () => {
    if (cerrado) return;
    reintento = setTimeout(() => void conectar().catch(programar), pausa);
    reintento.unref();
    pausa = Math.min(pausa * 2, 30_000);
  };
  await conectar();
  return async () => {
    cerrado = true;
    clearTimeout(reintento);
    await cliente?.end().catch(() => undefined);
    cliente = undefined;
  };
}

export { schema };
