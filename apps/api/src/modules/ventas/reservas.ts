import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { ErrorCodes, EstadoPedido, TipoPedido } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A line's base units: a line in a presentation (CAJA x 12) reserves factor x quantity, like the stock it will move. */
const presentacion = sql`left join item_presentacion ip on ip.id_empresa = p.id_empresa and ip.id_item = pi.id_item and ip.codigo_unidad = pi.codigo_unidad`;
const unidades = sql`pi.cantidad * coalesce(ip.factor, 1)`;

/**
 * Units of an item reserved in a warehouse: the lines of the orders "18 Por facturar" of the branch whose default
 * warehouse it is (an order takes its goods from there when it is invoiced). Nothing is stored: invoicing (14) or
 * voiding (16) an order, or taking it back to pending (13), releases its reservation in the same statement that
 * changes its state.
 */
export const reservadoEn = (idAlmacen: SQL | number, idItem: SQL | number, excepto: number | null = null): SQL => sql`(
  select coalesce(sum(${unidades}), 0) from pedido_venta_item pi
  join pedido_venta p on p.id = pi.id_pedido
  ${presentacion}
  join almacen a on a.id_sucursal = p.id_sucursal and a.es_predeterminado and a.log_estado = 1
  where p.estado = ${EstadoPedido.POR_FACTURAR} and p.tipo = ${TipoPedido.PEDIDO} and pi.id_item = ${idItem} and a.id = ${idAlmacen}
    ${excepto === null ? sql`` : sql`and p.id <> ${excepto}`})`;

/**
 * Reserves an order's goods as it becomes (or stays, when edited) "Por facturar": in the caller's transaction, the
 * stock rows of its items in the branch's default warehouse are locked (FOR UPDATE, in (warehouse, item) order like the ledger, so two orders for
 * the same units queue and the second one sees the first one's reservation), and each line must fit in
 * stock - reserved by the other orders. Items that never had stock in that warehouse (services, untracked goods) and
 * branches without a default warehouse reserve nothing.
 */
export async function reservarPedido(tx: Tx, idEmpresa: number, idPedido: number): Promise<void> {
  // Lock first, in the ledger's (warehouse, item) order so an order and a sale never deadlock; the check is a second
  // statement, so it sees a reservation committed while this one waited.
  const bloqueadas = (
    (await tx.execute(sql`
      select s.id from stock s
      join pedido_venta p on p.id = ${idPedido}
      join almacen a on a.id = s.id_almacen and a.id_sucursal = p.id_sucursal and a.es_predeterminado and a.log_estado = 1
      where s.id_empresa = ${idEmpresa} and s.id_item in (select pi.id_item from pedido_venta_item pi where pi.id_pedido = ${idPedido})
      order by s.id_almacen, s.id_item for update of s`)) as unknown as { rows: { id: number }[] }
  ).rows;
  if (!bloqueadas.length) return;
  const r = await tx.execute(sql`
    with pedidas as (
      select pi.id_item, sum(${unidades}) as cantidad, min(pi.item_descripcion) as descripcion
      from pedido_venta_item pi join pedido_venta p on p.id = pi.id_pedido ${presentacion}
      where pi.id_pedido = ${idPedido} and pi.id_item is not null group by pi.id_item
    )
    select pd.descripcion, pd.cantidad::text as pedida, s.cantidad::text as stock, ${reservadoEn(sql`s.id_almacen`, sql`s.id_item`, idPedido)}::text as reservado
    from stock s join pedidas pd on pd.id_item = s.id_item
    where s.id in (${sql.join(bloqueadas.map((b) => sql`${b.id}`), sql`, `)})`);
  const filas = (r as unknown as { rows: { descripcion: string; pedida: string; stock: string; reservado: string }[] }).rows;
  for (const f of filas) {
    const libre = new Decimal(f.stock).minus(f.reservado);
    if (new Decimal(f.pedida).gt(libre))
      throw new AppError(
        ErrorCodes.STOCK_NO_DISPONIBLE,
        `Stock insuficiente para ${f.descripcion}: disponible ${Decimal.max(libre, 0).toString()} (stock ${new Decimal(f.stock).toString()}, reservado por otros pedidos ${new Decimal(f.reservado).toString()})`,
        409,
      );
  }
}

/**
 * A sale must not take units that orders "18 Por facturar" reserve (called by inventory's issue hook, inside the
 * issue's transaction, only when the company forbids negative stock). The stock rows of the sold items in the sale's
 * warehouse are locked FOR UPDATE in (warehouse, item) order, the ledger's order, so a sale and an order reserving
 * the same units queue; the check is a second statement, so it sees what the other one committed. Each item's base
 * units must fit in stock - reserved, where `excepto` is the order this document invoices: its own reservation is
 * available to it (it is released in the same transaction). Items without a stock row are left to the ledger (no
 * stock, nothing reserved: it refuses them with its own message).
 */
export async function verificarReservasDeVenta(
  tx: Pick<Db, 'execute'>,
  v: { idEmpresa: number; idAlmacen: number; pedidas: Map<number, Decimal>; nombre: (idItem: number) => string; excepto: number | null },
): Promise<void> {
  const ids = [...v.pedidas.keys()].sort((a, b) => a - b);
  if (!ids.length) return;
  const lista = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  await tx.execute(sql`select s.id from stock s where s.id_empresa = ${v.idEmpresa} and s.id_almacen = ${v.idAlmacen} and s.id_item in (${lista})
    order by s.id_almacen, s.id_item for update of s`);
  const filas = (
    (await tx.execute(sql`select s.id_item, s.cantidad::text as stock, ${reservadoEn(sql`s.id_almacen`, sql`s.id_item`, v.excepto)}::text as reservado
      from stock s where s.id_empresa = ${v.idEmpresa} and s.id_almacen = ${v.idAlmacen} and s.id_item in (${lista})`)) as unknown as {
      rows: { id_item: number; stock: string; reservado: string }[];
    }
  ).rows;
  for (const f of filas) {
    const reservado = new Decimal(f.reservado);
    if (reservado.lte(0)) continue; // nothing reserved: the ledger's own check (stock below zero) applies
    const stockActual = new Decimal(f.stock);
    const libre = stockActual.minus(reservado);
    const pedida = v.pedidas.get(Number(f.id_item)) ?? new Decimal(0);
    if (pedida.gt(libre))
      throw new AppError(
        ErrorCodes.STOCK_NO_DISPONIBLE,
        `Stock insuficiente para ${v.nombre(Number(f.id_item))}: disponible ${Decimal.max(libre, 0).toFixed()}, solicitado ${pedida.toFixed()} (stock ${stockActual.toFixed()}, reservado por pedidos por facturar ${reservado.toFixed()})`,
        409,
      );
  }
}
