-- Trigram GIN indexes without a pending list: PGlite has no autovacuum, so rows added with fastupdate
-- on stay in an unsorted list that every search reads. Names change rarely; searches are constant.
ALTER INDEX "categories_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "categories_name_en_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "illustrators_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "illustrators_name_en_trgm" SET (fastupdate = off);
