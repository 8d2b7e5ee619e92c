import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { NombresSistemaPension, RegimenesLaborales, TiposComisionAfp, type TBoleta, type TSistemaPension } from '@yupana/contracts';
import { noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa } from '../../db/schema';
import { cargo, contratoLaboral, nominaBoleta } from './rrhh.schema';
import { obtenerNomina } from './nominas.service';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';

const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Setiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const monto = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fechaPe = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The payslip (boleta de pago) of one worker in a run, as an A4 PDF with the minimum content of DS 001-98-TR as
 * summarised in payroll.md §4.3: employer and RUC, worker, document, position, start date, pension system and CUSPP,
 * period, days and overtime hours, each income, deduction and employer contribution, and the net pay.
 */
export async function pdfBoleta(ctx: Contexto, auth: TAuth, idNomina: number, idBoleta: number): Promise<{ pdf: Buffer; nombre: string }> {
  const n = await obtenerNomina(ctx, auth, idNomina);
  const b = n.Boletas.find((x) => x.Id === idBoleta);
  if (!b) throw noEncontrado('No se encontró la boleta');
  const [datos] = await ctx.dbh.db
    .select({ inicio: contratoLaboral.fechaInicio, cuspp: contratoLaboral.cuspp, tipoComision: contratoLaboral.tipoComision, cargo: cargo.nombre })
    .from(nominaBoleta)
    .innerJoin(contratoLaboral, eq(contratoLaboral.id, nominaBoleta.idContrato))
    .leftJoin(cargo, eq(cargo.id, contratoLaboral.idCargo))
    .where(and(eq(nominaBoleta.idEmpresa, auth.idEmpresa), eq(nominaBoleta.id, idBoleta)));
  const [emp] = await ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento, direccion: empresa.direccion }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const periodo = `${MESES[n.Mes - 1]} ${n.Anio}`;
  const fecha = new Date(Date.UTC(n.Anio, n.Mes, 0, 17));

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `Boleta de pago ${periodo} - ${b.Documento}`, Author: emp.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha },
  });
  const x0 = 40;
  const ancho = 515;
  let y = 40;

  doc.font(FUENTE_NEGRITA).fontSize(13).fillColor(COLOR.acento).text('BOLETA DE PAGO DE REMUNERACIONES', x0, y, { width: ancho, align: 'center' });
  y += 20;
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`D. S. N.° 001-98-TR · Periodo: ${periodo}${n.Estado === 1 ? '' : ' · BORRADOR (planilla no aprobada)'}`, x0, y, { width: ancho, align: 'center' });
  y += 24;

  const filaDato = (etiqueta: string, valor: string, x: number, w: number) => {
    doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.suave).text(etiqueta.toUpperCase(), x, y, { width: w });
    doc.font(FUENTE).fontSize(9.5).fillColor(COLOR.texto).text(valor, x, y + 10, { width: w });
  };
  const bloque = (pares: [string, string][]) => {
    const w = ancho / 2;
    for (let i = 0; i < pares.length; i += 2) {
      filaDato(pares[i][0], pares[i][1], x0 + 8, w - 16);
      if (pares[i + 1]) filaDato(pares[i + 1][0], pares[i + 1][1], x0 + w + 8, w - 16);
      y += 28;
    }
  };
  const recuadro = (alto: number) => doc.lineWidth(0.6).strokeColor(COLOR.borde).rect(x0, y - 6, ancho, alto).stroke();

  recuadro(28 * 2 + 8);
  bloque([
    ['Empleador', emp.razonSocial],
    ['RUC', emp.ruc ?? '—'],
    ['Dirección', emp.direccion ?? '—'],
    ['Planilla', `Planilla mensual de ${periodo}`],
  ]);
  y += 12;
  const pension = NombresSistemaPension[b.SistemaPension as TSistemaPension] ?? b.SistemaPension;
  const comision = datos?.tipoComision ? ` (${TiposComisionAfp[datos.tipoComision as 'FLUJO' | 'MIXTA']})` : '';
  recuadro(28 * 4 + 8);
  bloque([
    ['Trabajador', b.Trabajador],
    ['Documento de identidad', b.Documento],
    ['Cargo', datos?.cargo ?? '—'],
    ['Fecha de ingreso', datos ? fechaPe(datos.inicio) : '—'],
    ['Régimen laboral', RegimenesLaborales[b.Regimen as 1] ?? String(b.Regimen)],
    ['Sistema de pensiones', `${pension}${comision}`],
    ['CUSPP', datos?.cuspp ?? '—'],
    ['Días laborados · horas extra 25 % / 35 %', `${b.DiasLaborados} días · ${b.HorasExtra25} h / ${b.HorasExtra35} h`],
  ]);
  y += 12;

  const tabla = (titulo: string, lineas: TBoleta['Lineas'], total: string | null) => {
    doc.rect(x0, y, ancho, 16).fillColor(COLOR.fondo).fill();
    doc.font(FUENTE_NEGRITA).fontSize(9).fillColor(COLOR.texto).text(titulo, x0 + 8, y + 4, { width: ancho - 130 });
    doc.text('Importe S/', x0 + ancho - 110, y + 4, { width: 102, align: 'right' });
    y += 20;
    for (const l of lineas) {
      doc.font(FUENTE).fontSize(9).fillColor(COLOR.texto).text(l.Concepto, x0 + 8, y, { width: ancho - 130 });
      doc.text(monto(l.Monto), x0 + ancho - 110, y, { width: 102, align: 'right' });
      y += 14;
    }
    if (!lineas.length) {
      doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text('Ninguno', x0 + 8, y);
      y += 14;
    }
    if (total !== null) {
      doc.lineWidth(0.5).strokeColor(COLOR.linea).moveTo(x0, y).lineTo(x0 + ancho, y).stroke();
      y += 4;
      doc.font(FUENTE_NEGRITA).fontSize(9).fillColor(COLOR.texto).text(`Total ${titulo.toLowerCase()}`, x0 + 8, y, { width: ancho - 130 });
      doc.text(monto(total), x0 + ancho - 110, y, { width: 102, align: 'right' });
      y += 18;
    }
    y += 6;
  };
  tabla('Ingresos', b.Lineas.filter((l) => l.Tipo === 'INGRESO'), b.TotalIngresos);
  tabla('Descuentos', b.Lineas.filter((l) => l.Tipo === 'DESCUENTO'), b.TotalDescuentos);
  tabla('Aportes del empleador', b.Lineas.filter((l) => l.Tipo === 'APORTE'), b.TotalAportes);
  const informativos = b.Lineas.filter((l) => l.Tipo === 'INFORMATIVO');
  if (informativos.length) tabla('Otros (no forman parte del neto)', informativos, null);

  doc.rect(x0, y, ancho, 24).fillColor(COLOR.acento).fill();
  doc.font(FUENTE_NEGRITA).fontSize(11).fillColor('#ffffff').text('NETO A PAGAR', x0 + 8, y + 7, { width: ancho - 130 });
  doc.text(`S/ ${monto(b.Neto)}`, x0 + ancho - 160, y + 7, { width: 152, align: 'right' });
  y += 70;

  doc.lineWidth(0.6).strokeColor(COLOR.borde);
  doc.moveTo(x0 + 20, y).lineTo(x0 + 220, y).stroke();
  doc.moveTo(x0 + ancho - 220, y).lineTo(x0 + ancho - 20, y).stroke();
  doc.font(FUENTE).fontSize(8.5).fillColor(COLOR.suave).text('Empleador', x0 + 20, y + 4, { width: 200, align: 'center' });
  doc.text('Trabajador', x0 + ancho - 220, y + 4, { width: 200, align: 'center' });

  const pdf = await aBytes(doc);
  return { pdf, nombre: `boleta-${n.Anio}${String(n.Mes).padStart(2, '0')}-${b.Documento}.pdf` };
}
