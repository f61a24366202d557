CREATE TABLE "notification_events" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_events_user_id_kind_event_key_pk" PRIMARY KEY("user_id","kind","event_key")
);
--> statement-breakpoint
CREATE TABLE "offer_notice_minimums" (
	"user_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"min_price" numeric(78, 0) NOT NULL,
	CONSTRAINT "offer_notice_minimums_user_id_category_id_pk" PRIMARY KEY("user_id","category_id"),
	CONSTRAINT "offer_notice_minimums_min_price_valid" CHECK ("offer_notice_minimums"."min_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_emails" ADD COLUMN "nonce" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_notice_minimums" ADD CONSTRAINT "offer_notice_minimums_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_notice_minimums" ADD CONSTRAINT "offer_notice_minimums_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_emails" DROP COLUMN "version";