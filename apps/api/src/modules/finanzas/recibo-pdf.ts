import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { SimboloMoneda } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa } from '../../db/schema';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';
import { obtenerCobro } from './cobros.service';
import { obtenerPago } from './pagos.service';

const monto = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fechaPe = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** What a receipt shows, for a collection (customer) or a payment (supplier). */
type TRecibo = {
  Titulo: string; EtiquetaTercero: string; Forma: string; Total: string; Anulacion: string;
  NumeroRecibo: string; Fecha: string; RazonSocial: string; NumeroDocumento: string; TipoCobro: string; MedioPago: string | null; CuentaFinanciera: string;
  NumeroOperacion: string | null; TipoCambio: string | null; IdMoneda: number; Monto: string; MontoSoles: string; Observacion: string | null;
  Anulado: boolean; MotivoAnulacion: string | null; Detalle: { SerieNumero: string; NumeroCuota: number; IdMoneda: number; Monto: string; MontoCuenta: string }[];
};

/** The collection receipt (recibo de cobro) as an A4 PDF: company, customer, documents and cuotas settled, totals. */
export async function pdfRecibo(ctx: Contexto, auth: TAuth, id: number): Promise<{ pdf: Buffer; nombre: string }> {
  const c = await obtenerCobro(ctx, auth, id);
  return dibujarRecibo(ctx, auth, {
    ...c, Titulo: 'RECIBO DE COBRO', EtiquetaTercero: 'Cliente', Forma: 'Forma de cobro', Total: 'TOTAL RECIBIDO', Anulacion: 'COBRO ANULADO',
    RazonSocial: c.RazonSocialCliente, NumeroDocumento: c.NumeroDocumentoCliente,
  });
}

/** The payment receipt (comprobante de pago a proveedor): the same layout, the supplier and the purchases paid. */
export async function pdfReciboPago(ctx: Contexto, auth: TAuth, id: number): Promise<{ pdf: Buffer; nombre: string }> {
  const p = await obtenerPago(ctx, auth, id);
  return dibujarRecibo(ctx, auth, {
    ...p, Titulo: 'RECIBO DE PAGO', EtiquetaTercero: 'Proveedor', Forma: 'Forma de pago', Total: 'TOTAL PAGADO', Anulacion: 'PAGO ANULADO',
    RazonSocial: p.RazonSocialProveedor, NumeroDocumento: p.NumeroDocumentoProveedor, TipoCobro: p.TipoPago, MotivoAnulacion: null,
  });
}

async function dibujarRecibo(ctx: Contexto, auth: TAuth, c: TRecibo): Promise<{ pdf: Buffer; nombre: string }> {
  const [emp] = await ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento, direccion: empresa.direccion }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const fecha = new Date(`${c.Fecha}T17:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${c.Titulo[0]}${c.Titulo.slice(1).toLowerCase()} ${c.NumeroRecibo}`, Author: emp.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha },
  });
  const x0 = 40;
  const ancho = 515;
  let y = 40;
  const sim = SimboloMoneda[c.IdMoneda] ?? '';

  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.texto).text(emp.razonSocial, x0, y, { width: 330 });
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text([emp.ruc ? `RUC ${emp.ruc}` : '', emp.direccion ?? ''].filter(Boolean).join('\n'), x0, y + 16, { width: 330 });
  doc.rect(x0 + 345, y - 4, 170, 56).lineWidth(1).strokeColor(COLOR.borde).stroke();
  doc.font(FUENTE_NEGRITA).fontSize(11).fillColor(COLOR.acento).text(c.Titulo, x0 + 345, y + 6, { width: 170, align: 'center' });
  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.texto).text(c.NumeroRecibo, x0 + 345, y + 26, { width: 170, align: 'center' });
  y += 76;

  const dato = (etiqueta: string, valor: string, x: number, w: number) => {
    doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.suave).text(etiqueta.toUpperCase(), x, y, { width: w });
    doc.font(FUENTE).fontSize(9.5).fillColor(COLOR.texto).text(valor, x, y + 10, { width: w });
  };
  dato(c.EtiquetaTercero, `${c.RazonSocial} (${c.NumeroDocumento})`, x0, 330);
  dato('Fecha', fechaPe(c.Fecha), x0 + 345, 170);
  y += 30;
  dato(c.Forma, c.TipoCobro + (c.MedioPago ? ` · ${c.MedioPago}` : ''), x0, 330);
  dato('Cuenta', c.CuentaFinanciera, x0 + 345, 170);
  y += 30;
  if (c.NumeroOperacion || c.TipoCambio) {
    dato('N.° de operación', c.NumeroOperacion ?? '-', x0, 330);
    dato('Tipo de cambio', c.TipoCambio ?? '-', x0 + 345, 170);
    y += 30;
  }
  y += 6;

  // Lines: document, cuota, amount applied (document currency), amount received (account currency).
  const cols = [
    { t: 'Documento', w: 160, a: 'left' as const },
    { t: 'Cuota', w: 60, a: 'center' as const },
    { t: 'Importe aplicado', w: 145, a: 'right' as const },
    { t: `Importe (${sim})`, w: 150, a: 'right' as const },
  ];
  doc.rect(x0, y, ancho, 18).fillColor(COLOR.fondo).fill();
  let x = x0;
  for (const col of cols) {
    doc.font(FUENTE_NEGRITA).fontSize(8.5).fillColor(COLOR.texto).text(col.t, x + 4, y + 5, { width: col.w - 8, align: col.a });
    x += col.w;
  }
  y += 22;
  for (const d of c.Detalle) {
    const valores = [d.SerieNumero, String(d.NumeroCuota), `${SimboloMoneda[d.IdMoneda] ?? ''} ${monto(d.Monto)}`, `${sim} ${monto(d.MontoCuenta)}`];
    x = x0;
    valores.forEach((v, i) => {
      doc.font(FUENTE).fontSize(9).fillColor(COLOR.texto).text(v, x + 4, y, { width: cols[i].w - 8, align: cols[i].a });
      x += cols[i].w;
    });
    y += 16;
    doc.moveTo(x0, y - 3).lineTo(x0 + ancho, y - 3).lineWidth(0.5).strokeColor(COLOR.linea).stroke();
    if (y > 760) {
      doc.addPage();
      y = 40;
    }
  }
  y += 6;
  doc.font(FUENTE_NEGRITA).fontSize(11).fillColor(COLOR.texto).text(`${c.Total}: ${sim} ${monto(c.Monto)}`, x0, y, { width: ancho, align: 'right' });
  y += 18;
  if (c.IdMoneda !== 1) doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`Equivalente en soles: S/ ${monto(c.MontoSoles)}`, x0, y, { width: ancho, align: 'right' });
  y += 20;
  if (c.Observacion) {
    doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`Observación: ${c.Observacion}`, x0, y, { width: ancho });
    y += 20;
  }
  if (c.Anulado) {
    doc.font(FUENTE_NEGRITA).fontSize(16).fillColor('#b00020').text(c.Anulacion, x0, y + 10, { width: ancho, align: 'center' });
    if (c.MotivoAnulacion) doc.font(FUENTE).fontSize(9).text(`Motivo: ${c.MotivoAnulacion}`, x0, y + 32, { width: ancho, align: 'center' });
  }
  return { pdf: await aBytes(doc), nombre: `recibo-${c.NumeroRecibo}.pdf` };
}
