CREATE TABLE "item_facet_counts" (
	"dimension" text NOT NULL,
	"value" text,
	"n" integer NOT NULL,
	CONSTRAINT "item_facet_counts_key" UNIQUE NULLS NOT DISTINCT("dimension","value")
);
--> statement-breakpoint
CREATE TABLE "item_facet_deltas" (
	"dimension" text NOT NULL,
	"value" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The unfiltered facets (GET /api/items/facets with no filter) are read from maintained counts
-- instead of a scan of every listed item (decision 008 "Facets kept by triggers"). Every change to
-- a listed item appends its +1/-1 per facet value to item_facet_deltas, which only ever grows
-- between folds: concurrent writers never wait for one another on a shared count row.
-- foldItemFacetDeltas (src/server/modules/items/facet-counts.ts) moves the deltas into
-- item_facet_counts; the read sums both, and takes away the items of members who are away.

-- The facet values of one item: one row per dimension ('all' counts every listed item).
CREATE FUNCTION threadswap_item_facet_values(category text, gender text, condition text,
    subcategory text, size text, brand text)
  RETURNS TABLE (dimension text, value text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    VALUES ('all', NULL::text), ('category', category), ('gender', gender), ('condition', condition),
      ('subcategory', subcategory), ('size', size), ('brand', brand)
  $$;
--> statement-breakpoint
-- Inserts and deletes, one aggregated delta per value a statement (a bulk insert or a cascade from
-- a deleted member writes a few hundred rows, not seven per item). TRUNCATE empties the counts.
CREATE FUNCTION threadswap_item_facets_inserted_or_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM item_facet_deltas;
    DELETE FROM item_facet_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO item_facet_deltas (dimension, value, n)
    SELECT f.dimension, f.value, count(*)::integer
    FROM new_rows r
    CROSS JOIN LATERAL threadswap_item_facet_values(r.category, r.gender, r.condition, r.subcategory, r.size, r.brand) f
    WHERE r.is_active
    GROUP BY f.dimension, f.value;
  ELSE
    INSERT INTO item_facet_deltas (dimension, value, n)
    SELECT f.dimension, f.value, -count(*)::integer
    FROM old_rows r
    CROSS JOIN LATERAL threadswap_item_facet_values(r.category, r.gender, r.condition, r.subcategory, r.size, r.brand) f
    WHERE r.is_active
    GROUP BY f.dimension, f.value;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that lists, unlists or re-labels a listed item: -1 for its old values, +1 for its new
-- ones, the unchanged ones cancelling out.
CREATE FUNCTION threadswap_item_facets_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO item_facet_deltas (dimension, value, n)
  SELECT f.dimension, f.value, sum(c.n)::integer
  FROM (
    SELECT -1 AS n, OLD.category AS category, OLD.gender AS gender, OLD.condition AS condition,
      OLD.subcategory AS subcategory, OLD.size AS size, OLD.brand AS brand
    WHERE OLD.is_active
    UNION ALL
    SELECT 1, NEW.category, NEW.gender, NEW.condition, NEW.subcategory, NEW.size, NEW.brand
    WHERE NEW.is_active
  ) c
  CROSS JOIN LATERAL threadswap_item_facet_values(c.category, c.gender, c.condition, c.subcategory, c.size, c.brand) f
  GROUP BY f.dimension, f.value
  HAVING sum(c.n) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_facets_inserted
  AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_item_facets_inserted_or_deleted();
--> statement-breakpoint
CREATE TRIGGER items_facets_deleted
  AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_item_facets_inserted_or_deleted();
--> statement-breakpoint
CREATE TRIGGER items_facets_truncated
  AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_item_facets_inserted_or_deleted();
--> statement-breakpoint
-- Row by row, but only for the rows whose facets change: the WHEN clause is checked without calling
-- the function, so the frequent updates that touch no facet (favourite counts, trending scores,
-- availability) cost nothing here.
CREATE TRIGGER items_facets_updated
  AFTER UPDATE ON items
  FOR EACH ROW
  WHEN ((OLD.is_active OR NEW.is_active)
    AND (OLD.is_active, OLD.category, OLD.gender, OLD.condition, OLD.subcategory, OLD.size, OLD.brand)
      IS DISTINCT FROM (NEW.is_active, NEW.category, NEW.gender, NEW.condition, NEW.subcategory, NEW.size, NEW.brand))
  EXECUTE FUNCTION threadswap_item_facets_updated();
--> statement-breakpoint
-- The items already there.
INSERT INTO item_facet_counts (dimension, value, n)
SELECT f.dimension, f.value, count(*)::integer
FROM items i
CROSS JOIN LATERAL threadswap_item_facet_values(i.category, i.gender, i.condition, i.subcategory, i.size, i.brand) f
WHERE i.is_active
GROUP BY f.dimension, f.value;
