-- The provider's payments report (/admin/plan-reporte), beside the other provider entries (5100).
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (5140, 1, 5100, 1, 'Reporte de pagos', '/admin/plan-reporte', 'BarChartOutlined', 'link', 'admin', 'plan-reporte', 'planreporte', false, 40);
--> statement-breakpoint
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES (4, 5140);
