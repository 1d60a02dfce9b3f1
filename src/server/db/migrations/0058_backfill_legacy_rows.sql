-- Trades made before bundles and offer history (migration 0022) named their two items only in their
-- own columns. Every trade now has its items in trade_request_items and its offers in trade_offers,
-- and the code reads nothing else; this converts the rows of older trades.
--
-- 1. A trade missing either side's items takes the two its columns name (a side without a row
--    meant the columns held the whole trade), with the terms those columns kept. A giveaway
--    handover (migration 0057: no offered item) has no offered side by design and is left alone.
DELETE FROM "trade_request_items" tri
USING "trade_requests" tr
WHERE tri."trade_request_id" = tr."id"
  AND tr."offered_item_id" IS NOT NULL
  AND (NOT EXISTS (SELECT 1 FROM "trade_request_items" r WHERE r."trade_request_id" = tr."id" AND r."side" = 'requested')
    OR NOT EXISTS (SELECT 1 FROM "trade_request_items" o WHERE o."trade_request_id" = tr."id" AND o."side" = 'offered'));--> statement-breakpoint
INSERT INTO "trade_request_items" ("trade_request_id", "item_id", "side", "position", "terms")
SELECT tr."id", tr."requested_item_id", 'requested', 0, tr."requested_terms"
FROM "trade_requests" tr
WHERE tr."offered_item_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "trade_request_items" tri WHERE tri."trade_request_id" = tr."id")
UNION ALL
SELECT tr."id", tr."offered_item_id", 'offered', 0, tr."offered_terms"
FROM "trade_requests" tr
WHERE tr."offered_item_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "trade_request_items" tri WHERE tri."trade_request_id" = tr."id");--> statement-breakpoint
-- 2. A trade with no offer history gets its current offer as its one version: proposed by whoever
--    made the offer (the requester unless recorded), at the offer's time, with the items above.
INSERT INTO "trade_offers" ("trade_request_id", "version", "proposed_by_id", "message", "requested", "offered", "created_at")
SELECT tr."id", tr."offer_version", coalesce(tr."offered_by_id", tr."requester_id"), tr."message",
  (SELECT coalesce(jsonb_agg(jsonb_build_object('itemId', tri."item_id", 'terms', tri."terms") ORDER BY tri."position"), '[]'::jsonb)
    FROM "trade_request_items" tri WHERE tri."trade_request_id" = tr."id" AND tri."side" = 'requested'),
  (SELECT coalesce(jsonb_agg(jsonb_build_object('itemId', tri."item_id", 'terms', tri."terms") ORDER BY tri."position"), '[]'::jsonb)
    FROM "trade_request_items" tri WHERE tri."trade_request_id" = tr."id" AND tri."side" = 'offered'),
  coalesce(tr."offered_at", tr."created_at")
FROM "trade_requests" tr
WHERE NOT EXISTS (SELECT 1 FROM "trade_offers" o WHERE o."trade_request_id" = tr."id");
