import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { ErrorCodes, EstadoSunat, NombreEstadoSunat, type TAlmacen, type TKardex, type TMovimiento, type ZAlmacenEditar, ZAlmacenGuardar, ZKardexQuery, ZMovimientoGuardar, ZMovimientosQuery, ZStockMinimoQuery, ZStockQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { UBIGEOS } from '@yupana/sunat';
import { sucursal } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { almacen, logisticaConfig, movimiento, movimientoDetalle, stock } from './inventario.schema';
import { asentar, type TLineaLibro, type Tx } from './libro.repo';
import { lotesDeLineas, moverLotes, type TOpcionesLote } from './lotes.service';
import { item } from './logistica.schema';
import { avisarStock } from './stock-en-vivo';
// eslint-disable-next-line yupana/no-cross-import -- available = stock - what orders "Por facturar" reserve (issue 12)
import { reservadoEn } from '../ventas/reservas';

const escaparLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);
const dos = (v: string | Decimal) => new Decimal(v).toFixed(2);
const cant = (v: string | Decimal) => new Decimal(v).toDecimalPlaces(10).toFixed();

// ---- Warehouses ----
type FilaAlmacen = typeof almacen.$inferSelect & { sucursal: string };
const aAlmacen = (f: FilaAlmacen): TAlmacen => ({
  Id: f.id, IdSucursal: f.idSucursal, Sucursal: f.sucursal, Nombre: f.nombre, EsPredeterminado: f.esPredeterminado,
  Direccion: f.direccion, IdUbigeo: f.idUbigeo, CodigoAnexo: f.codigoAnexo, LogEstado: f.logEstado,
});

/**
 * Branch guiaalm: the warehouse's own address. The ubigeo must be a district of the INEI catalogue, and its annex code
 * cannot be its branch's: SUNAT checks the code against the establishments declared in the RUC and their ubigeo
 * (rejections 3366/3367, 3370/3371), so an address of its own is another establishment with another code.
 */
function validarDireccionAlmacen(b: z.output<typeof ZAlmacenEditar>, s: { codigoAnexo: string; razonSocial: string }) {
  const errores: Record<string, string> = {};
  if (b.IdUbigeo && !UBIGEOS[b.IdUbigeo]) errores.IdUbigeo = 'El ubigeo no existe en el catálogo de distritos';
  if (b.CodigoAnexo && b.CodigoAnexo === s.codigoAnexo)
    errores.CodigoAnexo = `${b.CodigoAnexo} es el código de la sucursal ${s.razonSocial}: un almacén con dirección propia es otro establecimiento y lleva su propio código de la ficha RUC`;
  if (Object.keys(errores).length) throw new AppError(ErrorCodes.VALIDACION, undefined, 400, { errores });
  return { direccion: b.Direccion, idUbigeo: b.Direccion ? b.IdUbigeo : null, codigoAnexo: b.Direccion ? b.CodigoAnexo : null };
}

export async function editarAlmacen(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZAlmacenEditar>): Promise<TAlmacen> {
  return ctx.dbh.db.transaction(async (tx) => {
    const [a] = await tx
      .select({ id: almacen.id, s: sucursal })
      .from(almacen)
      .innerJoin(sucursal, eq(sucursal.id, almacen.idSucursal))
      .where(and(eq(almacen.idEmpresa, auth.idEmpresa), eq(almacen.id, id)))
      .for('update', { of: almacen });
    if (!a) throw noEncontrado('No se encontró el almacén');
    const direccion = validarDireccionAlmacen(b, a.s);
    const [repetido] = await tx.select({ id: almacen.id }).from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), sql`lower(${almacen.nombre}) = ${b.Nombre.toLowerCase()}`, sql`${almacen.id} <> ${id}`));
    if (repetido) throw errorDeCampo('Nombre', 'Ya existe un almacén con ese nombre');
    const [f] = await tx
      .update(almacen)
      .set({ nombre: b.Nombre, ...direccion, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(almacen.id, id))
      .returning();
    return aAlmacen({ ...f, sucursal: a.s.razonSocial });
  });
}

export async function listarAlmacenes(ctx: Contexto, auth: TAuth) {
  const filas = await ctx.dbh.db
    .select({ a: almacen, sucursal: sucursal.razonSocial })
    .from(almacen)
    .innerJoin(sucursal, eq(sucursal.id, almacen.idSucursal))
    .where(eq(almacen.idEmpresa, auth.idEmpresa))
    .orderBy(asc(almacen.idSucursal), desc(almacen.esPredeterminado), asc(almacen.nombre));
  return { Data: filas.map((f) => aAlmacen({ ...f.a, sucursal: f.sucursal })), Count: filas.length };
}

export async function crearAlmacen(ctx: Contexto, auth: TAuth, b: z.output<typeof ZAlmacenGuardar>): Promise<TAlmacen> {
  const [s] = await ctx.dbh.db.select().from(sucursal).where(and(eq(sucursal.id, b.IdSucursal), eq(sucursal.idEmpresa, auth.idEmpresa)));
  if (!s) throw errorDeCampo('IdSucursal', 'No se encontró la sucursal');
  const direccion = validarDireccionAlmacen(b, s);
  return ctx.dbh.db.transaction(async (tx) => {
    const [repetido] = await tx.select({ id: almacen.id }).from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), sql`lower(${almacen.nombre}) = ${b.Nombre.toLowerCase()}`));
    if (repetido) throw errorDeCampo('Nombre', 'Ya existe un almacén con ese nombre');
    const [{ n }] = await tx.select({ n: count() }).from(almacen).where(and(eq(almacen.idSucursal, s.id), eq(almacen.esPredeterminado, true), eq(almacen.logEstado, 1)));
    // The first warehouse of a branch is its default one; a new default replaces the previous one.
    const predeterminado = b.EsPredeterminado || Number(n) === 0;
    if (predeterminado) await tx.update(almacen).set({ esPredeterminado: false }).where(and(eq(almacen.idSucursal, s.id), eq(almacen.idEmpresa, auth.idEmpresa)));
    const [f] = await tx.insert(almacen).values({ idEmpresa: auth.idEmpresa, idSucursal: s.id, nombre: b.Nombre, esPredeterminado: predeterminado, ...direccion, logUsuarioCrea: auth.idUsuario }).returning();
    return aAlmacen({ ...f, sucursal: s.razonSocial });
  });
}

// ---- Settings ----
export async function obtenerConfig(ctx: Contexto, auth: TAuth) {
  const [c] = await ctx.dbh.db.select().from(logisticaConfig).where(eq(logisticaConfig.idEmpresa, auth.idEmpresa));
  return { PermiteStockNegativo: c?.permiteStockNegativo ?? true };
}

export async function guardarConfig(ctx: Contexto, auth: TAuth, b: { PermiteStockNegativo: boolean }) {
  await ctx.dbh.db
    .insert(logisticaConfig)
    .values({ idEmpresa: auth.idEmpresa, permiteStockNegativo: b.PermiteStockNegativo, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: logisticaConfig.idEmpresa, set: { permiteStockNegativo: b.PermiteStockNegativo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  return obtenerConfig(ctx, auth);
}

// ---- Stock ----
export async function listarStock(ctx: Contexto, auth: TAuth, q: z.output<typeof ZStockQuery>) {
  const condiciones: SQL[] = [eq(stock.idEmpresa, auth.idEmpresa)];
  if (q.idalmacen) condiciones.push(eq(stock.idAlmacen, q.idalmacen));
  if (q.sinstock === 'true') condiciones.push(lte(stock.cantidad, '0'));
  if (q.filtro) {
    const patron = `%${escaparLike(q.filtro.toLowerCase())}%`;
    condiciones.push(sql`(lower(${item.descripcion}) like ${patron} or lower(${item.codigo}) like ${patron})`);
  }
  const donde = and(...condiciones);
  const db = ctx.dbh.db;
  const [filas, [{ n }]] = await Promise.all([
    db
      .select({ s: stock, codigo: item.codigo, descripcion: item.descripcion, unidad: item.codigoUnidad, almacen: almacen.nombre, reservado: sql<string>`${reservadoEn(sql`${stock.idAlmacen}`, sql`${stock.idItem}`)}::text` })
      .from(stock)
      .innerJoin(item, eq(item.id, stock.idItem))
      .innerJoin(almacen, eq(almacen.id, stock.idAlmacen))
      .where(donde)
      .orderBy(asc(item.descripcion), asc(stock.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    q.filtro
      ? db.select({ n: count() }).from(stock).innerJoin(item, eq(item.id, stock.idItem)).where(donde)
      : db.select({ n: count() }).from(stock).where(donde),
  ]);
  return {
    Data: filas.map((f) => ({
      IdItem: f.s.idItem,
      Codigo: f.codigo,
      Descripcion: f.descripcion,
      CodigoUnidad: f.unidad,
      IdAlmacen: f.s.idAlmacen,
      Almacen: f.almacen,
      Cantidad: cant(f.s.cantidad),
      Reservado: cant(f.reservado),
      Disponible: cant(new Decimal(f.s.cantidad).minus(f.reservado)),
      CostoPromedio: new Decimal(f.s.costoPromedio).toDecimalPlaces(4).toFixed(4),
      Valor: dos(new Decimal(f.s.cantidad).times(f.s.costoPromedio)),
    })),
    Count: Number(n),
  };
}

/**
 * Items below their minimum stock (branch marcas; per warehouse since branch imagenes). With `idalmacen`: that
 * warehouse's stock against the item's minimum there (its own per-warehouse minimum when set, else the item's). Without
 * it: the stock summed over all the company's warehouses against the item's general minimum, plus one row per
 * warehouse whose own minimum is not met (Almacen says which; null = all warehouses). Goods of active items only; no
 * stock row counts as 0. Most short first (by what is missing), then by description.
 */
export async function listarBajoMinimo(ctx: Contexto, auth: TAuth, q: z.output<typeof ZStockMinimoQuery>) {
  const E = auth.idEmpresa;
  if (q.idalmacen) {
    const [a] = await ctx.dbh.db.select({ id: almacen.id }).from(almacen).where(and(eq(almacen.idEmpresa, E), eq(almacen.id, q.idalmacen)));
    if (!a) throw noEncontrado('No se encontró el almacén');
  }
  const stockEn = (almacenSql: ReturnType<typeof sql>) => sql`(select coalesce(sum(s.cantidad), 0) from stock s where s.id_empresa = ${E} and s.id_item = i.id and s.id_almacen = ${almacenSql})`;
  const candidatos = q.idalmacen
    ? sql`select i.id as id_item, ${q.idalmacen}::int as id_almacen, coalesce(m.stock_minimo, i.stock_minimo) as minimo, ${stockEn(sql`${q.idalmacen}`)} as stock
        from item i left join item_almacen_minimo m on m.id_item = i.id and m.id_almacen = ${q.idalmacen}
        where i.id_empresa = ${E} and coalesce(m.stock_minimo, i.stock_minimo) is not null`
    : sql`select i.id as id_item, null::int as id_almacen, i.stock_minimo as minimo,
          (select coalesce(sum(s.cantidad), 0) from stock s where s.id_empresa = ${E} and s.id_item = i.id) as stock
        from item i where i.id_empresa = ${E} and i.stock_minimo is not null
      union all
      select i.id, m.id_almacen, m.stock_minimo, ${stockEn(sql`m.id_almacen`)}
        from item_almacen_minimo m join item i on i.id = m.id_item join almacen a on a.id = m.id_almacen and a.log_estado = 1
        where m.id_empresa = ${E}`;
  const base = sql`from (${candidatos}) c join item i on i.id = c.id_item left join marca m on m.id = i.id_marca left join almacen a on a.id = c.id_almacen
    where i.log_estado = 1 and i.codigo_unidad <> 'ZZ' and c.stock < c.minimo`;
  const [filas, cuenta] = await Promise.all([
    ctx.dbh.db.execute(sql`select i.id, i.codigo, i.descripcion, i.codigo_unidad, m.nombre as marca, c.minimo::text as minimo, c.stock::text as stock, c.id_almacen, a.nombre as almacen
      ${base} order by c.minimo - c.stock desc, i.descripcion, i.id, c.id_almacen nulls first limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    ctx.dbh.db.execute(sql`select count(*)::int as n ${base}`),
  ]);
  type F = { id: number; codigo: string; descripcion: string; codigo_unidad: string; marca: string | null; minimo: string; stock: string; id_almacen: number | null; almacen: string | null };
  const rows = (filas as unknown as { rows: F[] }).rows;
  return {
    Data: rows.map((f) => ({
      IdItem: Number(f.id),
      Codigo: f.codigo,
      Descripcion: f.descripcion,
      CodigoUnidad: f.codigo_unidad,
      Marca: f.marca,
      IdAlmacen: f.id_almacen === null ? null : Number(f.id_almacen),
      Almacen: f.almacen,
      StockMinimo: cant(f.minimo),
      Stock: cant(f.stock),
      Faltante: cant(new Decimal(f.minimo).minus(f.stock)),
    })),
    Count: Number((cuenta as unknown as { rows: { n: number }[] }).rows[0].n),
  };
}

// ---- Movements ----
async function almacenesDe(ctx: Contexto, auth: TAuth, ids: number[]) {
  const filas = await ctx.dbh.db.select().from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), inArray(almacen.id, ids)));
  return new Map(filas.map((f) => [f.id, f]));
}

/** A manual movement checked against the company's warehouses and items, with its ledger lines, ready to post. */
export type TMovimientoPreparado = {
  b: z.output<typeof ZMovimientoGuardar>;
  tipo: string;
  lineas: TLineaLibro[];
  ids: number[];
  almacenes: Map<number, typeof almacen.$inferSelect>;
  items: Map<number, { id: number; codigo: string; descripcion: string; unidad: string }>;
};

export async function prepararMovimiento(ctx: Contexto, auth: TAuth, b: z.output<typeof ZMovimientoGuardar>): Promise<TMovimientoPreparado> {
  const almacenes = await almacenesDe(ctx, auth, [b.IdAlmacen, ...(b.IdAlmacenDestino ? [b.IdAlmacenDestino] : [])]);
  if (!almacenes.get(b.IdAlmacen)?.logEstado) throw noEncontrado('No se encontró el almacén');
  if (b.Clase === 'T' && !almacenes.get(b.IdAlmacenDestino!)?.logEstado) throw noEncontrado('No se encontró el almacén de destino');
  const ids = [...new Set(b.Lineas.map((l) => l.IdItem))];
  const items = await ctx.dbh.db.select({ id: item.id, codigo: item.codigo, descripcion: item.descripcion, unidad: item.codigoUnidad }).from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), inArray(item.id, ids)));
  const porId = new Map(items.map((i) => [i.id, i]));
  b.Lineas.forEach((l, i) => {
    const it = porId.get(l.IdItem);
    if (!it) throw noEncontrado('No se encontró el producto');
    if (it.unidad === 'ZZ') throw errorDeCampo(`Lineas.${i}.IdItem`, `${it.descripcion} es un servicio: no lleva stock`);
  });
  const tipo = b.Clase === 'T' ? '11' : b.TipoOperacion!;
  const lineas: TLineaLibro[] = b.Lineas.flatMap((l): TLineaLibro[] => {
    const q = new Decimal(l.Cantidad);
    if (b.Clase === 'I') return [{ idItem: l.IdItem, idAlmacen: b.IdAlmacen, cantidad: q, tipoOperacion: tipo, costoUnitario: new Decimal(l.CostoUnitario!) }];
    if (b.Clase === 'S') return [{ idItem: l.IdItem, idAlmacen: b.IdAlmacen, cantidad: q.negated(), tipoOperacion: tipo, costoUnitario: null }];
    return [
      { idItem: l.IdItem, idAlmacen: b.IdAlmacen, cantidad: q.negated(), tipoOperacion: '11', costoUnitario: null },
      { idItem: l.IdItem, idAlmacen: b.IdAlmacenDestino!, cantidad: q, tipoOperacion: '21', costoUnitario: null, costoDeLineaAnterior: true },
    ];
  });
  return { b, tipo, lineas, ids, almacenes, items: porId };
}

/** Posts a prepared movement inside the caller's transaction (its own, or a guide's issue): number, ledger, lots. */
export async function asentarMovimiento(tx: Tx & Pick<Db, 'insert'>, auth: TAuth, p: TMovimientoPreparado, idGuia: number | null = null): Promise<number> {
  const { b } = p;
  // The number per company comes from the settings row: its lock serialises manual movements, without gaps.
  const [c] = await tx
    .insert(logisticaConfig)
    .values({ idEmpresa: auth.idEmpresa, ultimoNumeroMovimiento: 1, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: logisticaConfig.idEmpresa, set: { ultimoNumeroMovimiento: sql`${logisticaConfig.ultimoNumeroMovimiento} + 1` } })
    .returning();
  const idMovimiento = await asentar(
    tx,
    { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, numero: c.ultimoNumeroMovimiento, clase: b.Clase, tipoOperacion: p.tipo, fecha: b.Fecha, idAlmacen: b.IdAlmacen, idAlmacenDestino: b.IdAlmacenDestino ?? null, glosa: b.Glosa ?? null },
    p.lineas,
    { permiteStockNegativo: c.permiteStockNegativo, nombreItem: (i) => p.items.get(i)?.descripcion ?? String(i), nombreAlmacen: (a) => p.almacenes.get(a)?.nombre ?? String(a) },
  );
  await lotesDelMovimiento(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idMovimiento, fecha: b.Fecha, permiteStockNegativo: c.permiteStockNegativo }, b);
  if (idGuia !== null) {
    await tx.execute(sql`update movimiento_inventario set id_guia = ${idGuia} where id = ${idMovimiento}`);
    await tx.execute(sql`insert into movimiento_guia (id_empresa, id_movimiento, id_guia, log_usuario_crea) values (${auth.idEmpresa}, ${idMovimiento}, ${idGuia}, ${auth.idUsuario})`);
  }
  return idMovimiento;
}

export async function registrarMovimiento(ctx: Contexto, auth: TAuth, b: z.output<typeof ZMovimientoGuardar>): Promise<TMovimiento> {
  const p = await prepararMovimiento(ctx, auth, b);
  const id = await ctx.dbh.db.transaction(async (tx) => asentarMovimiento(tx, auth, p));
  avisarStock(ctx, auth.idEmpresa, p.ids);
  return obtenerMovimiento(ctx, auth, id);
}

/** Lots and serials of a manual movement; a transfer puts into the destination exactly what left the origin. */
async function lotesDelMovimiento(tx: Tx, o: TOpcionesLote, b: z.output<typeof ZMovimientoGuardar>) {
  const signo = b.Clase === 'I' ? 1 : -1;
  const tomado = await moverLotes(
    tx,
    o,
    b.Lineas.map((l, i) => ({ idItem: l.IdItem, idAlmacen: b.IdAlmacen, cantidad: new Decimal(l.Cantidad).times(signo), lote: l.Lote, vencimiento: l.FechaVencimiento, series: l.Series, campo: `Lineas.${i}` })),
  );
  if (b.Clase !== 'T') return;
  await moverLotes(
    tx,
    o,
    b.Lineas.flatMap((l, i) =>
      tomado[i].map((t) => ({ idItem: l.IdItem, idAlmacen: b.IdAlmacenDestino!, cantidad: t.cantidad, lote: t.codigo ?? undefined, vencimiento: t.vencimiento ?? undefined, series: t.serie ? [t.serie] : undefined, campo: `Lineas.${i}` })),
    ).filter((l) => l.lote || l.series),
  );
}

export async function obtenerMovimiento(ctx: Contexto, auth: TAuth, id: number): Promise<TMovimiento> {
  const db = ctx.dbh.db;
  const [m] = await db
    .select({ m: movimiento, almacen: almacen.nombre, guia: guiaSerieNumero, guias: guiasDelMovimiento })
    .from(movimiento)
    .innerJoin(almacen, eq(almacen.id, movimiento.idAlmacen))
    .where(and(eq(movimiento.idEmpresa, auth.idEmpresa), eq(movimiento.id, id)));
  if (!m) throw noEncontrado('No se encontró el movimiento');
  const det = await db
    .select({ d: movimientoDetalle, codigo: item.codigo, descripcion: item.descripcion })
    .from(movimientoDetalle)
    .innerJoin(item, eq(item.id, movimientoDetalle.idItem))
    .where(eq(movimientoDetalle.idMovimiento, id))
    .orderBy(asc(movimientoDetalle.id));
  return {
    ...cabecera(m.m, m.almacen, m.guia, m.guias),
    Detalle: det.map((f) => ({
      IdItem: f.d.idItem,
      Codigo: f.codigo,
      Descripcion: f.descripcion,
      IdAlmacen: f.d.idAlmacen,
      Cantidad: cant(f.d.cantidad),
      CostoUnitario: new Decimal(f.d.costoUnitario).toDecimalPlaces(4).toFixed(4),
      CostoTotal: dos(f.d.costoTotal),
    })),
  };
}

/** The serie-número of a transfer's guide (the same company's document, by the movement's id_guia). */
const guiaSerieNumero = sql<string | null>`(select d.serie || '-' || d.correlativo from documento_contable d where d.id = ${movimiento.idGuia} and d.id_empresa = ${movimiento.idEmpresa})`;

type TGuiaFila = { IdGuia: number; SerieNumero: string; IdEstadoSunat: number };
/** Branch logpres: every guide of the transfer, newest first, with its SUNAT state. */
const guiasDelMovimiento = sql<TGuiaFila[] | string>`(select coalesce(json_agg(json_build_object('IdGuia', d.id,
  'SerieNumero', d.serie || '-' || d.correlativo, 'IdEstadoSunat', d.id_estado_sunat) order by g.id desc), '[]'::json)
  from movimiento_guia g join documento_contable d on d.id = g.id_guia and d.id_empresa = g.id_empresa where g.id_movimiento = ${movimiento.id})`;
/** The states of a guide that free its transfer for a new one: rejected by SUNAT, or voided. */
export const ESTADOS_GUIA_LIBRE: number[] = [EstadoSunat.RECHAZADO, EstadoSunat.ANULADO];

const cabecera = (m: typeof movimiento.$inferSelect, nombreAlmacen: string, guia: string | null, guias: TGuiaFila[] | string = []) => {
  const lista = (typeof guias === 'string' ? (JSON.parse(guias) as TGuiaFila[]) : guias).map((g) => ({ ...g, IdEstadoSunat: Number(g.IdEstadoSunat), EstadoSunat: NombreEstadoSunat[Number(g.IdEstadoSunat)] ?? '' }));
  const actual = lista.find((g) => g.IdGuia === m.idGuia);
  const traslado = m.clase === 'T' && m.idAlmacenDestino !== null && m.idMovimientoRevertido === null;
  return { ...cabecera0(m, nombreAlmacen, guia), Guias: lista, GuiaLibre: traslado && (m.idGuia === null || (!!actual && ESTADOS_GUIA_LIBRE.includes(actual.IdEstadoSunat))) };
};
const cabecera0 = (m: typeof movimiento.$inferSelect, nombreAlmacen: string, guia: string | null) => ({
  Id: m.id,
  Numero: m.numero,
  Clase: m.clase,
  TipoOperacion: m.tipoOperacion,
  Fecha: m.fecha,
  IdAlmacen: m.idAlmacen,
  Almacen: nombreAlmacen,
  IdAlmacenDestino: m.idAlmacenDestino,
  IdDocumentoContable: m.idDocumentoContable,
  Glosa: m.glosa,
  IdGuia: m.idGuia,
  GuiaSerieNumero: m.idGuia === null ? null : guia,
});

export async function listarMovimientos(ctx: Contexto, auth: TAuth, q: z.output<typeof ZMovimientosQuery>) {
  const condiciones: SQL[] = [eq(movimiento.idEmpresa, auth.idEmpresa)];
  if (q.desde) condiciones.push(gte(movimiento.fecha, q.desde));
  if (q.hasta) condiciones.push(lte(movimiento.fecha, q.hasta));
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db
      .select({ m: movimiento, almacen: almacen.nombre, guia: guiaSerieNumero, guias: guiasDelMovimiento })
      .from(movimiento)
      .innerJoin(almacen, eq(almacen.id, movimiento.idAlmacen))
      .where(donde)
      .orderBy(desc(movimiento.fecha), desc(movimiento.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(movimiento).where(donde),
  ]);
  return { Data: filas.map((f) => cabecera(f.m, f.almacen, f.guia, f.guias)), Count: Number(n) };
}

// ---- Kardex ----
export async function kardex(ctx: Contexto, auth: TAuth, q: z.output<typeof ZKardexQuery>): Promise<TKardex> {
  if (q.hasta < q.desde) throw errorDeCampo('hasta', 'La fecha final no puede ser anterior a la inicial');
  const db = ctx.dbh.db;
  const [[it], [al]] = await Promise.all([
    db.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, q.iditem))),
    db.select().from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), eq(almacen.id, q.idalmacen))),
  ]);
  if (!it) throw noEncontrado('No se encontró el producto');
  if (!al) throw noEncontrado('No se encontró el almacén');
  const base = [eq(movimientoDetalle.idEmpresa, auth.idEmpresa), eq(movimientoDetalle.idItem, it.id), eq(movimientoDetalle.idAlmacen, al.id)];
  const enRango = and(...base, gte(movimientoDetalle.fecha, q.desde), lte(movimientoDetalle.fecha, q.hasta));
  // The opening balance is the balance after the last line before the range (the kardex index reads it backwards).
  const [[previo], filas, [{ n }]] = await Promise.all([
    db
      .select()
      .from(movimientoDetalle)
      .where(and(...base, sql`${movimientoDetalle.fecha} < ${q.desde}`))
      .orderBy(desc(movimientoDetalle.fecha), desc(movimientoDetalle.id))
      .limit(1),
    db
      .select({ d: movimientoDetalle, numero: movimiento.numero, idDoc: movimiento.idDocumentoContable })
      .from(movimientoDetalle)
      .innerJoin(movimiento, eq(movimiento.id, movimientoDetalle.idMovimiento))
      .where(enRango)
      .orderBy(asc(movimientoDetalle.fecha), asc(movimientoDetalle.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    db.select({ n: count() }).from(movimientoDetalle).where(enRango),
  ]);
  const lotesLinea = await lotesDeLineas(db, auth.idEmpresa, it.id, al.id, filas.map((f) => f.d.idMovimiento));
  const cero = '0.00';
  return {
    Item: { Id: it.id, Codigo: it.codigo, Descripcion: it.descripcion, CodigoUnidad: it.codigoUnidad },
    Almacen: al.nombre,
    SaldoInicial: previo
      ? { Cantidad: cant(previo.saldoCantidad), CostoPromedio: new Decimal(previo.saldoCostoPromedio).toFixed(4), Valor: dos(previo.saldoValor) }
      : { Cantidad: '0', CostoPromedio: '0.0000', Valor: cero },
    Data: filas.map(({ d, numero, idDoc }) => {
      const entra = !new Decimal(d.cantidad).isNegative();
      const q1 = cant(new Decimal(d.cantidad).abs());
      const cu = new Decimal(d.costoUnitario).toFixed(4);
      const ct = dos(new Decimal(d.costoTotal).abs());
      return {
        Fecha: d.fecha,
        IdMovimiento: d.idMovimiento,
        Numero: numero,
        IdDocumentoContable: idDoc,
        TipoOperacion: d.tipoOperacion,
        EntradaCantidad: entra ? q1 : '0',
        EntradaCostoUnitario: entra ? cu : '0.0000',
        EntradaCostoTotal: entra ? ct : cero,
        SalidaCantidad: entra ? '0' : q1,
        SalidaCostoUnitario: entra ? '0.0000' : cu,
        SalidaCostoTotal: entra ? cero : ct,
        SaldoCantidad: cant(d.saldoCantidad),
        SaldoCostoPromedio: new Decimal(d.saldoCostoPromedio).toFixed(4),
        SaldoValor: dos(d.saldoValor),
        Lote: lotesLinea.get(d.id) ?? null,
      };
    }),
    Count: Number(n),
  };
}

/** The kardex of the range as an Excel book (formato 13.1 columns), up to 100,000 lines. */
export async function kardexExcel(ctx: Contexto, auth: TAuth, q: z.output<typeof ZKardexQuery>): Promise<Buffer> {
  const k = await kardex(ctx, auth, { ...q, pagina: 1, regxpag: 100_000 });
  if (k.Count > 100_000) throw new AppError(ErrorCodes.VALIDACION, 'El kardex tiene más de 100 000 líneas: acorte el rango de fechas', 400);
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Kardex');
  hoja.addRow([`Kardex valorizado: ${k.Item.Codigo} ${k.Item.Descripcion} (${k.Item.CodigoUnidad}) - ${k.Almacen}`]);
  hoja.addRow([`Del ${q.desde} al ${q.hasta}`]);
  hoja.addRow(['Fecha', 'Tipo de operación (tabla 12)', 'Número', 'Entrada cantidad', 'Entrada costo unitario', 'Entrada costo total', 'Salida cantidad', 'Salida costo unitario', 'Salida costo total', 'Saldo cantidad', 'Saldo costo promedio', 'Saldo valor', 'Lote']).font = { bold: true };
  hoja.addRow([q.desde, 'Saldo inicial', '', '', '', '', '', '', '', Number(k.SaldoInicial.Cantidad), Number(k.SaldoInicial.CostoPromedio), Number(k.SaldoInicial.Valor)]);
  for (const f of k.Data)
    hoja.addRow([
      f.Fecha, f.TipoOperacion, f.Numero ?? f.IdDocumentoContable ?? '',
      Number(f.EntradaCantidad), Number(f.EntradaCostoUnitario), Number(f.EntradaCostoTotal),
      Number(f.SalidaCantidad), Number(f.SalidaCostoUnitario), Number(f.SalidaCostoTotal),
      Number(f.SaldoCantidad), Number(f.SaldoCostoPromedio), Number(f.SaldoValor), f.Lote ?? '',
    ]);
  hoja.columns.forEach((c, i) => (c.width = i === 1 ? 28 : 16));
  return Buffer.from(await libro.xlsx.writeBuffer());
}
