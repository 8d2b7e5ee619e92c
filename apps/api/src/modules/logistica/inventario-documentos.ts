import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { ErrorCodes, TipoDocumentoContable } from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import { asentar, filasDe, type TLineaLibro, type Tx } from './libro.repo';
import { devolverALotes, hayControlados, moverLotes, revertirLotes } from './lotes.service';
import { factoresDe, unidadesBase } from './presentaciones.service';
// eslint-disable-next-line yupana/no-cross-import -- a sale must leave what orders "Por facturar" reserve (issue 12)
import { verificarReservasDeVenta } from '../ventas/reservas';

/** What the issue hook receives (kept structural so this module does not import contabilidad). */
type TEmitidoInventario = {
  creado: { Id: number; IdTipoDocumento: number; SerieNumero: string };
  b: { IdTipoDocumento: number; FechaEmision: string; ListaItems: { IdItem?: number; Cantidad: string; CodigoUnidad?: string; CodigoLote?: string; Series?: string[] }[]; ListaReferencias: { CodigoMotivo: string }[] };
  idEmpresa: number;
  idSucursal: number;
  idUsuario: number;
  idDocumentoAfectado: number | null;
  /** The order the document invoices: its reservation is available to it. */
  idPedido?: number | null;
};

const VENTAS: number[] = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];
// Catálogo 09: credit notes that undo the sale of goods (anulación de la operación, error en el RUC, devoluciones).
const MOTIVOS_DEVOLUCION = ['01', '02', '06', '07'];

type TResuelto = { id: number; descripcion: string; id_almacen: number | null; almacen: string | null; permite: boolean | null };

/**
 * Issue hook (registered in app.ts with alEmitirDocumento): facturas, boletas and notas de venta take the goods of
 * the catalogue out of the branch's default warehouse (Tabla 12 code 01); a credit note that returns goods puts them
 * back (code 05) into the warehouse the sale took them from, at the cost they left with. Services (unit ZZ) and free
 * text lines do not move stock; a branch without a default warehouse does not keep inventory yet.
 * Cost: nothing for documents without catalogue goods; otherwise one lookup plus the two statements of the ledger.
 */
export async function moverStockAlEmitir(tx: Tx, e: TEmitidoInventario): Promise<void> {
  const tipo = e.b.IdTipoDocumento;
  const esVenta = VENTAS.includes(tipo);
  const esDevolucion = tipo === TipoDocumentoContable.NOTA_CREDITO && MOTIVOS_DEVOLUCION.includes(e.b.ListaReferencias[0]?.CodigoMotivo ?? '');
  if (!esVenta && !esDevolucion) return;
  if (esVenta && e.idDocumentoAfectado) {
    // Canje of a nota de venta: once per nota (its row locked, so two canjes queue), and no second exit when the nota
    // already took the goods: the stock stays with the first document of the chain.
    // Lock first; the check is a second statement, so it sees a canje committed while this one waited for the lock.
    await tx.execute(sql`select id from documento_contable where id = ${e.idDocumentoAfectado} and id_empresa = ${e.idEmpresa} for update`);
    const [o] = filasDe<{ canjeada: string | null; movio: boolean }>(
      await tx.execute(sql`select
          (select d.serie || '-' || d.correlativo from documento_contable d
            where d.id_empresa = ${e.idEmpresa} and d.id_documento_afectado = o.id and d.id <> ${e.creado.Id} and d.id_tipo_documento in (1003, 1004)
              and not d.anulado and d.id_estado_sunat not in (5, 10) limit 1) as canjeada,
          exists (select 1 from movimiento_inventario m where m.id_empresa = ${e.idEmpresa} and m.id_documento_contable = o.id and m.id_movimiento_revertido is null
            and not exists (select 1 from movimiento_inventario r where r.id_movimiento_revertido = m.id)) as movio
        from documento_contable o where o.id = ${e.idDocumentoAfectado} and o.id_empresa = ${e.idEmpresa}`),
    );
    if (o?.canjeada) throw new AppError(ErrorCodes.NOTA_VENTA_YA_CANJEADA, `La nota de venta ya fue canjeada por el comprobante ${o.canjeada}`, 409);
    if (o?.movio) return;
  }
  const conItem = e.b.ListaItems.filter((l) => l.IdItem);
  if (conItem.length === 0) return;
  const ids = [...new Set(conItem.map((l) => l.IdItem!))];

  // Goods of the catalogue, the warehouse (the sale's for a return, else the branch default) and the setting.
  const almacenDeVenta = esDevolucion && e.idDocumentoAfectado
    ? sql`(select d.id_almacen from movimiento_inventario_detalle d join movimiento_inventario m on m.id = d.id_movimiento
           where m.id_empresa = ${e.idEmpresa} and m.id_documento_contable = ${e.idDocumentoAfectado} and m.id_movimiento_revertido is null limit 1)`
    : sql`null::int`;
  const filas = filasDe<TResuelto>(
    await tx.execute(sql`
      with a as (
        select coalesce(${almacenDeVenta}, (select id from almacen where id_sucursal = ${e.idSucursal} and id_empresa = ${e.idEmpresa} and es_predeterminado and log_estado = 1)) as id
      )
      select i.id, i.descripcion, a.id as id_almacen, (select nombre from almacen where id = a.id) as almacen,
             (select permite_stock_negativo from logistica_config where id_empresa = ${e.idEmpresa}) as permite
      from item i cross join a
      where i.id_empresa = ${e.idEmpresa} and i.codigo_unidad <> 'ZZ' and i.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  if (filas.length === 0 || filas[0].id_almacen === null) return;
  const idAlmacen = Number(filas[0].id_almacen);
  const bienes = new Map(filas.map((f) => [Number(f.id), f.descripcion]));

  // Unit costs of the sale, so a return enters at the cost the goods left with.
  const costoVenta = new Map<number, Decimal>();
  if (esDevolucion && e.idDocumentoAfectado) {
    const r = filasDe<{ id_item: number; costo: string }>(
      await tx.execute(sql`select d.id_item, d.costo_unitario::text as costo from movimiento_inventario_detalle d join movimiento_inventario m on m.id = d.id_movimiento
        where m.id_empresa = ${e.idEmpresa} and m.id_documento_contable = ${e.idDocumentoAfectado} and m.id_movimiento_revertido is null and d.cantidad < 0`),
    );
    for (const f of r) costoVenta.set(Number(f.id_item), new Decimal(f.costo));
  }
  const tipoOperacion = esVenta ? '01' : '05';
  // A line in a presentation (CAJA x 12) moves factor x quantity base units.
  const factores = await factoresDe(tx, e.idEmpresa, conItem.map((l) => ({ idItem: l.IdItem!, codigoUnidad: l.CodigoUnidad })));
  const lineas: TLineaLibro[] = conItem
    .filter((l) => bienes.has(l.IdItem!))
    .map((l) => ({
      idItem: l.IdItem!,
      idAlmacen,
      cantidad: esVenta ? unidadesBase(factores, l.IdItem!, l.CodigoUnidad, l.Cantidad).negated() : unidadesBase(factores, l.IdItem!, l.CodigoUnidad, l.Cantidad),
      tipoOperacion,
      costoUnitario: costoVenta.get(l.IdItem!) ?? null,
    }));
  if (lineas.length === 0) return;
  const permite = filas[0].permite ?? true;
  // With negative stock forbidden a sale may not take units reserved by orders "Por facturar" (other than the one it
  // invoices): available = stock - reserved, checked under the stock rows' lock before the ledger posts.
  if (esVenta && !permite) {
    const pedidas = new Map<number, Decimal>();
    for (const l of lineas) pedidas.set(l.idItem, (pedidas.get(l.idItem) ?? new Decimal(0)).minus(l.cantidad));
    await verificarReservasDeVenta(tx, { idEmpresa: e.idEmpresa, idAlmacen, pedidas, nombre: (id) => bienes.get(id) ?? String(id), excepto: e.idPedido ?? null });
  }
  const idMovimiento = await asentar(
    tx,
    { idEmpresa: e.idEmpresa, idUsuario: e.idUsuario, numero: null, clase: esVenta ? 'S' : 'I', tipoOperacion, fecha: e.b.FechaEmision, idAlmacen, idDocumentoContable: e.creado.Id, glosa: e.creado.SerieNumero },
    lineas,
    {
      permiteStockNegativo: permite,
      nombreItem: (id) => bienes.get(id) ?? String(id),
      nombreAlmacen: () => filas[0].almacen ?? '',
    },
  );
  // Lots and serials: a sale takes the named lot or FEFO and the named serials; a return puts back what it took.
  if (!(await hayControlados(tx, e.idEmpresa, ids))) return;
  const opciones = { idEmpresa: e.idEmpresa, idUsuario: e.idUsuario, idMovimiento, fecha: e.b.FechaEmision, permiteStockNegativo: permite, esVenta };
  const conLote = e.b.ListaItems.flatMap((l, i) =>
    l.IdItem && bienes.has(l.IdItem) ? [{ idItem: l.IdItem, idAlmacen, cantidad: unidadesBase(factores, l.IdItem, l.CodigoUnidad, l.Cantidad), lote: l.CodigoLote, series: l.Series, campo: `ListaItems.${i}` }] : [],
  );
  if (esVenta) await moverLotes(tx, opciones, conLote.map((l) => ({ ...l, cantidad: l.cantidad.negated() })));
  else if (e.idDocumentoAfectado) await devolverALotes(tx, opciones, e.idDocumentoAfectado, conLote);
}

/**
 * Hook of a document that stopped counting (registered in app.ts with alDocumentoAnulado): its void was confirmed
 * (SUNAT accepted the baja or resumen; a nota de venta at once) or SUNAT rejected it. Every movement the document
 * caused is reversed line by line at the cost it was posted with (Tabla 12 code 05 for a sale coming back, 06 for a
 * return going out again), once: a movement already reversed is skipped, so a repeated call moves nothing. The fact
 * is SUNAT's and already happened, so the reversal is never refused for negative stock (undoing a return may leave
 * an item below zero; the kardex shows it and an adjustment fixes it).
 */
export async function revertirStockAlAnular(
  tx: Tx,
  a: { idEmpresa: number; idUsuario: number; idDocumento: number; fecha: string; causa?: 'anulado' | 'rechazado' },
): Promise<void> {
  const movs = filasDe<{ id: number; clase: 'I' | 'S'; id_almacen: number }>(
    await tx.execute(sql`select m.id, m.clase, m.id_almacen from movimiento_inventario m
      where m.id_empresa = ${a.idEmpresa} and m.id_documento_contable = ${a.idDocumento} and m.id_movimiento_revertido is null
        and not exists (select 1 from movimiento_inventario r where r.id_movimiento_revertido = m.id)`),
  );
  for (const m of movs) {
    const det = filasDe<{ id_item: number; id_almacen: number; cantidad: string; costo: string; descripcion: string; almacen: string; permite: boolean | null }>(
      await tx.execute(sql`select d.id_item, d.id_almacen, d.cantidad::text as cantidad, d.costo_unitario::text as costo, i.descripcion, al.nombre as almacen,
          (select permite_stock_negativo from logistica_config where id_empresa = ${a.idEmpresa}) as permite
        from movimiento_inventario_detalle d join item i on i.id = d.id_item join almacen al on al.id = d.id_almacen
        where d.id_movimiento = ${m.id} order by d.id`),
    );
    if (det.length === 0) continue;
    const tipoOperacion = m.clase === 'S' ? '05' : '06';
    const idReverso = await asentar(
      tx,
      { idEmpresa: a.idEmpresa, idUsuario: a.idUsuario, numero: null, clase: m.clase === 'S' ? 'I' : 'S', tipoOperacion, fecha: a.fecha, idAlmacen: Number(m.id_almacen), idDocumentoContable: a.idDocumento, idMovimientoRevertido: Number(m.id), glosa: a.causa === 'rechazado' ? 'Rechazado por SUNAT' : 'Anulación del documento' },
      det.map((d) => ({ idItem: Number(d.id_item), idAlmacen: Number(d.id_almacen), cantidad: new Decimal(d.cantidad).negated(), tipoOperacion, costoUnitario: new Decimal(d.costo) })),
      {
        permiteStockNegativo: true,
        nombreItem: (id) => det.find((d) => Number(d.id_item) === id)?.descripcion ?? String(id),
        nombreAlmacen: () => det[0].almacen,
      },
    );
    await revertirLotes(tx, { idEmpresa: a.idEmpresa, idUsuario: a.idUsuario, idMovimiento: idReverso, fecha: a.fecha }, Number(m.id));
  }
}
