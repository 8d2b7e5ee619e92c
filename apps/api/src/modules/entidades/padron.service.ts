import { createWriteStream } from 'node:fs';
import { mkdir, open, realpath, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { BYTES_INICIO_PADRON, ErrorCodes, motivoNoEsPadron, type TEstadoPadron, type TImportacionPadron } from '@yupana/contracts';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { padronImportacion } from './entidades.schema';
import { importarArchivoPadron, type OpcionesImportacion } from './padron-importacion';
import { totalContribuyentes } from './padron.repo';

type FilaImportacion = typeof padronImportacion.$inferSelect;

// A running import touches its row after every batch; one silent for this long was cut off (process killed).
const SIN_LATIDO_MS = 2 * 60 * 1000;

/** Imports running in this process, so they can be paused. */
const enCurso = new Map<number, AbortController>();

/** Options of the background runs (tests use small batches). */
export const configuracionPadron: Pick<OpcionesImportacion, 'lineasPorLote' | 'metodo'> = {};

/** The one folder the padrón is imported from (PADRON_DIR, default DATA_DIR/padron); uploads are written there too. */
export const carpetaPadron = () => (process.env.PADRON_DIR ? path.resolve(process.env.PADRON_DIR) : path.resolve(process.env.DATA_DIR ?? './data', 'padron'));
/** Files uploaded from the browser, deleted once imported. */
const carpetaSubidas = () => path.join(carpetaPadron(), 'subidas');

function aRespuesta(f: FilaImportacion): TImportacionPadron {
  return {
    Id: f.id,
    Estado: f.estado as TImportacionPadron['Estado'],
    NombreArchivo: f.nombreArchivo,
    BytesTotal: f.bytesTotal,
    BytesProcesados: f.bytesProcesados,
    LineasProcesadas: f.lineasProcesadas,
    LineasRechazadas: f.lineasRechazadas,
    Porcentaje: f.bytesTotal > 0 ? Math.min(100, Math.floor((f.bytesProcesados * 1000) / f.bytesTotal) / 10) : f.estado === 'COMPLETADA' ? 100 : 0,
    Mensaje: f.mensaje,
    Reanudable: (f.estado === 'PAUSADA' || f.estado === 'ERROR') && f.ruta !== '',
    FechaInicio: f.fechaInicio.toISOString(),
    FechaFin: f.fechaFin ? f.fechaFin.toISOString() : null,
  };
}

async function importacionPorId(ctx: Contexto, id: number): Promise<FilaImportacion> {
  const [f] = await ctx.dbh.db.select().from(padronImportacion).where(eq(padronImportacion.id, id));
  if (!f) throw noEncontrado('No se encontró la importación del padrón');
  return f;
}

export async function estadoPadron(ctx: Contexto): Promise<TEstadoPadron> {
  const [ultima] = await ctx.dbh.db.select().from(padronImportacion).orderBy(desc(padronImportacion.id)).limit(1);
  return { Importacion: ultima ? aRespuesta(ultima) : null, TotalContribuyentes: await totalContribuyentes(ctx.dbh.db) };
}

export async function obtenerImportacion(ctx: Contexto, id: number): Promise<TImportacionPadron> {
  return aRespuesta(await importacionPorId(ctx, id));
}

async function hayOtraEnCurso(ctx: Contexto, excepto?: number): Promise<boolean> {
  const limite = new Date(Date.now() - SIN_LATIDO_MS);
  const filas = await ctx.dbh.db
    .select({ id: padronImportacion.id })
    .from(padronImportacion)
    .where(
      and(
        eq(padronImportacion.estado, 'PROCESANDO'),
        or(sql`${padronImportacion.logFechaModif} >= ${limite}`, and(sql`${padronImportacion.logFechaModif} is null`, sql`${padronImportacion.fechaInicio} >= ${limite}`)),
      ),
    );
  return filas.some((f) => f.id !== excepto);
}

const SUBIDA_INCOMPLETA = 'El archivo no llegó completo al servidor (la subida se interrumpió); súbalo de nuevo';

const ERROR_EN_CURSO = () => new AppError(ErrorCodes.VALIDACION, 'Ya hay una importación del padrón en curso; espere a que termine o páusela', 409);

/**
 * Claims the import for this process (PENDIENTE, PAUSADA, ERROR, or PROCESANDO without a recent heartbeat) and
 * runs it in the background from its checkpoint. The claim is one conditional UPDATE, so two processes cannot
 * both run it.
 */
async function lanzar(ctx: Contexto, id: number, idUsuario: number): Promise<{ fila: FilaImportacion; termino: Promise<void> }> {
  const limite = new Date(Date.now() - SIN_LATIDO_MS);
  const [fila] = await ctx.dbh.db
    .update(padronImportacion)
    .set({ estado: 'PROCESANDO', mensaje: null, fechaFin: null, logUsuarioModif: idUsuario, logFechaModif: new Date() })
    .where(
      and(
        eq(padronImportacion.id, id),
        or(inArray(padronImportacion.estado, ['PENDIENTE', 'PAUSADA', 'ERROR']), and(eq(padronImportacion.estado, 'PROCESANDO'), lt(padronImportacion.logFechaModif, limite))),
      ),
    )
    .returning();
  if (!fila) throw ERROR_EN_CURSO();
  const control = new AbortController();
  enCurso.set(id, control);
  const fijar = (valores: Partial<FilaImportacion>) =>
    ctx.dbh.db.update(padronImportacion).set({ ...valores, logFechaModif: new Date() }).where(eq(padronImportacion.id, id));
  const termino = importarArchivoPadron(ctx.dbh, id, fila.ruta, fila.bytesProcesados, { ...configuracionPadron, senal: control.signal })
    .then(async (r) => {
      if (r.estado === 'COMPLETADA') {
        await fijar({ estado: 'COMPLETADA', fechaFin: new Date(), mensaje: null });
        // The uploaded copy is no longer needed once imported (a file the operator put in the folder is kept).
        if (fila.ruta.startsWith(carpetaSubidas() + path.sep)) await unlink(fila.ruta).catch(() => undefined);
      } else await fijar({ estado: 'PAUSADA', mensaje: 'Importación pausada; puede reanudarla desde donde quedó' });
    })
    .catch(async (err: unknown) => {
      await fijar({ estado: 'ERROR', mensaje: `La importación se detuvo: ${err instanceof Error ? err.message : String(err)}` }).catch(() => undefined);
    })
    .finally(() => enCurso.delete(id));
  return { fila, termino };
}

/** Background runs started by the HTTP routes, for tests and a graceful shutdown to wait on. */
export const ejecuciones = new Map<number, Promise<void>>();

async function crearImportacion(ctx: Contexto, auth: TAuth, nombreArchivo: string, ruta: string, bytesTotal: number): Promise<FilaImportacion> {
  const [f] = await ctx.dbh.db
    .insert(padronImportacion)
    .values({ idEmpresa: auth.idEmpresa, nombreArchivo, ruta, bytesTotal, estado: 'PENDIENTE', logUsuarioCrea: auth.idUsuario })
    .returning();
  return f;
}

async function iniciar(ctx: Contexto, auth: TAuth, id: number): Promise<TImportacionPadron> {
  const { termino } = await lanzar(ctx, id, auth.idUsuario);
  ejecuciones.set(id, termino);
  void termino.finally(() => ejecuciones.delete(id));
  return obtenerImportacion(ctx, id);
}

/**
 * Passes the upload through while it looks at its first bytes (BYTES_INICIO_PADRON). When they are not the padrón, the
 * rest of the body is read and dropped without writing it (the request is drained, not cut, so the browser gets the
 * Spanish answer instead of a broken connection) and `motivo()` says why once the stream ends.
 */
function revisarInicio(): { flujo: Transform; motivo: () => string | null } {
  let inicio: Buffer[] = [];
  let leidos = 0;
  let decidido = false;
  let motivo: string | null = null;
  const decidir = (completo: boolean) => {
    decidido = true;
    motivo = motivoNoEsPadron(Buffer.concat(inicio), completo);
  };
  const flujo = new Transform({
    transform(trozo: Buffer, _codificacion, listo) {
      if (decidido) return listo(null, motivo ? undefined : trozo);
      inicio.push(trozo);
      leidos += trozo.length;
      if (leidos < BYTES_INICIO_PADRON) return listo();
      decidir(false);
      const retenido = Buffer.concat(inicio);
      inicio = [];
      listo(null, motivo ? undefined : retenido);
    },
    flush(listo) {
      if (!decidido) {
        decidir(true);
        if (!motivo && leidos > 0) this.push(Buffer.concat(inicio));
      }
      inicio = [];
      listo();
    },
  });
  return { flujo, motivo: () => motivo };
}

/** The browser uploads the file (streamed to disk, never held in memory), then it is imported in the background. */
export async function importarSubida(ctx: Contexto, auth: TAuth, nombreArchivo: string, cuerpo: Readable): Promise<TImportacionPadron> {
  if (await hayOtraEnCurso(ctx)) throw ERROR_EN_CURSO();
  await mkdir(carpetaSubidas(), { recursive: true });
  const provisional = await crearImportacion(ctx, auth, nombreArchivo, '', 0);
  const ruta = path.join(carpetaSubidas(), `importacion-${provisional.id}.txt`);
  const revision = revisarInicio();
  try {
    await pipeline(cuerpo, revision.flujo, createWriteStream(ruta));
  } catch {
    await unlink(ruta).catch(() => undefined);
    // Nothing of a broken upload is kept: the row says so, and it is uploaded again (not resumed: there is no file).
    await ctx.dbh.db.update(padronImportacion).set({ estado: 'ERROR', mensaje: SUBIDA_INCOMPLETA, fechaFin: new Date() }).where(eq(padronImportacion.id, provisional.id));
    // The client's fault (its connection), not the server's: a 400 with the reason, never a 500.
    throw errorDeCampo('Archivo', SUBIDA_INCOMPLETA);
  }
  const motivo = revision.motivo();
  if (motivo) {
    // Not a padrón: nothing was imported, so no import row is left behind (the page keeps showing the last real one).
    await unlink(ruta).catch(() => undefined);
    await ctx.dbh.db.delete(padronImportacion).where(eq(padronImportacion.id, provisional.id));
    throw errorDeCampo('Archivo', motivo);
  }
  const { size } = await stat(ruta);
  if (size === 0) {
    await unlink(ruta).catch(() => undefined);
    await ctx.dbh.db.update(padronImportacion).set({ estado: 'ERROR', mensaje: 'El archivo está vacío' }).where(eq(padronImportacion.id, provisional.id));
    throw errorDeCampo('Archivo', 'El archivo está vacío');
  }
  await ctx.dbh.db.update(padronImportacion).set({ ruta, bytesTotal: size }).where(eq(padronImportacion.id, provisional.id));
  return iniciar(ctx, auth, provisional.id);
}

const FUERA_DE_CARPETA =
  'Solo se importan archivos de la carpeta de importación del padrón del servidor (PADRON_DIR): copie allí el archivo y escriba su nombre';

/**
 * Where a file named by the user really is, if it is a regular file inside the import folder. The name may be
 * relative to the folder or absolute; symbolic links are followed before the check, so a link inside the folder that
 * points elsewhere is refused like the path it points to.
 */
export async function archivoEnCarpetaPadron(nombre: string): Promise<string> {
  const carpeta = await realpath(carpetaPadron()).catch(() => null);
  if (!carpeta) throw errorDeCampo('Ruta', 'La carpeta de importación del padrón no existe en el servidor (PADRON_DIR)');
  const real = await realpath(path.resolve(carpeta, nombre)).catch(() => null);
  if (real && !real.startsWith(carpeta + path.sep)) throw errorDeCampo('Ruta', FUERA_DE_CARPETA);
  if (!real) throw errorDeCampo('Ruta', 'No existe ese archivo en la carpeta de importación del padrón');
  const info = await stat(real);
  if (!info.isFile()) throw errorDeCampo('Ruta', 'La ruta no es un archivo');
  return real;
}

/** The provider's staff import a file already in the server's import folder (e.g. copied there with scp). */
export async function importarRuta(ctx: Contexto, auth: TAuth, nombre: string): Promise<TImportacionPadron> {
  const ruta = await archivoEnCarpetaPadron(nombre);
  const info = await stat(ruta);
  if (info.size === 0) throw errorDeCampo('Ruta', 'El archivo está vacío');
  const archivo = await open(ruta, 'r');
  try {
    const { buffer, bytesRead } = await archivo.read(Buffer.alloc(BYTES_INICIO_PADRON), 0, BYTES_INICIO_PADRON, 0);
    const motivo = motivoNoEsPadron(buffer.subarray(0, bytesRead), bytesRead >= info.size);
    if (motivo) throw errorDeCampo('Ruta', motivo);
  } finally {
    await archivo.close();
  }
  if (await hayOtraEnCurso(ctx)) throw ERROR_EN_CURSO();
  const f = await crearImportacion(ctx, auth, path.basename(ruta), ruta, info.size);
  return iniciar(ctx, auth, f.id);
}

export async function reanudarImportacion(ctx: Contexto, auth: TAuth, id: number): Promise<TImportacionPadron> {
  const f = await importacionPorId(ctx, id);
  if (f.estado === 'COMPLETADA') throw new AppError(ErrorCodes.VALIDACION, 'La importación ya terminó', 409);
  // A broken upload has no file to resume from (and an uploaded copy could have been removed from the folder).
  if (f.estado !== 'PROCESANDO' && (f.ruta === '' || !(await stat(f.ruta).then((i) => i.isFile(), () => false))))
    throw new AppError(ErrorCodes.VALIDACION, f.ruta === '' ? SUBIDA_INCOMPLETA : 'El archivo de esta importación ya no está en el servidor; súbalo de nuevo', 409);
  if (enCurso.has(id) || (await hayOtraEnCurso(ctx, f.estado === 'PROCESANDO' ? undefined : id))) throw ERROR_EN_CURSO();
  return iniciar(ctx, auth, id);
}

export async function pausarImportacion(ctx: Contexto, id: number): Promise<TImportacionPadron> {
  await importacionPorId(ctx, id);
  const control = enCurso.get(id);
  if (!control) throw new AppError(ErrorCodes.VALIDACION, 'La importación no está en curso en este servidor', 409);
  control.abort();
  await ejecuciones.get(id);
  return obtenerImportacion(ctx, id);
}
