import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { calcularTotales } from '@yupana/sunat';
import {
  ErrorCodes,
  EstadoPedido,
  NombreEstadoPedido,
  NombreTipoPedido,
  TipoPedido,
  type TDocumentoContableCrearParseado,
  type TPedido,
  type TPedidoFacturado,
  type TPedidoFila,
  type TPedidos,
} from '@yupana/contracts';
import type { z } from 'zod';
import type { ZPedidoFacturar, ZPedidoGuardar, ZPedidosQuery } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { documentoContable } from '../contabilidad/contabilidad.schema';
// eslint-disable-next-line yupana/no-cross-import -- an order is invoiced through the one issuing engine, inside its transaction
import { emitirDocumento, type TEmitido, type TTransaccionEmision } from '../contabilidad/documentos/emision.service';
import { item } from '../logistica/logistica.schema';
import { listaDeEmpresa, precioPara } from './listaprecios.service';
import { pedidoVenta, pedidoVentaItem } from './pedidos.schema';
import { reservarPedido } from './reservas';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type TGuardar = z.output<typeof ZPedidoGuardar>;
type FilaPedido = typeof pedidoVenta.$inferSelect;
type FilaLinea = typeof pedidoVentaItem.$inferSelect;

const PREFIJO: Record<number, string> = { 1: 'COT', 2: 'PED' };
export const numeroPedido = (tipo: number, n: number) => `${PREFIJO[tipo]}-${String(n).padStart(8, '0')}`;
const hoyLima = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const masDias = (fecha: string, dias: number) => new Date(new Date(`${fecha}T00:00:00Z`).getTime() + dias * 86_400_000).toISOString().slice(0, 10);
const llevaIgv = (afectacion: string) => afectacion === '10' || afectacion === '17';

/** Lines as the issuing engine computes them: the order's totals are the document's, to the cent. */
function calcular(lineas: { cantidad: string; precioUnitario: string; descuento: string; tipoAfectacion: string; itemDescripcion: string }[], fecha: string, idMoneda: number) {
  try {
    return calcularTotales({
      fechaEmision: fecha,
      moneda: idMoneda === 2 ? 'USD' : 'PEN',
      items: lineas.map((l) => ({
        descripcion: l.itemDescripcion,
        cantidad: l.cantidad,
        precioUnitario: l.precioUnitario,
        afectacion: l.tipoAfectacion,
        ...(new Decimal(l.descuento).gt(0) ? { descuentos: [{ codigo: '00', monto: l.descuento }] } : {}),
      })),
      formaPago: { tipo: 'Contado' },
    });
  } catch (e) {
    throw errorDeCampo('Lineas', e instanceof Error ? e.message : 'No se pudo calcular el total');
  }
}

/** Builds the stored lines: prices from the list when omitted, discounts turned into SUNAT's (on the value without IGV). */
async function armarLineas(db: Db, auth: TAuth, b: TGuardar) {
  const ids = b.Lineas.map((l) => l.IdItem).filter((x): x is number => !!x);
  const items = ids.length ? await db.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), inArray(item.id, ids))) : [];
  if (b.IdListaPrecio) await listaDeEmpresa(db, auth, b.IdListaPrecio).catch(() => Promise.reject(errorDeCampo('IdListaPrecio', 'No se encontró la lista de precios')));
  const lineas = [];
  for (const [i, l] of b.Lineas.entries()) {
    const it = l.IdItem ? items.find((x) => x.id === l.IdItem) : undefined;
    if (l.IdItem && !it) throw errorDeCampo(`Lineas.${i}.IdItem`, 'No se encontró el producto o servicio');
    let precio = l.PrecioUnitario;
    if (precio === undefined) {
      if (!it) throw errorDeCampo(`Lineas.${i}.PrecioUnitario`, 'Indique el precio unitario');
      precio = await precioPara(db, auth.idEmpresa, b.IdListaPrecio ?? null, it, l.CodigoUnidad || it.codigoUnidad, {
        idTipoDocumento: b.Cliente.IdTipoDocumento,
        documento: b.Cliente.NumeroDocumento,
        idMoneda: b.IdMoneda,
      });
    }
    const afectacion = l.TipoAfectacion;
    const bruto = new Decimal(l.Cantidad).times(precio);
    const dsc = new Decimal(l.Descuento);
    if (dsc.lt(0)) throw errorDeCampo(`Lineas.${i}.Descuento`, 'El descuento no puede ser negativo');
    if (l.DescuentoEsPorcentaje && dsc.gt(100)) throw errorDeCampo(`Lineas.${i}.Descuento`, 'El porcentaje de descuento no puede superar 100');
    const conIgv = l.DescuentoEsPorcentaje ? bruto.times(dsc).dividedBy(100) : dsc;
    if (conIgv.gt(bruto)) throw errorDeCampo(`Lineas.${i}.Descuento`, 'El descuento no puede superar el importe de la línea');
    const descuento = (llevaIgv(afectacion) ? conIgv.dividedBy('1.18') : conIgv).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    lineas.push({
      item: i + 1,
      idItem: it?.id ?? null,
      codigoItem: l.CodigoItem ?? it?.codigo ?? null,
      itemDescripcion: l.ItemDescripcion,
      codigoUnidad: l.CodigoUnidad || it?.codigoUnidad || 'NIU',
      cantidad: new Decimal(l.Cantidad).toFixed(10),
      precioUnitario: new Decimal(precio).toFixed(10),
      descuento: descuento.toFixed(2),
      tipoAfectacion: afectacion,
    });
  }
  const t = calcular(lineas, b.FechaEmision, b.IdMoneda);
  return {
    lineas: lineas.map((l, i) => ({ ...l, total: t.lineas[i].valorVenta.plus(t.lineas[i].totalImpuestos).toFixed(2) })),
    subTotal: t.valorVenta.toFixed(2),
    igv: t.totalImpuestos.toFixed(2),
    total: t.importeTotal.toFixed(2),
  };
}

const texto = (d: string) => {
  const x = new Decimal(d);
  const s = x.toDecimalPlaces(10).toFixed();
  return s.includes('.') && s.split('.')[1].length >= 2 ? s : x.toFixed(2);
};

function aFila(p: FilaPedido, vendedor: string, origen: string | null, documento: string | null): TPedidoFila {
  return {
    Id: p.id,
    Tipo: p.tipo,
    TipoNombre: NombreTipoPedido[p.tipo],
    Numero: numeroPedido(p.tipo, p.numero),
    Estado: p.estado,
    EstadoNombre: NombreEstadoPedido[p.estado] ?? String(p.estado),
    Vencida: p.tipo === TipoPedido.COTIZACION && p.estado === EstadoPedido.PENDIENTE && !!p.fechaValidez && p.fechaValidez < hoyLima(),
    IdSucursal: p.idSucursal,
    FechaEmision: p.fechaEmision,
    FechaValidez: p.fechaValidez,
    IdListaPrecio: p.idListaPrecio,
    IdMoneda: p.idMoneda,
    Cliente: {
      IdTipoDocumento: p.clienteIdTipoDocumento,
      NumeroDocumento: p.clienteNumeroDocumento,
      RazonSocial: p.clienteRazonSocial,
      Direccion: p.clienteDireccion,
      Correo: p.clienteCorreo,
    },
    Observaciones: p.observaciones,
    Vendedor: vendedor,
    SubTotal: p.subTotal,
    Igv: p.igv,
    Total: p.total,
    IdPedidoGenerado: p.idPedidoGenerado,
    IdOrigen: p.idOrigen,
    Origen: origen,
    IdDocumento: p.idDocumento,
    Documento: documento,
  };
}
const aLinea = (l: FilaLinea) => ({
  Item: l.item,
  IdItem: l.idItem,
  CodigoItem: l.codigoItem,
  ItemDescripcion: l.itemDescripcion,
  CodigoUnidad: l.codigoUnidad,
  Cantidad: texto(l.cantidad),
  PrecioUnitario: texto(l.precioUnitario),
  Descuento: l.descuento,
  TipoAfectacion: l.tipoAfectacion,
  Total: l.total,
});

const origenSql = sql<string | null>`(select case o.tipo when 1 then 'COT-' else 'PED-' end || lpad(o.numero::text, 8, '0') from pedido_venta o where o.id = ${pedidoVenta.idOrigen})`;
const documentoSql = sql<string | null>`${documentoContable.serie} || '-' || ${documentoContable.correlativo}`;

function consultaFilas(db: Db | Tx) {
  return db
    .select({ p: pedidoVenta, vendedor: sql<string>`coalesce(${usuario.usuario}, '')`, origen: origenSql, documento: documentoSql })
    .from(pedidoVenta)
    .leftJoin(usuario, eq(usuario.id, pedidoVenta.logUsuarioCrea))
    .leftJoin(documentoContable, eq(documentoContable.id, pedidoVenta.idDocumento));
}

export async function listarPedidos(db: Db, auth: TAuth, q: z.output<typeof ZPedidosQuery>): Promise<TPedidos> {
  const cond: SQL[] = [eq(pedidoVenta.idEmpresa, auth.idEmpresa), eq(pedidoVenta.tipo, q.tipo)];
  if (auth.sucursales.length) cond.push(inArray(pedidoVenta.idSucursal, auth.sucursales));
  if (q.estado) cond.push(eq(pedidoVenta.estado, q.estado));
  if (q.desde) cond.push(gte(pedidoVenta.fechaEmision, q.desde));
  if (q.hasta) cond.push(lte(pedidoVenta.fechaEmision, q.hasta));
  if (q.filtro) {
    const patron = `%${q.filtro.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const num = Number(q.filtro.replace(/^\D+-?0*/, ''));
    cond.push(
      sql`(lower(${pedidoVenta.clienteRazonSocial}) like ${patron} or ${pedidoVenta.clienteNumeroDocumento} like ${patron}${Number.isInteger(num) && num > 0 ? sql` or ${pedidoVenta.numero} = ${num}` : sql``})`,
    );
  }
  const donde = and(...cond);
  const [filas, [{ n }]] = await Promise.all([
    consultaFilas(db)
      .where(donde)
      .orderBy(desc(pedidoVenta.fechaEmision), desc(pedidoVenta.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    db.select({ n: count() }).from(pedidoVenta).where(donde),
  ]);
  return { Data: filas.map((f) => aFila(f.p, f.vendedor, f.origen, f.documento)), Count: Number(n) };
}

export async function obtenerPedido(db: Db | Tx, auth: TAuth, id: number): Promise<TPedido> {
  const [f] = await consultaFilas(db).where(and(eq(pedidoVenta.idEmpresa, auth.idEmpresa), eq(pedidoVenta.id, id)));
  if (!f || (auth.sucursales.length && !auth.sucursales.includes(f.p.idSucursal))) throw noEncontrado('No se encontró la cotización o pedido');
  const lineas = await db.select().from(pedidoVentaItem).where(eq(pedidoVentaItem.idPedido, id)).orderBy(pedidoVentaItem.item);
  return { ...aFila(f.p, f.vendedor, f.origen, f.documento), Lineas: lineas.map(aLinea) };
}

/** The row, locked for the rest of the transaction (two conversions of one order wait for each other). */
async function bloquear(tx: Tx, auth: TAuth, id: number): Promise<FilaPedido> {
  const [p] = await tx.select().from(pedidoVenta).where(and(eq(pedidoVenta.idEmpresa, auth.idEmpresa), eq(pedidoVenta.id, id))).for('update');
  if (!p || (auth.sucursales.length && !auth.sucursales.includes(p.idSucursal))) throw noEncontrado('No se encontró la cotización o pedido');
  return p;
}

async function siguienteNumero(tx: Tx, idEmpresa: number, tipo: number): Promise<number> {
  // One counter per company and type, serialised by a transaction-scoped advisory lock.
  await tx.execute(sql`select pg_advisory_xact_lock(${1_200_000 + tipo}, ${idEmpresa})`);
  const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${pedidoVenta.numero}), 0)::int` }).from(pedidoVenta).where(and(eq(pedidoVenta.idEmpresa, idEmpresa), eq(pedidoVenta.tipo, tipo)));
  return Number(n) + 1;
}

const datosCabecera = (b: TGuardar) => ({
  idSucursal: b.IdSucursal,
  fechaEmision: b.FechaEmision,
  fechaValidez: b.FechaValidez ?? (b.Tipo === TipoPedido.COTIZACION ? masDias(b.FechaEmision, 15) : null),
  idListaPrecio: b.IdListaPrecio ?? null,
  idMoneda: b.IdMoneda,
  clienteIdTipoDocumento: b.Cliente.IdTipoDocumento,
  clienteNumeroDocumento: b.Cliente.NumeroDocumento,
  clienteRazonSocial: b.Cliente.RazonSocial,
  clienteDireccion: b.Cliente.Direccion || null,
  clienteCorreo: b.Cliente.Correo || null,
  observaciones: b.Observaciones || null,
});

export async function crearPedido(db: Db, auth: TAuth, b: TGuardar): Promise<TPedido> {
  if (!auth.sucursales.includes(b.IdSucursal)) throw errorDeCampo('IdSucursal', 'La sucursal no está asignada a su usuario');
  const a = await armarLineas(db, auth, b);
  const id = await db.transaction(async (tx) => {
    const numero = await siguienteNumero(tx, auth.idEmpresa, b.Tipo);
    const [p] = await tx
      .insert(pedidoVenta)
      .values({ ...datosCabecera(b), idEmpresa: auth.idEmpresa, tipo: b.Tipo, numero, subTotal: a.subTotal, igv: a.igv, total: a.total, logUsuarioCrea: auth.idUsuario })
      .returning({ id: pedidoVenta.id });
    await tx.insert(pedidoVentaItem).values(a.lineas.map((l) => ({ ...l, idEmpresa: auth.idEmpresa, idPedido: p.id })));
    return p.id;
  });
  return obtenerPedido(db, auth, id);
}

const noEditable = (p: FilaPedido) =>
  new AppError(ErrorCodes.PEDIDO_ESTADO_INVALIDO, `${NombreTipoPedido[p.tipo]} ${numeroPedido(p.tipo, p.numero)} está ${NombreEstadoPedido[p.estado].toLowerCase()}: ya no se puede modificar`, 409);

export async function editarPedido(db: Db, auth: TAuth, id: number, b: TGuardar): Promise<TPedido> {
  if (!auth.sucursales.includes(b.IdSucursal)) throw errorDeCampo('IdSucursal', 'La sucursal no está asignada a su usuario');
  const a = await armarLineas(db, auth, b);
  await db.transaction(async (tx) => {
    const p = await bloquear(tx, auth, id);
    if (p.tipo !== b.Tipo) throw errorDeCampo('Tipo', 'No se puede cambiar una cotización en pedido editándola: conviértala');
    if (p.estado !== EstadoPedido.PENDIENTE && p.estado !== EstadoPedido.POR_FACTURAR) throw noEditable(p);
    await tx
      .update(pedidoVenta)
      .set({ ...datosCabecera(b), subTotal: a.subTotal, igv: a.igv, total: a.total, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(pedidoVenta.id, id));
    await tx.delete(pedidoVentaItem).where(eq(pedidoVentaItem.idPedido, id));
    await tx.insert(pedidoVentaItem).values(a.lineas.map((l) => ({ ...l, idEmpresa: auth.idEmpresa, idPedido: id })));
    // An order already "Por facturar" keeps its reservation: its new lines must fit too.
    if (p.estado === EstadoPedido.POR_FACTURAR && p.tipo === TipoPedido.PEDIDO) await reservarPedido(tx, auth.idEmpresa, id);
  });
  return obtenerPedido(db, auth, id);
}

/**
 * Manual changes of status. Pending <-> to invoice (orders only); cancel from pending or to invoice; conclude an
 * invoiced order (delivered). 14 Facturado is set only by issuing its document.
 */
export async function cambiarEstado(db: Db, auth: TAuth, id: number, estado: number): Promise<TPedido> {
  await db.transaction(async (tx) => {
    const p = await bloquear(tx, auth, id);
    const abierto = p.estado === EstadoPedido.PENDIENTE || p.estado === EstadoPedido.POR_FACTURAR;
    const permitido =
      (estado === EstadoPedido.ANULADO && abierto) ||
      (estado === EstadoPedido.POR_FACTURAR && p.tipo === TipoPedido.PEDIDO && p.estado === EstadoPedido.PENDIENTE) ||
      (estado === EstadoPedido.PENDIENTE && p.tipo === TipoPedido.PEDIDO && p.estado === EstadoPedido.POR_FACTURAR) ||
      (estado === EstadoPedido.CONCLUIDO && p.tipo === TipoPedido.PEDIDO && p.estado === EstadoPedido.FACTURADO);
    if (!permitido)
      throw new AppError(
        ErrorCodes.PEDIDO_ESTADO_INVALIDO,
        `No se puede pasar ${NombreTipoPedido[p.tipo].toLowerCase()} ${numeroPedido(p.tipo, p.numero)} de ${NombreEstadoPedido[p.estado]} a ${NombreEstadoPedido[estado]}`,
        409,
      );
    // "Por facturar" reserves the order's goods (409 when they are not free); every other state releases them.
    if (estado === EstadoPedido.POR_FACTURAR) await reservarPedido(tx, auth.idEmpresa, id);
    await tx.update(pedidoVenta).set({ estado, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(pedidoVenta.id, id));
  });
  return obtenerPedido(db, auth, id);
}

const yaAtendido = (p: FilaPedido) =>
  new AppError(
    ErrorCodes.PEDIDO_YA_ATENDIDO,
    p.estado === EstadoPedido.ANULADO
      ? `${NombreTipoPedido[p.tipo]} ${numeroPedido(p.tipo, p.numero)} está anulado`
      : `${NombreTipoPedido[p.tipo]} ${numeroPedido(p.tipo, p.numero)} ya fue atendido`,
    409,
  );
const atendible = (p: FilaPedido) => (p.estado === EstadoPedido.PENDIENTE || p.estado === EstadoPedido.POR_FACTURAR) && !p.idDocumento && !p.idPedidoGenerado;

/** A quotation becomes an order (its lines and prices copied); the quotation is concluded. Twice: 409. */
export async function convertirEnPedido(db: Db, auth: TAuth, id: number): Promise<TPedido> {
  const nuevo = await db.transaction(async (tx) => {
    const c = await bloquear(tx, auth, id);
    if (c.tipo !== TipoPedido.COTIZACION) throw new AppError(ErrorCodes.PEDIDO_ESTADO_INVALIDO, 'Solo una cotización se convierte en pedido', 409);
    if (!atendible(c)) throw yaAtendido(c);
    if (c.fechaValidez && c.fechaValidez < hoyLima()) throw new AppError(ErrorCodes.PEDIDO_ESTADO_INVALIDO, `La cotización venció el ${c.fechaValidez}: edítela con una nueva fecha de validez`, 409);
    const lineas = await tx.select().from(pedidoVentaItem).where(eq(pedidoVentaItem.idPedido, id)).orderBy(pedidoVentaItem.item);
    const numero = await siguienteNumero(tx, auth.idEmpresa, TipoPedido.PEDIDO);
    const hoy = hoyLima();
    const { id: _i, numero: _n, tipo: _t, estado: _e, fechaValidez: _v, idPedidoGenerado: _g, idDocumento: _d, logFechaCrea: _f, logUsuarioModif: _um, logFechaModif: _fm, ...resto } = c;
    const [p] = await tx
      .insert(pedidoVenta)
      .values({ ...resto, tipo: TipoPedido.PEDIDO, numero, estado: EstadoPedido.PENDIENTE, fechaEmision: hoy > c.fechaEmision ? hoy : c.fechaEmision, idOrigen: c.id, logUsuarioCrea: auth.idUsuario })
      .returning({ id: pedidoVenta.id });
    await tx.insert(pedidoVentaItem).values(lineas.map(({ id: _x, idPedido: _y, ...l }) => ({ ...l, idPedido: p.id })));
    await tx.update(pedidoVenta).set({ estado: EstadoPedido.CONCLUIDO, idPedidoGenerado: p.id, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(pedidoVenta.id, id));
    return p.id;
  });
  return obtenerPedido(db, auth, nuevo);
}

/**
 * Issues a nota de venta, boleta or factura from an order (or straight from a quotation) through the issuing engine.
 * Inside the issue's transaction the order row is locked and checked again: a second conversion (even a concurrent
 * one) is refused and rolls its document back. The order becomes 14 Facturado (a quotation 15 Concluido) and keeps
 * the document; the document's Observaciones name the order. The order never moved stock: the document does, once,
 * through inventory's issue hook.
 */
export async function facturarPedido(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZPedidoFacturar>): Promise<TPedidoFacturado> {
  const db = ctx.dbh.db;
  const actual = await obtenerPedido(db, auth, id);
  const [previo] = await db.select().from(pedidoVenta).where(eq(pedidoVenta.id, id));
  if (!atendible(previo)) throw yaAtendido(previo);
  const c = actual.Cliente;
  if (b.IdTipoDocumento === 1003 && c.IdTipoDocumento !== 2) throw errorDeCampo('IdTipoDocumento', 'La factura requiere un cliente con RUC: edite el cliente del pedido o emita boleta');
  const doc: TDocumentoContableCrearParseado = {
    IdTipoDocumento: b.IdTipoDocumento,
    IdSerie: b.IdSerie,
    IdMoneda: actual.IdMoneda as 1 | 2,
    IdCondicionPago: b.IdCondicionPago,
    FechaEmision: b.FechaEmision,
    FechaVencimiento: b.FechaVencimiento,
    Observaciones: `${actual.TipoNombre} ${actual.Numero}${actual.Observaciones ? ` · ${actual.Observaciones}` : ''}`.slice(0, 500),
    ListaItems: actual.Lineas.map((l) => ({
      ...(l.IdItem ? { IdItem: l.IdItem } : {}),
      ...(l.CodigoItem ? { CodigoItem: l.CodigoItem } : {}),
      ItemDescripcion: l.ItemDescripcion,
      CodigoUnidad: l.CodigoUnidad,
      Cantidad: l.Cantidad,
      PrecioUnitario: l.PrecioUnitario,
      ...(new Decimal(l.Descuento).gt(0) ? { Descuento: l.Descuento } : {}),
      TipoAfectacion: l.TipoAfectacion,
    })),
    ListaEntidades: [
      {
        TipoEntidad: 2,
        IdTipoDocumento: c.IdTipoDocumento,
        NumeroDocumento: c.NumeroDocumento,
        RazonSocial: c.RazonSocial,
        ...(c.Direccion ? { Direccion: c.Direccion } : {}),
        ...(c.Correo ? { CorreoEntidadReceptor: c.Correo } : {}),
      },
    ],
    ListaCuotas: b.IdCondicionPago === 1 ? [] : [{ Monto: actual.Total, FechaVencimiento: b.FechaVencimiento ?? masDias(b.FechaEmision, 30) }],
    ListaReferencias: [],
    ListaConductores: [],
  };
  // `idPedido`: the stock check of the issue (inventory's hook, which runs before this callback) counts this order's
  // own reservation as available to the document that invoices it.
  const alFacturar = Object.assign(
    async (tx: TTransaccionEmision, emitido: TEmitido) => {
      const p = await bloquear(tx, auth, id);
      if (!atendible(p)) throw yaAtendido(p);
      const estado = p.tipo === TipoPedido.PEDIDO ? EstadoPedido.FACTURADO : EstadoPedido.CONCLUIDO;
      await tx.update(pedidoVenta).set({ estado, idDocumento: emitido.creado.Id, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(pedidoVenta.id, id));
    },
    { idPedido: id },
  );
  const { creado } = await emitirDocumento(ctx, auth, doc, undefined, undefined, alFacturar);
  return { Pedido: await obtenerPedido(db, auth, id), IdDocumento: creado.Id, SerieNumero: creado.SerieNumero, MontoTotal: creado.MontoTotal };
}
