import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import {
  AfectacionesIgv,
  CodigosTipoExistencia,
  COLUMNAS_CATALOGO,
  COLUMNAS_CATALOGO_REQUERIDAS,
  ErrorCodes,
  EstandaresCodigoProducto,
  HOJA_CATALOGO,
  HOJA_PRESENTACIONES,
  LIMITES_IMPORTACION_ITEMS,
  SEPARADOR_CODIGOS_BARRAS,
  TiposExistencia,
  UnidadesItem,
  validarCodigoProducto,
  ZItemGuardar,
  type TClaveColumnaCatalogo,
  type TErrorFilaCatalogo,
  type TEstandarCodigoProducto,
  type TImportacionItems,
  type ZItemsExportacionQuery,
  type ZItemsImportar,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
// eslint-disable-next-line yupana/no-cross-import -- the same streaming .xlsx reader as every other Excel upload
import { leerHojaXlsx, pareceZip } from '../contabilidad/masivos/lectura';
import { ANCHOS_PRESENTACIONES, escribirPresentaciones, leerPresentaciones, presentacionesParaExportar, TITULOS_PRESENTACIONES, type TItemFinal, type TPlanPresentaciones } from './catalogo-presentaciones';
import { importacionItem } from './catalogo.schema';
import { filtroItems } from './items.service';
import { filasDe, type Tx } from './libro.repo';
import { item } from './logistica.schema';
import { activasDe } from './unidades.service';

/**
 * Item catalogue from and to Excel (issue 13). The import is a job: the upload is checked for size and shape, a row
 * of importacion_item is created (202) and the file is read, checked and written in the background while the screen
 * polls GET .../importacion/:id. Every row is checked against the same rules as the item form (ZItemGuardar) plus the
 * Excel-specific ones (codes, numbers, SI/NO, a code twice in the file); items are matched by internal code (any case)
 * within the company. All the writing is ONE transaction (multi-row INSERTs and UPDATE ... FROM (VALUES ...) of up to
 * LOTE rows, no per-row query): nothing is half-imported.
 */

const C = COLUMNAS_CATALOGO;
const LOTE = 1000;
/** The report keeps the first errors; FilasConError counts them all. */
const ERRORES_GUARDADOS = 5000;
/** A PROCESANDO import older than this (no process is running it: the API restarted) counts as interrupted. */
const VENCIMIENTO_MS = 15 * 60_000;

type TGuardar = z.output<typeof ZItemGuardar>;
type TFilaItem = {
  id: number;
  codigo: string;
  descripcion: string;
  codigo_unidad: string;
  precio: string;
  precio_incluye_igv: boolean;
  afectacion_igv: string;
  tipo_existencia: string;
  estandar_codigo_producto: string | null;
  codigo_producto: string | null;
  es_favorito: boolean;
  control_lote: boolean;
  control_serie: boolean;
  log_estado: number;
  // Branch marcas.
  marca: string | null;
  categoria: string | null;
  codigo_marca: string | null;
  stock_minimo: string | null;
  /** Extra barcodes joined by SEPARADOR_CODIGOS_BARRAS, or null. */
  codigos: string | null;
};

/** Progress of the imports this process runs (the percentage the bar shows while the transaction is open). */
const enCurso = new Map<number, { idEmpresa: number; etapa: string; porcentaje: number; total: number }>();

// ---------------------------------------------------------------------------------------------------------------
// Export and template

const aSiNo = (b: boolean) => (b ? 'SI' : 'NO');
/** A price as a number when the number is exact (so Excel can compute with it), else as text (up to 10 decimals). */
function precioCelda(precio: string): number | string {
  const d = new Decimal(precio);
  const n = d.toNumber();
  return new Decimal(n).eq(d) && d.decimalPlaces() <= 6 ? n : d.toFixed();
}

const ORDEN: TClaveColumnaCatalogo[] = Object.keys(C) as TClaveColumnaCatalogo[];
const ANCHOS: Record<TClaveColumnaCatalogo, number> = {
  Codigo: 16, Descripcion: 50, CodigoUnidad: 8, Precio: 12, PrecioIncluyeIgv: 10, AfectacionIgv: 10, TipoExistencia: 10,
  EstandarCodigoProducto: 14, CodigoProducto: 18, EsFavorito: 9, ControlLote: 9, ControlSerie: 9, LogEstado: 8,
  Marca: 18, Categoria: 18, CodigoMarca: 16, CodigosBarras: 30, StockMinimo: 10,
};
const TEXTO: TClaveColumnaCatalogo[] = ['Codigo', 'AfectacionIgv', 'TipoExistencia', 'CodigoProducto', 'CodigoMarca', 'CodigosBarras'];

/** Streams a workbook: the "Productos" sheet (header and rows) and the "Instrucciones" sheet. */
async function libroCatalogo(filas: AsyncIterable<(string | number | null)[]> | Iterable<(string | number | null)[]>, presentaciones: (string | number | null)[][] = []): Promise<Buffer> {
  const salida = new PassThrough();
  const partes: Buffer[] = [];
  salida.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise<void>((ok, mal) => {
    salida.on('end', ok);
    salida.on('error', mal);
  });
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  const hoja = libro.addWorksheet(HOJA_CATALOGO);
  hoja.columns = ORDEN.map((k) => ({ header: C[k], key: k, width: ANCHOS[k], ...(TEXTO.includes(k) ? { style: { numFmt: '@' } } : {}) }));
  hoja.getRow(1).font = { bold: true };
  hoja.getRow(1).commit();
  for await (const f of filas) hoja.addRow(f).commit();
  hoja.commit();
  // Branch logpres: one row per presentation, keyed by the item's code.
  const pres = libro.addWorksheet(HOJA_PRESENTACIONES);
  pres.columns = TITULOS_PRESENTACIONES.map((t, i) => ({ header: t, key: String(i), width: ANCHOS_PRESENTACIONES[i], ...([0, 2, 5].includes(i) ? { style: { numFmt: '@' } } : {}) }));
  pres.getRow(1).font = { bold: true };
  pres.getRow(1).commit();
  for (const f of presentaciones) pres.addRow(f).commit();
  pres.commit();
  const ayuda = libro.addWorksheet('Instrucciones');
  ayuda.getColumn(1).width = 110;
  for (const linea of instrucciones()) ayuda.addRow([linea]).commit();
  ayuda.commit();
  await libro.commit();
  await fin;
  return Buffer.concat(partes);
}

function instrucciones(): string[] {
  return [
    'Importación del catálogo de productos y servicios: llene la hoja "Productos" desde la fila 2, un producto por fila.',
    `Columnas obligatorias: ${COLUMNAS_CATALOGO_REQUERIDAS.map((k) => C[k]).join(', ')}. Las columnas se reconocen por su título (pueden moverse).`,
    `Un código que ya existe en el catálogo actualiza ese producto; uno nuevo lo crea. Cada código una sola vez en el archivo (hasta ${LIMITES_IMPORTACION_ITEMS.MAX_FILAS.toLocaleString('es-PE')} filas).`,
    'Una columna que no está en el archivo conserva el valor actual del producto (o el valor por defecto si es nuevo).',
    '',
    `${C.CodigoUnidad} (catálogo 03 de SUNAT): ${Object.entries(UnidadesItem).map(([k, v]) => `${k} = ${v}`).join('; ')}; u otra unidad activa en "Unidades, categorías y marcas".`,
    `${C.Precio}: número no negativo con punto decimal (hasta 10 decimales). ${C.PrecioIncluyeIgv}: SI (precio de venta) o NO (valor sin IGV); por defecto SI.`,
    `${C.AfectacionIgv} (catálogo 07 de SUNAT), por defecto 10: ${AfectacionesIgv.join(', ')}. 10 gravado, 20 exonerado, 30 inafecto, 40 exportación; 11-17, 21 y 31-37 son transferencias gratuitas.`,
    `${C.TipoExistencia} (tabla 5 de SUNAT), por defecto 01:`,
    ...Object.entries(TiposExistencia).map(([k, v]) => `   ${k} = ${v}`),
    `${C.EstandarCodigoProducto}: ${EstandaresCodigoProducto.join(', ')} (vacío si no tiene). ${C.CodigoProducto}: 8 dígitos para UNSPSC; para GTIN los dígitos de su largo con el dígito de control correcto.`,
    `${C.Marca} y ${C.Categoria}: el nombre (sin importar mayúsculas); uno que no existe se crea con la importación. Vacío: sin marca o sin categoría.`,
    `${C.CodigoMarca}: el código del fabricante o un código alternativo (hasta 30 caracteres).`,
    `${C.CodigosBarras}: uno o más códigos separados por "${SEPARADOR_CODIGOS_BARRAS}" (ej. 7750182000024${SEPARADOR_CODIGOS_BARRAS}INT-001); cada código solo en un producto de la empresa; uno de 8, 12, 13 o 14 dígitos debe tener el dígito de control GTIN correcto. Vacío: sin códigos adicionales.`,
    `${C.StockMinimo}: número no negativo (hasta 4 decimales), comparado con el stock sumado de todos los almacenes; vacío: sin mínimo.`,
    `${C.EsFavorito}, ${C.ControlLote}, ${C.ControlSerie}, ${C.LogEstado}: SI o NO. Un producto se controla por lote o por serie, no por ambos; un servicio (ZZ) no lleva lotes ni series.`,
    '',
    `Hoja "${HOJA_PRESENTACIONES}" (cajas, paquetes...): una fila por presentación con el código del producto, la unidad (catálogo 03, p. ej. BX caja, PK paquete; distinta de la unidad del producto), la descripción, el factor (cuántas unidades base trae, mayor que 1), el código de barras (8 a 14 dígitos, opcional, único en la empresa) y el precio con IGV (opcional, lista de precios estándar).`,
    `Un producto que figura en la hoja "${HOJA_PRESENTACIONES}" queda con exactamente esas presentaciones (una fila con solo el código: sin presentaciones); un producto que no figura conserva las suyas. Si el archivo no tiene la hoja, no se cambia ninguna presentación. La columna "Producto" es solo informativa.`,
    'Si una fila tiene errores no se importa nada (salvo que elija importar solo las filas válidas); el informe indica la fila, la columna y el error.',
  ];
}

export function plantillaCatalogo(): Promise<Buffer> {
  return libroCatalogo([]);
}

const filaExcel = (f: TFilaItem): (string | number | null)[] =>
  ORDEN.map((k) => {
    switch (k) {
      case 'Codigo': return f.codigo;
      case 'Descripcion': return f.descripcion;
      case 'CodigoUnidad': return f.codigo_unidad;
      case 'Precio': return precioCelda(f.precio);
      case 'PrecioIncluyeIgv': return aSiNo(f.precio_incluye_igv);
      case 'AfectacionIgv': return f.afectacion_igv;
      case 'TipoExistencia': return f.tipo_existencia;
      case 'EstandarCodigoProducto': return f.estandar_codigo_producto;
      case 'CodigoProducto': return f.codigo_producto;
      case 'EsFavorito': return aSiNo(f.es_favorito);
      case 'ControlLote': return aSiNo(f.control_lote);
      case 'ControlSerie': return aSiNo(f.control_serie);
      case 'LogEstado': return aSiNo(f.log_estado === 1);
      case 'Marca': return f.marca;
      case 'Categoria': return f.categoria;
      case 'CodigoMarca': return f.codigo_marca;
      case 'CodigosBarras': return f.codigos;
      case 'StockMinimo': return f.stock_minimo === null ? null : precioCelda(f.stock_minimo);
    }
  });

const COLUMNAS_SQL = sql`id, codigo, descripcion, codigo_unidad, precio::text as precio, precio_incluye_igv, afectacion_igv, tipo_existencia,
  estandar_codigo_producto, codigo_producto, es_favorito, control_lote, control_serie, log_estado,
  (select m.nombre from marca m where m.id = item.id_marca) as marca, (select c.nombre from categoria_item c where c.id = item.id_categoria) as categoria,
  codigo_marca, stock_minimo::text as stock_minimo,
  (select string_agg(b.codigo, '|' order by b.orden, b.id) from item_codigo_barras b where b.id_item = item.id) as codigos`;

/** The company's items that match the list's filters, by code, as the import reads them. */
export async function exportarCatalogo(ctx: Contexto, auth: TAuth, q: z.output<typeof ZItemsExportacionQuery>): Promise<Buffer> {
  const donde = filtroItems(auth, q);
  const filas = filasDe<TFilaItem>(await ctx.dbh.db.execute(sql`select ${COLUMNAS_SQL} from ${item} where ${donde} order by lower(codigo), id`));
  return libroCatalogo(filas.map(filaExcel), await presentacionesParaExportar(ctx, auth.idEmpresa, donde));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading and checking the rows

const normalizar = (t: string) => t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
const SI = new Set(['si', 's', 'x', '1', 'true', 'verdadero']);
const NO = new Set(['no', 'n', '0', 'false', 'falso']);
const NUMERO = /^\d{1,12}(\.\d{1,10})?$/;
const ESTANDARES = new Map(EstandaresCodigoProducto.map((e) => [e.replace('-', ''), e]));

/** marca/categoria: the name to link (null: none), resolved to an id (created when new) at write time. */
type TLeida = { numero: number; datos: TGuardar; existente: TFilaItem | undefined; marca: string | null; categoria: string | null };

/** Checks one row; pushes its errors and returns the item to save, or null when the row is bad. */
function leerFila(
  celda: (k: TClaveColumnaCatalogo) => string | undefined,
  existentes: Map<string, TFilaItem>,
  error: (Columna: string, Mensaje: string) => void,
  unidadesActivas: Set<string>,
): Omit<TLeida, 'numero'> | null {
  let mal = false;
  const falla = (k: TClaveColumnaCatalogo, m: string) => {
    error(C[k], m);
    mal = true;
  };
  const codigo = celda('Codigo') ?? '';
  const e = existentes.get(codigo.toLowerCase());
  const siNo = (k: TClaveColumnaCatalogo, actual: boolean | undefined, defecto: boolean): boolean => {
    const v = celda(k);
    if (v === undefined || v === '') return actual ?? defecto;
    const n = normalizar(v);
    if (SI.has(n)) return true;
    if (NO.has(n)) return false;
    falla(k, `"${v}" no es válido: escriba SI o NO`);
    return defecto;
  };

  const descripcion = celda('Descripcion') ?? '';
  if (!descripcion) falla('Descripcion', 'Indique la descripción');
  const unidad = (celda('CodigoUnidad') ?? '').toUpperCase();
  if (!unidad) falla('CodigoUnidad', 'Indique la unidad: NIU (bienes) o ZZ (servicios)');
  // Branch logsoporte: a unit the company has active (logisticasoporte), or the one the item already has.
  else if (!unidadesActivas.has(unidad) && unidad !== e?.codigo_unidad)
    falla('CodigoUnidad', `La unidad "${unidad}" no es válida o no está activa en la empresa: use NIU (bienes), ZZ (servicios) u otra unidad activa`);

  let precio = (celda('Precio') ?? '').replace(/\s/g, '');
  if (!precio.includes('.')) precio = precio.replace(',', '.');
  if (!precio) falla('Precio', 'Indique el precio');
  else if (/^-\d/.test(precio)) falla('Precio', `El precio no puede ser negativo (${precio})`);
  else if (!NUMERO.test(precio)) falla('Precio', `El precio "${celda('Precio')}" no es un número válido (hasta 12 enteros y 10 decimales)`);

  let afectacion = celda('AfectacionIgv') ?? '';
  if (/^\d$/.test(afectacion)) afectacion = afectacion.padStart(2, '0');
  if (!afectacion) afectacion = e?.afectacion_igv ?? '10';
  else if (!(AfectacionesIgv as readonly string[]).includes(afectacion))
    falla('AfectacionIgv', `La afectación del IGV "${afectacion}" no es válida (catálogo 07: 10 gravado, 20 exonerado, 30 inafecto, 40 exportación, u 11-17, 21, 31-37 gratuitas)`);

  let tipo = celda('TipoExistencia') ?? '';
  if (/^\d$/.test(tipo)) tipo = tipo.padStart(2, '0');
  if (!tipo) tipo = e?.tipo_existencia ?? '01';
  else if (!(CodigosTipoExistencia as string[]).includes(tipo)) falla('TipoExistencia', `El tipo de existencia "${tipo}" no es válido (tabla 5 de SUNAT: 01 a 10, o 91 a 99)`);

  // A missing column keeps the item's code; a present but empty one clears it.
  const celdaEstandar = celda('EstandarCodigoProducto');
  const celdaCodigoProducto = celda('CodigoProducto');
  let estandar: string | null = celdaEstandar === undefined ? (e?.estandar_codigo_producto ?? null) : celdaEstandar.toUpperCase().replace(/[\s-]/g, '') || null;
  if (estandar && celdaEstandar !== undefined) {
    const valido = ESTANDARES.get(estandar);
    if (!valido) falla('EstandarCodigoProducto', `El estándar "${celdaEstandar}" no es válido: ${EstandaresCodigoProducto.join(', ')} o vacío`);
    estandar = valido ?? null;
  }
  let codigoProducto: string | null = celdaCodigoProducto === undefined ? (e?.codigo_producto ?? null) : celdaCodigoProducto.replace(/\s/g, '') || null;
  if (codigoProducto && estandar?.startsWith('GTIN') && /^\d+$/.test(codigoProducto)) {
    // A GTIN typed as a number loses its leading zeros in Excel.
    const largo = Number(estandar.slice(5));
    if (codigoProducto.length < largo) codigoProducto = codigoProducto.padStart(largo, '0');
  }
  if (codigoProducto && !estandar && !mal) falla('EstandarCodigoProducto', 'Indique el estándar del código de producto (UNSPSC o GTIN)');
  else if (estandar && !codigoProducto) falla('CodigoProducto', `Indique el código ${estandar}`);
  else if (estandar && codigoProducto) {
    const m = validarCodigoProducto(estandar as TEstandarCodigoProducto, codigoProducto);
    if (m) falla('CodigoProducto', `${m}: ${codigoProducto}`);
  }

  // Branch marcas: a missing column keeps the item's value; an empty cell clears it.
  const texto = (k: TClaveColumnaCatalogo, actual: string | null | undefined) => {
    const v = celda(k);
    return v === undefined ? (actual ?? null) : v.replace(/\s+/g, ' ').trim() || null;
  };
  const marca = texto('Marca', e?.marca);
  const categoria = texto('Categoria', e?.categoria);
  if (marca && marca.length > 100) falla('Marca', 'Máximo 100 caracteres');
  if (categoria && categoria.length > 100) falla('Categoria', 'Máximo 100 caracteres');
  const celdaCodigos = celda('CodigosBarras');
  const codigos = (celdaCodigos === undefined ? (e?.codigos ?? '') : celdaCodigos).split(SEPARADOR_CODIGOS_BARRAS).map((c) => c.trim()).filter(Boolean);
  let minimo = texto('StockMinimo', e?.stock_minimo === null || e?.stock_minimo === undefined ? null : new Decimal(e.stock_minimo).toDecimalPlaces(4).toFixed());
  if (minimo && !minimo.includes('.')) minimo = minimo.replace(',', '.');

  const datos = {
    Codigo: codigo,
    Descripcion: descripcion,
    CodigoUnidad: unidad,
    Precio: precio,
    PrecioIncluyeIgv: siNo('PrecioIncluyeIgv', e?.precio_incluye_igv, true),
    AfectacionIgv: afectacion,
    TipoExistencia: tipo,
    EstandarCodigoProducto: estandar,
    CodigoProducto: codigoProducto,
    EsFavorito: siNo('EsFavorito', e?.es_favorito, false),
    ControlLote: siNo('ControlLote', e?.control_lote, false),
    ControlSerie: siNo('ControlSerie', e?.control_serie, false),
    LogEstado: siNo('LogEstado', e ? e.log_estado === 1 : undefined, true) ? 1 : 0,
    CodigoMarca: texto('CodigoMarca', e?.codigo_marca),
    CodigosBarras: codigos,
    StockMinimo: minimo,
  };
  if (mal) return null;
  // The item form's own rules (lengths, lot xor serial, no lots on services...), with its Spanish messages.
  const r = ZItemGuardar.safeParse(datos);
  if (!r.success) {
    for (const i of r.error.issues) {
      const k = String(i.path[0] ?? 'Codigo') as TClaveColumnaCatalogo;
      if (k === 'StockMinimo') {
        error(C.StockMinimo, `El stock mínimo "${minimo}" no es válido (número no negativo de hasta 4 decimales)`);
        continue;
      }
      if (k === 'Codigo' && !codigo) continue; // already reported by the caller
      error(C[k] ?? C.Codigo, i.message);
    }
    return null;
  }
  return { datos: r.data, existente: e, marca, categoria };
}

/** True when the row would change nothing in the item. */
function igual({ datos: d, marca, categoria }: Omit<TLeida, 'numero'>, e: TFilaItem): boolean {
  const minimo = (v: string | null | undefined) => (v === null || v === undefined ? null : new Decimal(v).toFixed(10));
  return (
    (marca ?? '').toLowerCase() === (e.marca ?? '').toLowerCase() &&
    (categoria ?? '').toLowerCase() === (e.categoria ?? '').toLowerCase() &&
    (d.CodigoMarca ?? null) === e.codigo_marca &&
    (d.CodigosBarras ?? []).join(SEPARADOR_CODIGOS_BARRAS) === (e.codigos ?? '') &&
    minimo(d.StockMinimo) === minimo(e.stock_minimo) &&
    d.Codigo === e.codigo &&
    d.Descripcion === e.descripcion &&
    d.CodigoUnidad === e.codigo_unidad &&
    new Decimal(d.Precio).eq(e.precio) &&
    d.PrecioIncluyeIgv === e.precio_incluye_igv &&
    d.AfectacionIgv === e.afectacion_igv &&
    d.TipoExistencia === e.tipo_existencia &&
    d.EstandarCodigoProducto === e.estandar_codigo_producto &&
    d.CodigoProducto === e.codigo_producto &&
    d.EsFavorito === e.es_favorito &&
    d.ControlLote === e.control_lote &&
    d.ControlSerie === e.control_serie &&
    d.LogEstado === e.log_estado
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The job

type TFilaImportacion = typeof importacionItem.$inferSelect;

function aRespuesta(f: TFilaImportacion): TImportacionItems {
  const vivo = enCurso.get(f.id);
  let estado = f.estado as TImportacionItems['Estado'];
  let mensaje = f.mensaje;
  if (estado === 'PROCESANDO' && !vivo && Date.now() - (f.logFechaModif ?? f.logFechaCrea).getTime() > VENCIMIENTO_MS) {
    estado = 'ERROR';
    mensaje = 'La importación se interrumpió (el servidor se reinició): no se guardó nada; vuelva a subir el archivo';
  }
  const fin = estado !== 'PROCESANDO';
  const etapas: Record<string, string> = { VALIDADO: 'Validación terminada', RECHAZADO: 'Rechazado por errores', TERMINADO: 'Importación terminada', ERROR: 'Error' };
  return {
    Id: f.id,
    NombreArchivo: f.nombreArchivo,
    Estado: estado,
    SoloValidar: f.soloValidar,
    AplicarValidas: f.aplicarValidas,
    Etapa: fin ? etapas[estado] : (vivo?.etapa ?? 'En cola'),
    Porcentaje: fin ? 100 : (vivo?.porcentaje ?? 0),
    TotalFilas: fin ? f.totalFilas : (vivo?.total ?? f.totalFilas),
    Creados: f.creados,
    Actualizados: f.actualizados,
    SinCambios: f.sinCambios,
    FilasConError: f.filasConError,
    ErroresFilas: f.errores as TErrorFilaCatalogo[],
    Mensaje: mensaje,
  };
}

export async function obtenerImportacion(ctx: Contexto, auth: TAuth, id: number): Promise<TImportacionItems> {
  const [f] = await ctx.dbh.db.select().from(importacionItem).where(and(eq(importacionItem.id, id), eq(importacionItem.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado('No se encontró la importación');
  return aRespuesta(f);
}

/** Checks the upload, records the import and starts it in the background (the caller answers 202). */
export async function iniciarImportacion(ctx: Contexto, auth: TAuth, b: z.output<typeof ZItemsImportar>): Promise<TImportacionItems> {
  const contenido = Buffer.from(b.Archivo, 'base64');
  if (contenido.length > LIMITES_IMPORTACION_ITEMS.MAX_BYTES) throw errorDeCampo('Archivo', `El archivo supera los ${LIMITES_IMPORTACION_ITEMS.MAX_BYTES / (1024 * 1024)} MB`);
  if (!pareceZip(contenido)) throw errorDeCampo('Archivo', 'El archivo no es un Excel (.xlsx) válido');
  const db = ctx.dbh.db;
  // One import per company at a time; one left PROCESANDO by a restart no longer counts.
  const vencidas = filasDe<{ id: number; log_fecha_modif: string | null }>(
    await db.execute(sql`select id from importacion_item where id_empresa = ${auth.idEmpresa} and estado = 'PROCESANDO'`),
  );
  for (const v of vencidas) {
    if (enCurso.has(Number(v.id))) throw new AppError(ErrorCodes.CATALOGO_IMPORTACION_EN_CURSO, undefined, 409);
    const [f] = await db.select().from(importacionItem).where(eq(importacionItem.id, Number(v.id)));
    if (aRespuesta(f).Estado === 'PROCESANDO') throw new AppError(ErrorCodes.CATALOGO_IMPORTACION_EN_CURSO, undefined, 409);
    await db.update(importacionItem).set({ estado: 'ERROR', mensaje: aRespuesta(f).Mensaje, logFechaModif: new Date() }).where(eq(importacionItem.id, f.id));
  }
  let fila: TFilaImportacion;
  try {
    [fila] = await db
      .insert(importacionItem)
      .values({ idEmpresa: auth.idEmpresa, nombreArchivo: b.NombreArchivo, estado: 'PROCESANDO', soloValidar: b.SoloValidar, aplicarValidas: b.AplicarValidas, logUsuarioCrea: auth.idUsuario, logFechaModif: new Date() })
      .returning();
  } catch (err) {
    // The partial unique index (one PROCESANDO per company) caught a simultaneous upload.
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
      if (e.code === '23505') throw new AppError(ErrorCodes.CATALOGO_IMPORTACION_EN_CURSO, undefined, 409);
    throw err;
  }
  enCurso.set(fila.id, { idEmpresa: auth.idEmpresa, etapa: 'Leyendo el archivo', porcentaje: 1, total: 0 });
  const trabajo = procesar(ctx, auth, fila.id, contenido, b).catch(async (err: unknown) => {
    const mensaje = err instanceof AppError ? (err.errores ? Object.values(err.errores).join('; ') : err.mensaje) : 'No se pudo importar el archivo: no se guardó nada';
    if (!(err instanceof AppError)) console.error('importación del catálogo', err);
    await db
      .update(importacionItem)
      .set({ estado: 'ERROR', mensaje, logFechaModif: new Date() })
      .where(eq(importacionItem.id, fila.id))
      .catch(() => undefined);
  });
  void trabajo.finally(() => enCurso.delete(fila.id));
  trabajos.add(trabajo);
  void trabajo.finally(() => trabajos.delete(trabajo));
  return aRespuesta(fila);
}

/** Imports running in this process (the app waits for them when it closes). */
const trabajos = new Set<Promise<unknown>>();
export const esperarImportaciones = () => Promise.allSettled([...trabajos]);

/**
 * A batch as `unnest(arrays)`: one array parameter per column (14 parameters whatever the batch's size), in the order
 * codigo, descripcion, unidad, precio, incluye IGV, afectación, tipo, estándar, código de producto, favorito, lote,
 * serie, estado, and the existing item's id (null for a new one).
 */
function columnasUnnest(lote: TLeida[], ids: TIdsNombres) {
  const col = <T>(f: (d: TGuardar) => T) => sql.param(lote.map(({ datos }) => f(datos)));
  const id = (mapa: Map<string, number>, nombre: string | null) => (nombre ? (mapa.get(nombre.toLowerCase()) ?? null) : null);
  return sql`unnest(${col((d) => d.Codigo)}::varchar[], ${col((d) => d.Descripcion)}::varchar[], ${col((d) => d.CodigoUnidad)}::varchar[],
    ${col((d) => new Decimal(d.Precio).toFixed(10))}::numeric[], ${col((d) => d.PrecioIncluyeIgv)}::boolean[], ${col((d) => d.AfectacionIgv)}::varchar[],
    ${col((d) => d.TipoExistencia)}::char(2)[], ${col((d) => d.EstandarCodigoProducto)}::varchar[], ${col((d) => d.CodigoProducto)}::varchar[],
    ${col((d) => d.EsFavorito)}::boolean[], ${col((d) => d.ControlLote)}::boolean[], ${col((d) => d.ControlSerie)}::boolean[],
    ${col((d) => d.LogEstado)}::smallint[], ${sql.param(lote.map((l) => l.existente?.id ?? null))}::int[],
    ${sql.param(lote.map((l) => id(ids.marcas, l.marca)))}::int[], ${sql.param(lote.map((l) => id(ids.categorias, l.categoria)))}::int[],
    ${col((d) => d.CodigoMarca ?? null)}::varchar[], ${col((d) => (d.StockMinimo ? new Decimal(d.StockMinimo).toFixed(10) : null))}::numeric[])`;
}
type TIdsNombres = { marcas: Map<string, number>; categorias: Map<string, number> };
const V = sql.raw('v(codigo, descripcion, codigo_unidad, precio, pii, afectacion, tipo, estandar, cp, fav, lote, serie, estado, id, id_marca, id_categoria, codigo_marca, stock_minimo)');

/**
 * The brands and categories the rows name, by lower-case name -> id; the unknown ones are created first, in the
 * import's transaction (so a rejected or failed import leaves none behind).
 */
async function nombresAIds(tx: Tx, auth: TAuth, tabla: 'marca' | 'categoria_item', nombres: (string | null)[]): Promise<Map<string, number>> {
  const leer = async () =>
    new Map(filasDe<{ id: number; nombre: string }>(await tx.execute(sql`select id, nombre from ${sql.identifier(tabla)} where id_empresa = ${auth.idEmpresa}`)).map((f) => [f.nombre.toLowerCase(), Number(f.id)]));
  const mapa = await leer();
  const nuevos = new Map<string, string>();
  for (const n of nombres) if (n && !mapa.has(n.toLowerCase()) && !nuevos.has(n.toLowerCase())) nuevos.set(n.toLowerCase(), n);
  if (!nuevos.size) return mapa;
  await tx.execute(sql`insert into ${sql.identifier(tabla)} (id_empresa, nombre, log_usuario_crea)
    select ${auth.idEmpresa}::int, n, ${auth.idUsuario}::int from unnest(${sql.param([...nuevos.values()])}::varchar[]) as n on conflict do nothing`);
  return leer();
}

const pausa = () => new Promise<void>((ok) => setImmediate(ok));

async function procesar(ctx: Contexto, auth: TAuth, id: number, contenido: Buffer, b: z.output<typeof ZItemsImportar>): Promise<void> {
  const db = ctx.dbh.db;
  const avance = enCurso.get(id)!;
  const terminar = async (valores: Partial<typeof importacionItem.$inferInsert>) => {
    await db.update(importacionItem).set({ ...valores, logFechaModif: new Date() }).where(eq(importacionItem.id, id));
  };

  const hoja = await leerHojaXlsx(contenido, {
    hoja: HOJA_CATALOGO,
    usarPrimera: true,
    maxFilas: LIMITES_IMPORTACION_ITEMS.MAX_FILAS,
    invalido: () => errorDeCampo('Archivo', 'El archivo no es un Excel (.xlsx) válido'),
    demasiadas: () => errorDeCampo('Archivo', `El archivo supera las ${LIMITES_IMPORTACION_ITEMS.MAX_FILAS.toLocaleString('es-PE')} filas: divídalo en varios archivos`),
    adicional: HOJA_PRESENTACIONES,
  });
  avance.total = hoja.filas.length;
  avance.etapa = 'Validando';
  avance.porcentaje = 15;
  await terminar({ totalFilas: hoja.filas.length });

  // Columns by header text.
  const indice = new Map<TClaveColumnaCatalogo, number>();
  const porTitulo = new Map(ORDEN.map((k) => [normalizar(C[k]), k]));
  hoja.titulos.forEach((t, i) => {
    const k = porTitulo.get(normalizar(t));
    if (k && !indice.has(k)) indice.set(k, i);
  });
  const faltan = COLUMNAS_CATALOGO_REQUERIDAS.filter((k) => !indice.has(k));
  if (faltan.length) {
    const errores = faltan.map((k) => ({ Fila: 1, Columna: C[k], Mensaje: `Falta la columna "${C[k]}" (use la plantilla)` }));
    await terminar({ estado: 'RECHAZADO', errores, filasConError: 1, mensaje: 'El archivo no tiene las columnas de la plantilla: no se guardó nada' });
    return;
  }
  if (!hoja.filas.length && !hoja.adicional?.filas.length) {
    await terminar({ estado: 'RECHAZADO', errores: [{ Fila: 2, Columna: C.Codigo, Mensaje: 'El archivo no tiene productos: llene la hoja desde la fila 2' }], filasConError: 1, mensaje: 'El archivo no tiene productos' });
    return;
  }

  const unidadesActivas = await activasDe(ctx, auth.idEmpresa);
  const existentes = new Map(
    filasDe<TFilaItem>(await db.execute(sql`select ${COLUMNAS_SQL} from item where id_empresa = ${auth.idEmpresa}`)).map((f) => [f.codigo.toLowerCase(), { ...f, id: Number(f.id), log_estado: Number(f.log_estado) }]),
  );

  // Branch marcas: every barcode already in the company (extra, GTIN, presentation) -> the item code holding it.
  const barrasUsadas = new Map<string, string>();
  // Branch imagenes: the extra barcodes alone, which a row's GTIN may not be (601601 in the item form).
  const adicionalesUsados = new Map<string, string>();
  for (const f of filasDe<{ codigo: string; item: string; adicional: boolean }>(
    await db.execute(sql`select b.codigo, i.codigo as item, true as adicional from item_codigo_barras b join item i on i.id = b.id_item where b.id_empresa = ${auth.idEmpresa}
      union all select p.codigo_barras, i.codigo, false from item_presentacion p join item i on i.id = p.id_item where p.id_empresa = ${auth.idEmpresa} and p.codigo_barras is not null`),
  )) {
    barrasUsadas.set(f.codigo, f.item);
    if (f.adicional) adicionalesUsados.set(f.codigo, f.item);
  }
  const barrasEnArchivo = new Map<string, number>();

  const errores: TErrorFilaCatalogo[] = [];
  let filasConError = 0;
  const vistos = new Map<string, number>();
  const nuevos: TLeida[] = [];
  const cambiados: TLeida[] = [];
  let sinCambios = 0;
  // Branch logpres: the codes whose row is bad, and those read unchanged.
  const conError = new Set<string>();
  const iguales = new Set<string>();
  for (let i = 0; i < hoja.filas.length; i++) {
    const f = hoja.filas[i];
    if (i % 2000 === 1999) {
      avance.porcentaje = 15 + Math.floor((25 * i) / hoja.filas.length);
      await pausa();
    }
    const propios: TErrorFilaCatalogo[] = [];
    const error = (Columna: string, Mensaje: string) => propios.push({ Fila: f.numero, Columna, Mensaje });
    const celda = (k: TClaveColumnaCatalogo) => (indice.has(k) ? (f.celdas[indice.get(k)!] ?? '').trim() : undefined);
    const codigo = celda('Codigo') ?? '';
    if (!codigo) error(C.Codigo, 'Indique el código interno');
    else {
      const previa = vistos.get(codigo.toLowerCase());
      if (previa !== undefined) error(C.Codigo, `El código "${codigo}" ya figura en la fila ${previa}: cada código una sola vez`);
      else vistos.set(codigo.toLowerCase(), f.numero);
    }
    const leida = leerFila(celda, existentes, error, unidadesActivas);
    for (const cb of leida?.datos.CodigosBarras ?? []) {
      const duenio = barrasUsadas.get(cb);
      const previa = barrasEnArchivo.get(cb);
      if (duenio !== undefined && duenio.toLowerCase() !== codigo.toLowerCase()) error(C.CodigosBarras, `El código de barras ${cb} ya está asignado al producto ${duenio}`);
      else if (previa !== undefined && previa !== f.numero) error(C.CodigosBarras, `El código de barras ${cb} ya figura en la fila ${previa}`);
      else barrasEnArchivo.set(cb, f.numero);
    }
    const gtin = leida?.datos.CodigoProducto;
    const duenioGtin = gtin ? adicionalesUsados.get(gtin) : undefined;
    if (gtin && duenioGtin !== undefined && duenioGtin.toLowerCase() !== codigo.toLowerCase())
      error(C.CodigoProducto, `El código de barras ${gtin} ya es un código de barras adicional del producto ${duenioGtin}`);
    if (propios.length || !leida) {
      if (codigo) conError.add(codigo.toLowerCase());
      filasConError++;
      for (const p of propios) if (errores.length < ERRORES_GUARDADOS) errores.push(p);
      continue;
    }
    if (!leida.existente) nuevos.push({ numero: f.numero, ...leida });
    else if (igual(leida, leida.existente)) {
      sinCambios++;
      iguales.add(codigo.toLowerCase());
    } else cambiados.push({ numero: f.numero, ...leida });
  }
  let actualizados = cambiados.length;

  // Branch logpres: the "Presentaciones" sheet, checked against what every item will be after the import.
  let plan: TPlanPresentaciones | undefined;
  if (hoja.adicional) {
    const finales = new Map<string, TItemFinal>();
    const barrasDe = (extras: string[], estandar: string | null | undefined, gtin: string | null | undefined) => [...extras, ...(gtin && estandar?.startsWith('GTIN') ? [gtin] : [])];
    for (const [k, it] of existentes) finales.set(k, { codigo: it.codigo, unidad: it.codigo_unidad, barras: barrasDe((it.codigos ?? '').split(SEPARADOR_CODIGOS_BARRAS).filter(Boolean), it.estandar_codigo_producto, it.codigo_producto) });
    for (const l of [...nuevos, ...cambiados])
      finales.set(l.datos.Codigo.toLowerCase(), { codigo: l.datos.Codigo, unidad: l.datos.CodigoUnidad, barras: barrasDe(l.datos.CodigosBarras ?? [], l.datos.EstandarCodigoProducto, l.datos.CodigoProducto) });
    plan = await leerPresentaciones(ctx, auth.idEmpresa, hoja.adicional, finales, conError, normalizar);
    filasConError += plan.filasConError;
    for (const p of plan.errores) if (errores.length < ERRORES_GUARDADOS) errores.push(p);
    // An item whose only change is its presentations counts as updated; one not in "Productos" too.
    const enProductos = new Set([...nuevos, ...cambiados].map((l) => l.datos.Codigo.toLowerCase()));
    for (const k of plan.cambios.keys()) {
      if (iguales.has(k)) {
        sinCambios--;
        actualizados++;
      } else if (!enProductos.has(k)) actualizados++;
    }
  }
  const cuentas = { errores, filasConError, sinCambios, creados: nuevos.length, actualizados };

  if (b.SoloValidar) {
    await terminar({ ...cuentas, estado: 'VALIDADO', mensaje: filasConError ? `${filasConError} fila(s) con errores. No se guardó nada (solo validación)` : 'El archivo no tiene errores. No se guardó nada (solo validación)' });
    return;
  }
  if (filasConError && !b.AplicarValidas) {
    await terminar({ ...cuentas, creados: 0, actualizados: 0, sinCambios: 0, estado: 'RECHAZADO', mensaje: `${filasConError} fila(s) con errores: corríjalas y vuelva a subir el archivo. No se guardó nada` });
    return;
  }

  avance.etapa = 'Guardando';
  avance.porcentaje = 40;
  const total = Math.max(1, nuevos.length + cambiados.length);
  let hechos = 0;
  const idsNuevos = new Map<string, number>();
  await db.transaction(async (tx) => {
    const ahora = new Date();
    const escritos = [...nuevos, ...cambiados];
    const ids: TIdsNombres = {
      marcas: await nombresAIds(tx, auth, 'marca', escritos.map((l) => l.marca)),
      categorias: await nombresAIds(tx, auth, 'categoria_item', escritos.map((l) => l.categoria)),
    };
    // Items whose extra barcodes change: rewritten after the items (new items need their ids).
    const conCodigos: { codigo: string; id?: number; codigos: string[] }[] = [];
    for (let i = 0; i < nuevos.length; i += LOTE) {
      const lote = nuevos.slice(i, i + LOTE);
      const creados = filasDe<{ id: number; codigo: string }>(
        await tx.execute(sql`insert into item (codigo, descripcion, codigo_unidad, precio, precio_incluye_igv, afectacion_igv, tipo_existencia,
          estandar_codigo_producto, codigo_producto, es_favorito, control_lote, control_serie, log_estado, id_marca, id_categoria, codigo_marca, stock_minimo,
          id_empresa, log_usuario_crea)
        select codigo, descripcion, codigo_unidad, precio, pii, afectacion, tipo, estandar, cp, fav, lote, serie, estado, id_marca, id_categoria, codigo_marca,
          stock_minimo, ${auth.idEmpresa}::int, ${auth.idUsuario}::int
        from ${columnasUnnest(lote, ids)} as ${V}
        returning id, codigo`),
      );
      for (const c of creados) idsNuevos.set(c.codigo.toLowerCase(), Number(c.id));
      if (lote.some((l) => l.datos.CodigosBarras?.length)) {
        const porCodigo = new Map(creados.map((c) => [c.codigo.toLowerCase(), Number(c.id)]));
        for (const l of lote) if (l.datos.CodigosBarras?.length) conCodigos.push({ codigo: l.datos.Codigo, id: porCodigo.get(l.datos.Codigo.toLowerCase()), codigos: l.datos.CodigosBarras });
      }
      hechos += lote.length;
      avance.porcentaje = 40 + Math.floor((59 * hechos) / total);
    }
    for (let i = 0; i < cambiados.length; i += LOTE) {
      const lote = cambiados.slice(i, i + LOTE);
      await tx.execute(sql`update item i set codigo = v.codigo, descripcion = v.descripcion, codigo_unidad = v.codigo_unidad, precio = v.precio,
          precio_incluye_igv = v.pii, afectacion_igv = v.afectacion, tipo_existencia = v.tipo, estandar_codigo_producto = v.estandar,
          codigo_producto = v.cp, es_favorito = v.fav, control_lote = v.lote, control_serie = v.serie, log_estado = v.estado,
          id_marca = v.id_marca, id_categoria = v.id_categoria, codigo_marca = v.codigo_marca, stock_minimo = v.stock_minimo,
          log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = ${ahora}
        from ${columnasUnnest(lote, ids)} as ${V}
        where i.id = v.id and i.id_empresa = ${auth.idEmpresa}`);
      for (const l of lote)
        if ((l.datos.CodigosBarras ?? []).join(SEPARADOR_CODIGOS_BARRAS) !== (l.existente!.codigos ?? ''))
          conCodigos.push({ codigo: l.datos.Codigo, id: l.existente!.id, codigos: l.datos.CodigosBarras ?? [] });
      hechos += lote.length;
      avance.porcentaje = 40 + Math.floor((59 * hechos) / total);
    }
    for (let i = 0; i < conCodigos.length; i += LOTE) {
      const lote = conCodigos.slice(i, i + LOTE).filter((c) => c.id !== undefined);
      await tx.execute(sql`delete from item_codigo_barras where id_empresa = ${auth.idEmpresa} and id_item = any(${sql.param(lote.map((c) => c.id!))}::int[])`);
      const filas = lote.flatMap((c) => c.codigos.map((codigo, orden) => ({ id: c.id!, codigo, orden })));
      if (filas.length)
        await tx.execute(sql`insert into item_codigo_barras (id_empresa, id_item, codigo, orden)
          select ${auth.idEmpresa}::int, id, codigo, orden from unnest(${sql.param(filas.map((f) => f.id))}::int[], ${sql.param(filas.map((f) => f.codigo))}::varchar[],
            ${sql.param(filas.map((f) => f.orden))}::smallint[]) as v(id, codigo, orden)`);
    }
    if (plan) await escribirPresentaciones(tx, auth, plan, (k) => existentes.get(k)?.id ?? idsNuevos.get(k));
    const mensaje = filasConError ? `Se importaron las filas válidas; ${filasConError} fila(s) con errores no se importaron` : 'Importación terminada';
    await tx
      .update(importacionItem)
      .set({ ...cuentas, estado: 'TERMINADO', mensaje, logFechaModif: new Date() })
      .where(eq(importacionItem.id, id));
  });
}

