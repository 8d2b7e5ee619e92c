DROP INDEX "trabajo_listos_ix";--> statement-breakpoint
CREATE INDEX "trabajo_empresa_listos_ix" ON "trabajo" USING btree ("cola","id_empresa","proximo_intento","id") WHERE "trabajo"."estado" in ('PENDIENTE', 'EN_CURSO');--> statement-breakpoint
CREATE INDEX "trabajo_en_curso_ix" ON "trabajo" USING btree ("cola","id_empresa") WHERE "trabajo"."estado" = 'EN_CURSO';