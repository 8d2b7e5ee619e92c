import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { ErrorCodes } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** A database or an open transaction: the ledger always runs inside the caller's transaction. */
export type Tx = Pick<Db, 'execute'>;

export type TLineaLibro = {
  idItem: number;
  idAlmacen: number;
  /** Positive in, negative out. */
  cantidad: Decimal;
  tipoOperacion: string;
  /** Entries: the unit cost; null enters at the current weighted average. Exits always leave at the average. */
  costoUnitario: Decimal | null;
  /** Transfers: enter at the unit cost the previous line (the exit) left with. */
  costoDeLineaAnterior?: boolean;
};

export type TCabeceraLibro = {
  idEmpresa: number;
  idUsuario: number;
  numero: number | null;
  clase: 'I' | 'S' | 'T';
  tipoOperacion: string;
  fecha: string;
  idAlmacen: number;
  idAlmacenDestino?: number | null;
  idDocumentoContable?: number | null;
  idMovimientoRevertido?: number | null;
  glosa?: string | null;
};

export type TContextoLibro = {
  permiteStockNegativo: boolean;
  /** Item descriptions and warehouse names, for the messages. */
  nombreItem: (idItem: number) => string;
  nombreAlmacen: (idAlmacen: number) => string;
};

const DEC = 10;
const LIMITE = new Decimal('1e12');
const redondear = (d: Decimal) => d.toDecimalPlaces(DEC, Decimal.ROUND_HALF_UP);
export const filasDe = <T>(r: unknown) => (r as { rows: T[] }).rows;
const texto = (d: Decimal) => redondear(d).toFixed(DEC);

/**
 * Posts one movement: its header and ledger lines, and the new balances of the stock rows, in the caller's
 * transaction and in two statements. The first inserts the header and locks (creating when missing) every stock row
 * the movement touches, in a fixed order so two movements never deadlock; the balances are then computed here with
 * decimal.js (perpetual weighted average) and the second statement writes stock and ledger together.
 * Refuses, with the item's name, an exit that leaves stock below zero when the company forbids negative stock: the
 * row lock makes two sales of the last unit wait for each other, so only one of them succeeds.
 */
export async function asentar(tx: Tx, cab: TCabeceraLibro, lineas: TLineaLibro[], c: TContextoLibro): Promise<number> {
  const pares = [...new Map(lineas.map((l) => [`${l.idAlmacen}:${l.idItem}`, { a: l.idAlmacen, i: l.idItem }])).values()].sort((x, y) => x.a - y.a || x.i - y.i);
  const valores = sql.join(
    pares.map((p) => sql`(${cab.idEmpresa}::int, ${p.a}::int, ${p.i}::int, ${cab.idUsuario}::int)`),
    sql`, `,
  );
  const r = filasDe<{ id_movimiento: number; id: number; id_almacen: number; id_item: number; cantidad: string; costo_promedio: string }>(
    await tx.execute(sql`
      with m as (
        insert into movimiento_inventario (id_empresa, numero, clase, tipo_operacion, fecha, id_almacen, id_almacen_destino, id_documento_contable, id_movimiento_revertido, glosa, log_usuario_crea)
        values (${cab.idEmpresa}, ${cab.numero}, ${cab.clase}, ${cab.tipoOperacion}, ${cab.fecha}, ${cab.idAlmacen}, ${cab.idAlmacenDestino ?? null}, ${cab.idDocumentoContable ?? null}, ${cab.idMovimientoRevertido ?? null}, ${cab.glosa ?? null}, ${cab.idUsuario})
        returning id
      ), s as (
        insert into stock (id_empresa, id_almacen, id_item, log_usuario_crea) values ${valores}
        on conflict (id_almacen, id_item) do update set log_fecha_modif = now()
        returning id, id_almacen, id_item, cantidad, costo_promedio
      )
      select m.id as id_movimiento, s.id, s.id_almacen, s.id_item, s.cantidad::text as cantidad, s.costo_promedio::text as costo_promedio from m, s`),
  );
  const idMovimiento = Number(r[0].id_movimiento);
  const saldos = new Map(r.map((f) => [`${f.id_almacen}:${f.id_item}`, { id: Number(f.id), cantidad: new Decimal(f.cantidad), promedio: new Decimal(f.costo_promedio) }]));

  const detalle: SQL[] = [];
  let costoAnterior = new Decimal(0);
  for (const l of lineas) {
    const s = saldos.get(`${l.idAlmacen}:${l.idItem}`)!;
    let costo: Decimal;
    if (l.cantidad.isNegative()) {
      costo = s.promedio;
      const nueva = s.cantidad.plus(l.cantidad);
      if (nueva.isNegative() && !c.permiteStockNegativo)
        throw new AppError(
          ErrorCodes.VALIDACION,
          `Stock insuficiente de ${c.nombreItem(l.idItem)} en ${c.nombreAlmacen(l.idAlmacen)}: disponible ${s.cantidad.toFixed()}, requerido ${l.cantidad.negated().toFixed()}`,
          400,
        );
      s.cantidad = nueva;
    } else {
      costo = l.costoDeLineaAnterior ? costoAnterior : (l.costoUnitario ?? s.promedio);
      const nueva = s.cantidad.plus(l.cantidad);
      // Weighted average over the units on hand; with nothing (or a negative balance) on hand the entry sets the cost.
      s.promedio = s.cantidad.lte(0) || nueva.isZero() ? costo : redondear(s.cantidad.times(s.promedio).plus(l.cantidad.times(costo)).dividedBy(nueva));
      s.cantidad = nueva;
    }
    costoAnterior = costo;
    const total = l.cantidad.times(costo);
    // numeric(22,10) holds 12 integer digits: beyond them the movement is refused as bad input, never a 5xx.
    if ([total, s.cantidad, s.cantidad.times(s.promedio)].some((d) => d.abs().gte(LIMITE)))
      throw new AppError(ErrorCodes.VALIDACION, `El movimiento de ${c.nombreItem(l.idItem)} excede las cantidades o importes permitidos (hasta 12 dígitos enteros)`, 400);
    detalle.push(
      sql`(${cab.idEmpresa}::int, ${idMovimiento}::int, ${l.idAlmacen}::int, ${l.idItem}::int, ${cab.fecha}::date, ${l.tipoOperacion}, ${texto(l.cantidad)}::numeric, ${texto(costo)}::numeric, ${texto(total)}::numeric, ${texto(s.cantidad)}::numeric, ${texto(s.promedio)}::numeric, ${texto(s.cantidad.times(s.promedio))}::numeric, ${cab.idUsuario}::int)`,
    );
  }
  const nuevos = sql.join(
    [...saldos.values()].map((s) => sql`(${s.id}::int, ${texto(s.cantidad)}::numeric, ${texto(s.promedio)}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`
    with u as (
      update stock set cantidad = v.cantidad, costo_promedio = v.costo, log_usuario_modif = ${cab.idUsuario}
      from (values ${nuevos}) as v(id, cantidad, costo) where stock.id = v.id
    )
    insert into movimiento_inventario_detalle (id_empresa, id_movimiento, id_almacen, id_item, fecha, tipo_operacion, cantidad, costo_unitario, costo_total, saldo_cantidad, saldo_costo_promedio, saldo_valor, log_usuario_crea)
    values ${sql.join(detalle, sql`, `)}`);
  return idMovimiento;
}
