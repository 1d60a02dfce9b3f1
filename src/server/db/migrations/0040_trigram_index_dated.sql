-- Decision 016, sixth pass.
-- A typo search (trigram mode) ranked by relevance or sorted newest first needs only its newest
-- 10,001 matches. Every candidate the trigram index hands over is rechecked with word_similarity
-- (about 70,000 for "jaket" at 1M items, most of the statement's time), so the index carries the
-- listing date too (btree_gin): `search_text %> w AND created_at >= t` is then answered inside the
-- index, and only the candidates listed since t are rechecked. Queries without a date condition read
-- it as they read the trigram index it replaces (similar items, wishlist matches, swap rules).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "items_active_search_text_trgm_created_idx" ON "items" USING gin ("search_text" gin_trgm_ops,"created_at") WHERE "items"."is_active";
