CREATE TABLE "ledger_reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"is_balanced" boolean NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_reconciliation_runs_created_idx" ON "ledger_reconciliation_runs" USING btree ("created_at");