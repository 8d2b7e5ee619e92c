import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { EstadoSunat, NombreCondicionPago, NombreTipoDocumento, TipoDocumentoContable, type TTipoDocumentoContable, type TVentas, type TVentaTotal } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { documentoContable as d } from '../contabilidad/contabilidad.schema';

/** Sale documents: facturas, boletas and notas de venta (credit/debit notes and guías are not sales). */
export const TIPOS_VENTA = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];
/** A voided, rejected or erroneous document is not a sale. */
const ESTADOS_EXCLUIDOS = [EstadoSunat.RECHAZADO, EstadoSunat.ERRONEO, EstadoSunat.ANULADO];

export type FiltroVentas = { idEmpresa: number; sucursales: number[]; desde: string; hasta: string; pagina: number; regxpag: number };

/** Read-only: the company's sales in a date range and a set of branches, with totals (summed as SQL numeric). */
export async function ventas(db: Db, f: FiltroVentas): Promise<TVentas> {
  if (!f.sucursales.length) return { Data: [], Count: 0, PorDia: [], PorCondicion: [], Total: [] };
  const donde: SQL = and(
    eq(d.idEmpresa, f.idEmpresa),
    inArray(d.idSucursal, f.sucursales),
    inArray(d.idTipoDocumento, TIPOS_VENTA),
    gte(d.fechaEmision, f.desde),
    lte(d.fechaEmision, f.hasta),
    eq(d.anulado, false),
    notInArray(d.idEstadoSunat, ESTADOS_EXCLUIDOS),
  )!;
  const cantidad = sql<number>`count(*)::int`;
  const suma = sql<string>`coalesce(sum(${d.montoTotal}), 0)::numeric(14,2)::text`;
  const [filas, porDia, porCondicion, total] = await Promise.all([
    db
      .select({
        id: d.id, idTipoDocumento: d.idTipoDocumento, serie: d.serie, correlativo: d.correlativo, fechaEmision: d.fechaEmision, idSucursal: d.idSucursal,
        cliente: d.receptorRazonSocial, idCondicionPago: d.idCondicionPago, idMoneda: d.idMoneda, montoTotal: d.montoTotal,
      })
      .from(d)
      .where(donde)
      .orderBy(desc(d.fechaEmision), desc(d.id))
      .limit(f.regxpag)
      .offset((f.pagina - 1) * f.regxpag),
    db.select({ clave: d.fechaEmision, idMoneda: d.idMoneda, cantidad, suma }).from(d).where(donde).groupBy(d.fechaEmision, d.idMoneda).orderBy(asc(d.fechaEmision), asc(d.idMoneda)),
    db.select({ clave: d.idCondicionPago, idMoneda: d.idMoneda, cantidad, suma }).from(d).where(donde).groupBy(d.idCondicionPago, d.idMoneda).orderBy(asc(d.idCondicionPago), asc(d.idMoneda)),
    db.select({ idMoneda: d.idMoneda, cantidad, suma }).from(d).where(donde).groupBy(d.idMoneda).orderBy(asc(d.idMoneda)),
  ]);
  const count = total.reduce((n, t) => n + t.cantidad, 0);
  const aTotal = (clave: string, nombre: string, t: { idMoneda: number; cantidad: number; suma: string }): TVentaTotal => ({
    Clave: clave, Nombre: nombre, IdMoneda: t.idMoneda, Cantidad: t.cantidad, MontoTotal: t.suma,
  });
  return {
    Count: count,
    Data: filas.map((x) => ({
      IdDocumento: x.id,
      IdTipoDocumento: x.idTipoDocumento,
      TipoDocumento: NombreTipoDocumento[x.idTipoDocumento as TTipoDocumentoContable] ?? String(x.idTipoDocumento),
      Serie: x.serie,
      Correlativo: x.correlativo,
      FechaEmision: x.fechaEmision,
      IdSucursal: x.idSucursal,
      Cliente: x.cliente,
      IdCondicionPago: x.idCondicionPago,
      CondicionPago: NombreCondicionPago[x.idCondicionPago] ?? String(x.idCondicionPago),
      IdMoneda: x.idMoneda,
      MontoTotal: x.montoTotal,
    })),
    PorDia: porDia.map((t) => aTotal(t.clave, t.clave, t)),
    PorCondicion: porCondicion.map((t) => aTotal(String(t.clave), NombreCondicionPago[t.clave] ?? String(t.clave), t)),
    Total: total.map((t) => aTotal('total', 'Total', t)),
  };
}
