import { and, asc, eq, sql } from 'drizzle-orm';
import type { ZMarcaGuardar, ZMarcasQuery, TMarca } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { categoriaItem, marca } from './logistica.schema';

/**
 * Brands and categories of a company's items (branch marcas, issue 13): the same shape (a name unique per company,
 * case-insensitive, and an active flag), so one set of functions serves both. An inactive one stays on its items but
 * is no longer offered in the pickers.
 */
export type TClase = 'marca' | 'categoria';
const TABLAS = { marca, categoria: categoriaItem } as const;
const TEXTOS = {
  marca: { noExiste: 'No se encontró la marca', repetido: 'Ya existe una marca con este nombre' },
  categoria: { noExiste: 'No se encontró la categoría', repetido: 'Ya existe una categoría con este nombre' },
} as const;

const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

export async function listar(ctx: Contexto, auth: TAuth, clase: TClase, q: z.output<typeof ZMarcasQuery>) {
  const t = TABLAS[clase];
  const columna = sql.raw(clase === 'marca' ? 'ic.id_marca' : 'ic.id_categoria');
  const tabla = sql.raw(clase === 'marca' ? 'marca' : 'categoria_item');
  const condiciones = [eq(t.idEmpresa, auth.idEmpresa)];
  if (q.estado !== -1) condiciones.push(eq(t.logEstado, q.estado));
  const filas = await ctx.dbh.db
    .select({ id: t.id, nombre: t.nombre, logEstado: t.logEstado, items: sql<number>`(select count(*) from item ic where ic.id_empresa = ${auth.idEmpresa} and ${columna} = ${tabla}.id)` })
    .from(t)
    .where(and(...condiciones))
    .orderBy(asc(sql`lower(${t.nombre})`), asc(t.id));
  const data: TMarca[] = filas.map((f) => ({ Id: f.id, Nombre: f.nombre, LogEstado: f.logEstado, Items: Number(f.items) }));
  return { Data: data, Count: data.length };
}

async function repetido(ctx: Contexto, auth: TAuth, clase: TClase, nombre: string, excluir?: number) {
  const t = TABLAS[clase];
  const [f] = await ctx.dbh.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.idEmpresa, auth.idEmpresa), sql`lower(${t.nombre}) = ${nombre.toLowerCase()}`, excluir ? sql`${t.id} <> ${excluir}` : undefined))
    .limit(1);
  return !!f;
}

export async function crear(ctx: Contexto, auth: TAuth, clase: TClase, b: z.output<typeof ZMarcaGuardar>): Promise<TMarca> {
  const t = TABLAS[clase];
  if (await repetido(ctx, auth, clase, b.Nombre)) throw errorDeCampo('Nombre', TEXTOS[clase].repetido);
  try {
    const [f] = await ctx.dbh.db.insert(t).values({ idEmpresa: auth.idEmpresa, nombre: b.Nombre, logEstado: b.LogEstado, logUsuarioCrea: auth.idUsuario }).returning();
    return { Id: f.id, Nombre: f.nombre, LogEstado: f.logEstado, Items: 0 };
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', TEXTOS[clase].repetido);
    throw err;
  }
}

export async function editar(ctx: Contexto, auth: TAuth, clase: TClase, id: number, b: z.output<typeof ZMarcaGuardar>): Promise<TMarca> {
  const t = TABLAS[clase];
  await existe(ctx, auth, clase, id);
  if (await repetido(ctx, auth, clase, b.Nombre, id)) throw errorDeCampo('Nombre', TEXTOS[clase].repetido);
  try {
    await ctx.dbh.db
      .update(t)
      .set({ nombre: b.Nombre, logEstado: b.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(t.idEmpresa, auth.idEmpresa), eq(t.id, id)));
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', TEXTOS[clase].repetido);
    throw err;
  }
  const { Data } = await listar(ctx, auth, clase, { estado: -1 });
  return Data.find((m) => m.Id === id)!;
}

/** The company's brand or category (another company's id is a 404); `campo` names the item form's field. */
export async function existe(ctx: Contexto, auth: TAuth, clase: TClase, id: number, campo?: string): Promise<void> {
  const t = TABLAS[clase];
  const [f] = await ctx.dbh.db.select({ id: t.id }).from(t).where(and(eq(t.idEmpresa, auth.idEmpresa), eq(t.id, id)));
  if (!f) {
    if (campo) throw errorDeCampo(campo, TEXTOS[clase].noExiste);
    throw noEncontrado(TEXTOS[clase].noExiste);
  }
}
