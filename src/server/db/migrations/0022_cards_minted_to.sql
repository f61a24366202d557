-- Who a mint sent a card to: the token page's and the activity list's mint named the illustrator even for a paid card
-- minted to its buyer. Older cards take the recipient of their indexed mint transfer, where there is one.
ALTER TABLE "cards" ADD COLUMN "minted_to" text;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_minted_to_format" CHECK ("cards"."minted_to" ~ '^0x[0-9a-f]{40}$');--> statement-breakpoint
UPDATE "cards" AS c SET "minted_to" = t."to_address"
  FROM "card_transfers" AS t
  WHERE c."minted_at" IS NOT NULL AND t."chain_id" = c."chain_id" AND t."contract_address" = c."contract_address"
    AND t."token_id" = c."token_id" AND t."from_address" = '0x0000000000000000000000000000000000000000';
