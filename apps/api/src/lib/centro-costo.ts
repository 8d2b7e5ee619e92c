import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { errorDeCampo } from './app-error';

/**
 * A cost centre chosen on a record of another module (branch, purchase, issued document): one of the company's active
 * centres, else 500001 on `IdCentroCosto` with finance's message. `actual`: the centre the record already has, which
 * may stay even if it was deactivated since (so editing something else of the record is not refused). null or
 * undefined: nothing to check.
 */
export async function validarCentroCosto(db: Pick<Db, 'execute'>, idEmpresa: number, id: number | null | undefined, actual?: number | null): Promise<void> {
  if (id == null || id === actual) return;
  const r = (await db.execute(sql`select log_estado from centro_costo where id = ${id} and id_empresa = ${idEmpresa}`)) as unknown as { rows: { log_estado: number }[] };
  if (Number(r.rows[0]?.log_estado) !== 1) throw errorDeCampo('IdCentroCosto', 'Elija un centro de costo activo de la empresa');
}
