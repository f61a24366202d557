CREATE TABLE "ipfs_blocks" (
	"cid" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_collections" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"cid" text NOT NULL,
	"image_cid" text,
	"uri_on_chain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_collections_chain_id_contract_address_pk" PRIMARY KEY("chain_id","contract_address"),
	CONSTRAINT "media_collections_contract_format" CHECK ("media_collections"."contract_address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "media_designs" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"design_id" numeric(78, 0) NOT NULL,
	"metadata_cid" text NOT NULL,
	"image_cids" text[] NOT NULL,
	"files" jsonb NOT NULL,
	"uri_on_chain" text,
	"frozen_at" timestamp with time zone,
	"frozen_block" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_designs_chain_id_contract_address_design_id_pk" PRIMARY KEY("chain_id","contract_address","design_id"),
	CONSTRAINT "media_designs_contract_format" CHECK ("media_designs"."contract_address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "media_tokens" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"design_id" numeric(78, 0) NOT NULL,
	"serial" integer NOT NULL,
	"metadata_cid" text NOT NULL,
	"image_cid" text NOT NULL,
	CONSTRAINT "media_tokens_chain_id_contract_address_token_id_pk" PRIMARY KEY("chain_id","contract_address","token_id"),
	CONSTRAINT "media_tokens_design_serial_unique" UNIQUE("chain_id","contract_address","design_id","serial"),
	CONSTRAINT "media_tokens_contract_format" CHECK ("media_tokens"."contract_address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "media_tokens_serial_positive" CHECK ("media_tokens"."serial" > 0)
);
--> statement-breakpoint
CREATE TABLE "pin_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pin_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" text NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"request_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"pinned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_requests_cid_service_unique" UNIQUE("cid","service"),
	CONSTRAINT "pin_requests_status" CHECK ("pin_requests"."status" in ('queued', 'pinning', 'pinned', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "pin_requests_due_idx" ON "pin_requests" USING btree ("next_attempt_at") WHERE "pin_requests"."status" <> 'pinned';