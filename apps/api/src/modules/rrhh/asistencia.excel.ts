import ExcelJS from 'exceljs';
import { DiasSemana, type TAsistencia } from '@yupana/contracts';

const horas = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
const TIPOS: Record<string, string> = { LABORABLE: 'Laborable', DESCANSO: 'Descanso', SIN_HORARIO: 'Sin horario', PENDIENTE: 'Pendiente' };

/** The worked-time report as a workbook: one row per day, then the totals (hours as h:mm, minutes as numbers). */
export async function excelAsistencia(rep: TAsistencia): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Asistencia');
  hoja.addRow([`Reporte de asistencia: ${rep.Trabajador} (${rep.Documento})`]).font = { bold: true };
  hoja.addRow([`Del ${rep.Desde} al ${rep.Hasta}`]);
  hoja.addRow([]);
  const cab = hoja.addRow(['Fecha', 'Día', 'Tipo', 'Horario', 'Marcaciones', 'Entrada', 'Salida', 'Horas trabajadas', 'Tardanza (min)', 'Salida anticipada (min)', 'Horas extra', 'Falta', 'Observación']);
  cab.font = { bold: true };
  for (const d of rep.Dias)
    hoja.addRow([
      d.Fecha,
      DiasSemana[d.Dia as keyof typeof DiasSemana],
      TIPOS[d.Tipo],
      d.HoraEntradaProgramada ? `${d.HoraEntradaProgramada}-${d.HoraSalidaProgramada}` : '',
      d.Marcaciones.join(' '),
      d.Entrada ?? '',
      d.Salida ?? '',
      horas(d.MinutosTrabajados),
      d.MinutosTardanza,
      d.MinutosSalidaAnticipada,
      horas(d.MinutosExtra),
      d.Falta ? 'Sí' : '',
      d.Observacion ?? '',
    ]);
  hoja.addRow([]);
  const t = rep.Totales;
  const tot = hoja.addRow(['Totales', '', `${t.DiasLaborados} días laborados`, '', '', '', '', horas(t.MinutosTrabajados), t.MinutosTardanza, t.MinutosSalidaAnticipada, horas(t.MinutosExtra), t.Faltas, `${t.Tardanzas} tardanza(s), ${t.Incompletas} día(s) sin salida`]);
  tot.font = { bold: true };
  hoja.columns.forEach((c, i) => (c.width = [12, 11, 12, 13, 26, 9, 9, 10, 10, 12, 10, 7, 40][i] ?? 12));
  return Buffer.from(await libro.xlsx.writeBuffer());
}
