import QRCode from 'qrcode';
// What every PDF the product draws with pdfkit shares (documents, payslips): standard fonts, colours and the bytes.

export type TPdf = PDFKit.PDFDocument;

// Standard PDF fonts: not embedded, and their WinAnsi encoding covers Spanish (ñ, á, Ó, °, ¿, ¡, €).
export const FUENTE = 'Helvetica';
export const FUENTE_NEGRITA = 'Helvetica-Bold';

export const COLOR = {
  texto: '#1b1b1b',
  suave: '#555555',
  borde: '#3a3a3a',
  linea: '#b5b5b5',
  fondo: '#e9ecef',
  acento: '#1f3a5f',
};

/** Ends the document and gives its bytes. */
export function aBytes(doc: TPdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    doc.on('data', (c: Buffer) => partes.push(c));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.end();
  });
}

// Drawing pieces shared by the printed documents and the HR badges (moved here from contabilidad/impresion).

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

