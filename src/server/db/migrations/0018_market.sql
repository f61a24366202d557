CREATE TABLE "card_rarity" (
	"card_id" bigint PRIMARY KEY NOT NULL,
	"category_id" bigint NOT NULL,
	"score" double precision NOT NULL,
	"rank" integer NOT NULL,
	"of" integer NOT NULL,
	CONSTRAINT "card_rarity_rank_positive" CHECK ("card_rarity"."rank" > 0 and "card_rarity"."rank" <= "card_rarity"."of")
);
--> statement-breakpoint
CREATE TABLE "collection_daily_stats" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"day" date NOT NULL,
	"currency_code" integer NOT NULL,
	"volume" numeric(78, 0) DEFAULT '0' NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"floor" numeric(78, 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_daily_stats_pk" PRIMARY KEY("chain_id","contract_address","day","currency_code"),
	CONSTRAINT "collection_daily_stats_contract_format" CHECK ("collection_daily_stats"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "collection_daily_stats_not_negative" CHECK ("collection_daily_stats"."volume" >= 0 and "collection_daily_stats"."sales" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency_code" integer PRIMARY KEY NOT NULL,
	"jpy" double precision NOT NULL,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."jpy" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_rarity" ADD CONSTRAINT "card_rarity_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_rarity_category_rank_idx" ON "card_rarity" USING btree ("category_id","rank");--> statement-breakpoint
CREATE INDEX "cards_category_owner_idx" ON "cards" USING btree ("category_id","owner_address");--> statement-breakpoint
CREATE INDEX "sales_contract_sold_at_idx" ON "sales" USING btree ("chain_id","contract_address","sold_at");