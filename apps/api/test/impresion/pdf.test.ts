// Lo que el cliente ve en el PDF: se genera cada tipo de documento por las piezas reales (modelo, totales, XML
// firmado) y se lee con pdftotext / pdfinfo / pdftoppm + jsQR, herramientas ajenas a este código.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANCHO_TICKET } from '../../src/modules/contabilidad/impresion/pdf-base';
import { RELLENO_EXTRA_TITULO_TRANSPORTISTA } from '../../src/modules/contabilidad/impresion/a4';
import { formatearFecha, formatearMonto } from '../../src/modules/contabilidad/impresion/formato';
import { generarPdf } from '../../src/modules/contabilidad/impresion/generar-pdf';
import type { TDocumentoImpresion } from '../../src/modules/contabilidad/impresion/impresion.types';
import {
  boleta, boletaClientesVarios, emitir, facturaCompleta, facturaDetraccion, facturaExportacion, facturaMuchasLineas, guiaRemitente, guiaTransportista,
  logoPng, notaCredito, notaDebito, notaVenta, type TEmitido,
} from './documentos-prueba';
import { AVISO_SIN_POPPLER, hayPoppler, infoPdf, infoPdfPagina, leerQr, palabrasPdf, plano, textoPdf, textoPdfCrudo } from './pdf-herramientas';

if (!hayPoppler) console.warn(AVISO_SIN_POPPLER);

/** En A4 el QR va en el pie, a la izquierda: basta rasterizar esa franja (puntos desde el borde). */
const FRANJA_QR_A4 = 170;

/** Lo que todo comprobante debe mostrar: serie-número, cliente, cada total, importe en letras, hash, cuotas y leyenda. */
function comprobarComprobante(texto: string, e: TEmitido, leyenda: string) {
  const d = e.impresion;
  const t = plano(texto);
  expect(t).toContain(`${d.serie}-${d.numero}`);
  expect(t).toContain(d.cliente.nombre);
  expect(t).toContain(d.cliente.numeroDocumento);
  const simbolo = { PEN: 'S/', USD: 'US$', EUR: '€' }[d.moneda]!;
  const tot = d.totales!;
  expect(t).toContain(`IMPORTE TOTAL ${simbolo} ${formatearMonto(tot.total)}`);
  expect(t).toContain(`IGV ${tot.porcentajeIgv}% ${simbolo} ${formatearMonto(tot.igv)}`);
  expect(t).toContain(`OP. GRAVADA ${simbolo} ${formatearMonto(tot.gravada)}`);
  expect(t).toContain(`OP. EXONERADA ${simbolo} ${formatearMonto(tot.exonerada)}`);
  expect(t).toContain(`OP. INAFECTA ${simbolo} ${formatearMonto(tot.inafecta)}`);
  const opcionales: [string, string][] = [
    ['OP. EXPORTACIÓN', tot.exportacion], ['OP. GRATUITA', tot.gratuita], ['DESCUENTOS', tot.descuentos], ['ANTICIPOS', tot.anticipos],
    ['ISC', tot.isc], ['ICBPER', tot.icbper], ['OTROS CARGOS', tot.cargos],
  ];
  for (const [etiqueta, monto] of opcionales) {
    if (Number(monto) !== 0) expect(t).toContain(`${etiqueta} ${simbolo} ${formatearMonto(monto)}`);
    else expect(t).not.toContain(`${etiqueta} ${simbolo}`);
  }
  expect(t).toContain(d.montoEnLetras!);
  expect(t).toContain(e.digestValue);
  for (const c of d.condicionPago?.cuotas ?? []) {
    expect(t).toMatch(new RegExp(`${c.numero} ${formatearFecha(c.fechaVencimiento).replace(/\//g, '\\/')} ${simbolo.replace('$', '\\$')} ${formatearMonto(c.monto)}`));
  }
  expect(t).toContain(`Representación impresa de la ${leyenda}`);
  expect(t).toContain('https://demo.yupana.pe/consultareceptor');
}

/** El DigestValue del XML firmado es el "valor resumen" del PDF y el último campo del QR. */
function digestDelXml(xml: string): string {
  return /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)![1];
}

describe.skipIf(!hayPoppler)('representación impresa leída con poppler', () => {
  it('factura A4: todos los totales, crédito en cuotas, anticipo, logo, eñes y tildes, y un QR legible', async () => {
    const e = facturaCompleta(logoPng());
    const pdf = await generarPdf(e.impresion, 'A4');
    const texto = textoPdf(pdf);
    comprobarComprobante(texto, e, 'FACTURA ELECTRÓNICA');
    expect(e.digestValue).toBe(digestDelXml(e.xml));
    expect(texto).toContain('R.U.C. N° 20123456786');
    expect(texto).toContain('FACTURA ELECTRÓNICA');
    expect(texto).toContain('Fecha de emisión:');
    expect(texto).toMatch(/Fecha de emisión:\s+20\/11\/2026 10:30/);
    expect(texto).toMatch(/Fecha de vencimiento:\s+20\/01\/2027/);
    expect(texto).toMatch(/Condición de pago:\s+Crédito - Varias Letras/);
    expect(texto).toMatch(/Moneda:\s+SOLES/);
    expect(texto).toContain('Monto neto pendiente de pago: S/ 5,302.55');
    expect(texto).toMatch(/FACTURA F001-100\s+S\/ 590\.00/);
    expect(texto).toContain('Libro "Ñandú y cóndor: fauna andina"');
    expect(texto).toContain('Atención: Sr. Núñez.');
    expect(texto).toContain('Laptop 14" Core i7, 16 GB RAM, año de garantía');
    // Línea de la laptop: cantidad, unidad, código, valor unitario, precio unitario, descuento y total con miles.
    expect(texto).toMatch(/2\.00\s+UND\s+LAP-14\s+Laptop.*2,500\.00\s+2,802\.50\s+250\.00\s+5,605\.00/);
    // The price with taxes derived from the typed value 4.20 (6.4425 in the XML) prints with the typed 2 decimals.
    expect(texto).toMatch(/CER-01\s+Cerveza 620 ml\s+4\.20\s+6\.44\s+0\.00\s+77\.31/);
    expect(texto).toContain('[TRANSFERENCIA');
    expect(texto).toMatch(/Orden de compra:\s+OC-2026-0457/);
    expect(texto).toMatch(/Guía de remisión:\s+T001-77/);
    expect(texto).toContain('Establecimiento: Tienda Miraflores');
    expect(plano(texto)).toContain('Cuenta corriente BCP soles: 191-2345678-0-12. Gracias por su preferencia.');
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    const info = infoPdf(pdf);
    expect(info.paginas).toBe(1);
    expect(info.ancho).toBeCloseTo(595.28, 1);
    expect(info.alto).toBeCloseTo(841.89, 1);
    expect(leerQr(pdf, 1, 150, FRANJA_QR_A4)).toBe(e.impresion.textoQr);
    expect(e.impresion.textoQr).toBe(`20123456786|01|F001|123|${e.impresion.totales!.igv}|${e.impresion.totales!.total}|2026-11-20|6|20100070970|${e.digestValue}|`);
  });

  it('factura en ticket de 80 mm: mismo contenido, página del ancho del rollo y QR legible', async () => {
    const e = facturaCompleta(logoPng());
    const pdf = await generarPdf(e.impresion, 'TICKET');
    const texto = textoPdf(pdf);
    comprobarComprobante(texto, e, 'FACTURA ELECTRÓNICA');
    expect(plano(texto)).toContain('Cuenta corriente BCP soles: 191-2345678-0-12. Gracias por su preferencia.');
    const info = infoPdf(pdf);
    expect(info.paginas).toBe(1);
    expect(info.ancho).toBeCloseTo(226.77, 1);
    expect(ANCHO_TICKET).toBeCloseTo(226.77, 2);
    expect(leerQr(pdf, 1, 200)).toBe(e.impresion.textoQr);
  });

  it('el ticket crece con las líneas y sigue siendo una sola tira', async () => {
    const corta = await generarPdf(boleta().impresion, 'TICKET');
    const items = Array.from({ length: 40 }, (_, i) => ({ descripcion: `Artículo ${i + 1}`, cantidad: '1', precioUnitario: '2.50' }));
    const e = boleta(items);
    const larga = await generarPdf(e.impresion, 'TICKET');
    const [ic, il] = [infoPdf(corta), infoPdf(larga)];
    expect(ic.paginas).toBe(1);
    expect(il.paginas).toBe(1);
    expect(il.ancho).toBeCloseTo(226.77, 1);
    // Cada línea ocupa dos renglones (descripción; cantidad x precio y total): unos 20 pt por línea.
    expect(il.alto - ic.alto).toBeGreaterThan(37 * 18);
    const texto = plano(textoPdf(larga));
    expect(texto).toContain('Artículo 40');
    comprobarComprobante(texto, e, 'BOLETA DE VENTA ELECTRÓNICA');
  });

  it('un ticket más largo que una página de PDF sigue en otra tira del mismo ancho, sin papel en blanco al final', async () => {
    const items = Array.from({ length: 750 }, (_, i) => ({ codigo: `A${String(i + 1).padStart(4, '0')}`, descripcion: `Artículo ${i + 1}`, cantidad: '1', precioUnitario: '1.00' }));
    const e = boleta(items);
    const pdf = await generarPdf(e.impresion, 'TICKET');
    const info = infoPdf(pdf);
    expect(info.paginas).toBe(2);
    const alturas: number[] = [];
    const codigos: string[] = [];
    for (let p = 1; p <= info.paginas; p++) {
      const palabras = palabrasPdf(pdf, p);
      alturas.push(Math.max(...palabras.map((w) => w.yMax)));
      codigos.push(...palabras.map((w) => w.texto).filter((w) => /^A\d{4}$/.test(w)));
    }
    expect(codigos).toEqual(items.map((it) => it.codigo));
    // La segunda tira mide lo que le queda de contenido: su última palabra queda cerca del borde inferior.
    const ultima = infoPdfPagina(pdf, 2);
    expect(ultima.ancho).toBeCloseTo(226.77, 1);
    expect(ultima.alto).toBeLessThan(14_400);
    expect(ultima.alto - alturas[1]).toBeLessThan(40);
    expect(infoPdfPagina(pdf, 1).alto).toBe(14_400);
    comprobarComprobante(textoPdf(pdf), e, 'BOLETA DE VENTA ELECTRÓNICA');
  });

  it('textos fuera de lo que dibujan las fuentes estándar salen con un equivalente legible, no con otros glifos', async () => {
    const { impresion } = boleta();
    const d: TDocumentoImpresion = {
      ...impresion,
      observaciones: 'Garantía ≥ 12 meses − envío a Łódź ✓',
      lineas: [{ ...impresion.lineas[0], descripcion: 'Café de Đà Lạt “premium” – 250 g' }, ...impresion.lineas.slice(1)],
    };
    const t = plano(textoPdf(await generarPdf(d, 'A4')));
    expect(t).toContain('Garantía >= 12 meses - envío a Lódz ?');
    expect(t).toContain('Café de Dà Lat “premium” – 250 g');
  });

  it('boleta en A4 y en ticket: cliente con DNI, ICBPER y la leyenda de boleta', async () => {
    const e = boleta();
    for (const formato of ['A4', 'TICKET'] as const) {
      const texto = textoPdf(await generarPdf(e.impresion, formato));
      comprobarComprobante(texto, e, 'BOLETA DE VENTA ELECTRÓNICA');
      expect(texto).toMatch(/DNI:\s+45678912/);
      expect(texto).toContain('JR. PUNO 456, DPTO. 3°B');
      expect(texto).toContain('MARÍA QUISPE HUAMÁN');
      expect(texto).toContain('Zapatillas niño N° 32');
    }
    // El formato por defecto es el de la plantilla de la empresa.
    const porDefecto = await generarPdf({ ...e.impresion, plantilla: { formato: 'TICKET' } });
    expect(infoPdf(porDefecto).ancho).toBeCloseTo(226.77, 1);
  });

  it('boleta sin comprador identificado: CLIENTES VARIOS, sin número de documento', async () => {
    const e = boletaClientesVarios();
    expect(e.impresion.textoQr).toContain('|0|-|');
    for (const formato of ['A4', 'TICKET'] as const) {
      const pdf = await generarPdf(e.impresion, formato);
      const texto = textoPdf(pdf);
      comprobarComprobante(texto, e, 'BOLETA DE VENTA ELECTRÓNICA');
      expect(texto).toMatch(/Cliente:\s+CLIENTES VARIOS/);
      expect(texto).not.toContain('DOC. NO DOM.');
      expect(formato === 'TICKET' ? leerQr(pdf, 1, 200) : leerQr(pdf, 1, 150, FRANJA_QR_A4)).toBe(e.impresion.textoQr);
    }
  });

  it('nota de crédito: documento que modifica, tipo de nota y sustento', async () => {
    const e = notaCredito();
    for (const formato of ['A4', 'TICKET'] as const) {
      const texto = textoPdf(await generarPdf(e.impresion, formato));
      comprobarComprobante(texto, e, 'NOTA DE CRÉDITO ELECTRÓNICA');
      expect(plano(texto)).toContain('FACTURA F001-123 del 20/11/2026');
      expect(plano(texto)).toContain('07 - Devolución por ítem');
      expect(plano(texto)).toContain('Devolución de 1 unidad dañada en el transporte');
    }
  });

  it('nota de débito: documento que modifica y motivo del catálogo 10', async () => {
    const e = notaDebito();
    const texto = textoPdf(await generarPdf(e.impresion, 'A4'));
    comprobarComprobante(texto, e, 'NOTA DE DÉBITO ELECTRÓNICA');
    expect(texto).toContain('FACTURA F001-120');
    expect(texto).toContain('01 - Intereses por mora');
    expect(texto).toContain('NOTA DE DÉBITO');
  });

  it('detracción: leyenda, bien, porcentaje, monto y cuenta del Banco de la Nación', async () => {
    const e = facturaDetraccion();
    const texto = textoPdf(await generarPdf(e.impresion, 'A4'));
    comprobarComprobante(texto, e, 'FACTURA ELECTRÓNICA');
    expect(texto).toContain('OPERACIÓN SUJETA AL SISTEMA DE DETRACCIONES');
    expect(texto).toContain('Operación sujeta a detracción');
    expect(texto).toContain('Bien o servicio: 022 - Otros servicios empresariales');
    expect(texto).toContain('Porcentaje: 12%');
    expect(texto).toContain('Monto de la detracción: S/ 708.00');
    expect(texto).toContain('Cuenta en el Banco de la Nación: 00-099-025344');
    expect(texto).toContain('Monto neto pendiente de pago: S/ 5,192.00');
  });

  it('exportación en dólares: símbolo, moneda en letras y base de exportación', async () => {
    const e = facturaExportacion();
    const texto = textoPdf(await generarPdf(e.impresion, 'A4'));
    comprobarComprobante(texto, e, 'FACTURA ELECTRÓNICA');
    expect(texto).toMatch(/Moneda:\s+DÓLARES AMERICANOS/);
    expect(plano(texto)).toContain('OP. EXPORTACIÓN US$ 9,315.00');
    expect(texto).toContain('DÓLARES AMERICANOS');
    expect(texto).toContain('ANDEAN IMPORTS LLC');
  });

  it('guía de remisión remitente: traslado, puntos con ubigeo, vehículo, conductor, bienes y hash', async () => {
    const e = guiaRemitente();
    const pdf = await generarPdf(e.impresion, 'TICKET'); // se pide ticket: la guía sale igual en A4
    expect(infoPdf(pdf).paginas).toBe(1);
    expect(infoPdf(pdf).ancho).toBeCloseTo(595.28, 1);
    const texto = textoPdf(pdf);
    const t = plano(texto);
    expect(t).toContain('T001-77');
    expect(texto).toMatch(/GUÍA DE REMISIÓN[\s\S]*REMITENTE ELECTRÓNICA/);
    expect(t).toContain('SUPERMERCADOS PERUANOS S.A.');
    expect(t).toContain('Motivo: 01 - Venta');
    expect(t).toContain('Modalidad: 02 - Transporte privado');
    expect(t).toContain('Inicio del traslado: 21/11/2026');
    expect(t).toContain('Peso bruto total: 850.50 KG');
    expect(t).toContain('N° de bultos: 40');
    expect(t).toContain('AV. ABANCAY 123, CERCADO DE LIMA');
    expect(t).toContain('150101 - LIMA - LIMA - LIMA');
    expect(t).toContain('040101 - AREQUIPA - AREQUIPA - AREQUIPA');
    expect(t).toContain('Placa ABC123');
    expect(t).toContain('JOSÉ MAMANI ÑAUPARI');
    expect(t).toContain('Licencia Q41223344');
    expect(t).toContain('F001-123');
    expect(texto).toMatch(/2\s+LIB-01\s+Cajas de útiles escolares\s+CAJA\s+40\.00/);
    expect(t).toContain('Mercadería frágil: no apilar más de 3 cajas.');
    expect(t).toContain(`Valor resumen (hash): ${e.digestValue}`);
    expect(e.digestValue).toBe(digestDelXml(e.xml));
    expect(t).toContain('Representación impresa de la GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE');
    expect(leerQr(pdf, 1, 150, FRANJA_QR_A4)).toBe(e.impresion.textoQr);
  });

  it('guía de remisión transportista: remitente, vehículos con TUC, MTC y el título con 55 px más de relleno', async () => {
    const e = guiaTransportista();
    const pdf = await generarPdf(e.impresion);
    const t = plano(textoPdf(pdf));
    expect(t).toContain('V001-8');
    expect(t).toContain('R.U.C. N° 20512345671');
    expect(t).toContain('Registro MTC: 15123456CNG');
    expect(t).toContain('Remitente: COMERCIAL YUPANA S.A.C.');
    expect(t).toContain('Placa XYZ789 · TUC 15M21028327E');
    expect(t).toContain('Placa REM456 · TUC 15M21028328E');
    expect(t).toContain('ROSA CONDORI APAZA');
    expect(t).toContain('Pagador del flete: Remitente');
    expect(t).toContain('GUÍA DE REMISIÓN REMITENTE: T001-77');
    expect(t).toContain(`Valor resumen (hash): ${e.digestValue}`);
    expect(t).toContain('Representación impresa de la GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA');
    // El título del recuadro empieza 55 pt más a la derecha que el relleno normal (10 pt) del recuadro de 210 pt.
    const xRecuadro = 595.28 - 32 - 210;
    const guia = palabrasPdf(pdf).find((p) => p.texto === 'GUÍA' && p.yMin < 150)!;
    expect(guia.xMin).toBeCloseTo(xRecuadro + 10 + RELLENO_EXTRA_TITULO_TRANSPORTISTA, 0);
    expect(leerQr(pdf, 1, 150, FRANJA_QR_A4)).toBe(e.impresion.textoQr);
  });

  it('nota de venta: rotulada como documento interno, sin hash, sin QR ni leyenda de comprobante electrónico', async () => {
    const { impresion } = notaVenta();
    for (const formato of ['A4', 'TICKET'] as const) {
      const pdf = await generarPdf(impresion, formato);
      const t = plano(textoPdf(pdf));
      expect(t).toContain('NOTA DE VENTA');
      expect(t).toContain('NV01-315');
      expect(t).toContain('DOCUMENTO NO TRIBUTARIO');
      expect(t).toContain('DOCUMENTO INTERNO SIN VALOR TRIBUTARIO: NO ES UN COMPROBANTE DE PAGO');
      expect(t).toContain('BODEGA DOÑA ROSA');
      expect(t).toContain(formato === 'A4' ? 'DNI N° 40506070' : 'DNI 40506070');
      expect(t).toContain('CARLOS PEÑA ROJAS');
      expect(t).toContain('IMPORTE TOTAL S/ 45.00');
      expect(t).toContain('SON: CUARENTA Y CINCO CON 00/100 SOLES');
      expect(t).not.toContain('Representación impresa');
      expect(t).not.toContain('Valor resumen');
      expect(t).not.toContain('IGV');
      expect(t).not.toContain('OP. ');
      expect(leerQr(pdf)).toBeNull();
    }
  });

  it('una factura de 200 líneas pagina con encabezado en cada página y los totales en la última', async () => {
    const e = facturaMuchasLineas(200);
    const pdf = await generarPdf(e.impresion, 'A4');
    const { paginas } = infoPdf(pdf);
    expect(paginas).toBeGreaterThan(2);
    const codigos: string[] = [];
    for (let p = 1; p <= paginas; p++) {
      const texto = textoPdf(pdf, p);
      expect(texto).toContain(`Página ${p} de ${paginas}`);
      expect(texto).toContain('R.U.C. N° 20123456786');
      expect(texto).toContain('F001-9000');
      expect(texto).toMatch(/CANT\.\s+UNID\.\s+CÓDIGO\s+DESCRIPCIÓN/);
      codigos.push(...(texto.match(/P-\d{4}/g) ?? []));
      const ultima = p === paginas;
      expect(texto.includes('IMPORTE TOTAL')).toBe(ultima);
      expect(texto.includes(e.impresion.montoEnLetras!)).toBe(ultima);
      expect(texto.includes(e.digestValue)).toBe(ultima);
    }
    // Cada línea aparece una sola vez y en orden: ninguna se pierde ni se repite en el salto de página.
    expect(codigos).toEqual(Array.from({ length: 200 }, (_, i) => `P-${String(i + 1).padStart(4, '0')}`));
    comprobarComprobante(textoPdf(pdf), e, 'FACTURA ELECTRÓNICA');
    expect(leerQr(pdf, paginas, 150, FRANJA_QR_A4)).toBe(e.impresion.textoQr);
  });

  it('un documento anulado lleva la marca ANULADO en cada página, A4 y ticket; uno vigente no', async () => {
    const e = facturaMuchasLineas(200);
    const anulada = await generarPdf({ ...e.impresion, anulado: true }, 'A4');
    const { paginas } = infoPdf(anulada);
    expect(paginas).toBeGreaterThan(2);
    for (let p = 1; p <= paginas; p++) expect(textoPdfCrudo(anulada, p)).toContain('ANULADO');
    // The mark does not hide the document: its totals are still read.
    expect(plano(textoPdf(anulada, paginas))).toContain('IMPORTE TOTAL');
    expect(textoPdfCrudo(await generarPdf(e.impresion, 'A4'))).not.toContain('ANULADO');
    const { impresion } = notaVenta();
    expect(textoPdfCrudo(await generarPdf({ ...impresion, anulado: true }, 'TICKET'))).toContain('ANULADO');
    expect(textoPdfCrudo(await generarPdf(impresion, 'TICKET'))).not.toContain('ANULADO');
  });

  it('la fecha de creación del PDF es la de emisión (hora de Lima)', async () => {
    const { impresion } = boleta();
    // Emitida el 20/11/2026 a las 18:05 en Lima (UTC-5); pdfkit la escribe en UTC.
    expect(infoPdf(await generarPdf(impresion, 'A4')).creacion).toBe('2026-11-20T23:05:00Z');
  });

  it('muchas cuotas caben en dos columnas y todas se leen', async () => {
    const e = facturaCompleta();
    const cuotas = Array.from({ length: 24 }, (_, i) => ({
      numero: `Cuota${String(i + 1).padStart(3, '0')}`, monto: '100.00', fechaVencimiento: `2027-${String((i % 12) + 1).padStart(2, '0')}-15`,
    }));
    const d: TDocumentoImpresion = { ...e.impresion, condicionPago: { descripcion: 'Crédito', cuotas } };
    const pdf = await generarPdf(d, 'A4');
    const texto = textoPdf(pdf);
    for (const c of cuotas) expect(texto).toContain(c.numero);
    expect(texto).toMatch(/Cuota001\s+15\/01\/2027\s+S\/ 100\.00\s+Cuota013\s+15\/01\/2027\s+S\/ 100\.00/);
  });
});

// Todos los ejemplos del motor (percepción, IVAP, ISC, dólares, gratuitas...) se imprimen con sus importes, su hash y su QR.
describe.skipIf(!hayPoppler)('ejemplos del motor SUNAT impresos', () => {
  const carpeta = fileURLToPath(new URL('../../../../packages/sunat/examples/', import.meta.url));
  const ejemplos = readdirSync(carpeta).filter((f) => f.endsWith('.json'))
    .map((f) => ({ archivo: f, entrada: JSON.parse(readFileSync(path.join(carpeta, f), 'utf8')) as { tipo: string } }))
    .filter((x) => ['01', '03', '07', '08', '09', '31'].includes(x.entrada.tipo));

  it('hay ejemplos de cada tipo de documento', () => {
    expect(new Set(ejemplos.map((x) => x.entrada.tipo))).toEqual(new Set(['01', '03', '07', '08', '09', '31']));
  });

  it.each(ejemplos.map((x) => [x.archivo, x.entrada] as const))('%s', async (_archivo, entrada) => {
    const e = emitir(entrada);
    const d = e.impresion;
    for (const formato of d.guia ? (['A4'] as const) : (['A4', 'TICKET'] as const)) {
      const pdf = await generarPdf(d, formato);
      const t = plano(textoPdf(pdf));
      expect(t).toContain(`${d.serie}-${d.numero}`);
      expect(t).toContain(d.hash!);
      if (d.totales) {
        expect(t).toContain(`IMPORTE TOTAL ${t.includes('US$') ? 'US$' : t.includes('€ ') ? '€' : 'S/'} ${formatearMonto(d.totales.total)}`);
        expect(t).toContain(d.montoEnLetras!);
        if (d.totales.percepcion) expect(t).toContain(`TOTAL CON PERCEPCIÓN S/ ${formatearMonto(d.totales.percepcion.totalConPercepcion)}`);
        if (Number(d.totales.montoIvap)) expect(t).toContain(`IVAP 4% S/ ${formatearMonto(d.totales.montoIvap)}`);
      }
      // El QR se lee en el A4 (el del ticket se lee en las pruebas de arriba): rasterizar y buscarlo es lo más lento.
      if (formato === 'A4') expect(leerQr(pdf, infoPdf(pdf).paginas, 150, FRANJA_QR_A4)).toBe(d.textoQr);
    }
  });
});
