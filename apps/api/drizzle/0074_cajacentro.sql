ALTER TABLE "caja" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "movimiento_caja" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_caja" ADD CONSTRAINT "movimiento_caja_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;