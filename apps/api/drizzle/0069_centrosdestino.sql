ALTER TABLE "caja" ADD COLUMN "baudios_impresora" integer DEFAULT 9600 NOT NULL;--> statement-breakpoint
ALTER TABLE "centro_costo" ADD COLUMN "id_cuenta_destino" integer;--> statement-breakpoint
ALTER TABLE "contrato_laboral" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "contrato_laboral" ADD CONSTRAINT "contrato_laboral_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_baudios_impresora_ck" CHECK ("caja"."baudios_impresora" in (9600, 19200, 38400, 57600, 115200));--> statement-breakpoint
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (13440, 1, 13000, 1, 'Tablero financiero', '/admin/finanzas/tablero', 'LineChartOutlined', 'link', 'admin', 'finanzas', 'finanzastablero', false, 5);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (2, 13440), (4, 13440);
