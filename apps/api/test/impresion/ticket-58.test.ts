// Branch pos (issue 12): the 58 mm ticket. Read back with poppler (pdftotext, pdfinfo, zbar through leerQr): the page
// is the roll's width, the whole content is there, and no word runs past the right margin (text wrapped to width).
import { describe, expect, it } from 'vitest';
import { formatearMonto } from '../../src/modules/contabilidad/impresion/formato';
import { generarPdf } from '../../src/modules/contabilidad/impresion/generar-pdf';
import { ANCHO_TICKET_58 } from '../../src/modules/contabilidad/impresion/ticket';
import { boleta, facturaCompleta, logoPng } from './documentos-prueba';
import { AVISO_SIN_POPPLER, hayPoppler, infoPdf, leerQr, palabrasPdf, plano, textoPdf } from './pdf-herramientas';

if (!hayPoppler) console.warn(AVISO_SIN_POPPLER);

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
    // Wrapped: no word runs off the roll (the amounts may reach into the 10 pt right margin), none starts left of the left one.
    const palabras = palabrasPdf(pdf);
    expect(palabras.length).toBeGreaterThan(50);
    for (const p of palabras) {
      expect(p.xMax, p.texto).toBeLessThanOrEqual(ANCHO_TICKET_58 - 2);
      expect(p.xMin, p.texto).toBeGreaterThanOrEqual(9);
    }
    expect(leerQr(pdf, 1, 250)).toBe(e.impresion.textoQr);
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
