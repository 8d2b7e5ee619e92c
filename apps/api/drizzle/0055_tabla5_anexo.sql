ALTER TABLE "sucursal" ADD COLUMN "codigo_anexo" char(4) DEFAULT '0000' NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "tipo_existencia" char(2) DEFAULT '01' NOT NULL;--> statement-breakpoint
ALTER TABLE "sucursal" ADD CONSTRAINT "sucursal_codigo_anexo_ck" CHECK ("sucursal"."codigo_anexo" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_tipo_existencia_ck" CHECK ("item"."tipo_existencia" in ('01','02','03','04','05','06','07','08','09','10','91','92','93','94','95','96','97','98','99'));