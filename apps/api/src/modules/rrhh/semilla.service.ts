import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DiasSemana,
  ErrorCodes,
  OrigenesMarcacion,
  Parentescos,
  RegimenesLaborales,
  TiposDocumentoIdentidad,
  TiposEntidadRrhh,
  ValidacionesFaciales,
  type TAsistencia,
  type TContratoLaboral,
  type TEvento,
  type TFamiliar,
  type TMarcacionImagen,
  type TRelacionado,
  type TTramosTrabajador,
  type TValidacionDesactivacion,
  ZContratosMasivo,
  ZDominioParams,
  ZEventoGuardar,
  ZEventosQuery,
  ZFamiliarEditar,
  ZMarcacionImagenCrear,
  ZRelacionadoDocumentoQuery,
  ZTramosReporteQuery,
  ZValidacionReporteQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { entidad } from '../entidades/entidades.schema';
import { marcacion, marcacionImagen } from './asistencia.schema';
import { aHora, aLocalLima, aMinutos, deLocalLima } from './asistencia.calculo';
import { asistenciaDeTrabajadores, reporteAsistencia, trabajadorDe } from './asistencia.service';
import { entidadImagen } from './fotocheck.schema';
import { leerFoto } from './fotocheck.service';
import { area, contratoLaboral, entidadEvento, nomina, nominaBoleta, relacionEntidad, solicitud } from './rrhh.schema';
import { aContrato, completarTrabajadores, datosContrato, datosPersona, filaTrabajador, nombresCatalogo, validarContrato } from './trabajadores.service';

const TIPO_TRABAJADOR = 1;
const TIPO_FAMILIAR = 2;
const ORIGEN_SISTEMA = 2;
const escaparLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);
const sumarDia = (fecha: string, n: number) => new Date(Date.parse(`${fecha}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// ---- contratos/masivo ----

/**
 * Registers many contracts at once (seed `contratos/masivo`): every row is checked as a single contract would be
 * (worker of the company, area/cargo/cost centre, RMV, no overlap with stored contracts) and against the other rows of
 * the batch; any error rejects the whole batch with each error under `Contratos.<fila>.<Campo>`; otherwise all rows
 * are inserted in one transaction.
 */
export async function contratosMasivo(ctx: Contexto, auth: TAuth, b: z.output<typeof ZContratosMasivo>): Promise<{ Registrados: number; Data: TContratoLaboral[] }> {
  const errores: Record<string, string> = {};
  for (const [i, c] of b.Contratos.entries()) {
    try {
      await validarContrato(ctx, auth, c);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 404) errores[`Contratos.${i}.IdTrabajador`] = 'No se encontró el trabajador';
      else for (const [campo, mensaje] of Object.entries(err.errores ?? { IdTrabajador: err.mensaje })) errores[`Contratos.${i}.${campo}`] = mensaje;
      continue;
    }
    // Two rows of the batch for the same worker may not overlap either.
    const cruce = b.Contratos.findIndex(
      (o, j) => j < i && o.IdTrabajador === c.IdTrabajador && (o.FechaFin === null || o.FechaFin >= c.FechaInicio) && (c.FechaFin === null || o.FechaInicio <= c.FechaFin),
    );
    if (cruce >= 0) errores[`Contratos.${i}.FechaInicio`] = `Se cruza con el contrato de la fila ${cruce + 1} del mismo trabajador`;
  }
  if (Object.keys(errores).length) {
    const filas = new Set(Object.keys(errores).map((k) => k.split('.')[1])).size;
    throw new AppError(ErrorCodes.VALIDACION, `${filas === 1 ? 'Un contrato tiene' : `${filas} contratos tienen`} errores: no se registró ninguno`, 400, { errores });
  }
  const insertadas = await ctx.dbh.db.transaction(async (tx) =>
    tx
      .insert(contratoLaboral)
      .values(b.Contratos.map((c) => ({ ...datosContrato(c), idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario })))
      .returning(),
  );
  const nombres = await nombresCatalogo(ctx, auth, insertadas);
  return { Registrados: insertadas.length, Data: insertadas.map((f) => aContrato(f, nombres)) };
}

// ---- marcacion: segments (tramos) ----

/** Punch times of a day as the report writes them ("07:58", "06:02 (+1)") to minutes from the day's midnight. */
const minutoDe = (h: string) => aMinutos(h) + (h.includes('(+1)') ? 1440 : 0);

export function tramosDe(rep: TAsistencia): TTramosTrabajador {
  const dias = rep.Dias.filter((d) => d.Marcaciones.length > 0).map((d) => {
    const tramos: { Entrada: string; Salida: string | null; Minutos: number }[] = [];
    for (let i = 0; i < d.Marcaciones.length; i += 2) {
      const entrada = d.Marcaciones[i];
      const salida = d.Marcaciones[i + 1] ?? null;
      tramos.push({ Entrada: entrada, Salida: salida, Minutos: salida === null ? 0 : minutoDe(salida) - minutoDe(entrada) });
    }
    return { Fecha: d.Fecha, Tramos: tramos, MinutosEnTramos: tramos.reduce((s, t) => s + t.Minutos, 0), Incompleta: d.Incompleta };
  });
  return { IdTrabajador: rep.IdTrabajador, Trabajador: rep.Trabajador, Documento: rep.Documento, Dias: dias, MinutosEnTramos: dias.reduce((s, d) => s + d.MinutosEnTramos, 0) };
}

export async function tramosTrabajador(ctx: Contexto, auth: TAuth, q: { idTrabajador: number; desde: string; hasta: string }) {
  return tramosDe(await reporteAsistencia(ctx, auth, q));
}

/** Segments of every worker of the company (active, by name; paged), read set-based like the payroll's attendance. */
export async function reporteTramos(ctx: Contexto, auth: TAuth, q: z.output<typeof ZTramosReporteQuery>) {
  const condiciones: SQL[] = [eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), eq(entidad.logEstado, 1)];
  if (q.filtro) {
    const patron = `%${escaparLike(q.filtro.toLowerCase())}%`;
    condiciones.push(sql`(lower(${entidad.razonSocial}) like ${patron} or ${entidad.documento} like ${patron})`);
  }
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db
      .select({ id: entidad.id, nombre: entidad.razonSocial, documento: entidad.documento })
      .from(entidad)
      .where(donde)
      .orderBy(asc(entidad.razonSocial), asc(entidad.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(entidad).where(donde),
  ]);
  const trabajadores = filas.map((f) => ({ id: f.id, nombre: f.nombre, documento: f.documento ?? '' }));
  const reportes = await asistenciaDeTrabajadores(ctx.dbh.db, auth.idEmpresa, trabajadores, q.desde, q.hasta);
  return { Data: trabajadores.map((t) => tramosDe(reportes.get(t.id)!)), Count: Number(n) };
}

// ---- marcacion: face validation and photos ----

/**
 * The face matcher behind an interface (issue 16): compares the camera capture with the worker's registered photo and
 * answers the seed's code. The stand-in cannot recognise faces: with no registered photo it answers -2, otherwise 90.
 * A real matcher (a provider's API or a local model) replaces it without touching the routes.
 */
export type ComparadorRostros = (foto: Uint8Array | null, captura: Uint8Array) => Promise<90 | 0 | -1 | -2>;
let comparador: ComparadorRostros = async (foto) => (foto ? 90 : -2);
export function usarComparadorRostros(c: ComparadorRostros): () => void {
  const anterior = comparador;
  comparador = c;
  return () => void (comparador = anterior);
}

const aDataUrl = (tipo: string, bytes: Uint8Array) => `data:${tipo};base64,${Buffer.from(bytes).toString('base64')}`;

/** A punch from the web with the camera: the server's time (never the browser's), origin 2, its photo and the face check, in one transaction. */
export async function marcarConImagen(ctx: Contexto, auth: TAuth, b: z.output<typeof ZMarcacionImagenCrear>, ahora = new Date()): Promise<TMarcacionImagen> {
  await trabajadorDe(ctx, auth, b.IdTrabajador);
  const { bytes, tipo } = leerFoto(b.ImagenBase64);
  const [foto] = await ctx.dbh.db
    .select({ contenido: entidadImagen.contenido })
    .from(entidadImagen)
    .where(and(eq(entidadImagen.idEmpresa, auth.idEmpresa), eq(entidadImagen.idEntidad, b.IdTrabajador), eq(entidadImagen.logEstado, 1)));
  const validacion = await comparador(foto?.contenido ?? null, bytes);
  // Punches are kept to the second: two within the same second are the same punch.
  const instante = new Date(Math.floor(ahora.getTime() / 1000) * 1000);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(marcacion)
      .values({ idEmpresa: auth.idEmpresa, idEntidad: b.IdTrabajador, fechaHora: instante, origen: ORIGEN_SISTEMA, validacionFacial: validacion, logUsuarioCrea: auth.idUsuario })
      .onConflictDoNothing()
      .returning({ id: marcacion.id });
    if (!m) throw new AppError(ErrorCodes.VALIDACION, undefined, 409, { errores: { IdTrabajador: 'El trabajador ya marcó en este momento' } });
    await tx.insert(marcacionImagen).values({ idEmpresa: auth.idEmpresa, idMarcacion: m.id, contenido: bytes, tipo, logUsuarioCrea: auth.idUsuario });
    return m.id;
  });
  return imagenMarcacion(ctx, auth, id);
}

export async function imagenMarcacion(ctx: Contexto, auth: TAuth, idMarcacion: number): Promise<TMarcacionImagen> {
  const [f] = await ctx.dbh.db
    .select({ m: marcacion, contenido: marcacionImagen.contenido, tipo: marcacionImagen.tipo })
    .from(marcacion)
    .leftJoin(marcacionImagen, eq(marcacionImagen.idMarcacion, marcacion.id))
    .where(and(eq(marcacion.idEmpresa, auth.idEmpresa), eq(marcacion.id, idMarcacion)));
  if (!f) throw noEncontrado('La marcación no existe');
  const l = aLocalLima(f.m.fechaHora);
  return {
    IdMarcacion: f.m.id,
    IdTrabajador: f.m.idEntidad,
    Fecha: l.fecha,
    Hora: aHora(l.minuto),
    ValidacionFacial: f.m.validacionFacial,
    Imagen: f.contenido && f.tipo ? aDataUrl(f.tipo, f.contenido) : null,
  };
}

/** Camera punches of a range with their face validation (seed `marcacion/reporte/validacion`). */
export async function reporteValidacion(ctx: Contexto, auth: TAuth, q: z.output<typeof ZValidacionReporteQuery>) {
  if (q.idTrabajador) await trabajadorDe(ctx, auth, q.idTrabajador);
  const base: SQL[] = [
    eq(marcacion.idEmpresa, auth.idEmpresa),
    eq(marcacion.logEstado, 1),
    isNotNull(marcacion.validacionFacial),
    gte(marcacion.fechaHora, deLocalLima(q.desde, '00:00')),
    lt(marcacion.fechaHora, deLocalLima(sumarDia(q.hasta, 1), '00:00')),
  ];
  if (q.idTrabajador) base.push(eq(marcacion.idEntidad, q.idTrabajador));
  const donde = and(...base, ...(q.validacion === undefined ? [] : [eq(marcacion.validacionFacial, q.validacion)]));
  const [filas, [{ n }], resumen] = await Promise.all([
    ctx.dbh.db
      .select({ m: marcacion, trabajador: entidad.razonSocial, imagen: marcacionImagen.id })
      .from(marcacion)
      .innerJoin(entidad, eq(entidad.id, marcacion.idEntidad))
      .leftJoin(marcacionImagen, eq(marcacionImagen.idMarcacion, marcacion.id))
      .where(donde)
      .orderBy(asc(marcacion.fechaHora), asc(marcacion.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(marcacion).where(donde),
    ctx.dbh.db
      .select({ codigo: marcacion.validacionFacial, n: count() })
      .from(marcacion)
      .where(and(...base))
      .groupBy(marcacion.validacionFacial),
  ]);
  const de = (c: number) => Number(resumen.find((r) => r.codigo === c)?.n ?? 0);
  return {
    Data: filas.map((f) => {
      const l = aLocalLima(f.m.fechaHora);
      const codigo = f.m.validacionFacial ?? 0;
      return {
        IdMarcacion: f.m.id,
        IdTrabajador: f.m.idEntidad,
        Trabajador: f.trabajador,
        Fecha: l.fecha,
        Hora: aHora(l.minuto),
        ValidacionFacial: codigo,
        Descripcion: ValidacionesFaciales[codigo as keyof typeof ValidacionesFaciales] ?? String(codigo),
        TieneImagen: f.imagen !== null,
      };
    }),
    Count: Number(n),
    Resumen: { Validas: de(90), NoValidas: de(0), SinRostro: de(-1), SinFoto: de(-2) },
  };
}

// ---- entidades/evento ----

type FilaEvento = typeof entidadEvento.$inferSelect;
const aEvento = (f: FilaEvento, trabajador: string | null): TEvento => ({
  Id: f.id,
  Titulo: f.titulo,
  Descripcion: f.descripcion,
  FechaInicio: f.fechaInicio,
  FechaFin: f.fechaFin,
  HoraInicio: f.horaInicio,
  HoraFin: f.horaFin,
  TodoElDia: f.horaInicio === null,
  IdTrabajador: f.idEntidad,
  Trabajador: trabajador,
});

/** Events that touch the range (an event from the 28th to the 2nd shows in both months). */
export async function listarEventos(ctx: Contexto, auth: TAuth, q: z.output<typeof ZEventosQuery>): Promise<{ Data: TEvento[] }> {
  const condiciones: SQL[] = [eq(entidadEvento.idEmpresa, auth.idEmpresa), eq(entidadEvento.logEstado, 1), lte(entidadEvento.fechaInicio, q.hasta), gte(entidadEvento.fechaFin, q.desde)];
  if (q.idTrabajador) condiciones.push(eq(entidadEvento.idEntidad, q.idTrabajador));
  const filas = await ctx.dbh.db
    .select({ e: entidadEvento, trabajador: entidad.razonSocial })
    .from(entidadEvento)
    .leftJoin(entidad, eq(entidad.id, entidadEvento.idEntidad))
    .where(and(...condiciones))
    .orderBy(asc(entidadEvento.fechaInicio), asc(sql`coalesce(${entidadEvento.horaInicio}, '')`), asc(entidadEvento.id))
    .limit(1000);
  return { Data: filas.map((f) => aEvento(f.e, f.trabajador)) };
}

async function filaEvento(ctx: Contexto, auth: TAuth, id: number): Promise<FilaEvento> {
  const [f] = await ctx.dbh.db
    .select()
    .from(entidadEvento)
    .where(and(eq(entidadEvento.idEmpresa, auth.idEmpresa), eq(entidadEvento.id, id), eq(entidadEvento.logEstado, 1)));
  if (!f) throw noEncontrado('No se encontró el evento');
  return f;
}

async function eventoCompleto(ctx: Contexto, auth: TAuth, f: FilaEvento): Promise<TEvento> {
  const nombre = f.idEntidad ? (await trabajadorDe(ctx, auth, f.idEntidad)).nombre : null;
  return aEvento(f, nombre);
}

export async function guardarEvento(ctx: Contexto, auth: TAuth, id: number | null, b: z.output<typeof ZEventoGuardar>): Promise<TEvento> {
  if (id !== null) await filaEvento(ctx, auth, id);
  if (b.IdTrabajador) {
    try {
      await trabajadorDe(ctx, auth, b.IdTrabajador);
    } catch {
      throw errorDeCampo('IdTrabajador', 'Seleccione un trabajador de su empresa');
    }
  }
  const datos = {
    titulo: b.Titulo,
    descripcion: b.Descripcion,
    fechaInicio: b.FechaInicio,
    fechaFin: b.FechaFin ?? b.FechaInicio,
    horaInicio: b.HoraInicio,
    horaFin: b.HoraFin,
    idEntidad: b.IdTrabajador,
  };
  const [f] =
    id === null
      ? await ctx.dbh.db
          .insert(entidadEvento)
          .values({ ...datos, idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario })
          .returning()
      : await ctx.dbh.db
          .update(entidadEvento)
          .set({ ...datos, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
          .where(and(eq(entidadEvento.idEmpresa, auth.idEmpresa), eq(entidadEvento.id, id)))
          .returning();
  return eventoCompleto(ctx, auth, f);
}

export async function eliminarEvento(ctx: Contexto, auth: TAuth, id: number): Promise<void> {
  await filaEvento(ctx, auth, id);
  await ctx.dbh.db
    .update(entidadEvento)
    .set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
    .where(and(eq(entidadEvento.idEmpresa, auth.idEmpresa), eq(entidadEvento.id, id)));
}

// ---- entidades/validar/desactivacion/{id} ----

/** What stops a worker from being deactivated today (Lima): a contract in force, a draft payroll with them, pending requests. */
export async function validarDesactivacion(ctx: Contexto, auth: TAuth, id: number, hoy = aLocalLima(new Date()).fecha): Promise<TValidacionDesactivacion> {
  await filaTrabajador(ctx, auth, id);
  const [contratos, borradores, [{ pendientes }]] = await Promise.all([
    ctx.dbh.db
      .select({ inicio: contratoLaboral.fechaInicio, fin: contratoLaboral.fechaFin })
      .from(contratoLaboral)
      .where(
        and(
          eq(contratoLaboral.idEmpresa, auth.idEmpresa),
          eq(contratoLaboral.idEntidad, id),
          eq(contratoLaboral.logEstado, 1),
          or(isNull(contratoLaboral.fechaFin), gte(contratoLaboral.fechaFin, hoy)),
        ),
      )
      .orderBy(asc(contratoLaboral.fechaInicio)),
    ctx.dbh.db
      .select({ anio: nomina.anio, mes: nomina.mes })
      .from(nominaBoleta)
      .innerJoin(nomina, eq(nomina.id, nominaBoleta.idNomina))
      .where(and(eq(nominaBoleta.idEmpresa, auth.idEmpresa), eq(nominaBoleta.idEntidad, id), eq(nomina.estado, 0), eq(nomina.logEstado, 1)))
      .orderBy(desc(nomina.anio), desc(nomina.mes)),
    ctx.dbh.db
      .select({ pendientes: count() })
      .from(solicitud)
      .where(and(eq(solicitud.idEmpresa, auth.idEmpresa), eq(solicitud.idEntidad, id), eq(solicitud.estado, 0), eq(solicitud.logEstado, 1))),
  ]);
  const motivos: string[] = [];
  for (const c of contratos)
    motivos.push(
      c.fin
        ? `Tiene un contrato vigente hasta el ${c.fin}: espere a su término o registre la fecha de cese`
        : `Tiene un contrato vigente desde el ${c.inicio} sin fecha de fin: registre la fecha de cese`,
    );
  for (const n of borradores) motivos.push(`Está en la planilla en borrador de ${String(n.mes).padStart(2, '0')}/${n.anio}: apruébela o recalcúlela sin él`);
  const nPend = Number(pendientes);
  if (nPend) motivos.push(nPend === 1 ? 'Tiene una solicitud pendiente de aprobación' : `Tiene ${nPend} solicitudes pendientes de aprobación`);
  return { IdTrabajador: id, PuedeDesactivar: motivos.length === 0, Motivos: motivos };
}

// ---- entidades/relacionados/documentos and entidades/relacionados/{id} ----

const TIPOS_RRHH = [1, 2, 5];

async function relacionadosDe(ctx: Contexto, auth: TAuth, filas: (typeof entidad.$inferSelect)[]): Promise<TRelacionado[]> {
  if (!filas.length) return [];
  const trab = alias(entidad, 'trabajador');
  const relaciones = await ctx.dbh.db
    .select({ idRelacionado: relacionEntidad.idRelacionado, idTrabajador: relacionEntidad.idEntidad, parentesco: relacionEntidad.parentesco, trabajador: trab.razonSocial })
    .from(relacionEntidad)
    .innerJoin(trab, eq(trab.id, relacionEntidad.idEntidad))
    .where(and(eq(relacionEntidad.idEmpresa, auth.idEmpresa), eq(relacionEntidad.logEstado, 1), inArray(relacionEntidad.idRelacionado, filas.map((f) => f.id))))
    .orderBy(asc(relacionEntidad.idEntidad));
  return filas.map((f) => ({
    Id: f.id,
    TipoEntidad: f.tipoEntidad ?? 0,
    IdTipoDocumento: f.idTipoDocumento,
    Documento: f.documento ?? '',
    Nombre: f.razonSocial,
    LogEstado: f.logEstado,
    Relaciones: relaciones.filter((r) => r.idRelacionado === f.id).map((r) => ({ IdTrabajador: r.idTrabajador, Trabajador: r.trabajador, Parentesco: r.parentesco })),
  }));
}

/** The company's HR entity of a type with that document (empty list when there is none: the screen then registers it). */
export async function relacionadoPorDocumento(ctx: Contexto, auth: TAuth, q: z.output<typeof ZRelacionadoDocumentoQuery>): Promise<{ Data: TRelacionado[] }> {
  const filas = await ctx.dbh.db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, q.tipo), eq(entidad.idTipoDocumento, q.tipodocumento), eq(entidad.documento, q.documento.toUpperCase())))
    .orderBy(asc(entidad.id))
    .limit(10);
  return { Data: await relacionadosDe(ctx, auth, filas) };
}

export async function obtenerRelacionado(ctx: Contexto, auth: TAuth, id: number): Promise<TRelacionado> {
  const [f] = await ctx.dbh.db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.id, id), inArray(entidad.tipoEntidad, TIPOS_RRHH)));
  if (!f) throw noEncontrado('No se encontró la persona');
  return (await relacionadosDe(ctx, auth, [f]))[0];
}

// ---- catalogues ----

export function tiposDocumento() {
  return { Data: Object.entries(TiposDocumentoIdentidad).map(([id, t]) => ({ IdTipoDocumento: Number(id), Descripcion: t.Descripcion, CodigoSunat: t.CodigoSunat })) };
}

const TiposNomina = { 0: 'Planilla', 1: 'Recibos por honorarios', 2: 'Efectivo' } as const;
const dominios: Record<z.output<typeof ZDominioParams>['dominio'], Record<number, string>> = {
  tipoentidad: TiposEntidadRrhh,
  parentesco: Parentescos,
  regimenlaboral: RegimenesLaborales,
  origenmarcacion: OrigenesMarcacion,
  validacionfacial: ValidacionesFaciales,
  diasemana: DiasSemana,
  tiponomina: TiposNomina,
};

/** The values of an HR domain (seed `configuracion/dominio/...`): the codes the seed's HR screens show as lists. */
export function dominio(nombre: z.output<typeof ZDominioParams>['dominio']) {
  return {
    Dominio: nombre,
    Data: Object.entries(dominios[nombre])
      .map(([v, d]) => ({ Valor: Number(v), Descripcion: d }))
      .sort((a, b) => (nombre === 'validacionfacial' ? b.Valor - a.Valor : a.Valor - b.Valor)),
  };
}

// ---- relacionentidadarea ----

/** The active workers whose contract in force belongs to an area (seed `relacionentidadarea`), as copiarcolaboradores/area picks them. */
export async function trabajadoresDeArea(ctx: Contexto, auth: TAuth, idArea: number) {
  const [a] = await ctx.dbh.db.select({ id: area.id }).from(area).where(and(eq(area.idEmpresa, auth.idEmpresa), eq(area.id, idArea)));
  if (!a) throw noEncontrado('No se encontró el área');
  const filas = await ctx.dbh.db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), eq(entidad.logEstado, 1)))
    .orderBy(asc(entidad.razonSocial), asc(entidad.id))
    .limit(20_000);
  const data = (await completarTrabajadores(ctx, auth, filas)).filter((t) => t.Contrato?.IdArea === idArea);
  return { Data: data, Count: data.length };
}

// ---- PUT entidades/relacionados ----

/**
 * Edits a worker's relative (names, document, kinship) in one transaction. The relative's entity may be shared by two
 * workers of the company (the same person): the names change for both, the kinship only for this worker.
 */
export async function editarFamiliar(ctx: Contexto, auth: TAuth, b: z.output<typeof ZFamiliarEditar>): Promise<TFamiliar> {
  await filaTrabajador(ctx, auth, b.IdTrabajador);
  const persona = datosPersona(b);
  await ctx.dbh.db.transaction(async (tx) => {
    const [rel] = await tx
      .select({ id: relacionEntidad.id })
      .from(relacionEntidad)
      .where(and(eq(relacionEntidad.idEmpresa, auth.idEmpresa), eq(relacionEntidad.idEntidad, b.IdTrabajador), eq(relacionEntidad.idRelacionado, b.IdFamiliar), eq(relacionEntidad.logEstado, 1)))
      .for('update');
    if (!rel) throw noEncontrado('No se encontró el familiar del trabajador');
    const [otro] = await tx
      .select({ id: entidad.id })
      .from(entidad)
      .where(
        and(
          eq(entidad.idEmpresa, auth.idEmpresa),
          eq(entidad.tipoEntidad, TIPO_FAMILIAR),
          eq(entidad.idTipoDocumento, persona.idTipoDocumento),
          eq(entidad.documento, persona.documento),
          ne(entidad.id, b.IdFamiliar),
        ),
      );
    if (otro) throw errorDeCampo('Documento', 'Ya existe otro familiar con este documento');
    await tx
      .update(entidad)
      .set({ ...persona, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.id, b.IdFamiliar)));
    await tx.update(relacionEntidad).set({ parentesco: b.Parentesco, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(relacionEntidad.id, rel.id));
  });
  return { Id: b.IdFamiliar, IdTrabajador: b.IdTrabajador, IdTipoDocumento: persona.idTipoDocumento, Documento: persona.documento, Nombre: persona.razonSocial, Parentesco: b.Parentesco };
}
