import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, lte, ne, or, gte, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NombresSistemaPension,
  SistemasPension,
  type TCatalogoItem,
  type TContratoLaboral,
  type TFamiliar,
  type TParametroPlanilla,
  type TTrabajador,
  ZCatalogoGuardar,
  ZContratoLaboralGuardar,
  ZFamiliarGuardar,
  ZTrabajadoresQuery,
  ZTrabajadorGuardar,
} from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { entidad } from '../entidades/entidades.schema';
import { centroCosto } from '../finanzas/finanzas.schema';
import { area, cargo, contratoLaboral, parametroPlanilla, relacionEntidad } from './rrhh.schema';

const TIPO_TRABAJADOR = 1;
const TIPO_FAMILIAR = 2;
const escaparLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);
const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

type FilaEntidad = typeof entidad.$inferSelect;
type FilaContrato = typeof contratoLaboral.$inferSelect;

const nombreCompleto = (n: { nombre: string | null; apePat: string | null; apeMat: string | null }) => [n.apePat, n.apeMat].filter(Boolean).join(' ') + (n.nombre ? `, ${n.nombre}` : '');

export async function nombresCatalogo(ctx: Contexto, auth: TAuth, filas: FilaContrato[]) {
  const idsArea = [...new Set(filas.map((f) => f.idArea).filter((x): x is number => x !== null))];
  const idsCargo = [...new Set(filas.map((f) => f.idCargo).filter((x): x is number => x !== null))];
  const idsCentro = [...new Set(filas.map((f) => f.idCentroCosto).filter((x): x is number => x !== null))];
  const [areas, cargos, centros] = await Promise.all([
    idsArea.length ? ctx.dbh.db.select({ id: area.id, nombre: area.nombre }).from(area).where(and(eq(area.idEmpresa, auth.idEmpresa), inArray(area.id, idsArea))) : [],
    idsCargo.length ? ctx.dbh.db.select({ id: cargo.id, nombre: cargo.nombre }).from(cargo).where(and(eq(cargo.idEmpresa, auth.idEmpresa), inArray(cargo.id, idsCargo))) : [],
    idsCentro.length
      ? ctx.dbh.db.select({ id: centroCosto.id, nombre: sql<string>`${centroCosto.codigo} || ' ' || ${centroCosto.nombre}` }).from(centroCosto).where(and(eq(centroCosto.idEmpresa, auth.idEmpresa), inArray(centroCosto.id, idsCentro)))
      : [],
  ]);
  return { areas: new Map(areas.map((a) => [a.id, a.nombre])), cargos: new Map(cargos.map((c) => [c.id, c.nombre])), centros: new Map(centros.map((c) => [c.id, c.nombre])) };
}

export function aContrato(f: FilaContrato, n: { areas: Map<number, string>; cargos: Map<number, string>; centros: Map<number, string> }): TContratoLaboral {
  return {
    Id: f.id,
    IdTrabajador: f.idEntidad,
    Regimen: f.regimen,
    FechaInicio: f.fechaInicio,
    FechaFin: f.fechaFin,
    Remuneracion: new Decimal(f.remuneracion).toFixed(2),
    SistemaPension: f.sistemaPension,
    TipoComision: f.tipoComision,
    Cuspp: f.cuspp,
    AsignacionFamiliar: f.asignacionFamiliar,
    IdArea: f.idArea,
    Area: f.idArea ? (n.areas.get(f.idArea) ?? null) : null,
    IdCargo: f.idCargo,
    Cargo: f.idCargo ? (n.cargos.get(f.idCargo) ?? null) : null,
    IdCentroCosto: f.idCentroCosto,
    CentroCosto: f.idCentroCosto ? (n.centros.get(f.idCentroCosto) ?? null) : null,
    LogEstado: f.logEstado,
  };
}

export async function completarTrabajadores(ctx: Contexto, auth: TAuth, filas: FilaEntidad[]): Promise<TTrabajador[]> {
  if (!filas.length) return [];
  const ids = filas.map((f) => f.id);
  const [familiares, contratos] = await Promise.all([
    ctx.dbh.db
      .select({ id: relacionEntidad.idEntidad, n: count() })
      .from(relacionEntidad)
      .where(and(eq(relacionEntidad.idEmpresa, auth.idEmpresa), inArray(relacionEntidad.idEntidad, ids), eq(relacionEntidad.logEstado, 1)))
      .groupBy(relacionEntidad.idEntidad),
    ctx.dbh.db
      .select()
      .from(contratoLaboral)
      .where(and(eq(contratoLaboral.idEmpresa, auth.idEmpresa), inArray(contratoLaboral.idEntidad, ids), eq(contratoLaboral.logEstado, 1)))
      .orderBy(desc(contratoLaboral.fechaInicio), desc(contratoLaboral.id)),
  ]);
  const nombres = await nombresCatalogo(ctx, auth, contratos);
  const nFam = new Map(familiares.map((f) => [f.id, Number(f.n)]));
  return filas.map((f) => {
    const c = contratos.find((x) => x.idEntidad === f.id);
    return {
      Id: f.id,
      IdTipoDocumento: f.idTipoDocumento,
      Documento: f.documento,
      Nombres: f.nombre ?? '',
      ApePat: f.apePat ?? '',
      ApeMat: f.apeMat,
      NombreCompleto: f.razonSocial,
      Correo: f.correo,
      Telefono: f.telefono,
      Direccion: f.direccion,
      LogEstado: f.logEstado,
      NumeroFamiliares: nFam.get(f.id) ?? 0,
      Contrato: c ? aContrato(c, nombres) : null,
    };
  });
}

export async function listarTrabajadores(ctx: Contexto, auth: TAuth, q: z.output<typeof ZTrabajadoresQuery>) {
  const condiciones: SQL[] = [eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR)];
  if (q.estado !== -1) condiciones.push(eq(entidad.logEstado, q.estado));
  if (q.filtro) {
    const patron = `%${escaparLike(q.filtro.toLowerCase())}%`;
    condiciones.push(sql`(lower(${entidad.razonSocial}) like ${patron} or ${entidad.documento} like ${patron})`);
  }
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db
      .select()
      .from(entidad)
      .where(donde)
      .orderBy(asc(entidad.razonSocial), asc(entidad.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(entidad).where(donde),
  ]);
  return { Data: await completarTrabajadores(ctx, auth, filas), Count: Number(n) };
}

export async function filaTrabajador(ctx: Contexto, auth: TAuth, id: number): Promise<FilaEntidad> {
  const [f] = await ctx.dbh.db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.id, id), eq(entidad.tipoEntidad, TIPO_TRABAJADOR)));
  if (!f) throw noEncontrado('No se encontró el trabajador');
  return f;
}

export async function obtenerTrabajador(ctx: Contexto, auth: TAuth, id: number): Promise<TTrabajador> {
  const [t] = await completarTrabajadores(ctx, auth, [await filaTrabajador(ctx, auth, id)]);
  return t;
}

type TTrabajadorGuardar = z.output<typeof ZTrabajadorGuardar>;
export const datosPersona = (b: { IdTipoDocumento: number; Documento: string; Nombres: string; ApePat: string; ApeMat: string | null }) => ({
  idTipoDocumento: b.IdTipoDocumento,
  documento: b.Documento.toUpperCase(),
  nombre: b.Nombres,
  apePat: b.ApePat,
  apeMat: b.ApeMat,
  razonSocial: nombreCompleto({ nombre: b.Nombres, apePat: b.ApePat, apeMat: b.ApeMat }).slice(0, 250),
});
const DOCUMENTO_REPETIDO = 'Ya existe un trabajador con este documento';

async function documentoRepetido(ctx: Contexto, auth: TAuth, b: TTrabajadorGuardar, excluir?: number) {
  const condiciones = [
    eq(entidad.idEmpresa, auth.idEmpresa),
    eq(entidad.tipoEntidad, TIPO_TRABAJADOR),
    eq(entidad.idTipoDocumento, b.IdTipoDocumento),
    eq(entidad.documento, b.Documento.toUpperCase()),
  ];
  if (excluir) condiciones.push(ne(entidad.id, excluir));
  const [f] = await ctx.dbh.db.select({ id: entidad.id }).from(entidad).where(and(...condiciones)).limit(1);
  return !!f;
}

export async function crearTrabajador(ctx: Contexto, auth: TAuth, b: TTrabajadorGuardar): Promise<TTrabajador> {
  if (await documentoRepetido(ctx, auth, b)) throw errorDeCampo('Documento', DOCUMENTO_REPETIDO);
  try {
    const [f] = await ctx.dbh.db
      .insert(entidad)
      .values({ ...datosPersona(b), idEmpresa: auth.idEmpresa, tipoEntidad: TIPO_TRABAJADOR, correo: b.Correo, telefono: b.Telefono, direccion: b.Direccion, logUsuarioCrea: auth.idUsuario })
      .returning();
    return (await completarTrabajadores(ctx, auth, [f]))[0];
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Documento', DOCUMENTO_REPETIDO);
    throw err;
  }
}

export async function editarTrabajador(ctx: Contexto, auth: TAuth, id: number, b: TTrabajadorGuardar): Promise<TTrabajador> {
  await filaTrabajador(ctx, auth, id);
  if (await documentoRepetido(ctx, auth, b, id)) throw errorDeCampo('Documento', DOCUMENTO_REPETIDO);
  try {
    const [f] = await ctx.dbh.db
      .update(entidad)
      .set({ ...datosPersona(b), correo: b.Correo, telefono: b.Telefono, direccion: b.Direccion, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.id, id)))
      .returning();
    return (await completarTrabajadores(ctx, auth, [f]))[0];
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Documento', DOCUMENTO_REPETIDO);
    throw err;
  }
}

// ---- Relatives (entity type 2) ----

export async function listarFamiliares(ctx: Contexto, auth: TAuth, idTrabajador: number): Promise<{ Data: TFamiliar[] }> {
  await filaTrabajador(ctx, auth, idTrabajador);
  const filas = await ctx.dbh.db
    .select({ id: entidad.id, idTipoDocumento: entidad.idTipoDocumento, documento: entidad.documento, nombre: entidad.razonSocial, parentesco: relacionEntidad.parentesco })
    .from(relacionEntidad)
    .innerJoin(entidad, eq(entidad.id, relacionEntidad.idRelacionado))
    .where(and(eq(relacionEntidad.idEmpresa, auth.idEmpresa), eq(relacionEntidad.idEntidad, idTrabajador), eq(relacionEntidad.logEstado, 1)))
    .orderBy(asc(relacionEntidad.parentesco), asc(entidad.razonSocial));
  return { Data: filas.map((f) => ({ Id: f.id, IdTrabajador: idTrabajador, IdTipoDocumento: f.idTipoDocumento, Documento: f.documento, Nombre: f.nombre, Parentesco: f.parentesco })) };
}

/** Registers a relative (or reuses the company's type-2 entity with that document) and relates it: one transaction. */
export async function agregarFamiliar(ctx: Contexto, auth: TAuth, b: z.output<typeof ZFamiliarGuardar>): Promise<TFamiliar> {
  await filaTrabajador(ctx, auth, b.IdTrabajador);
  const persona = datosPersona(b);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const [existente] = await tx
      .select({ id: entidad.id })
      .from(entidad)
      .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_FAMILIAR), eq(entidad.idTipoDocumento, persona.idTipoDocumento), eq(entidad.documento, persona.documento)));
    const idFamiliar = existente?.id ?? (await tx.insert(entidad).values({ ...persona, idEmpresa: auth.idEmpresa, tipoEntidad: TIPO_FAMILIAR, logUsuarioCrea: auth.idUsuario }).returning({ id: entidad.id }))[0].id;
    const [relacion] = await tx
      .select({ id: relacionEntidad.id })
      .from(relacionEntidad)
      .where(and(eq(relacionEntidad.idEntidad, b.IdTrabajador), eq(relacionEntidad.idRelacionado, idFamiliar)));
    if (relacion) throw errorDeCampo('Documento', 'Este familiar ya está registrado para el trabajador');
    await tx.insert(relacionEntidad).values({ idEmpresa: auth.idEmpresa, idEntidad: b.IdTrabajador, idRelacionado: idFamiliar, parentesco: b.Parentesco, logUsuarioCrea: auth.idUsuario });
    return idFamiliar;
  });
  return { Id: id, IdTrabajador: b.IdTrabajador, IdTipoDocumento: persona.idTipoDocumento, Documento: persona.documento, Nombre: persona.razonSocial, Parentesco: b.Parentesco };
}

// ---- Contracts ----

export async function listarContratos(ctx: Contexto, auth: TAuth, idTrabajador: number): Promise<{ Data: TContratoLaboral[] }> {
  await filaTrabajador(ctx, auth, idTrabajador);
  const filas = await ctx.dbh.db
    .select()
    .from(contratoLaboral)
    .where(and(eq(contratoLaboral.idEmpresa, auth.idEmpresa), eq(contratoLaboral.idEntidad, idTrabajador)))
    .orderBy(desc(contratoLaboral.fechaInicio), desc(contratoLaboral.id));
  const nombres = await nombresCatalogo(ctx, auth, filas);
  return { Data: filas.map((f) => aContrato(f, nombres)) };
}

/** The parameter in force on a date, or null. */
export async function parametroVigente(ctx: Contexto, codigo: string, fecha: string): Promise<Decimal | null> {
  const [f] = await ctx.dbh.db
    .select({ valor: parametroPlanilla.valor })
    .from(parametroPlanilla)
    .where(and(eq(parametroPlanilla.codigo, codigo), lte(parametroPlanilla.vigenteDesde, fecha), or(isNull(parametroPlanilla.vigenteHasta), gte(parametroPlanilla.vigenteHasta, fecha)), eq(parametroPlanilla.logEstado, 1)))
    .orderBy(desc(parametroPlanilla.vigenteDesde))
    .limit(1);
  return f ? new Decimal(f.valor) : null;
}

type TContratoGuardar = z.output<typeof ZContratoLaboralGuardar>;

export async function validarContrato(ctx: Contexto, auth: TAuth, b: TContratoGuardar, excluir?: number) {
  await filaTrabajador(ctx, auth, b.IdTrabajador);
  if (b.IdArea) {
    const [a] = await ctx.dbh.db.select({ id: area.id }).from(area).where(and(eq(area.idEmpresa, auth.idEmpresa), eq(area.id, b.IdArea)));
    if (!a) throw errorDeCampo('IdArea', 'Seleccione un área de su empresa');
  }
  if (b.IdCargo) {
    const [c] = await ctx.dbh.db.select({ id: cargo.id }).from(cargo).where(and(eq(cargo.idEmpresa, auth.idEmpresa), eq(cargo.id, b.IdCargo)));
    if (!c) throw errorDeCampo('IdCargo', 'Seleccione un cargo de su empresa');
  }
  if (b.IdCentroCosto) {
    const [c] = await ctx.dbh.db.select({ estado: centroCosto.logEstado }).from(centroCosto).where(and(eq(centroCosto.idEmpresa, auth.idEmpresa), eq(centroCosto.id, b.IdCentroCosto)));
    if (c?.estado !== 1) throw errorDeCampo('IdCentroCosto', 'Seleccione un centro de costo activo de su empresa');
  }
  // Full-time pay may not be below the RMV in force when the contract starts.
  const rmv = await parametroVigente(ctx, 'RMV', b.FechaInicio);
  if (!rmv) throw errorDeCampo('FechaInicio', 'No hay una RMV vigente en esa fecha: la planilla se calcula desde el 2025');
  if (new Decimal(b.Remuneracion).lt(rmv)) throw errorDeCampo('Remuneracion', `La remuneración no puede ser menor a la remuneración mínima vital (S/ ${rmv.toFixed(2)})`);
  // One contract at a time: the periods of a worker's active contracts may not overlap.
  const condiciones = [
    eq(contratoLaboral.idEmpresa, auth.idEmpresa),
    eq(contratoLaboral.idEntidad, b.IdTrabajador),
    eq(contratoLaboral.logEstado, 1),
    or(isNull(contratoLaboral.fechaFin), gte(contratoLaboral.fechaFin, b.FechaInicio))!,
  ];
  if (b.FechaFin) condiciones.push(lte(contratoLaboral.fechaInicio, b.FechaFin));
  if (excluir) condiciones.push(ne(contratoLaboral.id, excluir));
  const [cruce] = await ctx.dbh.db.select({ id: contratoLaboral.id }).from(contratoLaboral).where(and(...condiciones)).limit(1);
  if (cruce) throw errorDeCampo('FechaInicio', 'El trabajador ya tiene un contrato vigente en esas fechas');
}

export const datosContrato = (b: TContratoGuardar) => ({
  idEntidad: b.IdTrabajador,
  regimen: b.Regimen,
  fechaInicio: b.FechaInicio,
  fechaFin: b.FechaFin,
  remuneracion: new Decimal(b.Remuneracion).toFixed(2),
  sistemaPension: b.SistemaPension,
  tipoComision: b.SistemaPension === 'ONP' ? null : b.TipoComision,
  cuspp: b.SistemaPension === 'ONP' ? null : b.Cuspp,
  asignacionFamiliar: b.AsignacionFamiliar,
  idArea: b.IdArea,
  idCargo: b.IdCargo,
  idCentroCosto: b.IdCentroCosto,
});

export async function crearContrato(ctx: Contexto, auth: TAuth, b: TContratoGuardar): Promise<TContratoLaboral> {
  await validarContrato(ctx, auth, b);
  const [f] = await ctx.dbh.db
    .insert(contratoLaboral)
    .values({ ...datosContrato(b), idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario })
    .returning();
  return aContrato(f, await nombresCatalogo(ctx, auth, [f]));
}

async function filaContrato(ctx: Contexto, auth: TAuth, id: number): Promise<FilaContrato> {
  const [f] = await ctx.dbh.db.select().from(contratoLaboral).where(and(eq(contratoLaboral.idEmpresa, auth.idEmpresa), eq(contratoLaboral.id, id)));
  if (!f) throw noEncontrado('No se encontró el contrato');
  return f;
}

export async function obtenerContrato(ctx: Contexto, auth: TAuth, id: number): Promise<TContratoLaboral> {
  const f = await filaContrato(ctx, auth, id);
  return aContrato(f, await nombresCatalogo(ctx, auth, [f]));
}

export async function editarContrato(ctx: Contexto, auth: TAuth, id: number, b: TContratoGuardar): Promise<TContratoLaboral> {
  const actual = await filaContrato(ctx, auth, id);
  if (actual.idEntidad !== b.IdTrabajador) throw errorDeCampo('IdTrabajador', 'El contrato pertenece a otro trabajador');
  await validarContrato(ctx, auth, b, id);
  const [f] = await ctx.dbh.db
    .update(contratoLaboral)
    .set({ ...datosContrato(b), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
    .where(and(eq(contratoLaboral.idEmpresa, auth.idEmpresa), eq(contratoLaboral.id, id)))
    .returning();
  return aContrato(f, await nombresCatalogo(ctx, auth, [f]));
}

// ---- Areas and positions ----

type TablaCatalogo = typeof area | typeof cargo;

export async function listarCatalogo(ctx: Contexto, auth: TAuth, tabla: TablaCatalogo): Promise<{ Data: TCatalogoItem[] }> {
  const filas = await ctx.dbh.db
    .select({ Id: tabla.id, Nombre: tabla.nombre, LogEstado: tabla.logEstado })
    .from(tabla)
    .where(eq(tabla.idEmpresa, auth.idEmpresa))
    .orderBy(asc(tabla.nombre));
  return { Data: filas };
}

export async function crearCatalogo(ctx: Contexto, auth: TAuth, tabla: TablaCatalogo, b: z.output<typeof ZCatalogoGuardar>, repetido: string): Promise<TCatalogoItem> {
  const [existe] = await ctx.dbh.db
    .select({ id: tabla.id })
    .from(tabla)
    .where(and(eq(tabla.idEmpresa, auth.idEmpresa), sql`lower(${tabla.nombre}) = ${b.Nombre.toLowerCase()}`));
  if (existe) throw errorDeCampo('Nombre', repetido);
  try {
    const [f] = await ctx.dbh.db.insert(tabla).values({ idEmpresa: auth.idEmpresa, nombre: b.Nombre, logUsuarioCrea: auth.idUsuario }).returning();
    return { Id: f.id, Nombre: f.nombre, LogEstado: f.logEstado };
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', repetido);
    throw err;
  }
}

// ---- Pension systems and parameters ----

export function sistemasPension() {
  return { Data: SistemasPension.map((c) => ({ Codigo: c, Nombre: NombresSistemaPension[c], EsAfp: c !== 'ONP' })) };
}

/** The payroll parameters: all rows, or those in force on `fecha`. */
export async function listarParametros(ctx: Contexto, fecha?: string): Promise<{ Data: TParametroPlanilla[] }> {
  const condiciones: SQL[] = [eq(parametroPlanilla.logEstado, 1)];
  if (fecha) condiciones.push(lte(parametroPlanilla.vigenteDesde, fecha), or(isNull(parametroPlanilla.vigenteHasta), gte(parametroPlanilla.vigenteHasta, fecha))!);
  const filas = await ctx.dbh.db
    .select()
    .from(parametroPlanilla)
    .where(and(...condiciones))
    .orderBy(asc(parametroPlanilla.codigo), desc(parametroPlanilla.vigenteDesde));
  return {
    Data: filas.map((f) => ({
      Codigo: f.codigo,
      Descripcion: f.descripcion,
      Valor: new Decimal(f.valor).toString(),
      VigenteDesde: f.vigenteDesde,
      VigenteHasta: f.vigenteHasta,
      Fuente: f.fuente,
    })),
  };
}

