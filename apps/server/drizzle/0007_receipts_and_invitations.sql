ALTER TABLE "donations" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_invited_at" timestamp with time zone;