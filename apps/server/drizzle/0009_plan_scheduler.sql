ALTER TABLE "recurring_plans" ADD COLUMN "anchor_period" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "past_due_since" timestamp with time zone;