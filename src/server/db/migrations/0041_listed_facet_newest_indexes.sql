-- Decision 016, ninth pass.
-- A Browse page of one category, subcategory or department, newest first (the Categories page's
-- links, the landing page's tiles): the planner read every listed item of the category through a
-- bitmap of (category, created_at) and sorted them by (created_at, id) to keep 10,001 (40,640 heap
-- rows, 54 ms at 100k items for clothing). With the id as the last key and the owner INCLUDEd (the
-- owner-away filter), the page walks the index in its own order, index-only, and stops at the
-- 10,001st listing (6 ms). drizzle-kit cannot declare INCLUDE, so schema.ts keeps the key columns.
DROP INDEX IF EXISTS "items_active_category_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_subcategory_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_gender_idx";--> statement-breakpoint
CREATE INDEX "items_active_category_idx" ON "items" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_subcategory_idx" ON "items" USING btree ("subcategory","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_gender_idx" ON "items" USING btree ("gender","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";
