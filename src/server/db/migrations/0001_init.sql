CREATE TABLE "admins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_uid_unique" UNIQUE("uid"),
	CONSTRAINT "admins_uid_not_blank" CHECK (length(trim("admins"."uid")) > 0)
);
--> statement-breakpoint
CREATE TABLE "illustrators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "illustrators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"image" text,
	"payout_wallet_address" text,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "illustrators_uid_unique" UNIQUE("uid"),
	CONSTRAINT "illustrators_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "illustrators_payout_wallet_address_format" CHECK ("illustrators"."payout_wallet_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "illustrators_uid_not_blank" CHECK (length(trim("illustrators"."uid")) > 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet_address" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"profile_name" text,
	"profile_icon" text,
	"profile_thumb" text,
	"suspended" boolean DEFAULT false NOT NULL,
	"suspended_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_wallet_address_unique" UNIQUE("wallet_address"),
	CONSTRAINT "users_wallet_address_format" CHECK ("users"."wallet_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('user', 'illustrator'))
);
--> statement-breakpoint
CREATE TABLE "login_nonces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_nonces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nonce" text NOT NULL,
	"wallet_address" text,
	"chain_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "login_nonces_nonce_unique" UNIQUE("nonce"),
	CONSTRAINT "login_nonces_nonce_format" CHECK ("login_nonces"."nonce" ~ '^[A-Za-z0-9]{8,}$'),
	CONSTRAINT "login_nonces_wallet_address_format" CHECK ("login_nonces"."wallet_address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_buckets_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limit_buckets_count_not_negative" CHECK ("rate_limit_buckets"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_by_id" bigint,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" bigint,
	"illustrator_id" bigint,
	"admin_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_kind_valid" CHECK ("sessions"."kind" in ('user', 'admin')),
	CONSTRAINT "sessions_subject_matches_kind" CHECK (("sessions"."kind" = 'user' and "sessions"."user_id" is not null and "sessions"."admin_id" is null) or ("sessions"."kind" = 'admin' and "sessions"."admin_id" is not null and "sessions"."user_id" is null and "sessions"."illustrator_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"serial" integer,
	"owner_address" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" text,
	"category_id" bigint,
	"creator_id" bigint,
	"hidden" boolean DEFAULT false NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"minted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_token_unique" UNIQUE("chain_id","contract_address","token_id"),
	CONSTRAINT "cards_contract_address_format" CHECK ("cards"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "cards_owner_address_format" CHECK ("cards"."owner_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "cards_token_id_not_negative" CHECK ("cards"."token_id" >= 0),
	CONSTRAINT "cards_serial_positive" CHECK ("cards"."serial" > 0),
	CONSTRAINT "cards_views_not_negative" CHECK ("cards"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"image" text,
	"description" text,
	"description_en" text,
	"creator_id" bigint,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_chain_contract_unique" UNIQUE("chain_id","contract_address"),
	CONSTRAINT "categories_contract_address_format" CHECK ("categories"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "categories_chain_id_positive" CHECK ("categories"."chain_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_histories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text DEFAULT 'stripe' NOT NULL,
	"provider_payment_id" text NOT NULL,
	"user_id" bigint,
	"card_id" bigint,
	"amount" numeric(78, 0) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_histories_provider_payment_unique" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "payment_histories_status_valid" CHECK ("payment_histories"."status" in ('pending', 'succeeded', 'failed', 'refunded', 'cancelled')),
	CONSTRAINT "payment_histories_currency_format" CHECK ("payment_histories"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payment_histories_amount_not_negative" CHECK ("payment_histories"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"illustrator_id" bigint NOT NULL,
	"chain_id" integer,
	"amount" numeric(78, 0) NOT NULL,
	"currency_code" integer NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"tx_hash" text,
	"reviewed_by" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('requested', 'approved', 'paid', 'rejected')),
	CONSTRAINT "payouts_wallet_address_format" CHECK ("payouts"."wallet_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "payouts_tx_hash_format" CHECK ("payouts"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_fees" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"fee_bps" integer NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_fees_fee_bps_range" CHECK ("platform_fees"."fee_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "revenues" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revenues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"illustrator_id" bigint NOT NULL,
	"sale_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"chain_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"currency_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenues_sale_illustrator_kind_unique" UNIQUE("sale_id","illustrator_id","kind"),
	CONSTRAINT "revenues_kind_valid" CHECK ("revenues"."kind" in ('primary', 'royalty')),
	CONSTRAINT "revenues_amount_not_negative" CHECK ("revenues"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "indexer_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_cursors_last_block_not_negative" CHECK ("indexer_cursors"."last_block" >= 0),
	CONSTRAINT "indexer_cursors_last_block_hash_format" CHECK ("indexer_cursors"."last_block_hash" ~ '^0x[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" bigint,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"locale" text,
	"user_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_valid" CHECK ("contact_messages"."status" in ('open', 'handled'))
);
--> statement-breakpoint
CREATE TABLE "illegal_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "illegal_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer,
	"contract_address" text,
	"token_id" numeric(78, 0) NOT NULL,
	"card_id" bigint,
	"type" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"reporter_user_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "illegal_reports_status_valid" CHECK ("illegal_reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "illegal_reports_contract_address_format" CHECK ("illegal_reports"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "illegal_reports_token_id_not_negative" CHECK ("illegal_reports"."token_id" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"order_id" bigint,
	"card_id" bigint,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"buyer_address" text NOT NULL,
	"seller_address" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"currency_code" integer NOT NULL,
	"platform_fee" numeric(78, 0) DEFAULT '0' NOT NULL,
	"royalty" numeric(78, 0) DEFAULT '0' NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_chain_tx_log_unique" UNIQUE("chain_id","tx_hash","log_index"),
	CONSTRAINT "sales_contract_address_format" CHECK ("sales"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "sales_buyer_address_format" CHECK ("sales"."buyer_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "sales_seller_address_format" CHECK ("sales"."seller_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "sales_tx_hash_format" CHECK ("sales"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "sales_amounts_not_negative" CHECK ("sales"."price" >= 0 and "sales"."platform_fee" >= 0 and "sales"."royalty" >= 0),
	CONSTRAINT "sales_block_not_negative" CHECK ("sales"."block_number" >= 0 and "sales"."log_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sell_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sell_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"card_id" bigint,
	"price" numeric(78, 0) NOT NULL,
	"signature" text NOT NULL,
	"seller_address" text NOT NULL,
	"exchange" text NOT NULL,
	"currency_code" integer NOT NULL,
	"order" jsonb NOT NULL,
	"order_hash" text NOT NULL,
	"counter" numeric(78, 0) DEFAULT '0' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_orders_order_hash_unique" UNIQUE("order_hash"),
	CONSTRAINT "sell_orders_contract_address_format" CHECK ("sell_orders"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "sell_orders_seller_address_format" CHECK ("sell_orders"."seller_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "sell_orders_exchange_format" CHECK ("sell_orders"."exchange" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "sell_orders_order_hash_format" CHECK ("sell_orders"."order_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "sell_orders_status_valid" CHECK ("sell_orders"."status" in ('active', 'sold', 'cancelled', 'expired')),
	CONSTRAINT "sell_orders_price_positive" CHECK ("sell_orders"."price" > 0),
	CONSTRAINT "sell_orders_token_id_not_negative" CHECK ("sell_orders"."token_id" >= 0),
	CONSTRAINT "sell_orders_currency_code_not_negative" CHECK ("sell_orders"."currency_code" >= 0),
	CONSTRAINT "sell_orders_window_valid" CHECK ("sell_orders"."expires_at" > "sell_orders"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "illustrators" ADD CONSTRAINT "illustrators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_replaced_by_id_refresh_tokens_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."refresh_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_creator_id_illustrators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."illustrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_creator_id_illustrators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."illustrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_histories" ADD CONSTRAINT "payment_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_histories" ADD CONSTRAINT "payment_histories_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fees" ADD CONSTRAINT "platform_fees_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illegal_reports" ADD CONSTRAINT "illegal_reports_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illegal_reports" ADD CONSTRAINT "illegal_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illegal_reports" ADD CONSTRAINT "illegal_reports_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "illustrators_name_trgm" ON "illustrators" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "illustrators_name_en_trgm" ON "illustrators" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "login_nonces_expires_at_idx" ON "login_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_window_start_idx" ON "rate_limit_buckets" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_admin_id_idx" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cards_owner_idx" ON "cards" USING btree ("owner_address","chain_id");--> statement-breakpoint
CREATE INDEX "cards_category_id_idx" ON "cards" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "cards_creator_id_idx" ON "cards" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "categories_creator_id_idx" ON "categories" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "categories_name_trgm" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_en_trgm" ON "categories" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_histories_user_id_idx" ON "payment_histories" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_histories_created_at_idx" ON "payment_histories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_illustrator_id_idx" ON "payouts" USING btree ("illustrator_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "revenues_illustrator_id_idx" ON "revenues" USING btree ("illustrator_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_admin_id_idx" ON "audit_log" USING btree ("admin_id","at");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "illegal_reports_status_idx" ON "illegal_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "illegal_reports_card_id_idx" ON "illegal_reports" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "sales_token_idx" ON "sales" USING btree ("chain_id","contract_address","token_id");--> statement-breakpoint
CREATE INDEX "sales_buyer_idx" ON "sales" USING btree ("buyer_address");--> statement-breakpoint
CREATE INDEX "sales_seller_idx" ON "sales" USING btree ("seller_address");--> statement-breakpoint
CREATE INDEX "sales_sold_at_idx" ON "sales" USING btree ("sold_at");--> statement-breakpoint
CREATE INDEX "sell_orders_active_token_idx" ON "sell_orders" USING btree ("chain_id","contract_address","token_id") WHERE "sell_orders"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sell_orders_seller_status_idx" ON "sell_orders" USING btree ("seller_address","status");--> statement-breakpoint
CREATE INDEX "sell_orders_status_expires_at_idx" ON "sell_orders" USING btree ("status","expires_at");