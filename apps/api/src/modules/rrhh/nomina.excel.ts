import ExcelJS from 'exceljs';
import { NombresSistemaPension, RegimenesLaborales, type TNominaDetalle, type TSistemaPension } from '@yupana/contracts';

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'setiembre', 'octubre', 'noviembre', 'diciembre'];
const FORMATO_SOLES = '#,##0.00';
// Amounts travel as exact 2-decimal strings; the cell takes their value only to show and sum them in the sheet.
const monto = (s: string) => Number(s);

/** A payroll run as a workbook (seed `excels`): one row per payslip with its figures, then the run's totals. */
export async function excelNomina(n: TNominaDetalle): Promise<{ nombre: string; contenido: Buffer }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Planilla');
  hoja.addRow([`Planilla de ${MESES[n.Mes - 1]} ${n.Anio} (${n.EstadoDescripcion})`]).font = { bold: true };
  hoja.addRow([]);
  const cab = hoja.addRow(['Documento', 'Trabajador', 'Régimen', 'Sistema de pensiones', 'Remuneración', 'Días laborados', 'Faltas', 'Tardanza (min)', 'Ingresos', 'Descuentos', 'Aportes del empleador', 'Neto', 'Pagada']);
  cab.font = { bold: true };
  for (const b of n.Boletas)
    hoja.addRow([
      b.Documento,
      b.Trabajador,
      RegimenesLaborales[b.Regimen as keyof typeof RegimenesLaborales] ?? String(b.Regimen),
      NombresSistemaPension[b.SistemaPension as TSistemaPension] ?? b.SistemaPension,
      monto(b.Remuneracion),
      b.DiasLaborados,
      b.Faltas,
      b.MinutosTardanza,
      monto(b.TotalIngresos),
      monto(b.TotalDescuentos),
      monto(b.TotalAportes),
      monto(b.Neto),
      b.Pago ? 'Sí' : 'No',
    ]);
  hoja.addRow([]);
  const tot = hoja.addRow(['Totales', `${n.Boletas.length} trabajador(es)`, '', '', '', '', '', '', monto(n.TotalIngresos), monto(n.TotalDescuentos), monto(n.TotalAportes), monto(n.TotalNeto), '']);
  tot.font = { bold: true };
  for (const c of [5, 9, 10, 11, 12]) hoja.getColumn(c).numFmt = FORMATO_SOLES;
  hoja.columns.forEach((c, i) => (c.width = [12, 34, 24, 26, 13, 9, 7, 9, 13, 13, 13, 13, 8][i] ?? 12));
  return { nombre: `planilla-${n.Anio}-${String(n.Mes).padStart(2, '0')}.xlsx`, contenido: Buffer.from(await libro.xlsx.writeBuffer()) };
}
