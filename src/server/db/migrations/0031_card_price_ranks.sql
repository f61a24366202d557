ALTER TABLE "cards" ADD COLUMN "price_asc_rank" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "price_desc_rank" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "cards_price_asc_idx" ON "cards" USING btree ("price_asc_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cards_price_desc_idx" ON "cards" USING btree ("price_desc_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST);