ALTER TABLE "illustrators" ADD COLUMN "sales_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "sales_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "illustrators_newest_idx" ON "illustrators" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "illustrators_name_order_idx" ON "illustrators" USING btree (coalesce("name_en", "name"),"id");--> statement-breakpoint
CREATE INDEX "illustrators_sales_idx" ON "illustrators" USING btree ("sales_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cards_chain_listed_newest_idx" ON "cards" USING btree ("chain_id",(coalesce("minted_at", "created_at")) desc,"id" DESC NULLS FIRST) WHERE "cards"."listed_currency" is not null;--> statement-breakpoint
CREATE INDEX "categories_newest_idx" ON "categories" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "categories"."hidden";--> statement-breakpoint
CREATE INDEX "categories_sales_idx" ON "categories" USING btree ("sales_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "categories"."hidden";--> statement-breakpoint
-- The counts of the sales recorded so far (src/features/market/salesCounts.server.ts keeps them from now on).
UPDATE "categories" g SET "sales_count" = s.n
  FROM (SELECT "chain_id", "contract_address", count(*)::int AS n FROM "sales" WHERE "kind" = 'sale' GROUP BY 1, 2) s
  WHERE g."chain_id" = s."chain_id" AND g."contract_address" = s."contract_address";--> statement-breakpoint
UPDATE "illustrators" i SET "sales_count" = g.n
  FROM (SELECT "creator_id", sum("sales_count")::int AS n FROM "categories" WHERE "creator_id" IS NOT NULL GROUP BY 1) g
  WHERE i."id" = g."creator_id";
