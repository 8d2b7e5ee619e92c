// Lectura de los PDF generados con herramientas que no escribimos: poppler-utils (pdftotext, pdfinfo, pdftoppm)
// y jsQR para leer el código QR de la página rasterizada, como lo haría el celular del cliente.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const hayPoppler = ['pdftotext', 'pdfinfo', 'pdftoppm'].every((h) => !spawnSync(h, ['-v']).error);
export const AVISO_SIN_POPPLER =
  'Se omiten las pruebas de lectura del PDF: falta poppler-utils (pdftotext, pdfinfo, pdftoppm). Instálelo con: apt-get install -y poppler-utils';

function conArchivo<T>(bytes: Uint8Array, fn: (archivo: string, carpeta: string) => T): T {
  const carpeta = mkdtempSync(path.join(tmpdir(), 'yupana-pdf-'));
  try {
    const archivo = path.join(carpeta, 'doc.pdf');
    writeFileSync(archivo, bytes);
    return fn(archivo, carpeta);
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}

/** Texto con `pdftotext -layout` (una página o todas). */
/** Text in content-stream order (-raw): the only mode that keeps rotated text, such as the ANULADO mark. */
export function textoPdfCrudo(bytes: Uint8Array, pagina?: number): string {
  return conArchivo(bytes, (archivo) => {
    const rango = pagina ? ['-f', String(pagina), '-l', String(pagina)] : [];
    return execFileSync('pdftotext', ['-raw', ...rango, archivo, '-'], { encoding: 'utf8' });
  });
}

export function textoPdf(bytes: Uint8Array, pagina?: number): string {
  return conArchivo(bytes, (archivo) => {
    const rango = pagina ? ['-f', String(pagina), '-l', String(pagina)] : [];
    return execFileSync('pdftotext', ['-layout', ...rango, archivo, '-'], { encoding: 'utf8' });
  });
}

/** Todo espacio (saltos de línea incluidos) como un solo espacio: para buscar textos que el diseño parte en líneas. */
export const plano = (texto: string) => texto.replace(/\s+/g, ' ');

export type TInfoPdf = { paginas: number; ancho: number; alto: number; creacion: string };

export function infoPdf(bytes: Uint8Array): TInfoPdf {
  const salida = conArchivo(bytes, (archivo) => execFileSync('pdfinfo', ['-isodates', archivo], { encoding: 'utf8' }));
  const campo = (nombre: string) => new RegExp(`^${nombre}:\\s*(.*)$`, 'm').exec(salida)?.[1] ?? '';
  const [ancho, alto] = /([\d.]+) x ([\d.]+) pts/.exec(campo('Page size'))!.slice(1).map(Number);
  return { paginas: Number(campo('Pages')), ancho, alto, creacion: campo('CreationDate') };
}

/** Tamaño de una página concreta (los tickets largos tienen páginas de distinto alto). */
export function infoPdfPagina(bytes: Uint8Array, pagina: number): { ancho: number; alto: number } {
  const salida = conArchivo(bytes, (archivo) =>
    execFileSync('pdfinfo', ['-f', String(pagina), '-l', String(pagina), archivo], { encoding: 'utf8' }));
  const [ancho, alto] = new RegExp(`Page\\s+${pagina} size:\\s+([\\d.]+) x ([\\d.]+) pts`).exec(salida)!.slice(1).map(Number);
  return { ancho, alto };
}

export type TPalabra = { texto: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Palabras con su caja (puntos PDF) de `pdftotext -bbox`. */
export function palabrasPdf(bytes: Uint8Array, pagina = 1): TPalabra[] {
  const html = conArchivo(bytes, (archivo) =>
    execFileSync('pdftotext', ['-bbox', '-f', String(pagina), '-l', String(pagina), archivo, '-'], { encoding: 'utf8' }));
  const palabras: TPalabra[] = [];
  for (const m of html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    palabras.push({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), texto: m[5] });
  }
  return palabras;
}

/**
 * Rasteriza una página (pdftoppm) y lee el QR con jsQR; null si no se encuentra ninguno legible.
 * `anchoPt`: solo la franja izquierda de ese ancho (el QR del A4 está ahí), para no buscar en toda la página.
 */
export function leerQr(bytes: Uint8Array, pagina = 1, dpi = 150, anchoPt?: number): string | null {
  const png = conArchivo(bytes, (archivo, carpeta) => {
    const salida = path.join(carpeta, 'pagina');
    const recorte = anchoPt ? ['-x', '0', '-y', '0', '-W', String(Math.ceil((anchoPt * dpi) / 72)), '-H', '100000'] : [];
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(pagina), '-l', String(pagina), ...recorte, '-singlefile', archivo, salida]);
    return readFileSync(`${salida}.png`);
  });
  const imagen = PNG.sync.read(png);
  const rgba = new Uint8ClampedArray(imagen.data.buffer, imagen.data.byteOffset, imagen.data.length);
  return jsQR(rgba, imagen.width, imagen.height)?.data ?? null;
}
