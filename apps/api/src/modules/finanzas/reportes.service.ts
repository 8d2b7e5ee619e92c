import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NombreMonedaReporte,
  SimboloMoneda,
  type TAntiguedadTercero,
  type TAntiguedadTerceros,
  type TEstadoCuenta,
  type TProyeccion,
  type TTableroDeudores,
  type TTableroMontos,
  type ZAntiguedadTercerosQuery,
  type ZEstadoCuentaCorreo,
  type ZProyeccionQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';
// eslint-disable-next-line yupana/no-cross-import -- the company's one SMTP sender (documents and statements share it)
import { enviarCorreoEmpresa, type TOpcionesCorreo } from '../contabilidad/envio/correo.service';
import { filas, filtroAbiertas, hoyLima, LADO_COBRAR, type TLadoCuotas } from './antiguedad';
import { estadoDeCuenta } from './cuentas-por-cobrar.service';

/**
 * Finance reports (issue 14): aging per customer or supplier, the weekly forecast of dues, and the customer statement
 * as PDF, Excel and e-mail. Every amount is summed by PostgreSQL over numeric columns and formatted with decimal.js.
 */

const d2 = (v: string | number | null | undefined) => new Decimal(v ?? 0).toFixed(2);
const TRAMOS = ['PorVencer', 'De1a30', 'De31a60', 'De61a90', 'Mas90'] as const;

/** Open balance per customer (or supplier) and aging bucket, in one currency, largest balance first. */
export async function antiguedadPorTercero(ctx: Contexto, auth: TAuth, L: TLadoCuotas, q: z.output<typeof ZAntiguedadTercerosQuery>): Promise<TAntiguedadTerceros> {
  const corte = q.fechacorte ?? hoyLima();
  const donde = filtroAbiertas(L, auth.idEmpresa, { tercero: q.tercero, idmoneda: q.idmoneda });
  // The same bucket rule as the receivables list (tramoDe): due on or after the cut-off date is not overdue.
  const rs = await filas<Record<'tercero' | 'razon' | 'porvencer' | 'de1a30' | 'de31a60' | 'de61a90' | 'mas90' | 'total', string> & { documentos: number; dias: number }>(
    ctx.dbh.db,
    sql`with q as (select q.${L.tercero} as tercero, q.${L.razon} as razon, q.id_documento, q.fecha_vencimiento as v, q.monto - q.${L.aplicado} as saldo
                     from ${L.tabla} q where ${donde})
        select tercero, max(razon) as razon, count(distinct id_documento)::int as documentos,
               coalesce(sum(saldo) filter (where v >= ${corte}::date), 0)::text as porvencer,
               coalesce(sum(saldo) filter (where v < ${corte}::date and v >= ${corte}::date - 30), 0)::text as de1a30,
               coalesce(sum(saldo) filter (where v < ${corte}::date - 30 and v >= ${corte}::date - 60), 0)::text as de31a60,
               coalesce(sum(saldo) filter (where v < ${corte}::date - 60 and v >= ${corte}::date - 90), 0)::text as de61a90,
               coalesce(sum(saldo) filter (where v < ${corte}::date - 90), 0)::text as mas90,
               sum(saldo)::text as total,
               greatest(0, ${corte}::date - min(v))::int as dias
          from q group by tercero order by sum(saldo) desc, tercero`,
  );
  const Data: TAntiguedadTercero[] = rs.map((r) => ({
    NumeroDocumento: r.tercero,
    RazonSocial: r.razon,
    Documentos: r.documentos,
    PorVencer: d2(r.porvencer),
    De1a30: d2(r.de1a30),
    De31a60: d2(r.de31a60),
    De61a90: d2(r.de61a90),
    Mas90: d2(r.mas90),
    Total: d2(r.total),
    DiasMaximoVencido: r.dias,
  }));
  const suma = (k: (typeof TRAMOS)[number] | 'Total') => Data.reduce((s, f) => s.plus(f[k]), new Decimal(0)).toFixed(2);
  return {
    FechaCorte: corte,
    IdMoneda: q.idmoneda,
    Data,
    Totales: { Documentos: Data.reduce((s, f) => s + f.Documentos, 0), PorVencer: suma('PorVencer'), De1a30: suma('De1a30'), De31a60: suma('De31a60'), De61a90: suma('De61a90'), Mas90: suma('Mas90'), Total: suma('Total') },
  };
}

/** ISO date plus n days. */
const masDias = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * What falls due week by week (Monday to Sunday) from the cut-off date: row 0 is what is already overdue, row 1 the
 * rest of the cut-off date's week, then the following weeks; what falls due later is one figure.
 */
export async function proyeccion(ctx: Contexto, auth: TAuth, L: TLadoCuotas, q: z.output<typeof ZProyeccionQuery>): Promise<TProyeccion> {
  const corte = q.fechacorte ?? hoyLima();
  const diaSemana = new Date(`${corte}T00:00:00Z`).getUTCDay(); // 0 Sunday
  const lunes = masDias(corte, -((diaSemana + 6) % 7));
  const donde = filtroAbiertas(L, auth.idEmpresa, { tercero: q.tercero, idmoneda: q.idmoneda });
  const rs = await filas<{ semana: number; cuotas: number; documentos: number; monto: string }>(
    ctx.dbh.db,
    sql`with q as (select case when q.fecha_vencimiento < ${corte}::date then 0 else (q.fecha_vencimiento - ${lunes}::date) / 7 + 1 end as semana,
                          q.id_documento, q.monto - q.${L.aplicado} as saldo
                     from ${L.tabla} q where ${donde})
        select least(semana, ${q.semanas + 1})::int as semana, count(*)::int as cuotas, count(distinct id_documento)::int as documentos, sum(saldo)::text as monto
          from q group by 1 order by 1`,
  );
  const por = new Map(rs.map((r) => [r.semana, r]));
  const Semanas = Array.from({ length: q.semanas + 1 }, (_, s) => {
    const r = por.get(s);
    const desde = s === 0 ? null : s === 1 ? corte : masDias(lunes, 7 * (s - 1));
    return { Semana: s, Desde: desde, Hasta: s === 0 ? null : masDias(lunes, 7 * s - 1), Cuotas: r?.cuotas ?? 0, Documentos: r?.documentos ?? 0, Monto: d2(r?.monto) };
  });
  const Posterior = d2(por.get(q.semanas + 1)?.monto);
  const Total = rs.reduce((s, r) => s.plus(r.monto), new Decimal(0)).toFixed(2);
  return { FechaCorte: corte, IdMoneda: q.idmoneda, Semanas, Posterior, Total };
}

export const numero = (v: string) => Number(v); // Excel cells hold the two-decimal amounts computed above with decimal.js.
export const fechaPe = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const miles = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function formatoColumnas(hoja: ExcelJS.Worksheet, anchos: number[], desdeMonto: number): void {
  hoja.columns.forEach((c, i) => {
    c.width = anchos[i] ?? 16;
    if (i >= desdeMonto) c.numFmt = '#,##0.00';
  });
}

export async function antiguedadExcel(auth: TAuth, a: TAntiguedadTerceros, lado: 'clientes' | 'proveedores'): Promise<{ contenido: Buffer; nombre: string }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Antigüedad de saldos');
  const quien = lado === 'clientes' ? 'Cliente' : 'Proveedor';
  hoja.addRow([`Antigüedad de saldos por ${quien.toLowerCase()} - ${auth.empresa.razonSocial} - ${NombreMonedaReporte[a.IdMoneda]} al ${fechaPe(a.FechaCorte)}`]).font = { bold: true };
  hoja.addRow([]);
  hoja.addRow([`RUC/DNI`, quien, 'Documentos', 'Por vencer', '1 a 30 días', '31 a 60 días', '61 a 90 días', 'Más de 90 días', 'Total', 'Días de atraso']).font = { bold: true };
  for (const f of a.Data) hoja.addRow([f.NumeroDocumento, f.RazonSocial, f.Documentos, ...TRAMOS.map((t) => numero(f[t])), numero(f.Total), f.DiasMaximoVencido]);
  const t = a.Totales;
  hoja.addRow(['', 'Totales', t.Documentos, ...TRAMOS.map((k) => numero(t[k])), numero(t.Total)]).font = { bold: true };
  formatoColumnas(hoja, [14, 42, 11], 3);
  hoja.getColumn(10).numFmt = '0';
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre: `antiguedad-${lado}-${a.FechaCorte}.xlsx` };
}

export async function proyeccionExcel(auth: TAuth, p: TProyeccion, lado: 'cobros' | 'pagos'): Promise<{ contenido: Buffer; nombre: string }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet(lado === 'cobros' ? 'Proyección de cobros' : 'Proyección de pagos');
  hoja.addRow([`Proyección de ${lado} por semana - ${auth.empresa.razonSocial} - ${NombreMonedaReporte[p.IdMoneda]} desde el ${fechaPe(p.FechaCorte)}`]).font = { bold: true };
  hoja.addRow([]);
  hoja.addRow(['Semana', 'Desde', 'Hasta', 'Cuotas', 'Documentos', 'Monto']).font = { bold: true };
  for (const s of p.Semanas) hoja.addRow([s.Semana === 0 ? 'Vencido' : `Semana ${s.Semana}`, fechaPe(s.Desde), fechaPe(s.Hasta), s.Cuotas, s.Documentos, numero(s.Monto)]);
  hoja.addRow(['Posterior', '', '', '', '', numero(p.Posterior)]);
  hoja.addRow(['Total', '', '', '', '', numero(p.Total)]).font = { bold: true };
  formatoColumnas(hoja, [12, 12, 12, 10, 12, 16], 5);
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre: `proyeccion-${lado}-${p.FechaCorte}.xlsx` };
}

const nombreEstado = (e: TEstadoCuenta, ext: string) => `estado-de-cuenta-${e.NumeroDocumentoCliente}-${e.IdMoneda === 2 ? 'USD' : 'PEN'}.${ext}`;

export async function estadoCuentaExcel(auth: TAuth, e: TEstadoCuenta): Promise<{ contenido: Buffer; nombre: string }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Estado de cuenta');
  hoja.addRow([`Estado de cuenta - ${auth.empresa.razonSocial}`]).font = { bold: true };
  hoja.addRow([`Cliente: ${e.RazonSocialCliente} (${e.NumeroDocumentoCliente}) - ${NombreMonedaReporte[e.IdMoneda]} - al ${fechaPe(hoyLima())}`]);
  hoja.addRow([]);
  hoja.addRow(['Fecha', 'Concepto', 'Referencia', 'Cargo', 'Abono', 'Saldo']).font = { bold: true };
  for (const m of e.Movimientos) hoja.addRow([fechaPe(m.Fecha), m.Concepto, m.Referencia, numero(m.Cargo), numero(m.Abono), numero(m.Saldo)]);
  hoja.addRow(['', 'Totales', '', numero(e.TotalCargos), numero(e.TotalAbonos), numero(e.Saldo)]).font = { bold: true };
  if (new Decimal(e.SaldoAFavor).gt(0)) hoja.addRow(['', 'Saldo a favor del cliente', '', null, null, numero(e.SaldoAFavor)]);
  formatoColumnas(hoja, [12, 30, 16], 3);
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre: nombreEstado(e, 'xlsx') };
}

/** The customer statement as an A4 PDF: company, customer, currency, every charge and credit with running balance. */
export async function estadoCuentaPdf(auth: TAuth, e: TEstadoCuenta): Promise<{ contenido: Buffer; nombre: string }> {
  const hoy = hoyLima();
  const fecha = new Date(`${hoy}T17:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `Estado de cuenta ${e.NumeroDocumentoCliente}`, Author: auth.empresa.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha },
  });
  const x0 = 40;
  const ancho = 515;
  const sim = SimboloMoneda[e.IdMoneda] ?? '';
  let y = 40;
  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.texto).text(auth.empresa.razonSocial, x0, y, { width: 330 });
  if (auth.empresa.documento) doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`RUC ${auth.empresa.documento}`, x0, y + 16, { width: 330 });
  doc.font(FUENTE_NEGRITA).fontSize(13).fillColor(COLOR.acento).text('ESTADO DE CUENTA', x0 + 345, y, { width: 170, align: 'right' });
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`Al ${fechaPe(hoy)}`, x0 + 345, y + 18, { width: 170, align: 'right' });
  y += 50;
  doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.suave).text('CLIENTE', x0, y);
  doc.font(FUENTE).fontSize(10).fillColor(COLOR.texto).text(`${e.RazonSocialCliente} (${e.NumeroDocumentoCliente})`, x0, y + 10, { width: 360 });
  doc.font(FUENTE_NEGRITA).fontSize(8).fillColor(COLOR.suave).text('MONEDA', x0 + 375, y);
  doc.font(FUENTE).fontSize(10).fillColor(COLOR.texto).text(NombreMonedaReporte[e.IdMoneda], x0 + 375, y + 10, { width: 140 });
  y += 36;
  const cols = [
    { t: 'Fecha', w: 65, a: 'left' as const },
    { t: 'Concepto', w: 140, a: 'left' as const },
    { t: 'Referencia', w: 85, a: 'left' as const },
    { t: 'Cargo', w: 75, a: 'right' as const },
    { t: 'Abono', w: 75, a: 'right' as const },
    { t: 'Saldo', w: 75, a: 'right' as const },
  ];
  const cabecera = () => {
    doc.rect(x0, y, ancho, 18).fillColor(COLOR.fondo).fill();
    let x = x0;
    for (const c of cols) {
      doc.font(FUENTE_NEGRITA).fontSize(8.5).fillColor(COLOR.texto).text(c.t, x + 4, y + 5, { width: c.w - 8, align: c.a });
      x += c.w;
    }
    y += 22;
  };
  const fila = (valores: string[], negrita = false) => {
    let x = x0;
    valores.forEach((v, i) => {
      doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(9).fillColor(COLOR.texto).text(v, x + 4, y, { width: cols[i].w - 8, align: cols[i].a, lineBreak: false, ellipsis: true });
      x += cols[i].w;
    });
    y += 15;
    doc.moveTo(x0, y - 3).lineTo(x0 + ancho, y - 3).lineWidth(0.5).strokeColor(COLOR.linea).stroke();
  };
  cabecera();
  for (const m of e.Movimientos) {
    if (y > 780) {
      doc.addPage();
      y = 40;
      cabecera();
    }
    fila([fechaPe(m.Fecha), m.Concepto, m.Referencia, Number(m.Cargo) ? miles(m.Cargo) : '', Number(m.Abono) ? miles(m.Abono) : '', miles(m.Saldo)]);
  }
  if (!e.Movimientos.length) fila(['', 'Sin movimientos', '', '', '', '0.00']);
  if (y > 760) {
    doc.addPage();
    y = 40;
  }
  fila(['', 'Totales', '', miles(e.TotalCargos), miles(e.TotalAbonos), miles(e.Saldo)], true);
  y += 8;
  doc.font(FUENTE_NEGRITA).fontSize(11).fillColor(COLOR.texto).text(`SALDO PENDIENTE: ${sim} ${miles(e.Saldo)}`, x0, y, { width: ancho, align: 'right' });
  y += 18;
  if (new Decimal(e.SaldoAFavor).gt(0)) doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`Saldo a favor del cliente (notas de crédito no aplicadas): ${sim} ${miles(e.SaldoAFavor)}`, x0, y, { width: ancho, align: 'right' });
  return { contenido: await aBytes(doc), nombre: nombreEstado(e, 'pdf') };
}

/** E-mails the statement (PDF and Excel) through the company's mail server. */
export async function enviarEstadoCuenta(ctx: Contexto, auth: TAuth, b: z.output<typeof ZEstadoCuentaCorreo>, opciones: TOpcionesCorreo): Promise<{ Mensaje: string }> {
  const e = await estadoDeCuenta(ctx, auth, b.Cliente, b.IdMoneda);
  const [pdf, excel] = [await estadoCuentaPdf(auth, e), await estadoCuentaExcel(auth, e)];
  const sim = SimboloMoneda[e.IdMoneda] ?? '';
  const texto = [
    `Estimado cliente ${e.RazonSocialCliente}:`,
    '',
    `${auth.empresa.razonSocial} le envía su estado de cuenta en ${NombreMonedaReporte[e.IdMoneda].toLowerCase()} al ${fechaPe(hoyLima())}. Saldo pendiente: ${sim} ${miles(e.Saldo)}.`,
    ...(b.Mensaje ? ['', b.Mensaje] : []),
    '',
    'Adjuntamos el detalle en PDF y en Excel.',
  ].join('\n');
  await enviarCorreoEmpresa(
    ctx.dbh.db,
    auth.idEmpresa,
    {
      para: b.Destinatarios,
      asunto: `Estado de cuenta - ${auth.empresa.razonSocial}`,
      texto,
      adjuntos: [
        { nombre: pdf.nombre, contenido: pdf.contenido, tipo: 'application/pdf' },
        { nombre: excel.nombre, contenido: excel.contenido, tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      ],
    },
    opciones,
  );
  return { Mensaje: `Estado de cuenta enviado a ${b.Destinatarios.join(', ')}` };
}


// ---- Dashboards (seed §7 smartreasons/...) ----

/** The customers with the largest overdue balance, and the company's open and overdue totals, in one currency. */
export async function tableroDeudores(ctx: Contexto, auth: TAuth, idmoneda: number): Promise<TTableroDeudores> {
  const a = await antiguedadPorTercero(ctx, auth, LADO_COBRAR, { tercero: '', idmoneda });
  const vencido = (f: TAntiguedadTercero) => new Decimal(f.Total).minus(f.PorVencer);
  const Data = a.Data.filter((f) => vencido(f).gt(0))
    .sort((x, y) => vencido(y).comparedTo(vencido(x)) || x.NumeroDocumento.localeCompare(y.NumeroDocumento))
    .slice(0, 10)
    .map((f) => ({ NumeroDocumento: f.NumeroDocumento, RazonSocial: f.RazonSocial, Documentos: f.Documentos, Total: f.Total, Vencido: vencido(f).toFixed(2), DiasMaximoVencido: f.DiasMaximoVencido }));
  return {
    FechaCorte: a.FechaCorte,
    IdMoneda: idmoneda,
    PorCobrar: a.Totales.Total,
    Vencido: new Decimal(a.Totales.Total).minus(a.Totales.PorVencer).toFixed(2),
    Clientes: a.Data.length,
    Data,
  };
}

/**
 * Credit sales of a period per customer: the dues of the documents issued between the dates (by issue date), what
 * was collected of them so far and what is pending; the ten customers with the most issued, and the period's totals.
 */
export async function tableroMontos(ctx: Contexto, auth: TAuth, q: { idmoneda: number; desde?: string; hasta?: string }): Promise<TTableroMontos> {
  const hoy = hoyLima();
  const desde = q.desde ?? `${hoy.slice(0, 8)}01`;
  const hasta = q.hasta ?? hoy;
  const rs = await filas<{ tercero: string; razon: string; documentos: number; emitido: string; cobrado: string }>(
    ctx.dbh.db,
    sql`select q.numero_documento_cliente as tercero, max(q.razon_social_cliente) as razon, count(distinct q.id_documento)::int as documentos,
               sum(q.monto)::text as emitido, sum(q.cobrado)::text as cobrado
          from cuota_cobrar q
         where q.id_empresa = ${auth.idEmpresa} and q.id_moneda = ${q.idmoneda} and not q.anulado
           and q.fecha_emision between ${desde}::date and ${hasta}::date
         group by q.numero_documento_cliente
         order by sum(q.monto) desc, q.numero_documento_cliente`,
  );
  const suma = (k: 'emitido' | 'cobrado') => rs.reduce((s, r) => s.plus(r[k]), new Decimal(0));
  return {
    Desde: desde,
    Hasta: hasta,
    IdMoneda: q.idmoneda,
    Emitido: suma('emitido').toFixed(2),
    Cobrado: suma('cobrado').toFixed(2),
    Pendiente: suma('emitido').minus(suma('cobrado')).toFixed(2),
    Data: rs.slice(0, 10).map((r) => ({
      NumeroDocumento: r.tercero,
      RazonSocial: r.razon,
      Documentos: r.documentos,
      Emitido: d2(r.emitido),
      Cobrado: d2(r.cobrado),
      Pendiente: new Decimal(r.emitido).minus(r.cobrado).toFixed(2),
    })),
  };
}
