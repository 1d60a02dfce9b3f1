CREATE TABLE "trade_offers" (
	"trade_request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"proposed_by_id" uuid,
	"message" text NOT NULL,
	"requested" jsonb NOT NULL,
	"offered" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_offers_trade_request_id_version_pk" PRIMARY KEY("trade_request_id","version")
);
--> statement-breakpoint
CREATE TABLE "trade_request_items" (
	"trade_request_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"side" text NOT NULL,
	"position" smallint NOT NULL,
	"terms" jsonb NOT NULL,
	CONSTRAINT "trade_request_items_trade_request_id_item_id_pk" PRIMARY KEY("trade_request_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "offer_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "offered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_request_items" ADD CONSTRAINT "trade_request_items_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_request_items" ADD CONSTRAINT "trade_request_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_request_items_item_idx" ON "trade_request_items" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_offered_by_id_users_id_fk" FOREIGN KEY ("offered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;