-- Trigram matching for the search box: case-insensitive partial matches (ILIKE '%…%') on Japanese and
-- English names use GIN gin_trgm_ops indexes, created in the next migration. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database owner may create it without superuser rights; PGlite
-- loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
