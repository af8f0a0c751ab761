CREATE TABLE "follow_appropriateness" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_high_water" (
	"user_id" bigint NOT NULL,
	"institution_id" bigint NOT NULL,
	"nav" numeric(30, 8) NOT NULL,
	CONSTRAINT "follow_high_water_user_id_institution_id_pk" PRIMARY KEY("user_id","institution_id")
);
--> statement-breakpoint
CREATE TABLE "follow_holdings" (
	"institution_id" bigint NOT NULL,
	"code" text NOT NULL,
	"weight" numeric(12, 8) NOT NULL,
	"quantity_per_unit" numeric(34, 12) NOT NULL,
	CONSTRAINT "follow_holdings_institution_id_code_pk" PRIMARY KEY("institution_id","code"),
	CONSTRAINT "follow_holdings_positive" CHECK (quantity_per_unit > 0)
);
--> statement-breakpoint
CREATE TABLE "follow_institutions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"management_fee_rate" numeric(12, 8) NOT NULL,
	"performance_fee_rate" numeric(12, 8) NOT NULL,
	"periods_minutes" jsonb NOT NULL,
	"cash_per_unit" numeric(34, 12) NOT NULL,
	"nav" numeric(30, 8) NOT NULL,
	"nav_at" timestamp with time zone NOT NULL,
	"inception_at" timestamp with time zone NOT NULL,
	"created_by_operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_institutions_rates" CHECK (management_fee_rate >= 0 AND management_fee_rate < 1 AND performance_fee_rate >= 0 AND performance_fee_rate < 1),
	CONSTRAINT "follow_institutions_nav" CHECK (nav > 0 AND cash_per_unit >= 0)
);
--> statement-breakpoint
CREATE TABLE "follow_nav_daily" (
	"institution_id" bigint NOT NULL,
	"day" date NOT NULL,
	"nav" numeric(30, 8) NOT NULL,
	CONSTRAINT "follow_nav_daily_institution_id_day_pk" PRIMARY KEY("institution_id","day")
);
--> statement-breakpoint
CREATE TABLE "follow_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"institution_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'wait_confirm' NOT NULL,
	"end_reason" text,
	"amount" numeric(24, 2) NOT NULL,
	"period_minutes" integer NOT NULL,
	"stop_loss_percent" integer,
	"hold_id" bigint NOT NULL,
	"units" numeric(30, 8),
	"entry_nav" numeric(30, 8),
	"exit_nav" numeric(30, 8),
	"high_water_mark" numeric(30, 8),
	"management_fee" numeric(24, 2),
	"performance_fee" numeric(24, 2),
	"payout" numeric(24, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "follow_orders_amount" CHECK (amount >= 100 AND amount <= 1000000),
	CONSTRAINT "follow_orders_stop" CHECK (stop_loss_percent IS NULL OR (stop_loss_percent BETWEEN 1 AND 90))
);
--> statement-breakpoint
CREATE TABLE "follow_rebalances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"institution_id" bigint NOT NULL,
	"weights" jsonb NOT NULL,
	"nav" numeric(30, 8) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" bigint,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_high_water" ADD CONSTRAINT "follow_high_water_institution_id_follow_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."follow_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_holdings" ADD CONSTRAINT "follow_holdings_institution_id_follow_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."follow_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_institutions" ADD CONSTRAINT "follow_institutions_created_by_operator_id_operators_id_fk" FOREIGN KEY ("created_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_nav_daily" ADD CONSTRAINT "follow_nav_daily_institution_id_follow_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."follow_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_orders" ADD CONSTRAINT "follow_orders_institution_id_follow_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."follow_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_rebalances" ADD CONSTRAINT "follow_rebalances_institution_id_follow_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."follow_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_rebalances" ADD CONSTRAINT "follow_rebalances_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_institutions_name_key" ON "follow_institutions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_orders_key" ON "follow_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "follow_orders_user_idx" ON "follow_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follow_orders_open_idx" ON "follow_orders" USING btree ("status","institution_id") WHERE status <> 'settled';--> statement-breakpoint
CREATE INDEX "follow_rebalances_institution_idx" ON "follow_rebalances" USING btree ("institution_id","at");