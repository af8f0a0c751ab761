CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "bank_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"card_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_user_id_network_pk" PRIMARY KEY("user_id","network"),
	CONSTRAINT "deposit_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"wallet_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"network" text,
	"tx_hash" text,
	"confirmations" integer,
	"screenshot_url" text,
	"journal_id" bigint,
	"decided_by_operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"from_wallet_type" text NOT NULL,
	"to_wallet_type" text NOT NULL,
	"from_amount" numeric(24, 2) NOT NULL,
	"to_amount" numeric(24, 2) NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"from_wallet_type" text NOT NULL,
	"to_wallet_type" text NOT NULL,
	"from_amount" numeric(24, 2) NOT NULL,
	"to_amount" numeric(24, 2),
	"rate" numeric(24, 10),
	"status" text NOT NULL,
	"quote_id" text,
	"hold_id" bigint,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wallet_transfers_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"wallet_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"destination" text NOT NULL,
	"destination_details" jsonb NOT NULL,
	"hold_id" bigint,
	"idempotency_key" text NOT NULL,
	"decided_by_operator_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash_key" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_key" ON "deposits" USING btree ("network","tx_hash") WHERE tx_hash IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transfers_idempotency_key" ON "wallet_transfers" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_transfers_status_idx" ON "wallet_transfers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_user_idx" ON "withdrawal_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
-- The audit log is append-only: nobody edits or deletes what an operator did.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only (% refused)', TG_OP USING ERRCODE = 'AU001';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
