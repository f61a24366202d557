-- Collections waiting to be ranked again: issuing cards queues its collection; the leader's ranking job ranks it
-- once its first unranked change is a quiet period old (issuing no longer ranks a whole collection in its own transaction).
CREATE TABLE "rarity_pending" (
	"category_id" bigint PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rarity_pending" ADD CONSTRAINT "rarity_pending_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;