import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { fechaPle, nombrePle, textoPle } from '../../lib/ple';
import { filasDe } from './libro.repo';

/**
 * PLE 12.1 (registro del inventario permanente en unidades físicas, 19 fields) and 13.1 (registro del inventario
 * permanente valorizado, 27 fields) of a month, from the ledger (the balances are read, never recomputed). Layouts:
 * SUNAT's PLE libros 120100 / 130100 (pipe-separated, closing pipe, CRLF). Per warehouse and item, the first tuple is
 * the opening balance (saldo inicial, Tabla 12 code 16), then the month's lines in date order. Exits are negative,
 * as the layout asks (fields 18 of 12.1 and 21/23 of 13.1).
 */

type FilaPle = {
  id: number | null;
  id_movimiento: number | null;
  id_almacen: number;
  id_item: number;
  fecha: string;
  tipo_operacion: string;
  cantidad: string;
  costo_unitario: string;
  costo_total: string;
  saldo_cantidad: string;
  saldo_costo_promedio: string;
  saldo_valor: string;
  numero: number | null;
  codigo: string;
  descripcion: string;
  codigo_unidad: string;
  tipo_existencia: string;
  codigo_anexo: string | null;
  estandar: string | null;
  codigo_producto: string | null;
  doc_tipo: string | null;
  doc_serie: string | null;
  doc_numero: string | null;
  doc_fecha: string | null;
};

/** Up to 8 decimals (quantities and unit costs of 13.1), at least 2. */
const q8 = (v: Decimal) => {
  const d = v.toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
};
const d2 = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Tabla 13 catalogue and code of fields 8-9: UNSPSC is 1 (Naciones Unidas), GTIN is 3 (GS1). */
function codigoInternacional(f: FilaPle): [string, string] {
  if (!f.codigo_producto || !f.estandar) return ['', ''];
  if (f.estandar === 'UNSPSC') return ['1', f.codigo_producto];
  if (f.estandar.startsWith('GTIN')) return ['3', f.codigo_producto];
  return ['', ''];
}

async function lineasDelPeriodo(ctx: Contexto, auth: TAuth, periodo: string, idAlmacen?: number): Promise<FilaPle[]> {
  const desde = `${periodo}-01`;
  const hasta = sql`(${desde}::date + interval '1 month')::date`;
  const almacenFiltro = idAlmacen ? sql`and d.id_almacen = ${idAlmacen}` : sql``;
  // Field 4: the annex code of the warehouse's branch (a warehouse without a branch: the domicilio fiscal, '0000').
  const campos = sql`d.id_almacen, d.id_item, i.codigo, i.descripcion, i.codigo_unidad, i.tipo_existencia, i.estandar_codigo_producto as estandar, i.codigo_producto,
    (select s.codigo_anexo from almacen al join sucursal s on s.id = al.id_sucursal where al.id = d.id_almacen) as codigo_anexo,
    d.saldo_cantidad::text as saldo_cantidad, d.saldo_costo_promedio::text as saldo_costo_promedio, d.saldo_valor::text as saldo_valor`;
  const r = await ctx.dbh.db.execute(sql`
    with apertura as (
      select distinct on (d.id_almacen, d.id_item) null::int as id, null::int as id_movimiento, ${desde}::text as fecha, '16' as tipo_operacion,
             d.saldo_cantidad::text as cantidad, d.saldo_costo_promedio::text as costo_unitario, d.saldo_valor::text as costo_total, null::int as numero,
             null::text as doc_tipo, null::text as doc_serie, null::text as doc_numero, null::text as doc_fecha, ${campos}, 0 as orden, d.fecha as f, d.id as i
        from movimiento_inventario_detalle d join item i on i.id = d.id_item
       where d.id_empresa = ${auth.idEmpresa} and d.fecha < ${desde}::date ${almacenFiltro}
       order by d.id_almacen, d.id_item, d.fecha desc, d.id desc
    ), mes as (
      select d.id, d.id_movimiento, d.fecha::text as fecha, d.tipo_operacion, d.cantidad::text as cantidad, d.costo_unitario::text as costo_unitario,
             d.costo_total::text as costo_total, m.numero,
             coalesce(dc.codigo_tipo, co.tipo_documento) as doc_tipo, coalesce(dc.serie, co.serie) as doc_serie,
             coalesce(dc.correlativo, co.numero)::text as doc_numero, coalesce(dc.fecha_emision, co.fecha_emision)::text as doc_fecha,
             ${campos}, 1 as orden, d.fecha as f, d.id as i
        from movimiento_inventario_detalle d
        join movimiento_inventario m on m.id = d.id_movimiento
        join item i on i.id = d.id_item
        left join documento_contable dc on dc.id = m.id_documento_contable and dc.id_empresa = m.id_empresa
        left join lateral (select c.tipo_documento, c.serie, c.numero, c.fecha_emision from compra_detalle cd join compra c on c.id = cd.id_compra
                            where cd.id_movimiento = m.id and c.id_empresa = m.id_empresa limit 1) co on true
       where d.id_empresa = ${auth.idEmpresa} and d.fecha >= ${desde}::date and d.fecha < ${hasta} ${almacenFiltro}
    )
    select * from (
      select * from apertura a where a.saldo_cantidad::numeric <> 0 or exists (select 1 from mes where mes.id_almacen = a.id_almacen and mes.id_item = a.id_item)
      union all select * from mes
    ) t order by id_almacen, codigo, id_item, orden, f, i`);
  return filasDe<FilaPle>(r);
}

function comunes(f: FilaPle, per: string): string[] {
  const apertura = f.id === null;
  const [cat, cod] = codigoInternacional(f);
  return [
    per,
    apertura ? `${per}SI${f.id_almacen}-${f.id_item}` : String(f.id_movimiento),
    apertura ? 'A1' : `M${f.id}`,
    f.codigo_anexo ?? '0000',
    '9',
    f.tipo_existencia,
    textoPle(f.codigo, 24),
    cat,
    cod,
    fechaPle((f.doc_fecha ?? f.fecha).slice(0, 10)),
    f.doc_tipo ?? '00',
    f.doc_serie ?? '0',
    f.doc_numero ?? (f.numero ? String(f.numero) : '0'),
    f.tipo_operacion,
    textoPle(f.descripcion, 80),
    f.codigo_unidad,
  ];
}

export async function pleInventario(ctx: Contexto, auth: TAuth, periodo: string, libro: '120100' | '130100', idAlmacen?: number): Promise<{ nombre: string; contenido: string }> {
  const filas = await lineasDelPeriodo(ctx, auth, periodo, idAlmacen);
  const per = `${periodo.replace('-', '')}00`;
  const cero = '0.00';
  const lineas = filas.map((f) => {
    const q = new Decimal(f.cantidad);
    const entra = !q.isNegative();
    const base = comunes(f, per);
    if (libro === '120100') return [...base, entra ? d2(q) : cero, entra ? cero : d2(q), '1'].join('|') + '|';
    const cu = new Decimal(f.costo_unitario);
    const total = new Decimal(f.costo_total);
    return [
      ...base,
      '1',
      entra ? q8(q) : cero,
      entra ? q8(cu) : cero,
      entra ? d2(total) : cero,
      entra ? cero : q8(q),
      entra ? cero : q8(cu),
      entra ? cero : d2(total),
      q8(new Decimal(f.saldo_cantidad)),
      q8(new Decimal(f.saldo_costo_promedio)),
      d2(new Decimal(f.saldo_valor)),
      '1',
    ].join('|') + '|';
  });
  return { nombre: nombrePle(auth, periodo, libro, lineas.length > 0), contenido: lineas.map((l) => `${l}\r\n`).join('') };
}
