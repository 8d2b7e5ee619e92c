import { and, eq, sql } from 'drizzle-orm';
import { ErrorCodes, type TPeriodoContable } from '@yupana/contracts';
import { AppError } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { periodoContable } from './libros.schema';

/** The twelve months of a year with their state (a month never touched is open) and number of entries. */
export async function listarPeriodos(ctx: Contexto, auth: TAuth, anio: number) {
  const r = await ctx.dbh.db.execute(sql`
    select m.periodo, p.estado, p.fecha_cierre,
           (select count(*)::int from asiento_contable a where a.id_empresa = ${auth.idEmpresa} and a.periodo = m.periodo) as asientos
      from (select ${String(anio)} || '-' || lpad(g::text, 2, '0') as periodo from generate_series(1, 12) g) m
      left join periodo_contable p on p.id_empresa = ${auth.idEmpresa} and p.periodo = m.periodo
     order by m.periodo`);
  const filas = (r as unknown as { rows: { periodo: string; estado: string | null; fecha_cierre: string | Date | null; asientos: number }[] }).rows;
  const Data: TPeriodoContable[] = filas.map((f) => ({
    Periodo: f.periodo,
    Estado: (f.estado ?? 'ABIERTO') as 'ABIERTO' | 'CERRADO',
    Asientos: Number(f.asientos),
    FechaCierre: f.fecha_cierre ? new Date(f.fecha_cierre).toISOString() : null,
  }));
  return { Data, Count: Data.length };
}

/** Closes or reopens a month; the row lock taken by entries makes a close wait for an entry being written. */
export async function cambiarEstadoPeriodo(ctx: Contexto, auth: TAuth, periodo: string, estado: 'ABIERTO' | 'CERRADO'): Promise<TPeriodoContable> {
  if (estado === 'ABIERTO') {
    const anio = periodo.slice(0, 4);
    const r = await ctx.dbh.db.execute(sql`select 1 from asiento_contable where id_empresa = ${auth.idEmpresa} and clave_origen = ${`CIERRE-RES:${anio}`} limit 1`);
    if ((r as unknown as { rows: unknown[] }).rows.length)
      throw new AppError(ErrorCodes.VALIDACION, `El ejercicio ${anio} está cerrado: sus periodos no se pueden reabrir`, 400);
  }
  await ctx.dbh.db
    .insert(periodoContable)
    .values({ idEmpresa: auth.idEmpresa, periodo, estado, fechaCierre: estado === 'CERRADO' ? new Date() : null, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({
      target: [periodoContable.idEmpresa, periodoContable.periodo],
      set: { estado, fechaCierre: estado === 'CERRADO' ? new Date() : null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() },
    });
  const { Data } = await listarPeriodos(ctx, auth, Number(periodo.slice(0, 4)));
  return Data.find((p) => p.Periodo === periodo)!;
}

export async function periodoCerrado(ctx: Contexto, idEmpresa: number, periodo: string): Promise<boolean> {
  const [p] = await ctx.dbh.db.select({ estado: periodoContable.estado }).from(periodoContable).where(and(eq(periodoContable.idEmpresa, idEmpresa), eq(periodoContable.periodo, periodo)));
  return p?.estado === 'CERRADO';
}
