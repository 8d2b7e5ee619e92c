import Decimal from 'decimal.js';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  TASA_ITF,
  TiposCuentaFinanciera,
  TiposMovimientoFinanciero,
  TiposOperacionFinanciera,
  type TClaveMapeo,
  type TElementoGasto,
  type TMovimientoFinanciero,
  type TSaldoCuenta,
  ZElementoGastoGuardar,
  ZMovimientosFinancierosQuery,
  ZNotaMovimiento,
  ZTransferencia,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { centroCosto, cuentaFinanciera, tipoCambio } from './finanzas.schema';
import { elementoGasto, movimientoFinanciero } from './movimientos.schema';
import { filas, hoyLima } from './antiguedad';
import { esDuplicado } from './maestros.service';
import type { TTxFinanzas } from './liquidacion';

/**
 * Movements on financial accounts (issue 14, branch movfin): notas de ingreso (3) and de salida (4), deposits from a
 * caja to a bank (5), transfers between cajas (6) and between accounts (7), in one transaction with their entry
 * (the books' hook, journal 3). A deposit or transfer is two rows (origin egreso, destination ingreso) sharing one
 * number MF-n; an amount in another currency is converted at the day's rate (venta). ITF (0.005 %, truncated to the
 * lower multiple of 0.05) is charged on the bank side, except between two bank accounts of the company (same holder,
 * exempt). A movement is deleted (voided, entry reversed) only while no bank statement line is reconciled with it.
 */

type TCuenta = typeof cuentaFinanciera.$inferSelect;
type TFila = typeof movimientoFinanciero.$inferSelect;

/** An entry line by mapping key, in soles. */
export type TLineaMovimiento = { clave: TClaveMapeo; debe: Decimal.Value; haber: Decimal.Value; idCentroCosto?: number | null; idCuentaFinanciera?: number | null };
export type TAsientoMovimiento = { idEmpresa: number; idUsuario: number; fecha: string; glosa: string; clave: string; lineas: TLineaMovimiento[] };
export type TRevertirMovimiento = { idEmpresa: number; clave: string; fecha: string; glosa: string };

const alRegistrar: ((tx: TTxFinanzas, a: TAsientoMovimiento) => Promise<void>)[] = [];
const alAnular: ((tx: TTxFinanzas, a: TRevertirMovimiento) => Promise<void>)[] = [];
/** Registry filled by app.ts (the books post the movement's entry in its transaction). */
export function alRegistrarMovimientoFinanciero(fn: (tx: TTxFinanzas, a: TAsientoMovimiento) => Promise<void>): void {
  if (!alRegistrar.includes(fn)) alRegistrar.push(fn);
}
export function alAnularMovimientoFinanciero(fn: (tx: TTxFinanzas, a: TRevertirMovimiento) => Promise<void>): void {
  if (!alAnular.includes(fn)) alAnular.push(fn);
}

// Advisory lock key (with the company id) serialising the movements' numbers.
const CANDADO_MOVIMIENTOS = 13_300;
const numeroMovimiento = (n: number) => `MF-${n}`;
const esBanco = (c: Pick<TCuenta, 'idTipoCuenta'>) => c.idTipoCuenta === 3;
const claveCuenta = (c: Pick<TCuenta, 'idTipoCuenta'>): TClaveMapeo => (esBanco(c) ? 'BANCO' : 'CAJA');
const fechaTexto = (f: string) => f.split('-').reverse().join('/');

/** ITF of an amount: 0.005 % truncated to the lower multiple of 0.05 (S/ 999.99 pays nothing, S/ 1,000.00 pays 0.05). */
export function calcularItf(monto: Decimal.Value): Decimal {
  return new Decimal(monto).times(TASA_ITF).dividedBy('0.05').floor().times('0.05');
}

// ---- Expense elements ----
const aElemento = (f: typeof elementoGasto.$inferSelect): TElementoGasto => ({ Id: f.id, Codigo: f.codigo, Nombre: f.nombre, LogEstado: f.logEstado });

export async function listarElementos(ctx: Contexto, auth: TAuth) {
  const r = await ctx.dbh.db.select().from(elementoGasto).where(eq(elementoGasto.idEmpresa, auth.idEmpresa)).orderBy(asc(elementoGasto.codigo));
  return { Data: r.map(aElemento), Count: r.length };
}

export async function guardarElemento(ctx: Contexto, auth: TAuth, id: number | null, b: z.infer<typeof ZElementoGastoGuardar>): Promise<TElementoGasto> {
  try {
    if (id === null) {
      const [f] = await ctx.dbh.db
        .insert(elementoGasto)
        .values({ idEmpresa: auth.idEmpresa, codigo: b.Codigo, nombre: b.Nombre, logEstado: b.LogEstado, logUsuarioCrea: auth.idUsuario })
        .returning();
      return aElemento(f);
    }
    const [f] = await ctx.dbh.db
      .update(elementoGasto)
      .set({ codigo: b.Codigo, nombre: b.Nombre, logEstado: b.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(elementoGasto.id, id), eq(elementoGasto.idEmpresa, auth.idEmpresa)))
      .returning();
    if (!f) throw noEncontrado('No se encontró el elemento de gasto');
    return aElemento(f);
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Codigo', 'Ya existe un elemento de gasto con ese código');
    throw err;
  }
}

// ---- Reading ----
type TFilaLectura = TFila & { cuenta: string; cuenta_par: string | null; id_par: number | null; centro: string | null; elemento: string | null; conciliado: boolean };

const seleccion = sql`select m.*, c.nombre as cuenta, p.id as id_par, pc.nombre as cuenta_par,
         cc.codigo || ' ' || cc.nombre as centro, eg.codigo || ' ' || eg.nombre as elemento,
         exists (select 1 from extracto_linea l where l.tipo_operacion in ('M', 'I') and l.id_operacion = m.id) as conciliado
    from movimiento_financiero m
    join cuenta_financiera c on c.id = m.id_cuenta_financiera
    left join movimiento_financiero p on p.id <> m.id and (p.id = m.id_origen or p.id_origen = m.id)
    left join cuenta_financiera pc on pc.id = p.id_cuenta_financiera
    left join centro_costo cc on cc.id = m.id_centro_costo
    left join elemento_gasto eg on eg.id = m.id_elemento_gasto`;

function aMovimiento(f: Record<string, unknown>): TMovimientoFinanciero {
  const txt = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const tipo = Number(f.id_tipo_operacion) as keyof typeof TiposOperacionFinanciera;
  const mov = Number(f.id_tipo_movimiento) as keyof typeof TiposMovimientoFinanciero;
  return {
    Id: Number(f.id),
    Numero: numeroMovimiento(Number(f.numero)),
    Fecha: String(f.fecha),
    IdTipoOperacion: tipo,
    TipoOperacion: TiposOperacionFinanciera[tipo],
    IdTipoMovimiento: mov,
    TipoMovimiento: TiposMovimientoFinanciero[mov],
    IdCuentaFinanciera: Number(f.id_cuenta_financiera),
    CuentaFinanciera: String(f.cuenta),
    IdMoneda: Number(f.id_moneda),
    Monto: new Decimal(String(f.monto)).toFixed(2),
    MontoSoles: new Decimal(String(f.monto_soles)).toFixed(2),
    TipoCambio: f.tipo_cambio === null ? null : new Decimal(String(f.tipo_cambio)).toFixed(4),
    Itf: new Decimal(String(f.itf)).toFixed(2),
    IdMovimientoPar: f.id_par === null ? null : Number(f.id_par),
    CuentaPar: txt(f.cuenta_par),
    Motivo: String(f.motivo),
    IdCentroCosto: f.id_centro_costo === null ? null : Number(f.id_centro_costo),
    CentroCosto: txt(f.centro),
    IdElementoGasto: f.id_elemento_gasto === null ? null : Number(f.id_elemento_gasto),
    ElementoGasto: txt(f.elemento),
    NumeroOperacion: txt(f.numero_operacion),
    Conciliado: Boolean(f.conciliado),
    Anulado: Boolean(f.anulado),
    MotivoAnulacion: txt(f.motivo_anulacion),
  };
}

export async function obtenerMovimiento(ctx: Contexto, auth: TAuth, id: number): Promise<TMovimientoFinanciero> {
  const [f] = await filas<TFilaLectura>(ctx.dbh.db, sql`${seleccion} where m.id = ${id} and m.id_empresa = ${auth.idEmpresa}`);
  if (!f) throw noEncontrado('No se encontró el movimiento');
  return aMovimiento(f as unknown as Record<string, unknown>);
}

/** GET movimientos/busquedas and cuentasfinancieras/{id}/movimientos: by account, dates and operation type. */
export async function buscarMovimientos(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZMovimientosFinancierosQuery>) {
  if (q.desde && q.hasta && q.desde > q.hasta) throw errorDeCampo('hasta', 'La fecha final no puede ser anterior a la inicial');
  const filtros: SQL[] = [sql`m.id_empresa = ${auth.idEmpresa}`];
  if (q.idcuenta) filtros.push(sql`m.id_cuenta_financiera = ${q.idcuenta}`);
  if (q.desde) filtros.push(sql`m.fecha >= ${q.desde}`);
  if (q.hasta) filtros.push(sql`m.fecha <= ${q.hasta}`);
  if (q.tipo) filtros.push(sql`m.id_tipo_operacion = ${q.tipo}`);
  if (q.anulados === '0') filtros.push(sql`not m.anulado`);
  const donde = sql.join(filtros, sql` and `);
  const [r, [{ n }]] = await Promise.all([
    filas<Record<string, unknown>>(ctx.dbh.db, sql`${seleccion} where ${donde} order by m.fecha desc, m.id desc limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from movimiento_financiero m where ${donde}`),
  ]);
  return { Data: r.map(aMovimiento), Count: n };
}

/** Balance of every account of the company (or one): collections, supplier and payroll payments and movements, in decimal. */
export async function saldosCuentas(ctx: Contexto, auth: TAuth, idCuenta?: number): Promise<{ Data: TSaldoCuenta[]; Count: number }> {
  const r = await filas<{ id: number; nombre: string; id_tipo_cuenta: number; id_moneda: number; cobros: string; pagos_proveedores: string; planillas: string; ingresos: string; egresos: string; itf: string }>(
    ctx.dbh.db,
    sql`select c.id, c.nombre, c.id_tipo_cuenta, c.id_moneda,
               (coalesce((select sum(x.monto) from cobro x where x.id_cuenta_financiera = c.id and not x.anulado), 0)
                + coalesce((select sum(x.monto_soles) from deduccion_documento x where x.id_cuenta_financiera = c.id and not x.anulado and x.tipo = 'D' and x.lado = 'C'), 0))::text as cobros,
               (coalesce((select sum(x.monto) from pago_proveedor x where x.id_cuenta_financiera = c.id and not x.anulado), 0)
                + coalesce((select sum(x.monto_soles) from deduccion_documento x where x.id_cuenta_financiera = c.id and not x.anulado and x.tipo = 'D' and x.lado = 'P'), 0))::text as pagos_proveedores,
               (coalesce((select sum(x.monto) from nomina_pago x where x.id_cuenta_financiera = c.id and not x.anulado), 0)
                + coalesce((select sum(x.monto) from nomina_deposito_cts x where x.id_cuenta_financiera = c.id and not x.anulado), 0))::text as planillas,
               coalesce((select sum(x.monto) from movimiento_financiero x where x.id_cuenta_financiera = c.id and not x.anulado and x.id_tipo_movimiento = 1), 0)::text as ingresos,
               coalesce((select sum(x.monto) from movimiento_financiero x where x.id_cuenta_financiera = c.id and not x.anulado and x.id_tipo_movimiento = 2), 0)::text as egresos,
               (coalesce((select sum(x.itf) from movimiento_financiero x where x.id_cuenta_financiera = c.id and not x.anulado), 0)
                + coalesce((select sum(x.itf) from cobro x where x.id_cuenta_financiera = c.id and not x.anulado), 0)
                + coalesce((select sum(x.itf) from pago_proveedor x where x.id_cuenta_financiera = c.id and not x.anulado), 0))::text as itf
          from cuenta_financiera c
         where c.id_empresa = ${auth.idEmpresa} ${idCuenta ? sql`and c.id = ${idCuenta}` : sql``}
         order by c.id_tipo_cuenta, c.nombre`,
  );
  if (idCuenta && !r.length) throw noEncontrado('No se encontró la cuenta financiera');
  const Data = r.map((f) => ({
    IdCuentaFinanciera: f.id,
    Nombre: f.nombre,
    IdTipoCuenta: f.id_tipo_cuenta,
    TipoCuenta: TiposCuentaFinanciera[f.id_tipo_cuenta as 1 | 2 | 3] ?? '',
    IdMoneda: f.id_moneda,
    // Collections and the sales detracciones deposited into the account (its BN account).
    Cobros: new Decimal(f.cobros).toFixed(2),
    // Supplier payments, purchase detracciones deposited from the account, payroll payments and CTS deposits: all leave
    // the account.
    Pagos: new Decimal(f.pagos_proveedores).plus(f.planillas).toFixed(2),
    Ingresos: new Decimal(f.ingresos).toFixed(2),
    Egresos: new Decimal(f.egresos).toFixed(2),
    Itf: new Decimal(f.itf).toFixed(2),
    Saldo: new Decimal(f.cobros).minus(f.pagos_proveedores).minus(f.planillas).plus(f.ingresos).minus(f.egresos).minus(f.itf).toFixed(2),
  }));
  return { Data, Count: Data.length };
}

// ---- Writing ----
async function cuentaDe(tx: TTxFinanzas, auth: TAuth, id: number, campo: string): Promise<TCuenta> {
  const [c] = await tx.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, id), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!c) throw noEncontrado('No se encontró la cuenta financiera');
  if (c.logEstado !== 1) throw errorDeCampo(campo, `La cuenta ${c.nombre} está inactiva`);
  return c;
}

function fechaValida(f: string | undefined): string {
  const hoy = hoyLima();
  const fecha = f ?? hoy;
  if (fecha > hoy) throw errorDeCampo('Fecha', 'La fecha del movimiento no puede ser posterior a hoy');
  return fecha;
}

/** The day's dollar rate (venta), required when a dollar account is involved. */
async function tasaDelDia(tx: TTxFinanzas, idEmpresa: number, fecha: string): Promise<Decimal> {
  const [tc] = await tx.select().from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, fecha)));
  if (!tc) throw new AppError(ErrorCodes.TIPO_CAMBIO_FALTANTE, `No hay tipo de cambio del dólar registrado para el ${fechaTexto(fecha)}. Regístrelo en Finanzas > Datos maestros.`, 400);
  return new Decimal(tc.venta);
}

const aSoles = (monto: Decimal, idMoneda: number, tasa: Decimal | null) => (idMoneda === 1 ? monto : monto.times(tasa!).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));

async function siguienteNumero(tx: TTxFinanzas, idEmpresa: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_MOVIMIENTOS}, ${idEmpresa})`);
  const [{ n }] = await filas<{ n: number }>(tx, sql`select coalesce(max(numero), 0)::int + 1 as n from movimiento_financiero where id_empresa = ${idEmpresa}`);
  return n;
}

async function registrarAsiento(tx: TTxFinanzas, a: TAsientoMovimiento) {
  for (const fn of alRegistrar) await fn(tx, a);
}

/** POST notas/ingresos (tipo 3) and notas/salidas (tipo 4). */
export async function registrarNota(ctx: Contexto, auth: TAuth, tipo: 3 | 4, b: z.infer<typeof ZNotaMovimiento>): Promise<TMovimientoFinanciero> {
  const fecha = fechaValida(b.Fecha);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const cuenta = await cuentaDe(tx, auth, b.IdCuentaFinanciera, 'IdCuentaFinanciera');
    if (b.IdCentroCosto) {
      const [c] = await tx.select().from(centroCosto).where(and(eq(centroCosto.id, b.IdCentroCosto), eq(centroCosto.idEmpresa, auth.idEmpresa)));
      if (!c || c.logEstado !== 1) throw errorDeCampo('IdCentroCosto', 'Elija un centro de costo activo de la empresa');
    }
    if (b.IdElementoGasto) {
      const [e] = await tx.select().from(elementoGasto).where(and(eq(elementoGasto.id, b.IdElementoGasto), eq(elementoGasto.idEmpresa, auth.idEmpresa)));
      if (!e || e.logEstado !== 1) throw errorDeCampo('IdElementoGasto', 'Elija un elemento de gasto activo de la empresa');
    }
    const tasa = cuenta.idMoneda === 2 ? await tasaDelDia(tx, auth.idEmpresa, fecha) : null;
    const monto = new Decimal(b.Monto);
    const itf = esBanco(cuenta) ? calcularItf(monto) : new Decimal(0);
    const numero = await siguienteNumero(tx, auth.idEmpresa);
    const [f] = await tx
      .insert(movimientoFinanciero)
      .values({
        idEmpresa: auth.idEmpresa, numero, fecha, idTipoOperacion: tipo, idTipoMovimiento: tipo === 3 ? 1 : 2, idCuentaFinanciera: cuenta.id, idMoneda: cuenta.idMoneda,
        monto: monto.toFixed(2), montoSoles: aSoles(monto, cuenta.idMoneda, tasa).toFixed(2), tipoCambio: tasa?.toFixed(4) ?? null, itf: itf.toFixed(2),
        motivo: b.Motivo, idCentroCosto: b.IdCentroCosto, idElementoGasto: b.IdElementoGasto, numeroOperacion: b.NumeroOperacion, logUsuarioCrea: auth.idUsuario,
      })
      .returning();
    const soles = new Decimal(f.montoSoles);
    const lineas: TLineaMovimiento[] =
      tipo === 3
        ? [{ clave: claveCuenta(cuenta), debe: soles, haber: 0, idCuentaFinanciera: cuenta.id }, { clave: 'INGRESO_CAJA', debe: 0, haber: soles, idCentroCosto: b.IdCentroCosto }]
        : [{ clave: 'EGRESO_CAJA', debe: soles, haber: 0, idCentroCosto: b.IdCentroCosto }, { clave: claveCuenta(cuenta), debe: 0, haber: soles, idCuentaFinanciera: cuenta.id }];
    lineas.push(...lineasItf(itf, cuenta, tasa));
    await registrarAsiento(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `MOV:${f.id}`, lineas,
      glosa: `${tipo === 3 ? 'Nota de ingreso' : 'Nota de salida'} ${numeroMovimiento(numero)} ${cuenta.nombre}: ${b.Motivo}`,
    });
    return f.id;
  });
  return obtenerMovimiento(ctx, auth, id);
}

function lineasItf(itf: Decimal, cuenta: Pick<TCuenta, 'id' | 'idMoneda'>, tasa: Decimal | null): TLineaMovimiento[] {
  if (itf.isZero()) return [];
  const s = aSoles(itf, cuenta.idMoneda, tasa);
  return [{ clave: 'ITF', debe: s, haber: 0 }, { clave: 'BANCO', debe: 0, haber: s, idCuentaFinanciera: cuenta.id }];
}

/**
 * POST movimientos/depositos (5: caja or caja chica -> bank), movimientos/cajas (6: caja -> caja) and
 * movimientos/cuentasbancarias (7: between any two accounts). Both sides in one transaction; the amount is in the
 * origin's currency and converted at the day's rate (venta) when the destination's differs.
 */
export async function transferir(ctx: Contexto, auth: TAuth, tipo: 5 | 6 | 7, b: z.infer<typeof ZTransferencia>): Promise<TMovimientoFinanciero> {
  const fecha = fechaValida(b.Fecha);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const origen = await cuentaDe(tx, auth, b.IdCuentaOrigen, 'IdCuentaOrigen');
    const destino = await cuentaDe(tx, auth, b.IdCuentaDestino, 'IdCuentaDestino');
    if (tipo === 5 && esBanco(origen)) throw errorDeCampo('IdCuentaOrigen', 'Un depósito sale de una caja o caja chica');
    if (tipo === 5 && !esBanco(destino)) throw errorDeCampo('IdCuentaDestino', 'Un depósito llega a una cuenta bancaria');
    if (tipo === 6 && esBanco(origen)) throw errorDeCampo('IdCuentaOrigen', 'Una transferencia entre cajas sale de una caja o caja chica');
    if (tipo === 6 && esBanco(destino)) throw errorDeCampo('IdCuentaDestino', 'Una transferencia entre cajas llega a una caja o caja chica (para un banco use un depósito)');
    const tasa = origen.idMoneda === 2 || destino.idMoneda === 2 ? await tasaDelDia(tx, auth.idEmpresa, fecha) : null;
    const monto = new Decimal(b.Monto);
    const montoDestino =
      origen.idMoneda === destino.idMoneda ? monto : (origen.idMoneda === 2 ? monto.times(tasa!) : monto.dividedBy(tasa!)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (montoDestino.lte(0)) throw errorDeCampo('Monto', 'El monto convertido a la moneda de destino es cero');
    const soles = aSoles(monto, origen.idMoneda, tasa);
    // ITF on the bank side; a transfer between two bank accounts of the company (same holder) is exempt.
    const exento = esBanco(origen) && esBanco(destino);
    const itfOrigen = esBanco(origen) && !exento ? calcularItf(monto) : new Decimal(0);
    const itfDestino = esBanco(destino) && !exento ? calcularItf(montoDestino) : new Decimal(0);
    const numero = await siguienteNumero(tx, auth.idEmpresa);
    const comun = { idEmpresa: auth.idEmpresa, numero, fecha, idTipoOperacion: tipo, motivo: b.Motivo, numeroOperacion: b.NumeroOperacion, tipoCambio: tasa?.toFixed(4) ?? null, logUsuarioCrea: auth.idUsuario };
    const [o] = await tx
      .insert(movimientoFinanciero)
      .values({ ...comun, idTipoMovimiento: 2, idCuentaFinanciera: origen.id, idMoneda: origen.idMoneda, monto: monto.toFixed(2), montoSoles: soles.toFixed(2), itf: itfOrigen.toFixed(2) })
      .returning();
    await tx
      .insert(movimientoFinanciero)
      .values({ ...comun, idTipoMovimiento: 1, idCuentaFinanciera: destino.id, idMoneda: destino.idMoneda, monto: montoDestino.toFixed(2), montoSoles: soles.toFixed(2), itf: itfDestino.toFixed(2), idOrigen: o.id });
    const lineas: TLineaMovimiento[] = [
      { clave: claveCuenta(destino), debe: soles, haber: 0, idCuentaFinanciera: destino.id },
      { clave: claveCuenta(origen), debe: 0, haber: soles, idCuentaFinanciera: origen.id },
      ...lineasItf(itfOrigen, origen, tasa),
      ...lineasItf(itfDestino, destino, tasa),
    ];
    await registrarAsiento(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `MOV:${o.id}`, lineas,
      glosa: `${TiposOperacionFinanciera[tipo]} ${numeroMovimiento(numero)}: ${origen.nombre} a ${destino.nombre}. ${b.Motivo}`,
    });
    return o.id;
  });
  return obtenerMovimiento(ctx, auth, id);
}

/**
 * DELETE movimientos/{id}: voids the movement (both sides of a deposit or transfer) and reverses its entry, only while
 * no bank statement line is reconciled with it (409 in Spanish). The rows are locked first, so a reconciliation
 * running at the same time waits and then sees the void.
 */
export async function anularMovimiento(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TMovimientoFinanciero> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [m] = await filas<{ id: number; id_origen: number | null }>(tx, sql`select id, id_origen from movimiento_financiero where id = ${id} and id_empresa = ${auth.idEmpresa}`);
    if (!m) throw noEncontrado('No se encontró el movimiento');
    const raiz = m.id_origen ?? m.id;
    const lados = await filas<{ id: number; numero: number; anulado: boolean }>(
      tx,
      sql`select id, numero, anulado from movimiento_financiero where id_empresa = ${auth.idEmpresa} and (id = ${raiz} or id_origen = ${raiz}) order by id for update`,
    );
    const numero = numeroMovimiento(lados[0].numero);
    if (lados.some((l) => l.anulado)) throw new AppError(ErrorCodes.MOVIMIENTO_ANULADO, `El movimiento ${numero} ya fue eliminado`, 409);
    const ids = lados.map((l) => l.id);
    const [conciliado] = await filas<{ id: number }>(
      tx,
      sql`select id from extracto_linea where tipo_operacion in ('M', 'I') and id_operacion in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) limit 1`,
    );
    if (conciliado)
      throw new AppError(ErrorCodes.MOVIMIENTO_CONCILIADO, `El movimiento ${numero} está conciliado con el extracto bancario: no se puede eliminar. Deshaga primero la conciliación.`, 409);
    await tx.execute(
      sql`update movimiento_financiero set anulado = true, fecha_anulacion = now(), motivo_anulacion = ${motivo}, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
           where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    for (const fn of alAnular) await fn(tx, { idEmpresa: auth.idEmpresa, clave: `MOV:${raiz}`, fecha: hoyLima(), glosa: `Eliminación del movimiento ${numero}: ${motivo}` });
  });
  return obtenerMovimiento(ctx, auth, id);
}
