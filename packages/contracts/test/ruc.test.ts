import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rucValido, validarDocumento } from '@yupana/sunat';
import { digitoVerificadorRuc, esRucValido, validarDocumentoIdentidad, ZRuc } from '../src';

// One check for the whole project: the contracts (forms, request bodies) and the SUNAT engine (XML builders) must
// accept and refuse exactly the same numbers. Before, 16123456789 passed the engine and failed the contracts.
describe('RUC check (one implementation for contracts and the SUNAT engine)', () => {
  // Every prefix SUNAT assigns, with the módulo-11 sum worked out by hand (weights 5,4,3,2,7,6,5,4,3,2).
  const validos: [string, string][] = [
    ['10401234565', '10: natural person with DNI (1,0,4,0,1,2,3,4,5,6 -> 94; 94 mod 11 = 6; 11 - 6 = 5)'],
    ['15604123451', '15: natural person without DNI (-> 121; 121 mod 11 = 0; 11 -> 1)'],
    ['16123456789', '16: natural person, older document (-> 167; 167 mod 11 = 2; 11 - 2 = 9)'],
    ['17071234568', '17: natural person, older document (-> 124; 124 mod 11 = 3; 11 - 3 = 8)'],
    ['20100070970', '20: legal person, SUPERMERCADOS PERUANOS (-> 89; 89 mod 11 = 1; 11 - 1 = 10 -> 0)'],
    ['20131312955', '20: legal person, SUNAT'],
  ];

  it.each(validos)('accepts %s (%s) in the contracts and in the engine', (ruc) => {
    expect(esRucValido(ruc)).toBe(true);
    expect(ZRuc.safeParse(ruc).success).toBe(true);
    expect(validarDocumentoIdentidad(2, ruc)).toBeNull();
    expect(rucValido(ruc)).toBe(true);
  });

  const invalidos: [string, string][] = [
    ['10401234566', 'El RUC no es válido (dígito verificador incorrecto)'],
    ['16123456780', 'El RUC no es válido (dígito verificador incorrecto)'],
    ['20100070971', 'El RUC no es válido (dígito verificador incorrecto)'],
    // Right check digit, prefix SUNAT never assigns.
    ['30600123452', 'El RUC debe empezar con 10, 15, 16, 17 o 20'],
    ['11123456781', 'El RUC debe empezar con 10, 15, 16, 17 o 20'],
  ];

  it.each(invalidos)('refuses %s in the contracts and in the engine: %s', (ruc, mensaje) => {
    expect(esRucValido(ruc)).toBe(false);
    expect(rucValido(ruc)).toBe(false);
    expect(ZRuc.safeParse(ruc).error?.issues[0].message).toBe(mensaje);
    expect(validarDocumentoIdentidad(2, ruc)).toBe(mensaje);
  });

  it('maps 11 - (sum mod 11) of 10 to 0 and of 11 to 1', () => {
    expect(digitoVerificadorRuc('2060012345')).toBe(0); // 78 mod 11 = 1 -> 10 -> 0
    expect(digitoVerificadorRuc('2010000013')).toBe(1); // 22 mod 11 = 0 -> 11 -> 1
    expect(digitoVerificadorRuc('2055555555')).toBe(6); // 170 mod 11 = 5 -> 6
  });

  it('refuses wrong lengths and non-digits; explains in Spanish', () => {
    for (const ruc of ['2060012345', '206001234500', '2060012345A', '']) {
      expect(esRucValido(ruc)).toBe(false);
      expect(rucValido(ruc)).toBe(false);
    }
    expect(ZRuc.parse(' 20600123450 ')).toBe('20600123450');
    expect(ZRuc.safeParse('123').error?.issues[0].message).toBe('Se espera 11 dígitos');
  });

  it('the engine refuses a document whose customer RUC the contracts refuse, with the same message', () => {
    const factura = JSON.parse(readFileSync(new URL('../../sunat/examples/factura-gravada.json', import.meta.url), 'utf8'));
    factura.emisor.ruc = '16123456789';
    factura.cliente.numeroDocumento = '30600123452';
    const r = validarDocumento(factura);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.Errores['cliente.numeroDocumento']).toBe('El RUC debe empezar con 10, 15, 16, 17 o 20');
      expect(r.error.Errores['emisor.ruc']).toBeUndefined();
    }
  });
});
