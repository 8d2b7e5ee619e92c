import Decimal from 'decimal.js';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ErrorCodes, SimboloMoneda, serieNumero, type TCobroCrearParseado } from '@yupana/contracts';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cuentaFinanciera, tipoCambio } from './finanzas.schema';
import { filas, hoyLima, type TLadoCuotas } from './antiguedad';

/**
 * What a collection (cuota_cobrar, customer) and a supplier payment (cuota_pagar, supplier) share: the account and
 * date checks, the dues locked in id order and checked against their balance, the conversion to the account's
 * currency at the day's rate, the receipt number under an advisory lock, and the dues' balances moved up (register)
 * or down (void). Each side brings its table names and its Spanish words; the header row is its own insert.
 */
export type TTxFinanzas = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];
export type TLadoLiquidacion = TLadoCuotas & {
  /** The table holding the source document and its `anulado` flag (documento_contable or compra). */
  documento: SQL;
  /** The header table (cobro, pago_proveedor), for the next receipt number. */
  encabezado: SQL;
  candado: number;
  /** The side's Spanish words: 'cobro' / 'pago', 'El documento' / 'La compra', 'cliente' / 'proveedor'... */
  textos: { operacion: string; elDocumento: string; delDocumento: string; anulado: string; accion: string; unTercero: string; tercero: string; soloCaja: string; soloBanco: string; cuotaNoEncontrada: string };
};

export type TCuotaBloqueada = { id: number; id_documento: number; serie: string; correlativo: number; id_moneda: number; monto: string; aplicado: string; tercero: string; razon: string; anulado_doc: boolean };
export type TLineaLiquidacion = { idCuota: number; monto: Decimal; montoCuenta: Decimal };
type TCuenta = typeof cuentaFinanciera.$inferSelect;
/** What the conversion needs of an account: its currency. */
export type TCuentaLiquidacion = Pick<TCuenta, 'idMoneda'>;

const MONEDA = (id: number) => SimboloMoneda[id] ?? '';

/** The account of a collection or payment and its date, checked before the transaction. `tipo`: 1 cash, 2 bank. */
export async function cuentaDeLiquidacion(ctx: Contexto, auth: TAuth, L: TLadoLiquidacion, tipo: 1 | 2, b: TCobroCrearParseado): Promise<{ cuenta: TCuenta; fecha: string }> {
  const t = L.textos;
  const hoy = hoyLima();
  const fecha = b.Fecha ?? hoy;
  if (fecha > hoy) throw errorDeCampo('Fecha', `La fecha del ${t.operacion} no puede ser posterior a hoy`);
  const [cuenta] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, b.IdCuentaFinanciera), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  if (cuenta.logEstado !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La cuenta financiera está inactiva');
  if (tipo === 1 && cuenta.idTipoCuenta === 3) throw errorDeCampo('IdCuentaFinanciera', t.soloCaja);
  if (tipo === 2 && cuenta.idTipoCuenta !== 3) throw errorDeCampo('IdCuentaFinanciera', t.soloBanco);
  if (tipo === 2 && !b.NumeroOperacion) throw errorDeCampo('NumeroOperacion', 'Indique el número de operación bancaria');
  if (tipo === 2 && !b.MedioPago) throw errorDeCampo('MedioPago', 'Indique el medio de pago');
  return { cuenta, fecha };
}

/**
 * Locks the dues (FOR UPDATE, id order so two cashiers never deadlock) and checks them: all of the company, one
 * third party, the document not voided (1408), no amount over the locked balance (1410 with the pending amount).
 */
export async function bloquearCuotas(tx: TTxFinanzas, L: TLadoLiquidacion, idEmpresa: number, detalle: { IdCuota: number; Monto: string }[]): Promise<Map<number, TCuotaBloqueada>> {
  const t = L.textos;
  const ids = detalle.map((d) => d.IdCuota).sort((x, y) => x - y);
  const bloqueadas = await filas<TCuotaBloqueada>(
    tx,
    sql`select q.id, q.id_documento, q.serie, q.correlativo, q.id_moneda, q.monto::text, q.${L.aplicado}::text as aplicado, q.${L.tercero} as tercero, q.${L.razon} as razon,
               (q.anulado or coalesce((select d.anulado from ${L.documento} d where d.id = q.id_documento), false)) as anulado_doc
        from ${L.tabla} q where q.id_empresa = ${idEmpresa} and q.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
        order by q.id for update of q`,
  );
  const porId = new Map(bloqueadas.map((q) => [q.id, q]));
  detalle.forEach((d) => {
    if (!porId.has(d.IdCuota)) throw noEncontrado(t.cuotaNoEncontrada);
  });
  if (new Set(bloqueadas.map((q) => q.tercero)).size > 1) throw errorDeCampo('Detalle', `Un ${t.operacion} es ${t.unTercero}: seleccione cuotas del mismo ${t.tercero}`);
  detalle.forEach((d, i) => {
    const q = porId.get(d.IdCuota)!;
    const numero = serieNumero(q.serie, q.correlativo);
    if (q.anulado_doc) throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, `${t.elDocumento} ${numero} está ${t.anulado}: no se puede ${t.accion}`, 400);
    const saldo = new Decimal(q.monto).minus(q.aplicado);
    if (new Decimal(d.Monto).gt(saldo))
      throw new AppError(ErrorCodes.TOTAL_EXCEDIDO, `El monto excede el saldo ${t.delDocumento} ${numero}: el saldo es ${MONEDA(q.id_moneda)} ${saldo.toFixed(2)}`, 400, {
        errores: { [`Detalle.${i}.Monto`]: `Saldo pendiente: ${MONEDA(q.id_moneda)} ${saldo.toFixed(2)}` },
      });
  });
  return porId;
}

/**
 * The lines in the account's currency: a dollar due or a dollar account needs the day's rate (venta); dollars into
 * soles times the rate, soles into dollars divided by it, to the cent (half up). The total and its value in soles.
 */
export async function montosEnCuenta(tx: TTxFinanzas, L: TLadoLiquidacion, idEmpresa: number, cuenta: TCuentaLiquidacion, fecha: string, detalle: { IdCuota: number; Monto: string }[], porId: Map<number, TCuotaBloqueada>) {
  let tasa: Decimal | null = null;
  if (cuenta.idMoneda === 2 || [...porId.values()].some((q) => q.id_moneda === 2)) {
    const [tc] = await tx.select().from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, fecha)));
    if (!tc)
      throw new AppError(ErrorCodes.TIPO_CAMBIO_FALTANTE, `No hay tipo de cambio del dólar registrado para el ${fecha.split('-').reverse().join('/')}. Regístrelo en Finanzas > Datos maestros.`, 400);
    tasa = new Decimal(tc.venta);
  }
  const enCuenta = (monto: Decimal, idMonedaCuota: number) =>
    idMonedaCuota === cuenta.idMoneda ? monto : (idMonedaCuota === 2 ? monto.times(tasa!) : monto.dividedBy(tasa!)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const lineas: TLineaLiquidacion[] = detalle.map((d) => {
    const monto = new Decimal(d.Monto);
    return { idCuota: d.IdCuota, monto, montoCuenta: enCuenta(monto, porId.get(d.IdCuota)!.id_moneda) };
  });
  const total = lineas.reduce((s, l) => s.plus(l.montoCuenta), new Decimal(0));
  if (total.lte(0)) throw errorDeCampo('Detalle', `El monto del ${L.textos.operacion} en la moneda de la cuenta es cero`);
  const montoSoles = cuenta.idMoneda === 1 ? total : total.times(tasa!).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { lineas, total, montoSoles, tasa };
}

/** The company's next receipt number, under the side's advisory lock (held to the end of the transaction). */
export async function siguienteNumero(tx: TTxFinanzas, L: TLadoLiquidacion, idEmpresa: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${L.candado}, ${idEmpresa})`);
  const [{ siguiente }] = await filas<{ siguiente: number }>(tx, sql`select coalesce(max(numero), 0)::int + 1 as siguiente from ${L.encabezado} where id_empresa = ${idEmpresa}`);
  return siguiente;
}

/**
 * Moves the dues' applied amount: up by each line when registering, down when voiding (`signo` -1; the dues are
 * locked in id order first). The table's check keeps it within 0 and the due's amount.
 */
export async function moverCuotas(tx: TTxFinanzas, L: TLadoLiquidacion, idUsuario: number, lineas: { idCuota: number; monto: Decimal.Value }[], signo: 1 | -1): Promise<void> {
  const ids = [...new Set(lineas.map((l) => l.idCuota))].sort((x, y) => x - y);
  if (!ids.length) return;
  if (signo < 0) await tx.execute(sql`select id from ${L.tabla} where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by id for update`);
  for (const l of lineas) {
    const monto = new Decimal(l.monto).toFixed(2);
    await tx.execute(
      sql`update ${L.tabla} set ${L.aplicado} = ${L.aplicado} ${signo > 0 ? sql`+` : sql`-`} ${monto}::numeric, log_usuario_modif = ${idUsuario}, log_fecha_modif = now() where id = ${l.idCuota}`,
    );
  }
}

/** The documents a collection or payment settles, once each, as "F001-00000012, F001-00000013" (for glosses). */
export function documentosDe(lineas: { idCuota: number }[], porId: Map<number, Pick<TCuotaBloqueada, 'serie' | 'correlativo'>>): string {
  return [...new Set(lineas.map((l) => serieNumero(porId.get(l.idCuota)!.serie, porId.get(l.idCuota)!.correlativo)))].join(', ');
}
