import { and, count, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { NombreEstadoSunat, NombreTipoDocumento, serieNumero, type TComprobanteFila, type TTipoDocumentoContable } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { documentoContable as d } from '../contabilidad.schema';

export type TFiltroListado = {
  fechaInicio?: string;
  fechaFin?: string;
  idTipoDocumento?: number;
  serie?: string;
  correlativo?: number;
  cliente?: string;
  idEstadoSunat?: number;
  idSucursal?: number;
  idEntidad?: number;
};

// Matches the index documento_contable_empresa_fecha_ix (drizzle writes DESC NULLS LAST): a plain DESC would sort
// NULLS FIRST and PostgreSQL would then sort the whole company instead of reading the index in order.
const masRecientes = [sql`${d.fechaEmision} desc nulls last`, sql`${d.id} desc nulls last`];

/** Only the columns a list shows: never the XML, the CDR or the engine input. */
export const columnasListado = {
  id: d.id,
  idTipoDocumento: d.idTipoDocumento,
  serie: d.serie,
  correlativo: d.correlativo,
  fechaEmision: d.fechaEmision,
  receptorNumeroDocumento: d.receptorNumeroDocumento,
  receptorRazonSocial: d.receptorRazonSocial,
  idMoneda: d.idMoneda,
  montoTotal: d.montoTotal,
  idEstadoSunat: d.idEstadoSunat,
  codigoSunat: d.codigoSunat,
  anulado: d.anulado,
};
type TFilaListado = {
  id: number; idTipoDocumento: number; serie: string; correlativo: number; fechaEmision: string; receptorNumeroDocumento: string;
  receptorRazonSocial: string; idMoneda: number; montoTotal: string; idEstadoSunat: number; codigoSunat: string | null; anulado: boolean;
};

export function condicionesListado(idEmpresa: number, f: TFiltroListado): SQL {
  const c: SQL[] = [eq(d.idEmpresa, idEmpresa)];
  if (f.fechaInicio) c.push(gte(d.fechaEmision, f.fechaInicio));
  if (f.fechaFin) c.push(lte(d.fechaEmision, f.fechaFin));
  if (f.idTipoDocumento) c.push(eq(d.idTipoDocumento, f.idTipoDocumento));
  if (f.serie) c.push(eq(d.serie, f.serie));
  if (f.correlativo) c.push(eq(d.correlativo, f.correlativo));
  if (f.idEstadoSunat) c.push(eq(d.idEstadoSunat, f.idEstadoSunat));
  if (f.idSucursal) c.push(eq(d.idSucursal, f.idSucursal));
  if (f.idEntidad) c.push(eq(d.idEntidadReceptor, f.idEntidad));
  if (f.cliente) {
    // A document number matches exactly (indexed); otherwise a part of the name, case-insensitive. strpos over
    // upper() is ILIKE '%x%' without its per-row case folding pattern matcher: about 3 times cheaper per row scanned
    // (measured: 94 -> 34 ms over one month of the 1,000,000-document benchmark), and it needs no escaping of % and _.
    if (/^\d{8,11}$/.test(f.cliente)) c.push(eq(d.receptorNumeroDocumento, f.cliente));
    else c.push(or(eq(d.receptorNumeroDocumento, f.cliente), sql`strpos(upper(${d.receptorRazonSocial}), upper(${f.cliente})) > 0`) as SQL);
  }
  return and(...c) as SQL;
}

export function aFilaContrato(f: TFilaListado): TComprobanteFila {
  return {
    Id: f.id,
    IdTipoDocumento: f.idTipoDocumento,
    TipoDocumento: NombreTipoDocumento[f.idTipoDocumento as TTipoDocumentoContable] ?? String(f.idTipoDocumento),
    Serie: f.serie,
    CorrelativoDocumento: f.correlativo,
    SerieNumero: serieNumero(f.serie, f.correlativo),
    FechaEmision: f.fechaEmision,
    NumeroDocumentoCliente: f.receptorNumeroDocumento,
    RazonSocialCliente: f.receptorRazonSocial,
    IdMoneda: f.idMoneda,
    MontoTotal: new Decimal(f.montoTotal).toFixed(2),
    IdestadoSunat: f.idEstadoSunat,
    EstadoSunat: NombreEstadoSunat[f.idEstadoSunat] ?? String(f.idEstadoSunat),
    CodigoSunat: f.codigoSunat,
    Anulado: f.anulado,
  };
}

/**
 * Exact counts up to this many rows; above it the count is PostgreSQL's planner estimate (CountAproximado): counting
 * a million rows exactly on every page turn would cost most of a second, and nobody pages through 20,000 rows.
 */
export const LIMITE_CONTEO_EXACTO = 20_000;

async function contar(db: Db, donde: SQL): Promise<{ n: number; aproximado: boolean }> {
  const tope = db.select({ u: sql`1` }).from(d).where(donde).limit(LIMITE_CONTEO_EXACTO + 1).as('tope');
  const [{ n }] = await db.select({ n: count() }).from(tope);
  if (Number(n) <= LIMITE_CONTEO_EXACTO) return { n: Number(n), aproximado: false };
  const plan = (await db.execute(sql`explain (format json) ${db.select({ u: sql`1` }).from(d).where(donde)}`)) as unknown as { rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] };
  const estimado = Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  return { n: Math.max(LIMITE_CONTEO_EXACTO + 1, Math.round(estimado)), aproximado: true };
}

export async function listarDocumentos(db: Db, idEmpresa: number, f: TFiltroListado, pagina: number, regxpag: number) {
  const donde = condicionesListado(idEmpresa, f);
  const [filas, total] = await Promise.all([
    db.select(columnasListado).from(d).where(donde).orderBy(...masRecientes).limit(regxpag).offset((pagina - 1) * regxpag),
    contar(db, donde),
  ]);
  return { Data: filas.map(aFilaContrato), Count: total.n, ...(total.aproximado ? { CountAproximado: true } : {}) };
}

/** The whole filtered list in pages of `lote` rows (keyset on fecha, id), for the export: memory stays flat. */
export async function* recorrerDocumentos(db: Db, idEmpresa: number, f: TFiltroListado, lote = 2000): AsyncGenerator<TComprobanteFila[]> {
  let ultimo: { fecha: string; id: number } | null = null;
  for (;;) {
    const donde: SQL = ultimo
      ? (and(condicionesListado(idEmpresa, f), sql`(${d.fechaEmision}, ${d.id}) < (${ultimo.fecha}::date, ${ultimo.id})`) as SQL)
      : condicionesListado(idEmpresa, f);
    const filas = await db.select(columnasListado).from(d).where(donde).orderBy(...masRecientes).limit(lote);
    if (filas.length === 0) return;
    yield filas.map(aFilaContrato);
    if (filas.length < lote) return;
    const u = filas[filas.length - 1];
    ultimo = { fecha: u.fechaEmision, id: u.id };
  }
}
