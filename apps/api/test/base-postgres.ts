import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database with a random name on the server of `base` (TEST_DATABASE_URL), empty or copied from a
 * template, and the way to drop it. Used by the test helpers, the run's template (plantilla.global.ts) and the tests
 * that open one database from several "processes" (base-compartida.ts).
 */
export async function crearBasePostgres(base: string, prefijo: string, plantilla?: string): Promise<{ nombre: string; url: string; borrar(): Promise<void> }> {
  const nombre = `${prefijo}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await conAdmin(base, async (admin) => {
    const copia = plantilla ? ` template "${plantilla}"` : '';
    // Two files copying the template at the same instant may find it "being accessed by other users" (55006).
    for (let intento = 1; ; intento++) {
      try {
        await admin.query(`create database "${nombre}"${copia}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || intento >= 20) throw e;
        await new Promise((r) => setTimeout(r, 100 * intento));
      }
    }
  });
  const url = new URL(base);
  url.pathname = `/${nombre}`;
  return {
    nombre,
    url: url.toString(),
    // `with (force)`: a test may leave a pool open (or have closed it on purpose); the database goes anyway.
    borrar: () =>
      conAdmin(base, async (admin) => {
        await admin.query(`drop database if exists "${nombre}" with (force)`);
      }),
  };
}

async function conAdmin<T>(base: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
