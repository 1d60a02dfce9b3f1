ALTER TABLE "items" ADD COLUMN "is_giveaway" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rings" ADD COLUMN "kind" text DEFAULT 'ring' NOT NULL;--> statement-breakpoint
ALTER TABLE "rings" ADD COLUMN "end_accepted_at" timestamp with time zone;