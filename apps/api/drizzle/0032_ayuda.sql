CREATE TABLE "articulo_ayuda" (
	"slug" text PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"resumen" text NOT NULL,
	"ruta" text,
	"video" text,
	"contenido" text NOT NULL,
	"busqueda" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "articulo_ayuda_busqueda_idx" ON "articulo_ayuda" USING gin ("busqueda");