CREATE TABLE "receiving_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"beneficiary" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text,
	"cbu" text,
	"alias" text,
	"iban" text,
	"swift" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "receiving_accounts_currency_idx" ON "receiving_accounts" USING btree ("currency");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_reference_key" ON "deposits" USING btree ("reference") WHERE reference IS NOT NULL;