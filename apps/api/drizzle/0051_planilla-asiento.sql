-- PCGE 2019 accounts the payroll entry posts to (issue 15: payroll entries), missing from the reduced chart of 0037:
-- 407 Administradoras de fondos de pensiones, 40173 Renta de quinta categoría, 6214 Gratificaciones.
INSERT INTO "cuenta_contable" ("codigo", "descripcion", "naturaleza")
SELECT v.codigo, v.descripcion, v.naturaleza
  FROM (VALUES ('407', 'Administradoras de fondos de pensiones', 'A'),
               ('40173', 'Renta de quinta categoría', 'A'),
               ('6214', 'Gratificaciones', 'D')) AS v(codigo, descripcion, naturaleza)
 WHERE NOT EXISTS (SELECT 1 FROM "cuenta_contable" c WHERE c."codigo" = v.codigo AND c."id_empresa" IS NULL);
