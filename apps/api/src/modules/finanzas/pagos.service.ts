import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  MediosPagoBancarios,
  SimboloMoneda,
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
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cuentaFinanciera, tipoCambio } from './finanzas.schema';
import { cuotaPagar, pago, pagoDetalle } from './cuentas-por-pagar.schema';
import { cuotasDeDocumento, filas, hoyLima, LADO_PAGAR, listarAbiertas, patronLike, type TDocumentoGenerico } from './antiguedad';

// Advisory lock key (with the company id) serialising the receipt numbers of a company's payments.
const CANDADO_NUMERO_PAGO = 13_002;
const MONEDA = (id: number) => SimboloMoneda[id] ?? '';

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

type TFilaBloqueada = { id: number; serie: string; correlativo: number; id_moneda: number; monto: string; pagado: string; numero_documento_proveedor: string; razon_social_proveedor: string; anulado: boolean };

/**
 * Registers one payment of one or several dues of ONE supplier out of one financial account, in one transaction: the
 * dues are locked (FOR UPDATE, id order), every amount is checked against the locked balance (1410 over it, 1408 for
 * a voided purchase), then the payment, its lines and the new balances are written. `tipo`: 1 cash, 2 bank.
 */
export async function registrarPago(ctx: Contexto, auth: TAuth, tipo: 1 | 2, b: TCobroCrearParseado): Promise<TPago> {
  const db = ctx.dbh.db;
  const hoy = hoyLima();
  const fecha = b.Fecha ?? hoy;
  if (fecha > hoy) throw errorDeCampo('Fecha', 'La fecha del pago no puede ser posterior a hoy');
  const [cuenta] = await db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, b.IdCuentaFinanciera), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  if (cuenta.logEstado !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La cuenta financiera está inactiva');
  if (tipo === 1 && cuenta.idTipoCuenta === 3) throw errorDeCampo('IdCuentaFinanciera', 'Un pago en efectivo sale de una caja, no de una cuenta bancaria');
  if (tipo === 2 && cuenta.idTipoCuenta !== 3) throw errorDeCampo('IdCuentaFinanciera', 'Un pago bancarizado sale de una cuenta bancaria');
  if (tipo === 2 && !b.NumeroOperacion) throw errorDeCampo('NumeroOperacion', 'Indique el número de operación bancaria');
  if (tipo === 2 && !b.MedioPago) throw errorDeCampo('MedioPago', 'Indique el medio de pago');
  const ids = b.Detalle.map((d) => d.IdCuota).sort((x, y) => x - y);

  const idPago = await db.transaction(async (tx) => {
    const bloqueadas = await filas<TFilaBloqueada>(
      tx,
      sql`select q.id, q.serie, q.correlativo, q.id_moneda, q.monto::text, q.pagado::text, q.numero_documento_proveedor, q.razon_social_proveedor,
                 (q.anulado or coalesce((select c.anulado from compra c where c.id = q.id_documento), false)) as anulado
          from cuota_pagar q where q.id_empresa = ${auth.idEmpresa} and q.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
          order by q.id for update of q`,
    );
    const porId = new Map(bloqueadas.map((q) => [q.id, q]));
    b.Detalle.forEach((d) => {
      if (!porId.has(d.IdCuota)) throw noEncontrado('No se encontró la cuota por pagar');
    });
    if (new Set(bloqueadas.map((q) => q.numero_documento_proveedor)).size > 1) throw errorDeCampo('Detalle', 'Un pago es a un solo proveedor: seleccione cuotas del mismo proveedor');
    b.Detalle.forEach((d, i) => {
      const q = porId.get(d.IdCuota)!;
      const numero = serieNumero(q.serie, q.correlativo);
      if (q.anulado) throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, `La compra ${numero} está anulada: no se puede pagar`, 400);
      const saldo = new Decimal(q.monto).minus(q.pagado);
      if (new Decimal(d.Monto).gt(saldo))
        throw new AppError(ErrorCodes.TOTAL_EXCEDIDO, `El monto excede el saldo de la compra ${numero}: el saldo es ${MONEDA(q.id_moneda)} ${saldo.toFixed(2)}`, 400, {
          errores: { [`Detalle.${i}.Monto`]: `Saldo pendiente: ${MONEDA(q.id_moneda)} ${saldo.toFixed(2)}` },
        });
    });
    let tasa: Decimal | null = null;
    if (cuenta.idMoneda === 2 || bloqueadas.some((q) => q.id_moneda === 2)) {
      const [tc] = await tx.select().from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, auth.idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, fecha)));
      if (!tc)
        throw new AppError(ErrorCodes.TIPO_CAMBIO_FALTANTE, `No hay tipo de cambio del dólar registrado para el ${fecha.split('-').reverse().join('/')}. Regístrelo en Finanzas > Datos maestros.`, 400);
      tasa = new Decimal(tc.venta);
    }
    const enCuenta = (monto: Decimal, idMonedaCuota: number) =>
      idMonedaCuota === cuenta.idMoneda ? monto : (idMonedaCuota === 2 ? monto.times(tasa!) : monto.dividedBy(tasa!)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const lineas = b.Detalle.map((d) => {
      const monto = new Decimal(d.Monto);
      return { idCuota: d.IdCuota, monto, montoCuenta: enCuenta(monto, porId.get(d.IdCuota)!.id_moneda) };
    });
    const total = lineas.reduce((s, l) => s.plus(l.montoCuenta), new Decimal(0));
    if (total.lte(0)) throw errorDeCampo('Detalle', 'El monto del pago en la moneda de la cuenta es cero');
    const montoSoles = cuenta.idMoneda === 1 ? total : total.times(tasa!).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_NUMERO_PAGO}, ${auth.idEmpresa})`);
    const [{ siguiente }] = await filas<{ siguiente: number }>(tx, sql`select coalesce(max(numero), 0)::int + 1 as siguiente from pago_proveedor where id_empresa = ${auth.idEmpresa}`);
    const primera = porId.get(ids[0])!;
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
        numeroDocumentoProveedor: primera.numero_documento_proveedor,
        razonSocialProveedor: primera.razon_social_proveedor,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: pago.id });
    await tx.insert(pagoDetalle).values(
      lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idPago: p.id, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
    );
    for (const l of lineas)
      await tx
        .update(cuotaPagar)
        .set({ pagado: sql`${cuotaPagar.pagado} + ${l.monto.toFixed(2)}::numeric`, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
        .where(eq(cuotaPagar.id, l.idCuota));
    return p.id;
  });
  return obtenerPago(ctx, auth, idPago);
}

type TFilaPago = {
  id: number; numero: number; fecha: string; id_tipo_pago: number; id_cuenta_financiera: number; cuenta: string; id_moneda: number; monto: string; monto_soles: string;
  tipo_cambio: string | null; medio_pago: string | null; numero_operacion: string | null; numero_documento_proveedor: string; razon_social_proveedor: string;
  observacion: string | null; anulado: boolean;
};
const SELECT_PAGO = sql`select p.id, p.numero, p.fecha::text, p.id_tipo_pago, p.id_cuenta_financiera, f.nombre as cuenta, p.id_moneda, p.monto::text, p.monto_soles::text,
  p.tipo_cambio::text, p.medio_pago, p.numero_operacion, p.numero_documento_proveedor, p.razon_social_proveedor, p.observacion, p.anulado
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
    NumeroRecibo: `RP-${p.numero}`,
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
