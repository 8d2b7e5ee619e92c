-- Menu / permission tree of the electronic-document pages (emision-web): ids 2000-2999, and 3100 for the series page
-- (the maestros range keeps 3100+ for series). Tipo: 0 group label, 1 menu entry, 2 component (an action in a page).
-- The issuing pages hang from a submenu whose children are 'complete' links (their route is the full path).
INSERT INTO "permiso" ("id", "id_modulo", "id_padre", "tipo", "descripcion", "ruta", "icon_menu", "tipo_enlace", "estado_principal", "estado", "componente", "sub_menu", "orden") VALUES
  (2000, 1, NULL, 0, 'Facturación electrónica', NULL, NULL, NULL, NULL, NULL, NULL, false, 30),
  (2001, 1, 2000, 1, 'Emitir', NULL, 'FileDoneOutlined', 'sub', 'admin', 'documentos', 'emitir', true, 10),
  (2002, 1, 2001, 1, 'Factura', '/admin/documentos/emitir/factura', 'FileTextOutlined', 'complete', 'admin', 'factura', 'emitirfactura', false, 10),
  (2003, 1, 2001, 1, 'Boleta de venta', '/admin/documentos/emitir/boleta', 'FileTextOutlined', 'complete', 'admin', 'boleta', 'emitirboleta', false, 20),
  (2004, 1, 2001, 1, 'Nota de crédito', '/admin/documentos/emitir/nota-credito', 'FileTextOutlined', 'complete', 'admin', 'nota-credito', 'emitirnotacredito', false, 30),
  (2005, 1, 2001, 1, 'Nota de débito', '/admin/documentos/emitir/nota-debito', 'FileTextOutlined', 'complete', 'admin', 'nota-debito', 'emitirnotadebito', false, 40),
  (2006, 1, 2001, 1, 'Guía de remisión remitente', '/admin/documentos/emitir/guia-remitente', 'InboxOutlined', 'complete', 'admin', 'guia-remitente', 'emitirguiaremitente', false, 50),
  (2007, 1, 2001, 1, 'Guía de remisión transportista', '/admin/documentos/emitir/guia-transportista', 'InboxOutlined', 'complete', 'admin', 'guia-transportista', 'emitirguiatransportista', false, 60),
  (2010, 1, 2000, 1, 'Documentos emitidos', '/admin/documentos', 'FileTextOutlined', 'link', 'admin', 'documentos', 'documentos', false, 20),
  (2011, 1, 2010, 2, 'Anular comprobantes', NULL, NULL, NULL, NULL, NULL, 'documentos', false, 10),
  (2012, 1, 2010, 2, 'Enviar el resumen diario', NULL, NULL, NULL, NULL, NULL, 'documentos', false, 20),
  (2013, 1, 2010, 2, 'Enviar comprobantes por correo', NULL, NULL, NULL, NULL, NULL, 'documentos', false, 30),
  (2020, 1, 2000, 1, 'Regularizaciones', '/admin/regularizaciones', 'AuditOutlined', 'link', 'admin', 'regularizaciones', 'regularizaciones', false, 30),
  (2030, 1, 2000, 1, 'Consulta de comprobantes', '/admin/consultareceptor', 'SearchOutlined', 'link', 'admin', 'consultareceptor', 'consultareceptor', false, 40),
  (2040, 1, 2000, 1, 'Configuración SUNAT', '/admin/configuraciones/sunat', 'SafetyCertificateOutlined', 'link', 'admin', 'configuraciones', 'configuracionsunat', false, 50),
  (2041, 1, 2000, 1, 'Servidor de correo', '/admin/configuraciones/correo', 'SettingOutlined', 'link', 'admin', 'configuraciones', 'configuracioncorreo', false, 60),
  (3100, 1, 3000, 1, 'Series', '/admin/series', 'CalculatorOutlined', 'link', 'admin', 'series', 'series', false, 50);
--> statement-breakpoint
-- Same split as the services (DOC_EMITIR 1,2; DOC_ANULAR 2; DOC_REGULARIZAR 2,4; SUNAT_CONFIG_GUARDAR 2; SERIE_GUARDAR 2,4):
-- Cajero issues, lists, sends the resumen and e-mails; Supervisor everything; Soporte lists, regularizes and configures.
INSERT INTO "rol_permiso" ("id_rol", "id_permiso") VALUES
  (1, 2000), (1, 2001), (1, 2002), (1, 2003), (1, 2004), (1, 2005), (1, 2006), (1, 2007), (1, 2010), (1, 2012), (1, 2013), (1, 2030),
  (2, 2000), (2, 2001), (2, 2002), (2, 2003), (2, 2004), (2, 2005), (2, 2006), (2, 2007), (2, 2010), (2, 2011), (2, 2012), (2, 2013),
  (2, 2020), (2, 2030), (2, 2040), (2, 2041), (2, 3100),
  (4, 2000), (4, 2010), (4, 2012), (4, 2020), (4, 2030), (4, 2040), (4, 2041), (4, 3100);
