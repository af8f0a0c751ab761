CREATE TABLE "trading_leverage_acknowledgements" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"questions_version" text NOT NULL,
	"answers" jsonb NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
