CREATE TABLE "robot_energy" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "robot_energy_not_negative" CHECK (units >= 0)
);
--> statement-breakpoint
CREATE TABLE "robot_energy_packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"units" integer NOT NULL,
	"price" numeric(24, 2) NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "robot_energy_packs_shape" CHECK (units > 0 AND price > 0)
);
--> statement-breakpoint
CREATE TABLE "robot_licences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "robot_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"template_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"days" integer,
	"price" numeric(24, 2) NOT NULL,
	"energy_included" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "robot_prices_shape" CHECK (price > 0 AND energy_included >= 0 AND ((kind = 'purchase') = (days IS NULL)))
);
--> statement-breakpoint
CREATE TABLE "robot_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"template_id" bigint,
	"price_id" bigint,
	"pack_id" bigint,
	"days" integer,
	"energy_units" integer DEFAULT 0 NOT NULL,
	"price" numeric(24, 2) NOT NULL,
	"status" text NOT NULL,
	"fail_reason" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_run_days" (
	"run_id" bigint NOT NULL,
	"date" text NOT NULL,
	"output" numeric(24, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(24, 2) DEFAULT '0' NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "robot_run_days_run_id_date_pk" PRIMARY KEY("run_id","date")
);
--> statement-breakpoint
CREATE TABLE "robot_run_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"direction" integer NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"fee" numeric(24, 2) NOT NULL,
	"realised" numeric(24, 2) NOT NULL,
	"filled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"template_id" bigint NOT NULL,
	"licence_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"memory" jsonb NOT NULL,
	"code" text NOT NULL,
	"wallet_type" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"end_reason" text,
	"fail_code" text,
	"allocated" numeric(24, 2) NOT NULL,
	"cash" numeric(24, 2) NOT NULL,
	"quantity" numeric(30, 8) DEFAULT '0' NOT NULL,
	"cost_basis" numeric(24, 2) DEFAULT '0' NOT NULL,
	"income" numeric(24, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(24, 2) DEFAULT '0' NOT NULL,
	"trades_count" integer DEFAULT 0 NOT NULL,
	"start_price" numeric(30, 8),
	"last_price" numeric(30, 8),
	"peak_value" numeric(24, 2) NOT NULL,
	"max_drawdown_bps" integer DEFAULT 0 NOT NULL,
	"energy_used" integer DEFAULT 0 NOT NULL,
	"billed_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "robot_runs_money" CHECK (allocated > 0 AND cash >= 0 AND quantity >= 0 AND fees >= 0)
);
--> statement-breakpoint
CREATE TABLE "robot_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"default_parameters" jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "robot_licences_user_idx" ON "robot_licences" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "robot_prices_template_idx" ON "robot_prices" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "robot_purchases_key" ON "robot_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "robot_purchases_user_idx" ON "robot_purchases" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "robot_run_orders_sequence" ON "robot_run_orders" USING btree ("run_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "robot_runs_key" ON "robot_runs" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "robot_runs_user_idx" ON "robot_runs" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "robot_runs_running_idx" ON "robot_runs" USING btree ("id") WHERE status = 'in_progress';--> statement-breakpoint
CREATE UNIQUE INDEX "robot_templates_code" ON "robot_templates" USING btree ("code");