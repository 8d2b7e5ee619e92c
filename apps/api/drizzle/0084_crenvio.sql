ALTER TABLE "envio_lote" DROP CONSTRAINT "envio_lote_tipo_ck";--> statement-breakpoint
ALTER TABLE "comprobante_retencion" ADD COLUMN "id_lote_reversion" integer;--> statement-breakpoint
ALTER TABLE "comprobante_retencion" ADD CONSTRAINT "comprobante_retencion_id_lote_reversion_envio_lote_id_fk" FOREIGN KEY ("id_lote_reversion") REFERENCES "public"."envio_lote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_lote" ADD CONSTRAINT "envio_lote_tipo_ck" CHECK ("envio_lote"."tipo" in ('RC', 'RA', 'RR'));