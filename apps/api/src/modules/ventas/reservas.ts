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
 * stock rows of its items in the branch's default warehouse are locked (FOR UPDATE, in id order, so two orders for
 * the same units queue and the second one sees the first one's reservation), and each line must fit in
 * stock - reserved by the other orders. Items that never had stock in that warehouse (services, untracked goods) and
 * branches without a default warehouse reserve nothing.
 */
export async function reservarPedido(tx: Tx, idEmpresa: number, idPedido: number): Promise<void> {
  // Lock first; the check is a second statement, so it sees a reservation committed while this one waited.
  const bloqueadas = (
    (await tx.execute(sql`
      select s.id from stock s
      join pedido_venta p on p.id = ${idPedido}
      join almacen a on a.id = s.id_almacen and a.id_sucursal = p.id_sucursal and a.es_predeterminado and a.log_estado = 1
      where s.id_empresa = ${idEmpresa} and s.id_item in (select pi.id_item from pedido_venta_item pi where pi.id_pedido = ${idPedido})
      order by s.id for update of s`)) as unknown as { rows: { id: number }[] }
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
