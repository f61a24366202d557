CREATE TABLE "card_drops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_drops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"illustrator_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"design_id" numeric(78, 0) NOT NULL,
	"issued_block" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"price_jpy" integer NOT NULL,
	"serials" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_drops_contract_address_format" CHECK ("card_drops"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "card_drops_price_range" CHECK ("card_drops"."price_jpy" between 100 and 1000000),
	CONSTRAINT "card_drops_serials_range" CHECK ("card_drops"."serials" between 1 and 1000),
	CONSTRAINT "card_drops_window_valid" CHECK ("card_drops"."ends_at" > "card_drops"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "card_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"drop_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"buyer_address" text NOT NULL,
	"amount_jpy" integer NOT NULL,
	"slot" integer NOT NULL,
	"payment_intent_id" text,
	"payment_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"mint_attempts" integer DEFAULT 0 NOT NULL,
	"token_id" numeric(78, 0),
	"mint_tx_hash" text,
	"failure" text,
	"paid_at" timestamp with time zone,
	"minted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_purchases_payment_intent_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "card_purchases_buyer_address_format" CHECK ("card_purchases"."buyer_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "card_purchases_status_valid" CHECK ("card_purchases"."status" in ('pending', 'paid', 'minting', 'minted', 'refunding', 'refunded', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "card_drops" ADD CONSTRAINT "card_drops_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_drops" ADD CONSTRAINT "card_drops_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_purchases" ADD CONSTRAINT "card_purchases_drop_id_card_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."card_drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_purchases" ADD CONSTRAINT "card_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_purchases" ADD CONSTRAINT "card_purchases_payment_id_payment_histories_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_drops_category_idx" ON "card_drops" USING btree ("category_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_purchases_live_slot_unique" ON "card_purchases" USING btree ("drop_id","slot") WHERE "card_purchases"."status" not in ('expired', 'refunded');--> statement-breakpoint
CREATE INDEX "card_purchases_drop_status_idx" ON "card_purchases" USING btree ("drop_id","status");--> statement-breakpoint
CREATE INDEX "card_purchases_status_idx" ON "card_purchases" USING btree ("status");--> statement-breakpoint
CREATE INDEX "card_purchases_user_idx" ON "card_purchases" USING btree ("user_id");