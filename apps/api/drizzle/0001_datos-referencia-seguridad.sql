-- Reference data every installation needs (not demo data): the ERP module, the seed's roles and the
-- permission tree / menu of the pages that exist so far. Later modules add their entries in their own migrations.
INSERT INTO "modulo" ("id", "nombre", "descripcion") VALUES
  (1, 'ERP', 'Yupana ERP: facturación electrónica y back-office');
--> statement-breakpoint
INSERT INTO "rol" ("id", "id_modulo", "nombre", "descripcion") VALUES
  (1, 1, 'Cajero', 'Ventas y caja de su sucursal'),
  (2, 1, 'Supervisor', 'Administra la empresa, sus sucursales y usuarios'),
  (4, 1, 'Soporte', 'Asistencia técnica a la empresa');
--> statement-breakpoint
-- Tipo: 0 group label (top level), 1 menu entry, 2 component. TipoEnlace: link | extLink | sub at the top,
-- parent | admin | complete | external for submenu children.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (1000, 1, NULL, 0, 'Principal', NULL, NULL, NULL, NULL, NULL, NULL, false, 10),
  (1001, 1, 1000, 1, 'Inicio', '/admin', 'HomeOutlined', 'link', 'admin', NULL, 'inicio', false, 10),
  (1100, 1, NULL, 0, 'Mi cuenta', NULL, NULL, NULL, NULL, NULL, NULL, false, 20),
  (1101, 1, 1100, 1, 'Usuario', NULL, 'UserOutlined', 'sub', 'admin', 'usuario', 'usuario', true, 10),
  (1102, 1, 1101, 1, 'Mi perfil', '/admin/usuario/perfil', 'IdcardOutlined', 'admin', 'admin', 'perfil', 'usuarioperfil', false, 10),
  (1103, 1, 1102, 2, 'Cambiar contraseña', NULL, NULL, NULL, NULL, NULL, 'usuarioperfil', false, 10),
  (1200, 1, NULL, 0, 'Ayuda y soporte', NULL, NULL, NULL, NULL, NULL, NULL, false, 90),
  (1201, 1, 1200, 1, 'Comunícate con Soporte', '/admin/ayuda-soporte/comunicate', 'CustomerServiceOutlined', 'link', 'admin', 'ayuda-soporte', 'comunicate', false, 10),
  (1202, 1, 1200, 1, 'Consulta RUC SUNAT', 'https://e-consultaruc.sunat.gob.pe/cl-ti-itmrconsruc/FrameCriterioBusquedaWeb.jsp', 'SearchOutlined', 'extLink', NULL, NULL, NULL, false, 20);
--> statement-breakpoint
-- Every role sees the home page, its profile and support; the SUNAT RUC lookup is for supervisors and support.
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES
  (1, 1000), (1, 1001), (1, 1100), (1, 1101), (1, 1102), (1, 1103), (1, 1200), (1, 1201),
  (2, 1000), (2, 1001), (2, 1100), (2, 1101), (2, 1102), (2, 1103), (2, 1200), (2, 1201), (2, 1202),
  (4, 1000), (4, 1001), (4, 1100), (4, 1101), (4, 1102), (4, 1103), (4, 1200), (4, 1201), (4, 1202);
