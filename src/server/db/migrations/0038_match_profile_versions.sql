CREATE SEQUENCE "public"."match_profile_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "match_profile_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_profile_versions" ADD CONSTRAINT "match_profile_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Smart matches keep each member's match profile in memory per instance, keyed on
-- match_profile_versions.version (src/server/modules/matching/profile-memo.ts; decision 008 "Smart
-- matches"). The profile is derived from the member's wishlist, the brands of their own items and
-- the brands of the items they favourite: every change to those gives the members concerned a new
-- version, in the writer's own transaction, whoever writes (the app, the seed, `npm run moderator`,
-- SQL by hand). Bulk loads under session_replication_role = replica fire no trigger.
--
-- A new version is a new value of the sequence, so no value is ever given twice: an instance that
-- read a version and then the profile kept what that version, or a later one, stands for.
-- Members are bumped in id order, so two statements bumping the same members lock their rows in
-- the same order. A member being deleted (their wishlist and favourites go with them) gets none.
CREATE FUNCTION threadswap_bump_match_profiles(ids uuid[]) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO match_profile_versions AS v (user_id, version)
    SELECT d.id, nextval('match_profile_version_seq')
    FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id) WHERE u.id IS NOT NULL) d
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = d.id)
    ORDER BY d.id
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version
  $$;
--> statement-breakpoint
-- wishlist_items and favorites: every row written or removed names its member.
CREATE FUNCTION threadswap_member_wants_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM threadswap_bump_match_profiles(array(SELECT id FROM users));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM threadswap_bump_match_profiles(array(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM threadswap_bump_match_profiles(array(SELECT user_id FROM old_rows));
  ELSE
    PERFORM threadswap_bump_match_profiles(
      array(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- items inserted or deleted: their owners, when the item has a brand (a deleted item's favourites
-- are deleted with it, and that deletion bumps the members who favourited it).
CREATE FUNCTION threadswap_items_match_inputs_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM threadswap_bump_match_profiles(array(SELECT id FROM users));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM threadswap_bump_match_profiles(array(SELECT user_id FROM new_rows WHERE brand IS NOT NULL));
  ELSE
    PERFORM threadswap_bump_match_profiles(array(SELECT user_id FROM old_rows WHERE brand IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An item whose brand or owner changes: its old and new owner, and every member who favourites it.
CREATE FUNCTION threadswap_item_match_inputs_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM threadswap_bump_match_profiles(array(
    SELECT OLD.user_id UNION ALL SELECT NEW.user_id
    UNION ALL SELECT f.user_id FROM favorites f WHERE f.item_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wishlist_items_match_inserted
  AFTER INSERT ON wishlist_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER wishlist_items_match_updated
  AFTER UPDATE ON wishlist_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER wishlist_items_match_deleted
  AFTER DELETE ON wishlist_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER wishlist_items_match_truncated
  AFTER TRUNCATE ON wishlist_items
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER favorites_match_inserted
  AFTER INSERT ON favorites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER favorites_match_updated
  AFTER UPDATE ON favorites REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER favorites_match_deleted
  AFTER DELETE ON favorites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER favorites_match_truncated
  AFTER TRUNCATE ON favorites
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_member_wants_changed();
--> statement-breakpoint
CREATE TRIGGER items_match_inserted
  AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_match_inputs_changed();
--> statement-breakpoint
CREATE TRIGGER items_match_deleted
  AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_match_inputs_changed();
--> statement-breakpoint
CREATE TRIGGER items_match_truncated
  AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION threadswap_items_match_inputs_changed();
--> statement-breakpoint
-- Row-level with a WHEN clause: the frequent updates that touch neither column (favourite counts,
-- trending scores, availability) do not call the function.
CREATE TRIGGER items_match_updated
  AFTER UPDATE OF brand, user_id ON items
  FOR EACH ROW WHEN (OLD.brand IS DISTINCT FROM NEW.brand OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION threadswap_item_match_inputs_updated();
