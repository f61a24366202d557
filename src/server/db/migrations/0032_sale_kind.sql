ALTER TABLE "sales" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_kind_valid" CHECK ("sales"."kind" in ('sale', 'trade'));