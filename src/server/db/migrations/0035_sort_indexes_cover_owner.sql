-- Every sort's index carries the owner, as the newest-first one does since 0033 (decision 016): the
-- marketplace's owner-away filter (items.user_id) then reads from the index, so a sorted page down
-- to the deepest one served (offset 9,952) is an index-only scan instead of a heap read per skipped
-- row. drizzle-kit cannot declare INCLUDE, so schema.ts keeps the key columns and names this migration.
DROP INDEX IF EXISTS "items_active_value_idx";--> statement-breakpoint
CREATE INDEX "items_active_value_idx" ON "items" USING btree ("estimated_value","id") INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_condition_idx";--> statement-breakpoint
CREATE INDEX "items_active_condition_idx" ON "items" USING btree ("condition_rank" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_popular_idx";--> statement-breakpoint
CREATE INDEX "items_active_popular_idx" ON "items" USING btree ("favorite_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_trending_idx";--> statement-breakpoint
CREATE INDEX "items_active_trending_idx" ON "items" USING btree ("trending_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_title_idx";--> statement-breakpoint
CREATE INDEX "items_active_title_idx" ON "items" USING btree (lower("title"),"id") INCLUDE ("user_id") WHERE "items"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_brand_idx";--> statement-breakpoint
CREATE INDEX "items_active_brand_idx" ON "items" USING btree (lower("brand"),"id") INCLUDE ("user_id") WHERE "items"."is_active";
