// Piezas comunes del dibujo con pdfkit: documento determinista, bytes, fuentes, colores y el código QR vectorial.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { TDocumentoImpresion } from './impresion.types';
import { leyendaRepresentacion, serieNumero } from './formato';

import { COLOR, FUENTE_NEGRITA, type TPdf } from '../../../lib/pdf';

// Fuentes, colores y bytes: los de todo PDF del producto (lib/pdf.ts).
export { aBytes, COLOR, FUENTE, FUENTE_NEGRITA, type TPdf } from '../../../lib/pdf';

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

/** PNG o JPEG, los formatos que pdfkit incrusta; la configuración de la plantilla debe rechazar cualquier otro. */
export function esLogoAdmitido(bytes: Uint8Array): boolean {
  const png = bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

type TImagenPdf = { width: number; height: number; orientation?: number };

/** Dibuja el logo dentro de [ancho x alto] conservando su proporción; devuelve el alto ocupado. */
export function dibujarLogo(doc: TPdf, logo: Uint8Array, x: number, y: number, ancho: number, alto: number, alinear: 'left' | 'center' = 'left'): number {
  if (!esLogoAdmitido(logo)) throw new Error('El logo de la empresa debe ser una imagen PNG o JPEG');
  // openImage (sin tipos en @types/pdfkit) da el tamaño antes de dibujar, para reservar el alto exacto.
  const abrir = (doc as unknown as { openImage(b: Buffer): TImagenPdf }).openImage.bind(doc);
  const imagen = abrir(Buffer.from(logo));
  // Un JPEG con orientación EXIF 5-8 se dibuja girado: ancho y alto se intercambian.
  const girada = (imagen.orientation ?? 1) > 4;
  const [iw, ih] = girada ? [imagen.height, imagen.width] : [imagen.width, imagen.height];
  const escala = Math.min(ancho / iw, alto / ih);
  const w = iw * escala;
  const h = ih * escala;
  doc.image(imagen as unknown as Buffer, alinear === 'center' ? x + (ancho - w) / 2 : x, y, { fit: [w, h] });
  return h;
}

/**
 * QR como cuadrados vectoriales (nítido a cualquier resolución de impresora). Nivel de corrección Q, el que pide
 * SUNAT para la representación impresa; se deja el margen blanco alrededor que los lectores necesitan.
 */
export function dibujarQr(doc: TPdf, texto: string, x: number, y: number, lado: number): void {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'Q' });
  const margen = 2;
  const celda = lado / (modules.size + margen * 2);
  doc.save();
  doc.rect(x, y, lado, lado).fill('#ffffff');
  for (let fila = 0; fila < modules.size; fila++) {
    let inicio = -1;
    for (let col = 0; col <= modules.size; col++) {
      const oscuro = col < modules.size && modules.get(fila, col) === 1;
      if (oscuro && inicio < 0) inicio = col;
      if (!oscuro && inicio >= 0) {
        // Un rectángulo por tramo oscuro de la fila: menos operadores y sin costuras entre celdas vecinas.
        doc.rect(x + (margen + inicio) * celda, y + (margen + fila) * celda, (col - inicio) * celda, celda * 1.02);
        inicio = -1;
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/** Texto de una línea que no se parte ni provoca saltos de página: si no cabe, se recorta con "…". */
export function celda(doc: TPdf, texto: string, x: number, y: number, ancho: number, align: 'left' | 'right' | 'center' = 'left'): void {
  // Con alto de una línea, pdfkit recorta en vez de seguir en la línea (o la página) siguiente.
  doc.text(texto, x, y, { width: ancho, align, ellipsis: true, height: doc.currentLineHeight(true) + 0.5 });
}

export function lineaHorizontal(doc: TPdf, x1: number, x2: number, y: number, color = COLOR.linea, grosor = 0.5): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(grosor).strokeColor(color).stroke().restore();
}

export function lineaPunteada(doc: TPdf, x1: number, x2: number, y: number): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(COLOR.borde).stroke().undash().restore();
}
