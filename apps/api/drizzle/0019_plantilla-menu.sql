-- Menu entry of the invoice-template settings (documentos range): Supervisor and Soporte, like the SUNAT settings.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (2042, 1, 2000, 1, 'Plantilla de comprobantes', '/admin/configuraciones/plantilla', 'PrinterOutlined', 'link', 'admin', 'configuraciones', 'configuracionplantilla', false, 70);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (2, 2042), (4, 2042);
