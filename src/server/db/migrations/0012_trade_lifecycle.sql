CREATE TABLE "trade_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_request_id" uuid NOT NULL,
	"opened_by_id" uuid,
	"against_id" uuid,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"resolution_note" text,
	"resolved_by_id" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "trade_disputes_trade_request_id_unique" UNIQUE("trade_request_id")
);
--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "cancelled_by_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_against_id_users_id_fk" FOREIGN KEY ("against_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_disputes_open_idx" ON "trade_disputes" USING btree ("created_at") WHERE "trade_disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "trade_disputes_against_idx" ON "trade_disputes" USING btree ("against_id");--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_requests_open_idx" ON "trade_requests" USING btree ("status","created_at") WHERE "trade_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
-- Trades accepted before acceptance was recorded: the first receipt, or their last change, is the closest known time.
UPDATE "trade_requests" SET "accepted_at" = coalesce(least("requester_received_at", "owner_received_at"), "updated_at") WHERE "status" in ('accepted', 'completed') AND "accepted_at" IS NULL;
