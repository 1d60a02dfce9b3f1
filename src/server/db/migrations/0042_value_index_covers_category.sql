-- Decision 016, ninth pass.
-- One category or department sorted by price (Browse's price sorts under a category tab): the
-- planner read every listed item's entry of items_active_size_value_idx (which carries the category)
-- and sorted them by price to keep 10,001 (22 ms at 100k items for clothing). With the category and
-- department INCLUDEd in the price index, the page walks it in price order, index-only, checking
-- them there, and stops at the 10,001st listing (6 ms). drizzle-kit cannot declare INCLUDE, so
-- schema.ts keeps the key columns.
DROP INDEX IF EXISTS "items_active_value_idx";--> statement-breakpoint
CREATE INDEX "items_active_value_idx" ON "items" USING btree ("estimated_value","id") INCLUDE ("user_id","category","gender") WHERE "items"."is_active";
