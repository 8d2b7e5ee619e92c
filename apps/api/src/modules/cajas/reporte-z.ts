import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { EstadoSesionCaja, TiposMovimientoCaja, type TCuadreCaja } from '@yupana/contracts';
import { empresa } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { ErrorCodes } from '@yupana/contracts';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../lib/pdf';
import { cuadre } from './cajas.service';

const soles = (v: string | null) => (v === null ? '-' : `S/ ${new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
const fechaHora = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-PE', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }) : '-';

/**
 * Z report of a closed session (A4): the session, sales per document type, the voided or rejected sales (left out of
 * the expected cash), expected vs declared per payment means
 * and the cash movements. Only once closed: before that the figures would break the blind count.
 */
export async function pdfReporteZ(ctx: Contexto, auth: TAuth, id: number, gestiona: boolean): Promise<{ pdf: Buffer; nombre: string }> {
  const c: TCuadreCaja = await cuadre(ctx.dbh.db, auth, id, gestiona);
  const s = c.Sesion;
  if (s.Estado === EstadoSesionCaja.APERTURADO) throw new AppError(ErrorCodes.VALIDACION, 'La sesión sigue abierta: el reporte Z se emite al cerrar la caja', 409);
  const [emp] = await ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const fecha = new Date(s.FechaCierre ?? s.FechaApertura);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `Reporte Z - sesión ${s.Id}`, Author: emp.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha } });
  const x0 = 40;
  const ancho = 515;
  let y = 40;
  doc.font(FUENTE_NEGRITA).fontSize(13).fillColor(COLOR.acento).text('REPORTE Z - CIERRE DE CAJA', x0, y, { width: ancho, align: 'center' });
  y += 20;
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`${emp.razonSocial}${emp.ruc ? ` · RUC ${emp.ruc}` : ''}`, x0, y, { width: ancho, align: 'center' });
  y += 24;
  const dato = (etiqueta: string, valor: string) => {
    doc.font(FUENTE_NEGRITA).fontSize(9).fillColor(COLOR.texto).text(etiqueta, x0, y, { width: 150 });
    doc.font(FUENTE).text(valor, x0 + 150, y, { width: ancho - 150 });
    y += 14;
  };
  dato('Sesión', `N.° ${s.Id} · ${s.EstadoNombre}`);
  dato('Caja', `${s.Caja} (${s.Sucursal})`);
  dato('Cajero', s.Usuario);
  dato('Apertura', `${fechaHora(s.FechaApertura)} · fondo inicial ${soles(s.MontoApertura)}`);
  dato('Cierre', fechaHora(s.FechaCierre));
  if (s.Observacion) dato('Observación', s.Observacion);
  y += 8;

  const tabla = (titulo: string, cabecera: string[], filas: string[][], anchos: number[]) => {
    doc.font(FUENTE_NEGRITA).fontSize(10).fillColor(COLOR.acento).text(titulo, x0, y);
    y += 16;
    const fila = (celdas: string[], negrita: boolean) => {
      let x = x0;
      doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(9).fillColor(COLOR.texto);
      celdas.forEach((t, i) => {
        doc.text(t, x + 4, y, { width: anchos[i] - 8, align: i === 0 ? 'left' : 'right' });
        x += anchos[i];
      });
      y += 14;
    };
    doc.rect(x0, y - 3, ancho, 15).fill(COLOR.fondo);
    fila(cabecera, true);
    if (!filas.length) fila(['Sin registros', ...cabecera.slice(1).map(() => '')], false);
    for (const f of filas) fila(f, false);
    y += 10;
  };
  tabla('Ventas por tipo de comprobante', ['Comprobante', 'Cantidad', 'Total'], c.PorTipoDocumento.map((p) => [p.TipoDocumento, String(p.Cantidad), soles(p.Total)]), [275, 100, 140]);
  tabla(
    'Anulaciones y rechazos (no cuentan en el efectivo esperado)',
    ['Comprobante', 'Estado', 'Total'],
    c.Anulaciones.map((a) => [`${a.TipoDocumento} ${a.SerieNumero}`, a.Estado, soles(a.Total)]),
    [275, 100, 140],
  );
  if (c.Descartes.length)
    tabla(
      'Números sin conexión descartados (sin comprobante ni cobro registrado; su efectivo, si lo hubo, explica la diferencia)',
      ['Número / motivo', 'Efectivo', 'Total'],
      c.Descartes.map((d) => [`${d.TipoDocumento} ${d.SerieNumero}: ${d.Motivo} (${d.Usuario})`, soles(d.Efectivo), soles(d.Total)]),
      [275, 100, 140],
    );
  if (c.Autorizaciones.length)
    tabla(
      'Autorizaciones de supervisor (PIN en caja)',
      ['Operación / comprobante / quién', 'Cajero', 'Monto'],
      c.Autorizaciones.map((a) => [`${a.Accion === 'DESCUENTO' ? 'Descuento' : 'Descarte'} ${a.Documento}: ${a.Supervisor}`, a.Cajero, soles(a.Monto)]),
      [275, 100, 140],
    );
  tabla(
    'Arqueo por medio de pago (esperado vs. declarado)',
    ['Medio de pago', 'Esperado', 'Declarado', 'Diferencia'],
    [...c.Medios.map((m) => [m.MedioPago, soles(m.Esperado), soles(m.Declarado), soles(m.Diferencia)]), ['TOTAL', soles(s.TotalEsperado), soles(s.TotalDeclarado), soles(s.Diferencia)]],
    [215, 100, 100, 100],
  );
  tabla('Ingresos y egresos de caja', ['Motivo', 'Tipo', 'Monto'], c.Movimientos.map((m) => [m.Motivo, TiposMovimientoCaja[m.Tipo], soles(m.Monto)]), [275, 100, 140]);
  doc.font(FUENTE).fontSize(8).fillColor(COLOR.suave).text(`Ventas: ${s.Ventas} · Total vendido: ${soles(s.TotalVentas)}`, x0, y, { width: ancho });
  return { pdf: await aBytes(doc), nombre: `reporte-z-${s.Id}.pdf` };
}
