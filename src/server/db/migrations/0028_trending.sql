CREATE TABLE "item_views" (
	"item_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "item_views_item_id_viewer_id_day_pk" PRIMARY KEY("item_id","viewer_id","day")
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "trending_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_views_day_idx" ON "item_views" USING btree ("day","item_id");--> statement-breakpoint
CREATE INDEX "items_active_trending_idx" ON "items" USING btree ("trending_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_trending_scored_idx" ON "items" USING btree ("id") WHERE "items"."trending_score" > 0;--> statement-breakpoint
-- Items already favourited this week start with their favourites' share of the score.
UPDATE "items" SET "trending_score" = 3 * "recent"."favourites"
FROM (
  SELECT "item_id", count(*)::int AS "favourites" FROM "favorites"
  WHERE "created_at" >= now() - interval '7 days' GROUP BY "item_id"
) AS "recent"
WHERE "items"."id" = "recent"."item_id";
