import { and, eq, sql } from 'drizzle-orm';
import { CATALOGOS } from '@yupana/sunat';
import type { TUnidadEmpresa, ZUnidadesQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { unidadEmpresa } from './logistica.schema';

/**
 * Units of measure a company offers in its item forms (branch logsoporte, issue 13). Every catálogo 03 code may be
 * turned on; without a row of the company only NIU and ZZ are on. NIU (the default unit) stays on. Turning a unit off
 * only hides it from new choices: an item that already uses it keeps it (and saving that item keeps it too).
 */
const CATALOGO_03 = CATALOGOS['03'] as Record<string, string>;
const POR_DEFECTO = new Set(['NIU', 'ZZ']);
/** NIU and ZZ first (the usual ones), then by code. */
const CODIGOS = Object.keys(CATALOGO_03).sort((a, b) => Number(POR_DEFECTO.has(b)) - Number(POR_DEFECTO.has(a)) || (a === 'NIU' ? -1 : b === 'NIU' ? 1 : a.localeCompare(b)));

async function eleccionesDe(ctx: Contexto, idEmpresa: number): Promise<Map<string, boolean>> {
  const filas = await ctx.dbh.db.select({ codigo: unidadEmpresa.codigo, activa: unidadEmpresa.activa }).from(unidadEmpresa).where(eq(unidadEmpresa.idEmpresa, idEmpresa));
  return new Map(filas.map((f) => [f.codigo, f.activa]));
}
const activaEn = (elecciones: Map<string, boolean>, codigo: string) => elecciones.get(codigo) ?? POR_DEFECTO.has(codigo);

export async function listar(ctx: Contexto, auth: TAuth, q: z.output<typeof ZUnidadesQuery>) {
  const elecciones = await eleccionesDe(ctx, auth.idEmpresa);
  const usos = (
    (await ctx.dbh.db.execute(sql`select codigo_unidad, count(*)::int as n from item where id_empresa = ${auth.idEmpresa} group by codigo_unidad`)) as unknown as {
      rows: { codigo_unidad: string; n: number }[];
    }
  ).rows;
  const items = new Map(usos.map((u) => [u.codigo_unidad, Number(u.n)]));
  const buscar = (q.buscar ?? '').trim().toUpperCase();
  const data: TUnidadEmpresa[] = [];
  for (const codigo of CODIGOS) {
    const activa = activaEn(elecciones, codigo);
    if (q.estado === 1 && !activa) continue;
    if (q.estado === 0 && activa) continue;
    const descripcion = CATALOGO_03[codigo];
    if (buscar && !codigo.includes(buscar) && !descripcion.toUpperCase().includes(buscar)) continue;
    data.push({ Codigo: codigo, Descripcion: descripcion, Activa: activa, Items: items.get(codigo) ?? 0 });
  }
  return { Data: data, Count: data.length };
}

export async function guardar(ctx: Contexto, auth: TAuth, codigo: string, activa: boolean): Promise<TUnidadEmpresa> {
  if (!(codigo in CATALOGO_03)) throw noEncontrado('No se encontró la unidad en el catálogo 03');
  if (codigo === 'NIU' && !activa) throw errorDeCampo('Activa', 'NIU es la unidad por defecto: no se puede desactivar');
  await ctx.dbh.db
    .insert(unidadEmpresa)
    .values({ idEmpresa: auth.idEmpresa, codigo, activa, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: [unidadEmpresa.idEmpresa, unidadEmpresa.codigo], set: { activa, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  const [u] = (await listar(ctx, auth, { estado: -1, buscar: undefined })).Data.filter((d) => d.Codigo === codigo);
  return u;
}

/** The unit of an item being saved: active in the company, or the one the item already has. */
export async function unidadValida(ctx: Contexto, idEmpresa: number, codigo: string, actual?: string): Promise<void> {
  if (codigo === actual) return;
  if (!(codigo in CATALOGO_03)) throw errorDeCampo('CodigoUnidad', `La unidad ${codigo} no está en el catálogo 03 de SUNAT`);
  const [f] = await ctx.dbh.db
    .select({ activa: unidadEmpresa.activa })
    .from(unidadEmpresa)
    .where(and(eq(unidadEmpresa.idEmpresa, idEmpresa), eq(unidadEmpresa.codigo, codigo)));
  if (!(f ? f.activa : POR_DEFECTO.has(codigo))) throw errorDeCampo('CodigoUnidad', `La unidad ${codigo} no está activa en la empresa (actívela en Unidades, categorías y marcas)`);
}

/** The company's active unit codes (the catalogue import checks each row against them). */
export async function activasDe(ctx: Contexto, idEmpresa: number): Promise<Set<string>> {
  const elecciones = await eleccionesDe(ctx, idEmpresa);
  return new Set(CODIGOS.filter((c) => activaEn(elecciones, c)));
}
