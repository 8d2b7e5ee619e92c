// Piezas comunes del dibujo con pdfkit: documento determinista, bytes, fuentes, colores y el código QR vectorial.
import PDFDocument from 'pdfkit';
import type { TDocumentoImpresion } from './impresion.types';
import { leyendaRepresentacion, serieNumero } from './formato';

import { COLOR, FUENTE_NEGRITA, type TPdf } from '../../../lib/pdf';

// Fuentes, colores y bytes: los de todo PDF del producto (lib/pdf.ts).
export { aBytes, celda, COLOR, dibujarLogo, dibujarQr, esLogoAdmitido, FUENTE, FUENTE_NEGRITA, type TPdf } from '../../../lib/pdf';

/** 80 mm en puntos PDF (72 por pulgada). */
export const ANCHO_TICKET = (80 / 25.4) * 72;
/** Alto máximo de página que admiten los visores de PDF (200 pulgadas): un ticket más largo sigue en otra página. */
export const ALTO_MAXIMO_PAGINA = 14_400;

/**
 * Documento sin márgenes automáticos (el diseño coloca cada cosa) y con metadatos fijos: la fecha de creación es la
 * de emisión, así dos impresiones del mismo documento dan los mismos bytes (pdfkit deriva el ID del archivo de ellos).
 */
export function crearPdf(d: TDocumentoImpresion, tamano: [number, number] | 'A4', bufferPages = false): TPdf {
  const fecha = new Date(`${d.fechaEmision}T${d.horaEmision ?? '00:00:00'}-05:00`);
  return new PDFDocument({
    size: tamano,
    margin: 0,
    bufferPages,
    autoFirstPage: true,
    info: {
      Title: `${d.emisor.numeroDocumento}-${d.tipo}-${serieNumero(d.serie, d.numero)}`,
      Author: d.emisor.razonSocial,
      Subject: leyendaRepresentacion(d.tipo),
      Creator: 'Yupana',
      Producer: 'Yupana',
      CreationDate: fecha,
      ModDate: fecha,
    },
  });
}

/**
 * Marca de documento anulado: "ANULADO" en diagonal, grande y translúcido, sobre cada página (el contenido sigue
 * legible). Se dibuja al final, encima de todo.
 */
export function marcarAnulado(doc: TPdf): void {
  const { start, count } = doc.bufferedPageRange();
  const paginas = count > 0 ? Array.from({ length: count }, (_, i) => start + i) : [null];
  for (const p of paginas) {
    if (p !== null) doc.switchToPage(p);
    const { width, height } = doc.page;
    const tamano = Math.min(width, height) / 5;
    doc.save();
    doc.rotate(-35, { origin: [width / 2, height / 2] });
    doc.font(FUENTE_NEGRITA).fontSize(tamano).fillColor('#c62828').fillOpacity(0.22);
    doc.text('ANULADO', 0, height / 2 - tamano / 2, { width, align: 'center', lineBreak: false });
    doc.restore();
  }
}

export function lineaHorizontal(doc: TPdf, x1: number, x2: number, y: number, color = COLOR.linea, grosor = 0.5): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(grosor).strokeColor(color).stroke().restore();
}

export function lineaPunteada(doc: TPdf, x1: number, x2: number, y: number): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(COLOR.borde).stroke().undash().restore();
}
