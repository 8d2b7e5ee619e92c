import { TipoEmpresa } from '@yupana/contracts';
import dayjs from 'dayjs';

export function fechaHora(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : '—';
}

/** An amount with its currency symbol, joined by a non-breaking space so "S/" never wraps away from the figure. */
export function importe(simbolo: string, valor: string): string {
  return simbolo ? `${simbolo}\u00a0${valor}` : valor;
}

/** Groups the integer part of a plain decimal text in thousands (es-PE: "1,234.50"), digits untouched. */
function agrupar(texto: string): string {
  const [entero, decimales] = texto.split('.');
  const signo = entero.startsWith('-') ? '-' : '';
  const digitos = signo ? entero.slice(1) : entero;
  return `${signo}${digitos.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimales !== undefined ? `.${decimales}` : ''}`;
}

/**
 * A money amount for display from its decimal text (as the API sends it), rounded half up to `decimales` and
 * grouped in thousands, without passing through binary floating point ("1234.565" -> "1,234.57").
 */
export function monto(valor: string | { toFixed(n: number): string }, decimales = 2): string {
  const texto = typeof valor === 'string' ? redondear(valor.trim(), decimales) : valor.toFixed(decimales);
  return agrupar(texto);
}

/** A quantity as typed (up to 10 decimals), grouped in thousands, without trailing zeros ("1500.500" -> "1,500.5"). */
export function cantidad(valor: string): string {
  const t = valor.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return t;
  return agrupar(t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t);
}

/** Half-up rounding of a plain decimal text ("12.345" -> "12.35"), by digits. Anything else is returned as it came. */
function redondear(t: string, decimales: number): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
  if (!m) return t;
  const [, signo, entero, frac = ''] = m;
  const relleno = (frac + '0'.repeat(decimales + 1)).slice(0, decimales + 1);
  let digitos = BigInt(entero + relleno.slice(0, decimales));
  if (Number(relleno[decimales]) >= 5) digitos += 1n;
  const s = digitos.toString().padStart(decimales + 1, '0');
  const resultado = decimales ? `${s.slice(0, -decimales)}.${s.slice(-decimales)}` : s;
  return digitos === 0n ? resultado : `${signo}${resultado}`;
}

export function fecha(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY') : '—';
}

export const NOMBRE_TIPO_EMPRESA: Record<number, string> = {
  [TipoEmpresa.CON_RUC]: 'Empresa con RUC',
  [TipoEmpresa.DEMO]: 'Cuenta demo',
  [TipoEmpresa.SIN_RUC]: 'Empresa sin RUC (comprobantes no tributarios)',
};

export const NOMBRE_ESTADO_USUARIO: Record<number, { texto: string; color: string }> = {
  0: { texto: 'Inactivo', color: 'default' },
  1: { texto: 'Activo', color: 'green' },
  2: { texto: 'Eliminado', color: 'red' },
  3: { texto: 'Invitación pendiente', color: 'gold' },
};
