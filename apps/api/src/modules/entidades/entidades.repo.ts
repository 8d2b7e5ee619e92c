import { and, asc, count, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CLIENTE_GENERICO, TIPOS_ENTIDAD_COMERCIALES, TipoDocumentoIdentidad, TipoEntidad } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { entidad } from './entidades.schema';

export type FilaEntidad = typeof entidad.$inferSelect;
export type NuevaEntidad = Omit<typeof entidad.$inferInsert, 'id' | 'idEmpresa'>;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const escaparLike = (texto: string) => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accent-insensitive search (issue 11 item 14: "MARIA" finds "MARÍA PÉREZ"). Accented vowels, ü and ñ fold to their
 * plain letter, on both sides of the LIKE: the column through SQL translate() (plain SQL, the same on PGlite and
 * PostgreSQL, no unaccent extension), the typed text through the same table in JS. ñ folds to n too: in a search an
 * extra match ("PENA" also lists "PEÑA") costs a glance, a missed customer typed on a keyboard without ñ costs a
 * duplicate record. Upper-case accented letters are in the table as well, so the result does not depend on the
 * database's ctype for lower().
 */
const PLEGADO: [string, string][] = [
  ['áàâäã', 'a'], ['éèêë', 'e'], ['íìîï', 'i'], ['óòôöõ', 'o'], ['úùûü', 'u'], ['ñ', 'n'], ['ç', 'c'],
];
const PLEGAR_DE = PLEGADO.map(([de]) => de + de.toUpperCase()).join('');
const PLEGAR_A = PLEGADO.map(([de, a]) => a.repeat(de.length * 2)).join('');
const MAPA_PLEGADO = new Map([...PLEGAR_DE].map((c, i) => [c, PLEGAR_A[i]!]));

/** The typed text as the column is compared: lower case, accents and ñ folded. */
export const plegarTexto = (texto: string) => [...texto.toLowerCase()].map((c) => MAPA_PLEGADO.get(c) ?? c).join('');
/** SQL: lower(column) with the same folding. */
export const plegarSql = (columna: SQLWrapper) => sql`translate(lower(${columna}), ${PLEGAR_DE}, ${PLEGAR_A})`;

/** Every company has its generic customer; created the first time the company's entities are used. */
export async function asegurarClienteGenerico(db: Db, idEmpresa: number): Promise<void> {
  await db
    .insert(entidad)
    .values({
      idEmpresa,
      tipoEntidad: TipoEntidad.CLIENTE,
      idTipoDocumento: TipoDocumentoIdentidad.SIN_DOCUMENTO,
      documento: CLIENTE_GENERICO.Documento,
      razonSocial: CLIENTE_GENERICO.RazonSocial,
      esGenerico: true,
    })
    .onConflictDoNothing({ target: entidad.idEmpresa, where: sql`${entidad.esGenerico}` });
}

export type FiltroEntidades = { estado: number; tipodoc: number; tipoentidad: number; filtro: string; pagina: number; regxpag: number };

export async function buscarEntidades(db: Db, idEmpresa: number, f: FiltroEntidades): Promise<{ filas: FilaEntidad[]; total: number }> {
  // HR's people (workers, relatives, collaborators) are not customers: never listed here, whatever the filter asks.
  const condiciones: SQL[] = [eq(entidad.idEmpresa, idEmpresa), inArray(entidad.tipoEntidad, [...TIPOS_ENTIDAD_COMERCIALES])];
  if (f.estado !== -1) condiciones.push(eq(entidad.logEstado, f.estado));
  if (f.tipodoc > 0) condiciones.push(eq(entidad.idTipoDocumento, f.tipodoc));
  if (f.tipoentidad > 0) condiciones.push(eq(entidad.tipoEntidad, f.tipoentidad));
  if (f.filtro) {
    const patron = escaparLike(plegarTexto(f.filtro));
    // A number matches documents from their start; any text matches the name anywhere, accents aside.
    condiciones.push(sql`(${entidad.documento} like ${`${escaparLike(f.filtro.toLowerCase())}%`} or ${plegarSql(entidad.razonSocial)} like ${`%${patron}%`})`);
  }
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    db
      .select()
      .from(entidad)
      .where(donde)
      .orderBy(desc(entidad.esGenerico), asc(entidad.razonSocial), asc(entidad.id))
      .limit(f.regxpag)
      .offset((f.pagina - 1) * f.regxpag),
    db.select({ n: count() }).from(entidad).where(donde),
  ]);
  return { filas, total: Number(n) };
}

export async function entidadPorId(db: Db, idEmpresa: number, id: number): Promise<FilaEntidad | undefined> {
  const [fila] = await db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, idEmpresa), eq(entidad.id, id), inArray(entidad.tipoEntidad, [...TIPOS_ENTIDAD_COMERCIALES])));
  return fila;
}

/** Entities of the company with this document (any entity type), customers first. */
export async function entidadesPorDocumento(db: Db, idEmpresa: number, idTipoDocumento: number, documento: string): Promise<FilaEntidad[]> {
  return db
    .select()
    .from(entidad)
    .where(
      and(
        eq(entidad.idEmpresa, idEmpresa),
        eq(entidad.idTipoDocumento, idTipoDocumento),
        eq(entidad.documento, documento),
        eq(entidad.esGenerico, false),
        inArray(entidad.tipoEntidad, [...TIPOS_ENTIDAD_COMERCIALES]),
      ),
    )
    .orderBy(sql`${entidad.tipoEntidad} = ${TipoEntidad.CLIENTE} desc`, asc(entidad.id));
}

export async function existeDuplicado(
  db: Db,
  idEmpresa: number,
  e: { tipoEntidad: number; idTipoDocumento: number; documento: string },
  excluirId?: number,
): Promise<boolean> {
  if (e.idTipoDocumento === TipoDocumentoIdentidad.SIN_DOCUMENTO) return false;
  const condiciones = [
    eq(entidad.idEmpresa, idEmpresa),
    eq(entidad.tipoEntidad, e.tipoEntidad),
    eq(entidad.idTipoDocumento, e.idTipoDocumento),
    eq(entidad.documento, e.documento),
    eq(entidad.esGenerico, false),
  ];
  if (excluirId) condiciones.push(ne(entidad.id, excluirId));
  const [fila] = await db.select({ id: entidad.id }).from(entidad).where(and(...condiciones)).limit(1);
  return !!fila;
}

export async function insertarEntidad(db: Db, idEmpresa: number, idUsuario: number, datos: NuevaEntidad): Promise<FilaEntidad> {
  const [fila] = await db.insert(entidad).values({ ...datos, idEmpresa, logUsuarioCrea: idUsuario }).returning();
  return fila;
}

export async function actualizarEntidad(db: Db, idEmpresa: number, id: number, idUsuario: number, datos: Partial<NuevaEntidad>): Promise<FilaEntidad | undefined> {
  const [fila] = await db
    .update(entidad)
    .set({ ...datos, logUsuarioModif: idUsuario, logFechaModif: new Date() })
    .where(and(eq(entidad.idEmpresa, idEmpresa), eq(entidad.id, id)))
    .returning();
  return fila;
}
