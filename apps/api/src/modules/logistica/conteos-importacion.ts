import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import {
  COLUMNAS_IMPORTACION_CONTEO,
  ErrorCodes,
  HOJA_IMPORTACION_CONTEO,
  LIMITES_IMPORTACION_CONTEO,
  type TErrorFilaConteo,
  type TTomaImportada,
  ZTomaImportar,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
// eslint-disable-next-line yupana/no-cross-import -- the same .xlsx checks and cell reading as the mass-issuing upload
import { leerHojaXlsx } from '../contabilidad/masivos/lectura';
import { bloquearToma } from './conteos.service';
import { filasDe } from './libro.repo';

/**
 * Counted quantities from Excel into an open count (branch tabla5). The sheet "Conteo" (or the first sheet) is read
 * by header text: Código (internal code, GTIN of the item or barcode of a presentation, whose factor multiplies the
 * quantity), Cantidad contada, Lote (optional, only for lot-tracked items; rows of several lots of one item add up,
 * as the count is per item). Every row is checked; with any bad row nothing is written unless AplicarValidas, and then
 * the valid rows are written together (an item with a bad row is left out whole). One transaction, the count locked.
 */

export class ErroresImportacionConteo extends AppError {
  constructor(readonly filas: TErrorFilaConteo[]) {
    super(ErrorCodes.VALIDACION, 'El archivo tiene errores: corríjalos y vuelva a subirlo. No se registró ningún conteo', 400);
  }
}

const archivoInvalido = () => errorDeCampo('Archivo', 'El archivo no es un Excel (.xlsx) válido');
const normalizar = (t: string) => t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** Streaming read (rows kept as text only) of the "Conteo" sheet, or of the first sheet when there is none. */
const leerHoja = (contenido: Buffer) =>
  leerHojaXlsx(contenido, {
    hoja: HOJA_IMPORTACION_CONTEO,
    usarPrimera: true,
    maxFilas: LIMITES_IMPORTACION_CONTEO.MAX_FILAS,
    invalido: archivoInvalido,
    demasiadas: () => errorDeCampo('Archivo', `El archivo supera las ${LIMITES_IMPORTACION_CONTEO.MAX_FILAS} filas: divídalo en varios archivos`),
    esperaMs: 60_000,
  });

const NUMERO = /^\d{1,12}(\.\d{1,10})?$/;

type TProducto = { idItem: number; factor: Decimal; controlLote: boolean; descripcion: string };

export async function importarConteo(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZTomaImportar>): Promise<TTomaImportada> {
  // Another company's count is a 404 before the file is read.
  const [existe] = filasDe<{ id: number }>(await ctx.dbh.db.execute(sql`select id from toma_inventario where id = ${id} and id_empresa = ${auth.idEmpresa}`));
  if (!existe) throw noEncontrado('No se encontró la toma de inventario');
  const contenido = Buffer.from(b.Archivo, 'base64');
  if (contenido.length > LIMITES_IMPORTACION_CONTEO.MAX_BYTES) throw errorDeCampo('Archivo', `El archivo supera los ${LIMITES_IMPORTACION_CONTEO.MAX_BYTES / (1024 * 1024)} MB`);
  const hoja = await leerHoja(contenido);

  const col = { Codigo: -1, Cantidad: -1, Lote: -1 };
  hoja.titulos.forEach((t, i) => {
    for (const [clave, titulo] of Object.entries(COLUMNAS_IMPORTACION_CONTEO) as [keyof typeof col, string][])
      if (col[clave] === -1 && normalizar(t) === normalizar(titulo)) col[clave] = i;
  });
  const faltan = (['Codigo', 'Cantidad'] as const).filter((c) => col[c] === -1);
  if (faltan.length)
    throw new ErroresImportacionConteo(faltan.map((c) => ({ Fila: 1, Columna: COLUMNAS_IMPORTACION_CONTEO[c], Mensaje: `Falta la columna "${COLUMNAS_IMPORTACION_CONTEO[c]}" (use la plantilla)` })));
  const celda = (f: { celdas: string[] }, c: number) => (c === -1 ? '' : (f.celdas[c] ?? '').trim());
  const filas = hoja.filas.map((f) => ({ numero: f.numero, codigo: celda(f, col.Codigo), cantidad: celda(f, col.Cantidad).replace(/\s/g, ''), lote: celda(f, col.Lote) }));
  if (filas.length === 0) throw errorDeCampo('Archivo', 'El archivo no tiene filas con conteos');

  return ctx.dbh.db.transaction(async (tx) => {
    const t = await bloquearToma(tx, auth, id, ['A', 'R']);
    if (t.estado !== 'A') throw new AppError(ErrorCodes.VALIDACION, `La toma de inventario N° ${t.numero} ya no está en conteo: solo se importa a una toma abierta`, 400);

    // Codes: the internal code (any case), the item's GTIN, or a presentation's barcode (quantity x factor).
    const codigos = [...new Set(filas.map((f) => f.codigo).filter(Boolean))];
    const productos = new Map<string, TProducto>();
    if (codigos.length) {
      const lista = sql.join(codigos.map((c) => sql`${c}`), sql`, `);
      const listaMin = sql.join(codigos.map((c) => sql`${c.toLowerCase()}`), sql`, `);
      const encontrados = filasDe<{ clave: string; prioridad: number; id_item: number; factor: string; control_lote: boolean; descripcion: string }>(
        await tx.execute(sql`
          select lower(i.codigo) as clave, 1 as prioridad, i.id as id_item, '1' as factor, i.control_lote, i.descripcion from item i
           where i.id_empresa = ${auth.idEmpresa} and lower(i.codigo) in (${listaMin})
          union all
          select i.codigo_producto, 2, i.id, '1', i.control_lote, i.descripcion from item i
           where i.id_empresa = ${auth.idEmpresa} and i.estandar_codigo_producto like 'GTIN%' and i.codigo_producto in (${lista})
          union all
          select p.codigo_barras, 3, i.id, p.factor::text, i.control_lote, i.descripcion from item_presentacion p join item i on i.id = p.id_item
           where p.id_empresa = ${auth.idEmpresa} and p.codigo_barras in (${lista})
          order by 2`),
      );
      for (const e of encontrados)
        if (!productos.has(e.clave)) productos.set(e.clave, { idItem: Number(e.id_item), factor: new Decimal(e.factor), controlLote: e.control_lote, descripcion: e.descripcion });
    }
    const buscar = (c: string) => productos.get(c.toLowerCase()) ?? productos.get(c);
    const enToma = new Set(filasDe<{ id_item: number }>(await tx.execute(sql`select id_item from toma_inventario_detalle where id_toma = ${id}`)).map((f) => Number(f.id_item)));
    const lotes = new Set(
      filasDe<{ clave: string }>(
        await tx.execute(sql`select l.id_item || '|' || lower(l.codigo) as clave from lote l where l.id_empresa = ${auth.idEmpresa} and l.id_almacen = ${t.idAlmacen}`),
      ).map((f) => f.clave),
    );

    const errores: TErrorFilaConteo[] = [];
    const error = (Fila: number, Columna: string, Mensaje: string) => errores.push({ Fila, Columna, Mensaje });
    const vistos = new Map<string, number>();
    const sumas = new Map<number, Decimal>();
    const conError = new Set<number>();
    const C = COLUMNAS_IMPORTACION_CONTEO;
    for (const f of filas) {
      if (!f.codigo) {
        error(f.numero, C.Codigo, 'Indique el código interno o el código de barras');
        continue;
      }
      const p = buscar(f.codigo);
      if (!p) {
        error(f.numero, C.Codigo, `No existe un producto con el código o código de barras "${f.codigo}"`);
        continue;
      }
      let mal = false;
      const texto = f.cantidad.replace(',', '.');
      if (!f.cantidad) {
        error(f.numero, C.Cantidad, 'Indique la cantidad contada');
        mal = true;
      } else if (/^-\s*\d/.test(texto) || (!Number.isNaN(Number(texto)) && Number(texto) < 0)) {
        error(f.numero, C.Cantidad, `La cantidad contada no puede ser negativa (${f.cantidad})`);
        mal = true;
      } else if (!NUMERO.test(texto)) {
        error(f.numero, C.Cantidad, `La cantidad contada "${f.cantidad}" no es un número válido (hasta 12 enteros y 10 decimales)`);
        mal = true;
      }
      if (!enToma.has(p.idItem)) {
        error(f.numero, C.Codigo, `${p.descripcion} no está en la toma: agréguelo primero`);
        mal = true;
      }
      if (f.lote && !p.controlLote) {
        error(f.numero, C.Lote, `${p.descripcion} no se controla por lote: deje el lote vacío`);
        mal = true;
      } else if (f.lote && !lotes.has(`${p.idItem}|${f.lote.toLowerCase()}`)) {
        error(f.numero, C.Lote, `El lote "${f.lote}" de ${p.descripcion} no existe en el almacén de la toma`);
        mal = true;
      }
      const clave = `${p.idItem}|${f.lote.toLowerCase()}`;
      const previa = vistos.get(clave);
      if (previa !== undefined) {
        error(f.numero, C.Codigo, `Fila duplicada: ${p.descripcion}${f.lote ? ` (lote ${f.lote})` : ''} ya figura en la fila ${previa}`);
        mal = true;
      } else vistos.set(clave, f.numero);
      if (mal) {
        conError.add(p.idItem);
        continue;
      }
      sumas.set(p.idItem, (sumas.get(p.idItem) ?? new Decimal(0)).plus(new Decimal(texto).times(p.factor)));
    }
    if (errores.length && !b.AplicarValidas) throw new ErroresImportacionConteo(errores.sort((a, c) => a.Fila - c.Fila));

    const validas = [...sumas].filter(([idItem]) => !conError.has(idItem));
    if (validas.length) {
      const valores = sql.join(
        validas.map(([idItem, q]) => sql`(${idItem}::int, ${q.toDecimalPlaces(10).toFixed()}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`update toma_inventario_detalle d set cantidad_contada = v.c, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
        from (values ${valores}) as v(id_item, c) where d.id_toma = ${id} and d.id_item = v.id_item`);
    }
    return { Aplicadas: validas.length, ErroresFilas: errores.sort((a, c) => a.Fila - c.Fila) };
  });
}

/** The template: the count's items (code, description) with empty Cantidad contada and Lote; never the expected stock. */
export async function plantillaConteo(ctx: Contexto, auth: TAuth, id: number): Promise<{ contenido: Buffer; nombre: string }> {
  const [t] = filasDe<{ numero: number }>(await ctx.dbh.db.execute(sql`select numero from toma_inventario where id = ${id} and id_empresa = ${auth.idEmpresa}`));
  if (!t) throw noEncontrado('No se encontró la toma de inventario');
  const det = filasDe<{ codigo: string; descripcion: string; codigo_unidad: string }>(
    await ctx.dbh.db.execute(sql`select i.codigo, i.descripcion, i.codigo_unidad from toma_inventario_detalle d join item i on i.id = d.id_item
      where d.id_toma = ${id} order by i.descripcion, d.id`),
  );
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet(HOJA_IMPORTACION_CONTEO);
  hoja.columns = [
    { header: COLUMNAS_IMPORTACION_CONTEO.Codigo, key: 'codigo', width: 20 },
    { header: COLUMNAS_IMPORTACION_CONTEO.Cantidad, key: 'cantidad', width: 18 },
    { header: COLUMNAS_IMPORTACION_CONTEO.Lote, key: 'lote', width: 16 },
    { header: 'Descripción (no se importa)', key: 'descripcion', width: 50 },
    { header: 'Unidad (no se importa)', key: 'unidad', width: 12 },
  ];
  hoja.getRow(1).font = { bold: true };
  hoja.getColumn(1).numFmt = '@';
  hoja.getColumn(3).numFmt = '@';
  for (const d of det) hoja.addRow({ codigo: d.codigo, cantidad: null, lote: null, descripcion: d.descripcion, unidad: d.codigo_unidad });
  const ayuda = libro.addWorksheet('Instrucciones');
  for (const linea of [
    'Código: código interno del producto o su código de barras (GTIN o el de una presentación: la cantidad se multiplica por su factor).',
    'Cantidad contada: número no negativo, con punto decimal. Lote: solo para productos con control de lote (las filas de varios lotes se suman).',
    'Cada producto (y lote) una sola vez. Solo se importan productos que están en la toma.',
  ])
    ayuda.addRow([linea]);
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre: `plantilla-conteo-${t.numero}.xlsx` };
}
