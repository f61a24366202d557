CREATE TABLE "payout_transfers" (
	"payout_id" bigint PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_transfer_unique" UNIQUE("transfer_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"illustrator_id" bigint PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_account_unique" UNIQUE("account_id"),
	CONSTRAINT "stripe_accounts_status_valid" CHECK ("stripe_accounts"."status" in ('pending', 'verified', 'restricted'))
);
--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_illustrator_id_illustrators_id_fk" FOREIGN KEY ("illustrator_id") REFERENCES "public"."illustrators"("id") ON DELETE cascade ON UPDATE no action;