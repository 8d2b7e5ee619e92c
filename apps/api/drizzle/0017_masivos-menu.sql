-- Mass issuing page (/admin/documentos-masivos) in the electronic-documents group (ids 2000-2999): a data migration
-- tool, so only the Supervisor gets it by default (services MASIVO_VER / MASIVO_EMITIR, also linked to permission 2050).
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (2050, 1, 2000, 1, 'Emisión masiva (Excel)', '/admin/documentos-masivos', 'AppstoreOutlined', 'link', 'admin', 'documentos-masivos', 'documentosmasivos', false, 25);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (2, 2050);
