import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type TGrupo, type TGrupoMiembro, ZGrupoAsignar, ZGrupoCopiarArea, ZGrupoGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { entidad } from '../entidades/entidades.schema';
import { grupo, grupoColaborador, grupoPrecio } from './fotocheck.schema';
import { area } from './rrhh.schema';
import { completarTrabajadores } from './trabajadores.service';

const TIPO_TRABAJADOR = 1;
const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

async function filaGrupo(ctx: Contexto, auth: TAuth, id: number) {
  const [g] = await ctx.dbh.db.select().from(grupo).where(and(eq(grupo.idEmpresa, auth.idEmpresa), eq(grupo.id, id), eq(grupo.logEstado, 1)));
  if (!g) throw noEncontrado('No se encontró el grupo');
  return g;
}

/** The company's groups with their member counts. (The count names "grupo"."id" itself: in a select list without joins
 * drizzle writes `${grupo.id}` as a bare "id", which inside the subquery meant the member row's own id.) */
export async function listarGrupos(ctx: Contexto, auth: TAuth): Promise<{ Data: TGrupo[] }> {
  const filas = await ctx.dbh.db
    .select({ id: grupo.id, nombre: grupo.nombre, descripcion: grupo.descripcion, n: sql<number>`(select count(*) from ${grupoColaborador} gc where gc.id_grupo = ${sql.identifier('grupo')}.${sql.identifier('id')})` })
    .from(grupo)
    .where(and(eq(grupo.idEmpresa, auth.idEmpresa), eq(grupo.logEstado, 1)))
    .orderBy(asc(grupo.nombre));
  return { Data: filas.map((g) => ({ Id: g.id, Nombre: g.nombre, Descripcion: g.descripcion, Miembros: Number(g.n) })) };
}

export async function obtenerGrupo(ctx: Contexto, auth: TAuth, id: number): Promise<TGrupo> {
  const g = await filaGrupo(ctx, auth, id);
  const [{ n }] = await ctx.dbh.db.select({ n: count() }).from(grupoColaborador).where(eq(grupoColaborador.idGrupo, id));
  return { Id: g.id, Nombre: g.nombre, Descripcion: g.descripcion, Miembros: Number(n) };
}

export async function guardarGrupo(ctx: Contexto, auth: TAuth, id: number | null, b: z.output<typeof ZGrupoGuardar>): Promise<TGrupo> {
  try {
    if (id === null) {
      const [g] = await ctx.dbh.db.insert(grupo).values({ idEmpresa: auth.idEmpresa, nombre: b.Nombre, descripcion: b.Descripcion, logUsuarioCrea: auth.idUsuario }).returning({ id: grupo.id });
      return obtenerGrupo(ctx, auth, g.id);
    }
    await filaGrupo(ctx, auth, id);
    await ctx.dbh.db
      .update(grupo)
      .set({ nombre: b.Nombre, descripcion: b.Descripcion, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(grupo.idEmpresa, auth.idEmpresa), eq(grupo.id, id)));
    return obtenerGrupo(ctx, auth, id);
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', 'Ya existe un grupo con ese nombre');
    throw err;
  }
}

/** Deletes a group, its members and its price list (one transaction; the group row is soft-deleted). */
export async function eliminarGrupo(ctx: Contexto, auth: TAuth, id: number): Promise<TGrupo> {
  const g = await obtenerGrupo(ctx, auth, id);
  await ctx.dbh.db.transaction(async (tx) => {
    await tx.delete(grupoColaborador).where(and(eq(grupoColaborador.idEmpresa, auth.idEmpresa), eq(grupoColaborador.idGrupo, id)));
    await tx.delete(grupoPrecio).where(and(eq(grupoPrecio.idEmpresa, auth.idEmpresa), eq(grupoPrecio.idGrupo, id)));
    await tx.update(grupo).set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(and(eq(grupo.idEmpresa, auth.idEmpresa), eq(grupo.id, id)));
  });
  return { ...g, Miembros: 0 };
}

export async function listarMiembros(ctx: Contexto, auth: TAuth, id: number): Promise<{ Data: TGrupoMiembro[] }> {
  await filaGrupo(ctx, auth, id);
  const filas = await ctx.dbh.db
    .select({ e: entidad })
    .from(grupoColaborador)
    .innerJoin(entidad, eq(entidad.id, grupoColaborador.idEntidad))
    .where(and(eq(grupoColaborador.idEmpresa, auth.idEmpresa), eq(grupoColaborador.idGrupo, id)))
    .orderBy(asc(entidad.razonSocial));
  const ts = await completarTrabajadores(ctx, auth, filas.map((f) => f.e));
  return { Data: ts.map((t) => ({ IdTrabajador: t.Id, Documento: t.Documento, NombreCompleto: t.NombreCompleto, Area: t.Contrato?.Area ?? null })) };
}

/** Adds workers to a group (those already in it are kept once). Every id must be a worker of the company. */
async function agregar(ctx: Contexto, auth: TAuth, idGrupo: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const filas = await ctx.dbh.db
    .insert(grupoColaborador)
    .values(ids.map((idEntidad) => ({ idEmpresa: auth.idEmpresa, idGrupo, idEntidad, logUsuarioCrea: auth.idUsuario })))
    .onConflictDoNothing({ target: [grupoColaborador.idGrupo, grupoColaborador.idEntidad] })
    .returning({ id: grupoColaborador.id });
  return filas.length;
}

export async function asignar(ctx: Contexto, auth: TAuth, b: z.output<typeof ZGrupoAsignar>): Promise<{ Cambiados: number }> {
  await filaGrupo(ctx, auth, b.IdGrupo);
  const ids = [...new Set(b.IdsTrabajador)];
  const validos = await ctx.dbh.db
    .select({ id: entidad.id })
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), inArray(entidad.id, ids)));
  if (validos.length !== ids.length) throw noEncontrado('No se encontró el trabajador');
  return { Cambiados: await agregar(ctx, auth, b.IdGrupo, ids) };
}

export async function quitar(ctx: Contexto, auth: TAuth, b: z.output<typeof ZGrupoAsignar>): Promise<{ Cambiados: number }> {
  await filaGrupo(ctx, auth, b.IdGrupo);
  const filas = await ctx.dbh.db
    .delete(grupoColaborador)
    .where(and(eq(grupoColaborador.idEmpresa, auth.idEmpresa), eq(grupoColaborador.idGrupo, b.IdGrupo), inArray(grupoColaborador.idEntidad, [...new Set(b.IdsTrabajador)])))
    .returning({ id: grupoColaborador.id });
  return { Cambiados: filas.length };
}

/** Copies into the group every active worker whose current contract is in the area. */
export async function copiarPorArea(ctx: Contexto, auth: TAuth, b: z.output<typeof ZGrupoCopiarArea>): Promise<{ Cambiados: number }> {
  await filaGrupo(ctx, auth, b.IdGrupo);
  const [a] = await ctx.dbh.db.select({ id: area.id }).from(area).where(and(eq(area.idEmpresa, auth.idEmpresa), eq(area.id, b.IdArea)));
  if (!a) throw noEncontrado('No se encontró el área');
  const filas = await ctx.dbh.db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), eq(entidad.logEstado, 1)))
    .limit(20_000);
  const ids = (await completarTrabajadores(ctx, auth, filas)).filter((t) => t.Contrato?.IdArea === b.IdArea).map((t) => t.Id);
  return { Cambiados: await agregar(ctx, auth, b.IdGrupo, ids) };
}

/** Copy into a group the members of another group of the company (seed `copiarcolaboradores`); members already in stay once. */
export async function copiarDeGrupo(ctx: Contexto, auth: TAuth, b: { IdGrupo: number; IdGrupoOrigen: number }): Promise<{ Cambiados: number }> {
  if (b.IdGrupo === b.IdGrupoOrigen) throw errorDeCampo('IdGrupoOrigen', 'Elija un grupo distinto del de destino');
  await filaGrupo(ctx, auth, b.IdGrupo);
  await filaGrupo(ctx, auth, b.IdGrupoOrigen);
  const filas = await ctx.dbh.db
    .select({ id: grupoColaborador.idEntidad })
    .from(grupoColaborador)
    .innerJoin(entidad, eq(entidad.id, grupoColaborador.idEntidad))
    .where(and(eq(grupoColaborador.idEmpresa, auth.idEmpresa), eq(grupoColaborador.idGrupo, b.IdGrupoOrigen), eq(grupoColaborador.logEstado, 1), eq(entidad.logEstado, 1)));
  return { Cambiados: filas.length ? await agregar(ctx, auth, b.IdGrupo, filas.map((f) => f.id)) : 0 };
}
