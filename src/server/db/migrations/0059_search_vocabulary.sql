CREATE TABLE "search_word_deltas" (
	"word" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"items" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The vocabulary of listed words (decision 028): a search word that no listed item holds is corrected
-- to the nearest word that one does, before full text runs, instead of trigram-matching every listing.
-- As with the facet counts (migration 0036), writers only append deltas: one aggregated row per word
-- per statement (statement triggers with transition tables, so a bulk insert costs one set-based insert),
-- never an update of a shared word's row, so concurrent writers neither wait for nor deadlock on each
-- other. items/search-vocabulary.ts folds the deltas into search_words (one folder at a time), and its
-- reads add the deltas not folded yet.

-- The words of an item's search_text (lower-cased title, brand and tags), as the 'simple'
-- text-search parser splits them (the parser full text uses), sorted, 2 to 40 characters long,
-- numbers left out (sizes and model numbers are not misspelt words).
CREATE FUNCTION threadswap_search_words(doc text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(w ORDER BY w), '{}')
    FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce(doc, '')))) w
    WHERE length(w) BETWEEN 2 AND 40 AND w !~ '^[0-9]+$'
  $$;
--> statement-breakpoint
CREATE FUNCTION threadswap_search_words_inserted_or_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_word_deltas;
    DELETE FROM search_words;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO search_word_deltas (word, n)
    SELECT w, count(*)::integer
    FROM new_rows r CROSS JOIN LATERAL unnest(threadswap_search_words(r.search_text)) w
    WHERE r.is_active
    GROUP BY w;
  ELSE
    INSERT INTO search_word_deltas (word, n)
    SELECT w, -count(*)::integer
    FROM old_rows r CROSS JOIN LATERAL unnest(threadswap_search_words(r.search_text)) w
    WHERE r.is_active
    GROUP BY w;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that lists, unlists or re-words a listed item: -1 for its old words, +1 for its new ones,
-- the unchanged ones cancelling out.
CREATE FUNCTION threadswap_search_words_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_word_deltas (word, n)
  SELECT c.word, sum(c.n)::integer
  FROM (
    SELECT w AS word, -1 AS n FROM unnest(threadswap_search_words(OLD.search_text)) w WHERE OLD.is_active
    UNION ALL
    SELECT w, 1 FROM unnest(threadswap_search_words(NEW.search_text)) w WHERE NEW.is_active
  ) c
  GROUP BY c.word
  HAVING sum(c.n) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_words_inserted
  AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_search_words_inserted_or_deleted();
--> statement-breakpoint
CREATE TRIGGER items_search_words_deleted
  AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_search_words_inserted_or_deleted();
--> statement-breakpoint
CREATE TRIGGER items_search_words_truncated
  AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_search_words_inserted_or_deleted();
--> statement-breakpoint
-- Row by row, but only for the rows whose listed words change: the WHEN clause is checked without
-- calling the function, so the frequent updates that touch no word cost nothing here.
CREATE TRIGGER items_search_words_updated
  AFTER UPDATE ON items
  FOR EACH ROW
  WHEN ((OLD.is_active OR NEW.is_active)
    AND (OLD.is_active, OLD.search_text) IS DISTINCT FROM (NEW.is_active, NEW.search_text))
  EXECUTE FUNCTION threadswap_search_words_updated();
--> statement-breakpoint
-- The items already there.
INSERT INTO search_words (word, items)
SELECT w, count(*)::integer
FROM items CROSS JOIN LATERAL unnest(threadswap_search_words(items.search_text)) w
WHERE items.is_active
GROUP BY w;
