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
import { enCatalogo } from '@yupana/sunat';
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
// Cost centres are finance's master data; the shared check lives in lib/.
import { validarCentroCosto } from '../../lib/centro-costo';

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
  /** The part of a credit note (soles) that lowered the dues of the purchase it modifies. */
  netadoSoles?: string;
  /** The same part at the rates those dues were booked at (the purchase's, or the debit note's that added the due). */
  netadoContabilizadoSoles?: string;
  /** The IGV percepción the supplier charged (soles): 40113 D, owed with the total. */
  percepcion?: string;
  /** The purchase's cost centre (a note without its own takes its purchase's). */
  idCentroCosto: number | null;
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
  const esNota = esNotaCredito || b.TipoDocumento === '08';
  const cuotas =
    esNotaCredito ? [] :
    b.IdCondicionPago === 2 && b.Cuotas.length
      ? b.Cuotas.map((c) => ({ monto: new Decimal(c.Monto), fecha: c.FechaVencimiento }))
      : [{ monto: total, fecha: b.IdCondicionPago === 2 ? b.FechaVencimiento! : b.FechaEmision }];
  // SPOT and percepción (issue 13): the supplier is paid the total plus the percepción it charged, less the detracción
  // the company deposits into its Banco de la Nación account (which gets its own due, settled by the deposit).
  const detraccion = b.Detraccion ? new Decimal(b.Detraccion.Monto) : new Decimal(0);
  const percepcion = b.Percepcion ? new Decimal(b.Percepcion.Monto) : new Decimal(0);
  if (b.Detraccion) {
    if (!enCatalogo('54', b.Detraccion.CodigoBien)) throw errorDeCampo('Detraccion.CodigoBien', `El código ${b.Detraccion.CodigoBien} no existe en el catálogo 54 de SUNAT (bienes y servicios sujetos a detracción)`);
    if (new Decimal(b.Detraccion.Porcentaje).gt(100)) throw errorDeCampo('Detraccion.Porcentaje', 'El porcentaje de detracción no puede pasar de 100');
    if (detraccion.gte(total)) throw errorDeCampo('Detraccion.Monto', `La detracción debe ser menor que el total de la factura (${MONEDA(b.IdMoneda)} ${total.toFixed(2)})`);
  }
  if (b.Percepcion) {
    const tope = r2(total.times(b.Percepcion.Porcentaje).dividedBy(100));
    // The agent computes it on the price including IGV; a cent of rounding either way is accepted.
    if (percepcion.minus(tope).abs().gt('0.01'))
      throw errorDeCampo('Percepcion.Monto', `La percepción del ${b.Percepcion.Porcentaje} % sobre ${MONEDA(b.IdMoneda)} ${total.toFixed(2)} es ${MONEDA(b.IdMoneda)} ${tope.toFixed(2)}`);
  }
  const aPagar = total.plus(percepcion).minus(detraccion);
  if (!esNotaCredito && cuotas.length === 1 && !(b.IdCondicionPago === 2 && b.Cuotas.length)) cuotas[0].monto = aPagar;
  const sumaCuotas = cuotas.reduce((s, c) => s.plus(c.monto), new Decimal(0));
  if (!esNotaCredito && !sumaCuotas.eq(aPagar))
    throw errorDeCampo(
      'Cuotas',
      aPagar.eq(total)
        ? `La suma de las cuotas (${MONEDA(b.IdMoneda)} ${sumaCuotas.toFixed(2)}) debe ser igual al total (${MONEDA(b.IdMoneda)} ${total.toFixed(2)})`
        : `La suma de las cuotas (${MONEDA(b.IdMoneda)} ${sumaCuotas.toFixed(2)}) debe ser igual a lo que se paga al proveedor: total ${total.toFixed(2)}${percepcion.gt(0) ? ` + percepción ${percepcion.toFixed(2)}` : ''}${detraccion.gt(0) ? ` − detracción ${detraccion.toFixed(2)}` : ''} = ${MONEDA(b.IdMoneda)} ${aPagar.toFixed(2)}`,
    );

  // Dollars: the day's rate (venta) of finance's table turns unit values into soles.
  let tasa = new Decimal(1);
  if (b.IdMoneda === 2) {
    const [tc] = await db.select().from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, auth.idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, b.FechaEmision)));
    if (!tc)
      throw new AppError(ErrorCodes.TIPO_CAMBIO_FALTANTE, `No hay tipo de cambio del dólar registrado para el ${b.FechaEmision.split('-').reverse().join('/')}. Regístrelo en Finanzas > Datos maestros.`, 400);
    tasa = new Decimal(tc.venta);
  }
  await validarCentroCosto(db, auth.idEmpresa, b.IdCentroCosto);
  const numeroDoc = `${TiposDocumentoCompra[b.TipoDocumento]} ${serieNumero(b.Serie, b.Numero)}`;
  const duplicado = () => errorDeCampo('Numero', `La ${numeroDoc} del proveedor ${b.RucProveedor} ya está registrada`);

  try {
    const id = await db.transaction(async (tx) => {
      const [rep] = await filasDe<{ id: number }>(
        await tx.execute(sql`select id from compra where id_empresa = ${auth.idEmpresa} and ruc_proveedor = ${b.RucProveedor} and tipo_documento = ${b.TipoDocumento} and serie = ${b.Serie} and numero = ${b.Numero}`),
      );
      if (rep) throw duplicado();
      // A note's modified purchase: the same supplier's (and company's), locked so its notes are registered one by one.
      const ref = esNota && b.Referencia ? await referenciaDeNota(tx, auth.idEmpresa, b, total) : null;
      // A debit note on a crédito purchase adds a due to that purchase instead of owing on its own.
      const debitoEnCompra = b.TipoDocumento === '08' && ref?.id_condicion_pago === 2;
      // A note posts to its own centre, else to the one of the purchase it modifies (its expense is that purchase's).
      const idCentroCosto = b.IdCentroCosto ?? (ref?.id_centro_costo != null ? Number(ref.id_centro_costo) : null);
      if (debitoEnCompra) cuotas.length = 0;
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
          idCompraReferencia: ref?.id ?? null,
          detraccionCodigo: b.Detraccion?.CodigoBien ?? null,
          detraccionPorcentaje: b.Detraccion ? new Decimal(b.Detraccion.Porcentaje).toFixed(2) : null,
          detraccionMonto: b.Detraccion ? detraccion.toFixed(2) : null,
          percepcionPorcentaje: b.Percepcion?.Porcentaje ?? null,
          percepcionMonto: b.Percepcion ? percepcion.toFixed(2) : null,
          idCentroCosto,
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
      // The detracción's own due, after the supplier's dues, due with the first of them (RS 183-2004 art. 7: the
      // buyer deposits by the payment date at the latest).
      const dues = cuotas.length && detraccion.gt(0) ? [...cuotas.map((q) => ({ ...q, detraccion: false })), { monto: detraccion, fecha: cuotas[0].fecha, detraccion: true }] : cuotas.map((q) => ({ ...q, detraccion: false }));
      if (dues.length)
        await tx.insert(cuotaPagar).values(
          dues.map((q, i) => ({
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
            detraccion: q.detraccion,
            logUsuarioCrea: auth.idUsuario,
          })),
        );
      // The note's effect on the modified purchase's dues (crédito purchases only; a contado one keeps the credit in favour).
      const { netado, contabilizado } =
        ref?.id_condicion_pago === 2
          ? await aplicarNotaACompra(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idNota: c.id, idCompra: ref.id, credito: esNotaCredito, total, vencimiento: b.FechaVencimiento ?? b.FechaEmision })
          : { netado: new Decimal(0), contabilizado: new Decimal(0) };
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
          netadoSoles: esNotaCredito ? r2(netado.times(tasa)).toFixed(2) : undefined,
          netadoContabilizadoSoles: esNotaCredito ? contabilizado.toFixed(2) : undefined,
          percepcion: percepcion.gt(0) ? r2(percepcion.times(tasa)).toFixed(2) : undefined,
          idCentroCosto,
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

type TReferencia = { id: number; tipo_documento: string; serie: string; numero: number; fecha_emision: string; id_moneda: number; id_condicion_pago: number; total: string; anulado: boolean; id_centro_costo: number | null };

/**
 * The purchase a note modifies, by the supplier's RUC, type, series and number within the company (another company's
 * or supplier's purchase is simply not found), locked FOR UPDATE: not voided, same currency, not after the note, and
 * for a credit note a total within what is left of the purchase (its total plus its debit notes less its credit notes).
 */
async function referenciaDeNota(tx: TTxCompra, idEmpresa: number, b: TCompraGuardarParseada, total: Decimal): Promise<TReferencia> {
  const r = b.Referencia!;
  const nombre = `${TiposDocumentoCompra[r.TipoDocumento]} ${serieNumero(r.Serie, r.Numero)}`;
  const [ref] = filasDe<TReferencia>(
    await tx.execute(sql`select id, tipo_documento, serie, numero, fecha_emision::text as fecha_emision, id_moneda, id_condicion_pago, total::text as total, anulado, id_centro_costo
      from compra where id_empresa = ${idEmpresa} and ruc_proveedor = ${b.RucProveedor} and tipo_documento = ${r.TipoDocumento} and serie = ${r.Serie} and numero = ${r.Numero} for update`),
  );
  if (!ref) throw errorDeCampo('Referencia', `No se encontró la ${nombre} entre las compras del proveedor ${b.RucProveedor}`);
  if (ref.anulado) throw errorDeCampo('Referencia', `La ${nombre} está anulada: una nota no puede modificarla`);
  if (Number(ref.id_moneda) !== b.IdMoneda)
    throw errorDeCampo('Referencia', `La ${nombre} está en ${MONEDA(Number(ref.id_moneda))} y la nota en ${MONEDA(b.IdMoneda)}: deben tener la misma moneda`);
  if (b.FechaEmision < ref.fecha_emision) throw errorDeCampo('FechaEmision', `La nota no puede ser anterior a la ${nombre} (${ref.fecha_emision.split('-').reverse().join('/')})`);
  if (b.TipoDocumento === '07') {
    const [n] = filasDe<{ credito: string; debito: string }>(
      await tx.execute(sql`select coalesce(sum(total) filter (where tipo_documento = '07'), 0)::text as credito, coalesce(sum(total) filter (where tipo_documento = '08'), 0)::text as debito
        from compra where id_empresa = ${idEmpresa} and id_compra_referencia = ${ref.id} and not anulado`),
    );
    const resto = new Decimal(ref.total).plus(n.debito).minus(n.credito);
    if (total.gt(resto))
      throw errorDeCampo(
        'Referencia',
        `El total de la nota de crédito (${MONEDA(b.IdMoneda)} ${total.toFixed(2)}) supera lo que queda de la ${nombre} (${MONEDA(b.IdMoneda)} ${Decimal.max(resto, 0).toFixed(2)})`,
      );
  }
  return { ...ref, id: Number(ref.id), id_condicion_pago: Number(ref.id_condicion_pago) };
}

/**
 * A note on a crédito purchase, in the note's transaction (the sales notes' rule, nota_cuota): a credit note lowers the
 * purchase's open dues by its total, oldest due first (by due date, then number), never below what was already paid;
 * what nothing was owed for stays the supplier's credit in favour. A debit note adds a due to the purchase (due on the
 * note's FechaVencimiento or its issue date). Each effect is written to nota_compra_cuota so the note's void undoes
 * exactly it. Returns the amount the credit note lowered and, in soles, the same amount at the rate each lowered due was
 * booked at (the purchase's rate, or the debit note's for a due a debit note added), so the books can cancel the
 * payable at what it holds and post the exchange difference against the note's own rate.
 */
async function aplicarNotaACompra(
  tx: TTxCompra,
  n: { idEmpresa: number; idUsuario: number; idNota: number; idCompra: number; credito: boolean; total: Decimal; vencimiento: string },
): Promise<{ netado: Decimal; contabilizado: Decimal }> {
  // The purchase's dues under the row locks (id order) a payment takes.
  const dues = filasDe<{ id: number; numero_cuota: number; monto: string; pagado: string; fecha_vencimiento: string; anulado: boolean; tipo_documento: string; serie: string; correlativo: number; fecha_emision: string; id_entidad: number | null; numero_documento_proveedor: string; razon_social_proveedor: string; id_moneda: number }>(
    await tx.execute(sql`select id, numero_cuota, monto::text as monto, pagado::text as pagado, fecha_vencimiento::text as fecha_vencimiento, anulado, tipo_documento, serie, correlativo,
        fecha_emision::text as fecha_emision, id_entidad, numero_documento_proveedor, razon_social_proveedor, id_moneda
      from cuota_pagar where id_documento = ${n.idCompra} and id_empresa = ${n.idEmpresa} order by id for update`),
  );
  if (!dues.length) return { netado: new Decimal(0), contabilizado: new Decimal(0) };
  const d0 = dues[0];
  const efecto = (idCuota: number, tipo: 'C' | 'D', monto: Decimal) =>
    tx.execute(sql`insert into nota_compra_cuota (id_empresa, id_nota, id_compra, id_cuota, tipo, monto, id_moneda, numero_documento_proveedor, log_usuario_crea)
      values (${n.idEmpresa}, ${n.idNota}, ${n.idCompra}, ${idCuota}, ${tipo}, ${monto.toFixed(2)}, ${d0.id_moneda}, ${d0.numero_documento_proveedor}, ${n.idUsuario})`);
  if (!n.credito) {
    const numero = dues.reduce((m, q) => Math.max(m, Number(q.numero_cuota)), 0) + 1;
    const [q] = filasDe<{ id: number }>(
      await tx.execute(sql`insert into cuota_pagar (id_empresa, id_documento, tipo_documento, serie, correlativo, fecha_emision, id_entidad, numero_documento_proveedor,
            razon_social_proveedor, id_moneda, numero_cuota, fecha_vencimiento, monto, log_usuario_crea)
          values (${n.idEmpresa}, ${n.idCompra}, ${d0.tipo_documento}, ${d0.serie}, ${d0.correlativo}, ${d0.fecha_emision}, ${d0.id_entidad}, ${d0.numero_documento_proveedor},
            ${d0.razon_social_proveedor}, ${d0.id_moneda}, ${numero}, ${n.vencimiento}, ${n.total.toFixed(2)}, ${n.idUsuario})
          returning id`),
    );
    await efecto(Number(q.id), 'D', n.total);
    return { netado: new Decimal(0), contabilizado: new Decimal(0) };
  }
  // The rate each due was booked at: the debit note's that added it, else the purchase's (1 for soles).
  const tasas = new Map(
    filasDe<{ id: number; tasa: string }>(
      await tx.execute(sql`select q.id, coalesce(n.tipo_cambio, c.tipo_cambio)::text as tasa from cuota_pagar q join compra c on c.id = q.id_documento
                             left join nota_compra_cuota x on x.id_cuota = q.id and x.tipo = 'D' and not x.revertido left join compra n on n.id = x.id_nota
                            where q.id_documento = ${n.idCompra} and q.id_empresa = ${n.idEmpresa}`),
    ).map((t) => [Number(t.id), new Decimal(t.tasa)]),
  );
  let contabilizado = new Decimal(0);
  const abiertas = dues.filter((q) => !q.anulado).sort((a, b) => a.fecha_vencimiento.localeCompare(b.fecha_vencimiento) || Number(a.numero_cuota) - Number(b.numero_cuota));
  let resto = n.total;
  for (const q of abiertas) {
    if (resto.lte(0)) break;
    const pendiente = new Decimal(q.monto).minus(q.pagado);
    if (pendiente.lte(0)) continue;
    const baja = Decimal.min(pendiente, resto);
    await tx.execute(sql`update cuota_pagar set monto = monto - ${baja.toFixed(2)}::numeric, log_usuario_modif = ${n.idUsuario}, log_fecha_modif = now() where id = ${q.id}`);
    await efecto(Number(q.id), 'C', baja);
    contabilizado = contabilizado.plus(r2(baja.times(tasas.get(Number(q.id)) ?? 1)));
    resto = resto.minus(baja);
  }
  return { netado: n.total.minus(resto), contabilizado };
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
    // A purchase its notes modify is voided after them (a note registered meanwhile waits for this row's lock).
    const notas = filasDe<{ tipo_documento: string; serie: string; numero: number }>(
      await tx.execute(sql`select tipo_documento, serie, numero from compra where id_empresa = ${auth.idEmpresa} and id_compra_referencia = ${id} and not anulado order by id`),
    );
    if (notas.length)
      throw new AppError(
        ErrorCodes.COMPRA_CON_NOTAS,
        `No se puede anular la compra ${serieNumero(c.serie, c.numero)}: la modifican ${notas.map((n) => `${TiposDocumentoCompra[n.tipo_documento as '07']} ${serieNumero(n.serie, n.numero)}`).join(', ')}. Anúlelas primero.`,
        409,
      );
    if (c.tipo_documento === '07') {
      // A supplier's credit note is a credit in favour of the company: once applied to the supplier's dues it cannot be
      // voided below what was applied (the row lock above orders this with an application, which locks the notes).
      const [f] = filasDe<{ resto: string }>(
        await tx.execute(sql`select ((select coalesce(sum(total), 0) from compra where id_empresa = ${auth.idEmpresa} and ruc_proveedor = ${c.ruc_proveedor} and id_moneda = ${c.id_moneda}
                                        and tipo_documento = '07' and not anulado and id <> ${id})
                                   - (select coalesce(sum(monto), 0) from nota_compra_cuota where id_empresa = ${auth.idEmpresa} and numero_documento_proveedor = ${c.ruc_proveedor}
                                        and id_moneda = ${c.id_moneda} and tipo = 'C' and not revertido and id_nota <> ${id})
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
    await revertirNotaEnCompra(tx, auth, id, `${TiposDocumentoCompra[c.tipo_documento as '07'] ?? 'nota'} ${serieNumero(c.serie, c.numero)}`, Number(c.id_moneda));
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

/**
 * A note's void gives back what it did to the purchase it modifies: the amounts it lowered return to their dues, the
 * due it added is closed (refused while that due has payments). Under the dues' row locks (id order), like a payment.
 */
async function revertirNotaEnCompra(tx: TTxCompra, auth: TAuth, idNota: number, nombre: string, idMoneda: number): Promise<void> {
  const efectos = filasDe<{ id: number; id_cuota: number; tipo: 'C' | 'D'; monto: string }>(
    await tx.execute(sql`select id, id_cuota, tipo, monto::text as monto from nota_compra_cuota where id_nota = ${idNota} and id_empresa = ${auth.idEmpresa} and not revertido order by id`),
  );
  if (!efectos.length) return;
  const cuotas = filasDe<{ id: number; pagado: string }>(
    await tx.execute(sql`select id, pagado::text as pagado from cuota_pagar where id in (${sql.join(efectos.map((e) => sql`${e.id_cuota}`), sql`, `)}) order by id for update`),
  );
  for (const e of efectos.filter((x) => x.tipo === 'D')) {
    const pagado = new Decimal(cuotas.find((q) => Number(q.id) === Number(e.id_cuota))?.pagado ?? 0);
    if (pagado.gt(0))
      throw new AppError(ErrorCodes.VALIDACION, `No se puede anular la ${nombre}: la cuota que agregó ya tiene pagos por ${MONEDA(idMoneda)} ${pagado.toFixed(2)}. Anule primero los pagos.`, 400);
  }
  for (const e of efectos) {
    if (e.tipo === 'C') await tx.execute(sql`update cuota_pagar set monto = monto + ${e.monto}::numeric, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${e.id_cuota}`);
    else await tx.execute(sql`update cuota_pagar set anulado = true, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${e.id_cuota}`);
  }
  await tx.execute(sql`update nota_compra_cuota set revertido = true, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id_nota = ${idNota} and not revertido`);
}

type TFilaCompra = typeof compra.$inferSelect & { pagado: string; debe: string; centro: string | null };

type TRefCompra = TCompra['Referencia'];
/** The modified purchases of some notes, by the note's reference id. */
async function referenciasDe(db: Contexto['dbh']['db'], idEmpresa: number, ids: (number | null)[]): Promise<Map<number, NonNullable<TRefCompra>>> {
  const unicos = [...new Set(ids.filter((i): i is number => i != null))];
  if (!unicos.length) return new Map();
  const fs = await db
    .select({ id: compra.id, tipo: compra.tipoDocumento, serie: compra.serie, numero: compra.numero, fecha: compra.fechaEmision })
    .from(compra)
    .where(and(eq(compra.idEmpresa, idEmpresa), inArray(compra.id, unicos)));
  return new Map(fs.map((f) => [f.id, { IdCompra: f.id, TipoDocumento: f.tipo, Serie: f.serie, Numero: f.numero, SerieNumero: serieNumero(f.serie, f.numero), FechaEmision: f.fecha }]));
}

function aCompra(c: TFilaCompra, refs: Map<number, NonNullable<TRefCompra>> = new Map()): Omit<TCompra, 'Detalle'> {
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
    IdCentroCosto: c.idCentroCosto,
    CentroCosto: c.centro,
    Referencia: c.idCompraReferencia != null ? (refs.get(c.idCompraReferencia) ?? null) : null,
    Detraccion: c.detraccionMonto != null ? { CodigoBien: c.detraccionCodigo ?? '', Porcentaje: new Decimal(c.detraccionPorcentaje ?? 0).toFixed(2), Monto: c.detraccionMonto } : null,
    Percepcion: c.percepcionMonto != null ? { Porcentaje: new Decimal(c.percepcionPorcentaje ?? 0).toString(), Monto: c.percepcionMonto } : null,
  };
}

const pagos = sql<string>`coalesce((select sum(q.pagado) from cuota_pagar q where q.id_documento = "compra"."id"), 0)::text`;
const deuda = sql<string>`coalesce((select sum(q.monto) from cuota_pagar q where q.id_documento = "compra"."id"), 0)::text`;
const centro = sql<string | null>`(select cc.codigo || ' ' || cc.nombre from centro_costo cc where cc.id = "compra"."id_centro_costo")`;

export async function obtenerCompra(ctx: Contexto, auth: TAuth, id: number): Promise<TCompra> {
  const db = ctx.dbh.db;
  const [f] = await db.select({ c: compra, pagado: pagos, debe: deuda, centro }).from(compra).where(and(eq(compra.id, id), eq(compra.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado('No se encontró la compra');
  const det = await db
    .select({ d: compraDetalle, codigo: item.codigo, almacen: almacen.nombre })
    .from(compraDetalle)
    .innerJoin(item, eq(item.id, compraDetalle.idItem))
    .leftJoin(almacen, eq(almacen.id, compraDetalle.idAlmacen))
    .where(eq(compraDetalle.idCompra, id))
    .orderBy(asc(compraDetalle.id));
  const refs = await referenciasDe(db, auth.idEmpresa, [f.c.idCompraReferencia]);
  return {
    ...aCompra({ ...f.c, pagado: f.pagado, debe: f.debe, centro: f.centro }, refs),
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
    db.select({ c: compra, pagado: pagos, debe: deuda, centro }).from(compra).where(donde).orderBy(sql`${compra.fechaEmision} desc, ${compra.id} desc`).limit(q.regxpag).offset((q.pagina - 1) * q.regxpag),
    db.select({ n: sql<number>`count(*)::int` }).from(compra).where(donde),
  ]);
  const refs = await referenciasDe(db, auth.idEmpresa, fs.map((f) => f.c.idCompraReferencia));
  return { Data: fs.map((f) => aCompra({ ...f.c, pagado: f.pagado, debe: f.debe, centro: f.centro }, refs)), Count: Number(n) };
}
