import { describe, expect, it } from 'vitest';
import { cantidad, importe, monto } from './formato';

describe('importes y cantidades para mostrar, sin pasar por coma flotante', () => {
  it('redondea a 2 decimales hacia arriba desde la mitad y agrupa miles', () => {
    expect(monto('147.2')).toBe('147.20');
    expect(monto('1234.565')).toBe('1,234.57');
    expect(monto('1234.564')).toBe('1,234.56');
    // 1.005 is 1.00499999... as a binary float: toFixed would say 1.00.
    expect(monto('1.005')).toBe('1.01');
    expect(monto('-24.90')).toBe('-24.90');
    expect(monto('-0.001')).toBe('0.00');
    expect(monto('9999999999999999.995')).toBe('10,000,000,000,000,000.00');
    expect(monto('0')).toBe('0.00');
  });
  it('las cantidades conservan sus decimales sin ceros de más', () => {
    expect(cantidad('1500.500')).toBe('1,500.5');
    expect(cantidad('2.0000000001')).toBe('2.0000000001');
    expect(cantidad('3.000')).toBe('3');
    expect(cantidad('12')).toBe('12');
  });

  it('"S/" va pegado a su importe con un espacio que no se parte (issue 11, punto 14)', () => {
    expect(importe('S/', monto('147.2'))).toBe('S/\u00a0147.20');
    expect(importe('US$', '1,000.00')).toBe('US$\u00a01,000.00');
    expect(importe('', '5.00')).toBe('5.00');
  });
});
