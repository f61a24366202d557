-- The card list's default order ("newest"): coalesce(minted_at, created_at) desc, id desc.
CREATE INDEX IF NOT EXISTS "cards_newest_idx" ON "cards" ((coalesce("minted_at", "created_at")) DESC, "id" DESC);
