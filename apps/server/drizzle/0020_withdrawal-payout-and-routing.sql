ALTER TABLE "bank_cards" ADD COLUMN "routing_number" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_currency" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_amount" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_rate" numeric(24, 10);