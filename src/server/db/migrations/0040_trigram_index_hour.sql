-- Decision 016, sixth pass.
-- A typo search (trigram mode) ranked by relevance or sorted newest first needs only its newest
-- 10,001 matches. Every candidate the trigram index hands over is rechecked with word_similarity on
-- its heap row (about 70,000 for "jaket" at 1M items, most of the statement's time), so the index
-- carries the hour of the listing date too (btree_gin): `search_text %> w AND hour >= h` is then
-- answered inside the index, and only the candidates listed since that hour are rechecked. The hour,
-- not the date itself: a range of dates is one index entry per listing to walk (about 6 µs each on
-- the loaded benchmark machine), a range of hours one per hour. Queries without that condition read
-- the index as they read the trigram index it replaces (similar items, wishlist matches, swap rules).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- Whole hours since the epoch. Immutable: the epoch of a timestamptz does not depend on the time zone.
-- Clamped to the integers, so that -infinity and infinity (a window without a start) have an hour.
CREATE FUNCTION threadswap_listing_hour(at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(greatest(floor(extract(epoch FROM at) / 3600), -2147483648), 2147483647)::integer $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "items_active_search_text_trgm_hour_idx" ON "items" USING gin ("search_text" gin_trgm_ops,threadswap_listing_hour("created_at")) WHERE "items"."is_active";
