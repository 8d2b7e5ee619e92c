import { eq, sql } from 'drizzle-orm';
import { buscarUbigeo } from '@yupana/sunat';
import type { TContribuyentePadron } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { padronRuc } from './entidades.schema';

type FilaPadron = typeof padronRuc.$inferSelect;

/**
 * The padrón splits the address over ten columns; SUNAT's own printouts join them in this order
 * ("AV. JAVIER PRADO NRO. 123 INT. 4 URB. CORPAC"), followed by the district of the ubigeo.
 */
export function direccionDePadron(f: Pick<FilaPadron, 'ubigeo' | 'tipoVia' | 'nombreVia' | 'codigoZona' | 'tipoZona' | 'numero' | 'interior' | 'lote' | 'departamento' | 'manzana' | 'kilometro'>): string {
  const partes = [
    [f.tipoVia, f.nombreVia].filter(Boolean).join(' '),
    f.numero && `NRO. ${f.numero}`,
    f.interior && `INT. ${f.interior}`,
    f.departamento && `DPTO. ${f.departamento}`,
    f.manzana && `MZA. ${f.manzana}`,
    f.lote && `LOTE ${f.lote}`,
    f.kilometro && `KM. ${f.kilometro}`,
    [f.codigoZona, f.tipoZona].filter(Boolean).join(' '),
  ].filter(Boolean);
  const ubigeo = f.ubigeo ? buscarUbigeo(f.ubigeo) : undefined;
  const lugar = ubigeo ? `${ubigeo.departamento} - ${ubigeo.provincia} - ${ubigeo.distrito}` : '';
  return [partes.join(' '), lugar].filter(Boolean).join(', ');
}

export async function contribuyentePorRuc(db: Db, ruc: string): Promise<TContribuyentePadron | null> {
  const [f] = await db.select().from(padronRuc).where(eq(padronRuc.ruc, ruc));
  if (!f) return null;
  return {
    Ruc: f.ruc,
    RazonSocial: f.razonSocial,
    EstadoContribuyente: f.estado,
    CondicionDomicilio: f.condicion,
    IdUbigeo: f.ubigeo && buscarUbigeo(f.ubigeo) ? f.ubigeo : null,
    Direccion: direccionDePadron(f),
  };
}

/**
 * Taxpayers loaded. Counting 10 million rows takes seconds (PGlite has no autovacuum to keep statistics either),
 * too slow for a status polled every second: past a million rows the planner's estimate is used, which the
 * import refreshes with ANALYZE every million lines and at the end.
 */
export async function totalContribuyentes(db: Db): Promise<number> {
  const LIMITE = 1_000_000;
  const filas = (r: unknown) => (r as { rows: { n: number | string }[] }).rows;
  const estimado = Number(filas(await db.execute(sql`select reltuples::bigint as n from pg_class where relname = 'padron_ruc'`))[0]?.n ?? -1);
  if (estimado > LIMITE) return estimado;
  const exacto = Number(filas(await db.execute(sql`select count(*)::int as n from (select 1 from padron_ruc limit ${LIMITE + 1}) t`))[0].n);
  return exacto > LIMITE ? Math.max(exacto, estimado) : exacto;
}
