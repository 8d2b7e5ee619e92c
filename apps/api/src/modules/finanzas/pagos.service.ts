import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  MediosPagoBancarios,
  TIPO_PAGO_CANJE_LETRAS,
  TIPO_PAGO_SALDO_A_FAVOR,
  TiposCobro,
  serieNumero,
  type TCobroCrearParseado,
  type TCuentasPorPagar,
  type TDocumentoPorPagar,
  type TPago,
  type TSaldoAFavorProveedor,
  ZCuentasPorPagarQuery,
  ZSaldoAFavorProveedorAplicar,
  ZPagosQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { rechazarSiConciliada } from '../../lib/conciliacion';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { pago, pagoDetalle } from './cuentas-por-pagar.schema';
import { agenteDesde, alAnularPagoCre, aCalculo, calcularRetencion, cresDePagos, emitirCre } from './retenciones-emitidas.service';
import { calcularItf } from './movimientos.service';
import { cuentaFinanciera } from './finanzas.schema';
import { cuotasDeDocumento, filas, hoyLima, LADO_PAGAR, listarAbiertas, patronLike, type TDocumentoGenerico } from './antiguedad';
import {
  bloquearCuotas,
  cuentaDeLiquidacion,
  documentosDe,
  montosEnCuenta,
  moverCuotas,
  siguienteNumero,
  type TCuentaLiquidacion,
  type TCuotaBloqueada,
  type TLadoLiquidacion,
  type TLineaLiquidacion,
  type TTxFinanzas,
} from './liquidacion';


// ---- Payables (the receivables' aging code, on cuota_pagar) ----
const aPorPagar = (d: TDocumentoGenerico, notas: TDocumentoPorPagar['Notas'] = []): TDocumentoPorPagar => ({
  IdCompra: d.IdDocumento,
  TipoDocumento: d.Tipo,
  SerieNumero: d.SerieNumero,
  FechaEmision: d.FechaEmision,
  NumeroDocumentoProveedor: d.Tercero,
  RazonSocialProveedor: d.Razon,
  IdMoneda: d.IdMoneda,
  Total: d.Total,
  Pagado: d.Aplicado,
  Saldo: d.Saldo,
  ProximoVencimiento: d.ProximoVencimiento,
  DiasVencido: d.DiasVencido,
  Tramo: d.Tramo,
  Cuotas: d.Cuotas.map(({ Aplicado, ...c }) => ({ ...c, Pagado: Aplicado })),
  Notas: notas,
});

/** The supplier's notes applied to some purchases (nota_compra_cuota not reverted): a credit note negative, a debit note positive. */
async function notasDe(db: Contexto['dbh']['db'], idEmpresa: number, ids: number[]): Promise<Map<number, TDocumentoPorPagar['Notas']>> {
  const m = new Map<number, TDocumentoPorPagar['Notas']>();
  if (!ids.length) return m;
  const fs = await filas<{ id_compra: number; id_nota: number; tipo_documento: string; serie: string; numero: number; fecha_emision: string; monto: string }>(
    db,
    sql`select n.id_compra, n.id_nota, c.tipo_documento, c.serie, c.numero, c.fecha_emision::text as fecha_emision,
               sum(case when n.tipo = 'C' then -n.monto else n.monto end)::text as monto
          from nota_compra_cuota n join compra c on c.id = n.id_nota and c.id_empresa = n.id_empresa
         where n.id_empresa = ${idEmpresa} and not n.revertido and n.id_compra in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
         group by n.id_compra, n.id_nota, c.tipo_documento, c.serie, c.numero, c.fecha_emision
         order by n.id_nota`,
  );
  for (const f of fs)
    m.set(Number(f.id_compra), [
      ...(m.get(Number(f.id_compra)) ?? []),
      { IdCompra: Number(f.id_nota), TipoDocumento: f.tipo_documento, SerieNumero: serieNumero(f.serie, Number(f.numero)), FechaEmision: f.fecha_emision, Monto: new Decimal(f.monto).toFixed(2) },
    ]);
  return m;
}

export async function listarCuentasPorPagar(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZCuentasPorPagarQuery>): Promise<TCuentasPorPagar> {
  const r = await listarAbiertas(ctx.dbh.db, LADO_PAGAR, auth.idEmpresa, { ...q, tercero: q.proveedor });
  const notas = await notasDe(ctx.dbh.db, auth.idEmpresa, r.Data.map((d) => d.IdDocumento));
  return { ...r, Data: r.Data.map((d) => aPorPagar(d, notas.get(d.IdDocumento))) };
}

export async function obtenerCuentaPorPagar(ctx: Contexto, auth: TAuth, idCompra: number): Promise<TDocumentoPorPagar> {
  const d = await cuotasDeDocumento(ctx.dbh.db, LADO_PAGAR, auth.idEmpresa, idCompra);
  if (!d) throw noEncontrado('No se encontró la compra por pagar');
  const notas = await notasDe(ctx.dbh.db, auth.idEmpresa, [idCompra]);
  return aPorPagar(d, notas.get(idCompra));
}

// The payables' side of the shared registration (liquidacion.ts); 13_002 is the advisory lock key (with the company
// id) serialising the receipt numbers of a company's payments.
export const LADO_PAGO: TLadoLiquidacion = {
  ...LADO_PAGAR,
  documento: sql.raw('compra'),
  encabezado: sql.raw('pago_proveedor'),
  candado: 13_002,
  textos: {
    operacion: 'pago',
    elDocumento: 'La compra',
    delDocumento: 'de la compra',
    anulado: 'anulada',
    accion: 'pagar',
    unTercero: 'a un solo proveedor',
    tercero: 'proveedor',
    soloCaja: 'Un pago en efectivo sale de una caja, no de una cuenta bancaria',
    soloBanco: 'Un pago bancarizado sale de una cuenta bancaria',
    cuotaNoEncontrada: 'No se encontró la cuota por pagar',
  },
};

/** What a supplier payment is, as the modules that follow it (the books) see it inside its transaction. */
export type TPagoRegistrado = {
  idEmpresa: number; idUsuario: number; idPago: number; fecha: string; montoSoles: string; efectivo: boolean; glosa: string;
  /** An application of the supplier's credit in favour (kind 3): no money left. */
  aplicacionSaldo?: boolean;
  /** The account the money left (its ledger account, when set, replaces CAJA / BANCO) and the ITF in soles. */
  idCuentaFinanciera?: number | null;
  itfSoles?: string;
  /** IGV retained as retention agent (soles): 40114 H; montoSoles is what left the account (97 %). */
  retencionSoles?: string;
};
type TAlPago = (tx: TTxFinanzas, p: TPagoRegistrado) => Promise<void>;
type TAlAnularPago = (tx: TTxFinanzas, p: { idEmpresa: number; idPago: number; fecha: string; glosa: string }) => Promise<void>;
const trasPagar: TAlPago[] = [];
const trasAnularPago: TAlAnularPago[] = [];
/** Work other modules do inside a supplier payment's transaction (the books post 42/10); registered once in app.ts. */
export function alRegistrarPago(fn: TAlPago): void {
  if (!trasPagar.includes(fn)) trasPagar.push(fn);
}
/** Work other modules do inside a supplier payment void's transaction (the books reverse the entry). */
export function alAnularPago(fn: TAlAnularPago): void {
  if (!trasAnularPago.includes(fn)) trasAnularPago.push(fn);
}
const numeroRecibo = (n: number) => `RP-${n}`;

/** What every payment does once its header is written: its lines, the dues' balances moved up, the documents' list. */
async function asentarLineas(tx: TTxFinanzas, auth: TAuth, idPago: number, lineas: TLineaLiquidacion[], porId: Map<number, TCuotaBloqueada>): Promise<string> {
  await tx.insert(pagoDetalle).values(
    lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idPago, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
  );
  await moverCuotas(tx, LADO_PAGO, auth.idUsuario, lineas, 1);
  return documentosDe(lineas, porId);
}

/**
 * Registers one payment of one or several dues of ONE supplier out of one financial account, in one transaction: the
 * dues are locked (FOR UPDATE, id order), every amount is checked against the locked balance (1410 over it, 1408 for
 * a voided purchase), then the payment, its lines and the new balances are written and the hooks run (the books'
 * 42/10 entry). `tipo`: 1 cash, 2 bank.
 */
export async function registrarPago(ctx: Contexto, auth: TAuth, tipo: 1 | 2, b: TCobroCrearParseado): Promise<TPago> {
  const { cuenta, fecha } = await cuentaDeLiquidacion(ctx, auth, LADO_PAGO, tipo, b);
  const idPago = await ctx.dbh.db.transaction(async (tx) => {
    const porId = await bloquearCuotas(tx, LADO_PAGO, auth.idEmpresa, b.Detalle);
    const montos = await montosEnCuenta(tx, LADO_PAGO, auth.idEmpresa, cuenta, fecha, b.Detalle, porId);
    const { lineas, tasa } = montos;
    // As retention agent: 3 % of the facturas over S/ 700 stays with the company (the dues are settled for 100 %).
    const retencion = await calcularRetencion(tx, auth.idEmpresa, fecha, cuenta.idMoneda, tasa, lineas, porId);
    const total = montos.total.minus(retencion.retenidoCuenta);
    const montoSoles = retencion.retenidoCuenta.isZero() ? montos.montoSoles : cuenta.idMoneda === 1 ? total : total.times(tasa!).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    // ITF on the debit to the bank account (accounting-finance.md: 0.005 %, truncated to a multiple of 0.05).
    const itf = tipo === 2 ? calcularItf(total) : new Decimal(0);
    const siguiente = await siguienteNumero(tx, LADO_PAGO, auth.idEmpresa);
    const primera = porId.get(Math.min(...porId.keys()))!;
    const [p] = await tx
      .insert(pago)
      .values({
        idEmpresa: auth.idEmpresa,
        idSucursal: auth.sucursales[0] ?? null,
        numero: siguiente,
        fecha,
        idTipoPago: tipo,
        idCuentaFinanciera: cuenta.id,
        idMoneda: cuenta.idMoneda,
        monto: total.toFixed(2),
        montoSoles: montoSoles.toFixed(2),
        tipoCambio: tasa ? tasa.toFixed(4) : null,
        medioPago: tipo === 2 ? (b.MedioPago ?? null) : null,
        numeroOperacion: tipo === 2 ? (b.NumeroOperacion ?? null) : null,
        itf: itf.toFixed(2),
        numeroDocumentoProveedor: primera.tercero,
        razonSocialProveedor: primera.razon,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: pago.id });
    const docs = await asentarLineas(tx, auth, p.id, lineas, porId);
    if (retencion.totalRetenido.gt(0))
      await emitirCre(tx, auth, { idPago: p.id, idSucursal: auth.sucursales[0] ?? null, fecha, ruc: primera.tercero, razon: primera.razon }, retencion);
    const registrado: TPagoRegistrado = {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idPago: p.id, fecha, montoSoles: montoSoles.toFixed(2), efectivo: tipo === 1, glosa: `Pago ${numeroRecibo(siguiente)} - ${primera.razon} (${docs})`.slice(0, 200),
      idCuentaFinanciera: cuenta.id, itfSoles: tasa && cuenta.idMoneda === 2 ? itf.times(tasa).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : itf.toFixed(2),
      retencionSoles: retencion.totalRetenido.gt(0) ? retencion.totalRetenido.toFixed(2) : undefined,
    };
    for (const fn of trasPagar) await fn(tx, registrado);
    return p.id;
  });
  return obtenerPago(ctx, auth, idPago);
}

/**
 * Voids a supplier payment: its amounts go back to the dues' balances (locked in id order), the payment is marked
 * voided with its reason and the hooks reverse its entry, in one transaction. Afterwards the purchase can be voided.
 */
export async function anularPago(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TPago> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [p] = await filas<{ id: number; numero: number; anulado: boolean; id_tipo_pago: number }>(tx, sql`select id, numero, anulado, id_tipo_pago from pago_proveedor where id = ${id} and id_empresa = ${auth.idEmpresa} for update`);
    if (!p) throw noEncontrado('No se encontró el pago');
    if (p.anulado) throw new AppError(ErrorCodes.PAGO_ANULADO, undefined, 409);
    if (Number(p.id_tipo_pago) === TIPO_PAGO_CANJE_LETRAS)
      throw new AppError(ErrorCodes.PAGO_ES_CANJE, `${numeroRecibo(p.numero)} es un canje por letras: anúlelo desde sus letras por pagar (Cuentas por pagar > Letras por pagar)`, 409);
    await rechazarSiConciliada(tx, ['P', 'K'], id, `El pago ${numeroRecibo(p.numero)} está conciliado`);
    await alAnularPagoCre(tx, { idEmpresa: auth.idEmpresa, idPago: id, numeroRecibo: numeroRecibo(p.numero), motivo, idUsuario: auth.idUsuario });
    const det = await tx.select({ idCuota: pagoDetalle.idCuota, monto: pagoDetalle.monto }).from(pagoDetalle).where(eq(pagoDetalle.idPago, id));
    await moverCuotas(tx, LADO_PAGO, auth.idUsuario, det, -1);
    await tx.update(pago).set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(pago.id, id));
    for (const fn of trasAnularPago) await fn(tx, { idEmpresa: auth.idEmpresa, idPago: id, fecha: hoyLima(), glosa: `Anulación del pago ${numeroRecibo(p.numero)}: ${motivo}`.slice(0, 200) });
  });
  return obtenerPago(ctx, auth, id);
}

type TFilaPago = {
  id: number; numero: number; fecha: string; id_tipo_pago: number; id_cuenta_financiera: number | null; cuenta: string | null; id_moneda: number; monto: string; monto_soles: string;
  tipo_cambio: string | null; medio_pago: string | null; numero_operacion: string | null; itf: string; numero_documento_proveedor: string; razon_social_proveedor: string;
  observacion: string | null; anulado: boolean; motivo_anulacion: string | null;
};
const SELECT_PAGO = sql`select p.id, p.numero, p.fecha::text, p.id_tipo_pago, p.id_cuenta_financiera, f.nombre as cuenta, p.id_moneda, p.monto::text, p.monto_soles::text,
  p.tipo_cambio::text, p.medio_pago, p.numero_operacion, p.itf::text as itf, p.numero_documento_proveedor, p.razon_social_proveedor, p.observacion, p.anulado, p.motivo_anulacion
  from pago_proveedor p left join cuenta_financiera f on f.id = p.id_cuenta_financiera`;

async function armarPagos(ctx: Contexto, auth: TAuth, ps: TFilaPago[]): Promise<TPago[]> {
  if (!ps.length) return [];
  const det = await filas<{ id_pago: number; id_cuota: number; id_documento: number; serie: string; correlativo: number; numero_cuota: number; id_moneda: number; monto: string; monto_cuenta: string }>(
    ctx.dbh.db,
    sql`select d.id_pago_proveedor as id_pago, d.id_cuota, q.id_documento, q.serie, q.correlativo, q.numero_cuota, q.id_moneda, d.monto::text, d.monto_cuenta::text
        from pago_proveedor_detalle d join cuota_pagar q on q.id = d.id_cuota
        where d.id_empresa = ${auth.idEmpresa} and d.id_pago_proveedor in (${sql.join(ps.map((p) => sql`${p.id}`), sql`, `)}) order by d.id`,
  );
  const cres = await cresDePagos(ctx.dbh.db, auth.idEmpresa, ps.map((p) => p.id));
  return ps.map((p) => ({
    Id: p.id,
    NumeroRecibo: numeroRecibo(p.numero),
    Retencion: cres.get(p.id) ?? null,
    Fecha: p.fecha,
    IdTipoPago: p.id_tipo_pago,
    TipoPago: TiposCobro[p.id_tipo_pago as 1 | 2 | 3] ?? '',
    IdCuentaFinanciera: p.id_cuenta_financiera,
    CuentaFinanciera: p.cuenta ?? (p.id_tipo_pago === TIPO_PAGO_CANJE_LETRAS ? 'Canje por letras por pagar' : 'Saldo a favor del proveedor'),
    IdMoneda: p.id_moneda,
    Monto: new Decimal(p.monto).toFixed(2),
    MontoSoles: new Decimal(p.monto_soles).toFixed(2),
    TipoCambio: p.tipo_cambio ? new Decimal(p.tipo_cambio).toFixed(4) : null,
    MedioPago: p.medio_pago ? `${p.medio_pago} ${MediosPagoBancarios[p.medio_pago as keyof typeof MediosPagoBancarios] ?? ''}`.trim() : null,
    NumeroOperacion: p.numero_operacion,
    Itf: new Decimal(p.itf ?? 0).toFixed(2),
    NumeroDocumentoProveedor: p.numero_documento_proveedor,
    RazonSocialProveedor: p.razon_social_proveedor,
    Observacion: p.observacion,
    Anulado: p.anulado,
    MotivoAnulacion: p.motivo_anulacion,
    Detalle: det
      .filter((d) => d.id_pago === p.id)
      .map((d) => ({
        IdCuota: d.id_cuota,
        IdCompra: d.id_documento,
        SerieNumero: serieNumero(d.serie, d.correlativo),
        NumeroCuota: d.numero_cuota,
        IdMoneda: d.id_moneda,
        Monto: new Decimal(d.monto).toFixed(2),
        MontoCuenta: new Decimal(d.monto_cuenta).toFixed(2),
      })),
  }));
}

export async function obtenerPago(ctx: Contexto, auth: TAuth, id: number): Promise<TPago> {
  const ps = await filas<TFilaPago>(ctx.dbh.db, sql`${SELECT_PAGO} where p.id = ${id} and p.id_empresa = ${auth.idEmpresa}`);
  if (!ps.length) throw noEncontrado('No se encontró el pago');
  return (await armarPagos(ctx, auth, ps))[0];
}

export async function listarPagos(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZPagosQuery>) {
  const partes = [sql`p.id_empresa = ${auth.idEmpresa}`];
  const pr = q.proveedor.trim();
  if (pr) partes.push(/^\d{8,15}$/.test(pr) ? sql`p.numero_documento_proveedor = ${pr}` : sql`p.razon_social_proveedor ilike ${patronLike(pr)}`);
  const donde = sql.join(partes, sql` and `);
  const [ps, [{ n }]] = await Promise.all([
    filas<TFilaPago>(ctx.dbh.db, sql`${SELECT_PAGO} where ${donde} order by p.fecha desc, p.id desc limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from pago_proveedor p where ${donde}`),
  ]);
  return { Data: await armarPagos(ctx, auth, ps), Count: n };
}

// ---- The supplier's credit in favour (its credit notes) applied to its dues ----

const MONEDA = (id: number) => (id === 2 ? 'US$' : 'S/');

/**
 * A supplier's credit in favour of the company in one currency: its credit notes (purchases of type 07 not voided:
 * they owe nothing; their total less what they lowered of the purchases they modify is a credit) less the applications (payments of kind 3) not voided. `bloquear`
 * takes the notes' rows FOR UPDATE (id order) first, so two applications of the same credit run one after the other
 * and the second sums the first's (a new statement after the wait sees the committed row); a note's void locks its
 * own row first too, so it waits for (or is waited by) an application.
 */
export async function saldoDisponibleProveedor(tx: TTxFinanzas | Contexto['dbh']['db'], idEmpresa: number, proveedor: string, idMoneda: number, bloquear: boolean) {
  if (bloquear)
    await tx.execute(
      sql`select id from compra where id_empresa = ${idEmpresa} and ruc_proveedor = ${proveedor} and id_moneda = ${idMoneda} and tipo_documento = '07' and not anulado order by id for update`,
    );
  const [f] = await filas<{ generado: string; aplicado: string }>(
    tx,
    sql`select ((select coalesce(sum(total), 0) from compra
                 where id_empresa = ${idEmpresa} and ruc_proveedor = ${proveedor} and id_moneda = ${idMoneda} and tipo_documento = '07' and not anulado)
               -- What the notes lowered of the dues of the purchases they modify is no credit in favour.
             - (select coalesce(sum(monto), 0) from nota_compra_cuota
                 where id_empresa = ${idEmpresa} and numero_documento_proveedor = ${proveedor} and id_moneda = ${idMoneda} and tipo = 'C' and not revertido))::text as generado,
               (select coalesce(sum(monto), 0) from pago_proveedor
                 where id_empresa = ${idEmpresa} and numero_documento_proveedor = ${proveedor} and id_moneda = ${idMoneda} and id_tipo_pago = ${TIPO_PAGO_SALDO_A_FAVOR} and not anulado)::text as aplicado`,
  );
  const generado = new Decimal(f.generado);
  const aplicado = new Decimal(f.aplicado);
  return { generado, aplicado, disponible: Decimal.max(generado.minus(aplicado), 0) };
}

/** GET saldosafavor/proveedores: the supplier's credit in favour in one currency (0.00 when there is none). */
export async function consultarSaldoAFavorProveedor(ctx: Contexto, auth: TAuth, proveedor: string, idMoneda: number): Promise<TSaldoAFavorProveedor> {
  const s = await saldoDisponibleProveedor(ctx.dbh.db, auth.idEmpresa, proveedor, idMoneda, false);
  return { NumeroDocumentoProveedor: proveedor, IdMoneda: idMoneda, Generado: s.generado.toFixed(2), Aplicado: s.aplicado.toFixed(2), Disponible: s.disponible.toFixed(2) };
}

/**
 * Settles open dues of ONE supplier with the supplier's credit notes instead of money (payment kind 3, "Aplicación de
 * saldo a favor", no account), in one transaction: the notes locked first, then the dues (the order a note's void
 * takes them), every amount within its due's balance (1410), the total within the available credit (600954), all dues
 * in the credit's currency. Numbered RP-n like any payment and voided like one (PUT pagos/{id}/anulaciones): the dues
 * get their balance back and the credit becomes available again.
 */
export async function aplicarSaldoAFavorProveedor(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZSaldoAFavorProveedorAplicar>): Promise<TPago> {
  const hoy = hoyLima();
  const fecha = b.Fecha ?? hoy;
  if (fecha > hoy) throw errorDeCampo('Fecha', 'La fecha de la aplicación no puede ser posterior a hoy');
  const ids = b.Detalle.map((d) => d.IdCuota);
  // Supplier and currency of the dues (unlocked read; checked again under the locks).
  const previas = await filas<{ proveedor: string; id_moneda: number }>(
    ctx.dbh.db,
    sql`select distinct numero_documento_proveedor as proveedor, id_moneda from cuota_pagar
         where id_empresa = ${auth.idEmpresa} and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
  );
  if (!previas.length) throw noEncontrado('No se encontró la cuota por pagar');
  if (new Set(previas.map((p) => p.proveedor)).size > 1) throw errorDeCampo('Detalle', 'El saldo a favor es de un proveedor: seleccione cuotas de ese mismo proveedor');
  if (new Set(previas.map((p) => Number(p.id_moneda))).size > 1)
    throw errorDeCampo('Detalle', 'El saldo a favor se aplica en su moneda: seleccione cuotas de una sola moneda');
  const proveedor = previas[0].proveedor;
  const idMoneda = Number(previas[0].id_moneda);
  const idPago = await ctx.dbh.db.transaction(async (tx) => {
    const { disponible } = await saldoDisponibleProveedor(tx, auth.idEmpresa, proveedor, idMoneda, true);
    const porId = await bloquearCuotas(tx, LADO_PAGO, auth.idEmpresa, b.Detalle);
    for (const q of porId.values())
      if (q.tercero !== proveedor || Number(q.id_moneda) !== idMoneda) throw errorDeCampo('Detalle', 'Las cuotas cambiaron mientras se registraba: vuelva a intentarlo');
    const { lineas, total, montoSoles, tasa } = await montosEnCuenta(tx, LADO_PAGO, auth.idEmpresa, { idMoneda } as TCuentaLiquidacion, fecha, b.Detalle, porId);
    if (total.gt(disponible))
      throw new AppError(
        ErrorCodes.SALDO_A_FAVOR_INSUFICIENTE,
        `El saldo a favor disponible del proveedor es ${MONEDA(idMoneda)} ${disponible.toFixed(2)}: no alcanza para aplicar ${MONEDA(idMoneda)} ${total.toFixed(2)}`,
        400,
        { errores: { Detalle: `Saldo a favor disponible: ${MONEDA(idMoneda)} ${disponible.toFixed(2)}` } },
      );
    const siguiente = await siguienteNumero(tx, LADO_PAGO, auth.idEmpresa);
    const primera = porId.get(Math.min(...porId.keys()))!;
    const [p] = await tx
      .insert(pago)
      .values({
        idEmpresa: auth.idEmpresa,
        idSucursal: auth.sucursales[0] ?? null,
        numero: siguiente,
        fecha,
        idTipoPago: TIPO_PAGO_SALDO_A_FAVOR,
        idCuentaFinanciera: null,
        idMoneda,
        monto: total.toFixed(2),
        montoSoles: montoSoles.toFixed(2),
        tipoCambio: tasa ? tasa.toFixed(4) : null,
        numeroDocumentoProveedor: proveedor,
        razonSocialProveedor: primera.razon,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: pago.id });
    const docs = await asentarLineas(tx, auth, p.id, lineas, porId);
    const registrado: TPagoRegistrado = {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idPago: p.id, fecha, montoSoles: montoSoles.toFixed(2), efectivo: false,
      glosa: `Aplicación de saldo a favor ${numeroRecibo(siguiente)} - ${primera.razon} (${docs})`.slice(0, 200), aplicacionSaldo: true,
    };
    for (const fn of trasPagar) await fn(tx, registrado);
    return p.id;
  });
  return obtenerPago(ctx, auth, idPago);
}

/**
 * What a payment would withhold as retention agent (the payment dialog shows it): the same calculation the payment
 * runs, without locks or writes. 409 (601554) for a company that is not an agent on the payment's date.
 */
export async function calcularRetencionPago(ctx: Contexto, auth: TAuth, b: TCobroCrearParseado) {
  const fecha = b.Fecha ?? hoyLima();
  const [cuenta] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, b.IdCuentaFinanciera), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  const desde = await agenteDesde(ctx.dbh.db, auth.idEmpresa);
  if (!desde || desde > fecha) throw new AppError(ErrorCodes.NO_ES_AGENTE_RETENCION, 'La empresa no está designada como agente de retención en la fecha del pago', 409);
  return ctx.dbh.db.transaction(async (tx) => {
    const porId = await bloquearCuotas(tx, LADO_PAGO, auth.idEmpresa, b.Detalle);
    const { lineas, total, tasa } = await montosEnCuenta(tx, LADO_PAGO, auth.idEmpresa, cuenta, fecha, b.Detalle, porId);
    const r = await calcularRetencion(tx, auth.idEmpresa, fecha, cuenta.idMoneda, tasa, lineas, porId);
    return aCalculo(r, total, porId);
  });
}
