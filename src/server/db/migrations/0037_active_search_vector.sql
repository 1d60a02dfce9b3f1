-- Full-text search reads listed items only (decision 016, fourth pass): the search vector's GIN
-- index keeps only listed items' entries, so a search's bitmap no longer holds the traded and
-- withdrawn items (about a third of all items in the benchmark markets), whose heap rows were read
-- only to be dropped by the is_active check. Every query with `search_vector @@` also has
-- `is_active` (marketplaceWhere, the search-mode check).
CREATE INDEX "items_active_search_vector_idx" ON "items" USING gin ("search_vector") WHERE "items"."is_active";--> statement-breakpoint
DROP INDEX "items_search_vector_idx";
