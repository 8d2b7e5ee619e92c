ALTER TABLE "almacen" ADD COLUMN "direccion" varchar(250);--> statement-breakpoint
ALTER TABLE "almacen" ADD COLUMN "id_ubigeo" char(6);--> statement-breakpoint
ALTER TABLE "almacen" ADD COLUMN "codigo_anexo" char(4);--> statement-breakpoint
ALTER TABLE "almacen" ADD CONSTRAINT "almacen_direccion_ck" CHECK (("almacen"."direccion" is null) = ("almacen"."id_ubigeo" is null) and ("almacen"."codigo_anexo" is null or "almacen"."direccion" is not null));--> statement-breakpoint
ALTER TABLE "almacen" ADD CONSTRAINT "almacen_codigo_anexo_ck" CHECK ("almacen"."codigo_anexo" ~ '^[0-9]{4}$');