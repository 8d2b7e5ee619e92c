import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { intentoLogin } from '../db/schema';

/**
 * A per-key rate limit kept in the database (the login rate limit's table, intento_login), so it holds across several
 * API processes. The attempt is written first and counted after, so two requests at once can never both slip past
 * the limit. Rows older than the login window are purged by the security module's housekeeping: `ventanaSegundos`
 * must not be longer than that window.
 */
export async function registrarYContarIntento(db: Db, clave: string, ventanaSegundos: number): Promise<{ total: number; segundosParaLiberar: number }> {
  const desde = new Date(Date.now() - ventanaSegundos * 1000);
  await db.insert(intentoLogin).values({ clave: clave.slice(0, 200) });
  const [f] = await db
    .select({ total: count(), primero: sql<string | Date>`min(${intentoLogin.fecha})` })
    .from(intentoLogin)
    .where(and(eq(intentoLogin.clave, clave.slice(0, 200)), gt(intentoLogin.fecha, desde)));
  const primero = f?.primero ? new Date(f.primero).getTime() : Date.now();
  return { total: Number(f?.total ?? 0), segundosParaLiberar: Math.max(1, Math.ceil((primero + ventanaSegundos * 1000 - Date.now()) / 1000)) };
}
