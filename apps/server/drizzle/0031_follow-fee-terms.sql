ALTER TABLE "follow_orders" ADD COLUMN "management_fee_rate" numeric(12, 8);--> statement-breakpoint
ALTER TABLE "follow_orders" ADD COLUMN "performance_fee_rate" numeric(12, 8);--> statement-breakpoint
-- Follows made before their terms were kept on them: the institution's terms now are the only record of them.
UPDATE "follow_orders" SET "management_fee_rate" = i."management_fee_rate", "performance_fee_rate" = i."performance_fee_rate" FROM "follow_institutions" i WHERE i."id" = "follow_orders"."institution_id";--> statement-breakpoint
ALTER TABLE "follow_orders" ALTER COLUMN "management_fee_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_orders" ALTER COLUMN "performance_fee_rate" SET NOT NULL;
