ALTER TABLE "caja" ADD COLUMN "ancho_ticket" smallint DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "caja" ADD CONSTRAINT "caja_ancho_ticket_ck" CHECK ("caja"."ancho_ticket" in (58, 80));