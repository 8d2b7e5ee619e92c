import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import Decimal from 'decimal.js';
import { SimboloMoneda } from '@yupana/contracts';
import { montoEnLetras } from '@yupana/sunat';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa } from '../../db/schema';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';
import { obtenerLetra } from './letras.service';

const monto = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fechaPe = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The letra de cambio as an A4 PDF in the Peruvian layout: número, lugar y fecha de giro, vencimiento, importe in
 * figures and words, the order to pay, girador (the company), aceptante (customer with RUC/DNI and address) and aval.
 */
export async function pdfLetra(ctx: Contexto, auth: TAuth, id: number): Promise<{ pdf: Buffer; nombre: string }> {
  const l = await obtenerLetra(ctx, auth, id);
  const [emp] = await ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento, direccion: empresa.direccion }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const fecha = new Date(`${l.FechaGiro}T17:00:00Z`);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `Letra de cambio ${l.Numero}`, Author: emp.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha } });
  const sim = SimboloMoneda[l.IdMoneda] ?? '';
  const x0 = 40;
  const ancho = 515;
  let y = 40;
  // The letra's frame (top half of the page).
  doc.rect(x0, y, ancho, 360).lineWidth(1.2).strokeColor(COLOR.borde).stroke();
  doc.font(FUENTE_NEGRITA).fontSize(16).fillColor(COLOR.acento).text('LETRA DE CAMBIO', x0, y + 14, { width: ancho, align: 'center' });
  y += 44;
  const celda = (etiqueta: string, valor: string, x: number, w: number, alto = 34) => {
    doc.rect(x, y, w, alto).lineWidth(0.6).strokeColor(COLOR.linea).stroke();
    doc.font(FUENTE_NEGRITA).fontSize(7).fillColor(COLOR.suave).text(etiqueta.toUpperCase(), x + 4, y + 4, { width: w - 8 });
    doc.font(FUENTE).fontSize(10).fillColor(COLOR.texto).text(valor, x + 4, y + 15, { width: w - 8 });
  };
  const xi = x0 + 12;
  celda('Número', l.Numero, xi, 90);
  celda('Lugar de giro', l.LugarGiro, xi + 90, 140);
  celda('Fecha de giro', fechaPe(l.FechaGiro), xi + 230, 85);
  celda('Vencimiento', fechaPe(l.FechaVencimiento), xi + 315, 85);
  celda('Importe', `${sim} ${monto(l.Monto)}`, xi + 400, 91);
  y += 46;
  doc.font(FUENTE).fontSize(10).fillColor(COLOR.texto).text(
    `Por esta LETRA DE CAMBIO se servirá(n) pagar incondicionalmente a la orden de ${emp.razonSocial}${emp.ruc ? ` (RUC ${emp.ruc})` : ''} la cantidad de:`,
    xi, y, { width: ancho - 24 },
  );
  y += 30;
  doc.rect(xi, y, ancho - 24, 22).fillColor(COLOR.fondo).fill();
  doc.font(FUENTE_NEGRITA).fontSize(10).fillColor(COLOR.texto).text(montoEnLetras(l.Monto, l.IdMoneda === 2 ? 'USD' : 'PEN'), xi + 6, y + 6, { width: ancho - 36 });
  y += 32;
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.texto).text(`En: ${l.LugarPago ?? 'el domicilio del aceptante'}`, xi, y, { width: ancho - 24 });
  y += 20;
  const mitad = (ancho - 24) / 2;
  celda('Girador', `${emp.razonSocial}\n${emp.ruc ? `RUC ${emp.ruc}` : ''}`, xi, mitad - 6, 50);
  celda('Aceptante', `${l.RazonSocialCliente}\n${l.NumeroDocumentoCliente.length === 11 ? 'RUC' : 'DNI'} ${l.NumeroDocumentoCliente}`, xi + mitad + 6, mitad - 6, 50);
  y += 56;
  celda('Domicilio del aceptante', l.DireccionCliente ?? '-', xi + mitad + 6, mitad - 6, 34);
  celda('Aval permanente', l.AvalNombre ? `${l.AvalNombre}${l.AvalDocumento ? ` (${l.AvalDocumento})` : ''}` : '-', xi, mitad - 6, 34);
  y += 50;
  doc.moveTo(xi + mitad + 40, y + 30).lineTo(xi + ancho - 60, y + 30).lineWidth(0.6).strokeColor(COLOR.borde).stroke();
  doc.font(FUENTE).fontSize(8).fillColor(COLOR.suave).text('Firma del aceptante', xi + mitad + 40, y + 34, { width: mitad - 76, align: 'center' });
  doc.moveTo(xi + 20, y + 30).lineTo(xi + mitad - 40, y + 30).stroke();
  doc.text('Firma del aval', xi + 20, y + 34, { width: mitad - 60, align: 'center' });
  y = 420;
  doc.font(FUENTE).fontSize(8).fillColor(COLOR.suave).text(
    `Estado: ${l.EstadoNombre}. Canje de: ${l.Documentos || '-'}.${l.IdLetraOrigen ? ' Renueva una letra anterior.' : ''}`,
    x0, y, { width: ancho },
  );
  return { pdf: await aBytes(doc), nombre: `letra-${l.Numero}.pdf` };
}
