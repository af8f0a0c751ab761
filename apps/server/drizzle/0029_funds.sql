CREATE TABLE "fund_holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"balance" numeric(24, 2) DEFAULT '0' NOT NULL,
	"income_exact" numeric(34, 12) DEFAULT '0' NOT NULL,
	"income" numeric(24, 2) DEFAULT '0' NOT NULL,
	"rate_bps" integer,
	"matures_at" timestamp with time zone,
	"income_at_maturity" numeric(24, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "fund_holdings_balance" CHECK (balance >= 0 AND income >= 0)
);
--> statement-breakpoint
CREATE TABLE "fund_income" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"holding_id" bigint NOT NULL,
	"date" date NOT NULL,
	"balance" numeric(24, 2) NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_income_days" (
	"product_id" bigint NOT NULL,
	"date" date NOT NULL,
	"rate_bps" integer NOT NULL,
	"holders" integer NOT NULL,
	"total_balance" numeric(24, 2) NOT NULL,
	"total_income" numeric(24, 2) NOT NULL,
	"trigger" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"holding_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"plan_id" bigint,
	"idempotency_key" text NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"fee" numeric(24, 2) DEFAULT '0' NOT NULL,
	"instant_amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	"deferred_amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"rate_bps" integer,
	"arrives_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "fund_orders_amounts" CHECK (amount > 0 AND fee >= 0 AND instant_amount >= 0 AND deferred_amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "fund_plan_runs" (
	"plan_id" bigint NOT NULL,
	"date" date NOT NULL,
	"outcome" text NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"frequency" text NOT NULL,
	"day" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pause_reason" text,
	"short_on" date,
	"next_run_date" date,
	"notice_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_plans_amount" CHECK (amount > 0 AND day BETWEEN 1 AND 28)
);
--> statement-breakpoint
CREATE TABLE "fund_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"min_amount" numeric(24, 2) NOT NULL,
	"instant_redeem_daily_cap" numeric(24, 2),
	"period_days" integer,
	"rate_bps" integer,
	"is_early_redemption_allowed" boolean DEFAULT false NOT NULL,
	"early_redemption_fee_bps" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_products_shape" CHECK (min_amount > 0 AND early_redemption_fee_bps >= 0 AND (kind = 'current' AND instant_redeem_daily_cap >= 0 OR kind = 'period' AND period_days > 0 AND rate_bps >= 0))
);
--> statement-breakpoint
CREATE TABLE "fund_rates" (
	"product_id" bigint NOT NULL,
	"date" date NOT NULL,
	"rate_bps" integer NOT NULL,
	"published_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_rates_bps" CHECK (rate_bps >= 0)
);
--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_income" ADD CONSTRAINT "fund_income_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_income" ADD CONSTRAINT "fund_income_holding_id_fund_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."fund_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_income_days" ADD CONSTRAINT "fund_income_days_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_holding_id_fund_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."fund_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_plan_runs" ADD CONSTRAINT "fund_plan_runs_plan_id_fund_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fund_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_plans" ADD CONSTRAINT "fund_plans_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_rates" ADD CONSTRAINT "fund_rates_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_rates" ADD CONSTRAINT "fund_rates_published_by_operators_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_holdings_current_key" ON "fund_holdings" USING btree ("user_id","product_id") WHERE kind = 'current';--> statement-breakpoint
CREATE INDEX "fund_holdings_user_idx" ON "fund_holdings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fund_holdings_maturity_idx" ON "fund_holdings" USING btree ("status","matures_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_income_key" ON "fund_income" USING btree ("product_id","user_id","date");--> statement-breakpoint
CREATE INDEX "fund_income_user_idx" ON "fund_income" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_income_days_key" ON "fund_income_days" USING btree ("product_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_orders_key" ON "fund_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fund_orders_user_idx" ON "fund_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fund_orders_pending_idx" ON "fund_orders" USING btree ("status","arrives_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_plan_runs_key" ON "fund_plan_runs" USING btree ("plan_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_plans_key" ON "fund_plans" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fund_plans_due_idx" ON "fund_plans" USING btree ("status","next_run_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_products_code_key" ON "fund_products" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_rates_key" ON "fund_rates" USING btree ("product_id","date");