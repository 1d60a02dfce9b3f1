ALTER TABLE "reviews" ALTER COLUMN "trade_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_disputes" ALTER COLUMN "trade_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "ring_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD COLUMN "ring_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD COLUMN "ring_position" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_ring_id_rings_id_fk" FOREIGN KEY ("ring_id") REFERENCES "public"."rings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_ring_id_rings_id_fk" FOREIGN KEY ("ring_id") REFERENCES "public"."rings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_ring_reviewer_idx" ON "reviews" USING btree ("ring_id","reviewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_disputes_ring_leg_idx" ON "trade_disputes" USING btree ("ring_id","ring_position");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_check" CHECK (("reviews"."trade_request_id" is null) <> ("reviews"."ring_id" is null));--> statement-breakpoint
ALTER TABLE "trade_disputes" ADD CONSTRAINT "trade_disputes_subject_check" CHECK (("trade_disputes"."trade_request_id" is null) <> ("trade_disputes"."ring_id" is null) and ("trade_disputes"."ring_id" is null) = ("trade_disputes"."ring_position" is null));