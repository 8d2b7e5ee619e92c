-- Menu entry of the billing parameters (documentos range): Supervisor and Soporte, like the other settings.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (2043, 1, 2000, 1, 'Parámetros de facturación', '/admin/configuraciones/parametros', 'SettingOutlined', 'link', 'admin', 'configuraciones', 'configuracionparametros', false, 80);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (2, 2043), (4, 2043);
