import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { serieNumero, type TResumenAntiguedad, type TTramoAntiguedad } from '@yupana/contracts';
import type { Db } from '../../db/client';

/**
 * Dues and aging shared by receivables (cuota_cobrar: customers, cobrado) and payables (cuota_pagar: suppliers,
 * pagado). Both tables have the same shape; a side names its table and the columns that differ, and the same queries
 * give the open documents, their dues, days overdue, buckets and the summary per currency.
 */
export type TLadoCuotas = { tabla: SQL; aplicado: SQL; tercero: SQL; razon: SQL; tipo: SQL; detraccion?: SQL };
// Identifiers only (constants of this file): never user input.
export const LADO_COBRAR: TLadoCuotas = {
  tabla: sql.raw('cuota_cobrar'),
  aplicado: sql.raw('cobrado'),
  tercero: sql.raw('numero_documento_cliente'),
  razon: sql.raw('razon_social_cliente'),
  tipo: sql.raw('id_tipo_documento::text'),
  // The detracción due of a factura (decisions.md "detracciones"): never exchanged for a letra.
  detraccion: sql.raw('detraccion'),
};
export const LADO_PAGAR: TLadoCuotas = {
  tabla: sql.raw('cuota_pagar'),
  aplicado: sql.raw('pagado'),
  tercero: sql.raw('numero_documento_proveedor'),
  razon: sql.raw('razon_social_proveedor'),
  tipo: sql.raw('tipo_documento'),
  // A purchase's detracción due (registered with its SPOT data): settled by the deposit, not by a payment.
  detraccion: sql.raw('detraccion'),
};

export async function filas<T>(db: Pick<Db, 'execute'>, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Today in Lima (business date). */
export const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

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

/** SQL of the bucket of a date column (the same rule as tramoDe, for the aggregates). */
const tramoSql = (col: SQL, corte: string) => sql`case
  when ${col} >= ${corte}::date then 'PorVencer'
  when ${col} >= ${corte}::date - 30 then 'De1a30'
  when ${col} >= ${corte}::date - 60 then 'De31a60'
  when ${col} >= ${corte}::date - 90 then 'De61a90'
  else 'Mas90' end`;

export const patronLike = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type TFiltroCuotas = { tercero: string; idmoneda: number; tramo: '' | TTramoAntiguedad; fechacorte?: string; pagina: number; regxpag: number };

/** Open dues of the company for the filter (RUC/DNI exact or part of the name, currency); voided documents' dues are closed. */
export function filtroAbiertas(L: TLadoCuotas, idEmpresa: number, q: { tercero: string; idmoneda: number }): SQL {
  const partes: SQL[] = [sql`q.id_empresa = ${idEmpresa}`, sql`q.${L.aplicado} < q.monto`, sql`not q.anulado`];
  if (q.idmoneda) partes.push(sql`q.id_moneda = ${q.idmoneda}`);
  const c = q.tercero.trim();
  if (c) partes.push(/^\d{8,15}$/.test(c) ? sql`q.${L.tercero} = ${c}` : sql`q.${L.razon} ilike ${patronLike(c)}`);
  return sql.join(partes, sql` and `);
}

type TFilaCuota = {
  id: number; id_documento: number; tipo: string; serie: string; correlativo: number; fecha_emision: string;
  tercero: string; razon: string; id_moneda: number; numero_cuota: number; fecha_vencimiento: string; monto: string; aplicado: string; detraccion: boolean;
};
const columnas = (L: TLadoCuotas) => sql`id, id_documento, ${L.tipo} as tipo, serie, correlativo, fecha_emision::text, ${L.tercero} as tercero, ${L.razon} as razon,
  id_moneda, numero_cuota, fecha_vencimiento::text, monto::text, ${L.aplicado}::text as aplicado, ${L.detraccion ?? sql`false`} as detraccion`;

export type TCuotaGenerica = { IdCuota: number; NumeroCuota: number; FechaVencimiento: string; Monto: string; Aplicado: string; Saldo: string; DiasVencido: number; Tramo: TTramoAntiguedad; Detraccion: boolean };
export type TDocumentoGenerico = {
  IdDocumento: number; Tipo: string; SerieNumero: string; FechaEmision: string; Tercero: string; Razon: string; IdMoneda: number;
  Total: string; Aplicado: string; Saldo: string; ProximoVencimiento: string | null; DiasVencido: number; Tramo: TTramoAntiguedad; Cuotas: TCuotaGenerica[];
};

function cuotaGenerica(c: TFilaCuota, corte: string): TCuotaGenerica {
  const saldo = new Decimal(c.monto).minus(c.aplicado);
  const dias = saldo.gt(0) ? Math.max(0, diasEntre(c.fecha_vencimiento, corte)) : 0;
  return {
    IdCuota: c.id,
    NumeroCuota: c.numero_cuota,
    FechaVencimiento: c.fecha_vencimiento,
    Monto: new Decimal(c.monto).toFixed(2),
    Aplicado: new Decimal(c.aplicado).toFixed(2),
    Saldo: saldo.toFixed(2),
    DiasVencido: dias,
    Tramo: tramoDe(dias),
    Detraccion: !!c.detraccion,
  };
}

function documentoGenerico(cs: TFilaCuota[], corte: string): TDocumentoGenerico {
  const c0 = cs[0];
  const Cuotas = cs.map((c) => cuotaGenerica(c, corte));
  const abiertas = Cuotas.filter((c) => new Decimal(c.Saldo).gt(0));
  const total = cs.reduce((s, c) => s.plus(c.monto), new Decimal(0));
  const aplicado = cs.reduce((s, c) => s.plus(c.aplicado), new Decimal(0));
  const dias = abiertas.reduce((m, c) => Math.max(m, c.DiasVencido), 0);
  return {
    IdDocumento: c0.id_documento,
    Tipo: c0.tipo,
    SerieNumero: serieNumero(c0.serie, c0.correlativo),
    FechaEmision: c0.fecha_emision,
    Tercero: c0.tercero,
    Razon: c0.razon,
    IdMoneda: c0.id_moneda,
    Total: total.toFixed(2),
    Aplicado: aplicado.toFixed(2),
    Saldo: total.minus(aplicado).toFixed(2),
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

/** Documents with an open balance, their dues, days overdue and aging bucket, plus the aging summary per currency. */
export async function listarAbiertas(db: Pick<Db, 'execute'>, L: TLadoCuotas, idEmpresa: number, q: TFiltroCuotas) {
  const corte = q.fechacorte ?? hoyLima();
  const donde = filtroAbiertas(L, idEmpresa, q);
  // A document's bucket is its oldest open due's.
  const tramoDoc = tramoSql(sql`min(q.fecha_vencimiento)`, corte);
  // One read of the open dues (materialized once) gives the page of documents, their count and the summary.
  const salida = await filas<{ k: 'p' | 's'; id_documento: number | null; total: number | null; id_moneda: number | null; tramo: TTramoAntiguedad | null; saldo: string | null; v: string | null }>(
    db,
    sql`with q as materialized (select q.id_documento, q.id_moneda, q.fecha_vencimiento, q.monto - q.${L.aplicado} as saldo from ${L.tabla} q where ${donde}),
        docs as (select q.id_documento, min(q.fecha_vencimiento) as v from q group by q.id_documento ${q.tramo ? sql`having ${tramoDoc} = ${q.tramo}` : sql``}),
        pagina as (select id_documento, count(*) over ()::int as total, v from docs order by v, id_documento limit ${q.regxpag} offset ${(q.pagina - 1) * q.regxpag})
        select 'p' as k, id_documento, total, null::int as id_moneda, null::text as tramo, null::text as saldo, v::text as v from pagina
        union all
        select 's', null, null, q.id_moneda, ${tramoSql(sql`q.fecha_vencimiento`, corte)}, sum(q.saldo)::text, null from q group by q.id_moneda, 5`,
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
        sql`select ${columnas(L)} from ${L.tabla} where id_empresa = ${idEmpresa} and id_documento in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and not anulado order by id_documento, numero_cuota`,
      )
    : [];
  const porDocumento = new Map<number, TFilaCuota[]>();
  for (const c of cuotas) porDocumento.set(c.id_documento, [...(porDocumento.get(c.id_documento) ?? []), c]);
  const Data = ids.map((id) => documentoGenerico(porDocumento.get(id) ?? [], corte));
  return { Data, Count: pagina[0]?.total ?? 0, FechaCorte: corte, Resumen: armarResumen(resumen) };
}

/** The dues of one document (also paid ones); null when the company has none for it. */
export async function cuotasDeDocumento(db: Pick<Db, 'execute'>, L: TLadoCuotas, idEmpresa: number, idDocumento: number): Promise<TDocumentoGenerico | null> {
  const cs = await filas<TFilaCuota>(
    db,
    sql`select ${columnas(L)} from ${L.tabla} q where id_empresa = ${idEmpresa} and id_documento = ${idDocumento}
          -- A due closed by a voided debit note leaves the document's list; a voided document still shows its dues.
          and (not anulado or not exists (select 1 from ${L.tabla} x where x.id_documento = q.id_documento and not x.anulado))
        order by numero_cuota`,
  );
  return cs.length ? documentoGenerico(cs, hoyLima()) : null;
}
