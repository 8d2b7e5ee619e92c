-- Menu entries and controls of the security administration (range 4000-4999): the company's users page and the
-- seguridad area. Type 1 entries are pages (their component id is what the web's permission guard matches); type 2
-- entries are controls the guard hands to the page. Controls 4031 and 4041 edit the global catalogue (platform
-- operator) and are granted to no default role.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (4000, 1, NULL, 0, 'Seguridad', NULL, NULL, NULL, NULL, NULL, NULL, false, 80),
  (4010, 1, 4000, 1, 'Usuarios', '/admin/usuarios', 'TeamOutlined', 'link', 'admin', 'usuarios', 'usuarios', false, 10),
  (4011, 1, 4010, 2, 'Invitar usuarios', NULL, NULL, NULL, NULL, NULL, 'usuarios', false, 10),
  (4012, 1, 4010, 2, 'Activar, desactivar y eliminar usuarios; asignar roles y sucursales; restablecer contraseñas; cerrar sesiones', NULL, NULL, NULL, NULL, NULL, 'usuarios', false, 20),
  (4020, 1, 4000, 1, 'Roles', '/seguridad/roles', 'SafetyCertificateOutlined', 'link', 'seguridad', 'roles', 'roles', false, 20),
  (4021, 1, 4020, 2, 'Crear y editar roles, sus permisos y sus servicios', NULL, NULL, NULL, NULL, NULL, 'roles', false, 10),
  (4030, 1, 4000, 1, 'Permisos', '/seguridad/permisos', 'AppstoreOutlined', 'link', 'seguridad', 'permisos', 'permisos', false, 30),
  (4031, 1, 4030, 2, 'Vincular servicios a permisos (operador de la plataforma)', NULL, NULL, NULL, NULL, NULL, 'permisos', false, 10),
  (4040, 1, 4000, 1, 'Servicios', '/seguridad/servicios', 'LinkOutlined', 'link', 'seguridad', 'servicios', 'servicios', false, 40),
  (4041, 1, 4040, 2, 'Editar el catálogo de servicios (operador de la plataforma)', NULL, NULL, NULL, NULL, NULL, 'servicios', false, 10),
  (4050, 1, 4000, 1, 'Terminales', '/seguridad/terminales', 'ShopOutlined', 'link', 'seguridad', 'terminales', 'terminales', false, 50),
  (4051, 1, 4050, 2, 'Registrar y editar terminales', NULL, NULL, NULL, NULL, NULL, 'terminales', false, 10),
  (4060, 1, 4000, 1, 'Bitácora de seguridad', '/seguridad/auditoria', 'AuditOutlined', 'link', 'seguridad', 'auditoria', 'auditoria', false, 60);
--> statement-breakpoint
-- Supervisor: everything of the company. Soporte: reads users, roles, permissions, services and the audit log, and
-- looks after terminals. Cajero: sees the terminals.
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES
  (2, 4000), (2, 4010), (2, 4011), (2, 4012), (2, 4020), (2, 4021), (2, 4030), (2, 4040), (2, 4050), (2, 4051), (2, 4060),
  (4, 4000), (4, 4010), (4, 4020), (4, 4030), (4, 4040), (4, 4050), (4, 4051), (4, 4060),
  (1, 4000), (1, 4050);
