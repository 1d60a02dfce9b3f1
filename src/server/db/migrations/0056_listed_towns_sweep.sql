-- listed_towns holds the towns with a listed item, and only those (decision 024, "Pruning"): the
-- writers that put an item in a town keep its row (threadswap_listed_town_keep), and the periodic
-- sweep removes the towns left without a listed item (threadswap_prune_listed_towns). The two never
-- race: a writer holds a KEY SHARE lock on its town's row until it commits, and the sweep deletes
-- only a row it could lock FOR UPDATE (SKIP LOCKED: it leaves a town that a writer is filling for
-- the next run) and only after looking again, once locked, for a listed item of the town.

-- Puts the town in listed_towns if it is not there and holds a KEY SHARE lock on its row until the
-- transaction ends. A writer that finds the row gone (the sweep deleted it meanwhile) inserts it
-- again; INSERT … ON CONFLICT waits for a concurrent insert of the same town, then the loop locks
-- whichever row won. Writers do not wait for one another (KEY SHARE locks are compatible).
CREATE OR REPLACE FUNCTION threadswap_listed_town_keep(wanted integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF wanted IS NULL OR NOT EXISTS (SELECT 1 FROM towns WHERE id = wanted) THEN
    RETURN;
  END IF;
  LOOP
    PERFORM 1 FROM listed_towns WHERE town_id = wanted FOR KEY SHARE;
    IF FOUND THEN
      RETURN;
    END IF;
    INSERT INTO listed_towns (town_id, lat, lon) SELECT id, lat, lon FROM towns WHERE id = wanted
      ON CONFLICT (town_id) DO NOTHING;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION threadswap_items_owner_town() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT t.id, t.lat, t.lon, t.name, t.region, t.country
    INTO NEW.town_id, NEW.town_lat, NEW.town_lon, NEW.town_name, NEW.town_region, NEW.town_country
    FROM users u LEFT JOIN towns t ON t.id = u.town_id WHERE u.id = NEW.user_id;
  IF NEW.town_id IS NOT NULL AND NEW.is_active THEN
    PERFORM threadswap_listed_town_keep(NEW.town_id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION threadswap_users_town_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE items i SET town_id = t.id, town_lat = t.lat, town_lon = t.lon,
      town_name = t.name, town_region = t.region, town_country = t.country
    FROM (SELECT NEW.town_id AS wanted) w LEFT JOIN towns t ON t.id = w.wanted
    WHERE i.user_id = NEW.id;
  IF NEW.town_id IS NOT NULL AND EXISTS (SELECT 1 FROM items WHERE user_id = NEW.id AND is_active) THEN
    PERFORM threadswap_listed_town_keep(NEW.town_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An item listed again (is_active back to true) after its town was swept.
CREATE OR REPLACE FUNCTION threadswap_items_listed_again() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM threadswap_listed_town_keep(NEW.town_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_listed_again
  AFTER UPDATE OF is_active ON items
  FOR EACH ROW WHEN (NEW.is_active AND NOT OLD.is_active AND NEW.town_id IS NOT NULL)
  EXECUTE FUNCTION threadswap_items_listed_again();
--> statement-breakpoint
-- Deletes the towns (never town 0, the items without a town) that hold no listed item; answers how
-- many. Each town is locked, then looked at again (a new snapshot per statement under READ
-- COMMITTED), so an item a writer committed meanwhile keeps its town.
CREATE OR REPLACE FUNCTION threadswap_prune_listed_towns() RETURNS integer
  LANGUAGE plpgsql
  AS $$
DECLARE
  candidate integer;
  pruned integer := 0;
BEGIN
  FOR candidate IN
    SELECT lt.town_id FROM listed_towns lt
      WHERE lt.town_id <> 0
        AND NOT EXISTS (SELECT 1 FROM items i WHERE coalesce(i.town_id, 0) = lt.town_id AND i.is_active)
  LOOP
    PERFORM 1 FROM listed_towns WHERE town_id = candidate FOR UPDATE SKIP LOCKED;
    CONTINUE WHEN NOT FOUND;
    IF NOT EXISTS (SELECT 1 FROM items i WHERE coalesce(i.town_id, 0) = candidate AND i.is_active) THEN
      DELETE FROM listed_towns WHERE town_id = candidate;
      pruned := pruned + 1;
    END IF;
  END LOOP;
  RETURN pruned;
END
$$;
--> statement-breakpoint
SELECT threadswap_prune_listed_towns();
