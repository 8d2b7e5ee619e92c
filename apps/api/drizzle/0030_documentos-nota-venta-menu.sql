-- The internal sale note (nota de venta, seed type 1008) gets its own issuing page in the "Emitir" submenu. Every
-- company may issue it; for a company without RUC (type 2) it is the only document (the menu hides the SUNAT screens).
-- Same roles as the other issuing pages: Cajero and Supervisor.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (2008, 1, 2001, 1, 'Nota de venta', '/admin/documentos/emitir/nota-venta', 'FileTextOutlined', 'complete', 'admin', 'nota-venta', 'emitirnotaventa', false, 25);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (1, 2008), (2, 2008);
