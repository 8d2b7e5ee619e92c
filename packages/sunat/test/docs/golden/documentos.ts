// The documents of the byte-identity test (golden.test.ts): every example plus deterministic variants of the
// comprobantes (01, 03, 07, 08) that move quantities and prices through the rounding cases (half cents, 10-decimal
// quantities and unit values, prices with IGV, many lines). The golden files were written by the implementation
// before issue 17's speed work; any change of a byte in them must be deliberate.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calcularTotales, validarDocumento, type TEntradaTotales } from '../../../src';

export const dirEjemplos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples');
export const dirGolden = path.dirname(fileURLToPath(import.meta.url));

export const ejemplos = (): { nombre: string; entrada: Record<string, unknown> }[] =>
  readdirSync(dirEjemplos).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ nombre: f.replace(/\.json$/, ''), entrada: JSON.parse(readFileSync(path.join(dirEjemplos, f), 'utf8')) }));

/** Small deterministic generator (mulberry32): the same variants on every run and machine. */
function aleatorio(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A decimal string with up to `decimales` places, built from integers (never from a float's digits). */
function decimal(r: () => number, maxEntero: number, decimales: number): string {
  const entero = Math.floor(r() * maxEntero);
  const d = Math.floor(r() * (decimales + 1));
  if (d === 0) return String(Math.max(entero, 1));
  let frac = '';
  for (let i = 0; i < d; i++) frac += String(Math.floor(r() * 10));
  // Half-cent endings are the case that matters for ROUND_HALF_UP: make them frequent.
  if (d >= 3 && r() < 0.4) frac = `${frac.slice(0, 2)}5`;
  return `${entero}.${frac}`;
}

type TItem = Record<string, unknown>;

/** Variants of a comprobante: its items with other quantities and prices (same shape: ISC, ICBPER, discounts...). */
export function variantes(nombre: string, entrada: Record<string, unknown>, cuantas: number): { nombre: string; entrada: Record<string, unknown> }[] {
  const r = aleatorio([...nombre].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
  const items = entrada.items as TItem[];
  // A boleta without a customer may not exceed S/ 700: its variants stay small.
  const chica = entrada.tipo === '03' && !entrada.cliente;
  const maxPrecio = chica ? Math.floor(250 / items.length) + 1 : 500;
  return Array.from({ length: cuantas }, (_, k) => {
    const nuevos = items.map((it) => {
      const x: TItem = { ...it, cantidad: decimal(r, chica ? 2 : k % 3 === 0 ? 1000 : 20, k % 4 === 0 ? 10 : 3) };
      if (it.valorUnitario !== undefined) x.valorUnitario = decimal(r, maxPrecio, k % 5 === 0 ? 10 : 4);
      if (it.precioUnitario !== undefined) x.precioUnitario = decimal(r, maxPrecio, k % 2 === 0 ? 2 : 4);
      if (it.valorReferencial !== undefined) x.valorReferencial = decimal(r, 300, 3);
      return x;
    });
    // Sometimes repeat the lines (the header taxes are sums of line taxes: many lines move them).
    const repetidas = k % 6 === 5 && !chica && items.length < 20 ? Array.from({ length: 7 }, () => nuevos).flat() : nuevos;
    return { nombre: `${nombre}~${k}`, entrada: conCuotasCuadradas({ ...entrada, items: repetidas }) };
  });
}

/**
 * A sale on credit must have its instalments add up to the net amount due: the variant's single instalment is that
 * amount (computed by the engine under test; if it changed, the variant's output would change too and the test fail).
 */
function conCuotasCuadradas(entrada: Record<string, unknown>): Record<string, unknown> {
  const fp = entrada.formaPago as { tipo: string; cuotas?: { monto: string; fechaVencimiento: string }[] } | undefined;
  if (fp?.tipo !== 'Credito' || entrada.tipo === '07' || !fp.cuotas?.length) return entrada;
  const r = validarDocumento(entrada);
  if (!r.ok) return entrada;
  const neto = calcularTotales(r.documento as TEntradaTotales).netoPendiente.toFixed(2);
  return { ...entrada, formaPago: { tipo: 'Credito', cuotas: [{ monto: neto, fechaVencimiento: fp.cuotas[0].fechaVencimiento }] } };
}
