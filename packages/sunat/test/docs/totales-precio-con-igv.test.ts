// Ítems con precio final (IGV incluido): el total del comprobante es la suma de las líneas impresas, sin rechazos ni
// observaciones de SUNAT. Cada expectativa lleva su cuenta hecha a mano en el comentario.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validarDocumento, type TBoleta, type TFactura } from '../../src/model';
import { calcularTotales, totalesEnTexto, type TEntradaTotales, type TItemEntrada, type TTotales } from '../../src/totals';
import { documentoResumenDe } from '../../src/totals/resumen';
import { construirXml } from '../../src/ubl';

const dirEjemplos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');
const ejemplo = <T>(nombre: string) => {
  const r = validarDocumento(JSON.parse(readFileSync(path.join(dirEjemplos, `${nombre}.json`), 'utf8')));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.documento as T;
};
const conPrecio = (n: number, precioUnitario: string, extra: Partial<TItemEntrada> = {}): TItemEntrada[] =>
  Array.from({ length: n }, () => ({ cantidad: '1', precioUnitario, afectacion: '10', ...extra }));
const doc = (items: TItemEntrada[], extra: Partial<TEntradaTotales> = {}): TEntradaTotales => ({
  fechaEmision: '2026-11-20', moneda: 'PEN', items, ...extra,
});
const s = (d: { toFixed(n: number): string }) => d.toFixed(2);
/** Lo que imprime cada línea: valor de venta + sus impuestos. */
const sumaLineasImpresas = (t: TTotales) => s(t.lineas.reduce((a, l) => a.plus(l.valorVenta).plus(l.totalImpuestos), t.valorVenta.times(0)));
/** Cuántas líneas llevan cada reparto valor + IGV. */
const repartos = (t: TTotales) => {
  const m: Record<string, number> = {};
  for (const l of t.lineas) m[`${s(l.valorVenta)}+${s(l.igv)}`] = (m[`${s(l.valorVenta)}+${s(l.igv)}`] ?? 0) + 1;
  return m;
};

describe('boleta de 40 panes a S/ 2.50 con IGV (examples/boleta-precio-con-igv-muchas-lineas.json)', () => {
  const boleta = ejemplo<TBoleta>('boleta-precio-con-igv-muchas-lineas');
  const t = calcularTotales(boleta);

  it('cada línea es 2.12 + 0.38 = 2.50; IGV 40 × 0.38 = 15.20; total 100.00 (antes 100.06)', () => {
    // 2.50 / 1.18 = 2.1186… -> 2.12; IGV = 2.50 - 2.12 = 0.38
    expect(repartos(t)).toEqual({ '2.12+0.38': 40 });
    expect(s(t.gravado)).toBe('84.80');
    // 18 % de 84.80 = 15.264: el IGV de cabecera 15.20 está a 0.064 (tolerancia de SUNAT ±1, reglas 4290 y 4310 en la
    // boleta). Recalcularlo sobre la base daba 15.26 y un total de 100.06 que el cajero no cobró.
    expect(s(t.igv)).toBe('15.20');
    expect(s(t.importeTotal)).toBe('100.00');
    expect(sumaLineasImpresas(t)).toBe('100.00');
    expect(t.leyendaMonto).toBe('SON: CIEN CON 00/100 SOLES');
    expect(t.lineas.every((l) => l.precioUnitario.toFixed() === '2.5')).toBe(true);
  });

  it('totalesEnTexto, el XML y la línea del resumen diario dicen lo mismo', () => {
    expect(totalesEnTexto(t)).toMatchObject({ gravado: '84.80', igv: '15.20', totalImpuestos: '15.20', precioVenta: '100.00', importeTotal: '100.00' });
    const { xml } = construirXml(boleta);
    expect(xml).toContain('<cac:TaxTotal><cbc:TaxAmount currencyID="PEN">15.20</cbc:TaxAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="PEN">100.00</cbc:PayableAmount>');
    expect(xml.match(/<cbc:LineExtensionAmount currencyID="PEN">2\.12</g)).toHaveLength(40);
    expect(documentoResumenDe(boleta, '1')).toMatchObject({ importeTotal: '100.00', gravado: '84.80', igv: '15.20' });
  });
});

describe('muchas líneas con precio final: el redondeo se reparte entre ellas', () => {
  it('750 × S/ 1.00: 559 líneas 0.85 + 0.15 y 191 líneas 0.84 + 0.16; IGV 114.41; total 750.00 (antes 752.25)', () => {
    const t = calcularTotales(doc(conPrecio(750, '1.00'), { tipo: '03', cliente: { tipoDocumento: '1' } }));
    // Cada línea sola sería 0.85 + 0.15 (1 / 1.18 = 0.8474…), pero 750 × 0.15 = 112.50 frente a 18 % de 637.50 = 114.75:
    // desvío 2.25, fuera de la tolerancia ±1 (la factura se rechaza por 3291; la boleta se observa por 4290). El valor
    // se redondea entonces de forma acumulada: la suma de valores es 750 / 1.18 = 635.5932… -> 635.59, así que
    // (637.50 - 635.59) / 0.01 = 191 líneas quedan en 0.84 + 0.16. Cada línea sigue siendo 1.00.
    expect(repartos(t)).toEqual({ '0.85+0.15': 559, '0.84+0.16': 191 });
    expect(s(t.gravado)).toBe('635.59');
    expect(s(t.igv)).toBe('114.41'); // 18 % de 635.59 = 114.4062
    expect(s(t.importeTotal)).toBe('750.00');
    expect(sumaLineasImpresas(t)).toBe('750.00');
    // Cada valor de línea queda a menos de un céntimo del exacto (regla 3103: IGV de línea vs base × tasa, ±1).
    expect(t.lineas.every((l) => l.valorVenta.minus('0.8474576271').abs().lt('0.01'))).toBe(true);
  });

  it('S/ 0.10 con IGV imprime 0.10: valor 0.08 + IGV 0.02 (antes 0.08 + 0.01 = 0.09)', () => {
    const t = calcularTotales(doc(conPrecio(1, '0.10')));
    expect(repartos(t)).toEqual({ '0.08+0.02': 1 }); // 0.10 / 1.18 = 0.0847 -> 0.08; 18 % de 0.08 = 0.0144 (±1 en 3103)
    expect(s(t.importeTotal)).toBe('0.10');
  });

  it('solo se reparte lo que tiene precio final: un ítem con valor unitario conserva su IGV', () => {
    const t = calcularTotales(doc([...conPrecio(750, '1.00'), { cantidad: '1', valorUnitario: '0.25', afectacion: '10' }]));
    expect(s(t.lineas[750].valorVenta)).toBe('0.25');
    expect(s(t.lineas[750].igv)).toBe('0.05'); // 0.045 -> 0.05
    // 635.59 + 0.25 = 635.84; IGV 114.41 + 0.05 = 114.46 (18 % de 635.84 = 114.4512); total 750 + 0.30
    expect(s(t.igv)).toBe('114.46');
    expect(s(t.importeTotal)).toBe('750.30');
  });

  it('IVAP con precio final: 30 × S/ 1.00 = 0.96 + 0.04 por línea; IVAP 1.20; total 30.00 (antes 29.95)', () => {
    const t = calcularTotales(doc(conPrecio(30, '1.00', { afectacion: '17' })));
    expect(repartos(t)).toEqual({ '0.96+0.04': 30 }); // 1 / 1.04 = 0.9615 -> 0.96
    expect(s(t.ivap)).toBe('28.80');
    expect(s(t.montoIvap)).toBe('1.20'); // 4 % de 28.80 = 1.152 (4302: ±1)
    expect(s(t.importeTotal)).toBe('30.00');
  });
});

describe('precio con y sin IGV en la misma factura', () => {
  it('2 × 50 sin IGV + 20 × 2.50 con IGV + exonerado de 10: total 178.00 = 118 + 50 + 10', () => {
    const t = calcularTotales(doc([
      { cantidad: '2', valorUnitario: '50', afectacion: '10' }, // 100.00 + 18.00
      ...conPrecio(20, '2.50'), // 20 × (2.12 + 0.38) = 42.40 + 7.60
      { cantidad: '1', precioUnitario: '10.00', afectacion: '20' }, // exonerado: el precio es el valor
    ], { tipo: '01' }));
    expect(s(t.gravado)).toBe('142.40');
    expect(s(t.igv)).toBe('25.60'); // 18.00 + 7.60; 18 % de 142.40 = 25.632 (antes 25.63 y total 178.03)
    expect(s(t.exonerado)).toBe('10.00');
    expect(s(t.importeTotal)).toBe('178.00');
    expect(sumaLineasImpresas(t)).toBe('178.00');
  });

  it('ejemplo factura-precio-con-igv-muchas-lineas: 150 × 3.50 con IGV + 2 × 100 sin IGV = 761.00', () => {
    const t = calcularTotales(ejemplo<TFactura>('factura-precio-con-igv-muchas-lineas'));
    // 3.50 / 1.18 = 2.9661… -> 2.97 + 0.53; 150 líneas así dan IGV 79.50 frente a 18 % de 445.50 = 80.19 (desvío 0.69):
    // se reparte. 150 × 2.9661… = 444.9152 -> 444.92, así que (445.50 - 444.92) / 0.01 = 58 líneas quedan en 2.96 + 0.54.
    expect(repartos(t)).toEqual({ '2.97+0.53': 92, '2.96+0.54': 58, '200.00+36.00': 1 });
    expect(s(t.gravado)).toBe('644.92'); // 444.92 + 200
    expect(s(t.igv)).toBe('116.08'); // 80.08 + 36; 18 % de 644.92 = 116.0856
    expect(s(t.importeTotal)).toBe('761.00'); // 150 × 3.50 + 236
    expect(sumaLineasImpresas(t)).toBe('761.00');
  });
});

describe('ajustes globales que afectan la base (02, 49) y anticipos (04) con precio final', () => {
  it('descuento 02 del 10 % sobre los 40 panes: base 84.80 - 8.48 = 76.32; IGV 15.20 - 1.53 = 13.67; total 89.99', () => {
    const t = calcularTotales(doc(conPrecio(40, '2.50'), { descuentosGlobales: [{ codigo: '02', factor: '0.10' }] }));
    expect(s(t.ajustesGlobales[0].monto)).toBe('8.48');
    expect(s(t.gravado)).toBe('76.32');
    // el IGV del descuento es 18 % de 8.48 = 1.5264 -> 1.53; 18 % de 76.32 = 13.7376 (3291: ±1)
    expect(s(t.igv)).toBe('13.67');
    expect(s(t.importeTotal)).toBe('89.99');
  });

  it('cargo 49 de 5.00: IGV 15.20 + 0.90 = 16.10; total 105.90', () => {
    const t = calcularTotales(doc(conPrecio(40, '2.50'), { cargosGlobales: [{ codigo: '49', monto: '5' }] }));
    expect(s(t.gravado)).toBe('89.80');
    expect(s(t.igv)).toBe('16.10'); // 18 % de 89.80 = 16.164
    expect(s(t.importeTotal)).toBe('105.90');
  });

  it('anticipo de 11.80 (valor 10.00): IGV 15.20 - 1.80 = 13.40; precio de venta 100.00; a pagar 88.20', () => {
    const t = calcularTotales(doc(conPrecio(40, '2.50'), { anticipos: [{ monto: '11.80', afectacion: '10' }] }));
    expect(s(t.gravado)).toBe('74.80');
    expect(s(t.igv)).toBe('13.40'); // 18 % de 74.80 = 13.464
    expect(s(t.precioVenta)).toBe('100.00'); // 84.80 + 15.20: SUNAT (3279) lo compara con la base sin el anticipo
    expect(s(t.importeTotal)).toBe('88.20'); // = 74.80 + 13.40
  });
});

describe('fuera de la tolerancia se usa base × tasa', () => {
  it('250 ítems con valor unitario 0.25: IGV de línea 0.05 suma 12.50, pero 18 % de 62.50 = 11.25 -> se usa 11.25', () => {
    // Con valor unitario no hay precio que respetar: el IGV de cada línea es el de su base (0.045 -> 0.05) y el desvío
    // de 1.25 superaría la tolerancia (3291 rechaza la factura), así que la cabecera lleva 18 % de la base.
    const t = calcularTotales(doc(Array.from({ length: 250 }, () => ({ cantidad: '1', valorUnitario: '0.25', afectacion: '10' }))));
    expect(s(t.igv)).toBe('11.25');
    expect(s(t.importeTotal)).toBe('73.75');
  });
});
