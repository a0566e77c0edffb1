CREATE TABLE "sandbox_oauth_codes" (
	"code_digest" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
CREATE INDEX "sandbox_oauth_codes_expires_idx" ON "sandbox_oauth_codes" USING btree ("expires_at");