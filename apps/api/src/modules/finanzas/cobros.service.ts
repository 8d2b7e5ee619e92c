import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  MediosPagoBancarios,
  TiposCobro,
  serieNumero,
  type TCobro,
  type TCobroCrearParseado,
  ZCobrosQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cobro, cobroDetalle } from './finanzas.schema';
import { filas, hoyLima, LADO_COBRAR } from './antiguedad';
import { bloquearCuotas, cuentaDeLiquidacion, montosEnCuenta, moverCuotas, siguienteNumero, type TLadoLiquidacion, type TTxFinanzas } from './liquidacion';

// The receivables' side of the shared registration (liquidacion.ts); 13_001 is the advisory lock key (with the
// company id) serialising the receipt numbers of a company's collections.
const LADO_COBRO: TLadoLiquidacion = {
  ...LADO_COBRAR,
  documento: sql.raw('documento_contable'),
  encabezado: sql.raw('cobro'),
  candado: 13_001,
  textos: {
    operacion: 'cobro',
    elDocumento: 'El documento',
    delDocumento: 'del documento',
    anulado: 'anulado',
    accion: 'cobrar',
    unTercero: 'de un solo cliente',
    tercero: 'cliente',
    soloCaja: 'Un cobro en efectivo ingresa a una caja, no a una cuenta bancaria',
    soloBanco: 'Un cobro bancarizado ingresa a una cuenta bancaria',
    cuotaNoEncontrada: 'No se encontró la cuota a cobrar',
  },
};

/** What a collection is, as the modules that follow it (the books) see it inside its transaction. */
export type TCobroRegistrado = { idEmpresa: number; idUsuario: number; idCobro: number; fecha: string; montoSoles: string; efectivo: boolean; glosa: string };
type TTxCobro = TTxFinanzas;
type TAlCobro = (tx: TTxCobro, c: TCobroRegistrado) => Promise<void>;
type TAlAnularCobro = (tx: TTxCobro, c: { idEmpresa: number; idCobro: number; fecha: string; glosa: string }) => Promise<void>;
const trasCobrar: TAlCobro[] = [];
const trasAnularCobro: TAlAnularCobro[] = [];
/** Work other modules do inside a collection's transaction (the books post 10/12); registered once in app.ts. */
export function alRegistrarCobro(fn: TAlCobro): void {
  if (!trasCobrar.includes(fn)) trasCobrar.push(fn);
}
/** Work other modules do inside a collection void's transaction (the books reverse the entry). */
export function alAnularCobro(fn: TAlAnularCobro): void {
  if (!trasAnularCobro.includes(fn)) trasAnularCobro.push(fn);
}

/**
 * Registers one collection of one or several dues of ONE customer into one financial account, in one transaction:
 * the dues are locked (FOR UPDATE, in id order so two cashiers never deadlock), every amount is checked against the
 * locked balance (1410 when it exceeds it, 1408 for a voided document), then the collection, its lines and the new
 * balances are written. `tipo` is the route's kind: 1 cash into a caja, 2 bank into a bank account.
 */
export async function registrarCobro(ctx: Contexto, auth: TAuth, tipo: 1 | 2, b: TCobroCrearParseado): Promise<TCobro> {
  const { cuenta, fecha } = await cuentaDeLiquidacion(ctx, auth, LADO_COBRO, tipo, b);
  const idCobro = await ctx.dbh.db.transaction(async (tx) => {
    const porId = await bloquearCuotas(tx, LADO_COBRO, auth.idEmpresa, b.Detalle);
    const { lineas, total, montoSoles, tasa } = await montosEnCuenta(tx, LADO_COBRO, auth.idEmpresa, cuenta, fecha, b.Detalle, porId);
    const siguiente = await siguienteNumero(tx, LADO_COBRO, auth.idEmpresa);
    const primera = porId.get(Math.min(...porId.keys()))!;
    const [c] = await tx
      .insert(cobro)
      .values({
        idEmpresa: auth.idEmpresa,
        idSucursal: auth.sucursales[0] ?? null,
        numero: siguiente,
        fecha,
        idTipoCobro: tipo,
        idCuentaFinanciera: cuenta.id,
        idMoneda: cuenta.idMoneda,
        monto: total.toFixed(2),
        montoSoles: montoSoles.toFixed(2),
        tipoCambio: tasa ? tasa.toFixed(4) : null,
        medioPago: tipo === 2 ? (b.MedioPago ?? null) : null,
        numeroOperacion: tipo === 2 ? (b.NumeroOperacion ?? null) : null,
        numeroDocumentoCliente: primera.tercero,
        razonSocialCliente: primera.razon,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: cobro.id });
    await tx.insert(cobroDetalle).values(
      lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idCobro: c.id, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
    );
    await moverCuotas(tx, LADO_COBRO, auth.idUsuario, lineas, 1);
    const docs = [...new Set(lineas.map((l) => serieNumero(porId.get(l.idCuota)!.serie, porId.get(l.idCuota)!.correlativo)))].join(', ');
    const registrado: TCobroRegistrado = { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idCobro: c.id, fecha, montoSoles: montoSoles.toFixed(2), efectivo: tipo === 1, glosa: `Cobro ${numeroRecibo(siguiente)} - ${primera.razon} (${docs})` };
    for (const fn of trasCobrar) await fn(tx, registrado);
    return c.id;
  });
  return obtenerCobro(ctx, auth, idCobro);
}

/** Voids a collection: its amounts go back to the dues' balances (locked), in one transaction. */
export async function anularCobro(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TCobro> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [c] = await filas<{ id: number; anulado: boolean }>(tx, sql`select id, anulado from cobro where id = ${id} and id_empresa = ${auth.idEmpresa} for update`);
    if (!c) throw noEncontrado('No se encontró el cobro');
    if (c.anulado) throw new AppError(ErrorCodes.COBRO_ANULADO, undefined, 409);
    const det = await tx.select({ idCuota: cobroDetalle.idCuota, monto: cobroDetalle.monto }).from(cobroDetalle).where(eq(cobroDetalle.idCobro, id));
    await moverCuotas(tx, LADO_COBRO, auth.idUsuario, det, -1);
    await tx
      .update(cobro)
      .set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(cobro.id, id));
    for (const fn of trasAnularCobro) await fn(tx, { idEmpresa: auth.idEmpresa, idCobro: id, fecha: hoyLima(), glosa: `Anulación del cobro ${id}: ${motivo}`.slice(0, 200) });
  });
  return obtenerCobro(ctx, auth, id);
}

type TFilaCobro = {
  id: number; numero: number; fecha: string; id_tipo_cobro: number; id_cuenta_financiera: number; cuenta: string; id_moneda: number; monto: string;
  monto_soles: string; tipo_cambio: string | null; medio_pago: string | null; numero_operacion: string | null; numero_documento_cliente: string;
  razon_social_cliente: string; observacion: string | null; anulado: boolean; motivo_anulacion: string | null;
};

const numeroRecibo = (n: number) => `RC-${n}`;

async function armarCobros(ctx: Contexto, auth: TAuth, cs: TFilaCobro[]): Promise<TCobro[]> {
  if (!cs.length) return [];
  const det = await filas<{ id_cobro: number; id_cuota: number; id_documento: number; serie: string; correlativo: number; numero_cuota: number; id_moneda: number; monto: string; monto_cuenta: string }>(
    ctx.dbh.db,
    sql`select d.id_cobro, d.id_cuota, q.id_documento, q.serie, q.correlativo, q.numero_cuota, q.id_moneda, d.monto::text, d.monto_cuenta::text
        from cobro_detalle d join cuota_cobrar q on q.id = d.id_cuota
        where d.id_empresa = ${auth.idEmpresa} and d.id_cobro in (${sql.join(cs.map((c) => sql`${c.id}`), sql`, `)}) order by d.id`,
  );
  return cs.map((c) => ({
    Id: c.id,
    NumeroRecibo: numeroRecibo(c.numero),
    Fecha: c.fecha,
    IdTipoCobro: c.id_tipo_cobro,
    TipoCobro: TiposCobro[c.id_tipo_cobro as 1 | 2] ?? '',
    IdCuentaFinanciera: c.id_cuenta_financiera,
    CuentaFinanciera: c.cuenta,
    IdMoneda: c.id_moneda,
    Monto: new Decimal(c.monto).toFixed(2),
    MontoSoles: new Decimal(c.monto_soles).toFixed(2),
    TipoCambio: c.tipo_cambio ? new Decimal(c.tipo_cambio).toFixed(4) : null,
    MedioPago: c.medio_pago ? `${c.medio_pago} ${MediosPagoBancarios[c.medio_pago as keyof typeof MediosPagoBancarios] ?? ''}`.trim() : null,
    NumeroOperacion: c.numero_operacion,
    NumeroDocumentoCliente: c.numero_documento_cliente,
    RazonSocialCliente: c.razon_social_cliente,
    Observacion: c.observacion,
    Anulado: c.anulado,
    MotivoAnulacion: c.motivo_anulacion,
    Detalle: det
      .filter((d) => d.id_cobro === c.id)
      .map((d) => ({
        IdCuota: d.id_cuota,
        IdDocumento: d.id_documento,
        SerieNumero: serieNumero(d.serie, d.correlativo),
        NumeroCuota: d.numero_cuota,
        IdMoneda: d.id_moneda,
        Monto: new Decimal(d.monto).toFixed(2),
        MontoCuenta: new Decimal(d.monto_cuenta).toFixed(2),
      })),
  }));
}

const SELECT_COBRO = sql`select c.id, c.numero, c.fecha::text, c.id_tipo_cobro, c.id_cuenta_financiera, f.nombre as cuenta, c.id_moneda, c.monto::text,
  c.monto_soles::text, c.tipo_cambio::text, c.medio_pago, c.numero_operacion, c.numero_documento_cliente, c.razon_social_cliente, c.observacion,
  c.anulado, c.motivo_anulacion from cobro c join cuenta_financiera f on f.id = c.id_cuenta_financiera`;

export async function obtenerCobro(ctx: Contexto, auth: TAuth, id: number): Promise<TCobro> {
  const cs = await filas<TFilaCobro>(ctx.dbh.db, sql`${SELECT_COBRO} where c.id = ${id} and c.id_empresa = ${auth.idEmpresa}`);
  if (!cs.length) throw noEncontrado('No se encontró el cobro');
  return (await armarCobros(ctx, auth, cs))[0];
}

export async function listarCobros(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZCobrosQuery>) {
  const partes = [sql`c.id_empresa = ${auth.idEmpresa}`];
  const cl = q.cliente.trim();
  if (cl) partes.push(/^\d{8,15}$/.test(cl) ? sql`c.numero_documento_cliente = ${cl}` : sql`c.razon_social_cliente ilike ${`%${cl.replace(/[\\%_]/g, (x) => `\\${x}`)}%`}`);
  if (q.fechainicio) partes.push(sql`c.fecha >= ${q.fechainicio}::date`);
  if (q.fechafin) partes.push(sql`c.fecha <= ${q.fechafin}::date`);
  const donde = sql.join(partes, sql` and `);
  const [cs, [{ n }]] = await Promise.all([
    filas<TFilaCobro>(ctx.dbh.db, sql`${SELECT_COBRO} where ${donde} order by c.fecha desc, c.id desc limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from cobro c where ${donde}`),
  ]);
  return { Data: await armarCobros(ctx, auth, cs), Count: n };
}
