CREATE TABLE "product_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offering_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"identity_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"lots" integer NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"fee" numeric(24, 2) NOT NULL,
	"hold_id" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"allotted_lots" integer,
	"paid" numeric(24, 2),
	"refunded" numeric(24, 2),
	"position_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allotted_at" timestamp with time zone,
	CONSTRAINT "product_applications_lots" CHECK (lots > 0 AND (allotted_lots IS NULL OR (allotted_lots >= 0 AND allotted_lots <= lots)))
);
--> statement-breakpoint
CREATE TABLE "product_offerings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"exchange_code" text NOT NULL,
	"prospectus_date" date NOT NULL,
	"prospectus_url" text DEFAULT '' NOT NULL,
	"fund_raising" numeric(24, 2) NOT NULL,
	"price_low" numeric(30, 8) NOT NULL,
	"price_high" numeric(30, 8) NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"lot_size" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"shares_offered" bigint NOT NULL,
	"fee_rate" numeric(30, 8) NOT NULL,
	"wallet_type" text DEFAULT 'SUBSCRIPTION' NOT NULL,
	"allocation_rule" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"allots_at" timestamp with time zone NOT NULL,
	"lists_at" timestamp with time zone NOT NULL,
	"seed" text,
	"seed_hash" text,
	"demand_lots" bigint,
	"application_count" integer,
	"winner_count" integer,
	"created_by_operator_id" bigint NOT NULL,
	"published_by_operator_id" bigint,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allotted_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	CONSTRAINT "product_offerings_four_eyes" CHECK ("product_offerings"."published_by_operator_id" IS NULL OR "product_offerings"."published_by_operator_id" <> "product_offerings"."created_by_operator_id"),
	CONSTRAINT "product_offerings_shape" CHECK (lot_size > 0 AND min_quantity > 0 AND max_quantity >= min_quantity AND shares_offered > 0 AND price > 0 AND opens_at < closes_at AND closes_at <= allots_at AND allots_at <= lists_at)
);
--> statement-breakpoint
ALTER TABLE "product_applications" ADD CONSTRAINT "product_applications_offering_id_product_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."product_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offerings" ADD CONSTRAINT "product_offerings_created_by_operator_id_operators_id_fk" FOREIGN KEY ("created_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offerings" ADD CONSTRAINT "product_offerings_published_by_operator_id_operators_id_fk" FOREIGN KEY ("published_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_applications_one_per_identity" ON "product_applications" USING btree ("offering_id","identity_key");--> statement-breakpoint
CREATE UNIQUE INDEX "product_applications_one_per_user" ON "product_applications" USING btree ("offering_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_applications_key" ON "product_applications" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "product_applications_user_idx" ON "product_applications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "product_offerings_code_key" ON "product_offerings" USING btree ("code") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "product_offerings_status_idx" ON "product_offerings" USING btree ("status","opens_at");