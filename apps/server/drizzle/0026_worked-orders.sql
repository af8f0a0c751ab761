CREATE TABLE "twap_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"direction" integer NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"slices" integer NOT NULL,
	"interval_seconds" integer NOT NULL,
	"limit_price" numeric(30, 8),
	"status" text DEFAULT 'working' NOT NULL,
	"slices_done" integer DEFAULT 0 NOT NULL,
	"filled_quantity" numeric(30, 8) DEFAULT '0' NOT NULL,
	"filled_amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(24, 2) DEFAULT '0' NOT NULL,
	"next_slice_at" timestamp with time zone NOT NULL,
	"wait_reason" text,
	"stop_reason" text,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "twap_orders_progress" CHECK (slices_done BETWEEN 0 AND slices AND filled_quantity <= quantity)
);
--> statement-breakpoint
CREATE TABLE "twap_slices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"twap_id" bigint NOT NULL,
	"slice_index" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"fee" numeric(24, 2) NOT NULL,
	"filled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_quotes" ADD COLUMN "direction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "twap_orders_idempotency_key" ON "twap_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "twap_orders_user_idx" ON "twap_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "twap_orders_due_idx" ON "twap_orders" USING btree ("next_slice_at") WHERE status = 'working';--> statement-breakpoint
CREATE UNIQUE INDEX "twap_slices_one_per_index" ON "twap_slices" USING btree ("twap_id","slice_index");