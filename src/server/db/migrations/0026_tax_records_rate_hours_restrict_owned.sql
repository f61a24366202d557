CREATE TABLE "exchange_rate_hours" (
	"currency_code" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"jpy" double precision NOT NULL,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rate_hours_currency_code_hour_pk" PRIMARY KEY("currency_code","hour"),
	CONSTRAINT "exchange_rate_hours_positive" CHECK ("exchange_rate_hours"."jpy" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_withholdings" (
	"payout_id" bigint PRIMARY KEY NOT NULL,
	"illustrator_id" bigint NOT NULL,
	"chain_id" integer,
	"currency_code" integer NOT NULL,
	"base" numeric(78, 0) NOT NULL,
	"base_jpy" bigint NOT NULL,
	"tax_jpy" bigint NOT NULL,
	"withheld" numeric(78, 0) NOT NULL,
	"rate_jpy" double precision,
	"rate_observed_at" timestamp with time zone,
	"fixed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_withholdings_amounts" CHECK ("payout_withholdings"."base_jpy" >= 0 and "payout_withholdings"."tax_jpy" >= 0 and "payout_withholdings"."withheld" >= 0),
	CONSTRAINT "payout_withholdings_crypto_rate" CHECK (("payout_withholdings"."chain_id" is null) = ("payout_withholdings"."rate_jpy" is null))
);
--> statement-breakpoint
CREATE TABLE "tax_profiles" (
	"illustrator_id" bigint PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'individual' NOT NULL,
	"resident" boolean DEFAULT true NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"invoice_number" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_profiles_kind_valid" CHECK ("tax_profiles"."kind" in ('individual', 'corporation')),
	CONSTRAINT "tax_profiles_invoice_number_format" CHECK ("tax_profiles"."invoice_number" ~ '^T[1-9][0-9]{12}$'),
	CONSTRAINT "tax_profiles_legal_name_length" CHECK (char_length("tax_profiles"."legal_name") <= 200)
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"withhold_primary" boolean DEFAULT false NOT NULL,
	"withhold_royalty" boolean DEFAULT false NOT NULL,
	"issuer_name" text DEFAULT '' NOT NULL,
	"invoice_number" text,
	"payout_cutoff_day" integer DEFAULT 31 NOT NULL,
	"payout_payment_day" integer DEFAULT 15 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_single_row" CHECK ("tax_settings"."id" = 1),
	CONSTRAINT "tax_settings_invoice_number_format" CHECK ("tax_settings"."invoice_number" ~ '^T[1-9][0-9]{12}$'),
	CONSTRAINT "tax_settings_payout_days_range" CHECK ("tax_settings"."payout_cutoff_day" between 1 and 31 and "tax_settings"."payout_payment_day" between 1 and 31),
	CONSTRAINT "tax_settings_issuer_name_length" CHECK (char_length("tax_settings"."issuer_name") <= 200)
);
--> statement-breakpoint
ALTER TABLE "card_purchases" DROP CONSTRAINT "card_purchases_drop_id_card_drops_id_fk";
--> statement-breakpoint
ALTER TABLE "card_purchases" DROP CONSTRAINT "card_purchases_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "fill_bookings" ADD COLUMN "price" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "fill_bookings" ADD COLUMN "platform_fee" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "fill_bookings" ADD COLUMN "currency_code" integer;--> statement-breakpoint
ALTER TABLE "payout_withholdings" ADD CONSTRAINT "payout_withholdings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_withholdings" ADD CONSTRAINT "payout_withholdings_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rate_hours_observed_idx" ON "exchange_rate_hours" USING btree ("currency_code","observed_at");--> statement-breakpoint
CREATE INDEX "payout_withholdings_illustrator_idx" ON "payout_withholdings" USING btree ("illustrator_id");--> statement-breakpoint
ALTER TABLE "card_purchases" ADD CONSTRAINT "card_purchases_drop_id_card_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."card_drops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_purchases" ADD CONSTRAINT "card_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Statements and trade histories read each booked fill's price and fee, and the rate of each hour before this one.
UPDATE "fill_bookings" AS f SET "price" = s."price", "platform_fee" = s."platform_fee", "currency_code" = s."currency_code" FROM "sales" AS s WHERE s."chain_id" = f."chain_id" AND s."tx_hash" = f."tx_hash" AND s."log_index" = f."log_index";--> statement-breakpoint
INSERT INTO "exchange_rate_hours" ("currency_code", "hour", "jpy", "source", "observed_at") SELECT "currency_code", date_trunc('hour', "observed_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', "jpy", "source", "observed_at" FROM "exchange_rates" ON CONFLICT DO NOTHING;
