ALTER TABLE "dispositivo_caja" ADD COLUMN "id_serie_boleta" integer;--> statement-breakpoint
ALTER TABLE "dispositivo_caja" ADD COLUMN "ultimo_reportado_boleta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispositivo_caja" ADD CONSTRAINT "dispositivo_caja_id_serie_boleta_serie_id_fk" FOREIGN KEY ("id_serie_boleta") REFERENCES "public"."serie"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivo_caja_serie_boleta_uq" ON "dispositivo_caja" USING btree ("id_serie_boleta");