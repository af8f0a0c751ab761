CREATE TABLE "trading_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"fee" numeric(24, 2) NOT NULL,
	"margin" numeric(24, 2) NOT NULL,
	"realised_pnl" numeric(24, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"wallet_type" text NOT NULL,
	"direction" smallint NOT NULL,
	"order_type" smallint NOT NULL,
	"open_close" smallint NOT NULL,
	"status" smallint NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"limit_price" numeric(30, 8),
	"stop_price" numeric(30, 8),
	"leverage" integer NOT NULL,
	"time_in_force" text NOT NULL,
	"take_profit" numeric(30, 8),
	"stop_loss" numeric(30, 8),
	"hold_id" bigint,
	"held_amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	"position_id" bigint,
	"fill_price" numeric(30, 8),
	"amount" numeric(24, 2),
	"fee" numeric(24, 2),
	"margin" numeric(24, 2),
	"cancel_reason" text,
	"close_reason" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trading_orders_status" CHECK (status IN (0, 1, 2, 3)),
	CONSTRAINT "trading_orders_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "trading_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"wallet_type" text NOT NULL,
	"direction" smallint NOT NULL,
	"opened_quantity" numeric(30, 8) NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"open_price" numeric(30, 8) NOT NULL,
	"leverage" integer NOT NULL,
	"margin" numeric(24, 2) NOT NULL,
	"fees" numeric(24, 2) NOT NULL,
	"realised_pnl" numeric(24, 2) DEFAULT '0' NOT NULL,
	"take_profit" numeric(30, 8),
	"stop_loss" numeric(30, 8),
	"is_open" boolean DEFAULT true NOT NULL,
	"close_price" numeric(30, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trading_positions_quantity" CHECK (quantity >= 0 AND quantity <= opened_quantity AND margin >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trading_fills_order_key" ON "trading_fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trading_fills_position_idx" ON "trading_fills" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_orders_idempotency_key" ON "trading_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "trading_orders_user_idx" ON "trading_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trading_orders_resting_idx" ON "trading_orders" USING btree ("code") WHERE status IN (0, 3);--> statement-breakpoint
CREATE UNIQUE INDEX "trading_positions_order_key" ON "trading_positions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trading_positions_user_idx" ON "trading_positions" USING btree ("user_id","is_open","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trading_positions_open_idx" ON "trading_positions" USING btree ("code") WHERE is_open;