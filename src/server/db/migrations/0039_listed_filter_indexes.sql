-- Decision 016, fifth pass.
-- A size filter's listed items in price order. "3 filters + sort" (clothing, good/like-new, size M,
-- price-low) read the heap rows of every listed size-M item through items_active_size_idx (66,000
-- rows, 81,652 blocks, lossy at work_mem 4 MB at 1M items) and sorted them by price to keep 10,001.
-- This index gives those items in price order and carries the filters a Browse page sets most
-- (category, gender, condition) and the owner (the owner-away filter), so the page walks it
-- index-only and stops at the 10,001st match. Its leading column serves a size filter alone as the
-- index it replaces did. drizzle-kit cannot declare INCLUDE, so schema.ts keeps the key columns.
-- The trigram, title-vector and colour indexes cover listed items only, as the search vector's does
-- (0037): every query with `<%`, `title_vector @@` or `colors @>`/`&&` is of listed items, and the
-- planner ANDed each whole-table bitmap with a bitmap of all 652,000 listed items (about 200 ms at
-- 1M items) before reading any row.
DROP INDEX IF EXISTS "items_active_size_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_title_vector_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_colors_idx";--> statement-breakpoint
CREATE INDEX "items_active_size_value_idx" ON "items" USING btree ("size","estimated_value","id") INCLUDE ("user_id","category","gender","condition") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_title_vector_idx" ON "items" USING gin ("title_vector") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_search_text_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_colors_idx" ON "items" USING gin ("colors") WHERE "items"."is_active";
