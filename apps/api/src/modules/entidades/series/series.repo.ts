import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sucursal } from '../../../db/schema';
import { serie } from './series.schema';

export type TFilaSerie = typeof serie.$inferSelect;

export type TFiltroSeries = {
  idTipoDocumento?: number;
  tiposDocumento?: number[];
  tipoSerie?: number;
  idSucursal?: number;
  /** 1 active, 0 inactive, -1 all. */
  logEstado?: number;
  tipoDocumentoReferencia?: number;
  filtro?: string;
  descripcion?: string;
  /** Leave out the series reserved for a point-of-sale device's offline sales (the lists the issuing forms read). */
  sinReservadas?: boolean;
};

function condiciones(idEmpresa: number, f: TFiltroSeries): SQL {
  const c: (SQL | undefined)[] = [eq(serie.idEmpresa, idEmpresa)];
  if (f.idTipoDocumento) c.push(eq(serie.idTipoDocumento, f.idTipoDocumento));
  if (f.tiposDocumento?.length) c.push(inArray(serie.idTipoDocumento, f.tiposDocumento));
  if (f.tipoSerie) c.push(eq(serie.tipoSerie, f.tipoSerie));
  if (f.idSucursal) c.push(eq(serie.idSucursal, f.idSucursal));
  if (f.logEstado === undefined || f.logEstado !== -1) c.push(eq(serie.logEstado, f.logEstado ?? 1));
  if (f.tipoDocumentoReferencia) c.push(eq(serie.idTipoDocumentoReferencia, f.tipoDocumentoReferencia));
  if (f.filtro) c.push(ilike(serie.serie, `%${f.filtro.replace(/[%_\\]/g, '\\$&')}%`));
  if (f.sinReservadas) c.push(sql`not exists (select 1 from dispositivo_caja d where d.id_serie = ${serie.id} or d.id_serie_boleta = ${serie.id})`);
  if (f.descripcion) c.push(ilike(serie.descripcion, `%${f.descripcion.replace(/[%_\\]/g, '\\$&')}%`));
  return and(...c) as SQL;
}

export async function listarSeries(db: Db, idEmpresa: number, f: TFiltroSeries, pagina?: { numero: number; tamano: number }) {
  const donde = condiciones(idEmpresa, f);
  const consulta = db.select().from(serie).where(donde).orderBy(asc(serie.idTipoDocumento), asc(serie.serie), asc(serie.id));
  const filas = pagina ? await consulta.limit(pagina.tamano).offset((pagina.numero - 1) * pagina.tamano) : await consulta;
  const total = pagina ? Number((await db.select({ n: count() }).from(serie).where(donde))[0].n) : filas.length;
  return { filas, total };
}

export async function obtenerSerie(db: Db, idEmpresa: number, id: number): Promise<TFilaSerie | undefined> {
  const [f] = await db.select().from(serie).where(and(eq(serie.id, id), eq(serie.idEmpresa, idEmpresa)));
  return f;
}

export async function existeSerieActiva(db: Db, idEmpresa: number, idTipoDocumento: number, codigo: string, excepto?: number): Promise<boolean> {
  const c = [eq(serie.idEmpresa, idEmpresa), eq(serie.idTipoDocumento, idTipoDocumento), eq(serie.serie, codigo), eq(serie.logEstado, 1)];
  if (excepto) c.push(sql`${serie.id} <> ${excepto}`);
  const [f] = await db.select({ id: serie.id }).from(serie).where(and(...c)).limit(1);
  return !!f;
}

export async function sucursalDeEmpresa(db: Db, idEmpresa: number, idSucursal: number): Promise<boolean> {
  const [f] = await db.select({ id: sucursal.id }).from(sucursal).where(and(eq(sucursal.id, idSucursal), eq(sucursal.idEmpresa, idEmpresa), eq(sucursal.logEstado, 1)));
  return !!f;
}

export async function insertarSeries(db: Pick<Db, 'insert'>, filas: (typeof serie.$inferInsert)[]): Promise<TFilaSerie[]> {
  return db.insert(serie).values(filas).returning();
}

export async function actualizarSerie(db: Db, idEmpresa: number, id: number, cambios: Partial<typeof serie.$inferInsert>): Promise<TFilaSerie | undefined> {
  const [f] = await db
    .update(serie)
    .set({ ...cambios, logFechaModif: new Date() })
    .where(and(eq(serie.id, id), eq(serie.idEmpresa, idEmpresa)))
    .returning();
  return f;
}
