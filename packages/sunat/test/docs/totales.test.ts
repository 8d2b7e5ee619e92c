// Totales contra importes calculados a mano (cada expectativa lleva su cuenta en el comentario).
import { describe, expect, it } from 'vitest';
import { calcularTotales, MENSAJE_FECHA_CUOTA, totalesEnTexto, type TEntradaTotales, type TItemEntrada } from '../../src/totals';

const item = (cantidad: string, valorUnitario: string, extra: Partial<TItemEntrada> = {}): TItemEntrada => ({
  cantidad, valorUnitario, afectacion: '10', ...extra,
});
const doc = (items: TItemEntrada[], extra: Partial<TEntradaTotales> = {}): TEntradaTotales => ({
  fechaEmision: '2026-11-20', moneda: 'PEN', items, ...extra,
});
/** Importes como texto con 2 decimales, para comparar sin floats. */
const s = (d: { toFixed(n: number): string }) => d.toFixed(2);

describe('calcularTotales: IGV por línea y afectaciones del catálogo 07', () => {
  it('gravado simple: 2 × 50 = 100; IGV 18 % = 18; total 118 y leyenda en letras', () => {
    const t = calcularTotales(doc([item('2', '50')]));
    expect(s(t.valorVenta)).toBe('100.00');
    expect(s(t.gravado)).toBe('100.00');
    expect(s(t.igv)).toBe('18.00');
    expect(s(t.precioVenta)).toBe('118.00');
    expect(s(t.importeTotal)).toBe('118.00');
    expect(t.leyendaMonto).toBe('SON: CIENTO DIECIOCHO CON 00/100 SOLES');
    // precio unitario con IGV = 118 / 2 = 59
    expect(t.lineas[0].precioUnitario.toFixed()).toBe('59');
    expect(t.problemas).toEqual([]);
  });

  it('gravado + exonerado + inafecto: 35 (IGV 6.30) + 90 + 80 = 211.30', () => {
    const t = calcularTotales(doc([item('10', '3.5'), item('2', '45', { afectacion: '20' }), item('1', '80', { afectacion: '30' })]));
    expect([s(t.gravado), s(t.exonerado), s(t.inafecto)]).toEqual(['35.00', '90.00', '80.00']);
    expect(s(t.igv)).toBe('6.30');
    expect(s(t.importeTotal)).toBe('211.30');
    expect(t.subtotales.map((x) => x.tributo)).toEqual(['1000', '9997', '9998']);
    expect(t.lineas.map((l) => l.tributo)).toEqual(['1000', '9997', '9998']);
  });

  it('exportación (40): 40 × 55.75 + 350 = 2580.00 sin IGV', () => {
    const t = calcularTotales(doc([item('40', '55.75', { afectacion: '40' }), item('1', '350', { afectacion: '40' })], { moneda: 'USD' }));
    expect(s(t.exportacion)).toBe('2580.00');
    expect(s(t.igv)).toBe('0.00');
    expect(s(t.importeTotal)).toBe('2580.00');
    expect(t.leyendaMonto).toBe('SON: DOS MIL QUINIENTOS OCHENTA CON 00/100 DÓLARES AMERICANOS');
  });

  it('IGV a otra tasa por línea (10 %): 15 × 13.6363636364 = 204.55; IGV 20.455 -> 20.46; total 225.01', () => {
    const t = calcularTotales(doc([item('15', '13.6363636364', { porcentajeIgv: '10' })]));
    expect(s(t.gravado)).toBe('204.55');
    expect(s(t.igv)).toBe('20.46');
    expect(s(t.importeTotal)).toBe('225.01');
    expect(t.lineas[0].porcentajeIgv.toFixed()).toBe('10');
  });

  it('IVAP (17): 50 × 120 = 6000; IVAP 4 % = 240; total 6240', () => {
    const t = calcularTotales(doc([item('50', '120', { afectacion: '17' })]));
    expect(s(t.ivap)).toBe('6000.00');
    expect(s(t.montoIvap)).toBe('240.00');
    expect(s(t.igv)).toBe('0.00');
    expect(s(t.importeTotal)).toBe('6240.00');
    expect(t.subtotales.map((x) => x.tributo)).toEqual(['1016']);
  });

  it('precio con IGV: 59.90 -> valor 50.7627118644; 3 u. = 152.29 + IGV 27.41 = 179.70 (lo que paga el cliente)', () => {
    const t = calcularTotales(doc([{ cantidad: '3', precioUnitario: '59.90', afectacion: '10' }]));
    expect(t.lineas[0].valorUnitario.toFixed()).toBe('50.7627118644');
    expect(s(t.lineas[0].valorVenta)).toBe('152.29');
    expect(s(t.lineas[0].igv)).toBe('27.41');
    expect(s(t.importeTotal)).toBe('179.70');
  });
});

describe('calcularTotales: transferencias gratuitas', () => {
  const codigos = ['11', '12', '13', '14', '15', '16', '21', '31', '32', '33', '34', '35', '36', '37'];

  it('factura toda gratuita con cada código: valor referencial 10..23 = 231; IGV informado solo en 11-16 = 13.50; total 0', () => {
    const t = calcularTotales(doc(codigos.map((c, i) => item('1', '0', { afectacion: c, valorReferencial: String(10 + i) }))));
    expect(s(t.gratuito)).toBe('231.00'); // 10 + 11 + ... + 23
    // 18 % de 10, 11, 12, 13, 14, 15 = 1.80 + 1.98 + 2.16 + 2.34 + 2.52 + 2.70
    expect(s(t.igvGratuito)).toBe('13.50');
    expect(t.lineas.map((l) => s(l.igv))).toEqual(['1.80', '1.98', '2.16', '2.34', '2.52', '2.70', ...Array(8).fill('0.00')]);
    expect(t.lineas.every((l) => l.gratuita && l.tributo === '9996' && l.tipoPrecio === '02' && l.valorUnitario.isZero())).toBe(true);
    expect([s(t.valorVenta), s(t.igv), s(t.totalImpuestos), s(t.importeTotal)]).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(t.subtotales).toHaveLength(1);
    expect(t.subtotales[0].tributo).toBe('9996');
    expect(t.leyendaMonto).toBe('SON: CERO CON 00/100 SOLES');
  });

  it('gratuita mixta: 1500 (IGV 270) + bonificación 15 de 80 (IGV informado 14.40) + 5 muestras 33 de 12.50 = 1770 a pagar', () => {
    const t = calcularTotales(doc([
      item('1', '1500'),
      item('1', '0', { afectacion: '15', valorReferencial: '80' }),
      item('5', '0', { afectacion: '33', valorReferencial: '12.5' }),
    ]));
    expect(s(t.gratuito)).toBe('142.50');
    expect(s(t.igvGratuito)).toBe('14.40');
    expect(s(t.igv)).toBe('270.00');
    expect(s(t.importeTotal)).toBe('1770.00');
    expect(s(t.lineas[2].valorVenta)).toBe('62.50');
    expect(t.lineas[2].precioUnitario.toFixed()).toBe('12.5');
  });
});

describe('calcularTotales: ISC e ICBPER', () => {
  it('ISC al valor (01), específico (02) y precio al público (03) con IGV sobre valor + ISC', () => {
    const t = calcularTotales(doc([
      item('24', '4.2', { isc: { sistema: '01', tasa: '30' } }), // 100.80; ISC 30.24; base 131.04; IGV 23.5872 -> 23.59
      item('6', '25', { isc: { sistema: '02', montoFijo: '3.40' } }), // 150; ISC 6 × 3.40 = 20.40; base 170.40; IGV 30.672 -> 30.67
      item('10', '6', { isc: { sistema: '03', tasa: '17', precioPublico: '9.90' } }), // 60; ISC 17 % de 99 = 16.83; base 76.83; IGV 13.83
    ]));
    expect(t.lineas.map((l) => s(l.isc!.monto))).toEqual(['30.24', '20.40', '16.83']);
    expect(t.lineas.map((l) => s(l.baseIgv))).toEqual(['131.04', '170.40', '76.83']);
    expect(t.lineas.map((l) => s(l.igv))).toEqual(['23.59', '30.67', '13.83']);
    expect(s(t.gravado)).toBe('310.80'); // la base informada no incluye el ISC
    expect(s(t.isc)).toBe('67.47');
    expect(s(t.igv)).toBe('68.09'); // 18 % de 378.27 = 68.0886
    expect(s(t.importeTotal)).toBe('446.36'); // 310.80 + 67.47 + 68.09
  });

  it('ICBPER por unidad: 3 bolsas × 0.50 = 1.50 aparte del IGV', () => {
    const t = calcularTotales(doc([item('1', '84.75'), item('3', '0.1', { icbper: { montoUnitario: '0.50' } })]));
    expect(s(t.gravado)).toBe('85.05');
    expect(s(t.igv)).toBe('15.31'); // 18 % de 85.05 = 15.309
    expect(s(t.icbper)).toBe('1.50');
    expect(s(t.totalImpuestos)).toBe('16.81');
    expect(s(t.importeTotal)).toBe('101.86');
    // precio unitario de la bolsa = (0.30 + 0.05 + 1.50) / 3
    expect(t.lineas[1].precioUnitario.toFixed()).toBe('0.6166666667');
  });

  it('precio final con bolsa: (0.62 - 0.50) / 1.18 = 0.1016949153 de valor unitario', () => {
    const t = calcularTotales(doc([{ cantidad: '2', precioUnitario: '0.62', afectacion: '10', icbper: { montoUnitario: '0.50' } }]));
    expect(t.lineas[0].valorUnitario.toFixed()).toBe('0.1016949153');
    expect(s(t.lineas[0].valorVenta)).toBe('0.20');
    expect(s(t.icbper)).toBe('1.00');
    expect(s(t.importeTotal)).toBe('1.24'); // 0.20 + IGV 0.04 + 1.00
  });
});

describe('calcularTotales: descuentos y cargos (catálogo 53)', () => {
  it('por ítem (00, 01, 47, 48) y globales (02, 03, 49, 50)', () => {
    const t = calcularTotales(doc(
      [
        item('2', '2500', { descuentos: [{ codigo: '00', factor: '0.05' }], cargos: [{ codigo: '47', monto: '20' }] }),
        item('5', '40', { descuentos: [{ codigo: '01', monto: '10' }], cargos: [{ codigo: '48', factor: '0.02' }] }),
      ],
      {
        descuentosGlobales: [{ codigo: '02', factor: '0.03' }, { codigo: '03', monto: '15' }],
        cargosGlobales: [{ codigo: '49', monto: '50' }, { codigo: '50', monto: '12.5' }],
      },
    ));
    // línea 1: 5000 - 5 % (250) + 20 = 4770; línea 2: 200 (01 y 48 no tocan la base; 48 = 2 % de 200 = 4)
    expect(t.lineas.map((l) => s(l.valorVenta))).toEqual(['4770.00', '200.00']);
    expect(t.lineas[1].ajustes.map((a) => [a.codigo, s(a.monto)])).toEqual([['01', '10.00'], ['48', '4.00']]);
    // 02: 3 % de 4970 = 149.10; base gravada = 4970 - 149.10 + 50 = 4870.90; IGV = 876.762 -> 876.76
    expect(s(t.ajustesGlobales.find((a) => a.codigo === '02')!.monto)).toBe('149.10');
    expect(s(t.gravado)).toBe('4870.90');
    expect(s(t.igv)).toBe('876.76');
    expect(s(t.valorVenta)).toBe('4870.90');
    expect(s(t.precioVenta)).toBe('5747.66');
    expect(s(t.totalDescuentos)).toBe('25.00'); // 03 (15) + 01 por ítem (10)
    expect(s(t.totalCargos)).toBe('16.50'); // 50 (12.50) + 48 por ítem (4)
    expect(s(t.importeTotal)).toBe('5739.16'); // 5747.66 - 25 + 16.50
  });

  it('descuento del 100 % en una línea: esa línea vale 0 y no lleva IGV', () => {
    const t = calcularTotales(doc([item('1', '120', { descuentos: [{ codigo: '00', factor: '1' }] }), item('1', '100')]));
    expect(s(t.lineas[0].valorVenta)).toBe('0.00');
    expect(s(t.lineas[0].igv)).toBe('0.00');
    expect(s(t.lineas[0].ajustes[0].monto)).toBe('120.00');
    expect(t.lineas[0].precioUnitario.toFixed()).toBe('0');
    expect(s(t.importeTotal)).toBe('118.00');
  });

  it('descuento global del 100 %: base e IGV en cero', () => {
    const t = calcularTotales(doc([item('4', '25')], { descuentosGlobales: [{ codigo: '02', factor: '1' }] }));
    expect([s(t.gravado), s(t.igv), s(t.importeTotal)]).toEqual(['0.00', '0.00', '0.00']);
  });
});

describe('calcularTotales: detracción, anticipos y percepción', () => {
  it('detracción 12 % de 2950 = 354 (en soles y sin decimales); neto pendiente 2596', () => {
    const t = calcularTotales(doc([item('1', '2500')], { detraccion: { porcentaje: '12' } }));
    expect(s(t.importeTotal)).toBe('2950.00');
    expect(s(t.detraccion!.monto)).toBe('354.00');
    expect(s(t.netoPendiente)).toBe('2596.00');
  });

  it('detracción en soles con fracción: 12 % de 1180 = 141.60 -> depósito 142; neto pendiente 1038', () => {
    const t = calcularTotales(doc([item('1', '1000')], { detraccion: { porcentaje: '12' } }));
    expect(s(t.detraccion!.monto)).toBe('142.00');
    expect(s(t.netoPendiente)).toBe('1038.00');
  });

  it('detracción en dólares: se expresa en soles con el tipo de cambio y se redondea al entero', () => {
    // 1180 USD × 10 % = 118 USD × 3.75 = 442.50 -> 443 soles
    const t = calcularTotales(doc([item('1', '1000')], { moneda: 'USD', detraccion: { porcentaje: '10', tipoCambio: '3.75' } }));
    expect(s(t.detraccion!.monto)).toBe('443.00');
    expect(s(t.detraccion!.montoMoneda)).toBe('118.00');
    expect(s(t.netoPendiente)).toBe('1062.00');
    const sinTc = calcularTotales(doc([item('1', '1000')], { moneda: 'USD', detraccion: { porcentaje: '10' } }));
    expect(sinTc.problemas.map((p) => p.campo)).toEqual(['detraccion.tipoCambio']);
  });

  it('anticipo gravado de 2360 (valor 2000): IGV sobre 8000 = 1440; precio de venta 11800; a pagar 9440', () => {
    const t = calcularTotales(doc([item('1', '10000')], { anticipos: [{ monto: '2360.00', afectacion: '10' }] }));
    const a04 = t.ajustesGlobales.find((a) => a.codigo === '04')!;
    expect(s(a04.monto)).toBe('2000.00');
    expect(s(t.gravado)).toBe('8000.00');
    expect(s(t.igv)).toBe('1440.00');
    expect(s(t.valorVenta)).toBe('10000.00');
    expect(s(t.precioVenta)).toBe('11800.00');
    expect(s(t.totalAnticipos)).toBe('2360.00');
    expect(s(t.importeTotal)).toBe('9440.00');
  });

  it('percepción 2 % informativa: 900 + 18 = 918, sin cambiar el importe del comprobante', () => {
    const t = calcularTotales(doc([item('20', '38.135593')], { percepcion: { regimen: '51', porcentaje: '2' } }));
    expect(s(t.gravado)).toBe('762.71'); // 762.71186
    expect(s(t.igv)).toBe('137.29'); // 137.2878
    expect(s(t.importeTotal)).toBe('900.00');
    expect(s(t.percepcion!.monto)).toBe('18.00');
    expect(s(t.percepcion!.totalConPercepcion)).toBe('918.00');
  });

  it('percepción sin porcentaje toma el del régimen en el catálogo 22 (venta interna 2 %)', () => {
    const t = calcularTotales(doc([item('1', '100')], { percepcion: { regimen: '51' } }));
    expect(t.percepcion!.porcentaje.toFixed()).toBe('2');
    expect(s(t.percepcion!.monto)).toBe('2.36');
  });
});

describe('calcularTotales: crédito con cuotas', () => {
  const credito = (cuotas: { monto: string; fechaVencimiento: string }[]) =>
    calcularTotales(doc([item('100', '25.4237288136')], { formaPago: { tipo: 'Credito', cuotas } }));

  it('tres cuotas que suman el neto pendiente (3000.00) y vencen después de la emisión', () => {
    const t = credito([
      { monto: '1000', fechaVencimiento: '2026-12-20' },
      { monto: '1000', fechaVencimiento: '2027-01-20' },
      { monto: '1000', fechaVencimiento: '2027-02-20' },
    ]);
    expect(s(t.importeTotal)).toBe('3000.00'); // 2542.37 + 457.63
    expect(t.cuotas.map((c) => c.numero)).toEqual(['Cuota001', 'Cuota002', 'Cuota003']);
    expect(t.problemas).toEqual([]);
  });

  it('una cuota el mismo día de la emisión da el mensaje de SUNAT', () => {
    const t = credito([{ monto: '3000', fechaVencimiento: '2026-11-20' }]);
    expect(t.problemas).toEqual([{ campo: 'formaPago.cuotas.0.fechaVencimiento', mensaje: MENSAJE_FECHA_CUOTA }]);
    expect(MENSAJE_FECHA_CUOTA).toBe(
      'POR NORMATIVA DE SUNAT LAS FECHAS DE TUS CUOTAS NO PUEDEN SER ANTERIORES O EL MISMO DIA QUE LA FECHA DE EMISIÓN DE TU COMPROBANTE',
    );
    expect(credito([{ monto: '3000', fechaVencimiento: '2026-11-19' }]).problemas[0].mensaje).toBe(MENSAJE_FECHA_CUOTA);
  });

  it('cuotas que no suman el neto pendiente se rechazan', () => {
    const t = credito([{ monto: '2999.99', fechaVencimiento: '2026-12-20' }]);
    expect(t.problemas).toEqual([
      { campo: 'formaPago.cuotas', mensaje: 'La suma de las cuotas (2999.99) debe ser igual al monto neto pendiente de pago (3000.00)' },
    ]);
  });

  it('con detracción las cuotas suman el total menos la detracción', () => {
    const t = calcularTotales(doc([item('1', '5000')], {
      detraccion: { porcentaje: '12' },
      formaPago: { tipo: 'Credito', cuotas: [{ monto: '2596', fechaVencimiento: '2026-12-20' }, { monto: '2596', fechaVencimiento: '2027-01-20' }] },
    }));
    expect(s(t.netoPendiente)).toBe('5192.00'); // 5900 - 708
    expect(t.problemas).toEqual([]);
  });

  it('en la nota de crédito (motivo 13) las cuotas son el nuevo saldo, no el importe de la nota', () => {
    const t = calcularTotales(doc([item('1', '0')], {
      tipo: '07',
      formaPago: { tipo: 'Credito', cuotas: [{ monto: '1500', fechaVencimiento: '2027-01-15' }, { monto: '1500', fechaVencimiento: '2027-02-15' }] },
    }));
    expect(s(t.netoPendiente)).toBe('3000.00');
    expect(t.problemas).toEqual([]);
  });
});

describe('calcularTotales: redondeo', () => {
  it('60 líneas de 0.3333333333: cada una 0.33 (IGV 0.06); el IGV de cabecera es su suma, 3.60, y el total 60 × 0.39', () => {
    const t = calcularTotales(doc(Array.from({ length: 60 }, () => item('1', '0.3333333333'))));
    expect(t.lineas.every((l) => s(l.valorVenta) === '0.33' && s(l.igv) === '0.06')).toBe(true);
    expect(s(t.gravado)).toBe('19.80');
    // Antes se recalculaba 18 % de 19.80 = 3.564 -> 3.56 y el total (23.36) no era la suma de las líneas impresas
    // (60 × 0.39 = 23.40). SUNAT compara el IGV de cabecera con base × tasa con tolerancia ±1 (3291): 3.60 - 3.564 = 0.036.
    expect(s(t.igv)).toBe('3.60');
    expect(s(t.importeTotal)).toBe('23.40');
  });

  it('3 × 0.3333333333 = 0.9999999999 se redondea a 1.00 en la línea', () => {
    const t = calcularTotales(doc([item('3', '0.3333333333')]));
    expect(s(t.lineas[0].valorVenta)).toBe('1.00');
    expect(s(t.importeTotal)).toBe('1.18');
  });

  it('cantidades con 10 decimales: 1234.5678901234 × 3.1415926535 = 3878.50941385866864844190 -> 3878.51', () => {
    const t = calcularTotales(doc([item('1234.5678901234', '3.1415926535'), item('0.0000000001', '100000')]));
    expect(s(t.lineas[0].valorVenta)).toBe('3878.51');
    expect(s(t.lineas[1].valorVenta)).toBe('0.00'); // 0.00001
    expect(s(t.igv)).toBe('698.13'); // 698.1318
    expect(s(t.importeTotal)).toBe('4576.64');
    // (3878.51 + 698.13) / 1234.5678901234 con 10 decimales
    expect(t.lineas[0].precioUnitario.toFixed()).toBe('3.7070784334');
  });

  it('la mitad exacta redondea hacia arriba (no al par): 0.025 -> 0.03; IGV de 0.25 = 0.045 -> 0.05', () => {
    expect(s(calcularTotales(doc([item('1', '0.025', { afectacion: '20' })])).exonerado)).toBe('0.03');
    expect(s(calcularTotales(doc([item('1', '0.25')])).igv)).toBe('0.05');
    expect(s(calcularTotales(doc([item('1', '0.35')])).igv)).toBe('0.06'); // 0.063
  });

  it('no usa floats: 0.1 + 0.2 da 0.30 exacto', () => {
    const t = calcularTotales(doc([item('1', '0.1'), item('1', '0.2')]));
    expect(t.gravado.toString()).toBe('0.3');
  });
});

describe('totalesEnTexto', () => {
  it('devuelve los importes como texto con 2 decimales para JSON', () => {
    const t = totalesEnTexto(calcularTotales(doc([item('2', '50')], { detraccion: { porcentaje: '12' } })));
    expect(t).toMatchObject({ gravado: '100.00', igv: '18.00', importeTotal: '118.00', detraccion: '14.00', percepcion: undefined, netoPendiente: '104.00' }); // 118 - 14 (12 % = 14.16, depósito sin decimales)
    expect(JSON.parse(JSON.stringify(t)).igv).toBe('18.00');
  });
});

describe('calcularTotales: importes fuera de rango son problemas del documento, no excepciones', () => {
  it('un descuento mayor que el valor de la línea: 1 × 10 con descuento 50 da un problema en esa línea', () => {
    const t = calcularTotales(doc([item('1', '10', { descuentos: [{ codigo: '00', monto: '50' }] })]));
    expect(t.problemas).toContainEqual({ campo: 'items.0.descuentos', mensaje: 'El descuento no puede ser mayor que el valor de la línea' });
    expect(t.leyendaMonto).toBe('');
  });

  it('más allá de n(12,2): 100 000 × 100 000 000 = 10^13 es un problema de la línea y del total', () => {
    const t = calcularTotales(doc([item('100000', '100000000')]));
    expect(t.problemas).toContainEqual({ campo: 'items.0.cantidad', mensaje: 'El importe de la línea supera el máximo que admite SUNAT (999,999,999,999.99)' });
    expect(t.problemas).toContainEqual({ campo: 'items', mensaje: 'El importe total supera el máximo que admite SUNAT (999,999,999,999.99)' });
    expect(t.leyendaMonto).toBe('');
  });

  it('dos líneas en rango cuya suma no lo está: solo el total es el problema', () => {
    // 2 × (500 000 000 000 + IGV 90 000 000 000) = 1 180 000 000 000 > 999 999 999 999.99
    const t = calcularTotales(doc([item('1', '500000000000'), item('1', '500000000000')]));
    expect(t.problemas).toEqual([{ campo: 'items', mensaje: 'El importe total supera el máximo que admite SUNAT (999,999,999,999.99)' }]);
  });

  it('el mayor importe admitido se escribe en letras', () => {
    const t = calcularTotales(doc([item('1', '999999999999.99', { afectacion: '20' })]));
    expect(t.problemas).toEqual([]);
    expect(t.leyendaMonto).toBe(
      'SON: NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES',
    );
  });
});
