ALTER TABLE "trade_requests" ADD COLUMN "requester_shipment" jsonb;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "owner_shipment" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "items_active_similar_idx" ON "items" USING btree ("category","gender","estimated_value") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "users_holiday_idx" ON "users" USING btree ("holiday_until") WHERE "users"."holiday_until" is not null;--> statement-breakpoint
-- Starting or ending holiday mode hides or shows the member's items: every instance's
-- marketplace cache must hear of it, like a change to the owner's name (migration 0009).
DROP TRIGGER IF EXISTS users_marketplace_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_marketplace_changed
  AFTER UPDATE OF first_name, last_name, profile_image_url, rating_average, rating_count, holiday_until OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_marketplace_changed();
