ALTER TABLE "cards" ADD COLUMN "listed_currency" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "listed_sale_type" text;--> statement-breakpoint
CREATE INDEX "cards_chain_price_asc_idx" ON "cards" USING btree ("chain_id","price_asc_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id") WHERE not "cards"."hidden";--> statement-breakpoint
CREATE INDEX "cards_chain_price_desc_idx" ON "cards" USING btree ("chain_id","price_desc_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id") WHERE not "cards"."hidden";--> statement-breakpoint
CREATE INDEX "cards_listed_price_asc_idx" ON "cards" USING btree ("listed_currency","price_asc_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cards"."listed_currency" is not null;--> statement-breakpoint
CREATE INDEX "cards_listed_price_desc_idx" ON "cards" USING btree ("listed_currency","price_desc_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cards"."listed_currency" is not null;--> statement-breakpoint
CREATE INDEX "cards_listed_sale_type_idx" ON "cards" USING btree ("listed_sale_type") WHERE "cards"."listed_sale_type" is not null;--> statement-breakpoint
CREATE INDEX "cards_name_trgm" ON "cards" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cards_name_en_trgm" ON "cards" USING gin (("metadata"->>'name_en') gin_trgm_ops) WITH (fastupdate=false);