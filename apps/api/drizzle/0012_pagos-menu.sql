-- Menu entries of plans and payments (range 5000-5999). 5000: the company's own payments, package purchase and debts;
-- 5100: the provider's administration (payments inbox, plan configuration, plans per company). The provider pages
-- also check, on the server, that the caller belongs to the provider company (YUPANA_RUC_PROVEEDOR): a customer's
-- Soporte user sees the entries but gets a 403 with a Spanish message.
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (5000, 1, NULL, 0, 'Mi plan', NULL, NULL, NULL, NULL, NULL, NULL, false, 70),
  (5010, 1, 5000, 1, 'Mis pagos', '/admin/pagos', 'WalletOutlined', 'link', 'admin', 'pagos', 'pagos', false, 10),
  (5020, 1, 5000, 1, 'Comprar paquete', '/admin/pagos/recargastuboletape', 'ShoppingCartOutlined', 'link', 'admin', 'pagos', 'recargas', false, 20),
  (5030, 1, 5000, 1, 'Mis deudas', '/admin/deudas/mis-deudas', 'FileExclamationOutlined', 'link', 'admin', 'deudas', 'misdeudas', false, 30),
  (5100, 1, NULL, 0, 'Proveedor', NULL, NULL, NULL, NULL, NULL, NULL, false, 85),
  (5110, 1, 5100, 1, 'Gestión de pagos', '/admin/gestion-pagos', 'AuditOutlined', 'link', 'admin', 'gestion-pagos', 'gestionpagos', false, 10),
  (5120, 1, 5100, 1, 'Planes y paquetes', '/admin/plan-config', 'AppstoreOutlined', 'link', 'admin', 'plan-config', 'planconfig', false, 20),
  (5130, 1, 5100, 1, 'Planes por empresa', '/admin/plan-entidades', 'ClusterOutlined', 'link', 'admin', 'plan-entidades', 'planentidades', false, 30);
--> statement-breakpoint
-- Supervisor: the company's payments and purchases. Cajero: the debts page the banner links to. Soporte: everything,
-- including the provider's pages.
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES
  (2, 5000), (2, 5010), (2, 5020), (2, 5030),
  (1, 5000), (1, 5030),
  (4, 5000), (4, 5010), (4, 5020), (4, 5030), (4, 5100), (4, 5110), (4, 5120), (4, 5130);
