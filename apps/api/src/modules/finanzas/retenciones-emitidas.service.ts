import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  EstadoSunat,
  ErrorCodes,
  ID_TIPO_DOCUMENTO_CRE,
  MONTO_MINIMO_RETENCION,
  NombreEstadoSunat,
  TASA_RETENCION_IGV,
  serieNumero,
  type TAgenteRetencion,
  type TComprobanteRetencion,
  type TProveedorRetencion,
  type TRetencionCalculo,
} from '@yupana/contracts';
import { firmarXml, nombreRetencion, xmlRetencion, type TComprobanteRetencion as TCre, type TCredencialFirma } from '@yupana/sunat';
import type { z } from 'zod';
import type { ZComprobantesRetencionQuery } from '@yupana/contracts';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa, sucursal } from '../../db/schema';
import { empresaSunat } from '../contabilidad/contabilidad.schema';
import { entidad } from '../entidades/entidades.schema';
import { serie } from '../entidades/series/series.schema';
import { filas, hoyLima, patronLike } from './antiguedad';
import type { TCuotaBloqueada, TLineaLiquidacion, TTxFinanzas } from './liquidacion';
import { comprobanteRetencion, comprobanteRetencionDetalle } from './retenciones-emitidas.schema';
import { envioLote } from '../contabilidad/envio/envio.schema';

type TDb = TTxFinanzas | Contexto['dbh']['db'];
type TCredencialDe = (db: TTxFinanzas, idEmpresa: number) => Promise<TCredencialFirma>;
let credencialDe: TCredencialDe = async () => {
  throw new Error('La firma de comprobantes de retención no está configurada (usarCredencialRetencion)');
};
/** The company's signing credential, as the SUNAT settings keep it; registered once in app.ts (modules do not import each other). */
export function usarCredencialRetencion(fn: TCredencialDe): void {
  credencialDe = fn;
}

/** What the sending module does for CREs (contabilidad/envio/retenciones.ts), handed over in app.ts. */
export type TEnvioRetenciones = {
  encolar(tx: TTxFinanzas, d: { idEmpresa: number; idComprobante: number }): Promise<void>;
  reenviar(tx: TTxFinanzas, d: { idEmpresa: number; idComprobante: number }): Promise<void>;
  crearReversion(
    tx: TTxFinanzas,
    d: { idEmpresa: number; idUsuario: number; emisor: { ruc: string; razonSocial: string }; credencial: TCredencialFirma; comprobante: { serie: string; numero: number; fecha: string }; motivo: string },
  ): Promise<{ id: number; nombre: string }>;
};
const sinEnvio = async (): Promise<never> => {
  throw new Error('El envío de comprobantes de retención no está configurado (usarEnvioRetenciones)');
};
let envio: TEnvioRetenciones = { encolar: sinEnvio, reenviar: sinEnvio, crearReversion: sinEnvio };
export function usarEnvioRetenciones(e: TEnvioRetenciones): void {
  envio = e;
}
const TASA = new Decimal(TASA_RETENCION_IGV).dividedBy(100);
const r2 = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const noAgente = () => new AppError(ErrorCodes.NO_ES_AGENTE_RETENCION, 'La empresa no está designada como agente de retención: indique la fecha de su designación en Finanzas > Retenciones emitidas', 409);

/** The date from which the company is a retention agent (null: it is not one). */
export async function agenteDesde(db: TDb, idEmpresa: number): Promise<string | null> {
  const [f] = await db.select({ d: empresaSunat.agenteRetencionDesde }).from(empresaSunat).where(eq(empresaSunat.idEmpresa, idEmpresa));
  return f?.d ?? null;
}

export async function obtenerAgente(ctx: Contexto, auth: TAuth): Promise<TAgenteRetencion> {
  return { AgenteRetencionDesde: await agenteDesde(ctx.dbh.db, auth.idEmpresa) };
}

export async function guardarAgente(ctx: Contexto, auth: TAuth, desde: string | null): Promise<TAgenteRetencion> {
  const [emp] = await ctx.dbh.db.select({ ruc: empresa.documento, tipo: empresa.tipoEmpresa }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  if (desde && !(emp?.ruc && /^\d{11}$/.test(emp.ruc)))
    throw errorDeCampo('AgenteRetencionDesde', 'Solo una empresa con RUC puede ser designada agente de retención');
  await ctx.dbh.db
    .insert(empresaSunat)
    .values({ idEmpresa: auth.idEmpresa, agenteRetencionDesde: desde, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: empresaSunat.idEmpresa, set: { agenteRetencionDesde: desde, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  return obtenerAgente(ctx, auth);
}

export async function proveedorRetencion(ctx: Contexto, auth: TAuth, ruc: string, noSujeto?: boolean): Promise<TProveedorRetencion> {
  if (!(await agenteDesde(ctx.dbh.db, auth.idEmpresa))) throw noAgente();
  const cond = and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, 4), eq(entidad.documento, ruc));
  const [e] = await ctx.dbh.db.select({ id: entidad.id, razon: entidad.razonSocial, ns: entidad.noSujetoRetencion }).from(entidad).where(cond).limit(1);
  if (!e) throw noEncontrado('No se encontró el proveedor');
  if (noSujeto !== undefined && noSujeto !== e.ns)
    await ctx.dbh.db.update(entidad).set({ noSujetoRetencion: noSujeto, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(cond);
  return { Ruc: ruc, RazonSocial: e.razon, NoSujetoRetencion: noSujeto ?? e.ns };
}

/** One document of a payment as the CRE lists it (the payment's dues of one purchase summed). */
export type TRetencionDocumento = {
  idCompra: number; tipo: string; serie: string; numero: number; fechaEmision: string; idMoneda: number; total: Decimal;
  cuotas: number[]; importePagado: Decimal; tipoCambio: Decimal | null; retenido: Decimal; neto: Decimal; retenidoCuenta: Decimal; motivo: string | null; numeroPago: number;
};
export type TRetencionPago = { esAgente: boolean; documentos: TRetencionDocumento[]; totalRetenido: Decimal; retenidoCuenta: Decimal };

/**
 * What a supplier payment withholds (RS 037-2002/SUNAT régimen de retenciones, 3 % since 01/03/2014): only when the
 * company is an agent on the payment's date, per purchase paid: a factura (01) not voided, with IGV, of a supplier
 * with RUC not marked "no sujeto a retención", without a detracción (SPOT excludes it) and whose total in soles is
 * over S/ 700. The 3 % is of the amount paid in soles (dollar documents at the payment date's rate, CRE rule 2623);
 * the account's side is that amount in the account's currency.
 */
export async function calcularRetencion(
  tx: TDb, idEmpresa: number, fecha: string, monedaCuenta: number, tasa: Decimal | null, lineas: TLineaLiquidacion[], porId: Map<number, TCuotaBloqueada>,
): Promise<TRetencionPago> {
  const desde = await agenteDesde(tx, idEmpresa);
  const cero = new Decimal(0);
  if (!desde || desde > fecha) return { esAgente: false, documentos: [], totalRetenido: cero, retenidoCuenta: cero };
  const porCompra = new Map<number, TLineaLiquidacion[]>();
  for (const l of lineas) {
    const q = porId.get(l.idCuota)!;
    porCompra.set(Number(q.id_documento), [...(porCompra.get(Number(q.id_documento)) ?? []), l]);
  }
  const ids = [...porCompra.keys()].filter((i) => i > 0);
  const compras = ids.length
    ? await filas<{ id: number; tipo_documento: string; serie: string; numero: number; fecha_emision: string; id_moneda: number; igv: string; total: string; total_soles: string; ruc: string; no_sujeto: boolean; detraccion: boolean; pagos: number }>(
        tx,
        sql`select c.id, c.tipo_documento, c.serie, c.numero, c.fecha_emision::text as fecha_emision, c.id_moneda, c.igv::text as igv, c.total::text as total, c.total_soles::text as total_soles,
                   c.ruc_proveedor as ruc,
                   exists (select 1 from entidad e where e.id_empresa = c.id_empresa and e.tipo_entidad = 4 and e.documento = c.ruc_proveedor and e.no_sujeto_retencion) as no_sujeto,
                   (c.detraccion_monto is not null or exists (select 1 from deduccion_documento d where d.id_empresa = c.id_empresa and d.lado = 'P' and d.tipo = 'D' and d.id_documento = c.id and not d.anulado)) as detraccion,
                   (select count(*)::int from comprobante_retencion_detalle x join comprobante_retencion r on r.id = x.id_comprobante
                     where x.id_empresa = c.id_empresa and x.id_compra = c.id and not r.anulado) as pagos
              from compra c where c.id_empresa = ${idEmpresa} and c.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
      )
    : [];
  const porIdCompra = new Map(compras.map((c) => [Number(c.id), c]));
  const documentos: TRetencionDocumento[] = [];
  for (const [idCompra, ls] of porCompra) {
    const q = porId.get(ls[0].idCuota)!;
    const c = porIdCompra.get(idCompra);
    const idMoneda = Number(q.id_moneda);
    const importePagado = ls.reduce((s, l) => s.plus(l.monto), new Decimal(0));
    const motivo = !c
      ? 'Letra por pagar: no es un comprobante de pago'
      : c.tipo_documento !== '01'
        ? 'Solo se retiene sobre facturas'
        : !/^(10|15|17|20)\d{9}$/.test(c.ruc)
          ? 'El proveedor no tiene RUC'
          : c.no_sujeto
            ? 'Proveedor no sujeto a retención (buen contribuyente o agente)'
            : c.detraccion
              ? 'Operación sujeta a detracción (SPOT)'
              : new Decimal(c.igv).lte(0)
                ? 'Operación exonerada o inafecta del IGV'
                : new Decimal(c.total_soles).lte(MONTO_MINIMO_RETENCION)
                  ? `El comprobante no supera S/ ${MONTO_MINIMO_RETENCION}.00`
                  : null;
    const enSoles = idMoneda === 2 ? r2(importePagado.times(tasa!)) : importePagado;
    const retenido = motivo ? new Decimal(0) : r2(enSoles.times(TASA));
    const retenidoCuenta = motivo ? new Decimal(0) : monedaCuenta === 1 ? retenido : idMoneda === 2 ? r2(importePagado.times(TASA)) : r2(retenido.dividedBy(tasa!));
    documentos.push({
      idCompra, tipo: c?.tipo_documento ?? '', serie: c?.serie ?? q.serie, numero: c ? Number(c.numero) : Number(q.correlativo), fechaEmision: c?.fecha_emision ?? '',
      idMoneda, total: new Decimal(c?.total ?? 0), cuotas: ls.map((l) => l.idCuota), importePagado, tipoCambio: idMoneda === 2 ? tasa : null,
      retenido, neto: enSoles.minus(retenido), retenidoCuenta, motivo, numeroPago: (c ? Number(c.pagos) : 0) + 1,
    });
  }
  const retenidos = documentos.filter((d) => d.retenido.gt(0));
  return {
    esAgente: true,
    documentos,
    totalRetenido: retenidos.reduce((s, d) => s.plus(d.retenido), new Decimal(0)),
    retenidoCuenta: retenidos.reduce((s, d) => s.plus(d.retenidoCuenta), new Decimal(0)),
  };
}

/** The calculation the payment dialog shows (no lock, nothing written). */
export function aCalculo(r: TRetencionPago, totalCuenta: Decimal, porId: Map<number, TCuotaBloqueada>): TRetencionCalculo {
  return {
    EsAgente: r.esAgente,
    Lineas: r.documentos.map((d) => ({
      IdCuota: d.cuotas[0], IdCompra: d.idCompra, SerieNumero: serieNumero(porId.get(d.cuotas[0])!.serie, porId.get(d.cuotas[0])!.correlativo), IdMoneda: d.idMoneda,
      ImportePagado: d.importePagado.toFixed(2), Retenido: d.retenido.toFixed(2), Motivo: d.motivo,
    })),
    TotalRetenido: r.totalRetenido.toFixed(2),
    RetenidoCuenta: r.retenidoCuenta.toFixed(2),
    TotalCuenta: totalCuenta.toFixed(2),
    MontoAPagar: totalCuenta.minus(r.retenidoCuenta).toFixed(2),
  };
}

/**
 * Issues the payment's CRE inside its transaction (the caller holds the company's payment lock, so the first use of a
 * branch creates its R### series without a race): the branch's type-1020 series row is locked and incremented
 * (UPDATE ... RETURNING, gap-free like every series), the XML built and signed with the company's certificate, and
 * the CRE with its documents stored, pending to be sent.
 */
export async function emitirCre(
  tx: TTxFinanzas, auth: TAuth, p: { idPago: number; idSucursal: number | null; fecha: string; ruc: string; razon: string }, r: TRetencionPago,
): Promise<number> {
  const docs = r.documentos.filter((d) => d.retenido.gt(0));
  const [emp] = await tx.select({ ruc: empresa.documento, razon: empresa.razonSocial, direccion: empresa.direccion, ubigeo: empresa.idUbigeo }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  if (!emp?.ruc) throw noAgente();
  let idSucursal = p.idSucursal;
  if (!idSucursal) {
    const [s] = await tx.select({ id: sucursal.id }).from(sucursal).where(eq(sucursal.idEmpresa, auth.idEmpresa)).orderBy(sucursal.id).limit(1);
    idSucursal = s.id;
  }
  let [s] = await tx
    .select({ id: serie.id })
    .from(serie)
    .where(and(eq(serie.idEmpresa, auth.idEmpresa), eq(serie.idTipoDocumento, ID_TIPO_DOCUMENTO_CRE), eq(serie.idSucursal, idSucursal), eq(serie.logEstado, 1)))
    .orderBy(serie.id)
    .limit(1);
  if (!s) {
    const usadas = await tx.select({ serie: serie.serie }).from(serie).where(and(eq(serie.idEmpresa, auth.idEmpresa), eq(serie.idTipoDocumento, ID_TIPO_DOCUMENTO_CRE)));
    let n = 1;
    while (usadas.some((u) => u.serie === `R${String(n).padStart(3, '0')}`)) n++;
    [s] = await tx
      .insert(serie)
      .values({ idEmpresa: auth.idEmpresa, idSucursal, idTipoDocumento: ID_TIPO_DOCUMENTO_CRE, serie: `R${String(n).padStart(3, '0')}`, tipoSerie: 1, descripcion: 'Comprobante de retención electrónico', logUsuarioCrea: auth.idUsuario })
      .returning({ id: serie.id });
  }
  const [num] = await tx.update(serie).set({ correlativo: sql`${serie.correlativo} + 1` }).where(eq(serie.id, s.id)).returning({ serie: serie.serie, numero: serie.correlativo });
  const cre: TCre = {
    serie: num.serie, numero: num.numero, fechaEmision: p.fecha,
    agente: { ruc: emp.ruc, razonSocial: emp.razon, direccion: emp.direccion ?? undefined, ubigeo: emp.ubigeo ?? undefined },
    proveedor: { ruc: p.ruc, razonSocial: p.razon },
    regimen: '01', tasa: TASA_RETENCION_IGV,
    documentos: docs.map((d) => ({
      tipo: d.tipo, serie: d.serie, numero: d.numero, fechaEmision: d.fechaEmision, total: d.total, moneda: d.idMoneda === 2 ? 'USD' : 'PEN', numeroPago: d.numeroPago,
      fechaPago: p.fecha, importePagado: d.importePagado, retenido: d.retenido, netoPagado: d.neto, tipoCambio: d.tipoCambio ?? undefined,
    })),
  };
  const firmado = firmarXml({ xml: xmlRetencion(cre), canonico: true }, await credencialDe(tx, auth.idEmpresa));
  const [c] = await tx
    .insert(comprobanteRetencion)
    .values({
      idEmpresa: auth.idEmpresa, idSucursal, idSerie: s.id, idPago: p.idPago, serie: num.serie, numero: num.numero, fechaEmision: p.fecha, rucProveedor: p.ruc, razonSocialProveedor: p.razon,
      tasa: TASA_RETENCION_IGV, totalRetenido: r.totalRetenido.toFixed(2), totalPagado: docs.reduce((t, d) => t.plus(d.neto), new Decimal(0)).toFixed(2),
      xmlFirmado: firmado.xml, hash: firmado.digestValue, logUsuarioCrea: auth.idUsuario,
    })
    .returning({ id: comprobanteRetencion.id });
  // Sent to SUNAT's otros-CPE service by the sending jobs (retenciones-envio.ts), queued in this same transaction.
  await envio.encolar(tx, { idEmpresa: auth.idEmpresa, idComprobante: c.id });
  await tx.insert(comprobanteRetencionDetalle).values(
    docs.map((d) => ({
      idEmpresa: auth.idEmpresa, idComprobante: c.id, idCompra: d.idCompra, tipoDocumento: d.tipo, serie: d.serie, numero: d.numero, fechaEmision: d.fechaEmision, idMoneda: d.idMoneda,
      totalDocumento: d.total.toFixed(2), numeroPago: d.numeroPago, importePagado: d.importePagado.toFixed(2), tipoCambio: d.tipoCambio ? d.tipoCambio.toFixed(6) : null,
      retenido: d.retenido.toFixed(2), netoPagado: d.neto.toFixed(2), logUsuarioCrea: auth.idUsuario,
    })),
  );
  return c.id;
}

/**
 * A payment's void and its CRE, inside the void's transaction (row lock on the CRE, which the sending job's claim also
 * needs): a CRE SUNAT accepted (or observed) is reverted with a resumen de reversiones (RR) written and queued here;
 * a CRE in flight (sent, no answer yet) refuses the void until SUNAT answers (601506); any other (pending, rejected,
 * erróneo) never counted at SUNAT and is just marked voided (its job, if still queued, then does not send it).
 */
export async function alAnularPagoCre(
  tx: TTxFinanzas, p: { idEmpresa: number; idPago: number; numeroRecibo: string; motivo: string; idUsuario: number },
): Promise<void> {
  const [c] = await filas<{ id: number; serie: string; numero: number; id_estado_sunat: number; fecha_emision: string; anulado: boolean }>(
    tx, sql`select id, serie, numero, id_estado_sunat, fecha_emision::text as fecha_emision, anulado from comprobante_retencion where id_pago = ${p.idPago} and id_empresa = ${p.idEmpresa} for update`,
  );
  if (!c || c.anulado) return;
  const estado = Number(c.id_estado_sunat);
  if (estado === EstadoSunat.EN_PROCESO_ESPERA)
    throw new AppError(
      ErrorCodes.CRE_ENVIO_EN_CURSO,
      `El comprobante de retención ${c.serie}-${c.numero} del pago ${p.numeroRecibo} se envió a SUNAT y aún no hay respuesta: espere la respuesta para anular el pago`,
      409,
    );
  if (estado === EstadoSunat.ACEPTADO || estado === EstadoSunat.OBSERVADO) {
    await crearReversion(tx, { idEmpresa: p.idEmpresa, idUsuario: p.idUsuario }, { id: c.id, serie: c.serie, numero: c.numero, fecha: c.fecha_emision }, p.motivo);
    return;
  }
  await tx.update(comprobanteRetencion).set({ anulado: true, logFechaModif: new Date() }).where(eq(comprobanteRetencion.id, c.id));
}

/** SUNAT's VoidReasonDescription: 3 to 100 characters on one line (rules 2315, 4203; XSL ^(.{3,100})$). */
const motivoReversion = (motivo: string) => {
  const m = motivo.replace(/\s+/g, ' ').trim();
  return (m.length >= 3 ? m : 'ANULACION DEL PAGO').slice(0, 100);
};

/**
 * The comunicación de reversión of an accepted CRE: the sending module writes the RR (numbered per day under the
 * batches' lock, signed, queued); the CRE is voided with its payment and "En reversión" until SUNAT's ticket answers.
 */
async function crearReversion(
  tx: TTxFinanzas, a: { idEmpresa: number; idUsuario: number }, cre: { id: number; serie: string; numero: number; fecha: string }, motivo: string,
): Promise<void> {
  const [emp] = await tx.select({ ruc: empresa.documento, razon: empresa.razonSocial }).from(empresa).where(eq(empresa.id, a.idEmpresa));
  if (!emp?.ruc) throw noAgente();
  const lote = await envio.crearReversion(tx, {
    idEmpresa: a.idEmpresa, idUsuario: a.idUsuario, emisor: { ruc: emp.ruc, razonSocial: emp.razon }, credencial: await credencialDe(tx, a.idEmpresa),
    comprobante: { serie: cre.serie, numero: cre.numero, fecha: cre.fecha }, motivo: motivoReversion(motivo),
  });
  await tx
    .update(comprobanteRetencion)
    .set({ anulado: true, idEstadoSunat: EstadoSunat.EN_REVERSION, idLoteReversion: lote.id, logUsuarioModif: a.idUsuario, logFechaModif: new Date() })
    .where(eq(comprobanteRetencion.id, cre.id));
}

/**
 * "Reenviar": a CRE whose sending stopped (erróneo: settings, SUNAT's exceptions after the last attempt) or still
 * pending is queued again under the same number, and a job already waiting its next attempt is brought forward.
 */
export async function reenviarCre(ctx: Contexto, auth: TAuth, id: number): Promise<TComprobanteRetencion> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: comprobanteRetencion.id, estado: comprobanteRetencion.idEstadoSunat, anulado: comprobanteRetencion.anulado, serie: comprobanteRetencion.serie, numero: comprobanteRetencion.numero })
      .from(comprobanteRetencion)
      .where(and(eq(comprobanteRetencion.id, id), eq(comprobanteRetencion.idEmpresa, auth.idEmpresa)))
      .for('update');
    if (!c) throw noEncontrado('No se encontró el comprobante de retención');
    const sn = `${c.serie}-${c.numero}`;
    if (c.anulado) throw new AppError(ErrorCodes.CRE_ANULADO_NO_ENVIABLE, `El comprobante de retención ${sn} está anulado con su pago: no se envía a SUNAT`, 409);
    if (c.estado === EstadoSunat.EN_PROCESO_ESPERA)
      throw new AppError(ErrorCodes.CRE_ENVIO_EN_CURSO, `El comprobante de retención ${sn} ya se envió a SUNAT: se está consultando su respuesta`, 409);
    if (c.estado !== EstadoSunat.PENDIENTE_ENVIO && c.estado !== EstadoSunat.ERRONEO)
      throw new AppError(ErrorCodes.CRE_YA_ENVIADO, `El comprobante de retención ${sn} ya tiene respuesta de SUNAT (${NombreEstadoSunat[c.estado] ?? c.estado})`, 409);
    await tx
      .update(comprobanteRetencion)
      .set({ idEstadoSunat: EstadoSunat.PENDIENTE_ENVIO, codigoSunat: null, mensajeSunat: null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(comprobanteRetencion.id, c.id));
    await envio.reenviar(tx, { idEmpresa: auth.idEmpresa, idComprobante: c.id });
  });
  return obtenerCre(ctx, auth, id);
}

type TFila = {
  id: number; id_pago: number; numero_pago: number; serie: string; numero: number; fecha_emision: string; ruc_proveedor: string; razon_social_proveedor: string; tasa: string;
  total_retenido: string; total_pagado: string; id_estado_sunat: number; codigo_sunat: string | null; mensaje_sunat: string | null; tiene_cdr: boolean; anulado: boolean;
  rr_nombre: string | null; rr_estado: string | null; rr_codigo: string | null; rr_mensaje: string | null;
};
const SELECT = sql`select r.id, r.id_pago, p.numero as numero_pago, r.serie, r.numero, r.fecha_emision::text as fecha_emision, r.ruc_proveedor, r.razon_social_proveedor, r.tasa::text as tasa,
  r.total_retenido::text as total_retenido, r.total_pagado::text as total_pagado, r.id_estado_sunat, r.codigo_sunat, r.mensaje_sunat, r.cdr is not null as tiene_cdr, r.anulado,
  l.nombre as rr_nombre, l.estado as rr_estado, l.codigo_sunat as rr_codigo, l.mensaje_sunat as rr_mensaje
  from comprobante_retencion r join pago_proveedor p on p.id = r.id_pago left join envio_lote l on l.id = r.id_lote_reversion`;

const ESTADOS_LOTE: Record<string, string> = { GENERADO: 'Por enviar', ENVIADO: 'Enviado (esperando respuesta)', ACEPTADO: 'Aceptado', RECHAZADO: 'Rechazado' };

async function armar(db: TDb, idEmpresa: number, fs: TFila[]): Promise<TComprobanteRetencion[]> {
  if (!fs.length) return [];
  const det = await filas<{ id_comprobante: number; id_compra: number; tipo_documento: string; serie: string; numero: number; fecha_emision: string; id_moneda: number; total_documento: string; numero_pago: number; importe_pagado: string; tipo_cambio: string | null; retenido: string; neto_pagado: string }>(
    db,
    sql`select id_comprobante, id_compra, tipo_documento, serie, numero, fecha_emision::text as fecha_emision, id_moneda, total_documento::text as total_documento, numero_pago,
               importe_pagado::text as importe_pagado, tipo_cambio::text as tipo_cambio, retenido::text as retenido, neto_pagado::text as neto_pagado
          from comprobante_retencion_detalle where id_empresa = ${idEmpresa} and id_comprobante in (${sql.join(fs.map((f) => sql`${f.id}`), sql`, `)}) order by id`,
  );
  return fs.map((f) => ({
    Id: f.id, IdPago: f.id_pago, NumeroRecibo: `RP-${f.numero_pago}`, Serie: f.serie, Numero: f.numero, SerieNumero: `${f.serie}-${f.numero}`, FechaEmision: f.fecha_emision,
    RucProveedor: f.ruc_proveedor, RazonSocialProveedor: f.razon_social_proveedor, Tasa: new Decimal(f.tasa).toFixed(2),
    TotalRetenido: new Decimal(f.total_retenido).toFixed(2), TotalPagado: new Decimal(f.total_pagado).toFixed(2),
    IdEstadoSunat: Number(f.id_estado_sunat), EstadoSunat: NombreEstadoSunat[Number(f.id_estado_sunat)] ?? '', CodigoSunat: f.codigo_sunat, MensajeSunat: f.mensaje_sunat,
    TieneCdr: f.tiene_cdr, Anulado: f.anulado,
    Reversion: f.rr_nombre ? { Nombre: f.rr_nombre, Estado: ESTADOS_LOTE[f.rr_estado ?? ''] ?? f.rr_estado ?? '', CodigoSunat: f.rr_codigo, MensajeSunat: f.rr_mensaje } : null,
    Detalle: det.filter((d) => Number(d.id_comprobante) === f.id).map((d) => ({
      IdCompra: d.id_compra, TipoDocumento: d.tipo_documento, SerieNumero: serieNumero(d.serie, Number(d.numero)), FechaEmision: d.fecha_emision, IdMoneda: Number(d.id_moneda),
      TotalDocumento: new Decimal(d.total_documento).toFixed(2), NumeroPago: Number(d.numero_pago), ImportePagado: new Decimal(d.importe_pagado).toFixed(2),
      TipoCambio: d.tipo_cambio ? new Decimal(d.tipo_cambio).toFixed(4) : null, Retenido: new Decimal(d.retenido).toFixed(2), NetoPagado: new Decimal(d.neto_pagado).toFixed(2),
    })),
  }));
}

export async function listarCres(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZComprobantesRetencionQuery>) {
  const partes = [sql`r.id_empresa = ${auth.idEmpresa}`];
  const pr = q.proveedor.trim();
  if (pr) partes.push(/^\d{8,15}$/.test(pr) ? sql`r.ruc_proveedor = ${pr}` : sql`r.razon_social_proveedor ilike ${patronLike(pr)}`);
  const donde = sql.join(partes, sql` and `);
  const [fs, [{ n }]] = await Promise.all([
    filas<TFila>(ctx.dbh.db, sql`${SELECT} where ${donde} order by r.fecha_emision desc, r.id desc limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from comprobante_retencion r where ${donde}`),
  ]);
  return { Data: await armar(ctx.dbh.db, auth.idEmpresa, fs), Count: n };
}

export async function obtenerCre(ctx: Contexto, auth: TAuth, id: number): Promise<TComprobanteRetencion> {
  const fs = await filas<TFila>(ctx.dbh.db, sql`${SELECT} where r.id = ${id} and r.id_empresa = ${auth.idEmpresa}`);
  if (!fs.length) throw noEncontrado('No se encontró el comprobante de retención');
  return (await armar(ctx.dbh.db, auth.idEmpresa, fs))[0];
}

/** The CRE of each payment (for the payments' list). */
export async function cresDePagos(db: TDb, idEmpresa: number, ids: number[]) {
  const m = new Map<number, { Id: number; SerieNumero: string; TotalRetenido: string; IdEstadoSunat: number }>();
  if (!ids.length) return m;
  const fs = await filas<{ id: number; id_pago: number; serie: string; numero: number; total_retenido: string; id_estado_sunat: number }>(
    db, sql`select id, id_pago, serie, numero, total_retenido::text as total_retenido, id_estado_sunat from comprobante_retencion where id_empresa = ${idEmpresa} and id_pago in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
  );
  for (const f of fs) m.set(Number(f.id_pago), { Id: f.id, SerieNumero: `${f.serie}-${f.numero}`, TotalRetenido: new Decimal(f.total_retenido).toFixed(2), IdEstadoSunat: Number(f.id_estado_sunat) });
  return m;
}

/** The signed XML, as SUNAT names it. */
export async function xmlCre(ctx: Contexto, auth: TAuth, id: number): Promise<{ xml: string; nombre: string; ruc: string }> {
  const [f] = await ctx.dbh.db
    .select({ xml: comprobanteRetencion.xmlFirmado, serie: comprobanteRetencion.serie, numero: comprobanteRetencion.numero, ruc: empresa.documento })
    .from(comprobanteRetencion)
    .innerJoin(empresa, eq(empresa.id, comprobanteRetencion.idEmpresa))
    .where(and(eq(comprobanteRetencion.id, id), eq(comprobanteRetencion.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado('No se encontró el comprobante de retención');
  return { xml: f.xml, nombre: nombreRetencion({ serie: f.serie, numero: f.numero, agente: { ruc: f.ruc ?? '', razonSocial: '' } }), ruc: f.ruc ?? '' };
}

export async function cdrCre(ctx: Contexto, auth: TAuth, id: number): Promise<{ zip: Uint8Array; nombre: string }> {
  const { nombre } = await xmlCre(ctx, auth, id);
  const [f] = await ctx.dbh.db.select({ cdr: comprobanteRetencion.cdr }).from(comprobanteRetencion).where(and(eq(comprobanteRetencion.id, id), eq(comprobanteRetencion.idEmpresa, auth.idEmpresa)));
  if (!f?.cdr) throw noEncontrado('El comprobante de retención aún no tiene CDR de SUNAT');
  return { zip: f.cdr, nombre: `R-${nombre}` };
}

/** The resumen de reversiones of a CRE: its signed XML or SUNAT's CDR, as SUNAT names them. */
export async function reversionCre(ctx: Contexto, auth: TAuth, id: number, que: 'xml' | 'cdr'): Promise<{ contenido: Uint8Array; nombre: string }> {
  const [f] = await ctx.dbh.db
    .select({ nombre: envioLote.nombre, xml: envioLote.xmlFirmado, cdr: envioLote.cdr })
    .from(comprobanteRetencion)
    .innerJoin(envioLote, eq(envioLote.id, comprobanteRetencion.idLoteReversion))
    .where(and(eq(comprobanteRetencion.id, id), eq(comprobanteRetencion.idEmpresa, auth.idEmpresa), eq(envioLote.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado('El comprobante de retención no tiene resumen de reversiones');
  if (que === 'xml') return { contenido: f.xml, nombre: `${f.nombre}.xml` };
  if (!f.cdr) throw noEncontrado('El resumen de reversiones aún no tiene CDR de SUNAT');
  return { contenido: f.cdr, nombre: `R-${f.nombre}.zip` };
}

export { hoyLima };
