-- Issue 5: the modules and security-parameters pages of the seguridad area (range 4000-4999), and the seed's sales
-- page /admin/ventas with its fixed permission id 120 and component 'ventas' (under 'Facturación electrónica').
-- Control 4071 edits the global module catalogue: the provider's staff (Soporte); the API checks the company too.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (120, 1, 2000, 1, 'Ventas', '/admin/ventas', 'LineChartOutlined', 'link', 'admin', 'ventas', 'ventas', false, 5),
  (4070, 1, 4000, 1, 'Módulos', '/seguridad/modulos', 'AppstoreAddOutlined', 'link', 'seguridad', 'modulos', 'modulos', false, 70),
  (4071, 1, 4070, 2, 'Crear, editar, activar y desactivar módulos (personal del proveedor)', NULL, NULL, NULL, NULL, NULL, 'modulos', false, 10),
  (4080, 1, 4000, 1, 'Parámetros de seguridad', '/seguridad/parametros', 'ControlOutlined', 'link', 'seguridad', 'parametros', 'parametros', false, 80);
--> statement-breakpoint
-- Ventas: Supervisor and Cajero. Modules: Supervisor and Soporte see them, Soporte edits. Parameters: Supervisor.
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES
  (1, 120), (2, 120),
  (2, 4070), (4, 4070), (4, 4071),
  (2, 4080);
