// Representación impresa en ticket de 80 mm (o 58 mm) para impresoras térmicas: una sola tira tan larga como el contenido.
// pdfkit fija el tamaño de la página al crearla, así que primero se mide (misma rutina de dibujo sobre una página
// sin fin) y luego se dibuja en una página del alto exacto.
import type { TDocumentoImpresion } from './impresion.types';
import {
  NOMBRE_MONEDA, TITULO_DOCUMENTO, URL_CONSULTA_SUNAT, etiquetaDocumento, formatearCantidad, formatearFecha, formatearMonto,
  leyendaRepresentacion, nombreTipoDocumento, serieNumero, simboloMoneda, tieneDocumento, unidadCorta,
} from './formato';
import {
  ALTO_MAXIMO_PAGINA, ANCHO_TICKET, COLOR, FUENTE, FUENTE_NEGRITA, aBytes, celda, crearPdf, marcarAnulado, dibujarLogo, dibujarQr, lineaHorizontal,
  lineaPunteada, type TPdf,
} from './pdf-base';
import { bloquesPie, filasTotales, type TBloque } from './contenido';

const MARGEN = 10;
/** Rollo de 58 mm: el texto se parte al ancho útil (unos 144 pt) y el QR se achica. */
export const ANCHO_TICKET_58 = (58 / 25.4) * 72;

/** Margen inferior mayor: la cuchilla de la impresora térmica corta unos milímetros bajo la última línea. */
const MARGEN_CORTE = 14;

export async function pdfTicket(d: TDocumentoImpresion, ancho: number = ANCHO_TICKET): Promise<Buffer> {
  const medida = crearPdf(d, [ancho, 1_000_000]);
  const contenido = new DibujoTicket(medida, d, Infinity, ancho).dibujar() - MARGEN;
  const doc = crearPdf(d, [ancho, altoPagina(contenido)]);
  new DibujoTicket(doc, d, contenido, ancho).dibujar();
  if (d.anulado) marcarAnulado(doc);
  return aBytes(doc);
}

/** Alto de una página del ticket para `contenido` puntos pendientes, sin pasar del máximo de los visores. */
const altoPagina = (contenido: number) => Math.min(Math.ceil(contenido + MARGEN * 2 + MARGEN_CORTE), ALTO_MAXIMO_PAGINA);

class DibujoTicket {
  private y = MARGEN;
  private readonly simbolo: string;
  /** Contenido ya dibujado en páginas anteriores (solo cuando el ticket no cabe en una página). */
  private consumido = 0;
  private limite: number;
  private readonly util: number;
  private readonly ladoQr: number;
  /** Columna de importes de las líneas y de los totales: más angosta en 58 mm. */
  private readonly colTotal: number;
  private readonly colTotales: number;

  /** `contenido`: alto medido en la primera pasada; Infinity mientras se mide. `ancho`: del rollo, en puntos. */
  constructor(private readonly doc: TPdf, private readonly d: TDocumentoImpresion, private readonly contenido: number, private readonly ancho: number) {
    this.simbolo = simboloMoneda(d.moneda);
    this.util = ancho - MARGEN * 2;
    const angosto = ancho < ANCHO_TICKET;
    this.ladoQr = angosto ? 96 : 112;
    this.colTotal = angosto ? 54 : 58;
    this.colTotales = angosto ? 72 : 78;
    this.limite = Number.isFinite(contenido) ? doc.page.height - MARGEN - MARGEN_CORTE : Infinity;
  }

  /** Dibuja todo y devuelve la altura usada. */
  dibujar(): number {
    this.encabezado();
    this.datos();
    this.lineas();
    this.totales();
    for (const b of bloquesPie(this.d, this.simbolo, true)) this.bloque(b);
    this.pie();
    return this.y;
  }

  private asegurar(alto: number): void {
    if (this.y + alto <= this.limite) return;
    // Un ticket más largo que el máximo sigue en otra tira, del alto que le queda (sin papel en blanco al final).
    this.consumido += this.y - MARGEN;
    const pendiente = Math.max(this.contenido - this.consumido, alto) + 12;
    this.doc.addPage({ size: [this.ancho, altoPagina(pendiente)], margin: 0 });
    this.limite = this.doc.page.height - MARGEN - MARGEN_CORTE;
    this.y = MARGEN;
  }

  private texto(texto: string, opciones: { negrita?: boolean; tamano?: number; align?: 'left' | 'center' | 'right'; color?: string } = {}): void {
    const { doc } = this;
    doc.font(opciones.negrita ? FUENTE_NEGRITA : FUENTE).fontSize(opciones.tamano ?? 7.5).fillColor(opciones.color ?? COLOR.texto);
    this.asegurar(doc.heightOfString(texto, { width: this.util }));
    doc.text(texto, MARGEN, this.y, { width: this.util, align: opciones.align ?? 'left' });
    this.y = doc.y + 1;
  }

  private separador(): void {
    this.asegurar(8);
    this.y += 3;
    lineaPunteada(this.doc, MARGEN, this.ancho - MARGEN, this.y);
    this.y += 4;
  }

  /** "Etiqueta: valor" con la etiqueta en negrita y el valor que sigue en la misma línea y se parte si no cabe. */
  private par(etiqueta: string, valor: string): void {
    const { doc } = this;
    doc.font(FUENTE_NEGRITA).fontSize(7.5);
    const anchoEtiqueta = doc.widthOfString(`${etiqueta} `);
    doc.font(FUENTE).fontSize(7.5);
    const alto = doc.heightOfString(valor, { width: this.util - anchoEtiqueta });
    this.asegurar(alto);
    doc.font(FUENTE_NEGRITA).fillColor(COLOR.texto).text(etiqueta, MARGEN, this.y, { lineBreak: false });
    doc.font(FUENTE).text(valor, MARGEN + anchoEtiqueta, this.y, { width: this.util - anchoEtiqueta });
    this.y = doc.y + 1;
  }

  private encabezado(): void {
    const { doc, d } = this;
    const e = d.emisor;
    if (d.logo) {
      this.asegurar(60);
      this.y += dibujarLogo(doc, d.logo, MARGEN, this.y, this.util, 60, 'center') + 5;
    }
    this.texto(e.nombreComercial ?? e.razonSocial, { negrita: true, tamano: 10, align: 'center' });
    if (e.nombreComercial) this.texto(e.razonSocial, { negrita: true, tamano: 8, align: 'center' });
    this.texto(`${e.tipoDocumento === '6' ? 'RUC' : etiquetaDocumento(e.tipoDocumento)} ${e.numeroDocumento}`, { negrita: true, tamano: 8, align: 'center' });
    if (e.direccion) this.texto(e.direccion, { tamano: 7, align: 'center' });
    if (e.sucursal) this.texto(`${e.sucursal.nombre}${e.sucursal.direccion ? `: ${e.sucursal.direccion}` : ''}`, { tamano: 7, align: 'center' });
    const contacto = [e.telefono && `Telf.: ${e.telefono}`, e.correo].filter(Boolean).join('  ');
    if (contacto) this.texto(contacto, { tamano: 7, align: 'center' });
    this.separador();
    this.texto(TITULO_DOCUMENTO[d.tipo].join(' '), { negrita: true, tamano: 9, align: 'center' });
    this.texto(serieNumero(d.serie, d.numero), { negrita: true, tamano: 11, align: 'center' });
    if (d.tipo === 'NV') this.texto('DOCUMENTO NO TRIBUTARIO', { negrita: true, tamano: 7, align: 'center', color: COLOR.suave });
    this.separador();
  }

  private datos(): void {
    const { d } = this;
    const hora = d.horaEmision && d.horaEmision !== '00:00:00' ? ` ${d.horaEmision.slice(0, 5)}` : '';
    this.par('Fecha de emisión:', formatearFecha(d.fechaEmision) + hora);
    if (d.fechaVencimiento) this.par('Fecha de vencimiento:', formatearFecha(d.fechaVencimiento));
    this.par('Cliente:', d.cliente.nombre);
    if (tieneDocumento(d.cliente.numeroDocumento)) this.par(`${etiquetaDocumento(d.cliente.tipoDocumento)}:`, d.cliente.numeroDocumento);
    if (d.cliente.direccion) this.par('Dirección:', d.cliente.direccion);
    this.par('Moneda:', NOMBRE_MONEDA[d.moneda] ?? d.moneda);
    if (d.condicionPago) this.par('Condición de pago:', d.condicionPago.descripcion);
    if (d.ordenCompra) this.par('Orden de compra:', d.ordenCompra);
    if (d.guiasRelacionadas.length) this.par('Guía de remisión:', d.guiasRelacionadas.join(', '));
    if (d.referencia) {
      const r = d.referencia;
      this.separador();
      this.par('Documento que modifica:', `${nombreTipoDocumento(r.tipoDocumento)} ${serieNumero(r.serie, r.numero)}${r.fechaEmision ? ` del ${formatearFecha(r.fechaEmision)}` : ''}`);
      this.par('Tipo de nota:', `${r.codigoMotivo}${r.tipoMotivo ? ` - ${r.tipoMotivo}` : ''}`);
      this.par('Sustento:', r.motivo);
    }
    this.separador();
  }

  private lineas(): void {
    const { doc, d } = this;
    const anchoTotal = this.colTotal;
    doc.font(FUENTE_NEGRITA).fontSize(7).fillColor(COLOR.texto);
    this.asegurar(10);
    celda(doc, 'DESCRIPCIÓN / CANT. x P. UNIT.', MARGEN, this.y, this.util - anchoTotal);
    celda(doc, `TOTAL ${this.simbolo}`, this.ancho - MARGEN - anchoTotal, this.y, anchoTotal, 'right');
    this.y += 10;
    lineaHorizontal(doc, MARGEN, this.ancho - MARGEN, this.y - 1.5);
    for (const l of d.lineas) {
      const descripcion = `${l.codigo ? `${l.codigo} - ` : ''}${l.descripcion}${l.gratuita ? ' [GRATUITO]' : ''}`;
      doc.font(FUENTE).fontSize(7.5);
      const alto = doc.heightOfString(descripcion, { width: this.util }) + 10 + (l.descuento && !/^0(\.0+)?$/.test(l.descuento) ? 9 : 0);
      this.asegurar(alto);
      doc.fillColor(COLOR.texto).text(descripcion, MARGEN, this.y, { width: this.util });
      this.y = doc.y + 0.5;
      const unitario = l.gratuita ? l.valorUnitario : l.precioUnitario;
      celda(doc, `${formatearCantidad(l.cantidad)} ${unidadCorta(l.unidad)} x ${formatearCantidad(unitario ?? '0')}`, MARGEN + 6, this.y, this.util - anchoTotal - 6);
      doc.font(FUENTE_NEGRITA);
      celda(doc, formatearMonto(l.total ?? '0'), this.ancho - MARGEN - anchoTotal, this.y, anchoTotal, 'right');
      this.y += 9;
      if (l.descuento && !/^0(\.0+)?$/.test(l.descuento)) {
        doc.font(FUENTE).fontSize(7);
        celda(doc, `Incluye descuento de ${formatearMonto(l.descuento)}`, MARGEN + 6, this.y, this.util - 6);
        this.y += 9;
      }
      this.y += 1.5;
    }
    this.separador();
  }

  private totales(): void {
    const { doc } = this;
    for (const f of filasTotales(this.d)) {
      const tamano = f.destacado ? 9 : 7.5;
      doc.font(f.destacado ? FUENTE_NEGRITA : FUENTE).fontSize(tamano).fillColor(COLOR.texto);
      this.asegurar(tamano + 4);
      // The amount's column ends at the right margin: it is the roll's column (72 pt in 58 mm, 78 in 80 mm), widened
      // when a large amount needs it (the label gives way), never past the margin. It used to be 78 wide on both rolls,
      // so on 58 mm it started at the 72 pt column and ran 6 pt into the right margin.
      const monto = `${this.simbolo} ${formatearMonto(f.monto)}`;
      const col = Math.min(Math.max(this.colTotales, doc.widthOfString(monto) + 2), this.util);
      celda(doc, f.etiqueta, MARGEN, this.y, this.util - col);
      celda(doc, monto, this.ancho - MARGEN - col, this.y, col, 'right');
      this.y += tamano + 3;
    }
    this.separador();
  }

  private bloque(b: TBloque): void {
    const { doc } = this;
    if (b.titulo) this.texto(b.titulo, { negrita: true, tamano: 7.5 });
    for (const l of b.lineas) this.texto(l.texto, { negrita: l.negrita, tamano: Math.min(l.tamano ?? 7.5, 8) });
    if (b.tabla) {
      const t = b.tabla;
      const total = t.anchos.reduce((s, a) => s + a, 0);
      const anchos = t.anchos.map((a) => (a / total) * this.util);
      const fila = (valores: string[], negrita: boolean) => {
        doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(7).fillColor(COLOR.texto);
        this.asegurar(10);
        let x = MARGEN;
        valores.forEach((v, i) => {
          celda(doc, v, x, this.y, anchos[i], t.alinear[i]);
          x += anchos[i];
        });
        this.y += 9.5;
      };
      fila(t.cabecera, true);
      t.filas.forEach((f) => fila(f, false));
    }
    this.separador();
  }

  private pie(): void {
    const { doc, d } = this;
    if (d.textoQr) {
      this.asegurar(this.ladoQr + 4);
      dibujarQr(doc, d.textoQr, (this.ancho - this.ladoQr) / 2, this.y, this.ladoQr);
      this.y += this.ladoQr + 4;
    }
    if (d.hash) {
      // El hash (44 caracteres base64) en su propia línea: partido no se podría cotejar con el XML.
      this.texto('Valor resumen (hash):', { tamano: 7, align: 'center' });
      this.texto(d.hash, { tamano: 6.5, align: 'center' });
    }
    this.texto(leyendaRepresentacion(d.tipo), { negrita: true, tamano: 7.5, align: 'center' });
    if (d.tipo !== 'NV') {
      this.texto(d.urlConsulta ? `Consulte su documento en: ${d.urlConsulta}` : `Consulte su validez en: ${URL_CONSULTA_SUNAT}`, { tamano: 6.5, align: 'center' });
    }
    if (d.plantilla.textoAdicional) {
      this.y += 3;
      this.texto(d.plantilla.textoAdicional, { tamano: 7, align: 'center' });
    }
  }
}
