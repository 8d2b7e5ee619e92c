import Decimal from 'decimal.js';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { NombreTipoListaPrecio, TipoListaPrecio, type TListaPrecio, type TPrecioGrupoItem, type TPrecioItem, type TPreciosItem, type TPreciosLista } from '@yupana/contracts';
import type { z } from 'zod';
import type { ZListaPrecioGuardar, ZPreciosGuardar, ZPreciosItemQuery, ZPreciosListaQuery } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import { item } from '../logistica/logistica.schema';
import { entidad } from '../entidades/entidades.schema';
import { grupo, grupoColaborador, grupoPrecio } from '../rrhh/fotocheck.schema';
import { listaPrecio, listaPrecioItem } from './pedidos.schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Lector = Db | Tx;

/** Price WITH IGV of an item's base unit, from its own price (which may be stored with or without IGV). */
export function precioBaseConIgv(f: { precio: string; precioIncluyeIgv: boolean; afectacionIgv: string }): Decimal {
  const p = new Decimal(f.precio);
  if (f.precioIncluyeIgv || !(f.afectacionIgv === '10' || f.afectacionIgv === '17')) return p;
  return p.times('1.18').toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
}
/** Unit values keep up to 10 decimals; trailing zeros are dropped but at least 2 remain. */
export const textoPrecio = (d: Decimal | string) => {
  const x = new Decimal(d);
  const s = x.toDecimalPlaces(10).toFixed();
  return s.includes('.') && s.split('.')[1].length >= 2 ? s : x.toFixed(2);
};

const aLista = (f: typeof listaPrecio.$inferSelect): TListaPrecio => ({ Id: f.id, Tipo: f.tipo, Nombre: f.nombre, Estado: f.logEstado });

/** The seed's static lists (types 0, 1, 3) exist for every company: created the first time they are asked for. */
async function asegurarEstaticas(db: Lector, idEmpresa: number): Promise<void> {
  const hay = await db.select({ tipo: listaPrecio.tipo }).from(listaPrecio).where(and(eq(listaPrecio.idEmpresa, idEmpresa), ne(listaPrecio.tipo, TipoListaPrecio.OTRA)));
  const faltan = [TipoListaPrecio.ESTANDAR, TipoListaPrecio.VIP, TipoListaPrecio.MAYORISTA].filter((t) => !hay.some((h) => h.tipo === t));
  if (faltan.length) await db.insert(listaPrecio).values(faltan.map((t) => ({ idEmpresa, tipo: t, nombre: NombreTipoListaPrecio[t] }))).onConflictDoNothing();
}

export async function listarListas(db: Db, auth: TAuth): Promise<{ Data: TListaPrecio[] }> {
  await asegurarEstaticas(db, auth.idEmpresa);
  const filas = await db.select().from(listaPrecio).where(eq(listaPrecio.idEmpresa, auth.idEmpresa)).orderBy(asc(listaPrecio.tipo), asc(listaPrecio.nombre));
  return { Data: filas.map(aLista) };
}

async function filaLista(db: Lector, auth: TAuth, id: number) {
  const [f] = await db.select().from(listaPrecio).where(and(eq(listaPrecio.idEmpresa, auth.idEmpresa), eq(listaPrecio.id, id)));
  if (!f) throw noEncontrado('No se encontró la lista de precios');
  return f;
}

const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

export async function guardarLista(db: Db, auth: TAuth, b: z.output<typeof ZListaPrecioGuardar>, id?: number): Promise<TListaPrecio> {
  await asegurarEstaticas(db, auth.idEmpresa);
  try {
    if (id) {
      const actual = await filaLista(db, auth, id);
      // A static list keeps its type (one per company); a named list cannot take a static type already taken.
      const tipo = actual.tipo === TipoListaPrecio.OTRA ? TipoListaPrecio.OTRA : actual.tipo;
      const [f] = await db
        .update(listaPrecio)
        .set({ nombre: b.Nombre, tipo, logEstado: b.Estado, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
        .where(and(eq(listaPrecio.id, id), eq(listaPrecio.idEmpresa, auth.idEmpresa)))
        .returning();
      return aLista(f);
    }
    if (b.Tipo !== TipoListaPrecio.OTRA) throw errorDeCampo('Tipo', 'Las listas Estándar, VIP y Mayorista ya existen: cree una lista de tipo Otra');
    const [f] = await db.insert(listaPrecio).values({ idEmpresa: auth.idEmpresa, tipo: b.Tipo, nombre: b.Nombre, logEstado: b.Estado, logUsuarioCrea: auth.idUsuario }).returning();
    return aLista(f);
  } catch (e) {
    if (esDuplicado(e)) throw errorDeCampo('Nombre', 'Ya existe una lista de precios con este nombre');
    throw e;
  }
}

/** `GET listaprecios/item/precios/{id}`: the item's price in every active list and presentation. */
export async function preciosDeItem(db: Db, auth: TAuth, idItem: number, q: z.output<typeof ZPreciosItemQuery> = {}): Promise<TPreciosItem> {
  await asegurarEstaticas(db, auth.idEmpresa);
  const [it] = await db.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, idItem)));
  if (!it) throw noEncontrado('No se encontró el producto o servicio');
  const base = precioBaseConIgv(it);
  const [listas, precios] = await Promise.all([
    db.select().from(listaPrecio).where(and(eq(listaPrecio.idEmpresa, auth.idEmpresa), eq(listaPrecio.logEstado, 1))).orderBy(asc(listaPrecio.tipo), asc(listaPrecio.nombre)),
    db.select().from(listaPrecioItem).where(and(eq(listaPrecioItem.idEmpresa, auth.idEmpresa), eq(listaPrecioItem.idItem, idItem))).orderBy(asc(listaPrecioItem.factor), asc(listaPrecioItem.codigoUnidad)),
  ]);
  const data: TPrecioItem[] = [];
  for (const l of listas) {
    const propios = precios.filter((p) => p.idListaPrecio === l.id);
    for (const p of propios)
      data.push({ IdListaPrecio: l.id, Lista: l.nombre, TipoLista: l.tipo, IdItem: idItem, CodigoUnidad: p.codigoUnidad, Factor: textoPrecio(p.factor), Precio: textoPrecio(p.precio), PorDefecto: false });
    // The standard list falls back to the item's own price for its base unit.
    if (l.tipo === TipoListaPrecio.ESTANDAR && !propios.some((p) => p.codigoUnidad === it.codigoUnidad))
      data.push({ IdListaPrecio: l.id, Lista: l.nombre, TipoLista: l.tipo, IdItem: idItem, CodigoUnidad: it.codigoUnidad, Factor: '1.00', Precio: textoPrecio(base), PorDefecto: true });
  }
  const respuesta: TPreciosItem = { IdItem: it.id, Codigo: it.codigo, Descripcion: it.descripcion, CodigoUnidad: it.codigoUnidad, PrecioBase: textoPrecio(base), Data: data };
  if (q.idtipodocumento && q.numerodocumento)
    respuesta.PreciosGrupo = (await preciosDeGrupoParaCliente(db, auth.idEmpresa, { idTipoDocumento: q.idtipodocumento, documento: q.numerodocumento }, [idItem])).map(
      ({ IdItem: _, ...p }) => p,
    );
  return respuesta;
}

/** The prices of one list, page by page (seed page size 500 for price lists). */
export async function preciosDeLista(db: Db, auth: TAuth, idLista: number, q: z.output<typeof ZPreciosListaQuery>): Promise<TPreciosLista> {
  await filaLista(db, auth, idLista);
  const cond: SQL[] = [eq(item.idEmpresa, auth.idEmpresa), eq(item.logEstado, 1)];
  if (q.filtro) {
    const patron = `%${q.filtro.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    cond.push(sql`(lower(${item.descripcion}) like ${patron} or lower(${item.codigo}) like ${patron})`);
  }
  const donde = and(...cond);
  const [items, [{ n }]] = await Promise.all([
    db.select().from(item).where(donde).orderBy(asc(item.descripcion), asc(item.id)).limit(q.regxpag).offset((q.pagina - 1) * q.regxpag),
    db.select({ n: count() }).from(item).where(donde),
  ]);
  const precios = items.length
    ? await db.select().from(listaPrecioItem).where(and(eq(listaPrecioItem.idListaPrecio, idLista), inArray(listaPrecioItem.idItem, items.map((i) => i.id)))).orderBy(asc(listaPrecioItem.factor))
    : [];
  return {
    Count: Number(n),
    Data: items.map((i) => ({
      IdItem: i.id,
      Codigo: i.codigo,
      Descripcion: i.descripcion,
      PrecioBase: textoPrecio(precioBaseConIgv(i)),
      Precios: precios.filter((p) => p.idItem === i.id).map((p) => ({ CodigoUnidad: p.codigoUnidad, Factor: textoPrecio(p.factor), Precio: textoPrecio(p.precio) })),
    })),
  };
}

/** Sets (or, with Precio null, removes) prices of a list, all in one transaction. */
export async function guardarPrecios(db: Db, auth: TAuth, idLista: number, b: z.output<typeof ZPreciosGuardar>): Promise<{ Guardados: number }> {
  await filaLista(db, auth, idLista);
  const ids = [...new Set(b.Precios.map((p) => p.IdItem))];
  const propios = await db.select({ id: item.id }).from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), inArray(item.id, ids)));
  b.Precios.forEach((p, i) => {
    if (!propios.some((x) => x.id === p.IdItem)) throw errorDeCampo(`Precios.${i}.IdItem`, 'No se encontró el producto o servicio');
    if (p.Precio !== null && new Decimal(p.Precio).lt(0)) throw errorDeCampo(`Precios.${i}.Precio`, 'El precio no puede ser negativo');
  });
  await db.transaction(async (tx) => {
    for (const p of b.Precios) {
      const clave = and(eq(listaPrecioItem.idListaPrecio, idLista), eq(listaPrecioItem.idItem, p.IdItem), eq(listaPrecioItem.codigoUnidad, p.CodigoUnidad));
      if (p.Precio === null) {
        await tx.delete(listaPrecioItem).where(clave);
        continue;
      }
      await tx
        .insert(listaPrecioItem)
        .values({ idEmpresa: auth.idEmpresa, idListaPrecio: idLista, idItem: p.IdItem, codigoUnidad: p.CodigoUnidad, factor: p.Factor, precio: p.Precio, logUsuarioCrea: auth.idUsuario })
        .onConflictDoUpdate({
          target: [listaPrecioItem.idListaPrecio, listaPrecioItem.idItem, listaPrecioItem.codigoUnidad],
          set: { factor: p.Factor, precio: p.Precio, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() },
        });
    }
  });
  return { Guardados: b.Precios.length };
}

/**
 * The price WITH IGV of an item in a presentation for a list: when the customer is a worker of the company in a group
 * with a price for that unit in the sale's currency, the group's (the lowest of their groups); else the list's own
 * price; else the standard list's; else the item's own price times the presentation's factor (1 for the base unit).
 */
export async function precioPara(
  db: Lector,
  idEmpresa: number,
  idLista: number | null,
  it: typeof item.$inferSelect,
  codigoUnidad: string,
  cliente?: { idTipoDocumento: number; documento: string; idMoneda: number },
): Promise<string> {
  if (cliente) {
    const deGrupo = (await preciosDeGrupoParaCliente(db, idEmpresa, cliente, [it.id])).find((p) => p.CodigoUnidad === codigoUnidad && p.IdMoneda === cliente.idMoneda);
    if (deGrupo) return deGrupo.Precio;
  }
  await asegurarEstaticas(db, idEmpresa);
  const filas = await db
    .select({ tipo: listaPrecio.tipo, idLista: listaPrecio.id, precio: listaPrecioItem.precio, factor: listaPrecioItem.factor })
    .from(listaPrecioItem)
    .innerJoin(listaPrecio, eq(listaPrecio.id, listaPrecioItem.idListaPrecio))
    .where(and(eq(listaPrecioItem.idEmpresa, idEmpresa), eq(listaPrecioItem.idItem, it.id), eq(listaPrecioItem.codigoUnidad, codigoUnidad), eq(listaPrecio.logEstado, 1)));
  const propia = idLista ? filas.find((f) => f.idLista === idLista) : undefined;
  const estandar = filas.find((f) => f.tipo === TipoListaPrecio.ESTANDAR);
  if (propia) return textoPrecio(propia.precio);
  if (estandar) return textoPrecio(estandar.precio);
  return textoPrecio(precioBaseConIgv(it));
}

/**
 * HR group price lists (issue 16): the prices of the items in the active groups of the worker (entity type 1) with that
 * document, lowest first. They apply before the customer's general list. Empty when the customer is not a worker.
 */
async function preciosDeGrupoParaCliente(
  db: Lector,
  idEmpresa: number,
  cliente: { idTipoDocumento: number; documento: string },
  idsItem: number[],
): Promise<(TPrecioGrupoItem & { IdItem: number })[]> {
  const documento = cliente.documento.trim();
  if (!documento || !idsItem.length) return [];
  const filas = await db
    .select({ idGrupo: grupo.id, nombre: grupo.nombre, p: grupoPrecio })
    .from(entidad)
    .innerJoin(grupoColaborador, and(eq(grupoColaborador.idEntidad, entidad.id), eq(grupoColaborador.idEmpresa, idEmpresa)))
    .innerJoin(grupo, and(eq(grupo.id, grupoColaborador.idGrupo), eq(grupo.logEstado, 1)))
    .innerJoin(grupoPrecio, and(eq(grupoPrecio.idGrupo, grupo.id), inArray(grupoPrecio.idItem, idsItem)))
    .where(and(eq(entidad.idEmpresa, idEmpresa), eq(entidad.tipoEntidad, 1), eq(entidad.logEstado, 1), eq(entidad.idTipoDocumento, cliente.idTipoDocumento), eq(entidad.documento, documento)))
    .orderBy(asc(grupoPrecio.precio), asc(grupo.id));
  return filas.map((f) => ({
    IdItem: f.p.idItem,
    IdGrupo: f.idGrupo,
    Grupo: f.nombre,
    CodigoUnidad: f.p.codigoUnidad,
    Factor: textoPrecio(f.p.factor),
    Precio: textoPrecio(f.p.precio),
    IdMoneda: f.p.idMoneda,
  }));
}

export const listaDeEmpresa = filaLista;

export async function idListaEstandar(db: Lector, idEmpresa: number): Promise<number> {
  await asegurarEstaticas(db, idEmpresa);
  const [l] = await db.select({ id: listaPrecio.id }).from(listaPrecio).where(and(eq(listaPrecio.idEmpresa, idEmpresa), eq(listaPrecio.tipo, TipoListaPrecio.ESTANDAR)));
  return l.id;
}

/** The standard list's price WITH IGV of an item per unit code (the item's presentations section shows them). */
export async function preciosEstandarDeItem(db: Lector, idEmpresa: number, idItem: number): Promise<Map<string, string>> {
  return (await preciosEstandarDeItems(db, idEmpresa, [idItem])).get(idItem) ?? new Map();
}

/** The same for several items in one query (a search page): item id -> unit code -> price with IGV. */
export async function preciosEstandarDeItems(db: Lector, idEmpresa: number, ids: number[]): Promise<Map<number, Map<string, string>>> {
  const porItem = new Map<number, Map<string, string>>();
  if (!ids.length) return porItem;
  const idLista = await idListaEstandar(db, idEmpresa);
  const filas = await db.select().from(listaPrecioItem).where(and(eq(listaPrecioItem.idListaPrecio, idLista), inArray(listaPrecioItem.idItem, ids)));
  for (const f of filas) {
    if (!porItem.has(f.idItem)) porItem.set(f.idItem, new Map());
    porItem.get(f.idItem)!.set(f.codigoUnidad, textoPrecio(f.precio));
  }
  return porItem;
}

/**
 * Branch logpres: the same as fijarPreciosEstandar for many items at once (the catalogue import), set-based: one
 * delete of the units without a price and one upsert of the rest, whatever the number of items.
 */
export async function fijarPreciosEstandarVarios(tx: Tx, auth: TAuth, filas: { idItem: number; codigoUnidad: string; factor: string; precio: string | null }[]): Promise<void> {
  if (!filas.length) return;
  const idLista = await idListaEstandar(tx, auth.idEmpresa);
  const quitar = filas.filter((f) => f.precio === null);
  const poner = filas.filter((f) => f.precio !== null);
  if (quitar.length)
    await tx.execute(sql`delete from lista_precio_item l using unnest(${sql.param(quitar.map((f) => f.idItem))}::int[], ${sql.param(quitar.map((f) => f.codigoUnidad))}::varchar[]) as v(id_item, codigo_unidad)
      where l.id_lista_precio = ${idLista} and l.id_item = v.id_item and l.codigo_unidad = v.codigo_unidad`);
  if (poner.length)
    await tx.execute(sql`insert into lista_precio_item (id_empresa, id_lista_precio, id_item, codigo_unidad, factor, precio, log_usuario_crea)
      select ${auth.idEmpresa}::int, ${idLista}::int, id_item, codigo_unidad, factor, precio, ${auth.idUsuario}::int
      from unnest(${sql.param(poner.map((f) => f.idItem))}::int[], ${sql.param(poner.map((f) => f.codigoUnidad))}::varchar[],
        ${sql.param(poner.map((f) => f.factor))}::numeric[], ${sql.param(poner.map((f) => f.precio))}::numeric[]) as v(id_item, codigo_unidad, factor, precio)
      on conflict (id_lista_precio, id_item, codigo_unidad) do update set factor = excluded.factor, precio = excluded.precio,
        log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()`);
}

/**
 * Sets, inside the caller's transaction, the standard list's price of the item's presentations: a unit with a price
 * is upserted with the presentation's factor; a unit without one (or a presentation removed) loses its standard price.
 * Only the given unit codes are touched: prices of other units set on the price-list screen stay.
 */
export async function fijarPreciosEstandar(tx: Tx, auth: TAuth, idItem: number, filas: { codigoUnidad: string; factor: string; precio: string | null }[]): Promise<void> {
  const idLista = await idListaEstandar(tx, auth.idEmpresa);
  const quitar = filas.filter((f) => f.precio === null).map((f) => f.codigoUnidad);
  if (quitar.length)
    await tx.delete(listaPrecioItem).where(and(eq(listaPrecioItem.idListaPrecio, idLista), eq(listaPrecioItem.idItem, idItem), inArray(listaPrecioItem.codigoUnidad, quitar)));
  for (const f of filas) {
    if (f.precio === null) continue;
    await tx
      .insert(listaPrecioItem)
      .values({ idEmpresa: auth.idEmpresa, idListaPrecio: idLista, idItem, codigoUnidad: f.codigoUnidad, factor: f.factor, precio: f.precio, logUsuarioCrea: auth.idUsuario })
      .onConflictDoUpdate({
        target: [listaPrecioItem.idListaPrecio, listaPrecioItem.idItem, listaPrecioItem.codigoUnidad],
        set: { factor: f.factor, precio: f.precio, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() },
      });
  }
}
