ALTER TABLE "cuota_pagar" ADD COLUMN "detraccion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "compra" ADD COLUMN "detraccion_codigo" char(3);--> statement-breakpoint
ALTER TABLE "compra" ADD COLUMN "detraccion_porcentaje" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "compra" ADD COLUMN "detraccion_monto" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "compra" ADD COLUMN "percepcion_porcentaje" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "compra" ADD COLUMN "percepcion_monto" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "compra" ADD CONSTRAINT "compra_detraccion_ck" CHECK ("compra"."detraccion_monto" is null or ("compra"."tipo_documento" = '01' and "compra"."detraccion_monto" > 0 and "compra"."detraccion_codigo" is not null and "compra"."detraccion_porcentaje" > 0));--> statement-breakpoint
ALTER TABLE "compra" ADD CONSTRAINT "compra_percepcion_ck" CHECK ("compra"."percepcion_monto" is null or ("compra"."tipo_documento" in ('01', '03') and "compra"."percepcion_monto" > 0 and "compra"."percepcion_porcentaje" > 0));--> statement-breakpoint
-- PCGE 2019 account the percepciones suffered post to (mapping PERCEPCIONES_IGV), missing from the reduced chart of 0037:
-- 40113 IGV - Régimen de percepciones (sibling of 40111 and 40114).
INSERT INTO "cuenta_contable" ("codigo", "descripcion", "naturaleza")
SELECT v.codigo, v.descripcion, v.naturaleza
  FROM (VALUES ('40113', 'IGV - Régimen de percepciones', 'A')) AS v(codigo, descripcion, naturaleza)
 WHERE NOT EXISTS (SELECT 1 FROM "cuenta_contable" c WHERE c."codigo" = v.codigo AND c."id_empresa" IS NULL);
