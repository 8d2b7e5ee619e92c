import { and, count, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresa, intentoLogin, refreshToken, sesion, usuario } from '../../db/schema';

type DbOTx = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function crearSesion(
  db: DbOTx,
  datos: { idEmpresa: number; idUsuario: number; idModulo: number; expiraEn: Date; ip: string | null; agente: string | null },
): Promise<{ id: number; fechaInicio: Date }> {
  const [fila] = await db
    .insert(sesion)
    .values({ ...datos, logUsuarioCrea: datos.idUsuario })
    .returning({ id: sesion.id, fechaInicio: sesion.fechaInicio });
  return fila;
}

export async function guardarRefreshToken(
  db: DbOTx,
  datos: { idSesion: number; idEmpresa: number; tokenHash: string; expiraEn: Date; idUsuario: number },
): Promise<void> {
  const { idUsuario, ...resto } = datos;
  await db.insert(refreshToken).values({ ...resto, logUsuarioCrea: idUsuario });
}

export async function buscarRefreshToken(db: DbOTx, tokenHash: string) {
  const [fila] = await db
    .select({
      id: refreshToken.id,
      idSesion: refreshToken.idSesion,
      expiraEn: refreshToken.expiraEn,
      usadoEn: refreshToken.usadoEn,
      sesionRevocadaEn: sesion.revocadaEn,
      sesionExpiraEn: sesion.expiraEn,
      sesionInicio: sesion.fechaInicio,
      idModulo: sesion.idModulo,
      idUsuario: sesion.idUsuario,
      idEmpresa: sesion.idEmpresa,
      usuario: usuario.usuario,
    })
    .from(refreshToken)
    .innerJoin(sesion, eq(sesion.id, refreshToken.idSesion))
    .innerJoin(usuario, eq(usuario.id, sesion.idUsuario))
    .where(eq(refreshToken.tokenHash, tokenHash))
    .limit(1);
  return fila ?? null;
}

/** Marks the token used only if nobody used it first: the row count tells a concurrent reuse apart. */
export async function marcarRefreshUsado(db: DbOTx, id: number): Promise<boolean> {
  const filas = await db
    .update(refreshToken)
    .set({ usadoEn: sql`now()`, logFechaModif: sql`now()` })
    .where(and(eq(refreshToken.id, id), isNull(refreshToken.usadoEn)))
    .returning({ id: refreshToken.id });
  return filas.length === 1;
}

export async function revocarSesion(db: DbOTx, idSesion: number, motivo: string, idUsuario: number | null): Promise<void> {
  await db
    .update(sesion)
    .set({ revocadaEn: sql`now()`, motivoRevocacion: motivo, logFechaModif: sql`now()`, logUsuarioModif: idUsuario })
    .where(and(eq(sesion.id, idSesion), isNull(sesion.revocadaEn)));
}

/** Ends every open session of the user except `exceptoSesion` (password change keeps the current one). */
export async function revocarOtrasSesiones(db: DbOTx, idUsuario: number, exceptoSesion: number, motivo: string): Promise<void> {
  await db
    .update(sesion)
    .set({ revocadaEn: sql`now()`, motivoRevocacion: motivo, logFechaModif: sql`now()`, logUsuarioModif: idUsuario })
    .where(and(eq(sesion.idUsuario, idUsuario), ne(sesion.id, exceptoSesion), isNull(sesion.revocadaEn)));
}

function consultaSesionActiva(db: Db) {
  return db
    .select({
      // Decided in SQL, so the hot path parses two booleans instead of timestamps.
      sesionVigente: sql<boolean>`(${sesion.revocadaEn} is null and ${sesion.expiraEn} > now())`,
      usuarioActivo: sql<boolean>`(${usuario.estado} = 1 and ${usuario.logEstado} = 1 and ${empresa.logEstado} = 1)`,
      idEmpresa: empresa.id,
      documentoEmpresa: empresa.documento,
      razonSocialEmpresa: empresa.razonSocial,
      tipoEmpresa: empresa.tipoEmpresa,
    })
    .from(sesion)
    .innerJoin(usuario, eq(usuario.id, sesion.idUsuario))
    .innerJoin(empresa, eq(empresa.id, usuario.idEmpresa))
    .where(and(eq(sesion.id, sql.placeholder('idSesion')), eq(sesion.idUsuario, sql.placeholder('idUsuario'))))
    .limit(1)
    .prepare('auth_sesion_activa');
}

const preparadas = new WeakMap<Db, ReturnType<typeof consultaSesionActiva>>();

/**
 * The auth check of every protected request: one indexed query (primary keys) that confirms the session is
 * open and loads the user's state and the company. Prepared once per database (hot path).
 */
export async function cargarSesionActiva(db: Db, idSesion: number, idUsuario: number) {
  let consulta = preparadas.get(db);
  if (!consulta) {
    consulta = consultaSesionActiva(db);
    preparadas.set(db, consulta);
  }
  const [fila] = await consulta.execute({ idSesion, idUsuario });
  return fila ?? null;
}

// --- Login rate limit ---

export async function contarIntentosFallidos(db: DbOTx, claves: string[], desde: Date): Promise<Map<string, { total: number; primero: Date | null }>> {
  const filas = await db
    .select({ clave: intentoLogin.clave, total: count(), primero: sql<string | Date>`min(${intentoLogin.fecha})` })
    .from(intentoLogin)
    .where(and(inArray(intentoLogin.clave, claves), gt(intentoLogin.fecha, desde)))
    .groupBy(intentoLogin.clave);
  return new Map(filas.map((f) => [f.clave, { total: Number(f.total), primero: f.primero ? new Date(f.primero) : null }]));
}

export async function registrarIntentoFallido(db: DbOTx, claves: string[]): Promise<void> {
  await db.insert(intentoLogin).values(claves.map((clave) => ({ clave })));
}

export async function borrarIntentos(db: DbOTx, clave: string): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.clave, clave));
}

/**
 * Housekeeping: failed attempts older than the rate-limit window count for nothing, and the refresh tokens of
 * sessions that ended more than a day ago can no longer be presented meaningfully (reuse detection only matters
 * while the session lives). Sessions themselves are kept as the sign-in history.
 */
export async function purgarDatosVencidos(db: DbOTx, intentosAntesDe: Date): Promise<void> {
  await db.delete(intentoLogin).where(lt(intentoLogin.fecha, intentosAntesDe));
  await db.execute(sql`
    delete from ${refreshToken} where ${refreshToken.idSesion} in (
      select ${sesion.id} from ${sesion}
      where coalesce(${sesion.revocadaEn}, ${sesion.expiraEn}) < now() - interval '1 day'
        and (${sesion.revocadaEn} is not null or ${sesion.expiraEn} < now()))`);
}
