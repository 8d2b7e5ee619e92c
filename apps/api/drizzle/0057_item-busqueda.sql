-- The item search (list, documents and the point of sale) is a contains-search over the description, the internal code
-- and the GTIN. One trigram index over the same expression the query uses (items.service.ts, TEXTO_BUSQUEDA_ITEM)
-- answers it without reading every item of the company. pg_trgm is a trusted extension (PostgreSQL 13+): the database
-- owner creates it without superuser; PGlite loads it from its npm package (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_busqueda_trgm_ix" ON "item" USING gin ((lower("descripcion" || ' ' || "codigo" || ' ' || coalesce("codigo_producto", ''))) gin_trgm_ops);
