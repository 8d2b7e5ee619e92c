ALTER TABLE "sucursal" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "documento_contable" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "compra" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "documento_contable" ADD CONSTRAINT "documento_contable_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra" ADD CONSTRAINT "compra_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;