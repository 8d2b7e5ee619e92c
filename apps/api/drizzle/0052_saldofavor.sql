ALTER TABLE "cobro" DROP CONSTRAINT "cobro_tipo_ck";--> statement-breakpoint
ALTER TABLE "cobro" ALTER COLUMN "id_cuenta_financiera" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "cobro_saldo_favor_ix" ON "cobro" USING btree ("id_empresa","numero_documento_cliente","id_moneda") WHERE "cobro"."id_tipo_cobro" = 3 and not "cobro"."anulado";--> statement-breakpoint
ALTER TABLE "cobro" ADD CONSTRAINT "cobro_cuenta_ck" CHECK (("cobro"."id_tipo_cobro" = 3) = ("cobro"."id_cuenta_financiera" is null));--> statement-breakpoint
ALTER TABLE "cobro" ADD CONSTRAINT "cobro_tipo_ck" CHECK ("cobro"."id_tipo_cobro" in (1, 2, 3));