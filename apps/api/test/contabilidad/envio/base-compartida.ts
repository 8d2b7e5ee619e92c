import { abrirDb, type DbHandle } from '../../../src/db/client';
import { crearBasePostgres } from '../../base-postgres';

/**
 * A fresh database that several handles (standing for several API processes) can open. PGlite in memory has one
 * connection and lives in this process, so there every "process" shares the one handle; on PostgreSQL
 * (TEST_DATABASE_URL) each handle is its own pool on the same database, as two API processes would be.
 */
export async function baseCompartida(): Promise<{ url?: string; dbh: DbHandle; otra(): Promise<DbHandle>; cerrar(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dbh = await abrirDb('memory://', '');
    return { dbh, otra: async () => dbh, cerrar: () => dbh.cerrar() };
  }
  const { url, borrar } = await crearBasePostgres(base, 'yupana_e');
  const handles: DbHandle[] = [];
  const abrir = async () => {
    const h = await abrirDb(url, '');
    handles.push(h);
    return h;
  };
  const dbh = await abrir();
  return {
    url,
    dbh,
    otra: abrir,
    cerrar: async () => {
      for (const h of handles) await h.cerrar().catch(() => undefined);
      await borrar();
    },
  };
}
