CREATE TABLE "ring_legs" (
	"ring_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"giver_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"terms" jsonb NOT NULL,
	"reason" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"accepted_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "ring_legs_ring_id_position_pk" PRIMARY KEY("ring_id","position")
);
--> statement-breakpoint
CREATE TABLE "rings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"score" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" uuid,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "swap_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text,
	"gender" text,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_condition_rank" smallint,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_value_ratio" real DEFAULT 0.67 NOT NULL,
	"max_value_ratio" real DEFAULT 1.5 NOT NULL,
	"item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "direct_swaps_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ring_legs" ADD CONSTRAINT "ring_legs_ring_id_rings_id_fk" FOREIGN KEY ("ring_id") REFERENCES "public"."rings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ring_legs" ADD CONSTRAINT "ring_legs_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ring_legs" ADD CONSTRAINT "ring_legs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ring_legs" ADD CONSTRAINT "ring_legs_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rings" ADD CONSTRAINT "rings_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_rules" ADD CONSTRAINT "swap_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ring_legs_open_item_idx" ON "ring_legs" USING btree ("item_id") WHERE "ring_legs"."open";--> statement-breakpoint
CREATE INDEX "ring_legs_giver_idx" ON "ring_legs" USING btree ("giver_id");--> statement-breakpoint
CREATE INDEX "ring_legs_receiver_idx" ON "ring_legs" USING btree ("receiver_id");--> statement-breakpoint
CREATE INDEX "rings_open_idx" ON "rings" USING btree ("status","expires_at") WHERE "rings"."status" in ('proposed', 'accepted');--> statement-breakpoint
CREATE INDEX "swap_rules_user_idx" ON "swap_rules" USING btree ("user_id","created_at");