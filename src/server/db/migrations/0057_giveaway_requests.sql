CREATE TABLE "giveaway_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"trade_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trade_requests" ALTER COLUMN "offered_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_requests" ALTER COLUMN "offered_terms" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "giveaway_requests" ADD CONSTRAINT "giveaway_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_requests" ADD CONSTRAINT "giveaway_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_requests" ADD CONSTRAINT "giveaway_requests_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_requests_open_idx" ON "giveaway_requests" USING btree ("item_id","requester_id") WHERE "giveaway_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "giveaway_requests_item_idx" ON "giveaway_requests" USING btree ("item_id","status","created_at");--> statement-breakpoint
CREATE INDEX "giveaway_requests_requester_idx" ON "giveaway_requests" USING btree ("requester_id","status");--> statement-breakpoint
-- Hand-written: a trade names both a requester's item and its terms, or neither (a giveaway handover).
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_offered_pair_check" CHECK (("offered_item_id" IS NULL) = ("offered_terms" IS NULL));
