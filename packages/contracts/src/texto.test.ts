import { describe, expect, it } from 'vitest';
import { compararCodigos, conPunto, plural, serieNumero } from './texto';

// Issue 11 item 14: copy found in the walkthrough.
describe('textos', () => {
  it('una frase termina en un solo punto: "S.A.C." y "a. m." no llevan otro', () => {
    expect(conPunto('Fue invitado a COMERCIAL ANDINA S.A.C.')).toBe('Fue invitado a COMERCIAL ANDINA S.A.C.');
    expect(conPunto('Vence el 25/11/2026, 10:30:00 a. m.')).toBe('Vence el 25/11/2026, 10:30:00 a. m.');
    expect(conPunto('Fue invitado a BODEGA MARÍA')).toBe('Fue invitado a BODEGA MARÍA.');
    expect(conPunto('¿Listo? ')).toBe('¿Listo?');
  });

  it('singular para uno', () => {
    expect(plural(1, 'comprobante', 'comprobantes')).toBe('comprobante');
    expect(plural(0, 'comprobante', 'comprobantes')).toBe('comprobantes');
    expect(plural(2, 'comprobante', 'comprobantes')).toBe('comprobantes');
  });

  it('los códigos de catálogo se ordenan como números: 01..09 antes de 10..13', () => {
    expect(['13', '01', '10', '09', '02', '11'].sort(compararCodigos)).toEqual(['01', '02', '09', '10', '11', '13']);
    expect(['ZZ', '10', 'NIU', '2'].sort(compararCodigos)).toEqual(['2', '10', 'NIU', 'ZZ']);
  });

  it('un solo formato de número: F001-123, sin ceros a la izquierda, como el XML y la consulta de SUNAT', () => {
    expect(serieNumero('F001', 1)).toBe('F001-1');
    expect(serieNumero('F001', '00000123')).toBe('F001-123');
    expect(serieNumero('NV01', 99999999)).toBe('NV01-99999999');
  });
});
