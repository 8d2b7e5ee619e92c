import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  CondicionPago,
  TipoDocumentoContable,
  serieNumero,
  type TCuotaPorCobrar,
  type TCuentasPorCobrar,
  type TDocumentoPorCobrar,
  type TEstadoCuenta,
  type TResumenAntiguedad,
  type TTramoAntiguedad,
  ZCuentasPorCobrarQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { noEncontrado } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { cuotaCobrar } from './finanzas.schema';

/** Today in Lima (business date). */
export const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export async function filas<T>(db: Pick<Db, 'execute'>, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Sales documents whose credit creates dues: facturas, boletas and notas de venta. */
const TIPOS_CON_CUOTAS: readonly number[] = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];

type TEmitidoMinimo = {
  creado: { Id: number; IdTipoDocumento: number; Serie: string; Correlativo: number; MontoTotal: string };
  b: { IdCondicionPago: number; IdMoneda: number; FechaEmision: string; FechaVencimiento?: string; ListaCuotas: { Monto: string; FechaVencimiento: string }[] };
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
  const abiertas = await filas<{ id: number; monto: string; cobrado: string; fecha_vencimiento: string }>(
    tx,
    sql`select id, monto::text, cobrado::text, fecha_vencimiento::text from cuota_cobrar
        where id_documento = ${e.idDocumentoAfectado} and not anulado order by id for update`,
  );
  abiertas.sort((a, b) => a.fecha_vencimiento.localeCompare(b.fecha_vencimiento) || a.id - b.id);
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

/** Days between two ISO dates (b - a). */
export const diasEntre = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Aging bucket of a due as of the cut-off date: overdue days 0 (not due) / 1-30 / 31-60 / 61-90 / more than 90. */
export function tramoDe(diasVencido: number): TTramoAntiguedad {
  if (diasVencido <= 0) return 'PorVencer';
  if (diasVencido <= 30) return 'De1a30';
  if (diasVencido <= 60) return 'De31a60';
  if (diasVencido <= 90) return 'De61a90';
  return 'Mas90';
}

/** SQL of the bucket of a due (the same rule as tramoDe, for the aggregate). */
const tramoSql = (corte: string) => sql`case
  when q.fecha_vencimiento >= ${corte}::date then 'PorVencer'
  when q.fecha_vencimiento >= ${corte}::date - 30 then 'De1a30'
  when q.fecha_vencimiento >= ${corte}::date - 60 then 'De31a60'
  when q.fecha_vencimiento >= ${corte}::date - 90 then 'De61a90'
  else 'Mas90' end`;

const patronLike = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Open dues of the company for the filter (customer, currency); a voided document's dues are closed (alDocumentoAnulado). */
function filtroAbiertas(idEmpresa: number, q: { cliente: string; idmoneda: number }): SQL {
  const partes: SQL[] = [sql`q.id_empresa = ${idEmpresa}`, sql`q.cobrado < q.monto`, sql`not q.anulado`];
  if (q.idmoneda) partes.push(sql`q.id_moneda = ${q.idmoneda}`);
  const c = q.cliente.trim();
  if (c) partes.push(/^\d{8,15}$/.test(c) ? sql`q.numero_documento_cliente = ${c}` : sql`q.razon_social_cliente ilike ${patronLike(c)}`);
  return sql.join(partes, sql` and `);
}

type TFilaCuota = {
  id: number; id_documento: number; id_tipo_documento: number; serie: string; correlativo: number; fecha_emision: string;
  numero_documento_cliente: string; razon_social_cliente: string; id_moneda: number; numero_cuota: number; fecha_vencimiento: string;
  monto: string; cobrado: string;
};

/** Receivables: documents with an open balance, their dues, days overdue and aging bucket, plus the aging summary. */
export async function listarCuentasPorCobrar(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZCuentasPorCobrarQuery>): Promise<TCuentasPorCobrar> {
  const db = ctx.dbh.db;
  const corte = q.fechacorte ?? hoyLima();
  const donde = filtroAbiertas(auth.idEmpresa, q);
  // A document's bucket is its oldest open due's.
  const tramoDoc = sql`case
    when min(q.fecha_vencimiento) >= ${corte}::date then 'PorVencer'
    when min(q.fecha_vencimiento) >= ${corte}::date - 30 then 'De1a30'
    when min(q.fecha_vencimiento) >= ${corte}::date - 60 then 'De31a60'
    when min(q.fecha_vencimiento) >= ${corte}::date - 90 then 'De61a90'
    else 'Mas90' end`;
  // One read of the open dues (materialized once) gives the page of documents, their count and the summary.
  const salida = await filas<{ k: 'p' | 's'; id_documento: number | null; total: number | null; id_moneda: number | null; tramo: TTramoAntiguedad | null; saldo: string | null; v: string | null }>(
    db,
    sql`with q as materialized (select q.id_documento, q.id_moneda, q.fecha_vencimiento, q.monto - q.cobrado as saldo from cuota_cobrar q where ${donde}),
        docs as (select q.id_documento, min(q.fecha_vencimiento) as v from q group by q.id_documento ${q.tramo ? sql`having ${tramoDoc} = ${q.tramo}` : sql``}),
        pagina as (select id_documento, count(*) over ()::int as total, v from docs order by v, id_documento limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag})
        select 'p' as k, id_documento, total, null::int as id_moneda, null::text as tramo, null::text as saldo, v::text as v from pagina
        union all
        select 's', null, null, q.id_moneda, ${tramoSql(corte)}, sum(q.saldo)::text, null from q group by q.id_moneda, 5`,
  );
  // UNION ALL keeps no order: the page is sorted again as the query paged it (oldest open due first).
  const pagina = salida
    .filter((f) => f.k === 'p')
    .sort((a, b) => (a.v! < b.v! ? -1 : a.v! > b.v! ? 1 : a.id_documento! - b.id_documento!))
    .map((f) => ({ id_documento: f.id_documento!, total: f.total! }));
  const resumen = salida.filter((f) => f.k === 's').map((f) => ({ id_moneda: f.id_moneda!, tramo: f.tramo!, saldo: f.saldo! }));
  const ids = pagina.map((p) => p.id_documento);
  const cuotas = ids.length
    ? await filas<TFilaCuota>(
        db,
        sql`select id, id_documento, id_tipo_documento, serie, correlativo, fecha_emision::text, numero_documento_cliente, razon_social_cliente, id_moneda,
                   numero_cuota, fecha_vencimiento::text, monto::text, cobrado::text
            from cuota_cobrar where id_empresa = ${auth.idEmpresa} and id_documento in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and not anulado order by id_documento, numero_cuota`,
      )
    : [];
  const porDocumento = new Map<number, TFilaCuota[]>();
  for (const c of cuotas) porDocumento.set(c.id_documento, [...(porDocumento.get(c.id_documento) ?? []), c]);
  const Data = ids.map((id) => documentoPorCobrar(porDocumento.get(id) ?? [], corte));
  return { Data, Count: pagina[0]?.total ?? 0, FechaCorte: corte, Resumen: armarResumen(resumen) };
}

function cuotaPorCobrar(c: TFilaCuota, corte: string): TCuotaPorCobrar {
  const saldo = new Decimal(c.monto).minus(c.cobrado);
  const dias = saldo.gt(0) ? Math.max(0, diasEntre(c.fecha_vencimiento, corte)) : 0;
  return {
    IdCuota: c.id,
    NumeroCuota: c.numero_cuota,
    FechaVencimiento: c.fecha_vencimiento,
    Monto: new Decimal(c.monto).toFixed(2),
    Cobrado: new Decimal(c.cobrado).toFixed(2),
    Saldo: saldo.toFixed(2),
    DiasVencido: dias,
    Tramo: tramoDe(dias),
  };
}

function documentoPorCobrar(cs: TFilaCuota[], corte: string): TDocumentoPorCobrar {
  const c0 = cs[0];
  const Cuotas = cs.map((c) => cuotaPorCobrar(c, corte));
  const abiertas = Cuotas.filter((c) => new Decimal(c.Saldo).gt(0));
  const total = cs.reduce((s, c) => s.plus(c.monto), new Decimal(0));
  const cobrado = cs.reduce((s, c) => s.plus(c.cobrado), new Decimal(0));
  const dias = abiertas.reduce((m, c) => Math.max(m, c.DiasVencido), 0);
  return {
    IdDocumento: c0.id_documento,
    IdTipoDocumento: c0.id_tipo_documento,
    SerieNumero: serieNumero(c0.serie, c0.correlativo),
    FechaEmision: c0.fecha_emision,
    NumeroDocumentoCliente: c0.numero_documento_cliente,
    RazonSocialCliente: c0.razon_social_cliente,
    IdMoneda: c0.id_moneda,
    Total: total.toFixed(2),
    Cobrado: cobrado.toFixed(2),
    Saldo: total.minus(cobrado).toFixed(2),
    ProximoVencimiento: abiertas[0]?.FechaVencimiento ?? null,
    DiasVencido: dias,
    Tramo: tramoDe(dias),
    Cuotas,
  };
}

function armarResumen(rs: { id_moneda: number; tramo: TTramoAntiguedad; saldo: string }[]): TResumenAntiguedad[] {
  const monedas = [...new Set(rs.map((r) => r.id_moneda))].sort();
  return monedas.map((m) => {
    const de = (t: TTramoAntiguedad) => rs.filter((r) => r.id_moneda === m && r.tramo === t).reduce((s, r) => s.plus(r.saldo), new Decimal(0));
    const tramos = { PorVencer: de('PorVencer'), De1a30: de('De1a30'), De31a60: de('De31a60'), De61a90: de('De61a90'), Mas90: de('Mas90') };
    const total = Object.values(tramos).reduce((s, v) => s.plus(v), new Decimal(0));
    return {
      IdMoneda: m,
      PorVencer: tramos.PorVencer.toFixed(2),
      De1a30: tramos.De1a30.toFixed(2),
      De31a60: tramos.De31a60.toFixed(2),
      De61a90: tramos.De61a90.toFixed(2),
      Mas90: tramos.Mas90.toFixed(2),
      Total: total.toFixed(2),
    };
  });
}

/** The dues of one document (also paid ones), 404 for another company's. */
export async function obtenerCuentaPorCobrar(ctx: Contexto, auth: TAuth, idDocumento: number): Promise<TDocumentoPorCobrar> {
  const cs = await filas<TFilaCuota>(
    ctx.dbh.db,
    sql`select id, id_documento, id_tipo_documento, serie, correlativo, fecha_emision::text, numero_documento_cliente, razon_social_cliente, id_moneda,
               numero_cuota, fecha_vencimiento::text, monto::text, cobrado::text
        from cuota_cobrar q where id_empresa = ${auth.idEmpresa} and id_documento = ${idDocumento}
          -- A due closed by a voided debit note leaves the document's list; a voided document still shows its dues.
          and (not anulado or not exists (select 1 from cuota_cobrar x where x.id_documento = q.id_documento and not x.anulado))
        order by numero_cuota`,
  );
  if (!cs.length) throw noEncontrado('No se encontró el documento por cobrar');
  return documentoPorCobrar(cs, hoyLima());
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
