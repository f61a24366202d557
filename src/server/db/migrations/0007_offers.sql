CREATE TABLE "offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"exchange" text NOT NULL,
	"order_hash" text NOT NULL,
	"offerer_address" text NOT NULL,
	"kind" text NOT NULL,
	"contract_address" text NOT NULL,
	"category_id" bigint,
	"token_id" numeric(78, 0),
	"trait_type" text,
	"trait_value" text,
	"criteria_root" text,
	"criteria_token_ids" jsonb,
	"currency_code" integer NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"order" jsonb NOT NULL,
	"signature" text NOT NULL,
	"counter" numeric(78, 0) DEFAULT '0' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"inactive_reason" text,
	"checked_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_block" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_order_hash_unique" UNIQUE("order_hash"),
	CONSTRAINT "offers_contract_address_format" CHECK ("offers"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "offers_offerer_address_format" CHECK ("offers"."offerer_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "offers_exchange_format" CHECK ("offers"."exchange" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "offers_order_hash_format" CHECK ("offers"."order_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "offers_kind_valid" CHECK ("offers"."kind" in ('token', 'collection', 'trait')),
	CONSTRAINT "offers_status_valid" CHECK ("offers"."status" in ('active', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "offers_price_positive" CHECK ("offers"."price" > 0),
	CONSTRAINT "offers_quantity_positive" CHECK ("offers"."quantity" between 1 and 100),
	CONSTRAINT "offers_token_kind" CHECK (("offers"."kind" = 'token') = ("offers"."token_id" is not null)),
	CONSTRAINT "offers_trait_kind" CHECK (("offers"."kind" = 'trait') = ("offers"."criteria_root" is not null)),
	CONSTRAINT "offers_window_valid" CHECK ("offers"."expires_at" > "offers"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offer_id" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_active_collection_idx" ON "offers" USING btree ("chain_id","contract_address","price") WHERE "offers"."status" = 'active';--> statement-breakpoint
CREATE INDEX "offers_offerer_status_idx" ON "offers" USING btree ("offerer_address","status");--> statement-breakpoint
CREATE INDEX "offers_status_expires_at_idx" ON "offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "offers_closed_block_idx" ON "offers" USING btree ("chain_id","closed_block");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_offer_idx" ON "sales" USING btree ("offer_id");