import { and, asc, desc, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EstadoSunat, NombreCondicionPago, NombreTipoDocumento, TipoDocumentoContable, type TTipoDocumentoContable, type TVentas, type TVentaTotal } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { documentoContable as d } from '../contabilidad/contabilidad.schema';

/** Sale documents: facturas, boletas and notas de venta (guías are not sales). */
export const TIPOS_VENTA = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];
/** Notes that change a sale: a credit note subtracts its total, a debit note adds it. */
export const TIPOS_NOTA = [TipoDocumentoContable.NOTA_CREDITO, TipoDocumentoContable.NOTA_DEBITO];
/** A voided, rejected or erroneous document is not a sale. */
const ESTADOS_EXCLUIDOS = [EstadoSunat.RECHAZADO, EstadoSunat.ERRONEO, EstadoSunat.ANULADO];
/** The sale a note modifies (its payment condition is the note's in the report). */
const a = alias(d, 'afectado');

/**
 * A nota de venta exchanged for a factura or boleta (canje: the document's IdDocumentoOrigen) is one sale, counted
 * once as the tax document while that one stands; voided or rejected, the nota counts again.
 */
export const sinCanjeVigente = sql`not (${d.idTipoDocumento} = ${TipoDocumentoContable.NOTA_VENTA} and exists (
  select 1 from documento_contable c where c.id_documento_afectado = ${d.id} and c.id_tipo_documento in (${TipoDocumentoContable.FACTURA}, ${TipoDocumentoContable.BOLETA})
     and not c.anulado and c.id_estado_sunat not in (${sql.join(ESTADOS_EXCLUIDOS.map((e) => sql`${e}`), sql`, `)})))`;

export type FiltroVentas = { idEmpresa: number; sucursales: number[]; desde: string; hasta: string; pagina: number; regxpag: number };

/**
 * Read-only: the company's sales in a date range and a set of branches, net of credit notes and plus debit notes, with
 * totals per currency (summed as SQL numeric). Rows carry their sign: a credit note's MontoTotal is negative.
 */
export async function ventas(db: Db, f: FiltroVentas): Promise<TVentas> {
  if (!f.sucursales.length) return { Data: [], Count: 0, PorDia: [], PorCondicion: [], Total: [] };
  const donde: SQL = and(
    eq(d.idEmpresa, f.idEmpresa),
    inArray(d.idSucursal, f.sucursales),
    // Sales, and the notes whose modified sale still counts (a note of a voided sale changes nothing).
    or(inArray(d.idTipoDocumento, TIPOS_VENTA), and(inArray(d.idTipoDocumento, TIPOS_NOTA), eq(a.anulado, false), notInArray(a.idEstadoSunat, ESTADOS_EXCLUIDOS))),
    gte(d.fechaEmision, f.desde),
    lte(d.fechaEmision, f.hasta),
    eq(d.anulado, false),
    notInArray(d.idEstadoSunat, ESTADOS_EXCLUIDOS),
    sinCanjeVigente,
  )!;
  const cantidad = sql<number>`count(*)::int`;
  // Signed in SQL numeric: a credit note counts negative; a debit note, like a sale, positive.
  const monto = sql`(case when ${d.idTipoDocumento} = ${TipoDocumentoContable.NOTA_CREDITO} then -${d.montoTotal} else ${d.montoTotal} end)`;
  const suma = sql<string>`coalesce(sum(${monto}), 0)::numeric(14,2)::text`;
  // A note is reported under the payment condition of the sale it modifies; a canje factura under its own. The type
  // codes are literals, not parameters, so PostgreSQL matches the grouped expression with the selected one.
  const notas = sql.raw(`(${TipoDocumentoContable.NOTA_CREDITO}, ${TipoDocumentoContable.NOTA_DEBITO})`);
  const condicion = sql<number>`(case when ${d.idTipoDocumento} in ${notas} then coalesce(${a.idCondicionPago}, ${d.idCondicionPago}) else ${d.idCondicionPago} end)`.mapWith(Number);
  const [filas, porDia, porCondicion, total] = await Promise.all([
    db
      .select({
        id: d.id, idTipoDocumento: d.idTipoDocumento, serie: d.serie, correlativo: d.correlativo, fechaEmision: d.fechaEmision, idSucursal: d.idSucursal,
        cliente: d.receptorRazonSocial, idCondicionPago: condicion, idMoneda: d.idMoneda, montoTotal: sql<string>`${monto}::numeric(14,2)::text`,
        afectado: sql<string | null>`${a.serie} || '-' || ${a.correlativo}`,
      })
      .from(d)
      .leftJoin(a, eq(a.id, d.idDocumentoAfectado))
      .where(donde)
      .orderBy(desc(d.fechaEmision), desc(d.id))
      .limit(f.regxpag)
      .offset((f.pagina - 1) * f.regxpag),
    db.select({ clave: d.fechaEmision, idMoneda: d.idMoneda, cantidad, suma }).from(d).leftJoin(a, eq(a.id, d.idDocumentoAfectado)).where(donde).groupBy(d.fechaEmision, d.idMoneda).orderBy(asc(d.fechaEmision), asc(d.idMoneda)),
    db.select({ clave: condicion, idMoneda: d.idMoneda, cantidad, suma }).from(d).leftJoin(a, eq(a.id, d.idDocumentoAfectado)).where(donde).groupBy(condicion, d.idMoneda).orderBy(asc(condicion), asc(d.idMoneda)),
    db.select({ idMoneda: d.idMoneda, cantidad, suma }).from(d).leftJoin(a, eq(a.id, d.idDocumentoAfectado)).where(donde).groupBy(d.idMoneda).orderBy(asc(d.idMoneda)),
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
      Afectado: x.afectado,
    })),
    PorDia: porDia.map((t) => aTotal(t.clave, t.clave, t)),
    PorCondicion: porCondicion.map((t) => aTotal(String(t.clave), NombreCondicionPago[t.clave] ?? String(t.clave), t)),
    Total: total.map((t) => aTotal('total', 'Total', t)),
  };
}
