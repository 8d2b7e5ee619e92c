import { customType, index, pgTable, text } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The help articles (copied at start from articulos/*.md, the source of truth kept in the repository) with their
 * full-text search vector: Spanish configuration over the text without accents, title weighted above the body.
 */
export const articuloAyuda = pgTable(
  'articulo_ayuda',
  {
    slug: text('slug').primaryKey(),
    titulo: text('titulo').notNull(),
    resumen: text('resumen').notNull(),
    ruta: text('ruta'),
    video: text('video'),
    contenido: text('contenido').notNull(),
    busqueda: tsvector('busqueda').notNull(),
  },
  (t) => [index('articulo_ayuda_busqueda_idx').using('gin', t.busqueda)],
);
