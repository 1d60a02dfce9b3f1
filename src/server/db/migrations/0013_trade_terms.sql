ALTER TABLE "trade_requests" ADD COLUMN "requested_terms" jsonb;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "offered_terms" jsonb;--> statement-breakpoint
-- Requests made before terms were kept take their items as they are now: the best record there is.
UPDATE "trade_requests" AS t SET
  "requested_terms" = (SELECT jsonb_build_object('title', i.title, 'description', i.description, 'images', to_jsonb(i.images), 'condition', i.condition, 'estimatedValue', i.estimated_value, 'brand', i.brand, 'size', i.size, 'category', i.category, 'gender', i.gender, 'style', i.style) FROM "items" i WHERE i.id = t.requested_item_id),
  "offered_terms" = (SELECT jsonb_build_object('title', i.title, 'description', i.description, 'images', to_jsonb(i.images), 'condition', i.condition, 'estimatedValue', i.estimated_value, 'brand', i.brand, 'size', i.size, 'category', i.category, 'gender', i.gender, 'style', i.style) FROM "items" i WHERE i.id = t.offered_item_id);--> statement-breakpoint
ALTER TABLE "trade_requests" ALTER COLUMN "requested_terms" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_requests" ALTER COLUMN "offered_terms" SET NOT NULL;
