// Textos y formatos de la representación impresa (es-PE): importes "1,234.56", fechas dd/MM/aaaa, títulos por tipo.
import Decimal from 'decimal.js';
import type { TTipoImpresion } from './impresion.types';

/** Importe con separador de miles es-PE y 2 decimales, sin pasar por float ("1234.5" -> "1,234.50"). */
export function formatearMonto(valor: Decimal.Value, decimales = 2): string {
  const fijo = new Decimal(valor).toDecimalPlaces(decimales, Decimal.ROUND_HALF_UP).toFixed(decimales);
  const negativo = fijo.startsWith('-');
  const [entero, fraccion] = (negativo ? fijo.slice(1) : fijo).split('.');
  const agrupado = entero.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negativo ? '-' : ''}${agrupado}${fraccion !== undefined ? `.${fraccion}` : ''}`;
}

/**
 * Cantidades y valores unitarios: al menos `minimo` decimales y los significativos hasta 10 (SUNAT admite 10),
 * para que 2.5 se lea "2.50" y 0.3333333333 no se pierda.
 */
export function formatearCantidad(valor: Decimal.Value, minimo = 2): string {
  const d = new Decimal(valor);
  const decimales = Math.max(minimo, Math.min(10, d.decimalPlaces()));
  return formatearMonto(d, decimales);
}

/** "2026-11-20" -> "20/11/2026". */
export function formatearFecha(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new RangeError(`Fecha no válida: ${iso}`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

export const SIMBOLO_MONEDA: Record<string, string> = { PEN: 'S/', USD: 'US$', EUR: '€' };
export const NOMBRE_MONEDA: Record<string, string> = { PEN: 'SOLES', USD: 'DÓLARES AMERICANOS', EUR: 'EUROS' };

export const simboloMoneda = (moneda: string) => SIMBOLO_MONEDA[moneda] ?? moneda;

/** Título del recuadro, en líneas. */
export const TITULO_DOCUMENTO: Record<TTipoImpresion, string[]> = {
  '01': ['FACTURA ELECTRÓNICA'],
  '03': ['BOLETA DE VENTA', 'ELECTRÓNICA'],
  '07': ['NOTA DE CRÉDITO', 'ELECTRÓNICA'],
  '08': ['NOTA DE DÉBITO', 'ELECTRÓNICA'],
  '09': ['GUÍA DE REMISIÓN', 'REMITENTE ELECTRÓNICA'],
  '31': ['GUÍA DE REMISIÓN TRANSPORTISTA', 'ELECTRÓNICA'],
  NV: ['NOTA DE VENTA'],
};

/** Nombre en la leyenda "Representación impresa de la ...". */
export const NOMBRE_LEGAL: Record<Exclude<TTipoImpresion, 'NV'>, string> = {
  '01': 'FACTURA ELECTRÓNICA',
  '03': 'BOLETA DE VENTA ELECTRÓNICA',
  '07': 'NOTA DE CRÉDITO ELECTRÓNICA',
  '08': 'NOTA DE DÉBITO ELECTRÓNICA',
  '09': 'GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE',
  '31': 'GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA',
};

export const LEYENDA_NOTA_VENTA = 'DOCUMENTO INTERNO SIN VALOR TRIBUTARIO: NO ES UN COMPROBANTE DE PAGO. Solicite su boleta o factura.';

/** Dónde se verifica la validez de un comprobante electrónico si la empresa no publica su propia consulta. */
export const URL_CONSULTA_SUNAT = 'https://e-consulta.sunat.gob.pe/ol-ti-itconsvalicpe/ConsValiCpe.htm';

export function leyendaRepresentacion(tipo: TTipoImpresion): string {
  return tipo === 'NV' ? LEYENDA_NOTA_VENTA : `Representación impresa de la ${NOMBRE_LEGAL[tipo]}`;
}

/** Etiqueta corta del documento de identidad (catálogo 06). */
const ETIQUETA_DOCUMENTO: Record<string, string> = {
  '0': 'DOC. NO DOM.',
  '1': 'DNI',
  '4': 'CARNET EXT.',
  '6': 'RUC',
  '7': 'PASAPORTE',
  A: 'CÉD. DIPLOM.',
  B: 'DOC. PAÍS RES.',
  C: 'TIN',
  D: 'IN',
  E: 'TAM',
  F: 'PTP',
  G: 'SALVOCOND.',
  '-': 'DOC.',
};
export const etiquetaDocumento = (tipo: string) => ETIQUETA_DOCUMENTO[tipo] ?? 'DOC.';

/** "-" es el número que SUNAT admite para un comprador sin identificar (CLIENTES VARIOS): no se imprime. */
export const tieneDocumento = (numero: string) => numero.trim() !== '' && numero.trim() !== '-';

/** Abreviatura de unidad que entiende un cliente peruano; si no está, el código del catálogo 03. */
const UNIDAD_CORTA: Record<string, string> = {
  NIU: 'UND', ZZ: 'SERV', KGM: 'KG', GRM: 'G', TNE: 'TN', LTR: 'L', MLT: 'ML', MTR: 'M', MTK: 'M2', MTQ: 'M3',
  BX: 'CAJA', PK: 'PAQ', DZN: 'DOC', GLL: 'GAL', BG: 'BOLSA', BO: 'BOT', HUR: 'HORA', DAY: 'DÍA', MON: 'MES',
  SET: 'JGO', PR: 'PAR', CMT: 'CM', MMT: 'MM', FOT: 'PIE', INH: 'PULG', CEN: 'CIENTO', MIL: 'MILLAR', 'C62': 'UND',
};
export const unidadCorta = (codigo: string) => UNIDAD_CORTA[codigo] ?? codigo;

/** Documento relacionado por código (catálogos 01 y 12) para las líneas de referencia. */
const NOMBRE_TIPO: Record<string, string> = {
  '01': 'FACTURA', '03': 'BOLETA DE VENTA', '07': 'NOTA DE CRÉDITO', '08': 'NOTA DE DÉBITO',
  '09': 'GUÍA DE REMISIÓN REMITENTE', '31': 'GUÍA DE REMISIÓN TRANSPORTISTA', '02': 'FACTURA (ANTICIPO)',
  '04': 'LIQUIDACIÓN DE COMPRA', '12': 'TICKET', '50': 'DAM', '52': 'DS',
};
export const nombreTipoDocumento = (codigo: string) => NOMBRE_TIPO[codigo] ?? `DOCUMENTO ${codigo}`;

/** "F001-123": sin ceros a la izquierda, igual que el ID del XML, el nombre del archivo y la consulta pública. */
export { serieNumero } from '@yupana/contracts';

// Caracteres de Windows-1252 fuera de Latin-1: con Latin-1 forman lo que las fuentes estándar del PDF dibujan.
const EXTRA_WIN_ANSI = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const EQUIVALENTES: Record<string, string> = {
  '≥': '>=', '≤': '<=', '≠': '!=', '−': '-', '‐': '-', '‑': '-', '‒': '-', '―': '-', '⁄': '/', '′': "'", '″': '"',
  'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'Ħ': 'H', 'ħ': 'h', 'ı': 'i', '\u2009': ' ', '\u200a': ' ', '\u202f': ' ',
  '\u2007': ' ', '\u2002': ' ', '\u2003': ' ', '\t': ' ',
};
const representable = (c: string) => {
  const p = c.codePointAt(0)!;
  return c === '\n' || (p >= 0x20 && p <= 0x7e) || (p >= 0xa0 && p <= 0xff) || EXTRA_WIN_ANSI.has(c);
};

/**
 * Texto que las fuentes estándar del PDF (codificación WinAnsi) pueden dibujar. Fuera de ella pdfkit escribe otros
 * glifos ("≥" saldría '"e'): se usa un equivalente, la letra sin su diacrítico (ő -> o) o, si no hay, "?".
 */
export function textoImprimible(texto: string): string {
  let salida = '';
  for (const c of texto.replace(/\r\n?/g, '\n').normalize('NFC')) {
    if (representable(c)) salida += c;
    else if (EQUIVALENTES[c] !== undefined) salida += EQUIVALENTES[c];
    else {
      const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
      salida += base && [...base].every(representable) ? base : '?';
    }
  }
  return salida;
}
