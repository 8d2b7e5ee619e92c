import {
  MensajesConsultaEntidad,
  TipoDocumentoIdentidad,
  TipoEntidad,
  type TEntidad,
  type TEntidadConsultaRespuesta,
  type TEntidades,
  ZEntidadConsulta,
  ZEntidadGuardar,
  ZEntidadesQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import * as repo from './entidades.repo';
import { contribuyentePorRuc } from './padron.repo';

type TGuardar = z.output<typeof ZEntidadGuardar>;

// The seed's default number for an entity without a document.
const DOCUMENTO_SIN_DOCUMENTO = '00000000';

export function aEntidad(f: repo.FilaEntidad): TEntidad {
  return {
    Id: f.id,
    IdEntidadEmpresa: f.idEmpresa,
    TipoEntidad: f.tipoEntidad,
    IdTipoDocumento: f.idTipoDocumento,
    Documento: f.documento,
    NumeroDocumento: f.documento,
    RazonSocial: f.razonSocial,
    Nombre: f.nombre,
    ApePat: f.apePat,
    ApeMat: f.apeMat,
    IdUbigeo: f.idUbigeo,
    Correo: f.correo,
    Telefono: f.telefono,
    Direccion: f.direccion,
    EstadoContribuyente: f.estadoContribuyente,
    CondicionDomicilio: f.condicionDomicilio,
    EsGenerico: f.esGenerico,
    LogEstado: f.logEstado,
    LogFechacrea: f.logFechaCrea.toISOString(),
  };
}

function datosDe(b: TGuardar): repo.NuevaEntidad {
  return {
    tipoEntidad: b.TipoEntidad,
    idTipoDocumento: b.IdTipoDocumento,
    documento: b.IdTipoDocumento === TipoDocumentoIdentidad.SIN_DOCUMENTO ? DOCUMENTO_SIN_DOCUMENTO : b.Documento.toUpperCase(),
    razonSocial: b.RazonSocial,
    nombre: b.Nombre,
    apePat: b.ApePat,
    apeMat: b.ApeMat,
    idUbigeo: b.IdUbigeo,
    correo: b.Correo,
    telefono: b.Telefono,
    direccion: b.Direccion,
  };
}

/** A concurrent insert of the same document loses on the unique index: same answer as the pre-check. */
function esDuplicado(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

export async function listarEntidades(ctx: Contexto, auth: TAuth, q: z.output<typeof ZEntidadesQuery>): Promise<TEntidades> {
  await repo.asegurarClienteGenerico(ctx.dbh.db, auth.idEmpresa);
  const { filas, total } = await repo.buscarEntidades(ctx.dbh.db, auth.idEmpresa, q);
  return { Data: filas.map(aEntidad), Count: total };
}

export async function obtenerEntidad(ctx: Contexto, auth: TAuth, id: number): Promise<TEntidad> {
  const f = await repo.entidadPorId(ctx.dbh.db, auth.idEmpresa, id);
  if (!f) throw noEncontrado('No se encontró la entidad');
  return aEntidad(f);
}

/** The company's 'CLIENTES VARIOS' (boletas under the legal threshold). */
export async function clienteGenerico(ctx: Contexto, auth: TAuth): Promise<TEntidad> {
  await repo.asegurarClienteGenerico(ctx.dbh.db, auth.idEmpresa);
  const { filas } = await repo.buscarEntidades(ctx.dbh.db, auth.idEmpresa, { estado: -1, tipodoc: 0, tipoentidad: 0, filtro: '', pagina: 1, regxpag: 1 });
  return aEntidad(filas[0]);
}

export async function crearEntidad(ctx: Contexto, auth: TAuth, b: TGuardar): Promise<TEntidad> {
  const datos = datosDe(b);
  if (await repo.existeDuplicado(ctx.dbh.db, auth.idEmpresa, datos)) throw errorDeCampo('Documento', MensajesConsultaEntidad.YA_REGISTRADO);
  try {
    return aEntidad(await repo.insertarEntidad(ctx.dbh.db, auth.idEmpresa, auth.idUsuario, datos));
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Documento', MensajesConsultaEntidad.YA_REGISTRADO);
    throw err;
  }
}

/** The seed's `PUT entidades/{id}` body `{ correo_electronico }` (nothing else): its value, else undefined. */
export function correoSoloDelSeed(cuerpo: unknown): unknown {
  if (!cuerpo || typeof cuerpo !== 'object' || Array.isArray(cuerpo)) return undefined;
  const claves = Object.keys(cuerpo);
  return claves.length === 1 && claves[0] === 'correo_electronico' ? (cuerpo as { correo_electronico: unknown }).correo_electronico : undefined;
}

/** The entity as an edit body with only its e-mail replaced (another company's id: 404). */
export async function entidadConCorreo(ctx: Contexto, auth: TAuth, id: number, correo: unknown): Promise<Record<string, unknown>> {
  const f = await repo.entidadPorId(ctx.dbh.db, auth.idEmpresa, id);
  if (!f) throw noEncontrado('No se encontró la entidad');
  return {
    IdTipoDocumento: f.idTipoDocumento,
    Documento: f.documento,
    RazonSocial: f.razonSocial,
    Nombre: f.nombre,
    ApePat: f.apePat,
    ApeMat: f.apeMat,
    IdUbigeo: f.idUbigeo,
    Correo: correo,
    Telefono: f.telefono,
    Direccion: f.direccion,
    TipoEntidad: f.tipoEntidad,
  };
}

async function entidadEditable(ctx: Contexto, auth: TAuth, id: number): Promise<repo.FilaEntidad> {
  const actual = await repo.entidadPorId(ctx.dbh.db, auth.idEmpresa, id);
  if (!actual) throw noEncontrado('No se encontró la entidad');
  if (actual.esGenerico) throw errorDeCampo('Id', 'El cliente genérico CLIENTES VARIOS no se puede modificar');
  return actual;
}

export async function editarEntidad(ctx: Contexto, auth: TAuth, id: number, b: TGuardar): Promise<TEntidad> {
  await entidadEditable(ctx, auth, id);
  const datos = datosDe(b);
  if (await repo.existeDuplicado(ctx.dbh.db, auth.idEmpresa, datos, id)) throw errorDeCampo('Documento', MensajesConsultaEntidad.YA_REGISTRADO);
  try {
    const f = await repo.actualizarEntidad(ctx.dbh.db, auth.idEmpresa, id, auth.idUsuario, datos);
    if (!f) throw noEncontrado('No se encontró la entidad');
    return aEntidad(f);
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Documento', MensajesConsultaEntidad.YA_REGISTRADO);
    throw err;
  }
}

export async function cambiarEstadoEntidad(ctx: Contexto, auth: TAuth, id: number, logEstado: 0 | 1): Promise<TEntidad> {
  await entidadEditable(ctx, auth, id);
  const f = await repo.actualizarEntidad(ctx.dbh.db, auth.idEmpresa, id, auth.idUsuario, { logEstado });
  return aEntidad(f!);
}

/**
 * The seed's `entidad/consulta`: first the company's own entities; with `consultasunat`, a RUC not registered
 * is looked up in the imported SUNAT padrón (and registered as a customer when `insertarEntidad`).
 */
export async function consultarEntidad(ctx: Contexto, auth: TAuth, c: z.output<typeof ZEntidadConsulta>): Promise<TEntidadConsultaRespuesta> {
  const db = ctx.dbh.db;
  const nada = (Mensaje: string): TEntidadConsultaRespuesta => ({ Collection: [], Count: 0, Origen: null, Mensaje });

  if (!c.numeroDocumento) {
    // Search by name only (the seed builds the query from whichever of number and name is present).
    if (!c.razonSocial) throw errorDeCampo('numeroDocumento', 'Ingrese el número de documento o la razón social');
    const { filas, total } = await repo.buscarEntidades(db, auth.idEmpresa, {
      estado: 1,
      tipodoc: c.idTipoDocumento,
      tipoentidad: 0,
      filtro: c.razonSocial,
      pagina: c.paginaActual,
      regxpag: 10,
    });
    return filas.length ? { Collection: filas.map(aEntidad), Count: total, Origen: 'ENTIDAD', Mensaje: null } : nada(MensajesConsultaEntidad.NO_HAY);
  }

  const documento = c.numeroDocumento.toUpperCase();
  const registradas = await repo.entidadesPorDocumento(db, auth.idEmpresa, c.idTipoDocumento, documento);
  if (registradas.length) {
    return { Collection: registradas.map(aEntidad), Count: registradas.length, Origen: 'ENTIDAD', Mensaje: MensajesConsultaEntidad.YA_REGISTRADO };
  }
  if (!c.consultasunat || c.idTipoDocumento !== TipoDocumentoIdentidad.RUC) return nada(MensajesConsultaEntidad.NO_HAY);

  const contribuyente = await contribuyentePorRuc(db, documento);
  if (!contribuyente) return nada(MensajesConsultaEntidad.NO_HAY_SUNAT);
  const datos: repo.NuevaEntidad = {
    tipoEntidad: TipoEntidad.CLIENTE,
    idTipoDocumento: TipoDocumentoIdentidad.RUC,
    documento,
    razonSocial: contribuyente.RazonSocial.slice(0, 250),
    idUbigeo: contribuyente.IdUbigeo,
    direccion: contribuyente.Direccion.slice(0, 250) || null,
    estadoContribuyente: contribuyente.EstadoContribuyente.slice(0, 40),
    condicionDomicilio: contribuyente.CondicionDomicilio.slice(0, 40),
  };
  if (c.insertarEntidad) {
    let fila: repo.FilaEntidad;
    try {
      fila = await repo.insertarEntidad(db, auth.idEmpresa, auth.idUsuario, datos);
    } catch (err) {
      // Registered meanwhile by a concurrent request: answer with that one.
      if (!esDuplicado(err)) throw err;
      fila = (await repo.entidadesPorDocumento(db, auth.idEmpresa, c.idTipoDocumento, documento))[0];
    }
    return { Collection: [aEntidad(fila)], Count: 1, Origen: 'SUNAT', Mensaje: null };
  }
  const noGuardada: TEntidad = {
    ...aEntidad({
      ...datos,
      id: 0,
      idEmpresa: auth.idEmpresa,
      nombre: null,
      apePat: null,
      apeMat: null,
      correo: null,
      telefono: null,
      idUbigeo: datos.idUbigeo ?? null,
      direccion: datos.direccion ?? null,
      estadoContribuyente: datos.estadoContribuyente ?? null,
      condicionDomicilio: datos.condicionDomicilio ?? null,
      esGenerico: false,
      noSujetoRetencion: false,
      logUsuarioCrea: null,
      logFechaCrea: new Date(),
      logUsuarioModif: null,
      logFechaModif: null,
      logEstado: 1,
    }),
  };
  return { Collection: [noGuardada], Count: 1, Origen: 'SUNAT', Mensaje: null };
}
