import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  MediosPagoBancarios,
  TiposCobro,
  serieNumero,
  type TCobroCrearParseado,
  type TCuentasPorPagar,
  type TDocumentoPorPagar,
  type TPago,
  ZCuentasPorPagarQuery,
  ZPagosQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { pago, pagoDetalle } from './cuentas-por-pagar.schema';
import { cuotasDeDocumento, filas, hoyLima, LADO_PAGAR, listarAbiertas, patronLike, type TDocumentoGenerico } from './antiguedad';
import { bloquearCuotas, cuentaDeLiquidacion, montosEnCuenta, moverCuotas, siguienteNumero, type TLadoLiquidacion, type TTxFinanzas } from './liquidacion';


// ---- Payables (the receivables' aging code, on cuota_pagar) ----
const aPorPagar = (d: TDocumentoGenerico): TDocumentoPorPagar => ({
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
});

export async function listarCuentasPorPagar(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZCuentasPorPagarQuery>): Promise<TCuentasPorPagar> {
  const r = await listarAbiertas(ctx.dbh.db, LADO_PAGAR, auth.idEmpresa, { ...q, tercero: q.proveedor });
  return { ...r, Data: r.Data.map(aPorPagar) };
}

export async function obtenerCuentaPorPagar(ctx: Contexto, auth: TAuth, idCompra: number): Promise<TDocumentoPorPagar> {
  const d = await cuotasDeDocumento(ctx.dbh.db, LADO_PAGAR, auth.idEmpresa, idCompra);
  if (!d) throw noEncontrado('No se encontró la compra por pagar');
  return aPorPagar(d);
}

// The payables' side of the shared registration (liquidacion.ts); 13_002 is the advisory lock key (with the company
// id) serialising the receipt numbers of a company's payments.
const LADO_PAGO: TLadoLiquidacion = {
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
export type TPagoRegistrado = { idEmpresa: number; idUsuario: number; idPago: number; fecha: string; montoSoles: string; efectivo: boolean; glosa: string };
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
    const { lineas, total, montoSoles, tasa } = await montosEnCuenta(tx, LADO_PAGO, auth.idEmpresa, cuenta, fecha, b.Detalle, porId);
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
        numeroDocumentoProveedor: primera.tercero,
        razonSocialProveedor: primera.razon,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: pago.id });
    await tx.insert(pagoDetalle).values(
      lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idPago: p.id, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
    );
    await moverCuotas(tx, LADO_PAGO, auth.idUsuario, lineas, 1);
    const docs = [...new Set(lineas.map((l) => serieNumero(porId.get(l.idCuota)!.serie, porId.get(l.idCuota)!.correlativo)))].join(', ');
    const registrado: TPagoRegistrado = { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idPago: p.id, fecha, montoSoles: montoSoles.toFixed(2), efectivo: tipo === 1, glosa: `Pago ${numeroRecibo(siguiente)} - ${primera.razon} (${docs})`.slice(0, 200) };
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
    const [p] = await filas<{ id: number; numero: number; anulado: boolean }>(tx, sql`select id, numero, anulado from pago_proveedor where id = ${id} and id_empresa = ${auth.idEmpresa} for update`);
    if (!p) throw noEncontrado('No se encontró el pago');
    if (p.anulado) throw new AppError(ErrorCodes.PAGO_ANULADO, undefined, 409);
    const det = await tx.select({ idCuota: pagoDetalle.idCuota, monto: pagoDetalle.monto }).from(pagoDetalle).where(eq(pagoDetalle.idPago, id));
    await moverCuotas(tx, LADO_PAGO, auth.idUsuario, det, -1);
    await tx.update(pago).set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(pago.id, id));
    for (const fn of trasAnularPago) await fn(tx, { idEmpresa: auth.idEmpresa, idPago: id, fecha: hoyLima(), glosa: `Anulación del pago ${numeroRecibo(p.numero)}: ${motivo}`.slice(0, 200) });
  });
  return obtenerPago(ctx, auth, id);
}

type TFilaPago = {
  id: number; numero: number; fecha: string; id_tipo_pago: number; id_cuenta_financiera: number; cuenta: string; id_moneda: number; monto: string; monto_soles: string;
  tipo_cambio: string | null; medio_pago: string | null; numero_operacion: string | null; numero_documento_proveedor: string; razon_social_proveedor: string;
  observacion: string | null; anulado: boolean; motivo_anulacion: string | null;
};
const SELECT_PAGO = sql`select p.id, p.numero, p.fecha::text, p.id_tipo_pago, p.id_cuenta_financiera, f.nombre as cuenta, p.id_moneda, p.monto::text, p.monto_soles::text,
  p.tipo_cambio::text, p.medio_pago, p.numero_operacion, p.numero_documento_proveedor, p.razon_social_proveedor, p.observacion, p.anulado, p.motivo_anulacion
  from pago_proveedor p join cuenta_financiera f on f.id = p.id_cuenta_financiera`;

async function armarPagos(ctx: Contexto, auth: TAuth, ps: TFilaPago[]): Promise<TPago[]> {
  if (!ps.length) return [];
  const det = await filas<{ id_pago: number; id_cuota: number; id_documento: number; serie: string; correlativo: number; numero_cuota: number; id_moneda: number; monto: string; monto_cuenta: string }>(
    ctx.dbh.db,
    sql`select d.id_pago_proveedor as id_pago, d.id_cuota, q.id_documento, q.serie, q.correlativo, q.numero_cuota, q.id_moneda, d.monto::text, d.monto_cuenta::text
        from pago_proveedor_detalle d join cuota_pagar q on q.id = d.id_cuota
        where d.id_empresa = ${auth.idEmpresa} and d.id_pago_proveedor in (${sql.join(ps.map((p) => sql`${p.id}`), sql`, `)}) order by d.id`,
  );
  return ps.map((p) => ({
    Id: p.id,
    NumeroRecibo: numeroRecibo(p.numero),
    Fecha: p.fecha,
    IdTipoPago: p.id_tipo_pago,
    TipoPago: TiposCobro[p.id_tipo_pago as 1 | 2] ?? '',
    IdCuentaFinanciera: p.id_cuenta_financiera,
    CuentaFinanciera: p.cuenta,
    IdMoneda: p.id_moneda,
    Monto: new Decimal(p.monto).toFixed(2),
    MontoSoles: new Decimal(p.monto_soles).toFixed(2),
    TipoCambio: p.tipo_cambio ? new Decimal(p.tipo_cambio).toFixed(4) : null,
    MedioPago: p.medio_pago ? `${p.medio_pago} ${MediosPagoBancarios[p.medio_pago as keyof typeof MediosPagoBancarios] ?? ''}`.trim() : null,
    NumeroOperacion: p.numero_operacion,
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
