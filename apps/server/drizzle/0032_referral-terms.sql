CREATE TABLE "referral_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"is_enabled" boolean NOT NULL,
	"reward_amount" numeric(24, 2) NOT NULL,
	"currency" text NOT NULL,
	"min_deposit" numeric(24, 2) NOT NULL,
	"hold_days" integer NOT NULL,
	"yearly_cap" numeric(24, 2) NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_terms_amounts" CHECK ("referral_terms"."reward_amount" > 0 AND "referral_terms"."min_deposit" > 0 AND "referral_terms"."yearly_cap" >= "referral_terms"."reward_amount" AND "referral_terms"."hold_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "terms_id" bigint;--> statement-breakpoint
CREATE INDEX "referral_terms_effective_idx" ON "referral_terms" USING btree ("effective_from");--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_terms_id_referral_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."referral_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The programme as it stands is the only record of the terms invitees so far registered under.
INSERT INTO "referral_terms" ("is_enabled", "reward_amount", "currency", "min_deposit", "hold_days", "yearly_cap", "effective_from") SELECT "is_enabled", "reward_amount", "currency", "min_deposit", "hold_days", "yearly_cap", '1970-01-01T00:00:00Z' FROM "referral_programme" WHERE "id" = 1;
