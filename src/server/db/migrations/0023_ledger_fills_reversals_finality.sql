CREATE TABLE "fill_bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fill_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "fill_bookings_tx_hash_format" CHECK ("fill_bookings"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "fill_bookings_position_not_negative" CHECK ("fill_bookings"."block_number" >= 0 and "fill_bookings"."log_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "platform_receipts" DROP CONSTRAINT "platform_receipts_position_unique";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_entry_valid";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_one_source";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_sales_have_chain";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_entry_source";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_amount_sign";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_receipt_id_platform_receipts_id_fk";
--> statement-breakpoint
DROP INDEX "revenues_sale_id_idx";--> statement-breakpoint
DROP INDEX "revenues_sale_item_unique";--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "fill_id" bigint;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "indexer_cursors" ADD COLUMN "final_block" bigint;--> statement-breakpoint
ALTER TABLE "platform_receipts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_holds" ADD COLUMN "mismatches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fill_bookings_position_unique" ON "fill_bookings" USING btree ("chain_id","tx_hash","log_index") WHERE "fill_bookings"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "fill_bookings_block_idx" ON "fill_bookings" USING btree ("chain_id","block_number");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_fill_id_fill_bookings_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fill_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_reverses_id_revenues_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."revenues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_receipt_id_platform_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."platform_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenues_fill_id_idx" ON "revenues" USING btree ("fill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_receipts_position_unique" ON "platform_receipts" USING btree ("chain_id","tx_hash","log_index","item_index") WHERE "platform_receipts"."reversed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "revenues_sale_item_unique" ON "revenues" USING btree ("fill_id","illustrator_id","kind","currency_code","settlement") WHERE "revenues"."receipt_id" is null and "revenues"."entry" = 'sale';--> statement-breakpoint
-- The sale entries booked so far name the ledger's own record of their fill (same position as their sale).
INSERT INTO "fill_bookings" ("chain_id", "tx_hash", "log_index", "block_number", "sold_at")
  SELECT "chain_id", "tx_hash", "log_index", "block_number", "sold_at" FROM "sales"
  WHERE "id" IN (SELECT "sale_id" FROM "revenues" WHERE "sale_id" IS NOT NULL);--> statement-breakpoint
UPDATE "revenues" SET "fill_id" = "fill_bookings"."id" FROM "sales", "fill_bookings"
  WHERE "revenues"."sale_id" = "sales"."id" AND "fill_bookings"."chain_id" = "sales"."chain_id"
    AND "fill_bookings"."tx_hash" = "sales"."tx_hash" AND "fill_bookings"."log_index" = "sales"."log_index";--> statement-breakpoint
ALTER TABLE "revenues" DROP COLUMN "sale_id";--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_reverses_unique" UNIQUE("reverses_id");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_reversal_names_entry" CHECK (("revenues"."entry" = 'reorg') = ("revenues"."reverses_id" is not null));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_entry_valid" CHECK ("revenues"."entry" in ('sale', 'card_payment', 'refund', 'dispute', 'dispute_won', 'reorg'));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_one_source" CHECK (("revenues"."fill_id" is null) <> ("revenues"."payment_id" is null));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_sales_have_chain" CHECK ("revenues"."fill_id" is null or "revenues"."chain_id" is not null);--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_entry_source" CHECK (("revenues"."entry" in ('sale', 'reorg')) = ("revenues"."fill_id" is not null));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_amount_sign" CHECK (case when "revenues"."entry" in ('refund', 'dispute', 'reorg') then "revenues"."amount" <= 0 else "revenues"."amount" >= 0 end);