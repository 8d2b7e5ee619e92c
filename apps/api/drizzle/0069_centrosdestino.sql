ALTER TABLE "centro_costo" ADD COLUMN "id_cuenta_destino" integer;--> statement-breakpoint
ALTER TABLE "contrato_laboral" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "contrato_laboral" ADD CONSTRAINT "contrato_laboral_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;