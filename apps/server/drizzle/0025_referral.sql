CREATE TABLE "referral_programme" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"reward_amount" numeric(24, 2) NOT NULL,
	"currency" text NOT NULL,
	"min_deposit" numeric(24, 2) NOT NULL,
	"hold_days" integer NOT NULL,
	"yearly_cap" numeric(24, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_programme_one_row" CHECK ("referral_programme"."id" = 1),
	CONSTRAINT "referral_programme_amounts" CHECK ("referral_programme"."reward_amount" > 0 AND "referral_programme"."min_deposit" > 0 AND "referral_programme"."yearly_cap" >= "referral_programme"."reward_amount"),
	CONSTRAINT "referral_programme_days" CHECK ("referral_programme"."hold_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invitee_user_id" bigint NOT NULL,
	"referrer_user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"currency" text NOT NULL,
	"funded_since" timestamp with time zone NOT NULL,
	"reason" text,
	"decided_by" bigint,
	"journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "referral_rewards_not_self" CHECK ("referral_rewards"."invitee_user_id" <> "referral_rewards"."referrer_user_id"),
	CONSTRAINT "referral_rewards_paid_journal" CHECK (("referral_rewards"."state" = 'paid') = ("referral_rewards"."journal_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_invitee_key" ON "referral_rewards" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_user_id","state");