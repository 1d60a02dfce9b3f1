CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_pair_item_key";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "participant1_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "participant2_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ring_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_user_idx" ON "conversation_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_ring_id_rings_id_fk" FOREIGN KEY ("ring_id") REFERENCES "public"."rings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_ring_idx" ON "conversations" USING btree ("ring_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pair_item_key" UNIQUE NULLS NOT DISTINCT("participant1_id","participant2_id","related_item_id","ring_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK (("conversations"."ring_id" is null and "conversations"."participant1_id" is not null and "conversations"."participant2_id" is not null)
        or ("conversations"."ring_id" is not null and "conversations"."participant1_id" is null and "conversations"."participant2_id" is null));--> statement-breakpoint
-- Rings made before group conversations get theirs now: one per ring, its members the ring's givers.
INSERT INTO "conversations" ("ring_id", "created_at") SELECT "id", "created_at" FROM "rings";--> statement-breakpoint
INSERT INTO "conversation_members" ("conversation_id", "user_id")
  SELECT DISTINCT c."id", l."giver_id" FROM "conversations" c JOIN "ring_legs" l ON l."ring_id" = c."ring_id";
