CREATE TABLE "handover_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_request_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"population" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_meetups" (
	"trade_request_id" uuid PRIMARY KEY NOT NULL,
	"proposed_by_id" uuid NOT NULL,
	"place" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"owner_code" text,
	"requester_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "town_id" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "town_lat" double precision;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "town_lon" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "town_id" integer;--> statement-breakpoint
ALTER TABLE "handover_attempts" ADD CONSTRAINT "handover_attempts_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_attempts" ADD CONSTRAINT "handover_attempts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_meetups" ADD CONSTRAINT "trade_meetups_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_meetups" ADD CONSTRAINT "trade_meetups_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_attempts_trade_idx" ON "handover_attempts" USING btree ("trade_request_id","created_at");--> statement-breakpoint
CREATE INDEX "towns_search_name_idx" ON "towns" USING btree ("search_name" text_pattern_ops,"population" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_active_town_position_idx" ON "items" USING btree ("town_lat","town_lon") WHERE "items"."is_active" and "items"."town_lat" is not null;--> statement-breakpoint
-- Hand-written. The great-circle distance in kilometres between two points (haversine, mean Earth
-- radius 6371 km); null when a point is missing. (Rounding can carry the haversine's root a hair
-- above 1, which asin refuses: it is brought back to 1, without `least`, which would turn a null into 1.
-- One expression without FROM, so that the planner inlines it.)
CREATE OR REPLACE FUNCTION threadswap_distance_km(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision)
  RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 2 * 6371 * asin(sqrt(power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2)) - greatest(sqrt(power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2)) - 1, 0)) $$;
--> statement-breakpoint
-- A new item carries its owner's town and its centre (items.town_id, town_lat, town_lon).
CREATE OR REPLACE FUNCTION threadswap_items_owner_town() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT t.id, t.lat, t.lon INTO NEW.town_id, NEW.town_lat, NEW.town_lon
    FROM users u LEFT JOIN towns t ON t.id = u.town_id WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_owner_town
  BEFORE INSERT OR UPDATE OF user_id ON items
  FOR EACH ROW EXECUTE FUNCTION threadswap_items_owner_town();
--> statement-breakpoint
-- A member who changes town moves every item of theirs with them, in the same statement's transaction.
CREATE OR REPLACE FUNCTION threadswap_users_town_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE items i SET town_id = t.id, town_lat = t.lat, town_lon = t.lon
    FROM (SELECT NEW.town_id AS wanted) w LEFT JOIN towns t ON t.id = w.wanted
    WHERE i.user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_town_moved
  AFTER UPDATE OF town_id ON users
  FOR EACH ROW WHEN (OLD.town_id IS DISTINCT FROM NEW.town_id)
  EXECUTE FUNCTION threadswap_users_town_moved();
