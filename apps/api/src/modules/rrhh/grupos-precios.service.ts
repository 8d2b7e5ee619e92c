import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TGrupo, TGrupoListaPrecios, ZGrupoClonar, ZGrupoCopiarListaPrecio, ZGrupoListaPrecioGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { itemPresentacion } from '../logistica/conteos.schema';
import { item } from '../logistica/logistica.schema';
import { grupo, grupoColaborador, grupoPrecio } from './fotocheck.schema';
import { obtenerGrupo } from './grupos.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Lector = Db | Tx;
const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/** Same rule as the price lists of sales: up to 10 decimals, trailing zeros dropped, at least 2 kept. */
const textoPrecio = (d: Decimal | string) => {
  const x = new Decimal(d);
  const s = x.toDecimalPlaces(10).toFixed();
  return s.includes('.') && s.split('.')[1].length >= 2 ? s : x.toFixed(2);
};
const precioBaseConIgv = (f: { precio: string; precioIncluyeIgv: boolean; afectacionIgv: string }) =>
  f.precioIncluyeIgv || !(f.afectacionIgv === '10' || f.afectacionIgv === '17') ? new Decimal(f.precio) : new Decimal(f.precio).times('1.18');

async function filaGrupo(db: Lector, auth: TAuth, id: number) {
  const [g] = await db.select().from(grupo).where(and(eq(grupo.idEmpresa, auth.idEmpresa), eq(grupo.id, id), eq(grupo.logEstado, 1)));
  if (!g) throw noEncontrado('No se encontró el grupo');
  return g;
}

export async function listaDePrecios(ctx: Contexto, auth: TAuth, idGrupo: number): Promise<TGrupoListaPrecios> {
  await filaGrupo(ctx.dbh.db, auth, idGrupo);
  const filas = await ctx.dbh.db
    .select({ p: grupoPrecio, i: item })
    .from(grupoPrecio)
    .innerJoin(item, eq(item.id, grupoPrecio.idItem))
    .where(and(eq(grupoPrecio.idEmpresa, auth.idEmpresa), eq(grupoPrecio.idGrupo, idGrupo)))
    .orderBy(asc(item.descripcion), asc(grupoPrecio.factor), asc(grupoPrecio.codigoUnidad));
  return {
    IdGrupo: idGrupo,
    Count: filas.length,
    Data: filas.map(({ p, i }) => ({
      IdItem: i.id,
      Codigo: i.codigo,
      Descripcion: i.descripcion,
      CodigoUnidad: p.codigoUnidad,
      Factor: textoPrecio(p.factor),
      Precio: textoPrecio(p.precio),
      IdMoneda: p.idMoneda,
      PrecioBase: textoPrecio(precioBaseConIgv(i)),
    })),
  };
}

/**
 * `PUT grupos/{id}/listaprecios`: adds or updates lines (Precio null removes one), or with Reemplazar the list becomes
 * exactly the given lines. Items must be the company's; the unit is the item's base unit or one of its presentations
 * (the factor comes from there); an item and unit appear once. One transaction.
 */
export async function guardarListaDePrecios(ctx: Contexto, auth: TAuth, idGrupo: number, b: z.output<typeof ZGrupoListaPrecioGuardar>): Promise<TGrupoListaPrecios> {
  await filaGrupo(ctx.dbh.db, auth, idGrupo);
  const db = ctx.dbh.db;
  const ids = [...new Set(b.Precios.map((p) => p.IdItem))];
  const [items, presentaciones] = ids.length
    ? await Promise.all([
        db.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), inArray(item.id, ids))),
        db.select().from(itemPresentacion).where(and(eq(itemPresentacion.idEmpresa, auth.idEmpresa), inArray(itemPresentacion.idItem, ids), eq(itemPresentacion.logEstado, 1))),
      ])
    : [[], []];
  const vistos = new Set<string>();
  const lineas = b.Precios.map((p, i) => {
    const it = items.find((x) => x.id === p.IdItem);
    if (!it) throw errorDeCampo(`Precios.${i}.IdItem`, 'No se encontró el producto o servicio');
    const unidad = p.CodigoUnidad || it.codigoUnidad;
    const presentacion = presentaciones.find((x) => x.idItem === it.id && x.codigoUnidad === unidad);
    if (unidad !== it.codigoUnidad && !presentacion) throw errorDeCampo(`Precios.${i}.CodigoUnidad`, `El ítem ${it.codigo} no tiene la unidad ${unidad}`);
    const clave = `${it.id}|${unidad}`;
    if (vistos.has(clave)) throw errorDeCampo(`Precios.${i}.IdItem`, `El ítem ${it.codigo} (${unidad}) está repetido en la lista`);
    vistos.add(clave);
    if (p.Precio === null && b.Reemplazar) throw errorDeCampo(`Precios.${i}.Precio`, 'Indique el precio');
    if (p.Precio !== null && new Decimal(p.Precio).lt(0)) throw errorDeCampo(`Precios.${i}.Precio`, 'El precio no puede ser negativo');
    return { idItem: it.id, codigoUnidad: unidad, factor: presentacion ? presentacion.factor : '1', precio: p.Precio, idMoneda: p.IdMoneda };
  });
  await db.transaction(async (tx) => {
    if (b.Reemplazar) await tx.delete(grupoPrecio).where(and(eq(grupoPrecio.idEmpresa, auth.idEmpresa), eq(grupoPrecio.idGrupo, idGrupo)));
    for (const l of lineas) {
      const clave = and(eq(grupoPrecio.idGrupo, idGrupo), eq(grupoPrecio.idItem, l.idItem), eq(grupoPrecio.codigoUnidad, l.codigoUnidad));
      if (l.precio === null) {
        await tx.delete(grupoPrecio).where(clave);
        continue;
      }
      await tx
        .insert(grupoPrecio)
        .values({ idEmpresa: auth.idEmpresa, idGrupo, idItem: l.idItem, codigoUnidad: l.codigoUnidad, factor: l.factor, precio: l.precio, idMoneda: l.idMoneda, logUsuarioCrea: auth.idUsuario })
        .onConflictDoUpdate({
          target: [grupoPrecio.idGrupo, grupoPrecio.idItem, grupoPrecio.codigoUnidad],
          set: { factor: l.factor, precio: l.precio, idMoneda: l.idMoneda, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() },
        });
    }
  });
  return listaDePrecios(ctx, auth, idGrupo);
}

async function copiarLineas(tx: Tx, auth: TAuth, origen: number, destino: number): Promise<number> {
  const filas = await tx.select().from(grupoPrecio).where(and(eq(grupoPrecio.idEmpresa, auth.idEmpresa), eq(grupoPrecio.idGrupo, origen)));
  if (!filas.length) return 0;
  await tx.insert(grupoPrecio).values(
    filas.map((f) => ({ idEmpresa: auth.idEmpresa, idGrupo: destino, idItem: f.idItem, codigoUnidad: f.codigoUnidad, factor: f.factor, precio: f.precio, idMoneda: f.idMoneda, logUsuarioCrea: auth.idUsuario })),
  );
  return filas.length;
}

/** `POST grupos/{id}/reset`: empties the group's price list (its members stay: `remove/grupo` removes them). */
export async function vaciarLista(ctx: Contexto, auth: TAuth, idGrupo: number): Promise<{ Cambiados: number }> {
  await filaGrupo(ctx.dbh.db, auth, idGrupo);
  const filas = await ctx.dbh.db.delete(grupoPrecio).where(and(eq(grupoPrecio.idEmpresa, auth.idEmpresa), eq(grupoPrecio.idGrupo, idGrupo))).returning({ id: grupoPrecio.id });
  return { Cambiados: filas.length };
}

/** `POST grupos/{id}/copiarlistaprecio`: the group's list becomes a copy of another group's (replaced, one transaction). */
export async function copiarListaDe(ctx: Contexto, auth: TAuth, idGrupo: number, b: z.output<typeof ZGrupoCopiarListaPrecio>): Promise<{ Cambiados: number }> {
  await filaGrupo(ctx.dbh.db, auth, idGrupo);
  if (b.IdGrupoOrigen === idGrupo) throw errorDeCampo('IdGrupoOrigen', 'Elija otro grupo para copiar su lista');
  await filaGrupo(ctx.dbh.db, auth, b.IdGrupoOrigen);
  const n = await ctx.dbh.db.transaction(async (tx) => {
    await tx.delete(grupoPrecio).where(and(eq(grupoPrecio.idEmpresa, auth.idEmpresa), eq(grupoPrecio.idGrupo, idGrupo)));
    return copiarLineas(tx, auth, b.IdGrupoOrigen, idGrupo);
  });
  return { Cambiados: n };
}

/**
 * `POST grupos/{id}/clonar`: a new group with the given name, the same price list and, when asked, the same members
 * (the model lets a worker be in several groups). One transaction: a repeated name leaves nothing behind.
 */
export async function clonar(ctx: Contexto, auth: TAuth, idGrupo: number, b: z.output<typeof ZGrupoClonar>): Promise<TGrupo> {
  await filaGrupo(ctx.dbh.db, auth, idGrupo);
  const nuevo = await ctx.dbh.db.transaction(async (tx) => {
    const [g] = await tx
      .insert(grupo)
      .values({ idEmpresa: auth.idEmpresa, nombre: b.Nombre, descripcion: b.Descripcion, logUsuarioCrea: auth.idUsuario })
      .returning({ Id: grupo.id })
      .catch((err: unknown) => Promise.reject(esDuplicado(err) ? errorDeCampo('Nombre', 'Ya existe un grupo con ese nombre') : err));
    await copiarLineas(tx, auth, idGrupo, g.Id);
    if (b.ConColaboradores) {
      const miembros = await tx.select({ idEntidad: grupoColaborador.idEntidad }).from(grupoColaborador).where(and(eq(grupoColaborador.idEmpresa, auth.idEmpresa), eq(grupoColaborador.idGrupo, idGrupo)));
      if (miembros.length) await tx.insert(grupoColaborador).values(miembros.map((m) => ({ idEmpresa: auth.idEmpresa, idGrupo: g.Id, idEntidad: m.idEntidad, logUsuarioCrea: auth.idUsuario })));
    }
    return g.Id;
  });
  return obtenerGrupo(ctx, auth, nuevo);
}
