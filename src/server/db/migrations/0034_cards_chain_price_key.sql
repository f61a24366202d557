DROP INDEX "cards_chain_price_asc_idx";--> statement-breakpoint
DROP INDEX "cards_chain_price_desc_idx";--> statement-breakpoint
CREATE INDEX "cards_chain_price_asc_idx" ON "cards" USING btree ("chain_id",(coalesce("price_asc_rank", 0)) desc,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cards_chain_price_desc_idx" ON "cards" USING btree ("chain_id",(coalesce("price_desc_rank", 0)) desc,"id" DESC NULLS FIRST);