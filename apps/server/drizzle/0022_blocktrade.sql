CREATE TABLE "block_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"identity_verified" boolean NOT NULL,
	"account_value_usd" numeric(24, 2) NOT NULL,
	"filled_orders" integer NOT NULL,
	"reason" text,
	"retry_at" timestamp with time zone,
	"decided_by_operator_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_instruments" (
	"code" text PRIMARY KEY NOT NULL,
	"block_size" numeric(30, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_markets" (
	"source" text PRIMARY KEY NOT NULL,
	"min_quantity" numeric(30, 8) NOT NULL,
	"band_rate" numeric(30, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_permissions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"application_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"mid_at_quote" numeric(30, 8) NOT NULL,
	"band_rate" numeric(30, 8) NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"fee" numeric(24, 2) NOT NULL,
	"currency" text NOT NULL,
	"wallet_type" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'quoted' NOT NULL,
	"order_id" bigint,
	"mid_at_fill" numeric(30, 8),
	"filled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_requirements" (
	"id" integer PRIMARY KEY NOT NULL,
	"identity_verified" boolean NOT NULL,
	"min_account_value_usd" numeric(24, 2) NOT NULL,
	"min_filled_orders" integer NOT NULL,
	"retry_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_requirements_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE INDEX "block_applications_user_idx" ON "block_applications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "block_applications_one_pending" ON "block_applications" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "block_quotes_filled_idx" ON "block_quotes" USING btree ("user_id","id" DESC NULLS LAST) WHERE status = 'filled';--> statement-breakpoint
CREATE INDEX "block_quotes_all_filled_idx" ON "block_quotes" USING btree ("id" DESC NULLS LAST) WHERE status = 'filled';