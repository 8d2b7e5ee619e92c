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
  b: { IdCondicionPago: number; IdMoneda: number; FechaEmision: string; FechaVencimiento?: string; ListaCuotas: { Monto: string; FechaVencimiento: string }[]; Detraccion?: unknown };
  idEmpresa: number;
  idUsuario: number;
  /** A factura or boleta that canjea a nota de venta: the nota's id. */
  idDocumentoAfectado?: number | null;
};

/**
 * alEmitirDocumento hook (registered in app.ts): a credit sale writes its dues in the issue's own transaction, one per
 * cuota (or one for the whole total when it carries none), so receivables never read the documents' JSON.
 */
export async function registrarCuotasDeDocumento(tx: Pick<Db, 'execute' | 'insert'>, e: TEmitidoMinimo): Promise<void> {
  if (e.b.IdCondicionPago === CondicionPago.CONTADO || !TIPOS_CON_CUOTAS.includes(e.creado.IdTipoDocumento)) return;
  // Canje: the receivable stays with the nota de venta when it has one (collections go on against it), like its stock.
  if (e.idDocumentoAfectado && e.creado.IdTipoDocumento !== TipoDocumentoContable.NOTA_VENTA) {
    const [abierta] = await filas(tx, sql`select 1 from cuota_cobrar where id_documento = ${e.idDocumentoAfectado} and not anulado limit 1`);
    if (abierta) return;
  }
  const cuotas = e.b.ListaCuotas.length
    ? e.b.ListaCuotas.map((c) => ({ monto: new Decimal(c.Monto).toFixed(2), fecha: c.FechaVencimiento }))
    : [{ monto: new Decimal(e.creado.MontoTotal).toFixed(2), fecha: e.b.FechaVencimiento ?? e.b.FechaEmision }];
  const validas: { monto: string; fecha: string; detraccion?: boolean }[] = cuotas.filter((c) => new Decimal(c.monto).gt(0));
  if (!validas.length) return;
  // A factura subject to detracción: its cuotas add up to the net pending (total - detracción, SUNAT 3265), and the
  // customer owes the rest as a deposit into our Banco de la Nación account. That part is a due of its own (flagged),
  // due with the first payment (RS 183-2004 art. 7: the buyer deposits by the payment date), so the receivable is the
  // document's total (12's balance) until the deposit is recorded (deducciones.service).
  const detraccion = e.b.Detraccion && e.b.ListaCuotas.length ? new Decimal(e.creado.MontoTotal).minus(validas.reduce((s, c) => s.plus(c.monto), new Decimal(0))) : null;
  if (detraccion?.gt(0)) validas.push({ monto: detraccion.toFixed(2), fecha: validas.map((c) => c.fecha).sort()[0], detraccion: true });
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
      detraccion: c.detraccion ?? false,
      logUsuarioCrea: e.idUsuario,
    })),
  );
}

// Catálogo 09 motives that change no amount: 03 corrects a description, 13 rewrites the payment terms (its amount
// is the new pending one, not a reduction; rewriting the schedule from it is not done yet).
const NOTAS_CREDITO_SIN_MONTO = ['03', '13'];

type TNotaEmitida = {
  creado: { Id: number; IdTipoDocumento: number; MontoTotal: string };
  b: { IdMoneda: number; FechaEmision: string; FechaVencimiento?: string; ListaReferencias: { CodigoMotivo: string }[] };
  idEmpresa: number;
  idUsuario: number;
  idDocumentoAfectado: number | null;
};

/**
 * alEmitirDocumento hook (app.ts), in the note's transaction. A credit note (07) lowers the open dues of the document
 * it modifies by its total, oldest due first (like a collection: the seed lists "Nota Crédito" among the means that
 * settle a debt), never below what was already collected; what nothing was owed for (a paid or cash sale) is a credit
 * in favour of the customer (tipo F). A debit note (08) adds a due to the document, due on the note's FechaVencimiento
 * or its issue date. Each effect is written to nota_cuota, so voiding the note undoes exactly it.
 */
export async function aplicarNotaACuotas(tx: Pick<Db, 'execute'>, e: TNotaEmitida): Promise<void> {
  const tipo = e.creado.IdTipoDocumento;
  if ((tipo !== TipoDocumentoContable.NOTA_CREDITO && tipo !== TipoDocumentoContable.NOTA_DEBITO) || !e.idDocumentoAfectado) return;
  const total = new Decimal(e.creado.MontoTotal);
  if (total.lte(0)) return;
  if (tipo === TipoDocumentoContable.NOTA_CREDITO && NOTAS_CREDITO_SIN_MONTO.includes(e.b.ListaReferencias[0]?.CodigoMotivo ?? '')) return;
  const [doc] = await filas<{ id_tipo_documento: number; serie: string; correlativo: number; fecha_emision: string; id_entidad_receptor: number | null; receptor_numero_documento: string; receptor_razon_social: string; id_moneda: number }>(
    tx,
    sql`select id_tipo_documento, serie, correlativo, fecha_emision::text, id_entidad_receptor, receptor_numero_documento, receptor_razon_social, id_moneda
        from documento_contable where id = ${e.idDocumentoAfectado} and id_empresa = ${e.idEmpresa}`,
  );
  if (!doc) return;
  const nota = (idCuota: number | null, t: 'C' | 'D' | 'F', monto: Decimal) =>
    tx.execute(sql`insert into nota_cuota (id_empresa, id_nota, id_documento, id_cuota, tipo, monto, id_moneda, numero_documento_cliente, log_usuario_crea)
      values (${e.idEmpresa}, ${e.creado.Id}, ${e.idDocumentoAfectado}, ${idCuota}, ${t}, ${monto.toFixed(2)}, ${doc.id_moneda}, ${doc.receptor_numero_documento}, ${e.idUsuario})`);

  if (tipo === TipoDocumentoContable.NOTA_DEBITO) {
    // The document's dues are locked first, so two notes of one document take numbers one after the other.
    const previas = await filas<{ numero_cuota: number }>(tx, sql`select numero_cuota from cuota_cobrar where id_documento = ${e.idDocumentoAfectado} order by id for update`);
    const numero = previas.reduce((m, q) => Math.max(m, Number(q.numero_cuota)), 0) + 1;
    const [q] = await filas<{ id: number }>(
      tx,
      sql`insert into cuota_cobrar (id_empresa, id_documento, id_tipo_documento, serie, correlativo, fecha_emision, id_entidad, numero_documento_cliente,
            razon_social_cliente, id_moneda, numero_cuota, fecha_vencimiento, monto, log_usuario_crea)
          values (${e.idEmpresa}, ${e.idDocumentoAfectado}, ${doc.id_tipo_documento}, ${doc.serie}, ${doc.correlativo}, ${doc.fecha_emision}, ${doc.id_entidad_receptor},
            ${doc.receptor_numero_documento}, ${doc.receptor_razon_social}, ${doc.id_moneda}, ${numero}, ${e.b.FechaVencimiento ?? e.b.FechaEmision}, ${total.toFixed(2)}, ${e.idUsuario})
          returning id`,
    );
    await nota(Number(q.id), 'D', total);
    return;
  }

  // Credit note: the open dues under the same row locks (id order) a collection takes, oldest due first.
  const abiertas = await filas<{ id: number; monto: string; cobrado: string; fecha_vencimiento: string; detraccion: boolean }>(
    tx,
    sql`select id, monto::text, cobrado::text, fecha_vencimiento::text, detraccion from cuota_cobrar
        where id_documento = ${e.idDocumentoAfectado} and not anulado order by id for update`,
  );
  // The detracción's due (the customer's deposit into our BN account) is lowered last: a note lowers the ordinary dues first.
  abiertas.sort((a, b) => Number(a.detraccion) - Number(b.detraccion) || a.fecha_vencimiento.localeCompare(b.fecha_vencimiento) || a.id - b.id);
  let resto = total;
  for (const q of abiertas) {
    if (resto.lte(0)) break;
    const pendiente = new Decimal(q.monto).minus(q.cobrado);
    if (pendiente.lte(0)) continue;
    const baja = Decimal.min(pendiente, resto);
    await tx.execute(sql`update cuota_cobrar set monto = monto - ${baja.toFixed(2)}::numeric, log_usuario_modif = ${e.idUsuario}, log_fecha_modif = now() where id = ${q.id}`);
    await nota(Number(q.id), 'C', baja);
    resto = resto.minus(baja);
  }
  if (resto.gt(0)) await nota(null, 'F', resto);
}

/**
 * alDocumentoAnulado hook (app.ts): a voided (confirmed) or SUNAT-rejected document owes nothing; its dues stay,
 * marked, for the history. A voided or rejected note gives back what it did: the amounts it lowered return to their
 * dues, the due it added is closed, its credit in favour disappears. Idempotent (only open rows change).
 */
export async function cerrarCuotasDeDocumentoAnulado(tx: Pick<Db, 'execute'>, d: { idDocumento: number }): Promise<void> {
  await tx.execute(sql`update cuota_cobrar set anulado = true, log_fecha_modif = now() where id_documento = ${d.idDocumento} and not anulado`);
  const efectos = await filas<{ id: number; id_cuota: number | null; tipo: 'C' | 'D' | 'F'; monto: string }>(
    tx,
    sql`update nota_cuota set revertido = true, log_fecha_modif = now() where id_nota = ${d.idDocumento} and not revertido returning id, id_cuota, tipo, monto::text`,
  );
  for (const f of efectos.sort((a, b) => (a.id_cuota ?? 0) - (b.id_cuota ?? 0))) {
    if (f.tipo === 'C') await tx.execute(sql`update cuota_cobrar set monto = monto + ${f.monto}::numeric, log_fecha_modif = now() where id = ${f.id_cuota}`);
    else if (f.tipo === 'D') await tx.execute(sql`update cuota_cobrar set anulado = true, log_fecha_modif = now() where id = ${f.id_cuota} and not anulado`);
  }
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
 * applied to it a credit (abono) on the collection's date, and so each detracción deposit and retención suffered; running balance in date order. Voided documents and
 * voided collections are left out.
 */
export async function estadoDeCuenta(ctx: Contexto, auth: TAuth, cliente: string, idMoneda: number): Promise<TEstadoCuenta> {
  const db = ctx.dbh.db;
  const movs = await filas<{ fecha: string; orden: number; concepto: string; referencia: string; cargo: string; abono: string; razon: string }>(
    db,
    sql`select q.fecha_emision::text as fecha, 0 as orden, case when q.id_documento < 0 then 'Letra de cambio' else 'Venta al crédito' end as concepto, q.serie || '-' || q.correlativo as referencia,
               sum(q.monto)::text as cargo, '0' as abono, max(q.razon_social_cliente) as razon, min(q.id_documento) as clave
        from cuota_cobrar q
        where q.id_empresa = ${auth.idEmpresa} and q.numero_documento_cliente = ${cliente} and q.id_moneda = ${idMoneda}
          and not q.anulado
        group by q.id_documento, q.fecha_emision, q.serie, q.correlativo
        union all
        select c.fecha::text, 1, case c.id_tipo_cobro when 1 then 'Cobro en efectivo' when 2 then 'Cobro bancarizado' when 4 then 'Canje por letras' else 'Aplicación de saldo a favor' end, 'RC-' || c.numero,
               '0', sum(det.monto)::text, max(c.razon_social_cliente), c.id
        from cobro c join cobro_detalle det on det.id_cobro = c.id join cuota_cobrar q on q.id = det.id_cuota
        where c.id_empresa = ${auth.idEmpresa} and c.numero_documento_cliente = ${cliente} and q.id_moneda = ${idMoneda} and not c.anulado
        group by c.id, c.fecha, c.id_tipo_cobro, c.numero
        union all
        select h.fecha::text, 1, case h.tipo when 'D' then 'Detracción (constancia de depósito)' else 'Retención sufrida' end, h.numero,
               '0', sum(x.monto)::text, max(q.razon_social_cliente), h.id
        from deduccion_documento h join deduccion_cuota x on x.id_deduccion = h.id join cuota_cobrar q on q.id = x.id_cuota
        where h.id_empresa = ${auth.idEmpresa} and h.lado = 'C' and q.numero_documento_cliente = ${cliente} and q.id_moneda = ${idMoneda} and not h.anulado
        group by h.id, h.fecha, h.tipo, h.numero
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
  // The credit notes' parts nothing was owed for, less what was applied to other dues (applications not voided).
  const [favor] = await filas<{ s: string }>(
    db,
    sql`select greatest((select coalesce(sum(monto), 0) from nota_cuota
         where id_empresa = ${auth.idEmpresa} and numero_documento_cliente = ${cliente} and id_moneda = ${idMoneda} and tipo = 'F' and not revertido)
       - (select coalesce(sum(monto), 0) from cobro
         where id_empresa = ${auth.idEmpresa} and numero_documento_cliente = ${cliente} and id_moneda = ${idMoneda} and id_tipo_cobro = 3 and not anulado), 0)::numeric(14,2)::text as s`,
  );
  const [nombre] = movs.length ? [movs[0].razon] : await filas<{ r: string }>(db, sql`select razon_social_cliente as r from cuota_cobrar where id_empresa = ${auth.idEmpresa} and numero_documento_cliente = ${cliente} limit 1`).then((r) => r.map((x) => x.r));
  return {
    NumeroDocumentoCliente: cliente,
    RazonSocialCliente: nombre ?? '',
    IdMoneda: idMoneda,
    Movimientos,
    TotalCargos: cargos.toFixed(2),
    TotalAbonos: abonos.toFixed(2),
    Saldo: saldo.toFixed(2),
    SaldoAFavor: new Decimal(favor.s).toFixed(2),
  };
}
