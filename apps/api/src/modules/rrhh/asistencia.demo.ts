import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';
import { horario, horarioDetalle, horarioTrabajador, huellero, marcacion } from './asistencia.schema';
import { aLocalLima, deLocalLima, diaSemana } from './asistencia.calculo';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/**
 * Attendance demo for Comercial Andina: an office schedule assigned to its three workers, a registered device and
 * last week's punches of Carmen Rojas (one late arrival on Wednesday, Friday without exit punch).
 */
export async function cargarDemoAsistencia(db: DbOTx): Promise<void> {
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.documento, '20600123450'));
  if (!e) return;
  const trabajadores = await db
    .select({ id: entidad.id, documento: entidad.documento })
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, e.id), eq(entidad.tipoEntidad, 1), inArray(entidad.documento, ['45871236', '46290518', '47015293'])));
  if (!trabajadores.length) return;
  const [h] = await db.insert(horario).values({ idEmpresa: e.id, nombre: 'Oficina (L-V 8:00 a 17:00, sáb. 8:00 a 13:00)', toleranciaMinutos: 10 }).returning({ id: horario.id });
  await db.insert(horarioDetalle).values([
    ...[1, 2, 3, 4, 5].map((dia) => ({ idEmpresa: e.id, idHorario: h.id, dia, horaEntrada: '08:00', horaSalida: '17:00', refrigerioMinutos: 60 })),
    { idEmpresa: e.id, idHorario: h.id, dia: 6, horaEntrada: '08:00', horaSalida: '13:00', refrigerioMinutos: 0 },
  ]);
  await db.insert(horarioTrabajador).values(trabajadores.map((t) => ({ idEmpresa: e.id, idEntidad: t.id, idHorario: h.id, fechaDesde: '2025-01-01' })));
  const [d] = await db.insert(huellero).values({ idEmpresa: e.id, numeroSerie: 'DEMOZK0000001', nombre: 'Entrada de la tienda' }).returning({ id: huellero.id });
  const carmen = trabajadores.find((t) => t.documento === '45871236');
  if (!carmen) return;
  // Monday of last week (Lima).
  const hoy = aLocalLima(new Date()).fecha;
  const lunes = new Date(Date.parse(`${hoy}T00:00:00Z`) - (diaSemana(hoy) - 1 + 7) * 86_400_000);
  const dia = (n: number) => new Date(lunes.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const marcas: [number, string][] = [
    [0, '07:56'], [0, '17:04'],
    [1, '08:03'], [1, '17:00'],
    [2, '08:24'], [2, '17:15'],
    [3, '07:59'], [3, '18:30'],
    [4, '08:01'],
    [5, '07:58'], [5, '13:02'],
  ];
  await db.insert(marcacion).values(marcas.map(([n, hora]) => ({ idEmpresa: e.id, idEntidad: carmen.id, fechaHora: deLocalLima(dia(n), hora), origen: 3, idHuellero: d.id, verificacion: 1 })));
}
