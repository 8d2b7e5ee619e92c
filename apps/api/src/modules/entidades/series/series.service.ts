import { NombreTipoDocumento, TipoEmpresa, type TSerieDocumento, type TTipoDocumentoContable, z, ZSerieGuardar } from '@yupana/contracts';
import { AppError, errorDeCampo, noEncontrado } from '../../../lib/app-error';
import { ErrorCodes, MensajesError } from '@yupana/contracts';
import type { Contexto } from '../../../lib/contexto';
import type { TAuth } from '../../../lib/auth';
import * as repo from './series.repo';

type TGuardar = z.infer<typeof ZSerieGuardar>;

/** Series code each document type takes (SUNAT): F facturas and their notes, B boletas and theirs, T/V guides. */
export function mensajeFormatoSerie(idTipoDocumento: number, codigo: string, idReferencia?: number | null): string | null {
  const inicial: Record<number, string> = { 1003: 'F', 1004: 'B', 1007: 'T', 3005: 'V' };
  if (!(idTipoDocumento in NombreTipoDocumento)) return 'Tipo de documento no válido';
  if (idTipoDocumento === 1005 || idTipoDocumento === 1006) {
    if (idReferencia !== 1003 && idReferencia !== 1004) return 'Indique si la nota modifica facturas (1003) o boletas (1004)';
    const letra = idReferencia === 1003 ? 'F' : 'B';
    return new RegExp(`^${letra}[A-Z0-9]{3}$`).test(codigo) ? null : `La serie de una nota de ${letra === 'F' ? 'factura' : 'boleta'} tiene el formato ${letra}###`;
  }
  if (idTipoDocumento === 1008) return /^[A-Z0-9]{4}$/.test(codigo) && !/^[FBTV]/.test(codigo) ? null : 'La serie de la nota de venta tiene 4 caracteres y no empieza con F, B, T ni V';
  const letra = inicial[idTipoDocumento];
  return new RegExp(`^${letra}[A-Z0-9]{3}$`).test(codigo) ? null : `La serie tiene el formato ${letra}###`;
}

export function aContrato(f: repo.TFilaSerie): TSerieDocumento {
  return {
    Id: f.id,
    IdEntidad: f.idEmpresa,
    IdSucursal: f.idSucursal,
    IdTipoDocumento: f.idTipoDocumento,
    TipoDocumento: NombreTipoDocumento[f.idTipoDocumento as TTipoDocumentoContable] ?? String(f.idTipoDocumento),
    Serie: f.serie,
    TipoSerie: f.tipoSerie,
    Descripcion: f.descripcion,
    IdTipoDocumentoReferencia: f.idTipoDocumentoReferencia,
    Correlativo: f.correlativo,
    LogEstado: f.logEstado,
  };
}

async function validar(ctx: Contexto, auth: TAuth, d: TGuardar, prefijo: string, excepto?: number): Promise<Record<string, string>> {
  const errores: Record<string, string> = {};
  const referencia = d.IdTipoDocumento === 1005 || d.IdTipoDocumento === 1006 ? d.IdTipoDocumentoReferencia : null;
  const formato = mensajeFormatoSerie(d.IdTipoDocumento, d.Serie, referencia);
  if (formato) errores[`${prefijo}${formato === 'Tipo de documento no válido' ? 'IdTipoDocumento' : formato.startsWith('Indique si') ? 'IdTipoDocumentoReferencia' : 'Serie'}`] = formato;
  if (auth.empresa.tipoEmpresa === TipoEmpresa.SIN_RUC && d.IdTipoDocumento !== 1008)
    errores[`${prefijo}IdTipoDocumento`] = 'Una empresa sin RUC solo emite notas de venta';
  if (!(await repo.sucursalDeEmpresa(ctx.dbh.db, auth.idEmpresa, d.IdSucursal))) errores[`${prefijo}IdSucursal`] = 'La sucursal no existe';
  if (!errores[`${prefijo}Serie`] && (await repo.existeSerieActiva(ctx.dbh.db, auth.idEmpresa, d.IdTipoDocumento, d.Serie, excepto)))
    errores[`${prefijo}Serie`] = `La serie ${d.Serie} ya existe para este tipo de documento`;
  return errores;
}

function lanzarSiHay(errores: Record<string, string>) {
  if (Object.keys(errores).length) throw new AppError(ErrorCodes.VALIDACION, MensajesError[ErrorCodes.VALIDACION], 400, { errores });
}

const aFila = (auth: TAuth, d: TGuardar) => ({
  idEmpresa: auth.idEmpresa,
  idSucursal: d.IdSucursal,
  idTipoDocumento: d.IdTipoDocumento,
  serie: d.Serie,
  tipoSerie: d.TipoSerie,
  descripcion: d.Descripcion ?? null,
  idTipoDocumentoReferencia: d.IdTipoDocumento === 1005 || d.IdTipoDocumento === 1006 ? (d.IdTipoDocumentoReferencia ?? null) : null,
  correlativo: d.CorrelativoInicial ?? 0,
  logEstado: d.LogEstado ?? 1,
  logUsuarioCrea: auth.idUsuario,
});

export async function crearSeries(ctx: Contexto, auth: TAuth, lista: TGuardar[]): Promise<TSerieDocumento[]> {
  const errores: Record<string, string> = {};
  const vistos = new Set<string>();
  for (const [i, d] of lista.entries()) {
    const prefijo = lista.length > 1 ? `Lista.${i}.` : '';
    Object.assign(errores, await validar(ctx, auth, d, prefijo));
    const clave = `${d.IdTipoDocumento}-${d.Serie}`;
    if (vistos.has(clave)) errores[`${prefijo}Serie`] = `La serie ${d.Serie} está repetida en la lista`;
    vistos.add(clave);
  }
  lanzarSiHay(errores);
  try {
    const filas = await ctx.dbh.db.transaction((tx) => repo.insertarSeries(tx, lista.map((d) => aFila(auth, d))));
    return filas.map(aContrato);
  } catch (e) {
    // Two requests creating the same series at once: the unique index decides, the loser gets the field message.
    if (String((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) === '23505') throw errorDeCampo('Serie', 'La serie ya existe para este tipo de documento');
    throw e;
  }
}

export async function actualizarSerie(ctx: Contexto, auth: TAuth, d: TGuardar): Promise<TSerieDocumento> {
  if (!d.Id) throw errorDeCampo('Id', 'Indique la serie a modificar');
  const actual = await repo.obtenerSerie(ctx.dbh.db, auth.idEmpresa, d.Id);
  if (!actual) throw noEncontrado('La serie no existe');
  if (actual.correlativo > 0 && (actual.serie !== d.Serie || actual.idTipoDocumento !== d.IdTipoDocumento))
    throw errorDeCampo('Serie', 'La serie ya tiene documentos emitidos: no puede cambiar su código ni su tipo de documento');
  if (d.CorrelativoInicial !== undefined && d.CorrelativoInicial !== actual.correlativo && actual.correlativo > 0)
    throw errorDeCampo('CorrelativoInicial', 'La serie ya tiene documentos emitidos: su numeración no se puede cambiar');
  lanzarSiHay(await validar(ctx, auth, d, '', actual.id));
  const { idEmpresa: _e, logUsuarioCrea: _u, ...cambios } = aFila(auth, d);
  const f = await repo.actualizarSerie(ctx.dbh.db, auth.idEmpresa, actual.id, {
    ...cambios,
    correlativo: d.CorrelativoInicial ?? actual.correlativo,
    logEstado: d.LogEstado ?? actual.logEstado,
    logUsuarioModif: auth.idUsuario,
  });
  return aContrato(f!);
}

/** Soft delete: the series stays for the documents that carry it. */
export async function eliminarSerie(ctx: Contexto, auth: TAuth, id: number): Promise<TSerieDocumento> {
  const f = await repo.actualizarSerie(ctx.dbh.db, auth.idEmpresa, id, { logEstado: 0, logUsuarioModif: auth.idUsuario });
  if (!f) throw noEncontrado('La serie no existe');
  return aContrato(f);
}

export async function obtenerSerie(ctx: Contexto, auth: TAuth, id: number): Promise<TSerieDocumento> {
  const f = await repo.obtenerSerie(ctx.dbh.db, auth.idEmpresa, id);
  if (!f) throw noEncontrado('La serie no existe');
  return aContrato(f);
}

export async function listar(ctx: Contexto, auth: TAuth, filtro: repo.TFiltroSeries, pagina?: { numero: number; tamano: number }) {
  const { filas, total } = await repo.listarSeries(ctx.dbh.db, auth.idEmpresa, filtro, pagina);
  return { Data: filas.map(aContrato), Count: total };
}
