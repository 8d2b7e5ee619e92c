-- Menu / permission tree of the maestros pages (ids 3000-3099 of the 3000-3499 range; series keep the rest).
-- Tipo: 0 group label, 1 menu entry, 2 component (an action inside a page).
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (3000, 1, NULL, 0, 'Maestros', NULL, NULL, NULL, NULL, NULL, NULL, false, 40),
  (3001, 1, 3000, 1, 'Clientes', '/admin/entidades', 'TeamOutlined', 'link', 'admin', 'entidades', 'entidades', false, 10),
  (3011, 1, 3001, 2, 'Registrar y editar clientes', NULL, NULL, NULL, NULL, NULL, 'entidades', false, 10),
  (3012, 1, 3001, 2, 'Desactivar y reactivar clientes', NULL, NULL, NULL, NULL, NULL, 'entidades', false, 20),
  (3002, 1, 3000, 1, 'Productos y servicios', '/admin/items', 'ShoppingCartOutlined', 'link', 'admin', 'items', 'items', false, 20),
  (3021, 1, 3002, 2, 'Registrar y editar productos y servicios', NULL, NULL, NULL, NULL, NULL, 'items', false, 10),
  (3003, 1, 3000, 1, 'Sucursales', '/admin/sucursales', 'ShopOutlined', 'link', 'admin', 'sucursales', 'sucursales', false, 30),
  (3031, 1, 3003, 2, 'Registrar y editar sucursales', NULL, NULL, NULL, NULL, NULL, 'sucursales', false, 10),
  (3004, 1, 3000, 1, 'Padrón RUC SUNAT', '/admin/padron-ruc', 'AuditOutlined', 'link', 'admin', 'padron-ruc', 'padronruc', false, 40),
  (3041, 1, 3004, 2, 'Importar el padrón reducido del RUC', NULL, NULL, NULL, NULL, NULL, 'padronruc', false, 10);
--> statement-breakpoint
-- Cajero: customers (register and edit) and the item catalogue (read, favourites). Supervisor and Soporte: everything.
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES
  (1, 3000), (1, 3001), (1, 3011), (1, 3002),
  (2, 3000), (2, 3001), (2, 3011), (2, 3012), (2, 3002), (2, 3021), (2, 3003), (2, 3031), (2, 3004), (2, 3041),
  (4, 3000), (4, 3001), (4, 3011), (4, 3012), (4, 3002), (4, 3021), (4, 3003), (4, 3031), (4, 3004), (4, 3041);
