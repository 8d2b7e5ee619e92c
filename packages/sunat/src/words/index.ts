// Importe en letras para la leyenda 1000 ("SON: CIENTO DIECIOCHO CON 00/100 SOLES"). Isomórfico.
import Decimal from 'decimal.js';

const UNIDADES = ['', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE', 'DIEZ', 'ONCE', 'DOCE',
  'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE', 'VEINTE', 'VEINTIUNO', 'VEINTIDÓS',
  'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE'];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS',
  'OCHOCIENTOS', 'NOVECIENTOS'];

/** 0..999 en letras; `apocopar` da "UN"/"VEINTIÚN" delante de MIL/MILLONES. */
function centenas(n: number, apocopar: boolean): string {
  if (n === 100) return 'CIEN';
  const c = Math.floor(n / 100);
  const r = n % 100;
  const partes: string[] = [];
  if (c) partes.push(CENTENAS[c]);
  if (r) {
    let t: string;
    if (r < 30) t = UNIDADES[r];
    else {
      const d = Math.floor(r / 10), u = r % 10;
      t = u ? `${DECENAS[d]} Y ${UNIDADES[u]}` : DECENAS[d];
    }
    if (apocopar) t = t.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
    partes.push(t);
  }
  return partes.join(' ');
}

/** Entero no negativo (hasta 999 999 999 999) en letras mayúsculas. */
export function enteroEnLetras(valor: number): string {
  if (!Number.isSafeInteger(valor) || valor < 0 || valor > 999_999_999_999) throw new RangeError(`importe fuera de rango: ${valor}`);
  if (valor === 0) return 'CERO';
  const millones = Math.floor(valor / 1_000_000);
  const miles = Math.floor((valor % 1_000_000) / 1000);
  const resto = valor % 1000;
  const partes: string[] = [];
  if (millones) {
    partes.push(millones === 1 ? 'UN MILLÓN' : `${millonesEnLetras(millones)} MILLONES`);
  }
  if (miles) partes.push(miles === 1 ? 'MIL' : `${centenas(miles, true)} MIL`);
  if (resto) partes.push(centenas(resto, false));
  return partes.join(' ');
}

function millonesEnLetras(n: number): string {
  // n < 1 000 000: la parte de miles también se apocopa ("VEINTIÚN MIL MILLONES").
  const miles = Math.floor(n / 1000), resto = n % 1000;
  const partes: string[] = [];
  if (miles) partes.push(miles === 1 ? 'MIL' : `${centenas(miles, true)} MIL`);
  if (resto) partes.push(centenas(resto, true));
  return partes.join(' ');
}

export const NOMBRE_MONEDA: Record<string, string> = {
  PEN: 'SOLES',
  USD: 'DÓLARES AMERICANOS',
  EUR: 'EUROS',
};

/** Leyenda 1000: "SON: <ENTERO> CON <CC>/100 <MONEDA>". El importe se redondea a 2 decimales (mitad hacia arriba). */
export function montoEnLetras(importe: Decimal.Value, moneda: string): string {
  const d = new Decimal(importe).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (d.isNegative()) throw new RangeError('el importe no puede ser negativo');
  const entero = d.trunc();
  const centimos = d.minus(entero).times(100).toFixed(0).padStart(2, '0');
  const nombre = NOMBRE_MONEDA[moneda] ?? moneda;
  return `SON: ${enteroEnLetras(entero.toNumber())} CON ${centimos}/100 ${nombre}`;
}
