CREATE TABLE "platform_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"item_index" integer NOT NULL,
	"source" text NOT NULL,
	"token" text NOT NULL,
	"currency_code" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_receipts_position_unique" UNIQUE("chain_id","tx_hash","log_index","item_index"),
	CONSTRAINT "platform_receipts_source_valid" CHECK ("platform_receipts"."source" in ('consideration', 'transfer')),
	CONSTRAINT "platform_receipts_tx_hash_format" CHECK ("platform_receipts"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "platform_receipts_token_format" CHECK ("platform_receipts"."token" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "platform_receipts_amount_positive" CHECK ("platform_receipts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer,
	"currency_code" integer NOT NULL,
	"booked" numeric(78, 0) NOT NULL,
	"received" numeric(78, 0) NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"note" text,
	CONSTRAINT "reconciliation_holds_resolved_note" CHECK ("reconciliation_holds"."resolved_at" is null or "reconciliation_holds"."note" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_amount_positive" CHECK ("payment_disputes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_sale_item_unique";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_payment_unique";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_valid";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_amount_not_negative";--> statement-breakpoint
DROP INDEX "card_purchases_live_slot_unique";--> statement-breakpoint
ALTER TABLE "card_payment_fees" ADD COLUMN "payable_hold_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_histories" ADD COLUMN "refunded_amount" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_amount" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "entry" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "receipt_id" bigint;--> statement-breakpoint
ALTER TABLE "card_purchases" ADD COLUMN "mint_raw_tx" text;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD COLUMN "reversal_id" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_holds" ADD CONSTRAINT "reconciliation_holds_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payment_histories_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_receipts_currency_idx" ON "platform_receipts" USING btree ("chain_id","currency_code");--> statement-breakpoint
CREATE INDEX "platform_receipts_block_idx" ON "platform_receipts" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_holds_open_unique" ON "reconciliation_holds" USING btree (coalesce("chain_id", 0),"currency_code") WHERE "reconciliation_holds"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_idx" ON "payment_disputes" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_receipt_id_platform_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."platform_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revenues_sale_item_unique" ON "revenues" USING btree ("sale_id","illustrator_id","kind","currency_code","settlement") WHERE "revenues"."receipt_id" is null;--> statement-breakpoint
CREATE INDEX "revenues_payable_idx" ON "revenues" USING btree ("chain_id","currency_code") WHERE "revenues"."settlement" = 'payable';--> statement-breakpoint
CREATE UNIQUE INDEX "card_purchases_token_unique" ON "card_purchases" USING btree ("drop_id","token_id") WHERE "card_purchases"."token_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "card_purchases_live_slot_unique" ON "card_purchases" USING btree ("drop_id","slot") WHERE "card_purchases"."status" in ('pending', 'paid', 'minting', 'minted');--> statement-breakpoint
-- Rows booked before the ledger: a card payment's row is its delivery; a refunded payment was refunded whole;
-- every Stripe event recorded so far was applied when it was recorded.
UPDATE "revenues" SET "entry" = 'card_payment' WHERE "payment_id" IS NOT NULL;--> statement-breakpoint
UPDATE "payment_histories" SET "refunded_amount" = "amount" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "stripe_events" SET "applied_at" = "received_at";--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_payment_entry_unique" UNIQUE("payment_id","entry","ref");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_receipt_unique" UNIQUE("receipt_id");--> statement-breakpoint
ALTER TABLE "card_payment_fees" ADD CONSTRAINT "card_payment_fees_hold_days_range" CHECK ("card_payment_fees"."payable_hold_days" between 0 and 120);--> statement-breakpoint
ALTER TABLE "payment_histories" ADD CONSTRAINT "payment_histories_refund_within_amount" CHECK ("payment_histories"."refunded_amount" between 0 and "payment_histories"."amount");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversed_within_amount" CHECK ("payouts"."reversed_amount" >= 0 and "payouts"."reversed_amount" <= "payouts"."amount");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversed_whole" CHECK ("payouts"."status" <> 'reversed' or "payouts"."reversed_amount" = "payouts"."amount");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('requested', 'approved', 'transferred', 'paid', 'rejected', 'reversed'));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_entry_valid" CHECK ("revenues"."entry" in ('sale', 'card_payment', 'refund', 'dispute', 'dispute_won'));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_entry_source" CHECK (("revenues"."entry" = 'sale') = ("revenues"."sale_id" is not null));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_amount_sign" CHECK (case when "revenues"."entry" in ('refund', 'dispute') then "revenues"."amount" < 0 else "revenues"."amount" >= 0 end);--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_receipt_is_payable_sale" CHECK ("revenues"."receipt_id" is null or ("revenues"."entry" = 'sale' and "revenues"."settlement" = 'payable'));--> statement-breakpoint
ALTER TABLE "card_purchases" ADD CONSTRAINT "card_purchases_mint_tx_pair" CHECK (("card_purchases"."mint_raw_tx" is null) or ("card_purchases"."mint_tx_hash" is not null));