ALTER TABLE "donations" ADD COLUMN "tribute" jsonb;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "tribute_ecard_sent_at" timestamp with time zone;
