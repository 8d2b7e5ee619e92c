import Decimal from 'decimal.js';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  COLUMNAS_MASIVO, ErrorCodes, HOJA_DOCUMENTOS_MASIVO, LIMITES_MASIVO, MensajesError,
  type TClaveColumnaMasivo, type TDocumentoContableCrear, type TErrorFilaMasivo,
} from '@yupana/contracts';
import { AppError } from '../../../lib/app-error';

/**
 * Reading the uploaded workbook: from the "Documentos" sheet (one row per line item, grouped by the "Documento"
 * column) to issuing requests in the contract's shape, with the Excel row of every line so that any error of the
 * contract or of the issuing rules is reported at its row and column.
 */

export type TDocumentoLeido = {
  clave: string;
  /** Excel row of each line item (index = ListaItems index); the first one holds the header columns. */
  filas: number[];
  solicitud: TDocumentoContableCrear;
};

export type TLectura = {
  documentos: TDocumentoLeido[];
  errores: TErrorFilaMasivo[];
  /** Column letter of each column of the file (the user may have moved them). */
  letras: Record<TClaveColumnaMasivo, string>;
};

/** An item of the company's catalogue, by code: fills the blank cells of a line that gives only its code. */
export type TItemCatalogo = { id: number; descripcion: string; codigoUnidad: string; precio: string; precioIncluyeIgv: boolean; afectacionIgv: string };

/** Item codes used in the sheet (upper case), to look them up in the catalogue before reading. */
export function codigosDeItems(hoja: THojaLeida): string[] {
  const col = hoja.titulos.findIndex((t) => normalizar(t) === normalizar(TITULO.CodigoItem));
  if (col < 0) return [];
  const codigos = new Set<string>();
  for (const f of hoja.filas) {
    const c = normalizar(f.celdas[col] ?? '');
    if (c) codigos.add(c);
  }
  return [...codigos];
}

/** Series of the company the uploader may use: code + document type -> id. */
export type TSeriesDisponibles = Map<string, number>;
export const claveSerie = (idTipoDocumento: number, codigo: string) => `${idTipoDocumento}|${codigo}`;

const TITULO: Record<TClaveColumnaMasivo, string> = Object.fromEntries(COLUMNAS_MASIVO.map((c) => [c.Clave, c.Titulo])) as Record<TClaveColumnaMasivo, string>;
const CABECERA: TClaveColumnaMasivo[] = ['Tipo', 'Serie', 'FechaEmision', 'Moneda', 'TipoDocCliente', 'NumeroDocCliente', 'Cliente', 'DireccionCliente', 'CorreoCliente', 'Observaciones'];

const TIPOS: Record<string, number> = { '01': 1003, '1': 1003, FACTURA: 1003, '03': 1004, '3': 1004, BOLETA: 1004 };
const MONEDAS: Record<string, 1 | 2> = { PEN: 1, SOLES: 1, 'S/': 1, USD: 2, DOLARES: 2, 'US$': 2 };
/** Identity document of the customer: the template's names and SUNAT's catálogo 06 codes -> the seed's ids. */
const TIPOS_DOC_CLIENTE: Record<string, number> = {
  RUC: 2, '6': 2, DNI: 1, '1': 1, CE: 3, 'CARNET DE EXTRANJERIA': 3, '4': 3, PASAPORTE: 4, '7': 4,
};

export const normalizar = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toUpperCase();

export function letraColumna(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

const fechaIso = (d: Date) => d.toISOString().slice(0, 10);

/** A cell as text: numbers without float noise, dates as AAAA-MM-DD, formulas by their result, rich text joined. */
export function textoCelda(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v).toDecimalPlaces(10).toFixed() : '';
  if (typeof v === 'boolean') return v ? 'SI' : 'NO';
  if (v instanceof Date) return fechaIso(v);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('').trim();
    if ('result' in v) return textoCelda((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text).trim();
    if ('error' in v) return '';
  }
  return String(v).trim();
}

function fechaDeTexto(t: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  // A date typed as a number (Excel serial: days since 1899-12-30).
  if (/^\d{5}$/.test(t)) return fechaIso(new Date(Date.UTC(1899, 11, 30) + Number(t) * 86_400_000));
  return null;
}

const valida = (f: string) => !Number.isNaN(Date.parse(`${f}T00:00:00Z`)) && fechaIso(new Date(`${f}T00:00:00Z`)) === f;

/** The "Documentos" sheet as text: the titles of row 1 and every non-empty row after it (cells by column, from 0). */
export type THojaLeida = { titulos: string[]; filas: { numero: number; celdas: string[] }[]; adicional?: THojaLeida };

const demasiados = () => new AppError(ErrorCodes.MASIVO_DEMASIADOS, MensajesError[ErrorCodes.MASIVO_DEMASIADOS], 400);

/**
 * Reads the "Documentos" sheet with exceljs' streaming reader: rows come one at a time and only their text is kept
 * (a loaded workbook costs ~8 kB of heap per row: 400 MB for 50,000 rows). The other sheets are skipped, and reading
 * stops at the first row past LIMITES_MASIVO.MAX_FILAS. A file that is not an .xlsx, or has no "Documentos" sheet, is
 * refused whole.
 */
/** An .xlsx is a zip: its first local header and, at its end, the end-of-central-directory record. */
export function pareceZip(b: Buffer): boolean {
  if (b.length < 22 || b.readUInt32LE(0) !== 0x04034b50) return false;
  // The end record is the last 22 bytes plus a comment of up to 65,535.
  return b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) >= Math.max(0, b.length - 65_557);
}

/**
 * The streaming reader waits forever for the rest of a zip that is cut or damaged (no error, no end): such a file is
 * refused before reading, and a read that still takes longer than this is abandoned with the same answer.
 */
export const ESPERA_LECTURA_MS = 120_000;

export async function cargarLibro(contenido: Buffer, esperaMs = ESPERA_LECTURA_MS): Promise<THojaLeida> {
  const invalido = () => new AppError(ErrorCodes.MASIVO_ARCHIVO_INVALIDO, undefined, 400);
  return leerHojaXlsx(contenido, { hoja: HOJA_DOCUMENTOS_MASIVO, maxFilas: LIMITES_MASIVO.MAX_FILAS, invalido, demasiadas: demasiados, esperaMs });
}

export type TOpcionesLectura = {
  /** The sheet to read, by name. */
  hoja: string;
  /** true: a workbook without that sheet is read from its first sheet; false: it is refused. */
  usarPrimera?: boolean;
  /** Reading stops (demasiadas) at the first non-empty row past this many. */
  maxFilas: number;
  /** The error of a file that is not a readable .xlsx (or lacks the sheet). */
  invalido: () => AppError;
  demasiadas: () => AppError;
  esperaMs?: number;
  /** A second sheet read by name too (the catalogue's "Presentaciones"); absent from the file: `adicional` undefined. */
  adicional?: string;
};

/**
 * Reads one sheet of an uploaded .xlsx with exceljs' streaming reader: rows come one at a time and only their text is
 * kept (a loaded workbook costs ~8 kB of heap per row). The other sheets are drained unread. Used by every Excel upload
 * (mass issuing, inventory counts, the item catalogue).
 */
export async function leerHojaXlsx(contenido: Buffer, o: TOpcionesLectura): Promise<THojaLeida> {
  if (!pareceZip(contenido)) throw o.invalido();
  const fuente = Readable.from([contenido]);
  let reloj: NodeJS.Timeout | undefined;
  const vencido = new Promise<never>((_, rechazar) => {
    reloj = setTimeout(() => {
      fuente.destroy();
      rechazar(o.invalido());
    }, o.esperaMs ?? ESPERA_LECTURA_MS);
  });
  try {
    return await Promise.race([leerHoja(fuente, o), vencido]);
  } finally {
    clearTimeout(reloj);
  }
}

async function leerHoja(fuente: Readable, o: TOpcionesLectura): Promise<THojaLeida> {
  let nombrada: THojaLeida | null = null;
  let primera: THojaLeida | null = null;
  let adicional: THojaLeida | undefined;
  try {
    const lector = new ExcelJS.stream.xlsx.WorkbookReader(fuente, {
      sharedStrings: 'cache', styles: 'cache', worksheets: 'emit', hyperlinks: 'ignore', entries: 'ignore',
    });
    let indice = 0;
    for await (const ws of lector) {
      const w = ws as unknown as { name: string } & AsyncIterable<ExcelJS.Row>;
      const esNombrada = !nombrada && w.name === o.hoja;
      const esPrimera = !!o.usarPrimera && indice++ === 0;
      const esAdicional = !!o.adicional && w.name === o.adicional && !adicional;
      if (!esNombrada && !esPrimera && !esAdicional) {
        // Drained, not read: the reader needs every entry consumed to go on.
        for await (const fila of w) void fila;
        continue;
      }
      const leida: THojaLeida = { titulos: [], filas: [] };
      for await (const fila of w) {
        const valores = fila.values as ExcelJS.CellValue[];
        const celdas: string[] = [];
        for (let c = 1; c < valores.length; c++) celdas.push(textoCelda(valores[c]));
        if (fila.number === 1) leida.titulos = celdas;
        else if (celdas.some((x) => x !== '')) {
          leida.filas.push({ numero: fila.number, celdas });
          if (leida.filas.length > o.maxFilas) throw o.demasiadas();
        }
      }
      if (esNombrada) nombrada = leida;
      else if (esAdicional) adicional = leida;
      else primera = leida;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw o.invalido();
  }
  const hoja = nombrada ?? primera;
  if (!hoja) throw o.invalido();
  return adicional ? { ...hoja, adicional } : hoja;
}

export function leerDocumentos(hoja: THojaLeida, series: TSeriesDisponibles, hoy: string, items: Map<string, TItemCatalogo> = new Map()): TLectura {
  const errores: TErrorFilaMasivo[] = [];

  // Columns by their header text (row 1), so a user who moved or added columns is still understood.
  const indice = new Map<TClaveColumnaMasivo, number>();
  const porTitulo = new Map(COLUMNAS_MASIVO.map((c) => [normalizar(c.Titulo), c.Clave]));
  hoja.titulos.forEach((titulo, i) => {
    const clave = porTitulo.get(normalizar(titulo));
    if (clave && !indice.has(clave)) indice.set(clave, i + 1);
  });
  const letras = Object.fromEntries(COLUMNAS_MASIVO.map((c) => [c.Clave, indice.has(c.Clave) ? letraColumna(indice.get(c.Clave)!) : '-'])) as Record<TClaveColumnaMasivo, string>;
  const error = (Fila: number, clave: TClaveColumnaMasivo, Mensaje: string) => errores.push({ Fila, Columna: TITULO[clave], Letra: letras[clave], Mensaje });
  for (const c of COLUMNAS_MASIVO) if (!indice.has(c.Clave)) error(1, c.Clave, `Falta la columna "${c.Titulo}" (use la plantilla)`);
  if (errores.length) return { documentos: [], errores, letras };

  type TFila = { numero: number; v: Record<TClaveColumnaMasivo, string> };
  const filas: TFila[] = [];
  for (const f of hoja.filas) {
    const v = Object.fromEntries(COLUMNAS_MASIVO.map((c) => [c.Clave, f.celdas[indice.get(c.Clave)! - 1] ?? ''])) as Record<TClaveColumnaMasivo, string>;
    if (Object.values(v).every((x) => x === '')) continue;
    filas.push({ numero: f.numero, v });
  }
  if (filas.length > LIMITES_MASIVO.MAX_FILAS) throw demasiados();

  const grupos = new Map<string, TFila[]>();
  for (const f of filas) {
    if (!f.v.Documento) {
      error(f.numero, 'Documento', 'Indique la clave del documento (las filas con la misma clave forman un comprobante)');
      continue;
    }
    const g = grupos.get(f.v.Documento);
    if (g) g.push(f);
    else grupos.set(f.v.Documento, [f]);
  }
  if (grupos.size > LIMITES_MASIVO.MAX_DOCUMENTOS) throw demasiados();
  if (filas.length === 0) error(2, 'Documento', 'El archivo no tiene comprobantes: llene la hoja Documentos desde la fila 2');

  const documentos: TDocumentoLeido[] = [];
  for (const [clave, g] of grupos) {
    const p = g[0];
    const c = p.v;
    const antes = errores.length;
    // Header columns count from the document's first row; later rows may leave them blank but must not contradict it.
    for (const f of g.slice(1))
      for (const k of CABECERA)
        if (f.v[k] && normalizar(f.v[k]) !== normalizar(c[k])) error(f.numero, k, `No coincide con la primera fila del documento ${clave} (fila ${p.numero}); déjelo vacío o repita el mismo valor`);

    const idTipo = TIPOS[normalizar(c.Tipo)];
    if (!idTipo) error(p.numero, 'Tipo', 'Indique el tipo: 01 factura o 03 boleta de venta');
    const serie = normalizar(c.Serie);
    let idSerie = 0;
    if (!serie) error(p.numero, 'Serie', 'Indique la serie');
    else if (idTipo) {
      idSerie = series.get(claveSerie(idTipo, serie)) ?? 0;
      if (!idSerie) error(p.numero, 'Serie', `La serie ${serie} no existe para ${idTipo === 1003 ? 'facturas' : 'boletas'} en sus sucursales, o está inactiva`);
    }
    let fecha = hoy;
    if (c.FechaEmision) {
      const f = fechaDeTexto(c.FechaEmision);
      if (!f || !valida(f)) error(p.numero, 'FechaEmision', 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA');
      else fecha = f;
    }
    const moneda = c.Moneda ? MONEDAS[normalizar(c.Moneda)] : 1;
    if (!moneda) error(p.numero, 'Moneda', 'Moneda: PEN (soles) o USD (dólares)');

    const hayCliente = !!(c.TipoDocCliente || c.NumeroDocCliente || c.Cliente);
    let idTipoDocCliente = 0;
    if (hayCliente) {
      idTipoDocCliente = TIPOS_DOC_CLIENTE[normalizar(c.TipoDocCliente)] ?? 0;
      if (!idTipoDocCliente) error(p.numero, 'TipoDocCliente', 'Tipo de documento del cliente: RUC, DNI, CE o PASAPORTE');
    }

    // A line with a catalogue code takes what it leaves blank from the item (description, unit, price, affectation).
    const catalogo = g.map((f) => (f.v.CodigoItem ? items.get(normalizar(f.v.CodigoItem)) : undefined));
    g.forEach((f, i) => {
      const it = catalogo[i];
      if (!it) return;
      if (!f.v.Descripcion) f.v.Descripcion = it.descripcion;
      if (!f.v.Unidad) f.v.Unidad = it.codigoUnidad;
      if (!f.v.Afectacion) f.v.Afectacion = it.afectacionIgv;
      if (!f.v.PrecioUnitario && it.precioIncluyeIgv) f.v.PrecioUnitario = new Decimal(it.precio).toFixed();
    });
    const valorDeCatalogo = (i: number) => {
      const it = catalogo[i];
      return !g[i].v.PrecioUnitario && it && !it.precioIncluyeIgv ? new Decimal(it.precio).toFixed() : undefined;
    };
    g.forEach((f, i) => {
      const precio = f.v.PrecioUnitario || valorDeCatalogo(i);
      if (precio && /^\d+(\.\d+)?$/.test(precio) && !new Decimal(precio).gt(0)) error(f.numero, 'PrecioUnitario', 'El precio unitario debe ser mayor que cero');
      if (!precio) error(f.numero, 'PrecioUnitario', 'Indique el precio unitario (con IGV)');
      if (!f.v.Cantidad) error(f.numero, 'Cantidad', 'Indique la cantidad');
      if (!f.v.Descripcion) error(f.numero, 'Descripcion', 'Indique la descripción');
    });
    if (errores.length > antes) continue;

    const solicitud: TDocumentoContableCrear = {
      IdTipoDocumento: idTipo as TDocumentoContableCrear['IdTipoDocumento'],
      IdSerie: idSerie,
      IdMoneda: moneda,
      IdCondicionPago: 1,
      FechaEmision: fecha,
      ...(c.Observaciones ? { Observaciones: c.Observaciones } : {}),
      ListaItems: g.map((f, i) => ({
        ...(catalogo[i] ? { IdItem: catalogo[i].id } : {}),
        ...(f.v.CodigoItem ? { CodigoItem: f.v.CodigoItem } : {}),
        ItemDescripcion: f.v.Descripcion,
        CodigoUnidad: normalizar(f.v.Unidad) || 'NIU',
        Cantidad: f.v.Cantidad,
        // Catalogue items priced without IGV travel as their value (the engine adds the tax).
        ...(valorDeCatalogo(i) ? { ValorUnitario: valorDeCatalogo(i) } : { PrecioUnitario: f.v.PrecioUnitario }),
        TipoAfectacion: f.v.Afectacion || '10',
      })),
      ListaEntidades: hayCliente
        ? [
            {
              TipoEntidad: 2,
              IdTipoDocumento: idTipoDocCliente,
              NumeroDocumento: c.NumeroDocCliente,
              RazonSocial: c.Cliente,
              ...(c.DireccionCliente ? { Direccion: c.DireccionCliente } : {}),
              ...(c.CorreoCliente ? { CorreoEntidadReceptor: c.CorreoCliente } : {}),
            },
          ]
        : [],
    };
    documentos.push({ clave, filas: g.map((f) => f.numero), solicitud });
  }
  return { documentos, errores, letras };
}

const CAMPO_ITEM: Record<string, TClaveColumnaMasivo> = {
  CodigoItem: 'CodigoItem', ItemDescripcion: 'Descripcion', CodigoUnidad: 'Unidad', Cantidad: 'Cantidad', PrecioUnitario: 'PrecioUnitario',
  ValorUnitario: 'PrecioUnitario', Descuento: 'PrecioUnitario', TipoAfectacion: 'Afectacion', PorcentajeIgv: 'Afectacion', CodigoProductoSunat: 'CodigoItem',
};
const CAMPO_CLIENTE: Record<string, TClaveColumnaMasivo> = {
  IdTipoDocumento: 'TipoDocCliente', NumeroDocumento: 'NumeroDocCliente', RazonSocial: 'Cliente', Direccion: 'DireccionCliente', CorreoEntidadReceptor: 'CorreoCliente',
};
const CAMPO_CABECERA: Record<string, TClaveColumnaMasivo> = {
  IdTipoDocumento: 'Tipo', Empresa: 'Tipo', IdSerie: 'Serie', FechaEmision: 'FechaEmision', FechaVencimiento: 'FechaEmision', IdMoneda: 'Moneda',
  Observaciones: 'Observaciones',
};

/** A field of the issuing contract ("ListaItems.1.Cantidad") -> the Excel row and column of that document. */
export function ubicarCampo(campo: string, filas: number[]): { fila: number; clave: TClaveColumnaMasivo } {
  const p = campo.split('.');
  if (p[0] === 'ListaItems') {
    const i = Number(p[1]);
    const fila = Number.isInteger(i) && filas[i] !== undefined ? filas[i] : filas[0];
    return { fila, clave: CAMPO_ITEM[p[2] ?? ''] ?? 'Descripcion' };
  }
  if (p[0] === 'ListaEntidades') return { fila: filas[0], clave: CAMPO_CLIENTE[p[p.length - 1]] ?? 'TipoDocCliente' };
  return { fila: filas[0], clave: CAMPO_CABECERA[p[0]] ?? 'Documento' };
}
