// Representación impresa en A4 de comprobantes (01, 03, 07, 08), nota de venta y guías de remisión (09, 31).
// Cada página repite el encabezado (logo, emisor y recuadro con RUC, título y serie-número) y lleva "Página i de n";
// los totales, las cuotas, el QR y el hash van juntos al final, en la última página.
import type { TDocumentoImpresion, TLineaImpresion } from './impresion.types';
import {
  NOMBRE_MONEDA, TITULO_DOCUMENTO, URL_CONSULTA_SUNAT, etiquetaDocumento, formatearCantidad, formatearFecha, formatearMonto,
  leyendaRepresentacion, nombreTipoDocumento, serieNumero, simboloMoneda, tieneDocumento, unidadCorta,
} from './formato';
import {
  COLOR, FUENTE, FUENTE_NEGRITA, aBytes, celda, crearPdf, marcarAnulado, dibujarLogo, dibujarQr, lineaHorizontal, type TPdf,
} from './pdf-base';
import { bloquesPie, filasTotales, type TBloque } from './contenido';

const ANCHO = 595.28;
const ALTO = 841.89;
const MARGEN = 32;
const ANCHO_UTIL = ANCHO - MARGEN * 2;
/** Franja inferior reservada al pie de página ("Página i de n"). */
const PIE = 24;
const LIMITE = ALTO - MARGEN - PIE;
/** Ancho del logo en A4 (constante del producto). */
const ANCHO_LOGO = 225;
const ALTO_LOGO = 72;
const ANCHO_RECUADRO = 210;
/** El título "GUÍA DE REMISIÓN TRANSPORTISTA" lleva 55 px más de relleno izquierdo (constante del producto). */
export const RELLENO_EXTRA_TITULO_TRANSPORTISTA = 55;

type TPar = [string, string];
type TOpcionesSeccion = { etiquetas?: [number, number]; division?: number; subtitulos?: [string, string] };

export async function pdfA4(d: TDocumentoImpresion): Promise<Buffer> {
  const dibujo = new DibujoA4(d);
  dibujo.dibujar();
  if (d.anulado) marcarAnulado(dibujo.doc);
  return aBytes(dibujo.doc);
}

class DibujoA4 {
  readonly doc: TPdf;
  private y = MARGEN;
  private readonly simbolo: string;

  constructor(private readonly d: TDocumentoImpresion) {
    this.doc = crearPdf(d, 'A4', true);
    this.simbolo = simboloMoneda(d.moneda);
  }

  dibujar(): void {
    const { d } = this;
    this.y = this.encabezado();
    if (d.guia) this.cuerpoGuia();
    else this.cuerpoComprobante();
    this.pieDocumento();
    this.numerarPaginas();
  }

  // ---------- paginación ----------

  private asegurar(alto: number): boolean {
    if (this.y + alto <= LIMITE) return false;
    this.doc.addPage();
    this.y = this.encabezado();
    return true;
  }

  private numerarPaginas(): void {
    const { doc, d } = this;
    const rango = doc.bufferedPageRange();
    for (let i = 0; i < rango.count; i++) {
      doc.switchToPage(rango.start + i);
      const y = ALTO - MARGEN - 10;
      lineaHorizontal(doc, MARGEN, ANCHO - MARGEN, y - 4);
      doc.font(FUENTE).fontSize(7).fillColor(COLOR.suave);
      celda(doc, `${d.emisor.razonSocial} · ${serieNumero(d.serie, d.numero)}`, MARGEN, y, ANCHO_UTIL * 0.7);
      celda(doc, `Página ${i + 1} de ${rango.count}`, MARGEN + ANCHO_UTIL * 0.7, y, ANCHO_UTIL * 0.3, 'right');
    }
    doc.fillColor(COLOR.texto);
  }

  // ---------- encabezado ----------

  private encabezado(): number {
    const { doc, d } = this;
    const xRecuadro = ANCHO - MARGEN - ANCHO_RECUADRO;
    const finRecuadro = this.recuadro(xRecuadro, MARGEN);

    const anchoIzq = xRecuadro - MARGEN - 14;
    let y = MARGEN;
    if (d.logo) y += dibujarLogo(doc, d.logo, MARGEN, y, Math.min(ANCHO_LOGO, anchoIzq), ALTO_LOGO) + 6;
    const e = d.emisor;
    const titulo = e.nombreComercial ?? e.razonSocial;
    doc.font(FUENTE_NEGRITA).fontSize(12.5).fillColor(COLOR.acento);
    doc.text(titulo, MARGEN, y, { width: anchoIzq });
    y = doc.y + 1;
    doc.fillColor(COLOR.texto);
    if (e.nombreComercial) {
      doc.font(FUENTE_NEGRITA).fontSize(8.5).text(e.razonSocial, MARGEN, y, { width: anchoIzq });
      y = doc.y + 1;
    }
    doc.font(FUENTE).fontSize(7.5).fillColor(COLOR.suave);
    const lineas: string[] = [];
    if (e.direccion) lineas.push(e.direccion);
    if (e.sucursal) lineas.push(`Establecimiento: ${e.sucursal.nombre}${e.sucursal.direccion ? ` - ${e.sucursal.direccion}` : ''}`);
    const contacto = [e.telefono && `Telf.: ${e.telefono}`, e.correo && `Correo: ${e.correo}`, e.web].filter(Boolean).join('   ');
    if (contacto) lineas.push(contacto);
    if (e.registroMtc) lineas.push(`Registro MTC: ${e.registroMtc}`);
    for (const l of lineas) {
      doc.text(l, MARGEN, y, { width: anchoIzq });
      y = doc.y + 0.5;
    }
    doc.fillColor(COLOR.texto);
    return Math.max(y, finRecuadro) + 10;
  }

  /** Recuadro con el documento del emisor, el título y la serie-número; devuelve dónde termina. */
  private recuadro(x: number, y0: number): number {
    const { doc, d } = this;
    const relleno = 10;
    const anchoTexto = ANCHO_RECUADRO - relleno * 2;
    let y = y0 + 9;
    doc.fillColor(COLOR.texto).font(FUENTE_NEGRITA).fontSize(11.5);
    const etiqueta = d.emisor.tipoDocumento === '6' ? 'R.U.C.' : etiquetaDocumento(d.emisor.tipoDocumento);
    doc.text(`${etiqueta} N° ${d.emisor.numeroDocumento}`, x + relleno, y, { width: anchoTexto, align: 'center' });
    y = doc.y + 5;

    const extra = d.tipo === '31' ? RELLENO_EXTRA_TITULO_TRANSPORTISTA : 0;
    const titulo = TITULO_DOCUMENTO[d.tipo].join('\n');
    doc.font(FUENTE_NEGRITA).fontSize(11);
    const opciones = { width: anchoTexto - extra, align: (extra ? 'left' : 'center') as 'left' | 'center', lineGap: 1 };
    const altoTitulo = doc.heightOfString(titulo, opciones) + 10;
    doc.rect(x, y, ANCHO_RECUADRO, altoTitulo).fill(COLOR.fondo);
    doc.fillColor(COLOR.acento).text(titulo, x + relleno + extra, y + 5.5, opciones);
    y += altoTitulo + 6;

    doc.fillColor(COLOR.texto).font(FUENTE_NEGRITA).fontSize(13);
    doc.text(serieNumero(d.serie, d.numero), x + relleno, y, { width: anchoTexto, align: 'center' });
    y = doc.y + 2;
    if (d.tipo === 'NV') {
      doc.font(FUENTE_NEGRITA).fontSize(7).fillColor(COLOR.suave);
      doc.text('DOCUMENTO NO TRIBUTARIO', x + relleno, y, { width: anchoTexto, align: 'center' });
      y = doc.y;
      doc.fillColor(COLOR.texto);
    }
    y += 6;
    doc.roundedRect(x, y0, ANCHO_RECUADRO, y - y0, 4).lineWidth(1.2).strokeColor(COLOR.borde).stroke();
    return y;
  }

  // ---------- secciones de datos ----------

  /** Alto de una columna de pares etiqueta: valor. */
  private altoPares(pares: TPar[], ancho: number, anchoEtiqueta: number): number {
    const { doc } = this;
    doc.font(FUENTE).fontSize(8);
    return pares.reduce((h, [, v]) => h + Math.max(doc.heightOfString(v || ' ', { width: ancho - anchoEtiqueta }), doc.currentLineHeight(true)) + 2.5, 0);
  }

  private pares(pares: TPar[], x: number, y: number, ancho: number, anchoEtiqueta: number): void {
    const { doc } = this;
    for (const [etiqueta, valor] of pares) {
      doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.texto);
      celda(doc, etiqueta, x, y, anchoEtiqueta - 4);
      doc.font(FUENTE).fontSize(8);
      doc.text(valor || ' ', x + anchoEtiqueta, y, { width: ancho - anchoEtiqueta });
      y = Math.max(doc.y, y + doc.currentLineHeight(true)) + 2.5;
    }
  }

  /**
   * Sección con franja de título y una o dos columnas de pares; no se parte entre páginas. `division`: fracción del
   * ancho para la columna izquierda; `subtitulos`: encabezado propio de cada columna (partida / llegada).
   */
  private seccion(titulo: string, izquierda: TPar[], derecha: TPar[] = [], opciones: TOpcionesSeccion = {}): void {
    const { doc } = this;
    const etiquetas = opciones.etiquetas ?? [70, 105];
    const mitad = derecha.length ? ANCHO_UTIL * (opciones.division ?? 0.58) : ANCHO_UTIL;
    const anchoIzq = mitad - 12;
    const anchoDer = ANCHO_UTIL - mitad - 12;
    const altoSub = opciones.subtitulos ? 13 : 0;
    const alto = altoSub + Math.max(this.altoPares(izquierda, anchoIzq, etiquetas[0]), derecha.length ? this.altoPares(derecha, anchoDer, etiquetas[1]) : 0);
    const altoTitulo = titulo ? 14 : 0;
    this.asegurar(altoTitulo + alto + 14);
    const y0 = this.y;
    if (titulo) {
      doc.rect(MARGEN, y0, ANCHO_UTIL, altoTitulo).fill(COLOR.fondo);
      doc.font(FUENTE_NEGRITA).fontSize(7.5).fillColor(COLOR.acento);
      celda(doc, titulo, MARGEN + 6, y0 + 4, ANCHO_UTIL - 12);
    }
    const yCuerpo = y0 + altoTitulo + 5;
    if (opciones.subtitulos) {
      doc.font(FUENTE_NEGRITA).fontSize(7.5).fillColor(COLOR.acento);
      celda(doc, opciones.subtitulos[0], MARGEN + 6, yCuerpo, anchoIzq);
      celda(doc, opciones.subtitulos[1], MARGEN + mitad + 6, yCuerpo, anchoDer);
    }
    this.pares(izquierda, MARGEN + 6, yCuerpo + altoSub, anchoIzq, etiquetas[0]);
    if (derecha.length) {
      this.pares(derecha, MARGEN + mitad + 6, yCuerpo + altoSub, anchoDer, etiquetas[1]);
      doc.save().moveTo(MARGEN + mitad, yCuerpo - 2).lineTo(MARGEN + mitad, yCuerpo + alto - 1).lineWidth(0.5).strokeColor(COLOR.linea).stroke().restore();
    }
    const y1 = yCuerpo + alto + 3;
    doc.rect(MARGEN, y0, ANCHO_UTIL, y1 - y0).lineWidth(0.7).strokeColor(COLOR.borde).stroke();
    this.y = y1 + 8;
  }

  private datosCliente(): void {
    const { d } = this;
    const c = d.cliente;
    const esGuia = !!d.guia;
    const izquierda: TPar[] = [[esGuia ? 'Destinatario:' : 'Cliente:', c.nombre]];
    if (tieneDocumento(c.numeroDocumento)) izquierda.push([`${etiquetaDocumento(c.tipoDocumento)}:`, c.numeroDocumento]);
    if (c.direccion) izquierda.push(['Dirección:', c.direccion]);
    const derecha: TPar[] = [['Fecha de emisión:', formatearFecha(d.fechaEmision) + (d.horaEmision && d.horaEmision !== '00:00:00' ? `  ${d.horaEmision.slice(0, 5)}` : '')]];
    if (d.fechaVencimiento) derecha.push(['Fecha de vencimiento:', formatearFecha(d.fechaVencimiento)]);
    if (!esGuia) derecha.push(['Moneda:', NOMBRE_MONEDA[d.moneda] ?? d.moneda]);
    if (d.condicionPago) derecha.push(['Condición de pago:', d.condicionPago.descripcion]);
    if (d.ordenCompra) derecha.push(['Orden de compra:', d.ordenCompra]);
    if (d.guiasRelacionadas.length) derecha.push(['Guía de remisión:', d.guiasRelacionadas.join(', ')]);
    this.seccion(esGuia ? 'DESTINATARIO' : 'DATOS DEL CLIENTE', izquierda, derecha);
  }

  // ---------- comprobantes ----------

  private cuerpoComprobante(): void {
    const { d } = this;
    this.datosCliente();
    if (d.referencia) {
      const r = d.referencia;
      const documento = `${nombreTipoDocumento(r.tipoDocumento)} ${serieNumero(r.serie, r.numero)}${r.fechaEmision ? ` del ${formatearFecha(r.fechaEmision)}` : ''}`;
      const tipo = `${r.codigoMotivo}${r.tipoMotivo ? ` - ${r.tipoMotivo}` : ''}`;
      this.seccion('DOCUMENTO QUE MODIFICA', [['Documento:', documento], ['Tipo de nota:', tipo], ['Sustento:', r.motivo]]);
    }
    this.tablaLineas();
    this.resumen();
  }

  private columnasComprobante() {
    const s = this.simbolo;
    const cols: { titulo: string; ancho: number; align: 'left' | 'right' | 'center'; valor: (l: TLineaImpresion) => string }[] = [
      { titulo: 'CANT.', ancho: 44, align: 'right', valor: (l) => formatearCantidad(l.cantidad) },
      { titulo: 'UNID.', ancho: 34, align: 'center', valor: (l) => unidadCorta(l.unidad) },
      { titulo: 'CÓDIGO', ancho: 54, align: 'left', valor: (l) => l.codigo ?? '' },
      { titulo: 'DESCRIPCIÓN', ancho: 0, align: 'left', valor: (l) => l.descripcion + (l.gratuita ? ' [TRANSFERENCIA GRATUITA]' : '') },
      { titulo: 'V. UNIT.', ancho: 56, align: 'right', valor: (l) => formatearCantidad(l.valorUnitario ?? '0') },
      { titulo: 'P. UNIT.', ancho: 56, align: 'right', valor: (l) => formatearCantidad(l.precioUnitario ?? '0') },
      { titulo: 'DSCTO.', ancho: 44, align: 'right', valor: (l) => formatearMonto(l.descuento ?? '0') },
      { titulo: `TOTAL ${s}`, ancho: 62, align: 'right', valor: (l) => formatearMonto(l.total ?? '0') },
    ];
    return cols;
  }

  private columnasGuia() {
    const cols: { titulo: string; ancho: number; align: 'left' | 'right' | 'center'; valor: (l: TLineaImpresion, i: number) => string }[] = [
      { titulo: 'N°', ancho: 26, align: 'right', valor: (_l, i) => String(i + 1) },
      { titulo: 'CÓDIGO', ancho: 70, align: 'left', valor: (l) => l.codigo ?? '' },
      { titulo: 'DESCRIPCIÓN', ancho: 0, align: 'left', valor: (l) => l.descripcion },
      { titulo: 'UNIDAD', ancho: 50, align: 'center', valor: (l) => unidadCorta(l.unidad) },
      { titulo: 'CANTIDAD', ancho: 70, align: 'right', valor: (l) => formatearCantidad(l.cantidad) },
    ];
    return cols;
  }

  private tablaLineas(): void {
    const { doc, d } = this;
    const columnas: { titulo: string; ancho: number; align: 'left' | 'right' | 'center'; valor: (l: TLineaImpresion, i: number) => string }[] =
      d.guia ? this.columnasGuia() : this.columnasComprobante();
    const fijo = columnas.reduce((s, c) => s + c.ancho, 0);
    const anchos = columnas.map((c) => (c.ancho || ANCHO_UTIL - fijo));
    const xs = anchos.map((_, i) => MARGEN + anchos.slice(0, i).reduce((s, a) => s + a, 0));
    const iDesc = columnas.findIndex((c) => c.titulo === 'DESCRIPCIÓN');
    const pad = 3;

    const cabecera = () => {
      doc.rect(MARGEN, this.y, ANCHO_UTIL, 15).fill(COLOR.acento);
      doc.font(FUENTE_NEGRITA).fontSize(7).fillColor('#ffffff');
      columnas.forEach((c, i) => celda(doc, c.titulo, xs[i] + pad, this.y + 4.5, anchos[i] - pad * 2, c.align));
      doc.fillColor(COLOR.texto);
      this.y += 15;
    };

    this.asegurar(15 + 16);
    cabecera();
    d.lineas.forEach((l, n) => {
      doc.font(FUENTE).fontSize(7.5);
      const desc = columnas[iDesc].valor(l, n);
      const alto = Math.max(doc.heightOfString(desc, { width: anchos[iDesc] - pad * 2 }), doc.currentLineHeight(true)) + 6;
      if (this.asegurar(alto)) cabecera();
      const y = this.y + 3;
      doc.font(FUENTE).fontSize(7.5).fillColor(COLOR.texto);
      columnas.forEach((c, i) => {
        if (i === iDesc) doc.text(desc, xs[i] + pad, y, { width: anchos[i] - pad * 2 });
        else celda(doc, c.valor(l, n), xs[i] + pad, y, anchos[i] - pad * 2, c.align);
      });
      this.y += alto;
      lineaHorizontal(doc, MARGEN, ANCHO - MARGEN, this.y);
    });
    lineaHorizontal(doc, MARGEN, ANCHO - MARGEN, this.y, COLOR.borde, 0.8);
    this.y += 8;
  }

  /** Totales a la derecha; a la izquierda el importe en letras, cuotas, anticipos, detracción y observaciones. */
  private resumen(): void {
    const { doc, d } = this;
    const anchoTot = 215;
    const xTot = ANCHO - MARGEN - anchoTot;
    const anchoIzq = xTot - MARGEN - 14;
    const filas = filasTotales(d);
    const altoFila = 13;
    const altoTot = filas.length * altoFila + 4;
    const bloques = bloquesPie(d, this.simbolo);

    // El importe en letras va a todo el ancho, bajo las líneas: así nunca se parte junto a la columna de totales.
    const letras = bloques.find((b) => b.clave === 'letras');
    if (letras) this.bloque(letras, MARGEN, ANCHO_UTIL);

    this.asegurar(altoTot);
    const y0 = this.y;
    let yt = y0;
    filas.forEach((f) => {
      if (f.destacado) doc.rect(xTot, yt, anchoTot, altoFila + 2).fill(COLOR.fondo);
      doc.font(f.destacado ? FUENTE_NEGRITA : FUENTE).fontSize(f.destacado ? 9 : 8).fillColor(f.destacado ? COLOR.acento : COLOR.texto);
      const yTexto = yt + (f.destacado ? 4 : 3);
      celda(doc, f.etiqueta, xTot + 6, yTexto, anchoTot - 100);
      celda(doc, `${this.simbolo} ${formatearMonto(f.monto)}`, xTot + anchoTot - 100, yTexto, 94, 'right');
      yt += f.destacado ? altoFila + 2 : altoFila;
      if (!f.destacado) lineaHorizontal(doc, xTot, xTot + anchoTot, yt);
    });
    doc.rect(xTot, y0, anchoTot, yt - y0).lineWidth(0.7).strokeColor(COLOR.borde).stroke();
    doc.fillColor(COLOR.texto);
    const paginaTotales = this.paginaActual();

    // Bloques de la izquierda: cada uno entero en una página.
    this.y = y0;
    for (const b of bloques) if (b !== letras) this.bloque(b, MARGEN, anchoIzq);
    if (this.paginaActual() === paginaTotales) this.y = Math.max(this.y, yt + 8);
  }

  private paginaActual(): number {
    const r = this.doc.bufferedPageRange();
    return r.start + r.count - 1;
  }

  private altoBloque(b: TBloque, ancho: number): number {
    const { doc } = this;
    let h = 0;
    if (b.titulo) h += 13;
    for (const l of b.lineas) {
      doc.font(l.negrita ? FUENTE_NEGRITA : FUENTE).fontSize(l.tamano ?? 8);
      h += doc.heightOfString(l.texto, { width: ancho - 12 }) + 1.5;
    }
    if (b.tabla) h += (b.tabla.filas.length + 1) * 11 + 2;
    return h + (b.recuadro ? 10 : 4);
  }

  private bloque(b: TBloque, x: number, ancho: number): void {
    const { doc } = this;
    const alto = this.altoBloque(b, ancho);
    this.asegurar(alto + 4);
    const y0 = this.y;
    let y = y0 + (b.recuadro ? 5 : 0);
    const xi = b.recuadro ? x + 6 : x;
    const wi = b.recuadro ? ancho - 12 : ancho;
    if (b.titulo) {
      doc.font(FUENTE_NEGRITA).fontSize(7.5).fillColor(COLOR.acento);
      celda(doc, b.titulo, xi, y, wi);
      y += 13;
    }
    doc.fillColor(COLOR.texto);
    for (const l of b.lineas) {
      doc.font(l.negrita ? FUENTE_NEGRITA : FUENTE).fontSize(l.tamano ?? 8);
      doc.text(l.texto, xi, y, { width: wi });
      y = doc.y + 1.5;
    }
    if (b.tabla) {
      const t = b.tabla;
      const total = t.anchos.reduce((s, a) => s + a, 0);
      const anchos = t.anchos.map((a) => (a / total) * wi);
      const fila = (valores: string[], cabecera: boolean) => {
        if (cabecera) doc.rect(xi, y, wi, 11).fill(COLOR.fondo);
        doc.font(cabecera ? FUENTE_NEGRITA : FUENTE).fontSize(7.5).fillColor(COLOR.texto);
        let xc = xi;
        valores.forEach((v, i) => {
          celda(doc, v, xc + 3, y + 2, anchos[i] - 6, t.alinear[i]);
          xc += anchos[i];
        });
        y += 11;
        lineaHorizontal(doc, xi, xi + wi, y);
      };
      fila(t.cabecera, true);
      t.filas.forEach((f) => fila(f, false));
      y += 2;
    }
    y += b.recuadro ? 5 : 4;
    if (b.recuadro) doc.rect(x, y0, ancho, y - y0).lineWidth(0.7).strokeColor(COLOR.borde).stroke();
    this.y = y + 7;
  }

  // ---------- guías ----------

  private cuerpoGuia(): void {
    const { d } = this;
    const g = d.guia!;
    this.datosCliente();
    if (g.remitente) {
      this.seccion('REMITENTE', [['Remitente:', g.remitente.nombre], [`${etiquetaDocumento(g.remitente.tipoDocumento)}:`, g.remitente.numeroDocumento]]);
    }
    const traslado: TPar[] = [];
    if (g.motivo) traslado.push(['Motivo:', `${g.motivo.codigo} - ${g.motivo.descripcion}`]);
    if (g.modalidad) traslado.push(['Modalidad:', `${g.modalidad.codigo} - ${g.modalidad.descripcion}`]);
    traslado.push(['Inicio del traslado:', formatearFecha(g.fechaInicioTraslado)]);
    const carga: TPar[] = [['Peso bruto total:', `${formatearCantidad(g.pesoBruto)} ${g.unidadPeso === 'TNE' ? 'TN' : 'KG'}`]];
    if (g.numeroBultos !== undefined) carga.push(['N° de bultos:', String(g.numeroBultos)]);
    if (g.pagadorFlete) carga.push(['Pagador del flete:', g.pagadorFlete]);
    this.seccion('DATOS DEL TRASLADO', traslado, carga, { etiquetas: [92, 92], division: 0.5 });

    const punto = (p: typeof g.partida): TPar[] => [
      ['Dirección:', p.direccion],
      ['Ubigeo:', `${p.ubigeo}${p.descripcionUbigeo ? ` - ${p.descripcionUbigeo}` : ''}`],
    ];
    this.seccion('PUNTOS DEL TRASLADO', punto(g.partida), punto(g.llegada), { etiquetas: [55, 55], division: 0.5, subtitulos: ['PUNTO DE PARTIDA', 'PUNTO DE LLEGADA'] });

    const transporte: TPar[] = [];
    if (g.transportista) {
      transporte.push(['Transportista:', g.transportista.razonSocial], ['RUC:', g.transportista.ruc]);
      if (g.transportista.registroMtc) transporte.push(['Registro MTC:', g.transportista.registroMtc]);
    }
    g.vehiculos.forEach((v, i) => transporte.push([i === 0 ? 'Vehículo principal:' : 'Vehículo secundario:', `Placa ${v.placa}${v.tuc ? `  ·  TUC ${v.tuc}` : ''}`]));
    const conductores: TPar[] = g.conductores.map((c, i) => [
      i === 0 ? 'Conductor principal:' : 'Conductor secundario:',
      `${c.nombre}\n${etiquetaDocumento(c.tipoDocumento)} ${c.numeroDocumento}  ·  Licencia ${c.licencia}`,
    ]);
    if (transporte.length || conductores.length) {
      const izquierda = transporte.length ? transporte : conductores;
      this.seccion('DATOS DEL TRANSPORTE', izquierda, transporte.length ? conductores : [], { etiquetas: [92, 100], division: 0.5 });
    }
    if (g.documentosRelacionados.length) {
      this.seccion('DOCUMENTOS RELACIONADOS', g.documentosRelacionados.map((r) => [
        `${nombreTipoDocumento(r.tipoDocumento)}:`, `${r.numero}${r.rucEmisor ? `  (RUC emisor ${r.rucEmisor})` : ''}`,
      ]), [], { etiquetas: [150, 0] });
    }
    this.tablaLineas();
    for (const b of bloquesPie(d, this.simbolo)) this.bloque(b, MARGEN, ANCHO_UTIL);
  }

  // ---------- pie del documento ----------

  /** QR, valor resumen y la leyenda de representación impresa con la dirección de consulta. */
  private pieDocumento(): void {
    const { doc, d } = this;
    const lado = 88;
    const textos: { texto: string; negrita?: boolean; tamano?: number }[] = [{ texto: leyendaRepresentacion(d.tipo), negrita: true, tamano: 8.5 }];
    if (d.hash) textos.push({ texto: `Valor resumen (hash): ${d.hash}` });
    if (d.tipo !== 'NV') {
      textos.push({ texto: d.urlConsulta ? `Consulte y descargue su documento en: ${d.urlConsulta}` : `Consulte la validez de su comprobante en: ${URL_CONSULTA_SUNAT}` });
    }
    if (d.plantilla.textoAdicional) textos.push({ texto: d.plantilla.textoAdicional, tamano: 7.5 });
    const conQr = !!d.textoQr;
    const anchoTexto = ANCHO_UTIL - (conQr ? lado + 24 : 12);
    const altoTexto = textos.reduce((h, t) => {
      doc.font(t.negrita ? FUENTE_NEGRITA : FUENTE).fontSize(t.tamano ?? 8);
      return h + doc.heightOfString(t.texto, { width: anchoTexto }) + 3;
    }, 0);
    const alto = Math.max(conQr ? lado + 8 : 0, altoTexto + 10);
    this.asegurar(alto + 4);
    const y0 = this.y + 2;
    if (conQr) dibujarQr(doc, d.textoQr!, MARGEN + 4, y0 + 4, lado);
    let y = y0 + Math.max(6, (alto - altoTexto) / 2);
    const x = MARGEN + (conQr ? lado + 16 : 6);
    for (const t of textos) {
      doc.font(t.negrita ? FUENTE_NEGRITA : FUENTE).fontSize(t.tamano ?? 8).fillColor(t.negrita ? COLOR.acento : COLOR.texto);
      doc.text(t.texto, x, y, { width: anchoTexto });
      y = doc.y + 3;
    }
    doc.fillColor(COLOR.texto);
    doc.roundedRect(MARGEN, y0, ANCHO_UTIL, alto, 3).lineWidth(0.7).strokeColor(COLOR.borde).stroke();
    this.y = y0 + alto + 6;
  }
}
