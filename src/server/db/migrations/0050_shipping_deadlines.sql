ALTER TABLE "ring_legs" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ring_legs" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rings" ADD COLUMN "late_giver_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "requester_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "owner_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "requester_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "owner_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "late_sender_id" uuid;--> statement-breakpoint
ALTER TABLE "rings" ADD CONSTRAINT "rings_late_giver_id_users_id_fk" FOREIGN KEY ("late_giver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_late_sender_id_users_id_fk" FOREIGN KEY ("late_sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a trade whose party already recorded a shipment has sent its items then.
UPDATE "trade_requests" SET "requester_sent_at" = ("requester_shipment"->>'shippedAt')::timestamptz WHERE "requester_shipment" IS NOT NULL;--> statement-breakpoint
UPDATE "trade_requests" SET "owner_sent_at" = ("owner_shipment"->>'shippedAt')::timestamptz WHERE "owner_shipment" IS NOT NULL;
-- Hand-written: a ring leg whose giver recorded a shipment has been sent then.
--> statement-breakpoint
UPDATE "ring_legs" SET "sent_at" = ("shipment"->>'shippedAt')::timestamptz WHERE "shipment" IS NOT NULL;
