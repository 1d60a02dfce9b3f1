-- The marketplace cache drops only what a change can affect (decision 015). The items trigger now
-- says which items changed and how: {"kind":"marketplace","items":[[id, category, gender, flags], …]},
-- one tuple per changed item (two when its category or gender changed: before and after). The flags
-- (src/server/lib/marketplace-dependencies.ts CHANGE) are 1 a field only shown (images, style,
-- direct_swaps_only, updated_at), 2 favorite_count, 4 trending_score, 8 anything else, 16 availability
-- (shown and filtered, but no sort, facet or search mode uses it). An update that
-- changes nothing sends nothing. A statement changing more than 40 items sends the plain
-- {"kind":"marketplace"} (anything may have changed), which keeps the payload far under NOTIFY's 8000 bytes.
-- One function serves three statement-level triggers, each with its transition tables.
DROP TRIGGER IF EXISTS items_marketplace_changed ON items;--> statement-breakpoint
CREATE OR REPLACE FUNCTION threadswap_items_marketplace_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed integer;
  tuples jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('threadswap_events', '{"kind":"marketplace"}');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*)::integer, jsonb_agg(jsonb_build_array(r.id, r.category, r.gender, 8))
      INTO changed, tuples FROM (SELECT id, category, gender FROM new_rows LIMIT 41) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*)::integer, jsonb_agg(jsonb_build_array(r.id, r.category, r.gender, 8))
      INTO changed, tuples FROM (SELECT id, category, gender FROM old_rows LIMIT 41) r;
  ELSE
    WITH pairs AS (
      SELECT n.id, n.category, n.gender, o.category AS old_category, o.gender AS old_gender,
        (CASE WHEN o.images IS DISTINCT FROM n.images OR o.style IS DISTINCT FROM n.style
                OR o.direct_swaps_only IS DISTINCT FROM n.direct_swaps_only
                OR o.updated_at IS DISTINCT FROM n.updated_at THEN 1 ELSE 0 END)
        | (CASE WHEN o.favorite_count IS DISTINCT FROM n.favorite_count THEN 3 ELSE 0 END)
        | (CASE WHEN o.trending_score IS DISTINCT FROM n.trending_score THEN 4 ELSE 0 END)
        | (CASE WHEN o.availability IS DISTINCT FROM n.availability THEN 16 ELSE 0 END)
        | (CASE WHEN (to_jsonb(o) - ARRAY['images', 'style', 'direct_swaps_only', 'updated_at',
                                         'favorite_count', 'trending_score', 'availability'])
                  IS DISTINCT FROM
                     (to_jsonb(n) - ARRAY['images', 'style', 'direct_swaps_only', 'updated_at',
                                         'favorite_count', 'trending_score', 'availability']) THEN 8 ELSE 0 END) AS flags
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    ), touched AS (
      SELECT * FROM pairs WHERE flags <> 0 OR id IS NULL LIMIT 41
    )
    SELECT count(*)::integer,
      (SELECT jsonb_agg(t) FROM (
        SELECT jsonb_build_array(id, category, gender, flags) AS t FROM touched
        UNION ALL
        SELECT jsonb_build_array(id, old_category, old_gender, flags) FROM touched
          WHERE (old_category, old_gender) IS DISTINCT FROM (category, gender)
      ) x)
      INTO changed, tuples FROM touched;
  END IF;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  -- A changed id (the full join leaves a side empty) or too many rows: anything may have changed.
  IF changed > 40 OR EXISTS (SELECT 1 FROM jsonb_array_elements(tuples) e WHERE e->>0 IS NULL OR e->>1 IS NULL) THEN
    PERFORM pg_notify('threadswap_events', '{"kind":"marketplace"}');
  ELSE
    PERFORM pg_notify('threadswap_events', jsonb_build_object('kind', 'marketplace', 'items', tuples)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_marketplace_inserted
  AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_marketplace_changed();
--> statement-breakpoint
CREATE TRIGGER items_marketplace_updated
  AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_marketplace_changed();
--> statement-breakpoint
CREATE TRIGGER items_marketplace_deleted
  AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_marketplace_changed();
--> statement-breakpoint
CREATE TRIGGER items_marketplace_truncated
  AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_marketplace_changed();
--> statement-breakpoint
-- Owners: a statement that writes the public fields (name, photo, rating, holiday) but leaves them
-- as they were (a rating recomputed to the same value) no longer empties every instance's cache.
-- A real change still names no items and so empties it (items of that owner may be anywhere).
CREATE OR REPLACE FUNCTION threadswap_owners_marketplace_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.first_name, o.last_name, o.profile_image_url, o.rating_average, o.rating_count, o.holiday_until)
      IS DISTINCT FROM (n.first_name, n.last_name, n.profile_image_url, n.rating_average, n.rating_count, n.holiday_until)
  ) OR (SELECT count(*) FROM old_rows) <> (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id) THEN
    PERFORM pg_notify('threadswap_events', '{"kind":"marketplace"}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_marketplace_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_marketplace_updated
  AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_owners_marketplace_changed();
--> statement-breakpoint
CREATE TRIGGER users_marketplace_changed
  AFTER DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_marketplace_changed();
