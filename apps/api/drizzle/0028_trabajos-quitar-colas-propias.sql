DROP TABLE "envio_trabajo" CASCADE;--> statement-breakpoint
ALTER TABLE "lote_masivo" DROP COLUMN "bloqueo";--> statement-breakpoint
ALTER TABLE "lote_masivo" DROP COLUMN "bloqueado_hasta";