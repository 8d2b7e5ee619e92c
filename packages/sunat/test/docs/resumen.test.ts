// El resumen diario armado desde las boletas reales pasa por el mismo cálculo de totales.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validarDocumento, type TBoleta, type TNotaCredito } from '../../src/model';
import { documentoResumenDe } from '../../src/totals/resumen';
import { construirXml } from '../../src/ubl';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');
const leer = <T>(n: string) => {
  const r = validarDocumento(JSON.parse(readFileSync(path.join(dir, `${n}.json`), 'utf8')));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.documento as T;
};

describe('documentoResumenDe', () => {
  it('boleta con bolsa: 59.42 gravado + 10.70 IGV + 0.50 ICBPER = 70.62', () => {
    // 2 polos a 35.00 con IGV -> valor 29.6610169492 × 2 = 59.32; bolsa a 0.62 -> valor 0.10 + ICBPER 0.50;
    // IGV de cabecera = 18 % de 59.42 = 10.6956 -> 10.70
    const linea = documentoResumenDe(leer<TBoleta>('boleta'), '1');
    expect(linea).toMatchObject({ tipo: '03', serie: 'B001', numero: 1, estado: '1', importeTotal: '70.62', icbper: '0.50' });
    expect(linea.gravado).toBe('59.42');
    expect(linea.igv).toBe('10.70');
  });

  it('nota de crédito de boleta: lleva la boleta afectada; el resumen resultante se construye', () => {
    const nota = documentoResumenDe(leer<TNotaCredito>('nota-credito-boleta'), '1');
    expect(nota.documentoAfectado).toEqual({ tipo: '03', serie: 'B001', numero: 1 });
    expect(nota.importeTotal).toBe('35.00');
    const rc = construirXml({
      tipo: 'RC', fechaEmision: '2026-11-21', fechaReferencia: '2026-11-20', correlativo: 2,
      emisor: leer<TBoleta>('boleta').emisor,
      documentos: [documentoResumenDe(leer<TBoleta>('boleta'), '1'), nota, documentoResumenDe(leer<TBoleta>('boleta-cliente-varios'), '3')],
    });
    expect(rc.nombre).toBe('20123456786-RC-20261121-2');
    expect(rc.xml).toContain('<sac:TotalAmount currencyID="PEN">70.62</sac:TotalAmount>');
  });
});
