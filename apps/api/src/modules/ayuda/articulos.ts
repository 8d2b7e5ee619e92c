import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, notInArray, sql } from 'drizzle-orm';
import type { TArticuloAyuda, TArticuloAyudaResumen } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { articuloAyuda } from './ayuda.schema';

const CARPETA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'articulos');

type TArticuloFuente = { slug: string; titulo: string; resumen: string; ruta: string | null; video: string | null; contenido: string };

/** Reads one article: a front matter (titulo, resumen, ruta, video) between '---' lines, then the Markdown body. */
export function leerArticulo(slug: string, texto: string): TArticuloFuente {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(texto.replace(/\r\n/g, '\n'));
  if (!m) throw new Error(`Artículo de ayuda ${slug}: falta el encabezado entre líneas ---`);
  const campos: Record<string, string> = {};
  for (const linea of m[1].split('\n')) {
    const i = linea.indexOf(':');
    if (i > 0) campos[linea.slice(0, i).trim()] = linea.slice(i + 1).trim();
  }
  if (!campos.titulo || !campos.resumen) throw new Error(`Artículo de ayuda ${slug}: faltan titulo o resumen`);
  return { slug, titulo: campos.titulo, resumen: campos.resumen, ruta: campos.ruta || null, video: campos.video || null, contenido: m[2].trim() };
}

export function articulosDelRepositorio(): TArticuloFuente[] {
  return readdirSync(CARPETA)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => leerArticulo(f.replace(/\.md$/, ''), readFileSync(path.join(CARPETA, f), 'utf8')));
}

/** Lower case without accents (ñ becomes n on both sides, so it still matches): the search ignores accents. */
export const sinTildes = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The vector of an article: title (A) above summary (B) above body (C), Spanish stemming, without accents. */
const vector = (a: TArticuloFuente) =>
  sql`setweight(to_tsvector('spanish', ${sinTildes(a.titulo)}), 'A') || setweight(to_tsvector('spanish', ${sinTildes(a.resumen)}), 'B') || setweight(to_tsvector('spanish', ${sinTildes(a.contenido)}), 'C')`;

/** Copies the repository's articles into the table (at start): new and changed ones are written, removed ones deleted. */
export async function sincronizarArticulos(db: Db, articulos = articulosDelRepositorio()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const a of articulos) {
      const valores = { titulo: a.titulo, resumen: a.resumen, ruta: a.ruta, video: a.video, contenido: a.contenido, busqueda: vector(a) };
      await tx
        .insert(articuloAyuda)
        .values({ slug: a.slug, ...valores })
        .onConflictDoUpdate({ target: articuloAyuda.slug, set: valores });
    }
    if (articulos.length) await tx.delete(articuloAyuda).where(notInArray(articuloAyuda.slug, articulos.map((a) => a.slug)));
  });
}

const resumen = { Slug: articuloAyuda.slug, Titulo: articuloAyuda.titulo, Resumen: articuloAyuda.resumen, Ruta: articuloAyuda.ruta };

/**
 * The words of a search as a tsquery: each word a prefix (so "anul" finds "anular" while typing), all of them
 * (`todas`) or any of them (a chat question: the best-ranked article that shares its words).
 */
function consulta(texto: string, todas: boolean) {
  const palabras = (sinTildes(texto).match(/[a-z0-9]+/g) ?? []).slice(0, 12);
  if (!palabras.length) return null;
  return palabras.map((p) => `${p}:*`).join(todas ? ' & ' : ' | ');
}

/** Every article (by title), or those matching a search, best first (ts_rank_cd over the weighted vector). */
export async function buscarArticulos(db: Db, buscar: string | undefined, opciones: { todas?: boolean; limite?: number } = {}): Promise<TArticuloAyudaResumen[]> {
  const q = buscar ? consulta(buscar, opciones.todas ?? true) : null;
  if (!buscar?.trim()) return db.select(resumen).from(articuloAyuda).orderBy(asc(articuloAyuda.titulo));
  if (!q) return [];
  const tsq = sql`to_tsquery('spanish', ${q})`;
  return db
    .select(resumen)
    .from(articuloAyuda)
    .where(sql`${articuloAyuda.busqueda} @@ ${tsq}`)
    .orderBy(sql`ts_rank_cd(${articuloAyuda.busqueda}, ${tsq}) desc`, asc(articuloAyuda.titulo))
    .limit(opciones.limite ?? 20);
}

export async function articuloPorSlug(db: Db, slug: string): Promise<TArticuloAyuda | undefined> {
  const [a] = await db
    .select({ ...resumen, Contenido: articuloAyuda.contenido, Video: articuloAyuda.video })
    .from(articuloAyuda)
    .where(eq(articuloAyuda.slug, slug));
  return a;
}
