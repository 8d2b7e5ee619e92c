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
