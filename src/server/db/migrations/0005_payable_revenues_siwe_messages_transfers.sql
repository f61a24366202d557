-- Issued sign-in nonces now carry their exact message; the few short-lived ones outstanding are dropped.
DELETE FROM "login_nonces";--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttles_failures_not_negative" CHECK ("login_throttles"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_payment_fees" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_fee_bps" integer DEFAULT 1000 NOT NULL,
	"provider_fee_bps" integer DEFAULT 360 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payment_fees_single_row" CHECK ("card_payment_fees"."id" = 1),
	CONSTRAINT "card_payment_fees_bps_range" CHECK ("card_payment_fees"."platform_fee_bps" between 0 and 5000 and "card_payment_fees"."provider_fee_bps" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "card_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"transferred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_transfers_chain_tx_log_unique" UNIQUE("chain_id","tx_hash","log_index"),
	CONSTRAINT "card_transfers_contract_address_format" CHECK ("card_transfers"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "card_transfers_from_address_format" CHECK ("card_transfers"."from_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "card_transfers_to_address_format" CHECK ("card_transfers"."to_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "card_transfers_tx_hash_format" CHECK ("card_transfers"."tx_hash" ~ '^0x[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_sale_illustrator_kind_unique";--> statement-breakpoint
ALTER TABLE "revenues" DROP CONSTRAINT "revenues_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "wallet_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ALTER COLUMN "sale_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "revenues" ALTER COLUMN "chain_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_nonces" ADD COLUMN "message" text NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "used_by_client" text;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "payment_id" bigint;--> statement-breakpoint
ALTER TABLE "revenues" ADD COLUMN "settlement" text DEFAULT 'onchain' NOT NULL;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "closed_block" bigint;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "unbuyable_reason" text;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_payment_fees" ADD CONSTRAINT "card_payment_fees_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_transfers_token_idx" ON "card_transfers" USING btree ("chain_id","contract_address","token_id","block_number");--> statement-breakpoint
CREATE INDEX "card_transfers_block_idx" ON "card_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_payment_id_payment_histories_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenues_sale_id_idx" ON "revenues" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sell_orders_closed_block_idx" ON "sell_orders" USING btree ("chain_id","closed_block");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_sale_item_unique" UNIQUE("sale_id","illustrator_id","kind","currency_code","settlement");--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_payment_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_crypto_has_wallet" CHECK ("payouts"."chain_id" is null or "payouts"."wallet_address" is not null);--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_settlement_valid" CHECK ("revenues"."settlement" in ('onchain', 'payable'));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_one_source" CHECK (("revenues"."sale_id" is null) <> ("revenues"."payment_id" is null));--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_payments_payable" CHECK ("revenues"."payment_id" is null or "revenues"."settlement" = 'payable');--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_sales_have_chain" CHECK ("revenues"."sale_id" is null or "revenues"."chain_id" is not null);--> statement-breakpoint
INSERT INTO "card_payment_fees" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Revenue is booked only for fills of orders the site stored: rows from fills of other orders go.
DELETE FROM "revenues" WHERE "sale_id" IN (SELECT "id" FROM "sales" WHERE "order_id" IS NULL);--> statement-breakpoint
-- Every earlier sale paid the illustrator's own wallet on chain (the default 'onchain'); succeeded card
-- payments are what the platform collected for them: payable, less the platform's and the provider's fees.
INSERT INTO "revenues" ("illustrator_id", "payment_id", "kind", "settlement", "chain_id", "amount", "currency_code", "created_at")
SELECT coalesce(c."creator_id", cat."creator_id"), p."id", 'primary', 'payable', NULL,
  p."amount" - floor(p."amount" * f."platform_fee_bps" / 10000) - floor(p."amount" * f."provider_fee_bps" / 10000),
  CASE p."currency" WHEN 'JPY' THEN 1 ELSE 0 END, p."created_at"
FROM "payment_histories" p
JOIN "cards" c ON c."id" = p."card_id"
LEFT JOIN "categories" cat ON cat."id" = c."category_id"
CROSS JOIN "card_payment_fees" f
WHERE p."status" = 'succeeded' AND p."currency" IN ('JPY', 'USD') AND coalesce(c."creator_id", cat."creator_id") IS NOT NULL
ON CONFLICT DO NOTHING;
