ALTER TABLE "empresa" ADD COLUMN "es_proveedor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "asistente_finalizado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_proveedor_uq" ON "empresa" USING btree ("es_proveedor") WHERE "empresa"."es_proveedor";--> statement-breakpoint
-- A company already past the wizard (with or without RUC, and no user of it with a step left open) has finished it.
UPDATE "empresa" e SET "asistente_finalizado" = true
 WHERE e."tipo_empresa" <> 1
   AND NOT EXISTS (
     SELECT 1 FROM "usuario" u, jsonb_array_elements(coalesce((u."datos_json"::jsonb)->'Pasos', '[]'::jsonb)) p
      WHERE u."id_empresa" = e."id" AND (p->>'Estado')::int <> 3);
--> statement-breakpoint
-- The wizard's steps used to be granted to every role: only the company's administrator (Supervisor, role 2) keeps them.
-- (On a new database the catalogue is copied after the migrations, with the new defaults, and this deletes nothing.)
DELETE FROM "rol_servicio" rs USING "servicio" s
 WHERE rs."id_servicio" = s."id" AND s."codigo" = 'ONBOARDING_CONFIGURAR' AND rs."id_rol" <> 2;
--> statement-breakpoint
-- Menu entry of the company's data (the issuer printed on every document): the administrator edits it; Soporte reads it.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (2044, 1, 2000, 1, 'Datos de la empresa', '/admin/configuraciones/empresa', 'BankOutlined', 'link', 'admin', 'configuraciones', 'configuracionempresa', false, 45);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (2, 2044), (4, 2044);
