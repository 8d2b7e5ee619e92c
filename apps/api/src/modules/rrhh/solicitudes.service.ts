import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  EstadosSolicitud,
  Roles,
  TiposSolicitud,
  type TPlantillaFlujo,
  type TSolicitud,
  type TTipoSolicitud,
  ZPlantillaFlujoGuardar,
  ZSolicitudCrear,
  ZSolicitudesQuery,
  ZSolicitudResolver,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { empresa, rol, usuario, usuarioRol } from '../../db/schema';
// eslint-disable-next-line yupana/no-cross-import -- the company's one SMTP sender (documents, statements and HR share it)
import { enviarCorreoEmpresa, type TOpcionesCorreo } from '../contabilidad/envio/correo.service';
import { entidad } from '../entidades/entidades.schema';
import { rolEmpresa } from '../seguridad/seguridad.schema';
import type { LicenciaDia } from './asistencia.calculo';
import { trabajadorDe } from './asistencia.service';
import { flujoSolicitud, plantillaFlujo, plantillaFlujoPaso, solicitud } from './rrhh.schema';

type Db = Contexto['dbh']['db'];
type FilaSolicitud = typeof solicitud.$inferSelect;
const ESTADOS_PASO = { 0: 'Pendiente', 1: 'Aprobado', 2: 'Rechazado' } as const;

/** Days between two 'YYYY-MM-DD' dates, both included. */
const diasEntre = (desde: string, hasta: string) => Math.round((Date.parse(hasta) - Date.parse(desde)) / 86400000) + 1;
const sumarDia = (f: string, n: number) => new Date(Date.parse(`${f}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);

/**
 * SUNAT Tabla 21 code ("tipo de suspensión de la relación laboral") of an approved request: 23 descanso vacacional,
 * 26 licencia con goce de haber, 05 permiso o licencia sin goce de haber (docs/decisions.md "planilla2").
 */
export const codigoSuspension = (tipo: string, conGoce: boolean) => (tipo === 'VACACIONES' ? '23' : conGoce ? '26' : '05');

/** Roles the company may put in a flow step: the shared ones (1, 2, 4) and its own active ones. */
async function rolesDeLaEmpresa(db: Db, auth: TAuth): Promise<{ IdRol: number; Nombre: string }[]> {
  const compartidos: number[] = Object.values(Roles);
  const [base, propios] = await Promise.all([
    db.select({ IdRol: rol.id, Nombre: rol.nombre }).from(rol).where(inArray(rol.id, compartidos)),
    db
      .select({ IdRol: rol.id, Nombre: rol.nombre })
      .from(rolEmpresa)
      .innerJoin(rol, eq(rol.id, rolEmpresa.idRol))
      .where(and(eq(rolEmpresa.idEmpresa, auth.idEmpresa), eq(rol.logEstado, 1))),
  ]);
  return [...base, ...propios].sort((a, b) => a.IdRol - b.IdRol);
}

async function validarRoles(db: Db, auth: TAuth, ids: number[]) {
  const validos = new Set((await rolesDeLaEmpresa(db, auth)).map((r) => r.IdRol));
  ids.forEach((id, i) => {
    if (!validos.has(id)) throw errorDeCampo(`Pasos.${i}.IdRol`, 'El rol no existe en su empresa');
  });
}

async function nombresDeRoles(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const filas = await db.select({ id: rol.id, nombre: rol.nombre }).from(rol).where(inArray(rol.id, ids));
  return new Map(filas.map((f) => [f.id, f.nombre]));
}

// ---- Flow templates (plantillaflujo) ----

export async function listarPlantillas(ctx: Contexto, auth: TAuth): Promise<{ Data: TPlantillaFlujo[]; Roles: { IdRol: number; Nombre: string }[] }> {
  const plantillas = await ctx.dbh.db
    .select()
    .from(plantillaFlujo)
    .where(and(eq(plantillaFlujo.idEmpresa, auth.idEmpresa), eq(plantillaFlujo.logEstado, 1)))
    .orderBy(asc(plantillaFlujo.tipoSolicitud));
  const pasos = plantillas.length
    ? await ctx.dbh.db.select().from(plantillaFlujoPaso).where(inArray(plantillaFlujoPaso.idPlantilla, plantillas.map((p) => p.id))).orderBy(asc(plantillaFlujoPaso.orden))
    : [];
  const [roles, Roles] = await Promise.all([nombresDeRoles(ctx.dbh.db, [...new Set(pasos.map((p) => p.idRol))]), rolesDeLaEmpresa(ctx.dbh.db, auth)]);
  return {
    Roles,
    Data: plantillas.map((p) => ({
      Id: p.id,
      Nombre: p.nombre,
      TipoSolicitud: p.tipoSolicitud,
      Pasos: pasos.filter((x) => x.idPlantilla === p.id).map((x) => ({ Orden: x.orden, Nombre: x.nombre, IdRol: x.idRol, Rol: roles.get(x.idRol) ?? '' })),
    })),
  };
}

/** Saves the flow of a request type: it replaces the company's previous flow for that type (one transaction). */
export async function guardarPlantilla(ctx: Contexto, auth: TAuth, b: z.output<typeof ZPlantillaFlujoGuardar>): Promise<TPlantillaFlujo> {
  await validarRoles(ctx.dbh.db, auth, b.Pasos.map((p) => p.IdRol));
  const id = await ctx.dbh.db.transaction(async (tx) => {
    await tx
      .update(plantillaFlujo)
      .set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(plantillaFlujo.idEmpresa, auth.idEmpresa), eq(plantillaFlujo.tipoSolicitud, b.TipoSolicitud), eq(plantillaFlujo.logEstado, 1)));
    const [p] = await tx
      .insert(plantillaFlujo)
      .values({ idEmpresa: auth.idEmpresa, nombre: b.Nombre, tipoSolicitud: b.TipoSolicitud, logUsuarioCrea: auth.idUsuario })
      .returning({ id: plantillaFlujo.id });
    await tx.insert(plantillaFlujoPaso).values(b.Pasos.map((x, i) => ({ idEmpresa: auth.idEmpresa, idPlantilla: p.id, orden: i + 1, nombre: x.Nombre, idRol: x.IdRol, logUsuarioCrea: auth.idUsuario })));
    return p.id;
  });
  const { Data } = await listarPlantillas(ctx, auth);
  return Data.find((p) => p.Id === id)!;
}

// ---- Requests (solicitud, flujosolicitud) ----

async function rolesDelUsuario(db: Db, auth: TAuth): Promise<Set<number>> {
  const filas = await db
    .select({ id: usuarioRol.idRol })
    .from(usuarioRol)
    .where(and(eq(usuarioRol.idEmpresa, auth.idEmpresa), eq(usuarioRol.idUsuario, auth.idUsuario), eq(usuarioRol.logEstado, 1)));
  return new Set(filas.map((f) => f.id));
}

async function armar(ctx: Contexto, auth: TAuth, filas: { s: FilaSolicitud; nombre: string; documento: string | null }[]): Promise<TSolicitud[]> {
  if (!filas.length) return [];
  const pasos = await ctx.dbh.db
    .select({ p: flujoSolicitud, usuario: usuario.usuario })
    .from(flujoSolicitud)
    .leftJoin(usuario, eq(usuario.id, flujoSolicitud.idUsuarioResuelve))
    .where(inArray(flujoSolicitud.idSolicitud, filas.map((f) => f.s.id)))
    .orderBy(asc(flujoSolicitud.idSolicitud), asc(flujoSolicitud.orden));
  const [roles, mios] = await Promise.all([nombresDeRoles(ctx.dbh.db, [...new Set(pasos.map((p) => p.p.idRol))]), rolesDelUsuario(ctx.dbh.db, auth)]);
  return filas.map(({ s, nombre, documento }) => {
    const flujo = pasos.filter((p) => p.p.idSolicitud === s.id);
    const actual = flujo.find((p) => p.p.orden === s.pasoActual);
    return {
      Id: s.id,
      IdTrabajador: s.idEntidad,
      Trabajador: nombre,
      Documento: documento ?? '',
      Tipo: s.tipo,
      TipoDescripcion: TiposSolicitud[s.tipo as TTipoSolicitud] ?? s.tipo,
      ConGoce: s.conGoce,
      FechaDesde: s.fechaDesde,
      FechaHasta: s.fechaHasta,
      Dias: diasEntre(s.fechaDesde, s.fechaHasta),
      Motivo: s.motivo,
      Estado: s.estado,
      EstadoDescripcion: EstadosSolicitud[s.estado as 0 | 1 | 2],
      PasoActual: s.pasoActual,
      PuedeResolver: s.estado === 0 && !!actual && mios.has(actual.p.idRol),
      Notificacion: s.notificacion,
      Flujo: flujo.map(({ p, usuario: u }) => ({
        Orden: p.orden,
        Nombre: p.nombre,
        IdRol: p.idRol,
        Rol: roles.get(p.idRol) ?? '',
        Estado: p.estado,
        EstadoDescripcion: ESTADOS_PASO[p.estado as 0 | 1 | 2],
        Usuario: u,
        Fecha: p.fechaResuelve?.toISOString() ?? null,
        Comentario: p.comentario,
      })),
    };
  });
}

const columnas = { s: solicitud, nombre: entidad.razonSocial, documento: entidad.documento };

export async function listarSolicitudes(ctx: Contexto, auth: TAuth, q: z.output<typeof ZSolicitudesQuery>) {
  const condiciones: SQL[] = [eq(solicitud.idEmpresa, auth.idEmpresa), eq(solicitud.logEstado, 1)];
  if (q.estado >= 0) condiciones.push(eq(solicitud.estado, q.estado));
  if (q.idTrabajador) condiciones.push(eq(solicitud.idEntidad, q.idTrabajador));
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db
      .select(columnas)
      .from(solicitud)
      .innerJoin(entidad, eq(entidad.id, solicitud.idEntidad))
      .where(donde)
      .orderBy(desc(solicitud.fechaDesde), desc(solicitud.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(solicitud).where(donde),
  ]);
  return { Data: await armar(ctx, auth, filas), Count: Number(n) };
}

export async function obtenerSolicitud(ctx: Contexto, auth: TAuth, id: number): Promise<TSolicitud> {
  const filas = await ctx.dbh.db
    .select(columnas)
    .from(solicitud)
    .innerJoin(entidad, eq(entidad.id, solicitud.idEntidad))
    .where(and(eq(solicitud.idEmpresa, auth.idEmpresa), eq(solicitud.id, id), eq(solicitud.logEstado, 1)));
  if (!filas.length) throw noEncontrado('No se encontró la solicitud');
  return (await armar(ctx, auth, filas))[0];
}

/** Registers a request and copies its type's flow steps (one transaction). Overlapping live requests are refused. */
export async function crearSolicitud(ctx: Contexto, auth: TAuth, b: z.output<typeof ZSolicitudCrear>, opciones: TOpcionesCorreo = {}): Promise<TSolicitud> {
  await trabajadorDe(ctx, auth, b.IdTrabajador);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const [plantilla] = await tx
      .select({ id: plantillaFlujo.id })
      .from(plantillaFlujo)
      .where(and(eq(plantillaFlujo.idEmpresa, auth.idEmpresa), eq(plantillaFlujo.tipoSolicitud, b.Tipo), eq(plantillaFlujo.logEstado, 1)));
    if (!plantilla) throw new AppError(ErrorCodes.SOLICITUD_SIN_FLUJO, undefined, 409);
    const pasos = await tx.select().from(plantillaFlujoPaso).where(eq(plantillaFlujoPaso.idPlantilla, plantilla.id)).orderBy(asc(plantillaFlujoPaso.orden));
    const [cruce] = await tx
      .select({ id: solicitud.id })
      .from(solicitud)
      .where(
        and(
          eq(solicitud.idEmpresa, auth.idEmpresa),
          eq(solicitud.idEntidad, b.IdTrabajador),
          eq(solicitud.logEstado, 1),
          inArray(solicitud.estado, [0, 1]),
          lte(solicitud.fechaDesde, b.FechaHasta),
          gte(solicitud.fechaHasta, b.FechaDesde),
        ),
      )
      .limit(1);
    if (cruce) throw errorDeCampo('FechaDesde', `Las fechas se cruzan con la solicitud ${cruce.id} del trabajador`);
    const [s] = await tx
      .insert(solicitud)
      .values({
        idEmpresa: auth.idEmpresa,
        idEntidad: b.IdTrabajador,
        tipo: b.Tipo,
        conGoce: b.Tipo === 'VACACIONES' ? true : b.ConGoce,
        fechaDesde: b.FechaDesde,
        fechaHasta: b.FechaHasta,
        motivo: b.Motivo,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: solicitud.id });
    await tx.insert(flujoSolicitud).values(pasos.map((p) => ({ idEmpresa: auth.idEmpresa, idSolicitud: s.id, orden: p.orden, nombre: p.nombre, idRol: p.idRol, logUsuarioCrea: auth.idUsuario })));
    return s.id;
  });
  await notificar(ctx, auth, id, opciones);
  return obtenerSolicitud(ctx, auth, id);
}

/**
 * Approves or rejects the current step, as a user with the step's role (one transaction, the request row locked):
 * a rejection closes the request as rejected; approving the last step approves it.
 */
export async function resolverSolicitud(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZSolicitudResolver>, opciones: TOpcionesCorreo = {}): Promise<TSolicitud> {
  await obtenerSolicitud(ctx, auth, id);
  await ctx.dbh.db.transaction(async (tx) => {
    const [s] = await tx.select().from(solicitud).where(and(eq(solicitud.idEmpresa, auth.idEmpresa), eq(solicitud.id, id))).for('update');
    if (s.estado !== 0) throw new AppError(ErrorCodes.SOLICITUD_RESUELTA, undefined, 409);
    const pasos = await tx.select().from(flujoSolicitud).where(eq(flujoSolicitud.idSolicitud, id)).orderBy(asc(flujoSolicitud.orden));
    const paso = pasos.find((p) => p.orden === s.pasoActual)!;
    const mios = await rolesDelUsuario(tx as unknown as Db, auth);
    if (!mios.has(paso.idRol)) throw new AppError(ErrorCodes.SOLICITUD_SIN_APROBADOR, undefined, 403);
    const ahora = new Date();
    await tx
      .update(flujoSolicitud)
      .set({ estado: b.Aprobar ? 1 : 2, idUsuarioResuelve: auth.idUsuario, fechaResuelve: ahora, comentario: b.Comentario || null, logUsuarioModif: auth.idUsuario, logFechaModif: ahora })
      .where(eq(flujoSolicitud.id, paso.id));
    const ultimo = paso.orden === pasos[pasos.length - 1].orden;
    await tx
      .update(solicitud)
      .set({
        estado: !b.Aprobar ? 2 : ultimo ? 1 : 0,
        pasoActual: b.Aprobar && !ultimo ? paso.orden + 1 : paso.orden,
        logUsuarioModif: auth.idUsuario,
        logFechaModif: ahora,
      })
      .where(eq(solicitud.id, id));
  });
  await notificar(ctx, auth, id, opciones);
  return obtenerSolicitud(ctx, auth, id);
}

/**
 * The e-mail a request's state calls for, sent after its transaction committed: pending, to the users of the company
 * holding the current step's role; approved or rejected, to the worker. Nothing is sent when the company has no mail
 * server configured (notifications are off) or nobody has an e-mail. A failure never undoes nor fails the request:
 * it is logged and kept on the request ("Notificación no enviada: …"), and cleared by the next notification that goes out.
 */
/**
 * "Reintentar notificación": sends again the e-mail the request's current state calls for, when its last one failed
 * (a note is kept). Success clears the note; another failure replaces it with the new reason. A company that has no
 * mail server any more gets that as the note (a retry that silently sent nothing would clear a real failure).
 */
export async function reintentarNotificacion(ctx: Contexto, auth: TAuth, id: number, opciones: TOpcionesCorreo = {}): Promise<TSolicitud> {
  const s = await obtenerSolicitud(ctx, auth, id);
  if (!s.Notificacion) throw new AppError(ErrorCodes.NOTIFICACION_SIN_PENDIENTE, undefined, 409);
  await notificar(ctx, auth, id, opciones, true);
  return obtenerSolicitud(ctx, auth, id);
}

async function notificar(ctx: Contexto, auth: TAuth, id: number, opciones: TOpcionesCorreo, reintento = false): Promise<void> {
  const db = ctx.dbh.db;
  let nota: string | null = null;
  try {
    const [f] = await db
      .select({ s: solicitud, nombre: entidad.razonSocial, correo: entidad.correo, empresa: empresa.razonSocial })
      .from(solicitud)
      .innerJoin(entidad, eq(entidad.id, solicitud.idEntidad))
      .innerJoin(empresa, eq(empresa.id, solicitud.idEmpresa))
      .where(and(eq(solicitud.idEmpresa, auth.idEmpresa), eq(solicitud.id, id)));
    const { s } = f;
    const tipo = TiposSolicitud[s.tipo as TTipoSolicitud] ?? s.tipo;
    const periodo = `del ${s.fechaDesde} al ${s.fechaHasta} (${diasEntre(s.fechaDesde, s.fechaHasta)} día(s))`;
    let para: string[];
    let asunto: string;
    let texto: string;
    if (s.estado === 0) {
      const [paso] = await db.select().from(flujoSolicitud).where(and(eq(flujoSolicitud.idSolicitud, id), eq(flujoSolicitud.orden, s.pasoActual)));
      const aprobadores = await db
        .selectDistinct({ correo: usuario.correo })
        .from(usuarioRol)
        .innerJoin(usuario, eq(usuario.id, usuarioRol.idUsuario))
        .where(and(eq(usuarioRol.idEmpresa, auth.idEmpresa), eq(usuarioRol.idRol, paso.idRol), eq(usuarioRol.logEstado, 1), eq(usuario.estado, 1)));
      para = [...new Set(aprobadores.map((a) => a.correo?.trim() ?? '').filter(Boolean))];
      asunto = `Solicitud ${s.id} por aprobar: ${tipo} de ${f.nombre}`;
      texto = [
        `La solicitud ${s.id} de ${f.nombre} (${tipo}, ${periodo}) espera su aprobación en el paso ${paso.orden}: ${paso.nombre}.`,
        `Motivo: ${s.motivo || '-'}`,
        '',
        'Ingrese a Yupana, Recursos humanos > Solicitudes, para aprobarla o rechazarla.',
        '',
        f.empresa,
      ].join('\n');
    } else {
      para = f.correo?.trim() ? [f.correo.trim()] : [];
      const estado = s.estado === 1 ? 'aprobada' : 'rechazada';
      const [paso] = await db.select({ comentario: flujoSolicitud.comentario }).from(flujoSolicitud).where(and(eq(flujoSolicitud.idSolicitud, id), eq(flujoSolicitud.orden, s.pasoActual)));
      asunto = `Su solicitud de ${tipo.toLowerCase()} fue ${estado}`;
      texto = [`Estimado(a) ${f.nombre}:`, '', `Su solicitud ${s.id} (${tipo}, ${periodo}) fue ${estado}.`, ...(paso?.comentario ? [`Comentario: ${paso.comentario}`] : []), '', f.empresa].join('\n');
    }
    if (para.length) {
      try {
        await enviarCorreoEmpresa(db, auth.idEmpresa, { para, asunto, texto, adjuntos: [] }, { timeoutMs: 10_000, ...opciones });
      } catch (e) {
        // No server configured: notifications are simply off for this company.
        if (reintento || !(e instanceof AppError && e.mensaje.startsWith('Configure el servidor de correo'))) throw e;
      }
    }
  } catch (e) {
    opciones.log?.warn({ err: e, idSolicitud: id }, 'solicitud: notificación no enviada');
    nota = `Notificación no enviada: ${e instanceof AppError ? e.mensaje : 'error inesperado al enviar el correo'}`.slice(0, 300);
  }
  try {
    await db.update(solicitud).set({ notificacion: nota }).where(and(eq(solicitud.idEmpresa, auth.idEmpresa), eq(solicitud.id, id)));
  } catch (e) {
    opciones.log?.warn({ err: e, idSolicitud: id }, 'solicitud: no se pudo registrar el estado de la notificación');
  }
}

export type LicenciaAprobada = { idEntidad: number; tipo: string; conGoce: boolean; fechaDesde: string; fechaHasta: string };

/** Approved requests of some workers that overlap a date range. */
export async function licenciasAprobadas(db: Db, idEmpresa: number, idsEntidad: number[], desde: string, hasta: string): Promise<LicenciaAprobada[]> {
  if (!idsEntidad.length) return [];
  return db
    .select({ idEntidad: solicitud.idEntidad, tipo: solicitud.tipo, conGoce: solicitud.conGoce, fechaDesde: solicitud.fechaDesde, fechaHasta: solicitud.fechaHasta })
    .from(solicitud)
    .where(
      and(
        eq(solicitud.idEmpresa, idEmpresa),
        inArray(solicitud.idEntidad, idsEntidad),
        eq(solicitud.estado, 1),
        eq(solicitud.logEstado, 1),
        gte(solicitud.fechaHasta, desde),
        lte(solicitud.fechaDesde, hasta),
      ),
    )
    .orderBy(asc(solicitud.fechaDesde));
}

/** The days of `desde`..`hasta` the approved requests cover, each with its description and whether it is paid. */
export function diasDeLicencia(licencias: LicenciaAprobada[], desde: string, hasta: string): Map<string, LicenciaDia & { codigo: string }> {
  const dias = new Map<string, LicenciaDia & { codigo: string }>();
  for (const l of licencias) {
    const tipo = TiposSolicitud[l.tipo as TTipoSolicitud] ?? l.tipo;
    const descripcion = `${l.tipo === 'VACACIONES' ? tipo : `${tipo} ${l.conGoce ? 'con' : 'sin'} goce de haber`} (solicitud aprobada)`;
    for (let f = l.fechaDesde < desde ? desde : l.fechaDesde; f <= l.fechaHasta && f <= hasta; f = sumarDia(f, 1)) dias.set(f, { descripcion, conGoce: l.conGoce, codigo: codigoSuspension(l.tipo, l.conGoce) });
  }
  return dias;
}
