// Branch pos (issue 12): the 58 mm ticket. Read back with poppler (pdftotext, pdfinfo, zbar through leerQr): the page
// is the roll's width, the whole content is there, and every word is within the printable width (branch posstock made
// it strict again: the totals' amount column was 78 pt wide on both rolls and ran 6 pt into the 58 mm right margin).
import { describe, expect, it } from 'vitest';
import { formatearMonto } from '../../src/modules/contabilidad/impresion/formato';
import { generarPdf } from '../../src/modules/contabilidad/impresion/generar-pdf';
import { ANCHO_TICKET_58 } from '../../src/modules/contabilidad/impresion/ticket';
import { ANCHO_TICKET } from '../../src/modules/contabilidad/impresion/pdf-base';
import { boleta, facturaCompleta, logoPng } from './documentos-prueba';
import { AVISO_SIN_POPPLER, hayPoppler, infoPdf, leerQr, palabrasPdf, plano, textoPdf, type TPalabra } from './pdf-herramientas';

if (!hayPoppler) console.warn(AVISO_SIN_POPPLER);

/** The printable width: between the 10 pt margins of the roll (0.05 pt of pdftotext's rounding). */
const MARGEN = 10;
function dentroDelAncho(palabras: TPalabra[], ancho: number) {
  for (const p of palabras) {
    expect(p.xMax, `${p.texto} termina en ${p.xMax} (límite ${ancho - MARGEN})`).toBeLessThanOrEqual(ancho - MARGEN + 0.05);
    expect(p.xMin, `${p.texto} empieza en ${p.xMin}`).toBeGreaterThanOrEqual(MARGEN - 0.05);
  }
}

describe.skipIf(!hayPoppler)('ticket de 58 mm', () => {
  it('factura en 58 mm: página de 164.4 pt, todo el texto dentro del rollo y el QR legible', async () => {
    const e = facturaCompleta(logoPng());
    const pdf = await generarPdf(e.impresion, 'TICKET58');
    const info = infoPdf(pdf);
    expect(ANCHO_TICKET_58).toBeCloseTo(164.41, 1);
    expect(info.ancho).toBeCloseTo(164.41, 1);
    expect(info.paginas).toBe(1);
    const texto = plano(textoPdf(pdf));
    expect(texto).toContain('FACTURA ELECTRÓNICA');
    expect(texto).toMatch(/F001-0*123/);
    expect(texto).toContain(formatearMonto(e.impresion.totales!.total));
    // Wrapped: every word (amounts and the totals included) within the printable width, between the 10 pt margins.
    const palabras = palabrasPdf(pdf);
    expect(palabras.length).toBeGreaterThan(50);
    dentroDelAncho(palabras, ANCHO_TICKET_58);
    expect(palabras.find((p) => p.texto === formatearMonto(e.impresion.totales!.total))).toBeTruthy();
    expect(leerQr(pdf, 1, 250)).toBe(e.impresion.textoQr);
  });

  it('importes grandes en los totales: caben enteros dentro del margen derecho en 58 y 80 mm', async () => {
    const e = boleta([{ descripcion: 'MOTOR ELÉCTRICO TRIFÁSICO 50 HP', cantidad: '1000', precioUnitario: '12345.67' }]);
    const total = formatearMonto(e.impresion.totales!.total);
    expect(total).toBe('12,345,670.00');
    for (const [formato, ancho] of [['TICKET58', ANCHO_TICKET_58], ['TICKET', ANCHO_TICKET]] as const) {
      const palabras = palabrasPdf(await generarPdf(e.impresion, formato));
      dentroDelAncho(palabras, ancho);
      expect(palabras.filter((p) => p.texto === total).length, formato).toBeGreaterThanOrEqual(2);
    }
  });

  it('una descripción larga se parte en más renglones que en 80 mm', async () => {
    const larga = 'GALLETAS DE AVENA CON CHISPAS DE CHOCOLATE BITTER Y PASAS, PAQUETE FAMILIAR DE DOCE UNIDADES';
    const e = boleta([{ descripcion: larga, cantidad: '2', precioUnitario: '12.90' }]);
    const p58 = await generarPdf(e.impresion, 'TICKET58');
    const p80 = await generarPdf(e.impresion, 'TICKET');
    const renglones = (pdf: Buffer) => new Set(palabrasPdf(pdf).filter((p) => larga.includes(p.texto) && p.texto.length > 3).map((p) => Math.round(p.yMin))).size;
    expect(renglones(p58)).toBeGreaterThan(renglones(p80));
    expect(plano(textoPdf(p58))).toContain('FAMILIAR DE DOCE UNIDADES');
    expect(infoPdf(p58).alto).toBeGreaterThan(infoPdf(p80).alto);
  });
});
