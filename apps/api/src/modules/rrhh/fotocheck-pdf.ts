import PDFDocument from 'pdfkit';
import { aBytes, celda, COLOR, dibujarLogo, dibujarQr, esLogoAdmitido, FUENTE, FUENTE_NEGRITA, type TPdf } from '../../lib/pdf';

const MM = 72 / 25.4;
/** CR80 card (ISO/IEC 7810 ID-1), 85.60 × 53.98 mm, drawn portrait. */
export const CR80 = { ancho: 53.98 * MM, alto: 85.6 * MM };
/** A4 sheet: 3 × 3 cards with a 4 mm gap and cut marks. */
const A4 = { ancho: 595.28, alto: 841.89 };
const COLUMNAS = 3;
const FILAS = 3;
const SEPARACION = 4 * MM;
const MARCA = 3 * MM;

export type TTarjetaFotocheck = {
  nombres: string;
  apellidos: string;
  tipoDocumento: string;
  documento: string;
  cargo: string | null;
  area: string | null;
  foto?: Uint8Array;
};
export type TEmpresaFotocheck = { nombre: string; ruc: string | null; logo?: Uint8Array };

/** A silhouette (head and shoulders) for a worker with no photo. */
function silueta(doc: TPdf, x: number, y: number, w: number, h: number): void {
  doc.save();
  doc.rect(x, y, w, h).fill('#dfe3e8');
  const cx = x + w / 2;
  doc.circle(cx, y + h * 0.36, w * 0.2).fill('#9aa4b1');
  doc.moveTo(x + w * 0.12, y + h).bezierCurveTo(x + w * 0.12, y + h * 0.62, x + w * 0.88, y + h * 0.62, x + w * 0.88, y + h).closePath().fill('#9aa4b1');
  doc.restore();
}

function foto(doc: TPdf, bytes: Uint8Array | undefined, x: number, y: number, w: number, h: number): void {
  if (bytes && esLogoAdmitido(bytes)) {
    try {
      // cover: fills the frame, cropped to it (a passport-style photo).
      doc.save();
      doc.rect(x, y, w, h).clip();
      doc.image(Buffer.from(bytes), x, y, { cover: [w, h], align: 'center', valign: 'center' });
      doc.restore();
      doc.save().rect(x, y, w, h).lineWidth(0.5).strokeColor(COLOR.linea).stroke().restore();
      return;
    } catch {
      doc.restore();
      // A damaged image is drawn as the silhouette rather than failing the whole sheet.
    }
  }
  silueta(doc, x, y, w, h);
}

/** One badge with its top-left corner at (x, y). */
function tarjeta(doc: TPdf, t: TTarjetaFotocheck, e: TEmpresaFotocheck, x: number, y: number): void {
  const { ancho, alto } = CR80;
  doc.save();
  // Everything inside the card's rounded outline.
  doc.roundedRect(x, y, ancho, alto, 6).clip();
  doc.rect(x, y, ancho, alto).fill('#ffffff');
  // Header band: logo and company name.
  const banda = 38;
  doc.rect(x, y, ancho, banda).fill(COLOR.acento);
  let xNombre = x + 8;
  if (e.logo && esLogoAdmitido(e.logo)) {
    doc.roundedRect(x + 5, y + 4, 30, 30, 3).fill('#ffffff');
    try {
      dibujarLogo(doc, e.logo, x + 7, y + 6, 26, 26, 'center');
    } catch {
      // an unreadable logo is left out
    }
    xNombre = x + 40;
  }
  doc.font(FUENTE_NEGRITA).fontSize(7).fillColor('#ffffff');
  doc.text(e.nombre, xNombre, y + 8, { width: x + ancho - 6 - xNombre, height: 18, ellipsis: true, lineGap: -0.5 });
  if (e.ruc) {
    doc.font(FUENTE).fontSize(5.5).fillColor('#dfe6ef');
    celda(doc, `RUC ${e.ruc}`, xNombre, y + 27, x + ancho - 6 - xNombre);
  }
  // Photo.
  const fw = 64;
  const fh = 80;
  foto(doc, t.foto, x + (ancho - fw) / 2, y + banda + 6, fw, fh);
  // Name, document, cargo and area.
  let yy = y + banda + 6 + fh + 5;
  const w = ancho - 12;
  doc.font(FUENTE).fontSize(7.5).fillColor(COLOR.texto);
  celda(doc, t.nombres, x + 6, yy, w, 'center');
  yy += 9;
  doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.texto);
  celda(doc, t.apellidos, x + 6, yy, w, 'center');
  yy += 11;
  doc.font(FUENTE).fontSize(7).fillColor(COLOR.suave);
  celda(doc, `${t.tipoDocumento} ${t.documento}`, x + 6, yy, w, 'center');
  yy += 9;
  doc.font(FUENTE_NEGRITA).fontSize(6.5).fillColor(COLOR.acento);
  celda(doc, (t.cargo ?? 'Sin cargo').toUpperCase(), x + 6, yy, w, 'center');
  yy += 8;
  doc.font(FUENTE).fontSize(6).fillColor(COLOR.suave);
  celda(doc, t.area ? `Área: ${t.area}` : 'Sin área', x + 6, yy, w, 'center');
  // QR of the document number (the clock-in PIN), about 16 mm: readable by a phone or a 2D scanner.
  const lado = Math.min(46, y + alto - 4 - (yy + 9));
  dibujarQr(doc, t.documento, x + (ancho - lado) / 2, y + alto - 4 - lado, lado);
  doc.restore();
  // Card border, thin (on A4 the cut follows the marks, not this line).
  doc.save().roundedRect(x + 0.25, y + 0.25, ancho - 0.5, alto - 0.5, 6).lineWidth(0.5).strokeColor(COLOR.linea).stroke().restore();
}

/** Cut marks outside each corner of a card (in the gap and the margins, never over a card). */
function marcasCorte(doc: TPdf, x: number, y: number): void {
  const { ancho, alto } = CR80;
  const d = 1.5;
  doc.save().lineWidth(0.4).strokeColor('#000000');
  for (const cx of [x, x + ancho]) {
    for (const cy of [y, y + alto]) {
      const sx = cx === x ? -1 : 1;
      const sy = cy === y ? -1 : 1;
      doc.moveTo(cx + sx * d, cy).lineTo(cx + sx * (d + MARCA), cy).stroke();
      doc.moveTo(cx, cy + sy * d).lineTo(cx, cy + sy * (d + MARCA)).stroke();
    }
  }
  doc.restore();
}

/**
 * The badges as one PDF: on A4 sheets (9 per sheet, centred, with cut marks) or one CR80 card per page for card
 * printers. Fixed metadata dates so the same input gives the same bytes.
 */
export async function pdfFotochecks(tarjetas: TTarjetaFotocheck[], e: TEmpresaFotocheck, formato: 'A4' | 'TARJETA', fecha: Date): Promise<Buffer> {
  const tamano: [number, number] = formato === 'A4' ? [A4.ancho, A4.alto] : [CR80.ancho, CR80.alto];
  const doc = new PDFDocument({
    size: tamano,
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Fotochecks - ${e.nombre}`, Author: e.nombre, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha },
  });
  if (formato === 'TARJETA') {
    for (const t of tarjetas) {
      doc.addPage({ size: tamano, margin: 0 });
      tarjeta(doc, t, e, 0, 0);
    }
  } else {
    const porHoja = COLUMNAS * FILAS;
    const x0 = (A4.ancho - (COLUMNAS * CR80.ancho + (COLUMNAS - 1) * SEPARACION)) / 2;
    const y0 = (A4.alto - (FILAS * CR80.alto + (FILAS - 1) * SEPARACION)) / 2;
    tarjetas.forEach((t, i) => {
      if (i % porHoja === 0) doc.addPage({ size: tamano, margin: 0 });
      const pos = i % porHoja;
      const x = x0 + (pos % COLUMNAS) * (CR80.ancho + SEPARACION);
      const y = y0 + Math.floor(pos / COLUMNAS) * (CR80.alto + SEPARACION);
      tarjeta(doc, t, e, x, y);
      marcasCorte(doc, x, y);
    });
  }
  return aBytes(doc);
}
