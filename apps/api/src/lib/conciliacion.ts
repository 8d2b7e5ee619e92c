import { sql } from 'drizzle-orm';
import { ErrorCodes } from '@yupana/contracts';
import type { Db } from '../db/client';
import { AppError } from './app-error';

/**
 * Refuses (409, Spanish) the void of an operation while a bank statement line is reconciled with it or its ITF
 * (`tipos`: the reconciliation kinds of the row, e.g. C and J for a collection; `sujeto`: "El cobro RC-5 está
 * conciliado"). Call it inside the void's
 * transaction after locking the row FOR UPDATE: conciliar() locks the same row, so the two wait for each other.
 */
export async function rechazarSiConciliada(tx: Pick<Db, 'execute'>, tipos: string[], id: number, sujeto: string): Promise<void> {
  const r = (await tx.execute(
    sql`select id from extracto_linea where id_operacion = ${id} and tipo_operacion in (${sql.join(tipos.map((t) => sql`${t}`), sql`, `)}) limit 1`,
  )) as unknown as { rows: unknown[] };
  if (r.rows.length)
    throw new AppError(ErrorCodes.OPERACION_CONCILIADA, `${sujeto} con el extracto bancario: no se puede anular. Deshaga primero la conciliación.`, 409);
}
