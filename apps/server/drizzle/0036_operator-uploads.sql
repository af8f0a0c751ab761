ALTER TABLE "uploads" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "operator_id" bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner" CHECK (("uploads"."user_id" IS NULL) <> ("uploads"."operator_id" IS NULL));