import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { empresa, sucursal } from '../../db/schema';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';
import { obtenerPedido } from './pedidos.service';

const miles = (v: string, decimales = 2) => new Decimal(v).toFixed(decimales).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fecha = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '-');

/** A quotation or order as PDF A4: company, customer, lines, totals, validity and status. */
export async function pdfPedido(ctx: Contexto, auth: TAuth, id: number): Promise<{ pdf: Buffer; nombre: string }> {
  const p = await obtenerPedido(ctx.dbh.db, auth, id);
  const [emp] = await ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento, direccion: empresa.direccion }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const [suc] = await ctx.dbh.db.select({ nombre: sucursal.razonSocial, direccion: sucursal.direccion }).from(sucursal).where(eq(sucursal.id, p.IdSucursal));
  const moneda = p.IdMoneda === 2 ? 'US$' : 'S/';
  const creado = new Date(`${p.FechaEmision}T12:00:00Z`);
  const titulo = p.Tipo === 1 ? 'COTIZACIÓN' : 'PEDIDO DE VENTA';
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `${titulo} ${p.Numero}`, Author: emp.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: creado, ModDate: creado } });
  const x0 = 40;
  const ancho = 515;
  let y = 40;
  doc.font(FUENTE_NEGRITA).fontSize(13).fillColor(COLOR.texto).text(emp.razonSocial, x0, y, { width: 320 });
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text([emp.ruc ? `RUC ${emp.ruc}` : '', emp.direccion ?? '', suc ? `${suc.nombre}${suc.direccion ? ` · ${suc.direccion}` : ''}` : ''].filter(Boolean).join('\n'), x0, y + 18, { width: 320 });
  doc.roundedRect(x0 + 335, y - 5, 180, 58, 4).lineWidth(1).stroke(COLOR.acento);
  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.acento).text(titulo, x0 + 335, y + 5, { width: 180, align: 'center' });
  doc.font(FUENTE_NEGRITA).fontSize(11).fillColor(COLOR.texto).text(p.Numero, x0 + 335, y + 26, { width: 180, align: 'center' });
  y += 80;
  const dato = (etiqueta: string, valor: string, x = x0, w = 250) => {
    doc.font(FUENTE_NEGRITA).fontSize(9).fillColor(COLOR.texto).text(etiqueta, x, y, { width: 90 });
    doc.font(FUENTE).text(valor, x + 90, y, { width: w - 90 });
  };
  const docCliente = p.Cliente.IdTipoDocumento === 2 ? 'RUC' : p.Cliente.IdTipoDocumento === 1 ? 'DNI' : 'Documento';
  dato('Cliente', p.Cliente.RazonSocial, x0, 300);
  dato('Fecha', fecha(p.FechaEmision), x0 + 320, 195);
  y += 14;
  dato(docCliente, p.Cliente.NumeroDocumento || '-', x0, 300);
  dato(p.Tipo === 1 ? 'Válida hasta' : 'Entrega', fecha(p.FechaValidez), x0 + 320, 195);
  y += 14;
  if (p.Cliente.Direccion) {
    dato('Dirección', p.Cliente.Direccion, x0, 300);
  }
  dato('Estado', p.EstadoNombre + (p.Vencida ? ' (vencida)' : ''), x0 + 320, 195);
  y += 14;
  dato('Vendedor', p.Vendedor, x0, 300);
  dato('Moneda', p.IdMoneda === 2 ? 'Dólares' : 'Soles', x0 + 320, 195);
  y += 24;

  const cols = [{ t: 'Cant.', w: 55 }, { t: 'Unid.', w: 40 }, { t: 'Descripción', w: 235 }, { t: 'P. unit.', w: 70 }, { t: 'Dscto.', w: 50 }, { t: 'Importe', w: 65 }];
  const fila = (celdas: string[], negrita: boolean) => {
    let x = x0;
    doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(8.5).fillColor(COLOR.texto);
    const alto = Math.max(...celdas.map((c, i) => doc.heightOfString(c, { width: cols[i].w - 8 })));
    celdas.forEach((c, i) => {
      doc.text(c, x + 4, y, { width: cols[i].w - 8, align: i === 2 || i === 1 ? 'left' : 'right' });
      x += cols[i].w;
    });
    y += alto + 5;
  };
  doc.rect(x0, y - 3, ancho, 15).fill(COLOR.fondo);
  fila(cols.map((c) => c.t), true);
  for (const l of p.Lineas) {
    if (y > 740) {
      doc.addPage();
      y = 40;
    }
    fila([new Decimal(l.Cantidad).toDecimalPlaces(4).toString(), l.CodigoUnidad, l.ItemDescripcion, miles(l.PrecioUnitario), new Decimal(l.Descuento).gt(0) ? miles(l.Descuento) : '', miles(l.Total)], false);
  }
  y += 6;
  doc.moveTo(x0, y).lineTo(x0 + ancho, y).lineWidth(0.5).stroke(COLOR.suave);
  y += 8;
  const total = (etiqueta: string, valor: string, negrita = false) => {
    doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(negrita ? 10 : 9).fillColor(COLOR.texto).text(etiqueta, x0 + 300, y, { width: 130, align: 'right' });
    doc.text(`${moneda} ${miles(valor)}`, x0 + 430, y, { width: 85, align: 'right' });
    y += negrita ? 16 : 13;
  };
  total('Valor de venta', p.SubTotal);
  total('IGV', p.Igv);
  total('TOTAL', p.Total, true);
  y += 10;
  if (p.Observaciones) {
    doc.font(FUENTE_NEGRITA).fontSize(9).text('Observaciones', x0, y);
    doc.font(FUENTE).text(p.Observaciones, x0, y + 12, { width: ancho });
    y += 30;
  }
  const pie = p.Tipo === 1 ? `Precios válidos hasta el ${fecha(p.FechaValidez)}. Este documento no es un comprobante de pago.` : 'Este pedido no es un comprobante de pago.';
  doc.font(FUENTE).fontSize(8).fillColor(COLOR.suave).text(pie, x0, Math.max(y, 780), { width: ancho, align: 'center' });
  return { pdf: await aBytes(doc), nombre: `${p.Numero}.pdf` };
}
