-- The short grams of a name: every one- and two-character piece of it in lower case, each once. A keyword of one or
-- two characters (a kanji, a Japanese family name) holds no trigram, so the trigram indexes cannot find it; these
-- indexes find the names that have it as a gram (src/server/db/listConditions.ts, nameContains). Its cost tells the
-- planner to test a row's substring before computing its grams.
CREATE OR REPLACE FUNCTION kf_short_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  RETURN ARRAY(SELECT DISTINCT substr(lower(t), i, n) FROM generate_series(1, 2) AS n, generate_series(1, length(t) - n + 1) AS i);--> statement-breakpoint
CREATE INDEX "illustrators_name_grams" ON "illustrators" USING gin (kf_short_grams("name"));--> statement-breakpoint
CREATE INDEX "illustrators_name_en_grams" ON "illustrators" USING gin (kf_short_grams("name_en"));--> statement-breakpoint
CREATE INDEX "cards_name_grams" ON "cards" USING gin (kf_short_grams("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cards_name_en_grams" ON "cards" USING gin (kf_short_grams("metadata"->>'name_en')) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "categories_name_grams" ON "categories" USING gin (kf_short_grams("name"));--> statement-breakpoint
CREATE INDEX "categories_name_en_grams" ON "categories" USING gin (kf_short_grams("name_en"));--> statement-breakpoint
-- The planner's statistics of the new index expressions (how common each gram is), so a common keyword walks the
-- list's order and a rare one reads its few names by index. Only of a catalogue that has cards: statistics of empty
-- tables would tell the planner they stay empty (the embedded database analyses nothing by itself).
DO $$ BEGIN IF EXISTS (SELECT 1 FROM "cards") THEN ANALYZE "cards", "categories", "illustrators"; END IF; END $$;
