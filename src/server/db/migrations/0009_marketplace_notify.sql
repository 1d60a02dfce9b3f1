-- Every app instance caches marketplace responses (the public item list and facets) briefly and
-- drops them when the data behind them changes. Writes an instance makes itself clear its own
-- cache at once; these statement-level triggers tell every instance about any change to items or
-- to the owner fields a listing shows, whoever made it (another instance, a script, psql), through
-- the event bus channel. PostgreSQL folds identical notifications within a transaction into one.
CREATE OR REPLACE FUNCTION threadswap_marketplace_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('threadswap_events', '{"kind":"marketplace"}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_marketplace_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_marketplace_changed();
--> statement-breakpoint
CREATE TRIGGER users_marketplace_changed
  AFTER UPDATE OF first_name, last_name, profile_image_url, rating_average, rating_count OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_marketplace_changed();
