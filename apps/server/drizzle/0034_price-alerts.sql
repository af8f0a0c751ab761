CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" numeric(30, 8) NOT NULL,
	"status" text DEFAULT 'armed' NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric(30, 8),
	"fired_change_ratio" numeric(30, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_fired_state" CHECK ((status = 'fired') = (fired_at IS NOT NULL)),
	CONSTRAINT "price_alerts_threshold_positive" CHECK (threshold > 0)
);
--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_alerts_armed_idx" ON "price_alerts" USING btree ("code") WHERE status = 'armed';