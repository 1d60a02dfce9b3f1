-- Every instance keeps recently looked-up sessions for a few seconds (lib/session-cache.ts,
-- decision 008 "Signed-in reads"). Whatever changes a member's row or ends or changes a session
-- tells every instance at once, whoever wrote it (the app, `npm run moderator`, a hand-written
-- UPDATE): {"kind":"members","ids":[member id, …]}, or {"kind":"members"} (forget every session)
-- when a statement changes more than 40 members. A session's own last-seen touch says nothing,
-- unless it moves the time back (which only a test or an administrator does).
CREATE OR REPLACE FUNCTION threadswap_members_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed integer;
  ids jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('threadswap_events', '{"kind":"members"}');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'UPDATE' THEN
    SELECT count(*)::integer, jsonb_agg(r.id) INTO changed, ids FROM (
      SELECT DISTINCT coalesce(n.id, o.id) AS id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE n.id IS NULL OR o.id IS NULL OR to_jsonb(o) IS DISTINCT FROM to_jsonb(n)
      LIMIT 41
    ) r;
  ELSIF TG_TABLE_NAME = 'users' THEN
    SELECT count(*)::integer, jsonb_agg(r.id) INTO changed, ids FROM (
      SELECT DISTINCT id FROM old_rows LIMIT 41
    ) r;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT count(*)::integer, jsonb_agg(r.user_id) INTO changed, ids FROM (
      SELECT DISTINCT o.user_id FROM old_rows o FULL JOIN new_rows n ON n.token_hash = o.token_hash
      WHERE n.token_hash IS NULL OR o.token_hash IS NULL
        OR (to_jsonb(o) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(n) - 'last_seen_at')
        OR n.last_seen_at < o.last_seen_at
      LIMIT 41
    ) r;
  ELSE
    SELECT count(*)::integer, jsonb_agg(r.user_id) INTO changed, ids FROM (
      SELECT DISTINCT user_id FROM old_rows LIMIT 41
    ) r;
  END IF;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 40 OR EXISTS (SELECT 1 FROM jsonb_array_elements(ids) e WHERE e = 'null'::jsonb) THEN
    PERFORM pg_notify('threadswap_events', '{"kind":"members"}');
  ELSE
    PERFORM pg_notify('threadswap_events', jsonb_build_object('kind', 'members', 'ids', ids)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_members_updated
  AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_members_changed();
--> statement-breakpoint
CREATE TRIGGER users_members_deleted
  AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_members_changed();
--> statement-breakpoint
CREATE TRIGGER users_members_truncated
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_members_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_members_updated
  AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_members_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_members_deleted
  AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_members_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_members_truncated
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_members_changed();
