CREATE TABLE "trade_offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"exchange" text NOT NULL,
	"order_hash" text NOT NULL,
	"offerer_address" text NOT NULL,
	"taker_address" text NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"coin_amount" numeric(78, 0),
	"currency_code" integer,
	"counter_of" bigint,
	"order" jsonb NOT NULL,
	"signature" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_block" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_offers_order_hash_unique" UNIQUE("order_hash"),
	CONSTRAINT "trade_offers_offerer_address_format" CHECK ("trade_offers"."offerer_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "trade_offers_taker_address_format" CHECK ("trade_offers"."taker_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "trade_offers_contract_address_format" CHECK ("trade_offers"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "trade_offers_exchange_format" CHECK ("trade_offers"."exchange" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "trade_offers_order_hash_format" CHECK ("trade_offers"."order_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "trade_offers_status_valid" CHECK ("trade_offers"."status" in ('open', 'accepted', 'declined', 'countered', 'cancelled', 'expired')),
	CONSTRAINT "trade_offers_coin_currency" CHECK (("trade_offers"."coin_amount" is null) = ("trade_offers"."currency_code" is null))
);
--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_counter_of_trade_offers_id_fk" FOREIGN KEY ("counter_of") REFERENCES "public"."trade_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_offers_card_status_idx" ON "trade_offers" USING btree ("chain_id","contract_address","token_id","status");--> statement-breakpoint
CREATE INDEX "trade_offers_taker_status_idx" ON "trade_offers" USING btree ("taker_address","status");