import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  type TFeriado,
  type THorario,
  type THorarioAsignado,
  type THuellero,
  type TMarcacion,
  ZAsistenciaQuery,
  ZFeriadoGuardar,
  ZHorarioAsignar,
  ZHorarioGuardar,
  ZHuelleroGuardar,
  ZMarcacionCorregir,
  ZMarcacionManual,
  ZMarcacionesQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { usuario } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';
import { feriado, horario, horarioDetalle, horarioTrabajador, huellero, marcacion } from './asistencia.schema';
import { aHora, aLocalLima, aMinutos, calcularAsistencia, deLocalLima, type AsignacionCalculo, type HorarioCalculo } from './asistencia.calculo';
import { diasDeLicencia, licenciasAprobadas } from './solicitudes.service';

const TIPO_TRABAJADOR = 1;
export const ORIGEN_HUELLERO = 3;
export const ORIGEN_MANUAL = 4;

const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};
const hoyLima = () => aLocalLima(new Date()).fecha;
const sumarDia = (fecha: string, n: number) => new Date(Date.parse(`${fecha}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function trabajadorDe(ctx: Contexto, auth: TAuth, id: number) {
  const [t] = await ctx.dbh.db
    .select({ id: entidad.id, nombre: entidad.razonSocial, documento: entidad.documento })
    .from(entidad)
    .where(and(eq(entidad.id, id), eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR)));
  if (!t) throw noEncontrado('El trabajador no existe');
  return { id: t.id, nombre: t.nombre, documento: t.documento ?? '' };
}

// ---- Schedules ----

async function horariosCon(ctx: Contexto, auth: TAuth, donde: SQL | undefined): Promise<THorario[]> {
  const filas = await ctx.dbh.db.select().from(horario).where(and(eq(horario.idEmpresa, auth.idEmpresa), donde)).orderBy(asc(horario.nombre), asc(horario.id));
  if (!filas.length) return [];
  const dias = await ctx.dbh.db
    .select()
    .from(horarioDetalle)
    .where(and(eq(horarioDetalle.idEmpresa, auth.idEmpresa), inArray(horarioDetalle.idHorario, filas.map((f) => f.id)), eq(horarioDetalle.logEstado, 1)))
    .orderBy(asc(horarioDetalle.dia));
  return filas.map((f) => ({
    Id: f.id,
    Nombre: f.nombre,
    ToleranciaMinutos: f.toleranciaMinutos,
    Dias: dias.filter((d) => d.idHorario === f.id).map((d) => ({ Dia: d.dia, HoraEntrada: d.horaEntrada.slice(0, 5), HoraSalida: d.horaSalida.slice(0, 5), RefrigerioMinutos: d.refrigerioMinutos })),
    LogEstado: f.logEstado,
  }));
}

export const listarHorarios = async (ctx: Contexto, auth: TAuth) => ({ Data: await horariosCon(ctx, auth, undefined) });

export async function obtenerHorario(ctx: Contexto, auth: TAuth, id: number): Promise<THorario> {
  const [h] = await horariosCon(ctx, auth, eq(horario.id, id));
  if (!h) throw noEncontrado('El horario no existe');
  return h;
}

export async function guardarHorario(ctx: Contexto, auth: TAuth, id: number | null, datos: z.output<typeof ZHorarioGuardar>): Promise<THorario> {
  let idHorario = id;
  try {
    await ctx.dbh.db.transaction(async (tx) => {
      if (idHorario === null) {
        const [h] = await tx
          .insert(horario)
          .values({ idEmpresa: auth.idEmpresa, nombre: datos.Nombre, toleranciaMinutos: datos.ToleranciaMinutos, logUsuarioCrea: auth.idUsuario })
          .returning({ id: horario.id });
        idHorario = h.id;
      } else {
        const [h] = await tx
          .update(horario)
          .set({ nombre: datos.Nombre, toleranciaMinutos: datos.ToleranciaMinutos, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
          .where(and(eq(horario.id, idHorario), eq(horario.idEmpresa, auth.idEmpresa)))
          .returning({ id: horario.id });
        if (!h) throw noEncontrado('El horario no existe');
        await tx.delete(horarioDetalle).where(and(eq(horarioDetalle.idHorario, idHorario), eq(horarioDetalle.idEmpresa, auth.idEmpresa)));
      }
      await tx.insert(horarioDetalle).values(
        datos.Dias.map((d) => ({
          idEmpresa: auth.idEmpresa,
          idHorario: idHorario!,
          dia: d.Dia,
          horaEntrada: d.HoraEntrada,
          horaSalida: d.HoraSalida,
          refrigerioMinutos: d.RefrigerioMinutos,
          logUsuarioCrea: auth.idUsuario,
        })),
      );
    });
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', 'Ya existe un horario con ese nombre');
    throw err;
  }
  return obtenerHorario(ctx, auth, idHorario!);
}

export async function asignarHorario(ctx: Contexto, auth: TAuth, datos: z.output<typeof ZHorarioAsignar>): Promise<THorarioAsignado> {
  await trabajadorDe(ctx, auth, datos.IdTrabajador);
  const h = await obtenerHorario(ctx, auth, datos.IdHorario).catch(() => {
    throw errorDeCampo('IdHorario', 'El horario no existe');
  });
  const [a] = await ctx.dbh.db.transaction(async (tx) => {
    // One assignment per worker and start date: assigning again on the same date replaces it.
    await tx
      .update(horarioTrabajador)
      .set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(horarioTrabajador.idEmpresa, auth.idEmpresa), eq(horarioTrabajador.idEntidad, datos.IdTrabajador), eq(horarioTrabajador.fechaDesde, datos.FechaDesde), eq(horarioTrabajador.logEstado, 1)));
    return tx
      .insert(horarioTrabajador)
      .values({ idEmpresa: auth.idEmpresa, idEntidad: datos.IdTrabajador, idHorario: h.Id, fechaDesde: datos.FechaDesde, logUsuarioCrea: auth.idUsuario })
      .returning();
  });
  return { Id: a.id, IdTrabajador: a.idEntidad, IdHorario: a.idHorario, Horario: h.Nombre, FechaDesde: a.fechaDesde };
}

export async function listarAsignaciones(ctx: Contexto, auth: TAuth, idTrabajador: number) {
  await trabajadorDe(ctx, auth, idTrabajador);
  const filas = await ctx.dbh.db
    .select({ id: horarioTrabajador.id, idEntidad: horarioTrabajador.idEntidad, idHorario: horarioTrabajador.idHorario, nombre: horario.nombre, fechaDesde: horarioTrabajador.fechaDesde })
    .from(horarioTrabajador)
    .innerJoin(horario, eq(horario.id, horarioTrabajador.idHorario))
    .where(and(eq(horarioTrabajador.idEmpresa, auth.idEmpresa), eq(horarioTrabajador.idEntidad, idTrabajador), eq(horarioTrabajador.logEstado, 1)))
    .orderBy(desc(horarioTrabajador.fechaDesde));
  return { Data: filas.map((f) => ({ Id: f.id, IdTrabajador: f.idEntidad, IdHorario: f.idHorario, Horario: f.nombre, FechaDesde: f.fechaDesde })) };
}

// ---- Devices ----

const aHuellero = (f: typeof huellero.$inferSelect): THuellero => ({
  Id: f.id,
  NumeroSerie: f.numeroSerie,
  Nombre: f.nombre,
  UltimaConexion: f.ultimaConexion ? f.ultimaConexion.toISOString() : null,
  LogEstado: f.logEstado,
});

export async function listarHuelleros(ctx: Contexto, auth: TAuth) {
  const filas = await ctx.dbh.db.select().from(huellero).where(eq(huellero.idEmpresa, auth.idEmpresa)).orderBy(asc(huellero.nombre), asc(huellero.id));
  return { Data: filas.map(aHuellero) };
}

export async function guardarHuellero(ctx: Contexto, auth: TAuth, id: number | null, datos: z.output<typeof ZHuelleroGuardar>): Promise<THuellero> {
  const serie = datos.NumeroSerie.toUpperCase();
  try {
    if (id === null) {
      const [f] = await ctx.dbh.db
        .insert(huellero)
        .values({ idEmpresa: auth.idEmpresa, numeroSerie: serie, nombre: datos.Nombre, logEstado: datos.LogEstado, logUsuarioCrea: auth.idUsuario })
        .returning();
      return aHuellero(f);
    }
    const [f] = await ctx.dbh.db
      .update(huellero)
      .set({ numeroSerie: serie, nombre: datos.Nombre, logEstado: datos.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(huellero.id, id), eq(huellero.idEmpresa, auth.idEmpresa)))
      .returning();
    if (!f) throw noEncontrado('El huellero no existe');
    return aHuellero(f);
  } catch (err) {
    // The serial is unique across companies: the message does not say which company holds it.
    if (esDuplicado(err)) throw errorDeCampo('NumeroSerie', 'Ese número de serie ya está registrado');
    throw err;
  }
}

// ---- Punches ----

export async function listarMarcaciones(ctx: Contexto, auth: TAuth, q: z.output<typeof ZMarcacionesQuery>) {
  const condiciones: SQL[] = [
    eq(marcacion.idEmpresa, auth.idEmpresa),
    gte(marcacion.fechaHora, deLocalLima(q.desde, '00:00')),
    lt(marcacion.fechaHora, deLocalLima(sumarDia(q.hasta, 1), '00:00')),
  ];
  if (q.idTrabajador) condiciones.push(eq(marcacion.idEntidad, q.idTrabajador));
  if (q.estado !== -1) condiciones.push(eq(marcacion.logEstado, q.estado));
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db
      .select({ m: marcacion, trabajador: entidad.razonSocial, huellero: huellero.nombre, usuario: usuario.usuario })
      .from(marcacion)
      .innerJoin(entidad, eq(entidad.id, marcacion.idEntidad))
      .leftJoin(huellero, eq(huellero.id, marcacion.idHuellero))
      .leftJoin(usuario, eq(usuario.id, marcacion.logUsuarioCrea))
      .where(donde)
      .orderBy(asc(marcacion.fechaHora), asc(marcacion.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(marcacion).where(donde),
  ]);
  return {
    Data: filas.map((f): TMarcacion => {
      const l = aLocalLima(f.m.fechaHora);
      return {
        Id: f.m.id,
        IdTrabajador: f.m.idEntidad,
        Trabajador: f.trabajador,
        Fecha: l.fecha,
        Hora: aHora(l.minuto),
        Origen: f.m.origen,
        Huellero: f.huellero,
        Verificacion: f.m.verificacion,
        Motivo: f.m.motivo,
        Usuario: f.usuario,
        LogEstado: f.m.logEstado,
      };
    }),
    Count: Number(n),
  };
}

const marcacionRepetida = () => new AppError(ErrorCodes.VALIDACION, undefined, 409, { errores: { Hora: 'El trabajador ya tiene una marcación a esa hora' } });

export async function registrarMarcacionManual(ctx: Contexto, auth: TAuth, datos: z.output<typeof ZMarcacionManual>): Promise<{ Id: number }> {
  await trabajadorDe(ctx, auth, datos.IdTrabajador);
  try {
    const [m] = await ctx.dbh.db
      .insert(marcacion)
      .values({ idEmpresa: auth.idEmpresa, idEntidad: datos.IdTrabajador, fechaHora: deLocalLima(datos.Fecha, datos.Hora), origen: ORIGEN_MANUAL, motivo: datos.Motivo, logUsuarioCrea: auth.idUsuario })
      .returning({ id: marcacion.id });
    return { Id: m.id };
  } catch (err) {
    if (esDuplicado(err)) throw marcacionRepetida();
    throw err;
  }
}

/** Voids a punch or replaces it by a manual one at another time; the old row stays inactive, pointing to its replacement. */
export async function corregirMarcacion(ctx: Contexto, auth: TAuth, id: number, datos: z.output<typeof ZMarcacionCorregir>): Promise<{ Id: number | null }> {
  if ((datos.Fecha == null) !== (datos.Hora == null)) throw errorDeCampo(datos.Fecha == null ? 'Fecha' : 'Hora', 'Indique la fecha y la hora, o ninguna para anular la marcación');
  try {
    return await ctx.dbh.db.transaction(async (tx) => {
      const [vieja] = await tx
        .select()
        .from(marcacion)
        .where(and(eq(marcacion.id, id), eq(marcacion.idEmpresa, auth.idEmpresa)))
        .for('update');
      if (!vieja) throw noEncontrado('La marcación no existe');
      if (vieja.logEstado !== 1) throw new AppError(ErrorCodes.VALIDACION, 'La marcación ya fue corregida o anulada', 409);
      await tx
        .update(marcacion)
        .set({ logEstado: 0, motivo: datos.Motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
        .where(eq(marcacion.id, id));
      if (datos.Fecha == null || datos.Hora == null) return { Id: null };
      const [nueva] = await tx
        .insert(marcacion)
        .values({ idEmpresa: auth.idEmpresa, idEntidad: vieja.idEntidad, fechaHora: deLocalLima(datos.Fecha, datos.Hora), origen: ORIGEN_MANUAL, motivo: datos.Motivo, logUsuarioCrea: auth.idUsuario })
        .returning({ id: marcacion.id });
      await tx.update(marcacion).set({ idReemplazo: nueva.id }).where(eq(marcacion.id, id));
      return { Id: nueva.id };
    });
  } catch (err) {
    if (esDuplicado(err)) throw marcacionRepetida();
    throw err;
  }
}

// ---- Report ----

export async function reporteAsistencia(ctx: Contexto, auth: TAuth, q: z.output<typeof ZAsistenciaQuery>, hoy = hoyLima()) {
  const t = await trabajadorDe(ctx, auth, q.idTrabajador);
  const [asignaciones, marcas] = await Promise.all([
    ctx.dbh.db
      .select({ fechaDesde: horarioTrabajador.fechaDesde, idHorario: horarioTrabajador.idHorario, tolerancia: horario.toleranciaMinutos })
      .from(horarioTrabajador)
      .innerJoin(horario, eq(horario.id, horarioTrabajador.idHorario))
      .where(and(eq(horarioTrabajador.idEmpresa, auth.idEmpresa), eq(horarioTrabajador.idEntidad, t.id), eq(horarioTrabajador.logEstado, 1), sql`${horarioTrabajador.fechaDesde} <= ${q.hasta}`))
      .orderBy(asc(horarioTrabajador.fechaDesde), asc(horarioTrabajador.id)),
    ctx.dbh.db
      .select({ fechaHora: marcacion.fechaHora })
      .from(marcacion)
      .where(
        and(
          eq(marcacion.idEmpresa, auth.idEmpresa),
          eq(marcacion.idEntidad, t.id),
          eq(marcacion.logEstado, 1),
          gte(marcacion.fechaHora, deLocalLima(q.desde, '00:00')),
          // The next morning too: it may hold the exit of the last day's night shift.
          lt(marcacion.fechaHora, deLocalLima(sumarDia(q.hasta, 2), '00:00')),
        ),
      ),
  ]);
  const [feriados, licencias] = await Promise.all([feriadosEntre(ctx, auth, q.desde, q.hasta), licenciasAprobadas(ctx.dbh.db, auth.idEmpresa, [t.id], q.desde, q.hasta)]);
  const idsHorario = [...new Set(asignaciones.map((a) => a.idHorario))];
  const detalles = idsHorario.length
    ? await ctx.dbh.db
        .select()
        .from(horarioDetalle)
        .where(and(eq(horarioDetalle.idEmpresa, auth.idEmpresa), inArray(horarioDetalle.idHorario, idsHorario), eq(horarioDetalle.logEstado, 1)))
    : [];
  const horarios = new Map<number, Map<number, HorarioCalculo['dias'] extends Map<number, infer D> ? D : never>>();
  for (const d of detalles) {
    const m = horarios.get(d.idHorario) ?? new Map();
    m.set(d.dia, { entrada: aMinutos(d.horaEntrada), salida: aMinutos(d.horaSalida), refrigerio: d.refrigerioMinutos });
    horarios.set(d.idHorario, m);
  }
  const calc: AsignacionCalculo[] = asignaciones.map((a) => ({ fechaDesde: a.fechaDesde, horario: { tolerancia: a.tolerancia, dias: horarios.get(a.idHorario) ?? new Map() } }));
  return calcularAsistencia(t, q.desde, q.hasta, hoy, calc, marcas.map((m) => m.fechaHora), new Map(feriados.map((f) => [f.Fecha, f.Descripcion])), diasDeLicencia(licencias, q.desde, q.hasta));
}

/**
 * The month's attendance of many workers at once ("Tomar asistencia" of a payroll run): the same figures as
 * `reporteAsistencia` worker by worker, read set-based — five statements whatever the number of workers (their
 * schedule assignments, the schedules' days, their active marks, the holidays, their approved requests), then the
 * same pure calculation per worker in memory. `db` may be a transaction. Workers without marks or assignments still
 * get their report (every day a falta on a working day of their schedule, as worker by worker).
 */
export async function asistenciaDeTrabajadores(
  db: Contexto['dbh']['db'] | Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0],
  idEmpresa: number,
  trabajadores: { id: number; nombre: string; documento: string }[],
  desde: string,
  hasta: string,
  hoy = hoyLima(),
) {
  const r = new Map<number, ReturnType<typeof calcularAsistencia>>();
  if (!trabajadores.length) return r;
  const ids = trabajadores.map((t) => t.id);
  const lista = sql`(select unnest(${`{${ids.join(',')}}`}::int[]))`;
  // One after the other: inside a transaction there is one connection (pg refuses concurrent queries on it).
  const asignaciones = await db
    .select({ idEntidad: horarioTrabajador.idEntidad, fechaDesde: horarioTrabajador.fechaDesde, idHorario: horarioTrabajador.idHorario, tolerancia: horario.toleranciaMinutos })
    .from(horarioTrabajador)
    .innerJoin(horario, eq(horario.id, horarioTrabajador.idHorario))
    .where(and(eq(horarioTrabajador.idEmpresa, idEmpresa), sql`${horarioTrabajador.idEntidad} in ${lista}`, eq(horarioTrabajador.logEstado, 1), sql`${horarioTrabajador.fechaDesde} <= ${hasta}`))
    .orderBy(asc(horarioTrabajador.idEntidad), asc(horarioTrabajador.fechaDesde), asc(horarioTrabajador.id));
  const marcas = await db
    .select({ idEntidad: marcacion.idEntidad, fechaHora: marcacion.fechaHora })
    .from(marcacion)
    .where(
      and(
        eq(marcacion.idEmpresa, idEmpresa),
        sql`${marcacion.idEntidad} in ${lista}`,
        eq(marcacion.logEstado, 1),
        gte(marcacion.fechaHora, deLocalLima(desde, '00:00')),
        // The next morning too: it may hold the exit of the last day's night shift.
        lt(marcacion.fechaHora, deLocalLima(sumarDia(hasta, 2), '00:00')),
      ),
    );
  const feriados = await db
    .select({ fecha: feriado.fecha, descripcion: feriado.descripcion })
    .from(feriado)
    .where(and(eq(feriado.logEstado, 1), or(isNull(feriado.idEmpresa), eq(feriado.idEmpresa, idEmpresa)), gte(feriado.fecha, desde), lte(feriado.fecha, hasta)))
    .orderBy(asc(feriado.fecha), asc(feriado.id));
  const licencias = await licenciasAprobadas(db as Contexto['dbh']['db'], idEmpresa, ids, desde, hasta);
  const idsHorario = [...new Set(asignaciones.map((a) => a.idHorario))];
  const detalles = idsHorario.length
    ? await db
        .select()
        .from(horarioDetalle)
        .where(and(eq(horarioDetalle.idEmpresa, idEmpresa), inArray(horarioDetalle.idHorario, idsHorario), eq(horarioDetalle.logEstado, 1)))
    : [];
  const horarios = new Map<number, HorarioCalculo['dias']>();
  for (const d of detalles) {
    const m = horarios.get(d.idHorario) ?? new Map();
    m.set(d.dia, { entrada: aMinutos(d.horaEntrada), salida: aMinutos(d.horaSalida), refrigerio: d.refrigerioMinutos });
    horarios.set(d.idHorario, m);
  }
  const agrupar = <T extends { idEntidad: number }>(xs: T[]) => {
    const g = new Map<number, T[]>();
    for (const x of xs) {
      const l = g.get(x.idEntidad);
      if (l) l.push(x);
      else g.set(x.idEntidad, [x]);
    }
    return g;
  };
  const asignacionesDe = agrupar(asignaciones);
  const marcasDe = agrupar(marcas);
  const licenciasDe = agrupar(licencias);
  // The same map for every worker: as feriadosEntre, a later row of the same date wins.
  const diasFeriado = new Map(feriados.map((f) => [f.fecha, f.descripcion]));
  for (const t of trabajadores) {
    const calc: AsignacionCalculo[] = (asignacionesDe.get(t.id) ?? []).map((a) => ({ fechaDesde: a.fechaDesde, horario: { tolerancia: a.tolerancia, dias: horarios.get(a.idHorario) ?? new Map() } }));
    r.set(
      t.id,
      calcularAsistencia(t, desde, hasta, hoy, calc, (marcasDe.get(t.id) ?? []).map((m) => m.fechaHora), diasFeriado, diasDeLicencia(licenciasDe.get(t.id) ?? [], desde, hasta)),
    );
  }
  return r;
}

// ---- Holidays ----

/** National holidays and the company's own non-working days between two dates, by date. */
export async function feriadosEntre(ctx: Contexto, auth: TAuth, desde: string, hasta: string): Promise<TFeriado[]> {
  const filas = await ctx.dbh.db
    .select({ id: feriado.id, fecha: feriado.fecha, descripcion: feriado.descripcion, idEmpresa: feriado.idEmpresa })
    .from(feriado)
    .where(and(eq(feriado.logEstado, 1), or(isNull(feriado.idEmpresa), eq(feriado.idEmpresa, auth.idEmpresa)), gte(feriado.fecha, desde), lte(feriado.fecha, hasta)))
    .orderBy(asc(feriado.fecha), asc(feriado.id));
  return filas.map((f) => ({ Id: f.id, Fecha: f.fecha, Descripcion: f.descripcion, Nacional: f.idEmpresa === null }));
}

export async function listarFeriados(ctx: Contexto, auth: TAuth, anio: number) {
  return { Data: await feriadosEntre(ctx, auth, `${anio}-01-01`, `${anio}-12-31`) };
}

/** A company's own non-working day; a date that is already a holiday (national or its own) is refused. */
export async function guardarFeriado(ctx: Contexto, auth: TAuth, datos: z.output<typeof ZFeriadoGuardar>): Promise<TFeriado> {
  const [ya] = await feriadosEntre(ctx, auth, datos.Fecha, datos.Fecha);
  if (ya) throw errorDeCampo('Fecha', ya.Nacional ? `El ${datos.Fecha} ya es feriado nacional: ${ya.Descripcion}` : `El ${datos.Fecha} ya está registrado: ${ya.Descripcion}`);
  try {
    const [f] = await ctx.dbh.db
      .insert(feriado)
      .values({ idEmpresa: auth.idEmpresa, fecha: datos.Fecha, descripcion: datos.Descripcion, logUsuarioCrea: auth.idUsuario })
      .returning();
    return { Id: f.id, Fecha: f.fecha, Descripcion: f.descripcion, Nacional: false };
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Fecha', `El ${datos.Fecha} ya está registrado`);
    throw err;
  }
}

/** Removes a company's own non-working day (national holidays are the law's and cannot be removed). */
export async function eliminarFeriado(ctx: Contexto, auth: TAuth, id: number): Promise<void> {
  const [f] = await ctx.dbh.db.select().from(feriado).where(and(eq(feriado.id, id), eq(feriado.logEstado, 1), or(isNull(feriado.idEmpresa), eq(feriado.idEmpresa, auth.idEmpresa))));
  if (!f) throw noEncontrado('El día no laborable no existe');
  if (f.idEmpresa === null) throw new AppError(ErrorCodes.VALIDACION, 'Los feriados nacionales son de ley: no se pueden eliminar', 409);
  await ctx.dbh.db.update(feriado).set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(feriado.id, id));
}

// ---- Device (ZKTeco push) ----

export async function huelleroPorSerie(ctx: Contexto, serie: string) {
  const [h] = await ctx.dbh.db.select({ id: huellero.id, idEmpresa: huellero.idEmpresa, logEstado: huellero.logEstado }).from(huellero).where(eq(huellero.numeroSerie, serie.toUpperCase()));
  return h && h.logEstado === 1 ? h : null;
}

export async function marcarConexion(ctx: Contexto, idHuellero: number) {
  await ctx.dbh.db.update(huellero).set({ ultimaConexion: new Date() }).where(eq(huellero.id, idHuellero));
}

export type MarcaDispositivo = { pin: string; fechaHora: Date; verificacion: number | null };

/**
 * Stores a device's punches for workers of the device's company only: the device user id (PIN) is the worker's
 * document number. Unknown PINs are skipped; repeated punches are stored once. Returns how many were new.
 */
export async function guardarMarcasDispositivo(ctx: Contexto, h: { id: number; idEmpresa: number }, marcas: MarcaDispositivo[]): Promise<number> {
  if (!marcas.length) return 0;
  const pins = [...new Set(marcas.map((m) => m.pin))];
  const trabajadores = await ctx.dbh.db
    .select({ id: entidad.id, documento: entidad.documento })
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, h.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), eq(entidad.logEstado, 1), inArray(entidad.documento, pins)));
  const porPin = new Map(trabajadores.map((t) => [t.documento, t.id]));
  const filas = marcas
    .filter((m) => porPin.has(m.pin))
    .map((m) => ({ idEmpresa: h.idEmpresa, idEntidad: porPin.get(m.pin)!, fechaHora: m.fechaHora, origen: ORIGEN_HUELLERO, idHuellero: h.id, verificacion: m.verificacion }));
  if (!filas.length) return 0;
  let nuevas = 0;
  for (let i = 0; i < filas.length; i += 500) {
    const r = await ctx.dbh.db.insert(marcacion).values(filas.slice(i, i + 500)).onConflictDoNothing().returning({ id: marcacion.id });
    nuevas += r.length;
  }
  return nuevas;
}
