-- The provider's catalogue of plans (reference data every installation starts with; the provider edits it in
-- /admin/plan-config). Plan types: 1 monthly, 2 yearly, 5 lifetime (the purchasable ones), 3 free trial, 4 custom
-- corporate (sold by contract, not on the purchase list). cantidad_maxima = documents the package adds.
INSERT INTO "plan" ("id", "nombre", "descripcion", "grupo", "tipo_plan", "precio", "id_moneda", "caracteristicas", "cantidad_maxima", "gratuito", "tiempo_pago", "dias_vigencia", "color") VALUES
  (1, 'Plan Gratuito', 'Prueba del sistema con comprobantes internos', 'Básico', 3, 0.00, 1, '[{"Descripcion":"20 comprobantes","Tipo":1},{"Descripcion":"Soporte por correo","Tipo":2}]', 20, true, '1 mes', 30, '#8c8c8c'),
  (2, 'Paquete Emprendedor', 'Para negocios que empiezan a facturar', 'Mensual', 1, 29.90, 1, '[{"Descripcion":"100 comprobantes electrónicos","Tipo":1},{"Descripcion":"1 usuario","Tipo":1},{"Descripcion":"Soporte por WhatsApp","Tipo":2}]', 100, false, '1 mes', 30, '#1677ff'),
  (3, 'Paquete Negocio', 'Para tiendas con ventas diarias', 'Mensual', 1, 59.90, 1, '[{"Descripcion":"500 comprobantes electrónicos","Tipo":1},{"Descripcion":"3 usuarios","Tipo":1},{"Descripcion":"Soporte prioritario","Tipo":2}]', 500, false, '1 mes', 30, '#13c2c2'),
  (4, 'Plan Anual Pyme', 'Un año de facturación para la pequeña empresa', 'Anual', 2, 399.00, 1, '[{"Descripcion":"6,000 comprobantes electrónicos","Tipo":1},{"Descripcion":"Usuarios ilimitados","Tipo":1},{"Descripcion":"Capacitación inicial","Tipo":2}]', 6000, false, '1 año', 365, '#722ed1'),
  (5, 'Pago único de por vida', 'Un solo pago, sin renovaciones', 'Promoción', 5, 499.00, 1, '[{"Descripcion":"Comprobantes ilimitados","Tipo":1},{"Descripcion":"Sin pagos mensuales","Tipo":1},{"Descripcion":"Actualizaciones incluidas","Tipo":2}]', 1000000, false, 'De por vida', 36500, '#fa8c16'),
  (6, 'Plan Corporativo', 'Condiciones según contrato', 'Corporativo', 4, 1500.00, 1, '[{"Descripcion":"Volumen a medida","Tipo":1}]', 100000, false, '1 año', 365, '#262626');
--> statement-breakpoint
-- Fixed ids above so the catalogue is the same everywhere; new plans continue after them.
SELECT setval(pg_get_serial_sequence('plan', 'id'), 100);
