ALTER TABLE "pago_proveedor" DROP CONSTRAINT "pago_proveedor_tipo_ck";--> statement-breakpoint
ALTER TABLE "pago_proveedor" ALTER COLUMN "id_cuenta_financiera" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "pago_proveedor_saldo_favor_ix" ON "pago_proveedor" USING btree ("id_empresa","numero_documento_proveedor","id_moneda") WHERE "pago_proveedor"."id_tipo_pago" = 3 and not "pago_proveedor"."anulado";--> statement-breakpoint
ALTER TABLE "pago_proveedor" ADD CONSTRAINT "pago_proveedor_cuenta_ck" CHECK (("pago_proveedor"."id_tipo_pago" = 3) = ("pago_proveedor"."id_cuenta_financiera" is null));--> statement-breakpoint
ALTER TABLE "pago_proveedor" ADD CONSTRAINT "pago_proveedor_tipo_ck" CHECK ("pago_proveedor"."id_tipo_pago" in (1, 2, 3));