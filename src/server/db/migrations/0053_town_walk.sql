CREATE TABLE "listed_towns" (
	"town_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "town_name" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "town_region" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "town_country" text;--> statement-breakpoint
CREATE INDEX "items_active_town_walk_idx" ON "items" USING btree (coalesce("town_id", 0),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
-- A few thousand rows that the walk reads in order: never in parallel (decision 024).
ALTER TABLE "listed_towns" SET (parallel_workers = 0);
--> statement-breakpoint
-- Town 0: the items of owners without a town, without a distance, so walked last.
INSERT INTO "listed_towns" ("town_id", "lat", "lon") VALUES (0, NULL, NULL);
--> statement-breakpoint
-- An item carries its owner's town's names as well as its centre, so that lists name the town from
-- the item's own row (no subquery on towns per listed item); its town joins listed_towns, the towns
-- the distance sort walks nearest first (decision 024). Insert only: nothing is written when the
-- town is there already.
CREATE OR REPLACE FUNCTION threadswap_items_owner_town() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT t.id, t.lat, t.lon, t.name, t.region, t.country
    INTO NEW.town_id, NEW.town_lat, NEW.town_lon, NEW.town_name, NEW.town_region, NEW.town_country
    FROM users u LEFT JOIN towns t ON t.id = u.town_id WHERE u.id = NEW.user_id;
  IF NEW.town_id IS NOT NULL THEN
    INSERT INTO listed_towns (town_id, lat, lon) VALUES (NEW.town_id, NEW.town_lat, NEW.town_lon)
      ON CONFLICT (town_id) DO NOTHING;
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
  IF NEW.town_id IS NOT NULL AND EXISTS (SELECT 1 FROM items WHERE user_id = NEW.id) THEN
    INSERT INTO listed_towns (town_id, lat, lon) SELECT id, lat, lon FROM towns WHERE id = NEW.town_id
      ON CONFLICT (town_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE items i SET town_name = t.name, town_region = t.region, town_country = t.country
  FROM towns t WHERE t.id = i.town_id;
--> statement-breakpoint
INSERT INTO listed_towns (town_id, lat, lon)
  SELECT DISTINCT t.id, t.lat, t.lon FROM items i JOIN towns t ON t.id = i.town_id
  ON CONFLICT (town_id) DO NOTHING;
