import Decimal from 'decimal.js';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, type TToma, type TTomaCabecera, type TTomaLinea, ZTomaConteos, ZTomaContabilizar, ZTomaCrear, ZTomasQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { tomaInventario, tomaInventarioDetalle } from './conteos.schema';
import { almacen, logisticaConfig } from './inventario.schema';
import { asentar, filasDe, type TLineaLibro, type Tx } from './libro.repo';
import { item } from './logistica.schema';
import { avisarStock } from './stock-en-vivo';

/**
 * Physical counts (toma de inventario). Opening one snapshots the expected stock of every good of the warehouse; the
 * counter enters quantities blind (the expected figure is not sent while the count is open); the reviewer sees the
 * differences; posting turns each difference (counted - expected at the snapshot) into one ledger line, surpluses as
 * Tabla 12 code 28 entries and shortages as 28 or 13 exits, at the current weighted-average cost, in one
 * transaction. The count reflects the shelf at the snapshot, so what moved after it (sales, purchases) stays: the new
 * stock is counted + movements since the snapshot.
 */

const cant = (v: string | Decimal) => new Decimal(v).toDecimalPlaces(10).toFixed();
const dos = (v: Decimal) => v.toFixed(2);

type Db = Contexto['dbh']['db'];
type TxDb = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks the company's logistics settings row (creating it) and returns it: it serialises numbers per company. */
async function bloquearConfig(tx: TxDb, auth: TAuth, sumarMovimiento: boolean) {
  const [c] = await tx
    .insert(logisticaConfig)
    .values({ idEmpresa: auth.idEmpresa, ultimoNumeroMovimiento: sumarMovimiento ? 1 : 0, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({
      target: logisticaConfig.idEmpresa,
      set: sumarMovimiento ? { ultimoNumeroMovimiento: sql`${logisticaConfig.ultimoNumeroMovimiento} + 1` } : { logFechaModif: new Date() },
    })
    .returning();
  return c;
}

async function almacenActivo(db: Db | TxDb, auth: TAuth, id: number) {
  const [a] = await db.select().from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), eq(almacen.id, id), eq(almacen.logEstado, 1)));
  return a;
}

/** The stock of goods (never services) in a warehouse, locked for share so no movement is half-counted. */
async function instantanea(tx: Tx, auth: TAuth, idAlmacen: number, idItem?: number) {
  return filasDe<{ id_item: number; cantidad: string }>(
    await tx.execute(sql`select s.id_item, s.cantidad::text as cantidad from stock s join item i on i.id = s.id_item
      where s.id_empresa = ${auth.idEmpresa} and s.id_almacen = ${idAlmacen} and i.codigo_unidad <> 'ZZ' and i.log_estado = 1
        ${idItem ? sql`and s.id_item = ${idItem}` : sql``}
      order by s.id_item for share of s`),
  );
}

export async function crearToma(ctx: Contexto, auth: TAuth, b: z.output<typeof ZTomaCrear>): Promise<TToma> {
  const a = await almacenActivo(ctx.dbh.db, auth, b.IdAlmacen);
  if (!a) throw noEncontrado('No se encontró el almacén');
  const id = await ctx.dbh.db.transaction(async (tx) => {
    await bloquearConfig(tx, auth, false);
    const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${tomaInventario.numero}), 0)::int` }).from(tomaInventario).where(eq(tomaInventario.idEmpresa, auth.idEmpresa));
    const [t] = await tx
      .insert(tomaInventario)
      .values({ idEmpresa: auth.idEmpresa, numero: Number(n) + 1, idAlmacen: a.id, fecha: b.Fecha, glosa: b.Glosa ?? null, logUsuarioCrea: auth.idUsuario })
      .returning({ id: tomaInventario.id });
    const filas = await instantanea(tx, auth, a.id);
    if (filas.length > 0)
      await tx.insert(tomaInventarioDetalle).values(filas.map((f) => ({ idEmpresa: auth.idEmpresa, idToma: t.id, idItem: Number(f.id_item), cantidadEsperada: f.cantidad, logUsuarioCrea: auth.idUsuario })));
    return t.id;
  });
  return obtenerToma(ctx, auth, id);
}

type FilaCab = { id: number; numero: number; id_almacen: number; almacen: string; fecha: string; estado: 'A' | 'R' | 'C'; glosa: string | null; fecha_contable: string | null; lineas: number; contadas: number };
const aCabecera = (f: FilaCab): TTomaCabecera => ({
  Id: Number(f.id),
  Numero: Number(f.numero),
  IdAlmacen: Number(f.id_almacen),
  Almacen: f.almacen,
  Fecha: f.fecha,
  Estado: f.estado,
  Glosa: f.glosa,
  FechaContable: f.fecha_contable,
  Lineas: Number(f.lineas),
  Contadas: Number(f.contadas),
});
const cabeceras = (auth: TAuth, donde: ReturnType<typeof sql>) => sql`
  select t.id, t.numero, t.id_almacen, a.nombre as almacen, t.fecha::text as fecha, t.estado, t.glosa, t.fecha_contable::text as fecha_contable,
    (select count(*) from toma_inventario_detalle d where d.id_toma = t.id)::int as lineas,
    (select count(*) from toma_inventario_detalle d where d.id_toma = t.id and d.cantidad_contada is not null)::int as contadas
  from toma_inventario t join almacen a on a.id = t.id_almacen
  where t.id_empresa = ${auth.idEmpresa} and ${donde}`;

export async function listarTomas(ctx: Contexto, auth: TAuth, q: z.output<typeof ZTomasQuery>) {
  const db = ctx.dbh.db;
  const [filas, [{ n }]] = await Promise.all([
    db.execute(sql`${cabeceras(auth, sql`true`)} order by t.id desc limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    db.select({ n: count() }).from(tomaInventario).where(eq(tomaInventario.idEmpresa, auth.idEmpresa)),
  ]);
  return { Data: filasDe<FilaCab>(filas).map(aCabecera), Count: Number(n) };
}

export async function obtenerToma(ctx: Contexto, auth: TAuth, id: number): Promise<TToma> {
  const db = ctx.dbh.db;
  const [c] = filasDe<FilaCab>(await db.execute(cabeceras(auth, sql`t.id = ${id}`)));
  if (!c) throw noEncontrado('No se encontró la toma de inventario');
  const det = filasDe<{
    id_item: number; codigo: string; descripcion: string; codigo_unidad: string; codigo_producto: string | null; estandar: string | null; barras: string | null;
    esperada: string; contada: string | null; actual: string | null; promedio: string | null; id_movimiento: number | null;
  }>(
    await db.execute(sql`select d.id_item, i.codigo, i.descripcion, i.codigo_unidad, i.codigo_producto, i.estandar_codigo_producto as estandar,
        (select string_agg(p.codigo_barras, ',') from item_presentacion p where p.id_item = i.id and p.codigo_barras is not null) as barras,
        d.cantidad_esperada::text as esperada, d.cantidad_contada::text as contada, s.cantidad::text as actual, s.costo_promedio::text as promedio, d.id_movimiento
      from toma_inventario_detalle d join item i on i.id = d.id_item
      left join stock s on s.id_almacen = ${c.id_almacen} and s.id_item = d.id_item
      where d.id_toma = ${id} order by i.descripcion, d.id`),
  );
  const ciego = c.estado === 'A';
  const Detalle: TTomaLinea[] = det.map((d) => {
    const dif = d.contada === null ? null : new Decimal(d.contada).minus(d.esperada);
    const prom = new Decimal(d.promedio ?? 0);
    const barras = [...(d.estandar?.startsWith('GTIN') && d.codigo_producto ? [d.codigo_producto] : []), ...(d.barras ? d.barras.split(',') : [])];
    return {
      IdItem: Number(d.id_item),
      Codigo: d.codigo,
      Descripcion: d.descripcion,
      CodigoUnidad: d.codigo_unidad,
      CodigosBarras: barras,
      CantidadContada: d.contada === null ? null : cant(d.contada),
      CantidadEsperada: ciego ? null : cant(d.esperada),
      StockActual: ciego ? null : cant(d.actual ?? '0'),
      Diferencia: ciego || !dif ? null : cant(dif),
      CostoPromedio: ciego ? null : prom.toDecimalPlaces(4).toFixed(4),
      ValorDiferencia: ciego || !dif ? null : dos(dif.times(prom)),
      IdMovimiento: d.id_movimiento === null ? null : Number(d.id_movimiento),
    };
  });
  return { ...aCabecera(c), Detalle, Movimientos: [...new Set(Detalle.flatMap((d) => (d.IdMovimiento ? [d.IdMovimiento] : [])))] };
}

/** Locks the count's row in the transaction and checks it belongs to the company and is in one of the states. */
export async function bloquearToma(tx: TxDb, auth: TAuth, id: number, estados: string[]) {
  const [t] = await tx.select().from(tomaInventario).where(and(eq(tomaInventario.idEmpresa, auth.idEmpresa), eq(tomaInventario.id, id))).for('update');
  if (!t) throw noEncontrado('No se encontró la toma de inventario');
  if (!estados.includes(t.estado))
    throw new AppError(ErrorCodes.VALIDACION, t.estado === 'C' ? `La toma de inventario N° ${t.numero} ya fue contabilizada` : `La toma de inventario N° ${t.numero} no está en revisión`, 400);
  return t;
}

export async function guardarConteos(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZTomaConteos>): Promise<TToma> {
  await ctx.dbh.db.transaction(async (tx) => {
    await bloquearToma(tx, auth, id, ['A', 'R']);
    const ids = [...new Set(b.Lineas.map((l) => l.IdItem))];
    const existentes = new Set((await tx.select({ i: tomaInventarioDetalle.idItem }).from(tomaInventarioDetalle).where(and(eq(tomaInventarioDetalle.idToma, id), inArray(tomaInventarioDetalle.idItem, ids)))).map((f) => f.i));
    b.Lineas.forEach((l, i) => {
      if (!existentes.has(l.IdItem)) throw errorDeCampo(`Lineas.${i}.IdItem`, 'El producto no está en la toma: agréguelo primero');
    });
    const valores = sql.join(
      b.Lineas.map((l) => sql`(${l.IdItem}::int, ${l.CantidadContada}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`update toma_inventario_detalle d set cantidad_contada = v.c, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
      from (values ${valores}) as v(id_item, c) where d.id_toma = ${id} and d.id_item = v.id_item`);
  });
  return obtenerToma(ctx, auth, id);
}

/** Adds a good that was found on the shelf but is not in the snapshot (e.g. scanned): expected = its stock now. */
export async function agregarItem(ctx: Contexto, auth: TAuth, id: number, idItem: number): Promise<TToma> {
  await ctx.dbh.db.transaction(async (tx) => {
    const t = await bloquearToma(tx, auth, id, ['A', 'R']);
    const [it] = await tx.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, idItem)));
    if (!it) throw noEncontrado('No se encontró el producto');
    if (it.codigoUnidad === 'ZZ') throw errorDeCampo('IdItem', `${it.descripcion} es un servicio: no lleva stock`);
    const [s] = await instantanea(tx, auth, t.idAlmacen, idItem);
    await tx
      .insert(tomaInventarioDetalle)
      .values({ idEmpresa: auth.idEmpresa, idToma: id, idItem, cantidadEsperada: s?.cantidad ?? '0', logUsuarioCrea: auth.idUsuario })
      .onConflictDoNothing();
  });
  return obtenerToma(ctx, auth, id);
}

/** Closes the blind count: from now on the expected figures and the differences are shown. */
export async function pasarARevision(ctx: Contexto, auth: TAuth, id: number): Promise<TToma> {
  await ctx.dbh.db.transaction(async (tx) => {
    const t = await bloquearToma(tx, auth, id, ['A']);
    await tx.update(tomaInventario).set({ estado: 'R', logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(tomaInventario.id, t.id));
  });
  return obtenerToma(ctx, auth, id);
}

/**
 * Posts the differences of a reviewed count, once: the count's row lock makes a second post wait and then find it
 * 'C'. Surpluses enter as one movement (code 28) and shortages leave as another (28 or 13), each line at the current
 * weighted-average cost (asentar); uncounted lines are left as they are. The negative-stock setting applies.
 */
export async function contabilizarToma(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZTomaContabilizar>): Promise<TToma> {
  const movidos = await ctx.dbh.db.transaction(async (tx) => {
    const t = await bloquearToma(tx, auth, id, ['R']);
    if (b.Fecha < t.fecha) throw errorDeCampo('Fecha', 'La fecha contable no puede ser anterior a la fecha de la toma');
    const det = await tx
      .select({ idItem: tomaInventarioDetalle.idItem, esperada: tomaInventarioDetalle.cantidadEsperada, contada: tomaInventarioDetalle.cantidadContada, descripcion: item.descripcion })
      .from(tomaInventarioDetalle)
      .innerJoin(item, eq(item.id, tomaInventarioDetalle.idItem))
      .where(eq(tomaInventarioDetalle.idToma, id))
      .orderBy(asc(tomaInventarioDetalle.idItem));
    const nombres = new Map(det.map((d) => [d.idItem, d.descripcion]));
    const [al] = await tx.select({ nombre: almacen.nombre }).from(almacen).where(eq(almacen.id, t.idAlmacen));
    const grupos: { clase: 'I' | 'S'; tipo: string; lineas: TLineaLibro[] }[] = [
      { clase: 'I', tipo: '28', lineas: [] },
      { clase: 'S', tipo: b.TipoOperacionFaltante, lineas: [] },
    ];
    for (const d of det) {
      if (d.contada === null) continue;
      const dif = new Decimal(d.contada).minus(d.esperada);
      if (dif.isZero()) continue;
      const g = dif.isPositive() ? grupos[0] : grupos[1];
      g.lineas.push({ idItem: d.idItem, idAlmacen: t.idAlmacen, cantidad: dif, tipoOperacion: g.tipo, costoUnitario: null });
    }
    for (const g of grupos) {
      if (g.lineas.length === 0) continue;
      const c = await bloquearConfig(tx, auth, true);
      const idMov = await asentar(
        tx,
        { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, numero: c.ultimoNumeroMovimiento, clase: g.clase, tipoOperacion: g.tipo, fecha: b.Fecha, idAlmacen: t.idAlmacen, glosa: `Toma de inventario N° ${t.numero}` },
        g.lineas,
        { permiteStockNegativo: c.permiteStockNegativo, nombreItem: (i) => nombres.get(i) ?? String(i), nombreAlmacen: () => al?.nombre ?? '' },
      );
      await tx
        .update(tomaInventarioDetalle)
        .set({ idMovimiento: idMov })
        .where(and(eq(tomaInventarioDetalle.idToma, id), inArray(tomaInventarioDetalle.idItem, g.lineas.map((l) => l.idItem))));
    }
    await tx
      .update(tomaInventario)
      .set({ estado: 'C', fechaContable: b.Fecha, tipoOperacionFaltante: b.TipoOperacionFaltante, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(tomaInventario.id, t.id));
    return grupos.flatMap((g) => g.lineas.map((l) => l.idItem));
  });
  avisarStock(ctx, auth.idEmpresa, movidos);
  return obtenerToma(ctx, auth, id);
}
