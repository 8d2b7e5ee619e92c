import { describe, expect, it } from 'vitest';
import { importe } from '../../../lib/formato';
import { opcionesMotivoNotaCredito, opcionesMotivoNotaDebito } from './catalogos-ui';

// Issue 11 item 14: the credit-note reasons listed 10-13 before 01-09; "S/" wrapped away from its amount.
describe('opciones de catálogo', () => {
  it('los motivos de nota de crédito van del 01 al 13 en orden', () => {
    const codigos = opcionesMotivoNotaCredito().map((o) => o.value);
    expect(codigos[0]).toBe('01');
    expect(codigos).toEqual([...codigos].sort((a, b) => Number(a) - Number(b)));
    expect(codigos.indexOf('09')).toBeLessThan(codigos.indexOf('10'));
    expect(opcionesMotivoNotaCredito()[0]!.label).toMatch(/^01 - /);
    expect(opcionesMotivoNotaDebito().map((o) => o.value)[0]).toBe('01');
  });

  it('el símbolo de la moneda va unido a su importe con un espacio que no se parte', () => {
    expect(importe('S/', '147.20')).toBe('S/\u00a0147.20');
    expect(importe('S/', '-24.90')).toBe('S/\u00a0-24.90');
    expect(importe('', '5.00')).toBe('5.00');
  });
});
