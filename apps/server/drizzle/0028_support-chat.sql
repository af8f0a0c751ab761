CREATE TABLE "support_canned_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"device_token_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"language" text NOT NULL,
	"assigned_operator_id" bigint,
	"waiting_since" timestamp with time zone,
	"user_read_up_to" bigint,
	"agent_read_up_to" bigint,
	"last_message_at" timestamp with time zone,
	"is_rating_asked" boolean DEFAULT false NOT NULL,
	"rating" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_owner" CHECK (("support_conversations"."user_id" IS NULL) <> ("support_conversations"."device_token_hash" IS NULL)),
	CONSTRAINT "support_conversations_rating" CHECK ("support_conversations"."rating" IS NULL OR "support_conversations"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_id" bigint,
	"text" text,
	"image_url" text,
	"system_event" text,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_agent" CHECK (("support_messages"."author" = 'agent') = ("support_messages"."operator_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "support_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_canned_replies_title_key" ON "support_canned_replies" USING btree ("language","title");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user_key" ON "support_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_device_key" ON "support_conversations" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "support_conversations_queue" ON "support_conversations" USING btree ("status","waiting_since");--> statement-breakpoint
CREATE INDEX "support_messages_conversation" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client_key" ON "support_messages" USING btree ("conversation_id","client_key");--> statement-breakpoint
CREATE INDEX "support_notes_conversation" ON "support_notes" USING btree ("conversation_id","id");