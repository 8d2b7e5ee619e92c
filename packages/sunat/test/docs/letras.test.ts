// Importe en letras de la leyenda 1000.
import { describe, expect, it } from 'vitest';
import { enteroEnLetras, montoEnLetras } from '../../src/words';

describe('montoEnLetras', () => {
  it.each([
    ['118', 'PEN', 'SON: CIENTO DIECIOCHO CON 00/100 SOLES'],
    ['0', 'PEN', 'SON: CERO CON 00/100 SOLES'],
    ['0.5', 'PEN', 'SON: CERO CON 50/100 SOLES'],
    ['100', 'PEN', 'SON: CIEN CON 00/100 SOLES'],
    ['101.01', 'PEN', 'SON: CIENTO UNO CON 01/100 SOLES'],
    ['21', 'USD', 'SON: VEINTIUNO CON 00/100 DÓLARES AMERICANOS'],
    ['1000', 'PEN', 'SON: MIL CON 00/100 SOLES'],
    ['21000', 'PEN', 'SON: VEINTIÚN MIL CON 00/100 SOLES'],
    ['1000000', 'EUR', 'SON: UN MILLÓN CON 00/100 EUROS'],
    ['2500000.99', 'PEN', 'SON: DOS MILLONES QUINIENTOS MIL CON 99/100 SOLES'],
    ['1234567.89', 'PEN', 'SON: UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE CON 89/100 SOLES'],
    ['31001', 'PEN', 'SON: TREINTA Y UN MIL UNO CON 00/100 SOLES'],
    ['999.995', 'PEN', 'SON: MIL CON 00/100 SOLES'],
  ])('%s %s -> %s', (importe, moneda, esperado) => {
    expect(montoEnLetras(importe, moneda)).toBe(esperado);
  });

  it('rechaza importes negativos o enormes', () => {
    expect(() => montoEnLetras('-1', 'PEN')).toThrow();
    expect(() => enteroEnLetras(1e12)).toThrow();
  });
});
