CREATE TABLE "uso_comprobantes" (
	"id_empresa" integer PRIMARY KEY NOT NULL,
	"tributarios" integer DEFAULT 0 NOT NULL,
	"internos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uso_comprobantes" ADD CONSTRAINT "uso_comprobantes_id_empresa_empresa_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The allowance's usage counters follow documento_contable in the same transaction (statement-level triggers with
-- transition tables: one upsert per statement and company, so a group of 50 documents moves the row once). Same
-- semantics as the count they replace: every row of the company, voided included; tax 1003-1006, internal 1008.
CREATE FUNCTION "uso_comprobantes_aplicar"(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "uso_comprobantes" AS u ("id_empresa", "tributarios", "internos")
  SELECT e, t, i FROM (
    SELECT (x->>'e')::int e, sum((x->>'t')::int)::int t, sum((x->>'i')::int)::int i FROM jsonb_array_elements(delta) x GROUP BY 1
  ) s WHERE t <> 0 OR i <> 0 ORDER BY e
  ON CONFLICT ("id_empresa") DO UPDATE SET "tributarios" = u."tributarios" + excluded."tributarios", "internos" = u."internos" + excluded."internos";
END
$$;--> statement-breakpoint
CREATE FUNCTION "uso_comprobantes_insertados"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('e', e, 't', t, 'i', i)) INTO d FROM (
    SELECT "id_empresa" e, count(*) FILTER (WHERE "id_tipo_documento" IN (1003, 1004, 1005, 1006)) t, count(*) FILTER (WHERE "id_tipo_documento" = 1008) i
      FROM nuevos GROUP BY "id_empresa") s WHERE t <> 0 OR i <> 0;
  IF d IS NOT NULL THEN PERFORM "uso_comprobantes_aplicar"(d); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "uso_comprobantes_borrados"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('e', e, 't', -t, 'i', -i)) INTO d FROM (
    SELECT "id_empresa" e, count(*) FILTER (WHERE "id_tipo_documento" IN (1003, 1004, 1005, 1006)) t, count(*) FILTER (WHERE "id_tipo_documento" = 1008) i
      FROM viejos GROUP BY "id_empresa") s WHERE t <> 0 OR i <> 0;
  IF d IS NOT NULL THEN PERFORM "uso_comprobantes_aplicar"(d); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An UPDATE moves the counters only when it changes a document's company or type (never done today): a row trigger
-- with a WHEN condition, so SUNAT status updates neither fire it nor lock the counter row.
CREATE FUNCTION "uso_comprobantes_cambiado"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t_viejo int := CASE WHEN OLD."id_tipo_documento" IN (1003, 1004, 1005, 1006) THEN 1 ELSE 0 END;
  i_viejo int := CASE WHEN OLD."id_tipo_documento" = 1008 THEN 1 ELSE 0 END;
  t_nuevo int := CASE WHEN NEW."id_tipo_documento" IN (1003, 1004, 1005, 1006) THEN 1 ELSE 0 END;
  i_nuevo int := CASE WHEN NEW."id_tipo_documento" = 1008 THEN 1 ELSE 0 END;
BEGIN
  PERFORM "uso_comprobantes_aplicar"(jsonb_build_array(
    jsonb_build_object('e', OLD."id_empresa", 't', -t_viejo, 'i', -i_viejo),
    jsonb_build_object('e', NEW."id_empresa", 't', t_nuevo, 'i', i_nuevo)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "uso_comprobantes_vaciados"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "uso_comprobantes" SET "tributarios" = 0, "internos" = 0 WHERE "tributarios" <> 0 OR "internos" <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "uso_comprobantes_insercion_tr" AFTER INSERT ON "documento_contable" REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION "uso_comprobantes_insertados"();--> statement-breakpoint
CREATE TRIGGER "uso_comprobantes_borrado_tr" AFTER DELETE ON "documento_contable" REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION "uso_comprobantes_borrados"();--> statement-breakpoint
CREATE TRIGGER "uso_comprobantes_cambio_tr" AFTER UPDATE OF "id_empresa", "id_tipo_documento" ON "documento_contable" FOR EACH ROW
  WHEN (OLD."id_empresa" IS DISTINCT FROM NEW."id_empresa" OR OLD."id_tipo_documento" IS DISTINCT FROM NEW."id_tipo_documento") EXECUTE FUNCTION "uso_comprobantes_cambiado"();--> statement-breakpoint
CREATE TRIGGER "uso_comprobantes_vaciado_tr" AFTER TRUNCATE ON "documento_contable" FOR EACH STATEMENT EXECUTE FUNCTION "uso_comprobantes_vaciados"();--> statement-breakpoint
-- Backfill after the triggers exist: creating them locked documento_contable against writes until this migration
-- commits, so no document slips between the count and the first trigger.
INSERT INTO "uso_comprobantes" ("id_empresa", "tributarios", "internos")
SELECT "id_empresa", count(*) FILTER (WHERE "id_tipo_documento" IN (1003, 1004, 1005, 1006)), count(*) FILTER (WHERE "id_tipo_documento" = 1008)
  FROM "documento_contable" GROUP BY "id_empresa";
