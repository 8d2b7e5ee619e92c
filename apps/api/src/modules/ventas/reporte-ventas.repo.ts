import { sql, type SQL } from 'drizzle-orm';
import { MediosPagoCaja, NombreCondicionPago, NombreTipoDocumento, type TReporteFila, type TReporteVentas, type TTipoDocumentoContable } from '@yupana/contracts';
import type { Db } from '../../db/client';

export type FiltroReporte = { idEmpresa: number; sucursales: number[]; desde: string; hasta: string; idUsuario: number; idMoneda: number; periodo: 'dia' | 'mes' };

// 1003 factura, 1004 boleta, 1008 nota de venta; 1005 credit note, 1006 debit note. A document rejected (5), erroneous
// (7), voided (10) or flagged anulado is not a sale: it is listed apart. A note of such a document changes nothing.
const VENTAS = sql.raw('(1003, 1004, 1008)');
const TODOS = sql.raw('(1003, 1004, 1005, 1006, 1008)');
const EXCLUIDOS = sql.raw('(5, 7, 10)');

type Filas<T> = { rows: T[] };
const filas = async <T>(db: Db, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as Filas<T>).rows;

/**
 * Read-only: the sales report of a date range. Every figure is summed as SQL numeric (exact) and answered as text.
 * One CTE selects the range's documents once (index documento_contable_empresa_fecha_ix) and each table groups it.
 */
export async function reporteVentas(db: Db, f: FiltroReporte): Promise<TReporteVentas> {
  const vacio: TReporteVentas = { Resumen: [], PorPeriodo: [], PorSucursal: [], PorVendedor: [], PorItem: [], PorMedioPago: [], NotasCredito: [], Anulados: [] };
  if (!f.sucursales.length) return vacio;
  const base = sql`base as (
    select d.id, d.id_tipo_documento as t, d.id_moneda as m, d.fecha_emision as f, d.id_sucursal as s, d.log_usuario_crea as u,
           d.id_condicion_pago as cp, d.monto_total as mt, d.serie, d.correlativo, d.receptor_razon_social as cliente,
           d.motivo_anulacion, d.id_estado_sunat as e,
           (d.anulado or d.id_estado_sunat in ${EXCLUIDOS}) as excluido,
           -- A nota de venta exchanged for a standing factura or boleta is counted once, as that document.
           (d.id_tipo_documento = 1008 and exists (select 1 from documento_contable c where c.id_documento_afectado = d.id and c.id_tipo_documento in (1003, 1004)
                                                     and not c.anulado and c.id_estado_sunat not in ${EXCLUIDOS})) as canjeada,
           -- Only notes look up their sale (a correlated lookup per note, not a join of every row of the range).
           (case when d.id_tipo_documento in (1005, 1006)
                 then not exists (select 1 from documento_contable a where a.id = d.id_documento_afectado and not a.anulado and a.id_estado_sunat not in ${EXCLUIDOS})
                 else false end) as sin_efecto,
           d.id_documento_afectado
      from documento_contable d
     where d.id_empresa = ${f.idEmpresa}
       and d.id_sucursal in (${sql.join(
         f.sucursales.map((s) => sql`${s}`),
         sql`, `,
       )})
       and d.fecha_emision between ${f.desde} and ${f.hasta}
       and d.id_tipo_documento in ${TODOS}
       ${f.idUsuario ? sql`and d.log_usuario_crea = ${f.idUsuario}` : sql``}
       ${f.idMoneda ? sql`and d.id_moneda = ${f.idMoneda}` : sql``}
  ), validos as (select * from base where not excluido and not sin_efecto and not canjeada)`;
  const neto = sql`(case when t = 1005 then -mt else mt end)`;
  const periodo = f.periodo === 'mes' ? sql`to_char(f, 'YYYY-MM')` : sql`to_char(f, 'YYYY-MM-DD')`;
  type Grupo = { clave: string; nombre: string; m: number; cantidad: string; monto: string };
  const aFila = (g: Grupo): TReporteFila => ({ Clave: String(g.clave), Nombre: g.nombre ?? String(g.clave), IdMoneda: Number(g.m), Cantidad: String(g.cantidad), MontoTotal: g.monto });

  const [resumen, porPeriodo, porSucursal, porVendedor, porItem, porMedio, notas, anulados] = await Promise.all([
    filas<{ m: number; ventas: string; nv: number; nc: string; nnc: number; nd: string; nnd: number; neto: string; an: string; nan: number }>(
      db,
      sql`with ${base} select m,
        coalesce(sum(mt) filter (where t in ${VENTAS} and not excluido and not canjeada), 0)::numeric(14,2)::text as ventas,
        (count(*) filter (where t in ${VENTAS} and not excluido and not canjeada))::int as nv,
        coalesce(sum(mt) filter (where t = 1005 and not excluido and not sin_efecto), 0)::numeric(14,2)::text as nc,
        (count(*) filter (where t = 1005 and not excluido and not sin_efecto))::int as nnc,
        coalesce(sum(mt) filter (where t = 1006 and not excluido and not sin_efecto), 0)::numeric(14,2)::text as nd,
        (count(*) filter (where t = 1006 and not excluido and not sin_efecto))::int as nnd,
        coalesce(sum(${neto}) filter (where not excluido and not sin_efecto and not canjeada), 0)::numeric(14,2)::text as neto,
        coalesce(sum(mt) filter (where excluido), 0)::numeric(14,2)::text as an,
        (count(*) filter (where excluido))::int as nan
      from base group by m order by m`,
    ),
    filas<Grupo>(db, sql`with ${base} select ${periodo} as clave, ${periodo} as nombre, m, count(*)::text as cantidad, sum(${neto})::numeric(14,2)::text as monto from validos group by 1, m order by 1, m`),
    filas<Grupo>(
      db,
      sql`with ${base} select v.s::text as clave, coalesce(max(su.razon_social), v.s::text) as nombre, v.m, count(*)::text as cantidad, sum(${neto})::numeric(14,2)::text as monto
          from validos v left join sucursal su on su.id = v.s group by v.s, v.m order by sum(${neto}) desc, v.s`,
    ),
    filas<Grupo>(
      db,
      sql`with ${base} select coalesce(v.u, 0)::text as clave, coalesce(max(us.usuario), 'Sin usuario') as nombre, v.m, count(*)::text as cantidad, sum(${neto})::numeric(14,2)::text as monto
          from validos v left join usuario us on us.id = v.u group by v.u, v.m order by sum(${neto}) desc, v.u`,
    ),
    filas<Grupo>(
      db,
      sql`with ${base} select coalesce(i.id_item::text, 'c:' || coalesce(i.codigo_item, i.item_descripcion)) as clave,
            max(coalesce(i.codigo_item || ' · ', '') || i.item_descripcion) as nombre, v.m,
            trim(trailing '.' from trim(trailing '0' from sum(i.cantidad)::text)) as cantidad, sum(i.total)::numeric(14,2)::text as monto
          from validos v join documento_contable_item i on i.id_documento = v.id
         where v.t in ${VENTAS}
         group by 1, v.m order by sum(i.total) desc, 1 limit 500`,
    ),
    filas<Grupo>(
      db,
      sql`with ${base}, ventas as (select v.id, v.m, v.mt, v.cp from validos v where v.t in ${VENTAS}),
          caja as (select vc.id, ve.m, vc.total from ventas ve join venta_caja vc on vc.id_documento = ve.id),
          -- Non-cash payments as paid; cash = the sale's total - its non-cash payments (the change was given in cash).
          pagos as (select c.id, c.m, c.total, p.id_medio_pago as mp, p.monto from caja c left join pago_venta_caja p on p.id_venta = c.id and p.id_medio_pago <> 1),
          efectivo as (select id, m, max(total) - coalesce(sum(monto), 0) as monto from pagos group by id, m),
          x as (
            select 'm' || mp as clave, m, monto from pagos where mp is not null
            union all
            select 'm1', m, monto from efectivo
            union all
            select 'c' || ve.cp, ve.m, ve.mt from ventas ve where not exists (select 1 from venta_caja vc where vc.id_documento = ve.id)
          )
          select clave, clave as nombre, m, count(*)::text as cantidad, sum(monto)::numeric(14,2)::text as monto from x where monto <> 0 group by clave, m order by clave, m`,
    ),
    filas<{ id: number; t: number; serie: string; correlativo: number; f: string; afectado: string | null; cliente: string; m: number; mt: string }>(
      db,
      sql`with ${base} select v.id, v.t, v.serie, v.correlativo, to_char(v.f, 'YYYY-MM-DD') as f, a.serie || '-' || a.correlativo as afectado, v.cliente, v.m, v.mt::text as mt from validos v left join documento_contable a on a.id = v.id_documento_afectado where v.t = 1005 order by v.f, v.id limit 500`,
    ),
    filas<{ id: number; t: number; serie: string; correlativo: number; f: string; cliente: string; m: number; mt: string; motivo: string | null; e: number }>(
      db,
      sql`with ${base} select id, t, serie, correlativo, to_char(f, 'YYYY-MM-DD') as f, cliente, m, mt::text as mt, motivo_anulacion as motivo, e from base where excluido order by f, id limit 500`,
    ),
  ]);
  const nombreMedio = (clave: string) =>
    clave.startsWith('m') ? `${MediosPagoCaja[Number(clave.slice(1))] ?? clave} (caja)` : `${NombreCondicionPago[Number(clave.slice(1))] ?? clave} (fuera de caja)`;
  const doc = (t: number, serie: string, n: number) => `${NombreTipoDocumento[t as TTipoDocumentoContable] ?? t} ${serie}-${n}`;
  return {
    Resumen: resumen.map((r) => ({
      IdMoneda: Number(r.m),
      Ventas: r.ventas,
      CantidadVentas: r.nv,
      NotasCredito: r.nc,
      CantidadNotasCredito: r.nnc,
      NotasDebito: r.nd,
      CantidadNotasDebito: r.nnd,
      Neto: r.neto,
      Anulados: r.an,
      CantidadAnulados: r.nan,
    })),
    PorPeriodo: porPeriodo.map(aFila),
    PorSucursal: porSucursal.map(aFila),
    PorVendedor: porVendedor.map(aFila),
    PorItem: porItem.map(aFila),
    PorMedioPago: porMedio.map((g) => ({ ...aFila(g), Nombre: nombreMedio(g.clave) })),
    NotasCredito: notas.map((n) => ({ IdDocumento: n.id, Documento: doc(n.t, n.serie, n.correlativo), FechaEmision: n.f, Afectado: n.afectado, Cliente: n.cliente, IdMoneda: Number(n.m), MontoTotal: n.mt })),
    Anulados: anulados.map((a) => ({
      IdDocumento: a.id,
      Documento: doc(a.t, a.serie, a.correlativo),
      FechaEmision: a.f,
      Cliente: a.cliente,
      IdMoneda: Number(a.m),
      MontoTotal: a.mt,
      Motivo: a.motivo ?? (a.e === 5 ? 'Rechazado por SUNAT' : a.e === 7 ? 'Con error' : 'Anulado'),
    })),
  };
}
