import { and, eq, sql } from 'drizzle-orm';
import { ParametrosSeguridad, type TParametro } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { parametroSeguridad } from './seguridad.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

export async function leerParametro(db: DbOTx, idEmpresa: number, idUsuario: number, codigo: string): Promise<string | null> {
  const [fila] = await db
    .select({ valor: parametroSeguridad.valor })
    .from(parametroSeguridad)
    .where(and(eq(parametroSeguridad.idEmpresa, idEmpresa), eq(parametroSeguridad.idUsuario, idUsuario), eq(parametroSeguridad.codigo, codigo), eq(parametroSeguridad.logEstado, 1)))
    .limit(1);
  return fila?.valor ?? null;
}

export async function guardarParametro(db: DbOTx, idEmpresa: number, p: TParametro, idActor: number): Promise<void> {
  await db
    .insert(parametroSeguridad)
    .values({ idEmpresa, idUsuario: p.IdUsuario, codigo: p.Codigo, valor: p.Valor, logUsuarioCrea: idActor })
    .onConflictDoUpdate({
      target: [parametroSeguridad.idEmpresa, parametroSeguridad.idUsuario, parametroSeguridad.codigo],
      set: { valor: p.Valor, logEstado: 1, logUsuarioModif: idActor, logFechaModif: sql`now()` },
    });
}

/** Removes a user's own value (they follow the company's again). */
export async function quitarParametro(db: Pick<Db, 'update'>, idEmpresa: number, idUsuario: number, codigo: string, idActor: number): Promise<void> {
  await db
    .update(parametroSeguridad)
    .set({ logEstado: 0, logUsuarioModif: idActor, logFechaModif: sql`now()` })
    .where(and(eq(parametroSeguridad.idEmpresa, idEmpresa), eq(parametroSeguridad.idUsuario, idUsuario), eq(parametroSeguridad.codigo, codigo)));
}

/**
 * SesionUnica ("1" = a new sign-in of a user ends their other sessions): the user's own value when set, else the
 * company's (IdUsuario 0).
 */
export async function sesionUnicaActiva(db: DbOTx, idEmpresa: number, idUsuario = 0): Promise<boolean> {
  const propio = idUsuario ? await leerParametro(db, idEmpresa, idUsuario, ParametrosSeguridad.SESION_UNICA) : null;
  const valor = propio ?? (await leerParametro(db, idEmpresa, 0, ParametrosSeguridad.SESION_UNICA));
  return valor === '1' || valor?.toLowerCase() === 'true';
}
