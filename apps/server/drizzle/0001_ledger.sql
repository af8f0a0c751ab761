CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"user_id" bigint,
	"wallet_type" text,
	"system_code" text,
	"currency" text NOT NULL,
	"balance" numeric(24, 2) DEFAULT '0' NOT NULL,
	"held" numeric(24, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_shape" CHECK ((owner_kind = 'user' AND user_id IS NOT NULL AND wallet_type IS NOT NULL AND system_code IS NULL) OR (owner_kind = 'system' AND system_code IS NOT NULL AND user_id IS NULL AND wallet_type IS NULL)),
	CONSTRAINT "ledger_accounts_user_available_not_negative" CHECK (owner_kind = 'system' OR (held >= 0 AND balance - held >= 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"balance_after" numeric(24, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_hold_resolutions" (
	"hold_id" bigint PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"journal_id" bigint,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_hold_resolutions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_holds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_holds_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"memo" text,
	"fingerprint" text NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_hold_resolutions" ADD CONSTRAINT "ledger_hold_resolutions_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_hold_resolutions" ADD CONSTRAINT "ledger_hold_resolutions_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_wallet_key" ON "ledger_accounts" USING btree ("user_id","wallet_type") WHERE owner_kind = 'user';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" USING btree ("system_code","currency") WHERE owner_kind = 'system';--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_account_idx" ON "ledger_holds" USING btree ("account_id");