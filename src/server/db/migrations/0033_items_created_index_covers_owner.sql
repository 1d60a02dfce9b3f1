-- The newest-first index carries the owner too (decision 016): the marketplace's owner-away filter
-- (items.user_id) then reads from the index, so the default list, its capped count and its deepest
-- page (offset 9,952) are index-only scans instead of heap reads. drizzle-kit cannot declare
-- INCLUDE, so schema.ts keeps the index's key columns and names this migration.
DROP INDEX IF EXISTS "items_active_created_idx";--> statement-breakpoint
CREATE INDEX "items_active_created_idx" ON "items" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";
