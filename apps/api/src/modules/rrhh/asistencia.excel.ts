import ExcelJS from 'exceljs';
import { DiasSemana, type TAsistencia } from '@yupana/contracts';

const horas = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
const TIPOS: Record<string, string> = { LABORABLE: 'Laborable', DESCANSO: 'Descanso', FERIADO: 'Feriado', SIN_HORARIO: 'Sin horario', PENDIENTE: 'Pendiente' };

/** The worked-time report as a workbook: one row per day, then the totals (hours as h:mm, minutes as numbers). */
export async function excelAsistencia(rep: TAsistencia): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Asistencia');
  hoja.addRow([`Reporte de asistencia: ${rep.Trabajador} (${rep.Documento})`]).font = { bold: true };
  hoja.addRow([`Del ${rep.Desde} al ${rep.Hasta}`]);
  hoja.addRow([]);
  const cab = hoja.addRow(['Fecha', 'Día', 'Tipo', 'Horario', 'Marcaciones', 'Entrada', 'Salida', 'Horas trabajadas', 'Tardanza (min)', 'Salida anticipada (min)', 'Horas extra', 'Extra 25 %', 'Extra 35 %', 'Nocturnas', 'Feriado / descanso', 'Falta', 'Observación']);
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
      horas(d.MinutosExtra25),
      horas(d.MinutosExtra35),
      horas(d.MinutosNocturnos),
      horas(d.MinutosFeriado),
      d.Falta ? 'Sí' : '',
      d.Observacion ?? '',
    ]);
  hoja.addRow([]);
  const t = rep.Totales;
  const tot = hoja.addRow(['Totales', '', `${t.DiasLaborados} días laborados`, '', '', '', '', horas(t.MinutosTrabajados), t.MinutosTardanza, t.MinutosSalidaAnticipada, horas(t.MinutosExtra), horas(t.MinutosExtra25), horas(t.MinutosExtra35), horas(t.MinutosNocturnos), horas(t.MinutosFeriado), t.Faltas, `${t.Tardanzas} tardanza(s), ${t.Incompletas} día(s) sin salida, ${t.Feriados} feriado(s)`]);
  tot.font = { bold: true };
  hoja.columns.forEach((c, i) => (c.width = [12, 11, 12, 17, 30, 12, 12, 10, 10, 12, 10, 10, 10, 10, 12, 7, 40][i] ?? 12));
  return Buffer.from(await libro.xlsx.writeBuffer());
}
