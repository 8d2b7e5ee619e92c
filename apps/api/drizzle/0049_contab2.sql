ALTER TABLE "asiento_linea" ADD COLUMN "id_centro_costo" integer;--> statement-breakpoint
ALTER TABLE "asiento_linea" ADD CONSTRAINT "asiento_linea_id_centro_costo_centro_costo_id_fk" FOREIGN KEY ("id_centro_costo") REFERENCES "public"."centro_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asiento_linea_centro_ix" ON "asiento_linea" USING btree ("id_empresa","id_centro_costo") WHERE "asiento_linea"."id_centro_costo" is not null;--> statement-breakpoint
INSERT INTO "cuenta_contable" ("codigo", "descripcion", "naturaleza") VALUES
  ('676', 'Diferencia de cambio (pérdida)', 'D'),
  ('776', 'Diferencia de cambio (ganancia)', 'A');
--> statement-breakpoint
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (14200, 1, 14000, 1, 'Centros de costo', '/admin/contabilidad/centros-costo', 'AuditOutlined', 'link', 'admin', 'contabilidad', 'contabilidadcentroscosto', false, 70);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (2, 14200), (4, 14200);
