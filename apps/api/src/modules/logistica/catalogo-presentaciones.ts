import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { COLUMNAS_PRESENTACIONES, HOJA_PRESENTACIONES, ZPresentacion, type TClaveColumnaPresentacion, type TErrorFilaCatalogo } from '@yupana/contracts';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
// eslint-disable-next-line yupana/no-cross-import -- a presentation's price is the standard price list's row (as presentaciones.service)
import { fijarPreciosEstandarVarios, idListaEstandar } from '../ventas/listaprecios.service';
import { filasDe } from './libro.repo';
import { item } from './logistica.schema';

/**
 * Branch logpres: the presentations of the items (box of 12...) in the catalogue workbook, sheet "Presentaciones", one
 * row per presentation keyed by the item's code. Why a sheet and not columns: an item has up to 20 presentations;
 * one row each keeps the columns fixed, and a shop owner adds a box by copying a row, removes one by deleting its
 * row, and sorts or filters by item as in any list. Columns per presentation (Unidad 1, Factor 1, ... Unidad 20)
 * would be a 140-column sheet.
 *
 * Rules: no sheet in the file = presentations untouched. An item named in the sheet gets exactly its rows (a row
 * with the code and nothing else = no presentations); an item not named keeps its own. An item with a bad row keeps
 * its presentations as they are (with AplicarValidas, the item's other rows are not applied either: a half list
 * would delete the bad one). The price is the standard list's price with IGV for that unit, as the item screen.
 */

const P = COLUMNAS_PRESENTACIONES;
const ORDEN = Object.keys(P) as TClaveColumnaPresentacion[];
export const TITULOS_PRESENTACIONES = ORDEN.map((k) => P[k]);
export const ANCHOS_PRESENTACIONES = [16, 40, 8, 30, 10, 16, 14];
const NUMERO = /^\d{1,12}(\.\d{1,10})?$/;
const MAX_POR_ITEM = 20;

export type TPresentacionFila = { codigoUnidad: string; descripcion: string; factor: string; codigoBarras: string | null; precio: string | null };
type TExistente = TPresentacionFila & { codigo: string; idItem: number };

const celdaNumero = (v: string | null): number | string | null => {
  if (v === null) return null;
  const d = new Decimal(v);
  return new Decimal(d.toNumber()).eq(d) && d.decimalPlaces() <= 6 ? d.toNumber() : d.toDecimalPlaces(10).toFixed();
};

/** The presentations of the items matching `donde` (a condition on `item`), by item code and factor, with their standard price. */
export async function presentacionesParaExportar(ctx: Contexto, idEmpresa: number, donde: SQL | undefined): Promise<(string | number | null)[][]> {
  const lista = await idListaEstandar(ctx.dbh.db, idEmpresa);
  const filas = filasDe<{ codigo: string; producto: string; codigo_unidad: string; descripcion: string; factor: string; codigo_barras: string | null; precio: string | null }>(
    await ctx.dbh.db.execute(sql`select item.codigo, item.descripcion as producto, p.codigo_unidad, p.descripcion, p.factor::text as factor, p.codigo_barras,
        l.precio::text as precio
      from item_presentacion p join ${item} on item.id = p.id_item
      left join lista_precio_item l on l.id_lista_precio = ${lista} and l.id_item = p.id_item and l.codigo_unidad = p.codigo_unidad
      where p.id_empresa = ${idEmpresa} and ${donde ?? sql`true`} order by lower(item.codigo), item.id, p.factor, p.codigo_unidad`),
  );
  return filas.map((f) => [f.codigo, f.producto, f.codigo_unidad, f.descripcion, celdaNumero(f.factor), f.codigo_barras, celdaNumero(f.precio)]);
}

/** Every presentation of the company with its standard price, by lower-case item code. */
async function existentesDe(ctx: Contexto, idEmpresa: number): Promise<Map<string, TExistente[]>> {
  const lista = await idListaEstandar(ctx.dbh.db, idEmpresa);
  const porItem = new Map<string, TExistente[]>();
  for (const f of filasDe<{ codigo: string; id_item: number; codigo_unidad: string; descripcion: string; factor: string; codigo_barras: string | null; precio: string | null }>(
    await ctx.dbh.db.execute(sql`select i.codigo, p.id_item, p.codigo_unidad, p.descripcion, p.factor::text as factor, p.codigo_barras, l.precio::text as precio
      from item_presentacion p join item i on i.id = p.id_item
      left join lista_precio_item l on l.id_lista_precio = ${lista} and l.id_item = p.id_item and l.codigo_unidad = p.codigo_unidad
      where p.id_empresa = ${idEmpresa}`),
  )) {
    const k = f.codigo.toLowerCase();
    if (!porItem.has(k)) porItem.set(k, []);
    porItem.get(k)!.push({ codigo: f.codigo, idItem: Number(f.id_item), codigoUnidad: f.codigo_unidad, descripcion: f.descripcion, factor: f.factor, codigoBarras: f.codigo_barras, precio: f.precio });
  }
  return porItem;
}

/** What each item will be after the import (from the catalogue, or from its valid row of "Productos"). */
export type TItemFinal = { codigo: string; unidad: string; barras: string[] };

export type TPlanPresentaciones = {
  /** Lower-case item code -> its new list, only for items whose list changes. */
  cambios: Map<string, { codigo: string; filas: TPresentacionFila[]; anteriores: TPresentacionFila[] }>;
  errores: TErrorFilaCatalogo[];
  filasConError: number;
};

const clave = (l: TPresentacionFila[]) =>
  l
    .map((p) => [p.codigoUnidad, p.descripcion, new Decimal(p.factor).toFixed(10), p.codigoBarras ?? '', p.precio === null ? '' : new Decimal(p.precio).toFixed(10)].join('\u0001'))
    .sort()
    .join('\u0002');

/**
 * Checks the "Presentaciones" sheet. `finales`: every item the company will have (lower-case code); `conError`: codes
 * whose "Productos" row is bad (their presentations are left alone, their row error is already reported).
 */
export async function leerPresentaciones(
  ctx: Contexto,
  idEmpresa: number,
  hoja: { titulos: string[]; filas: { numero: number; celdas: string[] }[] },
  finales: Map<string, TItemFinal>,
  conError: Set<string>,
  normalizar: (t: string) => string,
): Promise<TPlanPresentaciones> {
  const errores: TErrorFilaCatalogo[] = [];
  let filasConError = 0;
  const cambios: TPlanPresentaciones['cambios'] = new Map();
  const indice = new Map<TClaveColumnaPresentacion, number>();
  const porTitulo = new Map(ORDEN.map((k) => [normalizar(P[k]), k]));
  hoja.titulos.forEach((t, i) => {
    const k = porTitulo.get(normalizar(t));
    if (k && !indice.has(k)) indice.set(k, i);
  });
  const faltan = (['Codigo', 'CodigoUnidad', 'Factor'] as TClaveColumnaPresentacion[]).filter((k) => !indice.has(k));
  if (faltan.length && hoja.filas.length) {
    for (const k of faltan) errores.push({ Fila: 1, Columna: `${HOJA_PRESENTACIONES}: ${P[k]}`, Mensaje: `Falta la columna "${P[k]}" en la hoja ${HOJA_PRESENTACIONES} (use la plantilla)` });
    return { cambios, errores, filasConError: 1 };
  }
  const existentes = await existentesDe(ctx, idEmpresa);
  const celdaDe = (f: { celdas: string[] }) => (k: TClaveColumnaPresentacion) => (indice.has(k) ? (f.celdas[indice.get(k)!] ?? '').trim() : '');

  // Barcodes taken: every item's extra barcodes and GTIN (its own too), and the presentations of other items (even
  // those the sheet lists again: a barcode moves from one item to another in two imports, never half-moved).
  const duenios = new Map<string, { codigo: string; k: string | null }>();
  for (const it of finales.values()) for (const b of it.barras) duenios.set(b, { codigo: it.codigo, k: null });
  for (const [k, l] of existentes) for (const p of l) if (p.codigoBarras && !duenios.has(p.codigoBarras)) duenios.set(p.codigoBarras, { codigo: p.codigo, k });

  const nuevas = new Map<string, TPresentacionFila[]>();
  const malos = new Set<string>();
  const unidadEnFila = new Map<string, number>();
  const barrasEnFila = new Map<string, number>();
  for (const f of hoja.filas) {
    const celda = celdaDe(f);
    const propios: TErrorFilaCatalogo[] = [];
    const error = (k: TClaveColumnaPresentacion, Mensaje: string) => propios.push({ Fila: f.numero, Columna: `${HOJA_PRESENTACIONES}: ${P[k]}`, Mensaje });
    const codigo = celda('Codigo');
    const k = codigo.toLowerCase();
    const fin = () => {
      if (!propios.length) return;
      filasConError++;
      errores.push(...propios);
      if (k) malos.add(k);
    };
    if (!codigo) {
      error('Codigo', 'Indique el código del producto');
      fin();
      continue;
    }
    if (conError.has(k)) continue; // its row in "Productos" is bad and reported
    const it = finales.get(k);
    if (!it) {
      error('Codigo', `El producto "${codigo}" no existe en el catálogo ni en la hoja Productos`);
      fin();
      continue;
    }
    if (!nuevas.has(k)) nuevas.set(k, []);
    const unidad = celda('CodigoUnidad').toUpperCase();
    const descripcion = celda('Descripcion');
    let factor = celda('Factor').replace(/\s/g, '');
    if (!factor.includes('.')) factor = factor.replace(',', '.');
    const barras = celda('CodigoBarras').replace(/\s/g, '');
    let precio = celda('Precio').replace(/\s/g, '');
    if (!precio.includes('.')) precio = precio.replace(',', '.');
    // Code alone: the item has no presentations.
    if (!unidad && !descripcion && !factor && !barras && !precio) continue;
    if (it.unidad === 'ZZ') error('Codigo', `El producto ${it.codigo} es un servicio: no lleva presentaciones`);
    if (!unidad) error('CodigoUnidad', 'Indique la unidad de la presentación (catálogo 03, p. ej. BX)');
    else if (unidad === it.unidad) error('CodigoUnidad', `${unidad} es la unidad base del producto ${it.codigo}: la presentación debe tener otra unidad`);
    else {
      const previa = unidadEnFila.get(`${k}:${unidad}`);
      if (previa !== undefined) error('CodigoUnidad', `La unidad ${unidad} del producto ${it.codigo} ya figura en la fila ${previa}`);
      else unidadEnFila.set(`${k}:${unidad}`, f.numero);
    }
    const anterior = existentes.get(k)?.find((p) => p.codigoUnidad === unidad);
    if (!factor) error('Factor', 'Indique el factor: cuántas unidades base trae la presentación');
    else if (!NUMERO.test(factor)) error('Factor', `El factor "${celda('Factor')}" no es un número válido (hasta 12 enteros y 10 decimales)`);
    // More than one base unit; a factor already saved (the item screen allows fractions) is kept as it is.
    else if (new Decimal(factor).lte(1) && !(anterior && new Decimal(anterior.factor).eq(factor)))
      error('Factor', `El factor debe ser mayor que 1 (unidades base que trae la presentación); se leyó ${factor}`);
    if (precio && /^-\d/.test(precio)) error('Precio', `El precio no puede ser negativo (${precio})`);
    else if (precio && !NUMERO.test(precio)) error('Precio', `El precio "${celda('Precio')}" no es un número válido (hasta 12 enteros y 10 decimales)`);
    if (barras) {
      const duenio = duenios.get(barras);
      const previa = barrasEnFila.get(barras);
      if (duenio !== undefined && duenio.k !== k) error('CodigoBarras', `El código de barras ${barras} ya está asignado al producto ${duenio.codigo}`);
      else if (previa !== undefined) error('CodigoBarras', `El código de barras ${barras} ya figura en la fila ${previa}`);
      else barrasEnFila.set(barras, f.numero);
    }
    if (nuevas.get(k)!.length >= MAX_POR_ITEM) error('CodigoUnidad', `El producto ${it.codigo} tiene más de ${MAX_POR_ITEM} presentaciones`);
    if (!propios.length) {
      const r = ZPresentacion.safeParse({ CodigoUnidad: unidad, Descripcion: descripcion, Factor: factor, ...(barras ? { CodigoBarras: barras } : {}), ...(precio ? { Precio: precio } : {}) });
      if (!r.success)
        for (const i of r.error.issues) {
          const col = String(i.path[0] ?? 'CodigoUnidad') as TClaveColumnaPresentacion;
          error(P[col] ? col : 'CodigoUnidad', i.message);
        }
      else nuevas.get(k)!.push({ codigoUnidad: r.data.CodigoUnidad, descripcion: r.data.Descripcion, factor: r.data.Factor, codigoBarras: r.data.CodigoBarras ?? null, precio: r.data.Precio ?? null });
    }
    fin();
  }
  for (const [k, filas] of nuevas) {
    if (malos.has(k)) continue;
    const anteriores = existentes.get(k) ?? [];
    if (clave(filas) !== clave(anteriores)) cambios.set(k, { codigo: finales.get(k)!.codigo, filas, anteriores });
  }
  return { cambios, errores, filasConError };
}

/** Writes the changed lists inside the import's transaction: one delete, one insert and the prices, set-based. */
export async function escribirPresentaciones(tx: Parameters<typeof fijarPreciosEstandarVarios>[0], auth: TAuth, plan: TPlanPresentaciones, idDe: (codigoMinusculas: string) => number | undefined): Promise<void> {
  const items = [...plan.cambios].map(([k, c]) => ({ id: idDe(k), ...c })).filter((c): c is typeof c & { id: number } => c.id !== undefined);
  const LOTE = 5000;
  // All deletes first: a barcode may move from one listed item to another.
  for (let i = 0; i < items.length; i += LOTE)
    await tx.execute(sql`delete from item_presentacion where id_empresa = ${auth.idEmpresa} and id_item = any(${sql.param(items.slice(i, i + LOTE).map((c) => c.id))}::int[])`);
  for (let i = 0; i < items.length; i += LOTE) {
    const lote = items.slice(i, i + LOTE);
    const filas = lote.flatMap((c) => c.filas.map((p) => ({ id: c.id, ...p })));
    if (filas.length)
      await tx.execute(sql`insert into item_presentacion (id_empresa, id_item, codigo_unidad, descripcion, factor, codigo_barras, log_usuario_crea)
        select ${auth.idEmpresa}::int, id, u, d, f, b, ${auth.idUsuario}::int
        from unnest(${sql.param(filas.map((f) => f.id))}::int[], ${sql.param(filas.map((f) => f.codigoUnidad))}::varchar[], ${sql.param(filas.map((f) => f.descripcion))}::varchar[],
          ${sql.param(filas.map((f) => new Decimal(f.factor).toFixed(10)))}::numeric[], ${sql.param(filas.map((f) => f.codigoBarras))}::varchar[]) as v(id, u, d, f, b)`);
    // Prices: the new units with theirs (none: removed), and the units no longer presentations lose the standard price.
    await fijarPreciosEstandarVarios(
      tx,
      auth,
      lote.flatMap((c) => [
        ...c.filas.map((p) => ({ idItem: c.id, codigoUnidad: p.codigoUnidad, factor: new Decimal(p.factor).toFixed(10), precio: p.precio === null ? null : new Decimal(p.precio).toFixed(10) })),
        ...c.anteriores.filter((a) => !c.filas.some((p) => p.codigoUnidad === a.codigoUnidad)).map((a) => ({ idItem: c.id, codigoUnidad: a.codigoUnidad, factor: '1', precio: null })),
      ]),
    );
  }
}
