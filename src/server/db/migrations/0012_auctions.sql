CREATE TABLE "auction_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"auction_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"bidder_address" text NOT NULL,
	"invalid_reason" text,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_bids_offer_unique" UNIQUE("offer_id"),
	CONSTRAINT "auction_bids_bidder_format" CHECK ("auction_bids"."bidder_address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auctions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sell_order_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"seller_address" text NOT NULL,
	"currency_code" integer NOT NULL,
	"reserve_price" numeric(78, 0) NOT NULL,
	"min_step_bps" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"scheduled_ends_at" timestamp with time zone NOT NULL,
	"latest_ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"winning_offer_id" bigint,
	"settle_tx_hash" text,
	"settle_raw_tx" text,
	"outcome" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_sell_order_unique" UNIQUE("sell_order_id"),
	CONSTRAINT "auctions_contract_address_format" CHECK ("auctions"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "auctions_seller_address_format" CHECK ("auctions"."seller_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "auctions_status_valid" CHECK ("auctions"."status" in ('running', 'settling', 'settled', 'unsold', 'cancelled')),
	CONSTRAINT "auctions_reserve_positive" CHECK ("auctions"."reserve_price" > 0),
	CONSTRAINT "auctions_step_valid" CHECK ("auctions"."min_step_bps" between 1 and 10000),
	CONSTRAINT "auctions_end_window" CHECK ("auctions"."ends_at" <= "auctions"."latest_ends_at"),
	CONSTRAINT "auctions_settling_has_tx" CHECK ("auctions"."status" <> 'settling' or "auctions"."settle_raw_tx" is not null)
);
--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_sell_order_id_sell_orders_id_fk" FOREIGN KEY ("sell_order_id") REFERENCES "public"."sell_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_winning_offer_id_offers_id_fk" FOREIGN KEY ("winning_offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_bids_auction_price_idx" ON "auction_bids" USING btree ("auction_id","price");--> statement-breakpoint
CREATE INDEX "auctions_due_idx" ON "auctions" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "auctions_token_idx" ON "auctions" USING btree ("chain_id","contract_address","token_id");