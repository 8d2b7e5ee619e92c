import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  EstadosPagoCompra,
  ErrorCodes,
  SimboloMoneda,
  TiposDocumentoCompra,
  serieNumero,
  type TCompra,
  type TCompraGuardarParseada,
  ZComprasQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { tipoCambio } from '../finanzas/finanzas.schema';
import { cuotaPagar } from '../finanzas/cuentas-por-pagar.schema';
import { compra, compraDetalle } from './compras.schema';
import { almacen, logisticaConfig } from './inventario.schema';
import { asentar, filasDe, type TLineaLibro } from './libro.repo';
import { moverLotes, revertirLotes } from './lotes.service';
import { factoresDe, unidadesBase } from './presentaciones.service';
import { item } from './logistica.schema';
import { avisarStock } from './stock-en-vivo';

/** IGV rate of a gravado line (catálogo 07 code 10). */
const TASA_IGV = new Decimal('0.18');
/** SUNAT accepts a difference of up to one unit between the declared totals and the sum of the lines. */
const TOLERANCIA_TOTAL = new Decimal(1);
const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const cant = (v: string | Decimal) => new Decimal(v).toDecimalPlaces(10).toFixed();
const MONEDA = (id: number) => SimboloMoneda[id] ?? '';

function esDuplicado(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

/** Line and document totals: value = quantity x unit value (to the cent), IGV 18% of the gravado value, per line. */
export function calcularTotales(lineas: { Cantidad: string; ValorUnitario: string; AfectacionIgv: string }[]) {
  let gravada = new Decimal(0);
  let exonerada = new Decimal(0);
  let inafecta = new Decimal(0);
  let igv = new Decimal(0);
  const porLinea = lineas.map((l) => {
    const valor = r2(new Decimal(l.Cantidad).times(l.ValorUnitario));
    const impuesto = l.AfectacionIgv === '10' ? r2(valor.times(TASA_IGV)) : new Decimal(0);
    if (l.AfectacionIgv === '10') gravada = gravada.plus(valor);
    else if (l.AfectacionIgv === '20') exonerada = exonerada.plus(valor);
    else inafecta = inafecta.plus(valor);
    igv = igv.plus(impuesto);
    return { valor, igv: impuesto, total: valor.plus(impuesto) };
  });
  return { porLinea, gravada, exonerada, inafecta, igv, total: gravada.plus(exonerada).plus(inafecta).plus(igv) };
}

type TTxCompra = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];
/** What the books need of a registered purchase (amounts in soles). */
export type TCompraRegistrada = {
  idEmpresa: number;
  idUsuario: number | null;
  idCompra: number;
  fecha: string;
  documento: string;
  proveedor: string;
  base: string;
  igv: string;
  total: string;
  conIngresoAlmacen: boolean;
  notaCredito: boolean;
};
const trasRegistrar: ((tx: TTxCompra, c: TCompraRegistrada) => Promise<void>)[] = [];
const trasAnular: ((tx: TTxCompra, c: { idEmpresa: number; idCompra: number; fecha: string; glosa: string }) => Promise<void>)[] = [];
/** Work other modules do inside a purchase's transaction (the books post it); registered in app.ts. */
export function alRegistrarCompra(fn: (typeof trasRegistrar)[number]): void {
  if (!trasRegistrar.includes(fn)) trasRegistrar.push(fn);
}
/** Work other modules do inside a purchase void's transaction (the books reverse it). */
export function alAnularCompra(fn: (typeof trasAnular)[number]): void {
  if (!trasAnular.includes(fn)) trasAnular.push(fn);
}

/**
 * Registers a supplier's document in ONE transaction: the supplier (entity by RUC, created when new), the document
 * (unique per supplier, type, series and number), its lines, one inventory entry per warehouse (Tabla 12 code 02, unit
 * cost in soles, weighted average updated by the ledger) and the payable dues (one per cuota; a cash purchase owes
 * its total on the issue date until it is paid). A supplier's credit note (07) takes the goods out again (code 06)
 * and owes nothing.
 */
export async function registrarCompra(ctx: Contexto, auth: TAuth, b: TCompraGuardarParseada): Promise<TCompra> {
  const db = ctx.dbh.db;
  const idsItem = [...new Set(b.Lineas.map((l) => l.IdItem))];
  const idsAlmacen = [...new Set(b.Lineas.map((l) => l.IdAlmacen))];
  const [items, almacenes] = await Promise.all([
    db.select({ id: item.id, descripcion: item.descripcion, unidad: item.codigoUnidad }).from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), inArray(item.id, idsItem))),
    db.select().from(almacen).where(and(eq(almacen.idEmpresa, auth.idEmpresa), inArray(almacen.id, idsAlmacen))),
  ]);
  const itemPorId = new Map(items.map((i) => [i.id, i]));
  const almacenPorId = new Map(almacenes.map((a) => [a.id, a]));
  b.Lineas.forEach((l, i) => {
    const it = itemPorId.get(l.IdItem);
    if (!it) throw errorDeCampo(`Lineas.${i}.IdItem`, 'No se encontró el producto');
    if (it.unidad === 'ZZ') throw errorDeCampo(`Lineas.${i}.IdItem`, `${it.descripcion} es un servicio: no ingresa al almacén`);
    if (almacenPorId.get(l.IdAlmacen)?.logEstado !== 1) throw errorDeCampo(`Lineas.${i}.IdAlmacen`, 'No se encontró el almacén');
  });
  const t = calcularTotales(b.Lineas);
  if (b.TotalDeclarado !== undefined && t.total.minus(b.TotalDeclarado).abs().gt(TOLERANCIA_TOTAL))
    throw errorDeCampo('TotalDeclarado', `El total calculado de las líneas (${MONEDA(b.IdMoneda)} ${t.total.toFixed(2)}) no coincide con el del documento (${MONEDA(b.IdMoneda)} ${new Decimal(b.TotalDeclarado).toFixed(2)})`);
  // The declared total is the document's when given (within the tolerance); the IGV absorbs the rounding difference.
  const total = b.TotalDeclarado !== undefined ? new Decimal(b.TotalDeclarado) : t.total;
  const igv = t.igv.plus(total.minus(t.total));
  if (total.lte(0)) throw errorDeCampo('Lineas', 'El total de la compra debe ser mayor que cero');
  const esNotaCredito = b.TipoDocumento === '07';
  const cuotas =
    esNotaCredito ? [] :
    b.IdCondicionPago === 2 && b.Cuotas.length
      ? b.Cuotas.map((c) => ({ monto: new Decimal(c.Monto), fecha: c.FechaVencimiento }))
      : [{ monto: total, fecha: b.IdCondicionPago === 2 ? b.FechaVencimiento! : b.FechaEmision }];
  const sumaCuotas = cuotas.reduce((s, c) => s.plus(c.monto), new Decimal(0));
  if (!esNotaCredito && !sumaCuotas.eq(total))
    throw errorDeCampo('Cuotas', `La suma de las cuotas (${MONEDA(b.IdMoneda)} ${sumaCuotas.toFixed(2)}) debe ser igual al total (${MONEDA(b.IdMoneda)} ${total.toFixed(2)})`);

  // Dollars: the day's rate (venta) of finance's table turns unit values into soles.
  let tasa = new Decimal(1);
  if (b.IdMoneda === 2) {
    const [tc] = await db.select().from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, auth.idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, b.FechaEmision)));
    if (!tc)
      throw new AppError(ErrorCodes.TIPO_CAMBIO_FALTANTE, `No hay tipo de cambio del dólar registrado para el ${b.FechaEmision.split('-').reverse().join('/')}. Regístrelo en Finanzas > Datos maestros.`, 400);
    tasa = new Decimal(tc.venta);
  }
  const numeroDoc = `${TiposDocumentoCompra[b.TipoDocumento]} ${serieNumero(b.Serie, b.Numero)}`;
  const duplicado = () => errorDeCampo('Numero', `La ${numeroDoc} del proveedor ${b.RucProveedor} ya está registrada`);

  try {
    const id = await db.transaction(async (tx) => {
      const [rep] = await filasDe<{ id: number }>(
        await tx.execute(sql`select id from compra where id_empresa = ${auth.idEmpresa} and ruc_proveedor = ${b.RucProveedor} and tipo_documento = ${b.TipoDocumento} and serie = ${b.Serie} and numero = ${b.Numero}`),
      );
      if (rep) throw duplicado();
      // The supplier: an entity of type 4 (Proveedor) with the RUC, created when the company does not have it yet.
      let [prov] = filasDe<{ id: number; razon_social: string }>(
        await tx.execute(sql`select id, razon_social from entidad where id_empresa = ${auth.idEmpresa} and tipo_entidad = 4 and id_tipo_documento = 2 and documento = ${b.RucProveedor} limit 1`),
      );
      if (!prov) {
        const razon = b.RazonSocialProveedor?.trim();
        if (!razon) throw errorDeCampo('RazonSocialProveedor', 'Proveedor nuevo: indique su razón social');
        [prov] = filasDe<{ id: number; razon_social: string }>(
          await tx.execute(sql`insert into entidad (id_empresa, tipo_entidad, id_tipo_documento, documento, razon_social, log_usuario_crea)
            values (${auth.idEmpresa}, 4, 2, ${b.RucProveedor}, ${razon}, ${auth.idUsuario}) returning id, razon_social`),
        );
      }
      const [c] = await tx
        .insert(compra)
        .values({
          idEmpresa: auth.idEmpresa,
          idSucursal: almacenPorId.get(b.Lineas[0].IdAlmacen)!.idSucursal,
          idEntidad: prov.id,
          rucProveedor: b.RucProveedor,
          razonSocialProveedor: prov.razon_social,
          tipoDocumento: b.TipoDocumento,
          serie: b.Serie,
          numero: b.Numero,
          fechaEmision: b.FechaEmision,
          fechaVencimiento: b.IdCondicionPago === 2 ? (b.FechaVencimiento ?? cuotas[cuotas.length - 1]?.fecha ?? null) : null,
          idMoneda: b.IdMoneda,
          tipoCambio: tasa.toFixed(4),
          idCondicionPago: b.IdCondicionPago,
          opGravada: t.gravada.toFixed(2),
          opExonerada: t.exonerada.toFixed(2),
          opInafecta: t.inafecta.toFixed(2),
          igv: igv.toFixed(2),
          total: total.toFixed(2),
          totalSoles: r2(total.times(tasa)).toFixed(2),
          origen: b.Origen,
          observacion: b.Observacion ?? null,
          logUsuarioCrea: auth.idUsuario,
        })
        .returning({ id: compra.id });

      // One ledger movement per warehouse; the unit cost in soles excludes the IGV (it is a tax credit).
      const [conf] = await tx.select().from(logisticaConfig).where(eq(logisticaConfig.idEmpresa, auth.idEmpresa));
      const movPorAlmacen = new Map<number, number>();
      const factores = await factoresDe(tx, auth.idEmpresa, b.Lineas.map((l) => ({ idItem: l.IdItem, codigoUnidad: l.CodigoUnidad })));
      const tipoOperacion = esNotaCredito ? '06' : '02';
      for (const idAlmacen of idsAlmacen) {
        // A line in a presentation (CAJA x 12) enters factor x quantity base units, each at the value / factor.
        const unidadesDe = (l: (typeof b.Lineas)[number]) => {
          const unidades = unidadesBase(factores, l.IdItem, l.CodigoUnidad, l.Cantidad);
          return esNotaCredito ? unidades.negated() : unidades;
        };
        const lineas: TLineaLibro[] = b.Lineas.filter((l) => l.IdAlmacen === idAlmacen).map((l) => {
          const unidades = unidadesDe(l);
          return {
            idItem: l.IdItem,
            idAlmacen,
            cantidad: unidades,
            tipoOperacion,
            costoUnitario: new Decimal(l.ValorUnitario).times(tasa).times(l.Cantidad).dividedBy(unidades.abs()),
          };
        });
        const idMovimiento = await asentar(
          tx,
          { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, numero: null, clase: esNotaCredito ? 'S' : 'I', tipoOperacion, fecha: b.FechaEmision, idAlmacen, glosa: `${numeroDoc} - ${prov.razon_social}`.slice(0, 250) },
          lineas,
          { permiteStockNegativo: conf?.permiteStockNegativo ?? true, nombreItem: (i) => itemPorId.get(i)?.descripcion ?? String(i), nombreAlmacen: (a) => almacenPorId.get(a)?.nombre ?? String(a) },
        );
        movPorAlmacen.set(idAlmacen, idMovimiento);
        // Lots and serials of the lines (in base units): a purchase brings them in, a supplier's credit note takes them out.
        await moverLotes(
          tx,
          { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idMovimiento, fecha: b.FechaEmision, permiteStockNegativo: conf?.permiteStockNegativo ?? true },
          b.Lineas.flatMap((l, i) =>
            l.IdAlmacen === idAlmacen
              ? [{ idItem: l.IdItem, idAlmacen, cantidad: unidadesDe(l), lote: l.Lote, vencimiento: l.FechaVencimiento, series: l.Series, campo: `Lineas.${i}` }]
              : [],
          ),
        );
      }
      await tx.insert(compraDetalle).values(
        b.Lineas.map((l, i) => ({
          idEmpresa: auth.idEmpresa,
          idCompra: c.id,
          idItem: l.IdItem,
          idAlmacen: l.IdAlmacen,
          descripcion: (l.Descripcion || itemPorId.get(l.IdItem)!.descripcion).slice(0, 500),
          cantidad: cant(l.Cantidad),
          valorUnitario: cant(l.ValorUnitario),
          afectacionIgv: l.AfectacionIgv,
          valorVenta: t.porLinea[i].valor.toFixed(2),
          igv: t.porLinea[i].igv.toFixed(2),
          total: t.porLinea[i].total.toFixed(2),
          costoUnitarioSoles: new Decimal(l.ValorUnitario).times(tasa).toDecimalPlaces(10).toFixed(10),
          idMovimiento: movPorAlmacen.get(l.IdAlmacen) ?? null,
          logUsuarioCrea: auth.idUsuario,
        })),
      );
      if (cuotas.length)
        await tx.insert(cuotaPagar).values(
          cuotas.map((q, i) => ({
            idEmpresa: auth.idEmpresa,
            idDocumento: c.id,
            tipoDocumento: b.TipoDocumento,
            serie: b.Serie,
            correlativo: b.Numero,
            fechaEmision: b.FechaEmision,
            idEntidad: prov.id,
            numeroDocumentoProveedor: b.RucProveedor,
            razonSocialProveedor: prov.razon_social,
            idMoneda: b.IdMoneda,
            numeroCuota: i + 1,
            fechaVencimiento: q.fecha,
            monto: q.monto.toFixed(2),
            logUsuarioCrea: auth.idUsuario,
          })),
        );
      const totalSoles = r2(total.times(tasa));
      const igvSoles = r2(igv.times(tasa));
      for (const fn of trasRegistrar)
        await fn(tx, {
          idEmpresa: auth.idEmpresa,
          idUsuario: auth.idUsuario,
          idCompra: c.id,
          fecha: b.FechaEmision,
          documento: numeroDoc,
          proveedor: prov.razon_social,
          base: totalSoles.minus(igvSoles).toFixed(2),
          igv: igvSoles.toFixed(2),
          total: totalSoles.toFixed(2),
          conIngresoAlmacen: true,
          notaCredito: esNotaCredito,
        });
      return c.id;
    });
    avisarStock(ctx, auth.idEmpresa, idsItem);
    return obtenerCompra(ctx, auth, id);
  } catch (err) {
    // Two users saving the same document at once: the unique index decides, with the same message.
    if (esDuplicado(err)) throw duplicado();
    throw err;
  }
}

/**
 * Voids a purchase in ONE transaction: refused when any due was paid (the payments must be voided first); otherwise
 * every entry it posted is reversed line by line (an exit, code 06, refused like any exit when it would leave stock
 * negative and the company forbids it) and its dues are closed.
 */
export async function anularCompra(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TCompra> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [c] = filasDe<{ id: number; anulado: boolean; serie: string; numero: number; tipo_documento: string; id_moneda: number; ruc_proveedor: string }>(
      await tx.execute(sql`select id, anulado, serie, numero, tipo_documento, id_moneda, ruc_proveedor from compra where id = ${id} and id_empresa = ${auth.idEmpresa} for update`),
    );
    if (!c) throw noEncontrado('No se encontró la compra');
    if (c.anulado) throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, 'La compra ya está anulada', 409);
    if (c.tipo_documento === '07') {
      // A supplier's credit note is a credit in favour of the company: once applied to the supplier's dues it cannot be
      // voided below what was applied (the row lock above orders this with an application, which locks the notes).
      const [f] = filasDe<{ resto: string }>(
        await tx.execute(sql`select ((select coalesce(sum(total), 0) from compra where id_empresa = ${auth.idEmpresa} and ruc_proveedor = ${c.ruc_proveedor} and id_moneda = ${c.id_moneda}
                                        and tipo_documento = '07' and not anulado and id <> ${id})
                                   - (select coalesce(sum(monto), 0) from pago_proveedor where id_empresa = ${auth.idEmpresa} and numero_documento_proveedor = ${c.ruc_proveedor}
                                        and id_moneda = ${c.id_moneda} and id_tipo_pago = 3 and not anulado))::text as resto`),
      );
      if (new Decimal(f.resto).lt(0))
        throw new AppError(
          ErrorCodes.VALIDACION,
          `No se puede anular la nota de crédito ${serieNumero(c.serie, c.numero)}: su saldo a favor ya se aplicó a cuotas del proveedor. Anule primero esas aplicaciones.`,
          400,
        );
    }
    const [{ pagado }] = filasDe<{ pagado: string }>(
      await tx.execute(sql`select coalesce(sum(pagado), 0)::text as pagado from (select pagado from cuota_pagar where id_documento = ${id} and id_empresa = ${auth.idEmpresa} order by id for update) q`),
    );
    if (new Decimal(pagado).gt(0))
      throw new AppError(ErrorCodes.VALIDACION, `No se puede anular la compra ${serieNumero(c.serie, c.numero)}: ya tiene pagos por ${MONEDA(c.id_moneda)} ${new Decimal(pagado).toFixed(2)}. Anule primero los pagos.`, 400);
    const det = filasDe<{ id_movimiento: number; id_item: number; id_almacen: number; cantidad: string; costo: string; descripcion: string; almacen: string; clase: 'I' | 'S' }>(
      await tx.execute(sql`select m.id as id_movimiento, md.id_item, md.id_almacen, md.cantidad::text as cantidad, md.costo_unitario::text as costo, i.descripcion, a.nombre as almacen, m.clase
        from movimiento_inventario m
        join movimiento_inventario_detalle md on md.id_movimiento = m.id
        join item i on i.id = md.id_item join almacen a on a.id = md.id_almacen
        where m.id_empresa = ${auth.idEmpresa} and m.id in (select id_movimiento from compra_detalle where id_compra = ${id} and id_movimiento is not null)
        order by md.id`),
    );
    const [conf] = await tx.select().from(logisticaConfig).where(eq(logisticaConfig.idEmpresa, auth.idEmpresa));
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    for (const idMov of [...new Set(det.map((d) => Number(d.id_movimiento)))]) {
      const ls = det.filter((d) => Number(d.id_movimiento) === idMov);
      const salida = ls[0].clase === 'I';
      const tipoOperacion = salida ? '06' : '05';
      const idReverso = await asentar(
        tx,
        { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, numero: null, clase: salida ? 'S' : 'I', tipoOperacion, fecha: hoy, idAlmacen: Number(ls[0].id_almacen), idMovimientoRevertido: idMov, glosa: `Anulación de la compra ${serieNumero(c.serie, c.numero)}` },
        ls.map((d) => ({ idItem: Number(d.id_item), idAlmacen: Number(d.id_almacen), cantidad: new Decimal(d.cantidad).negated(), tipoOperacion, costoUnitario: new Decimal(d.costo) })),
        { permiteStockNegativo: conf?.permiteStockNegativo ?? true, nombreItem: (i) => ls.find((d) => Number(d.id_item) === i)?.descripcion ?? String(i), nombreAlmacen: () => ls[0].almacen },
      );
      await revertirLotes(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idMovimiento: idReverso, fecha: hoy }, idMov);
    }
    await tx.execute(sql`update cuota_pagar set anulado = true, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id_documento = ${id} and id_empresa = ${auth.idEmpresa}`);
    for (const fn of trasAnular) await fn(tx, { idEmpresa: auth.idEmpresa, idCompra: id, fecha: hoy, glosa: `Anulación de la compra ${serieNumero(c.serie, c.numero)}: ${motivo}`.slice(0, 250) });
    await tx
      .update(compra)
      .set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(compra.id, id));
  });
  const anulada = await obtenerCompra(ctx, auth, id);
  avisarStock(ctx, auth.idEmpresa, anulada.Detalle.map((l) => l.IdItem));
  return anulada;
}

type TFilaCompra = typeof compra.$inferSelect & { pagado: string; debe: string };

function aCompra(c: TFilaCompra): Omit<TCompra, 'Detalle'> {
  const pagado = new Decimal(c.pagado ?? 0);
  const debe = new Decimal(c.debe ?? 0);
  const estado = c.anulado ? 7 : debe.gt(0) && pagado.gte(debe) ? 4 : pagado.gt(0) ? 3 : debe.gt(0) ? 1 : 4;
  return {
    Id: c.id,
    RucProveedor: c.rucProveedor,
    RazonSocialProveedor: c.razonSocialProveedor,
    TipoDocumento: c.tipoDocumento,
    NombreTipoDocumento: TiposDocumentoCompra[c.tipoDocumento as '01'] ?? c.tipoDocumento,
    Serie: c.serie,
    Numero: c.numero,
    SerieNumero: serieNumero(c.serie, c.numero),
    FechaEmision: c.fechaEmision,
    FechaVencimiento: c.fechaVencimiento,
    IdMoneda: c.idMoneda,
    TipoCambio: new Decimal(c.tipoCambio).toFixed(4),
    IdCondicionPago: c.idCondicionPago,
    OpGravada: c.opGravada,
    OpExonerada: c.opExonerada,
    OpInafecta: c.opInafecta,
    Igv: c.igv,
    Total: c.total,
    TotalSoles: c.totalSoles,
    Pagado: pagado.toFixed(2),
    Saldo: c.anulado ? '0.00' : debe.minus(pagado).toFixed(2),
    IdEstadoPago: estado,
    EstadoPago: EstadosPagoCompra[estado as 1],
    Origen: c.origen,
    Observacion: c.observacion,
    Anulado: c.anulado,
    MotivoAnulacion: c.motivoAnulacion,
  };
}

const pagos = sql<string>`coalesce((select sum(q.pagado) from cuota_pagar q where q.id_documento = "compra"."id"), 0)::text`;
const deuda = sql<string>`coalesce((select sum(q.monto) from cuota_pagar q where q.id_documento = "compra"."id"), 0)::text`;

export async function obtenerCompra(ctx: Contexto, auth: TAuth, id: number): Promise<TCompra> {
  const db = ctx.dbh.db;
  const [f] = await db.select({ c: compra, pagado: pagos, debe: deuda }).from(compra).where(and(eq(compra.id, id), eq(compra.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado('No se encontró la compra');
  const det = await db
    .select({ d: compraDetalle, codigo: item.codigo, almacen: almacen.nombre })
    .from(compraDetalle)
    .innerJoin(item, eq(item.id, compraDetalle.idItem))
    .leftJoin(almacen, eq(almacen.id, compraDetalle.idAlmacen))
    .where(eq(compraDetalle.idCompra, id))
    .orderBy(asc(compraDetalle.id));
  return {
    ...aCompra({ ...f.c, pagado: f.pagado, debe: f.debe }),
    Detalle: det.map(({ d, codigo, almacen: nombre }) => ({
      IdItem: d.idItem,
      Codigo: codigo,
      Descripcion: d.descripcion,
      IdAlmacen: d.idAlmacen,
      Almacen: nombre,
      Cantidad: cant(d.cantidad),
      ValorUnitario: cant(d.valorUnitario),
      AfectacionIgv: d.afectacionIgv,
      ValorVenta: d.valorVenta,
      Igv: d.igv,
      Total: d.total,
      CostoUnitarioSoles: new Decimal(d.costoUnitarioSoles).toDecimalPlaces(4).toFixed(4),
    })),
  };
}

export async function listarCompras(ctx: Contexto, auth: TAuth, q: z.output<typeof ZComprasQuery>) {
  const partes = [sql`${compra.idEmpresa} = ${auth.idEmpresa}`];
  const p = q.proveedor.trim();
  if (p) partes.push(/^\d{11}$/.test(p) ? sql`${compra.rucProveedor} = ${p}` : sql`${compra.razonSocialProveedor} ilike ${`%${p.replace(/[\\%_]/g, (x) => `\\${x}`)}%`}`);
  if (q.fechainicio) partes.push(sql`${compra.fechaEmision} >= ${q.fechainicio}::date`);
  if (q.fechafin) partes.push(sql`${compra.fechaEmision} <= ${q.fechafin}::date`);
  const donde = sql.join(partes, sql` and `);
  const db = ctx.dbh.db;
  const [fs, [{ n }]] = await Promise.all([
    db.select({ c: compra, pagado: pagos, debe: deuda }).from(compra).where(donde).orderBy(sql`${compra.fechaEmision} desc, ${compra.id} desc`).limit(q.regxpag).offset((q.pagina - 1) * q.regxpag),
    db.select({ n: sql<number>`count(*)::int` }).from(compra).where(donde),
  ]);
  return { Data: fs.map((f) => aCompra({ ...f.c, pagado: f.pagado, debe: f.debe })), Count: Number(n) };
}
