import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { TipoDocumentoContable, type TLotesFefo, type TStockVenta, type TVencimientoFila, ZLotesFefoQuery, ZVencimientosQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { filasDe, type Tx } from './libro.repo';
import { sucursalDelUsuario } from './items.service';

/**
 * Lots and serials (issue 13). The ledger keeps quantities and costs per item and warehouse; this layer says which
 * lot or serial each movement took or put (table movimiento_lote), in the movement's transaction, right after
 * `asentar`. Items without a flag pass through untouched, so callers can hand every line over.
 */

export type TLineaLote = {
  idItem: number;
  idAlmacen: number;
  /** Signed like the ledger: positive in, negative out. */
  cantidad: Decimal;
  lote?: string;
  vencimiento?: string;
  series?: string[];
  /** Returns and transfers: the exact lot to put the quantity into. */
  idLote?: number;
  /** Field prefix for the messages (e.g. `Lineas.0`). */
  campo?: string;
};

export type TOpcionesLote = {
  idEmpresa: number;
  idUsuario: number;
  idMovimiento: number;
  fecha: string;
  permiteStockNegativo: boolean;
  /** A sale never takes an expired lot; inventory exits (mermas, desmedros) may name one. */
  esVenta?: boolean;
};

/** What an exit took, per line: lots and serials (the caller may put the same into another warehouse). */
export type TAsignacion = { idLote: number | null; codigo: string | null; vencimiento: string | null; idSerie: number | null; serie: string | null; cantidad: Decimal };

type TFlags = { id: number; descripcion: string; control_lote: boolean; control_serie: boolean };
const q10 = (d: Decimal) => d.toDecimalPlaces(10).toFixed(10);
const texto = (d: Decimal) => d.toDecimalPlaces(10).toFixed();

export const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

async function flagsDe(tx: Tx, idEmpresa: number, ids: number[]): Promise<Map<number, TFlags>> {
  if (ids.length === 0) return new Map();
  const filas = filasDe<TFlags>(
    await tx.execute(sql`select id, descripcion, control_lote, control_serie from item
      where id_empresa = ${idEmpresa} and (control_lote or control_serie) and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`),
  );
  return new Map(filas.map((f) => [Number(f.id), f]));
}

/** Whether any of the items is lot- or serial-tracked (one cheap read before the heavier path). */
export async function hayControlados(tx: Tx, idEmpresa: number, ids: number[]) {
  return (await flagsDe(tx, idEmpresa, [...new Set(ids)])).size > 0;
}

async function registrar(tx: Tx, o: TOpcionesLote, l: { idItem: number; idAlmacen: number }, idLote: number | null, idSerie: number | null, cantidad: Decimal) {
  await tx.execute(sql`insert into movimiento_lote (id_empresa, id_movimiento, id_item, id_almacen, id_lote, id_serie, cantidad, log_usuario_crea)
    values (${o.idEmpresa}, ${o.idMovimiento}, ${l.idItem}, ${l.idAlmacen}, ${idLote}, ${idSerie}, ${q10(cantidad)}, ${o.idUsuario})`);
}

/**
 * Applies the lots and serials of a movement's lines. Entries of a lot-tracked item need the lot; exits take the
 * named lot or split by FEFO (earliest expiry first, expired lots excluded). Serial-tracked items need whole units
 * and, on entries, one serial each; an exit takes the named serials (each sold once) or the oldest in stock.
 * Returns what each line took, in the order of `lineas`.
 */
export async function moverLotes(tx: Tx, o: TOpcionesLote, lineas: TLineaLote[]): Promise<TAsignacion[][]> {
  const flags = await flagsDe(tx, o.idEmpresa, [...new Set(lineas.map((l) => l.idItem))]);
  const salida: TAsignacion[][] = [];
  for (const l of lineas) {
    const f = flags.get(l.idItem);
    if (!f) {
      salida.push([]);
      continue;
    }
    const campo = l.campo ? `${l.campo}.` : '';
    if (f.control_lote) salida.push(l.cantidad.isNegative() ? await sacarDeLotes(tx, o, l, f, campo) : [await ponerEnLote(tx, o, l, f, campo)]);
    else salida.push(await moverSeries(tx, o, l, f, campo));
  }
  return salida;
}

async function ponerEnLote(tx: Tx, o: TOpcionesLote, l: TLineaLote, f: TFlags, campo: string): Promise<TAsignacion> {
  let fila: { id: number; codigo: string; fecha_vencimiento: string | null } | undefined;
  if (l.idLote) {
    [fila] = filasDe<typeof fila & object>(
      await tx.execute(sql`update lote set cantidad = cantidad + ${q10(l.cantidad)}, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now()
        where id = ${l.idLote} and id_empresa = ${o.idEmpresa} returning id, codigo, fecha_vencimiento::text as fecha_vencimiento`),
    );
  } else {
    if (!l.lote) throw errorDeCampo(`${campo}Lote`, `${f.descripcion} se controla por lotes: ingrese el número de lote`);
    const [previo] = filasDe<{ fecha_vencimiento: string | null }>(
      await tx.execute(sql`select fecha_vencimiento::text as fecha_vencimiento from lote
        where id_empresa = ${o.idEmpresa} and id_item = ${l.idItem} and lower(codigo) = ${l.lote.toLowerCase()} and fecha_vencimiento is not null limit 1`),
    );
    // A lot has one expiry wherever it is stored.
    if (previo && l.vencimiento && previo.fecha_vencimiento !== l.vencimiento)
      throw errorDeCampo(`${campo}FechaVencimiento`, `El lote ${l.lote} de ${f.descripcion} vence el ${previo.fecha_vencimiento}, no el ${l.vencimiento}`);
    const vence = l.vencimiento ?? previo?.fecha_vencimiento ?? null;
    if (!vence) throw errorDeCampo(`${campo}FechaVencimiento`, `Ingrese el vencimiento del lote ${l.lote}`);
    [fila] = filasDe<typeof fila & object>(
      await tx.execute(sql`insert into lote (id_empresa, id_item, id_almacen, codigo, fecha_vencimiento, cantidad, log_usuario_crea)
        values (${o.idEmpresa}, ${l.idItem}, ${l.idAlmacen}, ${l.lote}, ${vence}, ${q10(l.cantidad)}, ${o.idUsuario})
        on conflict (id_empresa, id_item, id_almacen, lower(codigo)) do update set cantidad = lote.cantidad + excluded.cantidad,
          fecha_vencimiento = coalesce(lote.fecha_vencimiento, excluded.fecha_vencimiento), log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now()
        returning id, codigo, fecha_vencimiento::text as fecha_vencimiento`),
    );
  }
  if (!fila) throw noEncontrado('No se encontró el lote');
  await registrar(tx, o, l, Number(fila.id), null, l.cantidad);
  return { idLote: Number(fila.id), codigo: fila.codigo, vencimiento: fila.fecha_vencimiento, idSerie: null, serie: null, cantidad: l.cantidad };
}

async function sacarDeLotes(tx: Tx, o: TOpcionesLote, l: TLineaLote, f: TFlags, campo: string): Promise<TAsignacion[]> {
  const pedido = l.cantidad.abs();
  // Locked in a fixed order (expiry, id) so two sales of the same lots queue instead of deadlocking.
  const lotes = filasDe<{ id: number; codigo: string; fecha_vencimiento: string | null; cantidad: string }>(
    await tx.execute(sql`select id, codigo, fecha_vencimiento::text as fecha_vencimiento, cantidad::text as cantidad from lote
      where id_empresa = ${o.idEmpresa} and id_item = ${l.idItem} and id_almacen = ${l.idAlmacen}
        and ${l.idLote ? sql`id = ${l.idLote}` : l.lote ? sql`lower(codigo) = ${l.lote.toLowerCase()}` : sql`cantidad > 0`}
      order by fecha_vencimiento nulls last, id for update`),
  );
  const hoy = o.fecha > hoyLima() ? o.fecha : hoyLima();
  let candidatos = lotes;
  if (l.lote || l.idLote) {
    const [x] = lotes;
    if (!x) throw errorDeCampo(`${campo}Lote`, `No hay el lote ${l.lote ?? l.idLote} de ${f.descripcion} en este almacén`);
    if (o.esVenta && x.fecha_vencimiento && x.fecha_vencimiento < hoy)
      throw errorDeCampo(`${campo}Lote`, `El lote ${x.codigo} de ${f.descripcion} venció el ${x.fecha_vencimiento}: no se puede vender`);
    if (new Decimal(x.cantidad).lt(pedido) && !l.idLote)
      throw errorDeCampo(`${campo}Lote`, `El lote ${x.codigo} de ${f.descripcion} tiene ${texto(new Decimal(x.cantidad))} disponibles, se requieren ${texto(pedido)}`);
  } else if (o.esVenta) candidatos = lotes.filter((x) => !x.fecha_vencimiento || x.fecha_vencimiento >= hoy);
  const asignado: TAsignacion[] = [];
  let resta = pedido;
  for (const x of candidatos) {
    if (resta.lte(0)) break;
    // A reversal (idLote) takes exactly from its lot, even below zero; any other exit only what the lot has.
    const toma = l.idLote ? resta : Decimal.min(resta, new Decimal(x.cantidad));
    if (toma.lte(0)) continue;
    await tx.execute(sql`update lote set cantidad = cantidad - ${q10(toma)}, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now() where id = ${x.id}`);
    await registrar(tx, o, l, Number(x.id), null, toma.negated());
    asignado.push({ idLote: Number(x.id), codigo: x.codigo, vencimiento: x.fecha_vencimiento, idSerie: null, serie: null, cantidad: toma });
    resta = resta.minus(toma);
  }
  if (resta.gt(0)) {
    if (!o.permiteStockNegativo) {
      const vigente = candidatos.reduce((s, x) => s.plus(Decimal.max(0, new Decimal(x.cantidad))), new Decimal(0));
      throw errorDeCampo(`${campo}Cantidad`, `Stock insuficiente en lotes vigentes de ${f.descripcion}: disponible ${texto(vigente)}, requerido ${texto(pedido)}`);
    }
    // Negative stock allowed: the part no lot covers leaves without a lot (the kardex and the stock show it).
    await registrar(tx, o, l, null, null, resta.negated());
    asignado.push({ idLote: null, codigo: null, vencimiento: null, idSerie: null, serie: null, cantidad: resta });
  }
  return asignado;
}

async function moverSeries(tx: Tx, o: TOpcionesLote, l: TLineaLote, f: TFlags, campo: string): Promise<TAsignacion[]> {
  const n = l.cantidad.abs();
  if (!n.isInteger()) throw errorDeCampo(`${campo}Cantidad`, `${f.descripcion} se controla por series: la cantidad debe ser entera`);
  const series = [...new Set((l.series ?? []).map((s) => s.trim()).filter(Boolean))];
  if (series.length !== (l.series ?? []).length) throw errorDeCampo(`${campo}Series`, 'Hay series repetidas');
  const entra = !l.cantidad.isNegative();
  if ((entra || series.length > 0) && series.length !== n.toNumber())
    throw errorDeCampo(`${campo}Series`, `${f.descripcion} se controla por series: ingrese ${n.toFixed()} ${n.eq(1) ? 'serie' : 'series'} (hay ${series.length})`);
  const asignado: TAsignacion[] = [];
  if (entra) {
    for (const s of series) {
      // New serial, or one that left (sold, returned to the supplier) coming back; never one already in stock.
      const [fila] = filasDe<{ id: number }>(
        await tx.execute(sql`insert into item_serie (id_empresa, id_item, id_almacen, numero, log_usuario_crea)
          values (${o.idEmpresa}, ${l.idItem}, ${l.idAlmacen}, ${s}, ${o.idUsuario})
          on conflict (id_empresa, id_item, lower(numero)) do update set disponible = true, id_almacen = excluded.id_almacen, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now()
            where item_serie.disponible = false
          returning id`),
      );
      if (!fila) throw errorDeCampo(`${campo}Series`, `La serie ${s} de ${f.descripcion} ya está en stock`);
      await registrar(tx, o, l, null, Number(fila.id), new Decimal(1));
      asignado.push({ idLote: null, codigo: null, vencimiento: null, idSerie: Number(fila.id), serie: s, cantidad: new Decimal(1) });
    }
    return asignado;
  }
  let tomadas: { id: number; numero: string }[];
  if (series.length > 0) {
    // The row lock of the update makes a second sale of the same serial wait and then find it gone.
    tomadas = filasDe<{ id: number; numero: string }>(
      await tx.execute(sql`update item_serie set disponible = false, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now()
        where id_empresa = ${o.idEmpresa} and id_item = ${l.idItem} and id_almacen = ${l.idAlmacen} and disponible
          and lower(numero) in (${sql.join(series.map((s) => sql`${s.toLowerCase()}`), sql`, `)})
        returning id, numero`),
    );
    if (tomadas.length < series.length) {
      const ok = new Set(tomadas.map((t) => t.numero.toLowerCase()));
      const falta = series.find((s) => !ok.has(s.toLowerCase()))!;
      const [existe] = filasDe<{ disponible: boolean; id_almacen: number }>(
        await tx.execute(sql`select disponible, id_almacen from item_serie where id_empresa = ${o.idEmpresa} and id_item = ${l.idItem} and lower(numero) = ${falta.toLowerCase()}`),
      );
      const motivo = !existe ? 'no está registrada' : !existe.disponible ? 'ya fue vendida o salió del almacén' : 'está en otro almacén';
      throw errorDeCampo(`${campo}Series`, `La serie ${falta} de ${f.descripcion} ${motivo}`);
    }
  } else {
    tomadas = filasDe<{ id: number; numero: string }>(
      await tx.execute(sql`update item_serie set disponible = false, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now()
        where id in (select id from item_serie where id_empresa = ${o.idEmpresa} and id_item = ${l.idItem} and id_almacen = ${l.idAlmacen} and disponible
          order by id limit ${n.toNumber()} for update skip locked)
        returning id, numero`),
    );
    if (tomadas.length < n.toNumber() && !o.permiteStockNegativo)
      throw errorDeCampo(`${campo}Series`, `No hay series suficientes de ${f.descripcion}: disponibles ${tomadas.length}, requeridas ${n.toFixed()}`);
  }
  for (const t of tomadas) {
    await registrar(tx, o, l, null, Number(t.id), new Decimal(-1));
    asignado.push({ idLote: null, codigo: null, vencimiento: null, idSerie: Number(t.id), serie: t.numero, cantidad: new Decimal(1) });
  }
  const resto = n.minus(tomadas.length);
  if (resto.gt(0)) await registrar(tx, o, l, null, null, resto.negated());
  return asignado;
}

/**
 * Reverses the lots and serials a movement moved into the movement that reverses it: each lot gets its quantity
 * back (or loses it again), each serial returns to stock (or leaves it), exactly as posted.
 */
export async function revertirLotes(tx: Tx, o: Omit<TOpcionesLote, 'permiteStockNegativo' | 'esVenta'>, idMovimientoOriginal: number) {
  const filas = filasDe<{ id_item: number; id_almacen: number; id_lote: number | null; id_serie: number | null; cantidad: string }>(
    await tx.execute(sql`select id_item, id_almacen, id_lote, id_serie, cantidad::text as cantidad from movimiento_lote
      where id_movimiento = ${idMovimientoOriginal} and id_empresa = ${o.idEmpresa} order by id`),
  );
  for (const f of filas) {
    const q = new Decimal(f.cantidad).negated();
    if (f.id_lote) await tx.execute(sql`update lote set cantidad = cantidad + ${q10(q)}, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now() where id = ${f.id_lote}`);
    if (f.id_serie)
      await tx.execute(sql`update item_serie set disponible = ${q.gt(0)}, id_almacen = ${f.id_almacen}, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now() where id = ${f.id_serie}`);
    await registrar(tx, { ...o, permiteStockNegativo: true }, { idItem: Number(f.id_item), idAlmacen: Number(f.id_almacen) }, f.id_lote, f.id_serie, q);
  }
}

/**
 * A credit note's return: the quantity goes back into the lots (and serials) the sale took, line by line. Named
 * serials must be among the sale's; without names the sale's serials not yet returned come back first.
 */
export async function devolverALotes(
  tx: Tx,
  o: TOpcionesLote,
  idDocumentoVenta: number,
  lineas: { idItem: number; idAlmacen: number; cantidad: Decimal; lote?: string; series?: string[]; campo?: string }[],
) {
  const flags = await flagsDe(tx, o.idEmpresa, [...new Set(lineas.map((l) => l.idItem))]);
  if (flags.size === 0) return;
  // What the sale took and what earlier returns already put back, per lot or serial.
  const tomado = filasDe<{ id_item: number; id_lote: number | null; id_serie: number | null; codigo: string | null; numero: string | null; neto: string }>(
    await tx.execute(sql`select ml.id_item, ml.id_lote, ml.id_serie, lo.codigo, s.numero, (-sum(ml.cantidad))::text as neto
      from movimiento_lote ml join movimiento_inventario m on m.id = ml.id_movimiento
      left join lote lo on lo.id = ml.id_lote left join item_serie s on s.id = ml.id_serie
      where m.id_empresa = ${o.idEmpresa} and (m.id_documento_contable = ${idDocumentoVenta}
        or m.id_documento_contable in (select id from documento_contable where id_documento_afectado = ${idDocumentoVenta} and id_empresa = ${o.idEmpresa} and id_tipo_documento = ${TipoDocumentoContable.NOTA_CREDITO}))
        and (ml.id_lote is not null or ml.id_serie is not null)
      group by ml.id_item, ml.id_lote, ml.id_serie, lo.codigo, s.numero, lo.fecha_vencimiento
      having sum(ml.cantidad) < 0
      order by ml.id_item, lo.fecha_vencimiento desc nulls first, ml.id_lote, ml.id_serie`),
  );
  for (const l of lineas) {
    const f = flags.get(l.idItem);
    if (!f) continue;
    const campo = l.campo ? `${l.campo}.` : '';
    let pendientes = tomado.filter((t) => Number(t.id_item) === l.idItem && new Decimal(t.neto).gt(0));
    if (f.control_serie && l.series?.length) {
      const pedidas = new Set(l.series.map((s) => s.toLowerCase()));
      pendientes = pendientes.filter((t) => t.numero && pedidas.has(t.numero.toLowerCase()));
      if (pendientes.length !== pedidas.size) throw errorDeCampo(`${campo}Series`, `Alguna de las series no salió con el comprobante que se devuelve`);
    }
    if (f.control_lote && l.lote) pendientes = pendientes.filter((t) => t.codigo?.toLowerCase() === l.lote!.toLowerCase());
    let resta = l.cantidad;
    for (const t of pendientes) {
      if (resta.lte(0)) break;
      const toma = Decimal.min(resta, new Decimal(t.neto));
      if (t.id_lote) await tx.execute(sql`update lote set cantidad = cantidad + ${q10(toma)}, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now() where id = ${t.id_lote}`);
      if (t.id_serie) await tx.execute(sql`update item_serie set disponible = true, log_usuario_modif = ${o.idUsuario}, log_fecha_modif = now() where id = ${t.id_serie}`);
      await registrar(tx, o, l, t.id_lote ? Number(t.id_lote) : null, t.id_serie ? Number(t.id_serie) : null, toma);
      t.neto = new Decimal(t.neto).minus(toma).toFixed();
      resta = resta.minus(toma);
    }
    if (resta.gt(0)) throw errorDeCampo(`${campo}Cantidad`, `Se devuelven ${texto(l.cantidad)} de ${f.descripcion}, pero el comprobante solo sacó ${texto(l.cantidad.minus(resta))} por devolver de sus lotes o series`);
  }
}

// ---- Reads ----
async function itemYAlmacen(ctx: Contexto, auth: TAuth, idItem: number, idAlmacen: number) {
  const [f] = filasDe<{ descripcion: string; control_lote: boolean; almacen: string | null }>(
    await ctx.dbh.db.execute(sql`select i.descripcion, i.control_lote, (select nombre from almacen where id = ${idAlmacen} and id_empresa = ${auth.idEmpresa}) as almacen
      from item i where i.id = ${idItem} and i.id_empresa = ${auth.idEmpresa}`),
  );
  if (!f) throw noEncontrado('No se encontró el producto');
  if (f.almacen === null) throw noEncontrado('No se encontró el almacén');
  return f;
}

/**
 * Seed §7 `inventarios/stock/lotes/{idItem}/{idAlmacen}?cantidad&modulo`: the lots with stock in FEFO order and how
 * a requested quantity splits across them. Módulo V (sales) leaves expired lots out; I (inventory exits such as
 * mermas) lists them first. Nothing is reserved: the sale takes its lots under lock when it is issued.
 */
export async function lotesFefo(ctx: Contexto, auth: TAuth, idItem: number, idAlmacen: number, q: z.output<typeof ZLotesFefoQuery>): Promise<TLotesFefo> {
  await itemYAlmacen(ctx, auth, idItem, idAlmacen);
  const hoy = hoyLima();
  const lotes = filasDe<{ id: number; codigo: string; fecha_vencimiento: string | null; cantidad: string }>(
    await ctx.dbh.db.execute(sql`select id, codigo, fecha_vencimiento::text as fecha_vencimiento, cantidad::text as cantidad from lote
      where id_empresa = ${auth.idEmpresa} and id_item = ${idItem} and id_almacen = ${idAlmacen} and cantidad > 0
        ${q.modulo === 'V' ? sql`and (fecha_vencimiento is null or fecha_vencimiento >= ${hoy})` : sql``}
      order by fecha_vencimiento nulls last, id`),
  );
  const solicitado = new Decimal(q.cantidad ?? 0);
  let resta = solicitado;
  const data = lotes.map((x) => {
    const disponible = new Decimal(x.cantidad);
    const toma = Decimal.min(resta, disponible);
    resta = resta.minus(toma);
    return { IdLote: Number(x.id), CodigoLote: x.codigo, FechaVencimiento: x.fecha_vencimiento, Disponible: texto(disponible), Cantidad: texto(toma), Vencido: !!x.fecha_vencimiento && x.fecha_vencimiento < hoy };
  });
  return { Data: data, Count: data.length, Solicitado: texto(solicitado), Asignado: texto(solicitado.minus(resta)), Faltante: texto(resta) };
}

/** Lots with stock that expire within `dias` days, and those already expired (expiry alerts of the stock page). */
export async function vencimientos(ctx: Contexto, auth: TAuth, q: z.output<typeof ZVencimientosQuery>) {
  const hoy = hoyLima();
  const donde = sql`l.id_empresa = ${auth.idEmpresa} and l.cantidad > 0 and l.fecha_vencimiento <= ${hoy}::date + ${q.dias}::int
    ${q.idalmacen ? sql`and l.id_almacen = ${q.idalmacen}` : sql``}`;
  const [filas, [totales]] = await Promise.all([
    ctx.dbh.db.execute(sql`select l.id, l.id_item, i.codigo, i.descripcion, l.id_almacen, a.nombre as almacen, l.codigo as lote,
        l.fecha_vencimiento::text as vence, l.cantidad::text as cantidad, (l.fecha_vencimiento - ${hoy}::date)::int as dias
      from lote l join item i on i.id = l.id_item join almacen a on a.id = l.id_almacen
      where ${donde} order by l.fecha_vencimiento, i.descripcion, l.id limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    ctx.dbh.db.execute(sql`select count(*)::int as n, count(*) filter (where l.fecha_vencimiento < ${hoy})::int as vencidos from lote l where ${donde}`).then((r) => filasDe<{ n: number; vencidos: number }>(r)),
  ]);
  const data: TVencimientoFila[] = filasDe<{ id: number; id_item: number; codigo: string; descripcion: string; id_almacen: number; almacen: string; lote: string; vence: string; cantidad: string; dias: number }>(filas).map((f) => ({
    IdLote: Number(f.id),
    IdItem: Number(f.id_item),
    Codigo: f.codigo,
    Descripcion: f.descripcion,
    IdAlmacen: Number(f.id_almacen),
    Almacen: f.almacen,
    CodigoLote: f.lote,
    FechaVencimiento: f.vence,
    Cantidad: texto(new Decimal(f.cantidad)),
    DiasRestantes: Number(f.dias),
    Vencido: Number(f.dias) < 0,
  }));
  return { Data: data, Count: Number(totales.n), Vencidos: Number(totales.vencidos) };
}

/** Serials of an item in stock in a warehouse (the picker of sales and exits). */
export async function seriesDisponibles(ctx: Contexto, auth: TAuth, idItem: number, idAlmacen: number) {
  await itemYAlmacen(ctx, auth, idItem, idAlmacen);
  const filas = filasDe<{ id: number; numero: string }>(
    await ctx.dbh.db.execute(sql`select id, numero from item_serie where id_empresa = ${auth.idEmpresa} and id_item = ${idItem} and id_almacen = ${idAlmacen} and disponible order by id limit 1000`),
  );
  return { Data: filas.map((f) => ({ Id: Number(f.id), Numero: f.numero })), Count: filas.length };
}

/**
 * The kardex's Lote column: the lots each ledger line moved for one item and warehouse, "L-1" when one lot, "L-1 (5);
 * L-2 (3)" when the line split (quantities in base units, unsigned). `movimiento_lote` is per movement, not per line,
 * and `moverLotes` writes a movement's lot rows in line order: the lines of one movement for the item and warehouse
 * take its lot rows in that order, each up to its own quantity. Key: ledger line (movimiento_inventario_detalle) id.
 */
// The ids go as one text parameter: the kardex Excel asks for up to 100,000 movements, past PostgreSQL's 65,535 parameters.
export async function lotesDeLineas(db: Tx, idEmpresa: number, idItem: number, idAlmacen: number, idsMovimiento: number[]): Promise<Map<number, string>> {
  if (idsMovimiento.length === 0) return new Map();
  const ids = [...new Set(idsMovimiento)].join(',');
  const lotes = filasDe<{ id_movimiento: number; codigo: string; cantidad: string }>(
    await db.execute(sql`select ml.id_movimiento, l.codigo, ml.cantidad::text as cantidad
      from movimiento_lote ml join lote l on l.id = ml.id_lote
      where ml.id_empresa = ${idEmpresa} and ml.id_item = ${idItem} and ml.id_almacen = ${idAlmacen}
        and ml.id_movimiento = any(string_to_array(${ids}, ',')::int[])
      order by ml.id_movimiento, ml.id`),
  );
  if (lotes.length === 0) return new Map();
  const lineas = filasDe<{ id: number; id_movimiento: number; cantidad: string }>(
    await db.execute(sql`select id, id_movimiento, cantidad::text as cantidad from movimiento_inventario_detalle
      where id_empresa = ${idEmpresa} and id_item = ${idItem} and id_almacen = ${idAlmacen}
        and id_movimiento = any(string_to_array(${[...new Set(lotes.map((l) => Number(l.id_movimiento)))].join(',')}, ',')::int[])
      order by id_movimiento, id`),
  );
  const pendientes = new Map<number, { codigo: string; resta: Decimal }[]>();
  for (const l of lotes) {
    const m = Number(l.id_movimiento);
    pendientes.set(m, [...(pendientes.get(m) ?? []), { codigo: l.codigo, resta: new Decimal(l.cantidad).abs() }]);
  }
  const res = new Map<number, string>();
  for (const ln of lineas) {
    const cola = pendientes.get(Number(ln.id_movimiento)) ?? [];
    let falta = new Decimal(ln.cantidad).abs();
    const tomados: { codigo: string; q: Decimal }[] = [];
    while (falta.gt(0) && cola.length > 0) {
      const t = Decimal.min(falta, cola[0].resta);
      const previo = tomados.find((x) => x.codigo === cola[0].codigo);
      if (previo) previo.q = previo.q.plus(t);
      else tomados.push({ codigo: cola[0].codigo, q: t });
      cola[0].resta = cola[0].resta.minus(t);
      falta = falta.minus(t);
      if (cola[0].resta.lte(0)) cola.shift();
    }
    if (tomados.length) res.set(Number(ln.id), tomados.length === 1 ? tomados[0].codigo : tomados.map((x) => `${x.codigo} (${texto(x.q)})`).join('; '));
  }
  return res;
}

/**
 * What a sale line of an item can pick (the lot and serial pickers of factura, boleta and nota de venta): the lots
 * with stock in FEFO order, expired ones included and flagged, or the serials in stock, in the default warehouse of
 * the branch that sells (the one the issue hook moves). A branch without a default warehouse gives empty lists.
 */
export async function stockParaVenta(ctx: Contexto, auth: TAuth, idItem: number, idSucursal: number): Promise<TStockVenta> {
  const [f] = filasDe<{ control_lote: boolean; control_serie: boolean; id_almacen: number | null; almacen: string | null }>(
    await ctx.dbh.db.execute(sql`select i.control_lote, i.control_serie, a.id as id_almacen, a.nombre as almacen
      from item i left join almacen a on a.id_empresa = ${auth.idEmpresa} and a.id_sucursal = ${idSucursal} and a.es_predeterminado and a.log_estado = 1
      where i.id = ${idItem} and i.id_empresa = ${auth.idEmpresa} limit 1`),
  );
  if (!f) throw noEncontrado('No se encontró el producto');
  // The items search's own check: the company's branch, and one of the user's (a cashier of A gets 404 for B).
  await sucursalDelUsuario(ctx, auth, idSucursal);
  const control = f.control_lote ? 'L' : f.control_serie ? 'S' : null;
  const presentaciones = filasDe<{ codigo_unidad: string; factor: string }>(
    await ctx.dbh.db.execute(sql`select codigo_unidad, factor::text as factor from item_presentacion
      where id_empresa = ${auth.idEmpresa} and id_item = ${idItem} order by item_presentacion.factor, codigo_unidad`),
  );
  const vacio: TStockVenta = {
    IdAlmacen: f.id_almacen === null ? null : Number(f.id_almacen),
    Almacen: f.almacen,
    Control: control,
    Lotes: [],
    Series: [],
    Presentaciones: presentaciones.map((p) => ({ CodigoUnidad: p.codigo_unidad, Factor: texto(new Decimal(p.factor)) })),
  };
  if (f.id_almacen === null || control === null) return vacio;
  const idAlmacen = Number(f.id_almacen);
  if (control === 'S') return { ...vacio, Series: (await seriesDisponibles(ctx, auth, idItem, idAlmacen)).Data };
  const hoy = hoyLima();
  const lotes = filasDe<{ id: number; codigo: string; fecha_vencimiento: string | null; cantidad: string }>(
    await ctx.dbh.db.execute(sql`select id, codigo, fecha_vencimiento::text as fecha_vencimiento, cantidad::text as cantidad from lote
      where id_empresa = ${auth.idEmpresa} and id_item = ${idItem} and id_almacen = ${idAlmacen} and cantidad > 0
      order by fecha_vencimiento nulls last, id limit 500`),
  );
  return {
    ...vacio,
    Lotes: lotes.map((x) => ({ IdLote: Number(x.id), CodigoLote: x.codigo, FechaVencimiento: x.fecha_vencimiento, Disponible: texto(new Decimal(x.cantidad)), Vencido: !!x.fecha_vencimiento && x.fecha_vencimiento < hoy })),
  };
}
