ALTER TABLE "npos" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;