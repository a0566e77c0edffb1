ALTER TABLE "donation_refunds" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD COLUMN "failure_reason" text;