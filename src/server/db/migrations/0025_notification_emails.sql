CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"trade_request" boolean DEFAULT true NOT NULL,
	"trade_accepted" boolean DEFAULT true NOT NULL,
	"ring_proposal" boolean DEFAULT true NOT NULL,
	"dispute" boolean DEFAULT true NOT NULL,
	"unread_message" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_email_alerts" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	CONSTRAINT "message_email_alerts_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_email_alerts" ADD CONSTRAINT "message_email_alerts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_email_alerts" ADD CONSTRAINT "message_email_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unemailed_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."emailed_at" is null;--> statement-breakpoint
-- Custom: notifications from before emails existed are not emailed (no digest of the past at deploy).
UPDATE "notifications" SET "emailed_at" = "created_at";
