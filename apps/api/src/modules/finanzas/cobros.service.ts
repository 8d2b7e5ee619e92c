import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  MediosPagoBancarios,
  TIPO_COBRO_CANJE_LETRAS,
  TIPO_COBRO_SALDO_A_FAVOR,
  TiposCobro,
  serieNumero,
  type TCobro,
  type TCobroCrearParseado,
  type TSaldoAFavor,
  ZCobrosQuery,
  ZSaldoAFavorAplicar,
} from '@yupana/contracts';
import type { z } from 'zod';
import { rechazarSiConciliada } from '../../lib/conciliacion';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cobro, cobroDetalle } from './finanzas.schema';
import { calcularItf } from './movimientos.service';
import { filas, hoyLima, LADO_COBRAR, patronLike } from './antiguedad';
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

// The receivables' side of the shared registration (liquidacion.ts); 13_001 is the advisory lock key (with the
// company id) serialising the receipt numbers of a company's collections.
export const LADO_COBRO: TLadoLiquidacion = {
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
export type TCobroRegistrado = {
  idEmpresa: number; idUsuario: number; idCobro: number; fecha: string; montoSoles: string; efectivo: boolean; glosa: string;
  /** An application of the customer's credit in favour (kind 3): no money came in. */
  aplicacionSaldo?: boolean;
  /** The account the money went into (its ledger account, when set, replaces CAJA / BANCO) and the ITF in soles. */
  idCuentaFinanciera?: number | null;
  itfSoles?: string;
};
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
 * What every collection does once its header is written: its lines, the dues' balances moved up, and the list of the
 * documents it settles (for the entry's gloss).
 */
async function asentarLineas(tx: TTxCobro, auth: TAuth, idCobro: number, lineas: TLineaLiquidacion[], porId: Map<number, TCuotaBloqueada>): Promise<string> {
  await tx.insert(cobroDetalle).values(
    lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idCobro, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
  );
  await moverCuotas(tx, LADO_COBRO, auth.idUsuario, lineas, 1);
  return documentosDe(lineas, porId);
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
    // ITF on the credit to the bank account (accounting-finance.md: 0.005 %, truncated to a multiple of 0.05).
    const itf = tipo === 2 ? calcularItf(total) : new Decimal(0);
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
        itf: itf.toFixed(2),
        numeroDocumentoCliente: primera.tercero,
        razonSocialCliente: primera.razon,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: cobro.id });
    const docs = await asentarLineas(tx, auth, c.id, lineas, porId);
    const registrado: TCobroRegistrado = {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idCobro: c.id, fecha, montoSoles: montoSoles.toFixed(2), efectivo: tipo === 1, glosa: `Cobro ${numeroRecibo(siguiente)} - ${primera.razon} (${docs})`,
      idCuentaFinanciera: cuenta.id, itfSoles: tasa && cuenta.idMoneda === 2 ? itf.times(tasa).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : itf.toFixed(2),
    };
    for (const fn of trasCobrar) await fn(tx, registrado);
    return c.id;
  });
  return obtenerCobro(ctx, auth, idCobro);
}

/** Voids a collection: its amounts go back to the dues' balances (locked), in one transaction. */
export async function anularCobro(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TCobro> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [c] = await filas<{ id: number; numero: number; anulado: boolean; id_tipo_cobro: number }>(
      tx,
      sql`select id, numero, anulado, id_tipo_cobro from cobro where id = ${id} and id_empresa = ${auth.idEmpresa} for update`,
    );
    if (!c) throw noEncontrado('No se encontró el cobro');
    if (c.anulado) throw new AppError(ErrorCodes.COBRO_ANULADO, undefined, 409);
    await rechazarSiConciliada(tx, ['C', 'J'], id, `El cobro RC-${c.numero} está conciliado`);
    // A canje's dues live on as letras: it is undone by voiding its letras (letras.service), never here.
    if (Number(c.id_tipo_cobro) === TIPO_COBRO_CANJE_LETRAS) throw new AppError(ErrorCodes.COBRO_ES_CANJE, undefined, 409);
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

/**
 * A customer's credit in favour in one currency: the credit notes' parts nothing was owed for (nota_cuota F, not
 * undone) less the applications not voided. `bloquear` takes the F rows FOR UPDATE (id order) first, so two
 * applications of the same credit run one after the other and the second sums the first's (a new statement after
 * the wait sees the committed row); a note's void updates the same rows, so it waits too.
 */
async function saldoDisponible(tx: TTxCobro | Contexto['dbh']['db'], idEmpresa: number, cliente: string, idMoneda: number, bloquear: boolean) {
  if (bloquear)
    await tx.execute(
      sql`select id from nota_cuota where id_empresa = ${idEmpresa} and numero_documento_cliente = ${cliente} and id_moneda = ${idMoneda} and tipo = 'F' and not revertido order by id for update`,
    );
  const [f] = await filas<{ generado: string; aplicado: string }>(
    tx,
    sql`select (select coalesce(sum(monto), 0) from nota_cuota
                 where id_empresa = ${idEmpresa} and numero_documento_cliente = ${cliente} and id_moneda = ${idMoneda} and tipo = 'F' and not revertido)::text as generado,
               (select coalesce(sum(monto), 0) from cobro
                 where id_empresa = ${idEmpresa} and numero_documento_cliente = ${cliente} and id_moneda = ${idMoneda} and id_tipo_cobro = ${TIPO_COBRO_SALDO_A_FAVOR} and not anulado)::text as aplicado`,
  );
  const generado = new Decimal(f.generado);
  const aplicado = new Decimal(f.aplicado);
  return { generado, aplicado, disponible: Decimal.max(generado.minus(aplicado), 0) };
}

/** GET saldosafavor: the customer's credit in favour in one currency (0.00 when there is none). */
export async function consultarSaldoAFavor(ctx: Contexto, auth: TAuth, cliente: string, idMoneda: number): Promise<TSaldoAFavor> {
  const s = await saldoDisponible(ctx.dbh.db, auth.idEmpresa, cliente, idMoneda, false);
  return { NumeroDocumentoCliente: cliente, IdMoneda: idMoneda, Generado: s.generado.toFixed(2), Aplicado: s.aplicado.toFixed(2), Disponible: s.disponible.toFixed(2) };
}

/**
 * Settles open dues of ONE customer with the customer's credit in favour instead of money (kind 3, "Aplicación de
 * saldo a favor", no account), in one transaction: the credit's rows locked first, then the dues (the order a note's
 * void takes them), every amount within its due's balance (1410), the total within the available credit (600954),
 * all dues in one currency (the credit's). Voided like any collection (PUT cobros/{id}/anulaciones): the dues get
 * their balance back and the credit becomes available again (available = credit - applications not voided).
 */
export async function aplicarSaldoAFavor(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZSaldoAFavorAplicar>): Promise<TCobro> {
  const hoy = hoyLima();
  const fecha = b.Fecha ?? hoy;
  if (fecha > hoy) throw errorDeCampo('Fecha', 'La fecha de la aplicación no puede ser posterior a hoy');
  const ids = b.Detalle.map((d) => d.IdCuota);
  // Customer and currency of the dues (unlocked read; checked again under the locks).
  const previas = await filas<{ cliente: string; id_moneda: number }>(
    ctx.dbh.db,
    sql`select distinct numero_documento_cliente as cliente, id_moneda from cuota_cobrar
         where id_empresa = ${auth.idEmpresa} and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
  );
  if (!previas.length) throw noEncontrado('No se encontró la cuota a cobrar');
  if (new Set(previas.map((p) => p.cliente)).size > 1) throw errorDeCampo('Detalle', 'El saldo a favor es de un cliente: seleccione cuotas de ese mismo cliente');
  if (new Set(previas.map((p) => Number(p.id_moneda))).size > 1)
    throw errorDeCampo('Detalle', 'El saldo a favor se aplica en su moneda: seleccione cuotas de una sola moneda');
  const cliente = previas[0].cliente;
  const idMoneda = Number(previas[0].id_moneda);
  const idCobro = await ctx.dbh.db.transaction(async (tx) => {
    const { disponible } = await saldoDisponible(tx, auth.idEmpresa, cliente, idMoneda, true);
    const porId = await bloquearCuotas(tx, LADO_COBRO, auth.idEmpresa, b.Detalle);
    for (const q of porId.values())
      if (q.tercero !== cliente || Number(q.id_moneda) !== idMoneda) throw errorDeCampo('Detalle', 'Las cuotas cambiaron mientras se registraba: vuelva a intentarlo');
    // Same currency: the "account" is the credit's currency (the day's rate only for the soles value of dollars).
    const { lineas, total, montoSoles, tasa } = await montosEnCuenta(tx, LADO_COBRO, auth.idEmpresa, { idMoneda } as TCuentaLiquidacion, fecha, b.Detalle, porId);
    if (total.gt(disponible))
      throw new AppError(
        ErrorCodes.SALDO_A_FAVOR_INSUFICIENTE,
        `El saldo a favor disponible del cliente es ${MONEDA(idMoneda)} ${disponible.toFixed(2)}: no alcanza para aplicar ${MONEDA(idMoneda)} ${total.toFixed(2)}`,
        400,
        { errores: { Detalle: `Saldo a favor disponible: ${MONEDA(idMoneda)} ${disponible.toFixed(2)}` } },
      );
    const siguiente = await siguienteNumero(tx, LADO_COBRO, auth.idEmpresa);
    const primera = porId.get(Math.min(...porId.keys()))!;
    const [c] = await tx
      .insert(cobro)
      .values({
        idEmpresa: auth.idEmpresa,
        idSucursal: auth.sucursales[0] ?? null,
        numero: siguiente,
        fecha,
        idTipoCobro: TIPO_COBRO_SALDO_A_FAVOR,
        idCuentaFinanciera: null,
        idMoneda,
        monto: total.toFixed(2),
        montoSoles: montoSoles.toFixed(2),
        tipoCambio: tasa ? tasa.toFixed(4) : null,
        numeroDocumentoCliente: cliente,
        razonSocialCliente: primera.razon,
        observacion: b.Observacion,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: cobro.id });
    const docs = await asentarLineas(tx, auth, c.id, lineas, porId);
    const registrado: TCobroRegistrado = {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idCobro: c.id, fecha, montoSoles: montoSoles.toFixed(2), efectivo: false,
      glosa: `Aplicación de saldo a favor ${numeroRecibo(siguiente)} - ${primera.razon} (${docs})`.slice(0, 200), aplicacionSaldo: true,
    };
    for (const fn of trasCobrar) await fn(tx, registrado);
    return c.id;
  });
  return obtenerCobro(ctx, auth, idCobro);
}

const MONEDA = (id: number) => (id === 2 ? 'US$' : 'S/');

type TFilaCobro = {
  id: number; numero: number; fecha: string; id_tipo_cobro: number; id_cuenta_financiera: number | null; cuenta: string | null; id_moneda: number; monto: string;
  monto_soles: string; tipo_cambio: string | null; medio_pago: string | null; numero_operacion: string | null; itf: string; numero_documento_cliente: string;
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
    TipoCobro: TiposCobro[c.id_tipo_cobro as 1 | 2 | 3 | 4] ?? '',
    IdCuentaFinanciera: c.id_cuenta_financiera,
    CuentaFinanciera: c.cuenta ?? (c.id_tipo_cobro === TIPO_COBRO_CANJE_LETRAS ? 'Letras de cambio' : 'Saldo a favor del cliente'),
    IdMoneda: c.id_moneda,
    Monto: new Decimal(c.monto).toFixed(2),
    MontoSoles: new Decimal(c.monto_soles).toFixed(2),
    TipoCambio: c.tipo_cambio ? new Decimal(c.tipo_cambio).toFixed(4) : null,
    MedioPago: c.medio_pago ? `${c.medio_pago} ${MediosPagoBancarios[c.medio_pago as keyof typeof MediosPagoBancarios] ?? ''}`.trim() : null,
    NumeroOperacion: c.numero_operacion,
    Itf: new Decimal(c.itf ?? 0).toFixed(2),
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
  c.monto_soles::text, c.tipo_cambio::text, c.medio_pago, c.numero_operacion, c.itf::text as itf, c.numero_documento_cliente, c.razon_social_cliente, c.observacion,
  c.anulado, c.motivo_anulacion from cobro c left join cuenta_financiera f on f.id = c.id_cuenta_financiera`;

export async function obtenerCobro(ctx: Contexto, auth: TAuth, id: number): Promise<TCobro> {
  const cs = await filas<TFilaCobro>(ctx.dbh.db, sql`${SELECT_COBRO} where c.id = ${id} and c.id_empresa = ${auth.idEmpresa}`);
  if (!cs.length) throw noEncontrado('No se encontró el cobro');
  return (await armarCobros(ctx, auth, cs))[0];
}

export async function listarCobros(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZCobrosQuery>) {
  const partes = [sql`c.id_empresa = ${auth.idEmpresa}`];
  const cl = q.cliente.trim();
  if (cl) partes.push(/^\d{8,15}$/.test(cl) ? sql`c.numero_documento_cliente = ${cl}` : sql`c.razon_social_cliente ilike ${patronLike(cl)}`);
  if (q.fechainicio) partes.push(sql`c.fecha >= ${q.fechainicio}::date`);
  if (q.fechafin) partes.push(sql`c.fecha <= ${q.fechafin}::date`);
  const donde = sql.join(partes, sql` and `);
  const [cs, [{ n }]] = await Promise.all([
    filas<TFilaCobro>(ctx.dbh.db, sql`${SELECT_COBRO} where ${donde} order by c.fecha desc, c.id desc limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from cobro c where ${donde}`),
  ]);
  return { Data: await armarCobros(ctx, auth, cs), Count: n };
}
