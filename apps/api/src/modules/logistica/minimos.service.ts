import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type TMinimoAlmacen, ZMinimosAlmacenGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { itemAlmacenMinimo } from './imagenes.schema';
import { almacen } from './inventario.schema';
import { item } from './logistica.schema';

const cuatro = (v: string) => new Decimal(v).toDecimalPlaces(4).toFixed();

async function itemDeLaEmpresa(ctx: Contexto, auth: TAuth, idItem: number) {
  const [f] = await ctx.dbh.db.select({ id: item.id, unidad: item.codigoUnidad, minimo: item.stockMinimo }).from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, idItem)));
  if (!f) throw noEncontrado('No se encontró el producto o servicio');
  return f;
}

/**
 * Every active warehouse of the company with the item's own minimum there (branch imagenes); null = the item's general
 * minimum applies in that warehouse.
 */
export async function listarMinimos(ctx: Contexto, auth: TAuth, idItem: number): Promise<{ Data: TMinimoAlmacen[]; Count: number; StockMinimoItem: string | null }> {
  const it = await itemDeLaEmpresa(ctx, auth, idItem);
  const filas = (
    (await ctx.dbh.db.execute(sql`select a.id, a.nombre, s.razon_social as sucursal, m.stock_minimo::text as minimo
      from almacen a left join sucursal s on s.id = a.id_sucursal
      left join item_almacen_minimo m on m.id_almacen = a.id and m.id_item = ${idItem}
      where a.id_empresa = ${auth.idEmpresa} and (a.log_estado = 1 or m.id is not null)
      order by s.razon_social, a.nombre, a.id`)) as unknown as { rows: { id: number; nombre: string; sucursal: string | null; minimo: string | null }[] }
  ).rows;
  return {
    Data: filas.map((f) => ({ IdAlmacen: Number(f.id), Almacen: f.nombre, Sucursal: f.sucursal, StockMinimo: f.minimo === null ? null : cuatro(f.minimo) })),
    Count: filas.length,
    StockMinimoItem: it.minimo === null ? null : cuatro(it.minimo),
  };
}

/**
 * Replaces the item's per-warehouse minimums at once (one transaction): a warehouse with a value keeps or gets that
 * minimum, any other loses its own and falls back to the item's. Another company's warehouse is a 404.
 */
export async function guardarMinimos(ctx: Contexto, auth: TAuth, idItem: number, b: z.output<typeof ZMinimosAlmacenGuardar>) {
  const it = await itemDeLaEmpresa(ctx, auth, idItem);
  const conValor = b.Minimos.filter((m) => m.StockMinimo !== null);
  if (it.unidad === 'ZZ' && conValor.length) throw errorDeCampo('Minimos', 'Un servicio no lleva stock mínimo');
  const ids = b.Minimos.map((m) => m.IdAlmacen);
  if (ids.length) {
    const propios = await ctx.dbh.db.select({ id: almacen.id }).from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), inArray(almacen.id, ids)));
    if (propios.length !== new Set(ids).size) throw noEncontrado('No se encontró el almacén');
  }
  await ctx.dbh.db.transaction(async (tx) => {
    await tx.delete(itemAlmacenMinimo).where(and(eq(itemAlmacenMinimo.idEmpresa, auth.idEmpresa), eq(itemAlmacenMinimo.idItem, idItem)));
    if (conValor.length)
      await tx.insert(itemAlmacenMinimo).values(
        conValor.map((m) => ({ idEmpresa: auth.idEmpresa, idItem, idAlmacen: m.IdAlmacen, stockMinimo: new Decimal(m.StockMinimo!).toFixed(10), logUsuarioCrea: auth.idUsuario })),
      );
  });
  return listarMinimos(ctx, auth, idItem);
}
