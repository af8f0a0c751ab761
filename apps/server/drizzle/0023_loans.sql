CREATE TABLE "loan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(24, 2),
	"day" integer,
	"operator_id" bigint,
	"journal_id" bigint,
	"detail" jsonb,
	"repayment_key" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"period_days" integer NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"min_amount" numeric(24, 2) NOT NULL,
	"max_amount" numeric(24, 2) NOT NULL,
	"penalty_daily_rate" numeric(12, 8) NOT NULL,
	"penalty_cap_share" numeric(12, 8) NOT NULL,
	"second_approval_above" numeric(24, 2) NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_period_positive" CHECK ("loan_products"."period_days" > 0),
	CONSTRAINT "loan_products_rates" CHECK ("loan_products"."daily_rate" >= 0 AND "loan_products"."penalty_daily_rate" >= 0 AND "loan_products"."penalty_cap_share" >= 0),
	CONSTRAINT "loan_products_amounts" CHECK ("loan_products"."min_amount" > 0 AND "loan_products"."max_amount" >= "loan_products"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"wallet_type" text NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"period_days" integer NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"penalty_daily_rate" numeric(12, 8) NOT NULL,
	"penalty_cap_share" numeric(12, 8) NOT NULL,
	"needs_second_approval" boolean NOT NULL,
	"terms" jsonb NOT NULL,
	"credit_score" integer NOT NULL,
	"first_approved_by" bigint,
	"decided_by" bigint,
	"reject_reason" text,
	"principal_outstanding" numeric(24, 2) DEFAULT '0' NOT NULL,
	"interest_exact" numeric(34, 12) DEFAULT '0' NOT NULL,
	"interest_charged" numeric(24, 2) DEFAULT '0' NOT NULL,
	"interest_paid" numeric(24, 2) DEFAULT '0' NOT NULL,
	"penalty_exact" numeric(34, 12) DEFAULT '0' NOT NULL,
	"penalty_charged" numeric(24, 2) DEFAULT '0' NOT NULL,
	"penalty_paid" numeric(24, 2) DEFAULT '0' NOT NULL,
	"days_accrued" integer DEFAULT 0 NOT NULL,
	"penalty_days" integer DEFAULT 0 NOT NULL,
	"reminded_before" boolean DEFAULT false NOT NULL,
	"reminded_due" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"examine_time" timestamp with time zone,
	"expire_time" timestamp with time zone,
	"defaults_time" timestamp with time zone,
	"last_pay_back_date" timestamp with time zone,
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount" > 0),
	CONSTRAINT "loans_principal_within" CHECK ("loans"."principal_outstanding" >= 0 AND "loans"."principal_outstanding" <= "loans"."amount"),
	CONSTRAINT "loans_interest_paid_within" CHECK ("loans"."interest_paid" >= 0 AND "loans"."interest_paid" <= "loans"."interest_charged"),
	CONSTRAINT "loans_penalty_paid_within" CHECK ("loans"."penalty_paid" >= 0 AND "loans"."penalty_paid" <= "loans"."penalty_charged"),
	CONSTRAINT "loans_four_eyes" CHECK ("loans"."first_approved_by" IS NULL OR "loans"."decided_by" IS NULL OR "loans"."first_approved_by" <> "loans"."decided_by")
);
--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_events_repayment_key" ON "loan_events" USING btree ("repayment_key") WHERE repayment_key IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_events_accrual_key" ON "loan_events" USING btree ("loan_id","kind","day") WHERE kind IN ('interest', 'penalty');--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_period_key" ON "loan_products" USING btree ("period_days");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_user_key" ON "loans" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","id");