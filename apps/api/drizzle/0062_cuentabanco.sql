ALTER TABLE "pago_proveedor" ADD COLUMN "itf" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cobro" ADD COLUMN "itf" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cuenta_financiera" ADD COLUMN "id_cuenta_contable" integer;