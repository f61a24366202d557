CREATE TABLE "leader_leases" (
	"lock_key" bigint PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"holder" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
