import Decimal from 'decimal.js';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ZPresentacionesGuardar, type TPresentacion } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { barrasAdicionalesDeOtros, barrasDeOtroItem } from './codigos-barras';
import { itemPresentacion } from './conteos.schema';
import { filasDe, type Tx } from './libro.repo';
import { item } from './logistica.schema';
// eslint-disable-next-line yupana/no-cross-import -- a presentation's price is the standard price list's row (issue 12 owns the lists and their lazy creation)
import { fijarPreciosEstandar, preciosEstandarDeItem, preciosEstandarDeItems } from '../ventas/listaprecios.service';

/**
 * Presentations of an item (CAJA x 12): a unit code of catálogo 03 other than the item's own, the base units it holds
 * and its barcode. A sales or purchase line whose unit code is a presentation moves factor x quantity base units.
 * Price lists keep their price per (item, unit code); the factor of a presentation is the one source of truth here.
 */
const aPresentacion = (p: typeof itemPresentacion.$inferSelect, precio: string | undefined): TPresentacion => ({
  CodigoUnidad: p.codigoUnidad,
  Descripcion: p.descripcion,
  Factor: new Decimal(p.factor).toDecimalPlaces(10).toFixed(),
  ...(p.codigoBarras ? { CodigoBarras: p.codigoBarras } : {}),
  ...(precio !== undefined ? { Precio: precio } : {}),
});

async function itemDe(ctx: Contexto, auth: TAuth, idItem: number) {
  const [it] = await ctx.dbh.db.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, idItem)));
  if (!it) throw noEncontrado('No se encontró el producto');
  return it;
}

export async function listarPresentaciones(ctx: Contexto, auth: TAuth, idItem: number) {
  await itemDe(ctx, auth, idItem);
  const [filas, precios] = await Promise.all([
    ctx.dbh.db.select().from(itemPresentacion).where(and(eq(itemPresentacion.idEmpresa, auth.idEmpresa), eq(itemPresentacion.idItem, idItem))).orderBy(asc(itemPresentacion.factor)),
    preciosEstandarDeItem(ctx.dbh.db, auth.idEmpresa, idItem),
  ]);
  return { Data: filas.map((f) => aPresentacion(f, precios.get(f.codigoUnidad))), Count: filas.length };
}

/**
 * The presentations of several items of the company (a point-of-sale search page), smallest factor first, with their
 * standard-list prices: two queries whatever the page size.
 */
export async function presentacionesDeItems(ctx: Contexto, idEmpresa: number, ids: number[]): Promise<Map<number, TPresentacion[]>> {
  const porItem = new Map<number, TPresentacion[]>();
  if (!ids.length) return porItem;
  const filas = await ctx.dbh.db
    .select()
    .from(itemPresentacion)
    .where(and(eq(itemPresentacion.idEmpresa, idEmpresa), inArray(itemPresentacion.idItem, ids)))
    .orderBy(asc(itemPresentacion.factor));
  if (!filas.length) return porItem;
  const precios = await preciosEstandarDeItems(ctx.dbh.db, idEmpresa, [...new Set(filas.map((f) => f.idItem))]);
  for (const f of filas) {
    if (!porItem.has(f.idItem)) porItem.set(f.idItem, []);
    porItem.get(f.idItem)!.push(aPresentacion(f, precios.get(f.idItem)?.get(f.codigoUnidad)));
  }
  return porItem;
}

/** Replaces the item's presentations in one transaction. */
export async function guardarPresentaciones(ctx: Contexto, auth: TAuth, idItem: number, b: z.output<typeof ZPresentacionesGuardar>) {
  const it = await itemDe(ctx, auth, idItem);
  if (it.codigoUnidad === 'ZZ' && b.Presentaciones.length > 0) throw errorDeCampo('Presentaciones', `${it.descripcion} es un servicio: no lleva presentaciones`);
  const vistos = new Set<string>();
  b.Presentaciones.forEach((p, i) => {
    if (p.CodigoUnidad === it.codigoUnidad) throw errorDeCampo(`Presentaciones.${i}.CodigoUnidad`, `${p.CodigoUnidad} es la unidad base del producto`);
    if (vistos.has(p.CodigoUnidad)) throw errorDeCampo(`Presentaciones.${i}.CodigoUnidad`, `La unidad ${p.CodigoUnidad} está repetida`);
    vistos.add(p.CodigoUnidad);
  });
  const barras = b.Presentaciones.flatMap((p) => (p.CodigoBarras ? [p.CodigoBarras] : []));
  if (new Set(barras).size !== barras.length) throw errorDeCampo('Presentaciones', 'Hay códigos de barras repetidos');
  // Branch imagenes: nor another item's extra barcode (601601).
  const [adicional] = await barrasAdicionalesDeOtros(ctx, auth.idEmpresa, barras, idItem);
  if (adicional) throw barrasDeOtroItem(`Presentaciones.${b.Presentaciones.findIndex((p) => p.CodigoBarras === adicional.codigo)}.CodigoBarras`, adicional);
  await ctx.dbh.db.transaction(async (tx) => {
    if (barras.length > 0) {
      const [otro] = await tx
        .select({ cod: itemPresentacion.codigoBarras, desc: item.descripcion })
        .from(itemPresentacion)
        .innerJoin(item, eq(item.id, itemPresentacion.idItem))
        .where(and(eq(itemPresentacion.idEmpresa, auth.idEmpresa), ne(itemPresentacion.idItem, idItem), inArray(itemPresentacion.codigoBarras, barras)));
      if (otro) throw errorDeCampo('Presentaciones', `El código de barras ${otro.cod} ya es de ${otro.desc}`);
    }
    const anteriores = await tx.select({ u: itemPresentacion.codigoUnidad }).from(itemPresentacion).where(and(eq(itemPresentacion.idEmpresa, auth.idEmpresa), eq(itemPresentacion.idItem, idItem)));
    await tx.delete(itemPresentacion).where(and(eq(itemPresentacion.idEmpresa, auth.idEmpresa), eq(itemPresentacion.idItem, idItem)));
    if (b.Presentaciones.length > 0)
      await tx.insert(itemPresentacion).values(
        b.Presentaciones.map((p) => ({ idEmpresa: auth.idEmpresa, idItem, codigoUnidad: p.CodigoUnidad, descripcion: p.Descripcion, factor: p.Factor, codigoBarras: p.CodigoBarras ?? null, logUsuarioCrea: auth.idUsuario })),
      );
    // The price of each presentation lives in the standard price list (what the sale screens read); a removed
    // presentation, or one saved without a price, loses its standard price.
    const quitadas = anteriores.map((a) => a.u).filter((u) => !vistos.has(u));
    await fijarPreciosEstandar(tx, auth, idItem, [
      ...b.Presentaciones.map((p) => ({ codigoUnidad: p.CodigoUnidad, factor: p.Factor, precio: p.Precio ?? null })),
      ...quitadas.map((u) => ({ codigoUnidad: u, factor: '1', precio: null })),
    ]);
  });
  return listarPresentaciones(ctx, auth, idItem);
}

/**
 * The factor of each (item, unit code) pair that is a presentation, for the lines that move stock (1 when the code
 * is the item's own unit or not a presentation). Key: `${idItem}:${codigoUnidad}`.
 */
export async function factoresDe(tx: Tx, idEmpresa: number, pares: { idItem: number; codigoUnidad?: string | null }[]): Promise<Map<string, Decimal>> {
  const conUnidad = pares.filter((p) => p.codigoUnidad);
  if (conUnidad.length === 0) return new Map();
  const filas = filasDe<{ id_item: number; codigo_unidad: string; factor: string }>(
    await tx.execute(sql`select id_item, codigo_unidad, factor::text as factor from item_presentacion
      where id_empresa = ${idEmpresa} and id_item in (${sql.join([...new Set(conUnidad.map((p) => p.idItem))].map((i) => sql`${i}`), sql`, `)})`),
  );
  return new Map(filas.map((f) => [`${f.id_item}:${f.codigo_unidad}`, new Decimal(f.factor)]));
}

/** Base units a line moves: quantity x the factor of its presentation (x 1 otherwise). */
export const unidadesBase = (factores: Map<string, Decimal>, idItem: number, codigoUnidad: string | null | undefined, cantidad: string) =>
  new Decimal(cantidad).times(factores.get(`${idItem}:${codigoUnidad ?? ''}`) ?? 1);
