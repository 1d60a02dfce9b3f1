CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"full" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"gender" text NOT NULL,
	"style" text,
	"condition" text NOT NULL,
	"condition_rank" smallint GENERATED ALWAYS AS (case "items"."condition" when 'new' then 5 when 'like-new' then 4 when 'good' then 3 when 'fair' then 2 else 1 end) STORED,
	"brand" text,
	"size" text,
	"estimated_value" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"seasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"location" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("items"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("items"."brand", '')), 'A') || setweight(to_tsvector('english', threadswap_join_words("items"."tags")), 'B') || setweight(to_tsvector('english', coalesce("items"."description", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower("items"."title" || ' ' || coalesce("items"."brand", '') || ' ' || threadswap_join_words("items"."tags"))) STORED
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_average" real;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_item_idx" ON "favorites" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "images_user_idx" ON "images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "items_user_idx" ON "items" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "items_active_created_idx" ON "items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_value_idx" ON "items" USING btree ("estimated_value","id") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_condition_idx" ON "items" USING btree ("condition_rank" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_popular_idx" ON "items" USING btree ("favorite_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_title_idx" ON "items" USING btree (lower("title"),"id") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_brand_idx" ON "items" USING btree (lower("brand"),"id") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_category_idx" ON "items" USING btree ("category","created_at" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_gender_idx" ON "items" USING btree ("gender","created_at" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_size_idx" ON "items" USING btree ("size") WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_search_vector_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_search_text_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_brand_trgm_idx" ON "items" USING gin (lower("brand") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_location_trgm_idx" ON "items" USING gin (lower("location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_tags_idx" ON "items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "items_colors_idx" ON "items" USING gin ("colors");--> statement-breakpoint
CREATE INDEX "items_seasons_idx" ON "items" USING gin ("seasons");