-- Trigram matching for typo-tolerant search, and an IMMUTABLE wrapper around array_to_string
-- (which is only STABLE) so that generated search columns can join the tags.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION threadswap_join_words(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(words, ' '), '') $$;
