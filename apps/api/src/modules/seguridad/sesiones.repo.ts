import { setImmediate } from 'node:timers';
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

/**
 * Sizes of the batched session query. Each size is its own named prepared statement with that many parameters
 * (`id in ($1, ..., $n)`, the last id repeated to fill it): PostgreSQL then caches its generic plan after five runs,
 * whereas an array parameter (`id = any($1)`) was planned again on every execution (~0.1 ms, four times the run).
 */
const TAMANOS_CONSULTA = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;

function consultaSesionesActivas(db: Db, tamano: number) {
  const ids = Array.from({ length: tamano }, (_, i) => sql.placeholder(`id${i}`));
  return db
    .select({
      idSesion: sesion.id,
      idUsuario: sesion.idUsuario,
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
    .where(tamano === 1 ? eq(sesion.id, ids[0]) : inArray(sesion.id, ids))
    .prepare(`auth_sesiones_activas_${tamano}`);
}

type ConsultaSesiones = ReturnType<typeof consultaSesionesActivas>;
type FilaSesiones = Awaited<ReturnType<ConsultaSesiones['execute']>>[number];
export type SesionActiva = Omit<FilaSesiones, 'idSesion' | 'idUsuario'>;
type Espera = { idUsuario: number; resolver(fila: SesionActiva | null): void; rechazar(err: unknown): void };

/**
 * The session checks of concurrent requests, sent as one query (group commit). A check joins only a query that has
 * not been sent yet, so every request is answered from a read that started after the request arrived: a session
 * revoked (logout, kick, password change, user or company deactivated) is refused on the very next request, in every
 * process, exactly as with one query per request. At low load each check goes alone as soon as the event loop turns;
 * under load, while `maxEnVuelo` queries are running, new checks wait for the next one, so a burst of N requests
 * costs one primary-key lookup of its distinct sessions instead of N round trips.
 */
export class VerificadorSesiones {
  private pendientes = new Map<number, Espera[]>();
  private enVuelo = 0;
  private programado = false;
  private readonly consultas = new Map<number, ConsultaSesiones>();

  private readonly maxPorConsulta = TAMANOS_CONSULTA[TAMANOS_CONSULTA.length - 1];

  constructor(
    private readonly db: Db,
    private readonly maxEnVuelo = 2,
  ) {}

  verificar(idSesion: number, idUsuario: number): Promise<SesionActiva | null> {
    // Only ids a bigint column can hold go into the shared query: one odd value must not fail the others' checks.
    if (!Number.isSafeInteger(idSesion) || idSesion <= 0) return Promise.resolve(null);
    return new Promise((resolver, rechazar) => {
      const esperas = this.pendientes.get(idSesion);
      if (esperas) esperas.push({ idUsuario, resolver, rechazar });
      else this.pendientes.set(idSesion, [{ idUsuario, resolver, rechazar }]);
      this.programar();
    });
  }

  private programar(): void {
    if (this.programado || this.enVuelo >= this.maxEnVuelo) return;
    this.programado = true;
    // After the I/O of this turn of the event loop: the requests that arrived together go in one query.
    setImmediate(() => {
      this.programado = false;
      while (this.pendientes.size && this.enVuelo < this.maxEnVuelo) void this.enviar();
    });
  }

  private async enviar(): Promise<void> {
    // Taken synchronously: a check that arrives from now on waits for the next query.
    let lote = this.pendientes;
    if (lote.size > this.maxPorConsulta) {
      lote = new Map();
      for (const [id, esperas] of this.pendientes) {
        lote.set(id, esperas);
        this.pendientes.delete(id);
        if (lote.size === this.maxPorConsulta) break;
      }
    } else this.pendientes = new Map();
    this.enVuelo++;
    try {
      const ids = [...lote.keys()];
      const tamano = TAMANOS_CONSULTA.find((t) => t >= ids.length) ?? this.maxPorConsulta;
      let consulta = this.consultas.get(tamano);
      if (!consulta) {
        consulta = consultaSesionesActivas(this.db, tamano);
        this.consultas.set(tamano, consulta);
      }
      const parametros: Record<string, number> = {};
      for (let i = 0; i < tamano; i++) parametros[`id${i}`] = ids[Math.min(i, ids.length - 1)];
      const filas = await consulta.execute(parametros);
      const porId = new Map<number, FilaSesiones>();
      for (const f of filas) porId.set(Number(f.idSesion), f);
      for (const [id, esperas] of lote) {
        const fila = porId.get(id);
        for (const e of esperas) {
          // The session must belong to the user the token names (the token carries both ids).
          if (!fila || fila.idUsuario !== e.idUsuario) e.resolver(null);
          else
            e.resolver({
              sesionVigente: fila.sesionVigente,
              usuarioActivo: fila.usuarioActivo,
              idEmpresa: fila.idEmpresa,
              documentoEmpresa: fila.documentoEmpresa,
              razonSocialEmpresa: fila.razonSocialEmpresa,
              tipoEmpresa: fila.tipoEmpresa,
            });
        }
      }
    } catch (err) {
      for (const esperas of lote.values()) for (const e of esperas) e.rechazar(err);
    } finally {
      this.enVuelo--;
      if (this.pendientes.size) this.programar();
    }
  }
}

const verificadores = new WeakMap<Db, VerificadorSesiones>();

/**
 * The auth check of every protected request: confirms the session is open and loads the user's state and the
 * company, by primary key, in a query shared with the requests that arrived at the same time (see VerificadorSesiones).
 */
export function cargarSesionActiva(db: Db, idSesion: number, idUsuario: number): Promise<SesionActiva | null> {
  let verificador = verificadores.get(db);
  if (!verificador) {
    verificador = new VerificadorSesiones(db);
    verificadores.set(db, verificador);
  }
  return verificador.verificar(idSesion, idUsuario);
}

// --- Login rate limit ---

export type TResumenIntentos = { total: number; primero: Date | null; ultimo: Date | null };

/** Per key: attempts since `desde` (without the row `excluir`, the caller's own), the first and the last one. */
export async function contarIntentosFallidos(db: DbOTx, claves: string[], desde: Date, excluir?: number): Promise<Map<string, TResumenIntentos>> {
  const filas = await db
    .select({
      clave: intentoLogin.clave,
      total: count(),
      primero: sql<string | Date>`min(${intentoLogin.fecha})`,
      ultimo: sql<string | Date>`max(${intentoLogin.fecha})`,
    })
    .from(intentoLogin)
    .where(and(inArray(intentoLogin.clave, claves), gt(intentoLogin.fecha, desde), excluir ? ne(intentoLogin.id, excluir) : undefined))
    .groupBy(intentoLogin.clave);
  const fecha = (v: string | Date | null) => (v ? new Date(v) : null);
  return new Map(filas.map((f) => [f.clave, { total: Number(f.total), primero: fecha(f.primero), ultimo: fecha(f.ultimo) }]));
}

/** Records an attempt before its password is checked (so concurrent guesses see each other); returns its id. */
export async function abrirIntento(db: DbOTx, clave: string): Promise<number> {
  const [f] = await db.insert(intentoLogin).values({ clave }).returning({ id: intentoLogin.id });
  return Number(f.id);
}

export async function borrarIntento(db: DbOTx, id: number): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.id, id));
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
