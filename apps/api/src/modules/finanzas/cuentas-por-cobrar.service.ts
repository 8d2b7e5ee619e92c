import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  CondicionPago,
  TipoDocumentoContable,
  type TCuentasPorCobrar,
  type TDocumentoPorCobrar,
  type TEstadoCuenta,
  ZCuentasPorCobrarQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { noEncontrado } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { cuotaCobrar } from './finanzas.schema';

// Shared with payables (antiguedad.ts); re-exported for the modules that import them from here.
export { diasEntre, filas, hoyLima, tramoDe } from './antiguedad';
import { cuotasDeDocumento, filas, LADO_COBRAR, listarAbiertas, type TDocumentoGenerico } from './antiguedad';

/** Sales documents whose credit creates dues: facturas, boletas and notas de venta. */
const TIPOS_CON_CUOTAS: readonly number[] = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];

type TEmitidoMinimo = {
  creado: { Id: number; IdTipoDocumento: number; Serie: string; Correlativo: number; MontoTotal: string };
  b: { IdCondicionPago: number; IdMoneda: number; FechaEmision: string; FechaVencimiento?: string; ListaCuotas: { Monto: string; FechaVencimiento: string }[] };
  idEmpresa: number;
  idUsuario: number;
};

/**
 * alEmitirDocumento hook (registered in app.ts): a credit sale writes its dues in the issue's own transaction, one per
 * cuota (or one for the whole total when it carries none), so receivables never read the documents' JSON.
 */
export async function registrarCuotasDeDocumento(tx: Pick<Db, 'execute' | 'insert'>, e: TEmitidoMinimo): Promise<void> {
  if (e.b.IdCondicionPago === CondicionPago.CONTADO || !TIPOS_CON_CUOTAS.includes(e.creado.IdTipoDocumento)) return;
  const cuotas = e.b.ListaCuotas.length
    ? e.b.ListaCuotas.map((c) => ({ monto: new Decimal(c.Monto).toFixed(2), fecha: c.FechaVencimiento }))
    : [{ monto: new Decimal(e.creado.MontoTotal).toFixed(2), fecha: e.b.FechaVencimiento ?? e.b.FechaEmision }];
  const validas = cuotas.filter((c) => new Decimal(c.monto).gt(0));
  if (!validas.length) return;
  // The receiver as the document stored it (copied at issue time).
  const [doc] = await filas<{ id_entidad_receptor: number | null; receptor_numero_documento: string; receptor_razon_social: string }>(
    tx,
    sql`select id_entidad_receptor, receptor_numero_documento, receptor_razon_social from documento_contable where id = ${e.creado.Id}`,
  );
  if (!doc) return;
  await tx.insert(cuotaCobrar).values(
    validas.map((c, i) => ({
      idEmpresa: e.idEmpresa,
      idDocumento: e.creado.Id,
      idTipoDocumento: e.creado.IdTipoDocumento,
      serie: e.creado.Serie,
      correlativo: e.creado.Correlativo,
      fechaEmision: e.b.FechaEmision,
      idEntidad: doc.id_entidad_receptor,
      numeroDocumentoCliente: doc.receptor_numero_documento,
      razonSocialCliente: doc.receptor_razon_social,
      idMoneda: e.b.IdMoneda,
      numeroCuota: i + 1,
      fechaVencimiento: c.fecha,
      monto: c.monto,
      logUsuarioCrea: e.idUsuario,
    })),
  );
}

/** alDocumentoAnulado hook (app.ts): a voided document owes nothing; its dues stay, marked, for the history. */
export async function cerrarCuotasDeDocumentoAnulado(tx: Pick<Db, 'execute'>, idDocumento: number): Promise<void> {
  await tx.execute(sql`update cuota_cobrar set anulado = true, log_fecha_modif = now() where id_documento = ${idDocumento} and not anulado`);
}

/** Receivables: documents with an open balance, their dues, days overdue and aging bucket, plus the aging summary. */
export async function listarCuentasPorCobrar(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZCuentasPorCobrarQuery>): Promise<TCuentasPorCobrar> {
  const r = await listarAbiertas(ctx.dbh.db, LADO_COBRAR, auth.idEmpresa, { ...q, tercero: q.cliente });
  return { ...r, Data: r.Data.map(aPorCobrar) };
}

const aPorCobrar = (d: TDocumentoGenerico): TDocumentoPorCobrar => ({
  IdDocumento: d.IdDocumento,
  IdTipoDocumento: Number(d.Tipo),
  SerieNumero: d.SerieNumero,
  FechaEmision: d.FechaEmision,
  NumeroDocumentoCliente: d.Tercero,
  RazonSocialCliente: d.Razon,
  IdMoneda: d.IdMoneda,
  Total: d.Total,
  Cobrado: d.Aplicado,
  Saldo: d.Saldo,
  ProximoVencimiento: d.ProximoVencimiento,
  DiasVencido: d.DiasVencido,
  Tramo: d.Tramo,
  Cuotas: d.Cuotas.map(({ Aplicado, ...c }) => ({ ...c, Cobrado: Aplicado })),
});

/** The dues of one document (also paid ones), 404 for another company's. */
export async function obtenerCuentaPorCobrar(ctx: Contexto, auth: TAuth, idDocumento: number): Promise<TDocumentoPorCobrar> {
  const d = await cuotasDeDocumento(ctx.dbh.db, LADO_COBRAR, auth.idEmpresa, idDocumento);
  if (!d) throw noEncontrado('No se encontró el documento por cobrar');
  return aPorCobrar(d);
}

/**
 * Customer statement in one currency: each credit document is a charge (cargo) on its issue date, each collection
 * applied to it a credit (abono) on the collection's date; running balance in date order. Voided documents and
 * voided collections are left out.
 */
export async function estadoDeCuenta(ctx: Contexto, auth: TAuth, cliente: string, idMoneda: number): Promise<TEstadoCuenta> {
  const db = ctx.dbh.db;
  const movs = await filas<{ fecha: string; orden: number; concepto: string; referencia: string; cargo: string; abono: string; razon: string }>(
    db,
    sql`select q.fecha_emision::text as fecha, 0 as orden, 'Venta al crédito' as concepto, q.serie || '-' || q.correlativo as referencia,
               sum(q.monto)::text as cargo, '0' as abono, max(q.razon_social_cliente) as razon, min(q.id_documento) as clave
        from cuota_cobrar q
        where q.id_empresa = ${auth.idEmpresa} and q.numero_documento_cliente = ${cliente} and q.id_moneda = ${idMoneda}
          and not q.anulado
        group by q.id_documento, q.fecha_emision, q.serie, q.correlativo
        union all
        select c.fecha::text, 1, 'Cobro ' || case c.id_tipo_cobro when 1 then 'en efectivo' else 'bancarizado' end, 'RC-' || c.numero,
               '0', sum(det.monto)::text, max(c.razon_social_cliente), c.id
        from cobro c join cobro_detalle det on det.id_cobro = c.id join cuota_cobrar q on q.id = det.id_cuota
        where c.id_empresa = ${auth.idEmpresa} and c.numero_documento_cliente = ${cliente} and q.id_moneda = ${idMoneda} and not c.anulado
        group by c.id, c.fecha, c.id_tipo_cobro, c.numero
        order by 1, 2, 8`,
  );
  if (!movs.length) {
    // A customer without credit documents in the company is not found (also another company's customer).
    const existe = await filas(db, sql`select 1 from cuota_cobrar where id_empresa = ${auth.idEmpresa} and numero_documento_cliente = ${cliente} limit 1`);
    if (!existe.length) throw noEncontrado('El cliente no tiene documentos al crédito');
  }
  let saldo = new Decimal(0);
  let cargos = new Decimal(0);
  let abonos = new Decimal(0);
  const Movimientos = movs.map((m) => {
    saldo = saldo.plus(m.cargo).minus(m.abono);
    cargos = cargos.plus(m.cargo);
    abonos = abonos.plus(m.abono);
    return { Fecha: m.fecha, Concepto: m.concepto, Referencia: m.referencia, Cargo: new Decimal(m.cargo).toFixed(2), Abono: new Decimal(m.abono).toFixed(2), Saldo: saldo.toFixed(2) };
  });
  const [nombre] = movs.length ? [movs[0].razon] : await filas<{ r: string }>(db, sql`select razon_social_cliente as r from cuota_cobrar where id_empresa = ${auth.idEmpresa} and numero_documento_cliente = ${cliente} limit 1`).then((r) => r.map((x) => x.r));
  return {
    NumeroDocumentoCliente: cliente,
    RazonSocialCliente: nombre ?? '',
    IdMoneda: idMoneda,
    Movimientos,
    TotalCargos: cargos.toFixed(2),
    TotalAbonos: abonos.toFixed(2),
    Saldo: saldo.toFixed(2),
  };
}
