CREATE TABLE "market_candles" (
	"instrument_code" text NOT NULL,
	"interval" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	CONSTRAINT "market_candles_pkey" PRIMARY KEY("instrument_code","interval","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "market_watchlist_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"instrument_code" text NOT NULL,
	"market" text NOT NULL,
	"source" text NOT NULL,
	"classify" text NOT NULL,
	"security_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_watchlist_items_user_code_key" ON "market_watchlist_items" USING btree ("user_id","instrument_code");--> statement-breakpoint
CREATE INDEX "market_watchlist_items_user_order_idx" ON "market_watchlist_items" USING btree ("user_id","sort_order");