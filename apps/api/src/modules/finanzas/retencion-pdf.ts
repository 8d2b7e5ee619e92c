import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { SimboloMoneda } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa } from '../../db/schema';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';
import { obtenerCre } from './retenciones-emitidas.service';
import { comprobanteRetencion } from './retenciones-emitidas.schema';

const monto = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fechaPe = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The CRE's printed representation (A4) for the supplier: agent, supplier, documents paid, retained and net paid. */
export async function pdfRetencion(ctx: Contexto, auth: TAuth, id: number): Promise<{ pdf: Buffer; nombre: string }> {
  const c = await obtenerCre(ctx, auth, id);
  const [emp] = await ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento, direccion: empresa.direccion }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const [h] = await ctx.dbh.db.select({ hash: comprobanteRetencion.hash }).from(comprobanteRetencion).where(eq(comprobanteRetencion.id, id));
  const fecha = new Date(`${c.FechaEmision}T17:00:00Z`);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `Comprobante de retención ${c.SerieNumero}`, Author: emp.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha } });
  const x0 = 40;
  const ancho = 515;
  let y = 40;
  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.texto).text(emp.razonSocial, x0, y, { width: 320 });
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text([emp.direccion ?? '', 'Agente de retención del IGV'].filter(Boolean).join('\n'), x0, y + 16, { width: 320 });
  doc.rect(x0 + 335, y - 4, 180, 66).lineWidth(1).strokeColor(COLOR.borde).stroke();
  doc.font(FUENTE_NEGRITA).fontSize(10).fillColor(COLOR.texto).text(`RUC ${emp.ruc ?? ''}`, x0 + 335, y + 4, { width: 180, align: 'center' });
  doc.font(FUENTE_NEGRITA).fontSize(9.5).fillColor(COLOR.acento).text('COMPROBANTE DE RETENCIÓN ELECTRÓNICO', x0 + 340, y + 20, { width: 170, align: 'center' });
  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.texto).text(c.SerieNumero, x0 + 335, y + 44, { width: 180, align: 'center' });
  y += 86;
  const dato = (etiqueta: string, valor: string, x: number, w: number) => {
    doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.suave).text(etiqueta.toUpperCase(), x, y, { width: w });
    doc.font(FUENTE).fontSize(9.5).fillColor(COLOR.texto).text(valor, x, y + 10, { width: w });
  };
  dato('Proveedor', `${c.RazonSocialProveedor} (RUC ${c.RucProveedor})`, x0, 330);
  dato('Fecha de emisión', fechaPe(c.FechaEmision), x0 + 345, 170);
  y += 30;
  dato('Régimen', `Tasa ${new Decimal(c.Tasa).toFixed(0)} % (régimen 01)`, x0, 330);
  dato('Pago', c.NumeroRecibo, x0 + 345, 170);
  y += 36;
  const cols = [
    { t: 'Documento', w: 95, a: 'left' as const },
    { t: 'Emisión', w: 55, a: 'center' as const },
    { t: 'Total doc.', w: 75, a: 'right' as const },
    { t: 'N.° pago', w: 40, a: 'center' as const },
    { t: 'Pagado', w: 75, a: 'right' as const },
    { t: 'T.C.', w: 45, a: 'right' as const },
    { t: 'Retenido S/', w: 60, a: 'right' as const },
    { t: 'Neto S/', w: 70, a: 'right' as const },
  ];
  doc.rect(x0, y, ancho, 18).fillColor(COLOR.fondo).fill();
  let x = x0;
  for (const col of cols) {
    doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.texto).text(col.t, x + 3, y + 5, { width: col.w - 6, align: col.a });
    x += col.w;
  }
  y += 22;
  for (const d of c.Detalle) {
    const sim = SimboloMoneda[d.IdMoneda] ?? '';
    const valores = [`${d.TipoDocumento === '01' ? 'Factura' : d.TipoDocumento} ${d.SerieNumero}`, fechaPe(d.FechaEmision), `${sim} ${monto(d.TotalDocumento)}`, String(d.NumeroPago),
      `${sim} ${monto(d.ImportePagado)}`, d.TipoCambio ?? '-', monto(d.Retenido), monto(d.NetoPagado)];
    x = x0;
    valores.forEach((v, i) => {
      doc.font(FUENTE).fontSize(8.5).fillColor(COLOR.texto).text(v, x + 3, y, { width: cols[i].w - 6, align: cols[i].a });
      x += cols[i].w;
    });
    y += 16;
    doc.moveTo(x0, y - 3).lineTo(x0 + ancho, y - 3).lineWidth(0.5).strokeColor(COLOR.linea).stroke();
    if (y > 740) {
      doc.addPage();
      y = 40;
    }
  }
  y += 8;
  doc.font(FUENTE_NEGRITA).fontSize(11).fillColor(COLOR.texto).text(`IMPORTE TOTAL RETENIDO: S/ ${monto(c.TotalRetenido)}`, x0, y, { width: ancho, align: 'right' });
  y += 16;
  doc.font(FUENTE).fontSize(9.5).fillColor(COLOR.texto).text(`Importe total pagado (neto): S/ ${monto(c.TotalPagado)}`, x0, y, { width: ancho, align: 'right' });
  y += 26;
  doc.font(FUENTE).fontSize(8).fillColor(COLOR.suave).text(
    `Representación impresa del Comprobante de Retención Electrónico. Estado SUNAT: ${c.EstadoSunat}.${h?.hash ? ` Resumen: ${h.hash}` : ''}`, x0, y, { width: ancho },
  );
  if (c.Anulado) doc.font(FUENTE_NEGRITA).fontSize(16).fillColor('#b00020').text('PAGO ANULADO', x0, y + 24, { width: ancho, align: 'center' });
  return { pdf: await aBytes(doc), nombre: `${emp.ruc ?? ''}-20-${c.SerieNumero}.pdf` };
}
