// The ticket as ESC/POS commands, for the point of sale's thermal printers reached straight from the browser (Web
// Serial or WebUSB). The same content as the PDF ticket (ticket.ts): logo, header, customer, lines, totals, the blocks
// under the lines, SUNAT's QR and hash, the legend. The commands come from a maintained encoder
// (@point-of-sale/receipt-printer-encoder): it picks a code page for every character, so "Ñ", "á" and "°" print as
// such, and it knows the QR, cut and cash-drawer commands of ESC/POS printers.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { decode as decodificarJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import type { TDocumentoImpresion } from './impresion.types';
import {
  NOMBRE_MONEDA, TITULO_DOCUMENTO, URL_CONSULTA_SUNAT, etiquetaDocumento, formatearCantidad, formatearFecha, formatearMonto,
  leyendaRepresentacion, nombreTipoDocumento, serieNumero, simboloMoneda, tieneDocumento, unidadCorta,
} from './formato';
import { bloquesPie, filasTotales } from './contenido';

/** 48 characters on an 80 mm roll (font A), 32 on a 58 mm one. */
export const COLUMNAS_TICKET = { 80: 48, 58: 32 } as const;

/**
 * Most dots the logo may take down the roll: the PDF ticket gives it 60 pt of an 80 mm page (about a quarter of the
 * width); on the printer's 576 (80 mm) or 384 (58 mm) dots that is about 150 or 100.
 */
const ALTO_LOGO = { 80: 152, 58: 104 } as const;

type TImagenRgba = { data: Uint8Array; width: number; height: number };

/**
 * The company's logo (PNG or JPEG, as the PDF takes it) decoded to RGBA pixels and sized to fit the roll's printable
 * width and the logo's height, keeping its proportion and never enlarging it. A logo that cannot be decoded is left
 * out: the sale's ticket matters more than its picture.
 */
export function logoEnPuntos(bytes: Uint8Array, anchoMaximo: number, altoMaximo: number): { imagen: TImagenRgba; ancho: number; alto: number } | null {
  let imagen: TImagenRgba;
  try {
    const b = Buffer.from(bytes);
    if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
      const png = PNG.sync.read(b);
      imagen = { data: new Uint8Array(png.data), width: png.width, height: png.height };
    } else if (b[0] === 0xff && b[1] === 0xd8) {
      // Bounded, so an oversized upload cannot take the server's memory.
      const jpg = decodificarJpeg(b, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 25, maxMemoryUsageInMB: 256 });
      imagen = { data: jpg.data, width: jpg.width, height: jpg.height };
    } else return null;
  } catch {
    return null;
  }
  if (!imagen.width || !imagen.height) return null;
  const escala = Math.min(1, anchoMaximo / imagen.width, altoMaximo / imagen.height);
  return { imagen, ancho: Math.max(1, Math.round(imagen.width * escala)), alto: Math.max(1, Math.round(imagen.height * escala)) };
}

export type TOpcionesEscPos = {
  /** Roll width in mm. */
  ancho: 80 | 58;
  /** Open the cash drawer after the cut (a cash sale at the point of sale). */
  abrirCajon: boolean;
};

export function ticketEscPos(d: TDocumentoImpresion, o: TOpcionesEscPos): Uint8Array {
  return armarTicketEscPos(d, o).encode();
}

/** The encoder with the whole ticket written (its `encode('lines')` lets the tests read it line by line). */
export function armarTicketEscPos(d: TDocumentoImpresion, o: TOpcionesEscPos): ReceiptPrinterEncoder {
  const columnas = COLUMNAS_TICKET[o.ancho];
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: columnas, codepageMapping: 'epson', feedBeforeCut: 4 });
  const simbolo = simboloMoneda(d.moneda);
  const em = d.emisor;
  const separador = () => e.rule({ style: 'single' });
  const par = (etiqueta: string, valor: string) => e.bold(true).text(`${etiqueta} `).bold(false).line(valor);
  // Two columns: text on the left, an amount on the right; the text wraps inside its column.
  const columnasMonto = (anchoMonto: number) => [
    { width: columnas - anchoMonto - 1, marginRight: 1, align: 'left' as const, overflow: 'wrap' as const },
    { width: anchoMonto, align: 'right' as const },
  ];

  e.initialize().codepage('auto').align('center');
  const logo = d.logo && logoEnPuntos(d.logo, e.printableWidth, ALTO_LOGO[o.ancho]);
  // Dithered (Atkinson) so a coloured logo keeps its shapes in black dots; sent as a raster image (GS v 0).
  if (logo) e.image(logo.imagen, logo.ancho, logo.alto, 'atkinson');
  if (d.anulado) e.bold(true).line('*** ANULADO ***').bold(false);
  e.bold(true).size(2, 1).line(em.nombreComercial ?? em.razonSocial).size(1, 1);
  if (em.nombreComercial) e.line(em.razonSocial);
  e.line(`${em.tipoDocumento === '6' ? 'RUC' : etiquetaDocumento(em.tipoDocumento)} ${em.numeroDocumento}`).bold(false);
  if (em.direccion) e.line(em.direccion);
  if (em.sucursal) e.line(`${em.sucursal.nombre}${em.sucursal.direccion ? `: ${em.sucursal.direccion}` : ''}`);
  const contacto = [em.telefono && `Telf.: ${em.telefono}`, em.correo].filter(Boolean).join('  ');
  if (contacto) e.line(contacto);
  separador();
  e.bold(true).line(TITULO_DOCUMENTO[d.tipo].join(' ')).size(1, 2).line(serieNumero(d.serie, d.numero)).size(1, 1).bold(false);
  if (d.tipo === 'NV') e.line('DOCUMENTO NO TRIBUTARIO');
  separador();

  e.align('left');
  const hora = d.horaEmision && d.horaEmision !== '00:00:00' ? ` ${d.horaEmision.slice(0, 5)}` : '';
  par('Fecha de emisión:', formatearFecha(d.fechaEmision) + hora);
  if (d.fechaVencimiento) par('Fecha de vencimiento:', formatearFecha(d.fechaVencimiento));
  par('Cliente:', d.cliente.nombre);
  if (tieneDocumento(d.cliente.numeroDocumento)) par(`${etiquetaDocumento(d.cliente.tipoDocumento)}:`, d.cliente.numeroDocumento);
  if (d.cliente.direccion) par('Dirección:', d.cliente.direccion);
  par('Moneda:', NOMBRE_MONEDA[d.moneda] ?? d.moneda);
  if (d.condicionPago) par('Condición de pago:', d.condicionPago.descripcion);
  if (d.guiasRelacionadas.length) par('Guía de remisión:', d.guiasRelacionadas.join(', '));
  if (d.referencia) {
    const r = d.referencia;
    par('Documento que modifica:', `${nombreTipoDocumento(r.tipoDocumento)} ${serieNumero(r.serie, r.numero)}`);
    par('Tipo de nota:', `${r.codigoMotivo}${r.tipoMotivo ? ` - ${r.tipoMotivo}` : ''}`);
    par('Sustento:', r.motivo);
  }
  separador();

  const anchoTotal = o.ancho === 58 ? 9 : 11;
  e.table(columnasMonto(anchoTotal), [[(x) => x.bold(true).text('DESCRIPCIÓN / CANT. x P. UNIT.').bold(false), (x) => x.bold(true).text(`TOTAL ${simbolo}`).bold(false)]]);
  for (const l of d.lineas) {
    e.line(`${l.codigo ? `${l.codigo} - ` : ''}${l.descripcion}${l.gratuita ? ' [GRATUITO]' : ''}`);
    const unitario = l.gratuita ? l.valorUnitario : l.precioUnitario;
    e.table(columnasMonto(anchoTotal), [[`  ${formatearCantidad(l.cantidad)} ${unidadCorta(l.unidad)} x ${formatearCantidad(unitario ?? '0')}`, formatearMonto(l.total ?? '0')]]);
    if (l.descuento && !/^0(\.0+)?$/.test(l.descuento)) e.line(`  Incluye descuento de ${formatearMonto(l.descuento)}`);
  }
  separador();

  const anchoTotales = o.ancho === 58 ? 14 : 16;
  for (const f of filasTotales(d)) {
    const monto = `${simbolo} ${formatearMonto(f.monto)}`;
    if (f.destacado) e.bold(true);
    e.table(columnasMonto(Math.max(anchoTotales, monto.length)), [[f.etiqueta, monto]]);
    if (f.destacado) e.bold(false);
  }
  separador();

  for (const b of bloquesPie(d, simbolo, true)) {
    if (b.titulo) e.bold(true).line(b.titulo).bold(false);
    for (const l of b.lineas) e.bold(!!l.negrita).line(l.texto).bold(false);
    if (b.tabla) {
      const t = b.tabla;
      const total = t.anchos.reduce((s, a) => s + a, 0);
      const anchos = t.anchos.map((a) => Math.floor((a / total) * columnas) - 1);
      const cols = anchos.map((w, i) => ({ width: w, align: t.alinear[i], marginRight: 1 }));
      e.table(cols, [t.cabecera.map((c) => (x: ReceiptPrinterEncoder) => x.bold(true).text(c).bold(false)), ...t.filas]);
    }
    separador();
  }

  e.align('center');
  // SUNAT's QR: model 2, error correction Q (as on the printed representation); size 5 fits a 58 mm roll.
  if (d.textoQr) e.qrcode(d.textoQr, { model: 2, size: o.ancho === 58 ? 5 : 6, errorlevel: 'q' });
  if (d.hash) e.line('Valor resumen (hash):').line(d.hash);
  e.bold(true).line(leyendaRepresentacion(d.tipo)).bold(false);
  if (d.tipo !== 'NV') e.line(d.urlConsulta ? `Consulte su documento en: ${d.urlConsulta}` : `Consulte su validez en: ${URL_CONSULTA_SUNAT}`);
  if (d.plantilla.textoAdicional) e.newline().line(d.plantilla.textoAdicional);
  e.cut('partial');
  // Pulse on pin 2 (the usual drawer connector): 100 ms on, 500 ms off, as most ESC/POS drawers expect.
  if (o.abrirCajon) e.pulse(0, 100, 500);
  return e;
}
