import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  SimboloMoneda,
  TASA_RETENCION_IGV,
  TiposDeduccion,
  serieNumero,
  type TDeduccion,
  type TDeduccionesDocumento,
  ZDetraccionCrear,
  ZRetencionCrear,
} from '@yupana/contracts';
import type { z } from 'zod';
import { rechazarSiConciliada } from '../../lib/conciliacion';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cuentaFinanciera, tipoCambio } from './finanzas.schema';
import { deduccionCuota, deduccionDocumento } from './deducciones.schema';
import { filas, hoyLima, LADO_COBRAR, LADO_PAGAR, type TLadoCuotas } from './antiguedad';
import { moverCuotas, type TLadoLiquidacion, type TTxFinanzas } from './liquidacion';

/**
 * Detracciones (SPOT) and retenciones suffered recorded against ONE document (issue 14): "recorded against the document
 * and reduce its pending net amount". Each one settles the document's dues like a collection or payment (lines in
 * deduccion_cuota, the dues' cobrado/pagado moved under the same row locks, never over the pending balance: 1410), so
 * the receivables and payables views, the aging and the statements see it; voiding gives the balance back. The books
 * post it in the same transaction (hooks registered in app.ts, like collections): sales detracción BN D / 12 H,
 * retención 40114 D / 12 H, purchase detracción 42 D / bank H; a void reverses.
 */
export type TLado = 'C' | 'P';
export type TTipoDeduccion = 'D' | 'R';

// The two sides as the shared dues code sees them (moverCuotas needs only the table and column names).
const LADOS: Record<TLado, TLadoCuotas & { documento: ReturnType<typeof sql.raw>; noEncontrado: string; elDocumento: string; anulado: string }> = {
  C: { ...LADO_COBRAR, documento: sql.raw('documento_contable'), noEncontrado: 'No se encontró el documento por cobrar', elDocumento: 'El documento', anulado: 'anulado' },
  P: { ...LADO_PAGAR, documento: sql.raw('compra'), noEncontrado: 'No se encontró la compra por pagar', elDocumento: 'La compra', anulado: 'anulada' },
};
const comoLiquidacion = (l: TLado) => LADOS[l] as unknown as TLadoLiquidacion;
const MONEDA = (id: number) => SimboloMoneda[id] ?? '';

/** What the books see of a deduction inside its transaction. */
export type TDeduccionRegistrada = {
  idEmpresa: number; idUsuario: number; id: number; lado: TLado; tipo: TTipoDeduccion; fecha: string; montoSoles: string; glosa: string;
  /** The sales document's type code for its receivable account (01 factura, 03 boleta...), null for purchases. */
  codigoTipo: string | null;
  /** The financial account of the deposit (a detracción's Banco de la Nación account, or ours for a purchase's). */
  idCuentaFinanciera: number | null;
};
type TAlDeducir = (tx: TTxFinanzas, d: TDeduccionRegistrada) => Promise<void>;
type TAlAnularDeduccion = (tx: TTxFinanzas, d: { idEmpresa: number; id: number; tipo: TTipoDeduccion; fecha: string; glosa: string }) => Promise<void>;
const trasDeducir: TAlDeducir[] = [];
const trasAnular: TAlAnularDeduccion[] = [];
/** Work other modules do in a deduction's transaction (the books post it); registered once in app.ts. */
export function alRegistrarDeduccion(fn: TAlDeducir): void {
  if (!trasDeducir.includes(fn)) trasDeducir.push(fn);
}
/** Work other modules do in a deduction void's transaction (the books reverse the entry). */
export function alAnularDeduccion(fn: TAlAnularDeduccion): void {
  if (!trasAnular.includes(fn)) trasAnular.push(fn);
}

type TCuota = { id: number; serie: string; correlativo: number; id_moneda: number; monto: string; aplicado: string; fecha_vencimiento: string; detraccion: boolean; anulado_doc: boolean; fecha_emision: string };

/** The document's dues under row locks (id order, as collections take them); 404 when none is the company's. */
async function bloquearDocumento(tx: TTxFinanzas, lado: TLado, idEmpresa: number, idDocumento: number): Promise<TCuota[]> {
  const L = LADOS[lado];
  // Both sides' dues carry the detracción flag (a purchase's since its SPOT data, issue 13).
  const detraccion = sql`q.detraccion`;
  const cuotas = await filas<TCuota>(
    tx,
    sql`select q.id, q.serie, q.correlativo, q.id_moneda, q.monto::text as monto, q.${L.aplicado}::text as aplicado, q.fecha_vencimiento::text as fecha_vencimiento,
               ${detraccion} as detraccion, q.fecha_emision::text as fecha_emision,
               (q.anulado or coalesce((select d.anulado from ${L.documento} d where d.id = q.id_documento), false)) as anulado_doc
          from ${L.tabla} q where q.id_empresa = ${idEmpresa} and q.id_documento = ${idDocumento} order by q.id for update of q`,
  );
  if (!cuotas.length) throw noEncontrado(L.noEncontrado);
  return cuotas;
}

async function registrar(ctx: Contexto, auth: TAuth, lado: TLado, tipo: TTipoDeduccion, idDocumento: number, d: { numero: string; fecha: string; monto: string; idCuenta: number | null; observacion: string | null }): Promise<TDeduccion> {
  const hoy = hoyLima();
  if (d.fecha > hoy) throw errorDeCampo('Fecha', tipo === 'D' ? 'La fecha del depósito no puede ser posterior a hoy' : 'La fecha del comprobante de retención no puede ser posterior a hoy');
  if (d.idCuenta !== null) {
    const [c] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, d.idCuenta), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
    if (!c) throw noEncontrado('No se encontró la cuenta financiera');
    if (c.logEstado !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La cuenta financiera está inactiva');
    if (c.idTipoCuenta !== 3) throw errorDeCampo('IdCuentaFinanciera', 'La detracción se deposita en una cuenta bancaria (Banco de la Nación)');
    if (c.idMoneda !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La detracción se deposita en soles: elija una cuenta en soles');
  }
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const cuotas = await bloquearDocumento(tx, lado, auth.idEmpresa, idDocumento);
    const q0 = cuotas[0];
    const numero = serieNumero(q0.serie, q0.correlativo);
    const L = LADOS[lado];
    if (cuotas.some((q) => q.anulado_doc)) throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, `${L.elDocumento} ${numero} está ${L.anulado}: no se puede registrar la ${TiposDeduccion[tipo].toLowerCase()}`, 400);
    // A sales detracción settles the document's detracción due when it has one; everything else the ordinary dues,
    // oldest due first (like a credit note).
    const hayDueDetraccion = cuotas.some((q) => q.detraccion);
    const elegidas = cuotas
      .filter((q) => (tipo === 'D' && hayDueDetraccion ? q.detraccion : !q.detraccion))
      .sort((a, b) => a.fecha_vencimiento.localeCompare(b.fecha_vencimiento) || a.id - b.id);
    const pendiente = elegidas.reduce((s, q) => s.plus(new Decimal(q.monto).minus(q.aplicado)), new Decimal(0));
    const monto = new Decimal(d.monto);
    if (monto.gt(pendiente)) {
      const que = tipo === 'D' && hayDueDetraccion ? 'la detracción pendiente' : 'el saldo pendiente';
      throw new AppError(ErrorCodes.TOTAL_EXCEDIDO, `El monto excede ${que} ${lado === 'C' ? 'del documento' : 'de la compra'} ${numero}: es ${MONEDA(q0.id_moneda)} ${pendiente.toFixed(2)}`, 400, {
        errores: { Monto: `Saldo pendiente: ${MONEDA(q0.id_moneda)} ${pendiente.toFixed(2)}` },
      });
    }
    let resto = monto;
    const lineas: { idCuota: number; monto: Decimal }[] = [];
    for (const q of elegidas) {
      if (resto.lte(0)) break;
      const saldo = new Decimal(q.monto).minus(q.aplicado);
      if (saldo.lte(0)) continue;
      const toma = Decimal.min(saldo, resto);
      lineas.push({ idCuota: q.id, monto: toma });
      resto = resto.minus(toma);
    }
    // The entry is in soles: a dollar document's deduction at the day's selling rate of its date.
    let montoSoles = monto;
    if (Number(q0.id_moneda) === 2) {
      const [tc] = await tx.select().from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, auth.idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, d.fecha)));
      if (!tc)
        throw new AppError(ErrorCodes.TIPO_CAMBIO_FALTANTE, `No hay tipo de cambio del dólar registrado para el ${d.fecha.split('-').reverse().join('/')}. Regístrelo en Finanzas > Datos maestros.`, 400);
      montoSoles = monto.times(tc.venta).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    }
    const [h] = await tx
      .insert(deduccionDocumento)
      .values({
        idEmpresa: auth.idEmpresa, lado, tipo, idDocumento, numero: d.numero, fecha: d.fecha, idMoneda: Number(q0.id_moneda), monto: monto.toFixed(2), montoSoles: montoSoles.toFixed(2),
        idCuentaFinanciera: d.idCuenta, observacion: d.observacion, logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: deduccionDocumento.id });
    await tx.insert(deduccionCuota).values(lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idDeduccion: h.id, idCuota: l.idCuota, monto: l.monto.toFixed(2), logUsuarioCrea: auth.idUsuario })));
    await moverCuotas(tx, comoLiquidacion(lado), auth.idUsuario, lineas, 1);
    let codigoTipo: string | null = null;
    if (lado === 'C') {
      const [doc] = await filas<{ codigo_tipo: string | null }>(tx, sql`select codigo_tipo from documento_contable where id = ${idDocumento} and id_empresa = ${auth.idEmpresa}`);
      codigoTipo = doc?.codigo_tipo ?? null;
    }
    const glosa = tipo === 'D' ? `Detracción ${lado === 'C' ? 'de cliente' : 'a proveedor'}, constancia ${d.numero} (${numero})` : `Retención sufrida ${d.numero} (${numero})`;
    const registrada: TDeduccionRegistrada = { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, id: h.id, lado, tipo, fecha: d.fecha, montoSoles: montoSoles.toFixed(2), glosa: glosa.slice(0, 200), codigoTipo, idCuentaFinanciera: d.idCuenta ?? null };
    for (const fn of trasDeducir) await fn(tx, registrada);
    return h.id;
  });
  return obtener(ctx, auth, id);
}

export const registrarDetraccion = (ctx: Contexto, auth: TAuth, lado: TLado, idDocumento: number, b: z.infer<typeof ZDetraccionCrear>) =>
  registrar(ctx, auth, lado, 'D', idDocumento, { numero: b.NumeroConstancia, fecha: b.Fecha, monto: b.Monto, idCuenta: b.IdCuentaFinanciera, observacion: b.Observacion });

export const registrarRetencion = (ctx: Contexto, auth: TAuth, idDocumento: number, b: z.infer<typeof ZRetencionCrear>) =>
  registrar(ctx, auth, 'C', 'R', idDocumento, { numero: b.SerieNumero, fecha: b.Fecha, monto: b.Monto, idCuenta: null, observacion: b.Observacion });

/** Voids a detracción or retención (of the route's kind): its amounts go back to the dues, the entry is reversed. */
export async function anularDeduccion(ctx: Contexto, auth: TAuth, tipo: TTipoDeduccion, id: number, motivo: string): Promise<TDeduccion> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [h] = await filas<{ id: number; lado: TLado; anulado: boolean; numero: string }>(
      tx,
      sql`select id, lado, anulado, numero from deduccion_documento where id = ${id} and id_empresa = ${auth.idEmpresa} and tipo = ${tipo} for update`,
    );
    if (!h) throw noEncontrado(tipo === 'D' ? 'No se encontró la detracción' : 'No se encontró la retención');
    if (h.anulado) throw new AppError(ErrorCodes.DEDUCCION_ANULADA, tipo === 'D' ? 'La detracción ya está anulada' : 'La retención ya está anulada', 409);
    if (tipo === 'D') await rechazarSiConciliada(tx, ['D'], id, `La detracción ${h.numero} está conciliada`);
    const det = await tx.select({ idCuota: deduccionCuota.idCuota, monto: deduccionCuota.monto }).from(deduccionCuota).where(eq(deduccionCuota.idDeduccion, id));
    await moverCuotas(tx, comoLiquidacion(h.lado), auth.idUsuario, det, -1);
    await tx
      .update(deduccionDocumento)
      .set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(deduccionDocumento.id, id));
    const glosa = `Anulación de la ${TiposDeduccion[tipo].toLowerCase()} ${h.numero}: ${motivo}`.slice(0, 200);
    for (const fn of trasAnular) await fn(tx, { idEmpresa: auth.idEmpresa, id, tipo, fecha: hoyLima(), glosa });
  });
  return obtener(ctx, auth, id);
}

type TFila = {
  id: number; tipo: TTipoDeduccion; id_documento: number; serie: string | null; correlativo: number | null; numero: string; fecha: string; id_moneda: number; monto: string;
  id_cuenta_financiera: number | null; cuenta: string | null; observacion: string | null; anulado: boolean; motivo_anulacion: string | null;
};
const SELECT = (lado: TLado) => sql`select h.id, h.tipo, h.id_documento, q.serie, q.correlativo, h.numero, h.fecha::text as fecha, h.id_moneda, h.monto::text as monto,
    h.id_cuenta_financiera, f.nombre as cuenta, h.observacion, h.anulado, h.motivo_anulacion
  from deduccion_documento h left join cuenta_financiera f on f.id = h.id_cuenta_financiera
  left join lateral (select serie, correlativo from ${LADOS[lado].tabla} where id_documento = h.id_documento and id_empresa = h.id_empresa order by id limit 1) q on true`;
const aDeduccion = (f: TFila): TDeduccion => ({
  Id: f.id,
  Tipo: f.tipo,
  TipoDescripcion: TiposDeduccion[f.tipo],
  IdDocumento: f.id_documento,
  SerieNumeroDocumento: f.serie ? serieNumero(f.serie, Number(f.correlativo)) : '',
  Numero: f.numero,
  Fecha: f.fecha,
  IdMoneda: Number(f.id_moneda),
  Monto: new Decimal(f.monto).toFixed(2),
  IdCuentaFinanciera: f.id_cuenta_financiera,
  CuentaFinanciera: f.cuenta,
  Observacion: f.observacion,
  Anulado: f.anulado,
  MotivoAnulacion: f.motivo_anulacion,
});

export async function obtener(ctx: Contexto, auth: TAuth, id: number): Promise<TDeduccion> {
  const [h] = await filas<{ lado: TLado }>(ctx.dbh.db, sql`select lado from deduccion_documento where id = ${id} and id_empresa = ${auth.idEmpresa}`);
  if (!h) throw noEncontrado('No se encontró el registro');
  const [f] = await filas<TFila>(ctx.dbh.db, sql`${SELECT(h.lado)} where h.id = ${id}`);
  return aDeduccion(f);
}

/**
 * A document's detracciones and retenciones, with its balance and what is expected: the detracción the document
 * carries (its detracción due, or catálogo 54 data of the issue) and, for a sales document without detracción, 3 %
 * of its total (the customer's retention when it is a retention agent). 404 for another company's document.
 */
export async function listarDeDocumento(ctx: Contexto, auth: TAuth, lado: TLado, idDocumento: number): Promise<TDeduccionesDocumento> {
  const db = ctx.dbh.db;
  const L = LADOS[lado];
  // Both sides' dues carry the detracción flag (a purchase's since its SPOT data, issue 13).
  const detraccion = sql`q.detraccion`;
  const cuotas = await filas<{ serie: string; correlativo: number; id_moneda: number; monto: string; aplicado: string; detraccion: boolean; anulado: boolean }>(
    db,
    sql`select q.serie, q.correlativo, q.id_moneda, q.monto::text as monto, q.${L.aplicado}::text as aplicado, ${detraccion} as detraccion, q.anulado
          from ${L.tabla} q where q.id_empresa = ${auth.idEmpresa} and q.id_documento = ${idDocumento} order by q.id`,
  );
  if (!cuotas.length) throw noEncontrado(L.noEncontrado);
  const vivas = cuotas.filter((q) => !q.anulado);
  const total = vivas.reduce((s, q) => s.plus(q.monto), new Decimal(0));
  const saldo = vivas.reduce((s, q) => s.plus(new Decimal(q.monto).minus(q.aplicado)), new Decimal(0));
  const registros = await filas<TFila>(db, sql`${SELECT(lado)} where h.id_empresa = ${auth.idEmpresa} and h.lado = ${lado} and h.id_documento = ${idDocumento} order by h.fecha, h.id`);
  let det: TDeduccionesDocumento['Detraccion'] = null;
  let retencion: string | null = null;
  if (lado === 'C') {
    const [doc] = await filas<{ codigo: string | null; porcentaje: string | null; monto_total: string }>(
      db,
      sql`select datos->'detraccion'->>'codigoBien' as codigo, datos->'detraccion'->>'porcentaje' as porcentaje, monto_total::text as monto_total
            from documento_contable where id = ${idDocumento} and id_empresa = ${auth.idEmpresa}`,
    );
    const dues = vivas.filter((q) => q.detraccion);
    if (dues.length) {
      const m = dues.reduce((s, q) => s.plus(q.monto), new Decimal(0));
      const p = dues.reduce((s, q) => s.plus(new Decimal(q.monto).minus(q.aplicado)), new Decimal(0));
      det = { CodigoBien: doc?.codigo ?? null, Porcentaje: doc?.porcentaje ?? null, Monto: m.toFixed(2), Pendiente: p.toFixed(2) };
    } else if (doc?.porcentaje) {
      // Issued before dues carried it (or without cuotas): the deposit in soles, rounded to whole soles (SUNAT).
      const m = new Decimal(doc.monto_total).times(doc.porcentaje).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
      const hecho = registros.filter((r) => r.tipo === 'D' && !r.anulado).reduce((s, r) => s.plus(r.monto), new Decimal(0));
      det = { CodigoBien: doc.codigo, Porcentaje: doc.porcentaje, Monto: m.toFixed(2), Pendiente: Decimal.max(m.minus(hecho), 0).toFixed(2) };
    } else {
      // Operations under SPOT are excluded from the retention régimen: suggested only without detracción.
      retencion = new Decimal(doc?.monto_total ?? total).times(TASA_RETENCION_IGV).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    }
  } else {
    // A purchase registered with its SPOT data: the detracción due the deposit settles.
    const [c] = await filas<{ codigo: string | null; porcentaje: string | null }>(
      db,
      sql`select detraccion_codigo as codigo, detraccion_porcentaje::text as porcentaje from compra where id = ${idDocumento} and id_empresa = ${auth.idEmpresa}`,
    );
    const dues = vivas.filter((q) => q.detraccion);
    if (dues.length) {
      const m = dues.reduce((s, q) => s.plus(q.monto), new Decimal(0));
      const p = dues.reduce((s, q) => s.plus(new Decimal(q.monto).minus(q.aplicado)), new Decimal(0));
      det = { CodigoBien: c?.codigo ?? null, Porcentaje: c?.porcentaje ?? null, Monto: m.toFixed(2), Pendiente: p.toFixed(2) };
    }
  }
  return {
    IdDocumento: idDocumento,
    SerieNumero: serieNumero(cuotas[0].serie, cuotas[0].correlativo),
    IdMoneda: Number(cuotas[0].id_moneda),
    Total: total.toFixed(2),
    Saldo: saldo.toFixed(2),
    Detraccion: det,
    RetencionSugerida: retencion,
    Data: registros.map(aDeduccion),
  };
}
