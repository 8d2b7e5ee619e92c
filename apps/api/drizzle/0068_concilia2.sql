ALTER TABLE "extracto_linea" DROP CONSTRAINT "extracto_linea_tipo_ck";--> statement-breakpoint
ALTER TABLE "deduccion_documento" ADD COLUMN "monto_soles" numeric(14, 2);--> statement-breakpoint
-- Backfill: the soles of existing deductions, as the registration computed them for their entry (a dollar
-- document at the day's selling rate of its date; without a rate, which registration refused, the amount itself).
UPDATE "deduccion_documento" d SET "monto_soles" = CASE WHEN d."id_moneda" = 2
  THEN round(d."monto" * coalesce((SELECT t."venta" FROM "tipo_cambio" t WHERE t."id_empresa" = d."id_empresa" AND t."id_moneda" = 2 AND t."fecha" = d."fecha" ORDER BY t."id" LIMIT 1), 1), 2)
  ELSE d."monto" END;--> statement-breakpoint
ALTER TABLE "deduccion_documento" ALTER COLUMN "monto_soles" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "extracto_linea" ADD CONSTRAINT "extracto_linea_tipo_ck" CHECK (("extracto_linea"."tipo_operacion" is null) = ("extracto_linea"."id_operacion" is null) and ("extracto_linea"."tipo_operacion" is null or "extracto_linea"."tipo_operacion" in ('M', 'C', 'P', 'I', 'J', 'K', 'N', 'D')));