import { describe, expect, it } from 'vitest';
import { digitoVerificadorRuc, esRucValido } from '../src/ruc';

describe('RUC check digit (módulo 11)', () => {
  it('accepts RUCs whose last digit matches SUNAT’s módulo-11 check', () => {
    // 20100070970 (SUPERMERCADOS PERUANOS) and 20131312955 (SUNAT) are published RUCs.
    expect(esRucValido('20100070970')).toBe(true);
    expect(esRucValido('20131312955')).toBe(true);
    expect(esRucValido('20600123450')).toBe(true);
  });

  it('maps 11 - (sum mod 11) of 10 to 0 and of 11 to 1', () => {
    // 2,0,6,0,0,1,2,3,4,5 x 5,4,3,2,7,6,5,4,3,2 = 78; 78 mod 11 = 1; 11 - 1 = 10 -> 0.
    expect(digitoVerificadorRuc('2060012345')).toBe(0);
    // 2,0,1,0,0,0,0,0,1,3 -> 10+3+3+6 = 22; 22 mod 11 = 0; 11 - 0 = 11 -> 1.
    expect(digitoVerificadorRuc('2010000013')).toBe(1);
    // 2,0,5,5,5,5,5,5,5,5 -> 170; 170 mod 11 = 5; 11 - 5 = 6.
    expect(digitoVerificadorRuc('2055555555')).toBe(6);
  });

  it('rejects a wrong check digit, a bad prefix, wrong length and non-digits', () => {
    expect(esRucValido('20600123451')).toBe(false);
    expect(esRucValido('30600123450')).toBe(false);
    expect(esRucValido('2060012345')).toBe(false);
    expect(esRucValido('206001234500')).toBe(false);
    expect(esRucValido('2060012345A')).toBe(false);
    expect(esRucValido('')).toBe(false);
  });
});

describe('ZRuc', () => {
  it('parses a valid RUC and explains in Spanish what is wrong with the rest', async () => {
    const { ZRuc } = await import('../src/ruc');
    expect(ZRuc.parse(' 20600123450 ')).toBe('20600123450');
    expect(ZRuc.safeParse('123').error?.issues[0].message).toBe('Se espera 11 dígitos');
    expect(ZRuc.safeParse('20600123451').error?.issues[0].message).toBe('El RUC no es válido (dígito verificador incorrecto)');
  });
});
