CREATE TABLE "auction_min_reserves" (
	"chain_id" integer NOT NULL,
	"currency_code" integer NOT NULL,
	"min_reserve" numeric(78, 0) NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_min_reserves_chain_id_currency_code_pk" PRIMARY KEY("chain_id","currency_code"),
	CONSTRAINT "auction_min_reserves_positive" CHECK ("auction_min_reserves"."min_reserve" > 0)
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "settle_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_min_reserves" ADD CONSTRAINT "auction_min_reserves_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_settle_attempts_not_negative" CHECK ("auctions"."settle_attempts" >= 0);