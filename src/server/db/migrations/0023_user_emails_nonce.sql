ALTER TABLE "user_emails" ADD COLUMN "nonce" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "user_emails" DROP COLUMN "version";