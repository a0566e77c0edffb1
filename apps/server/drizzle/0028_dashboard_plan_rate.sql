DROP INDEX "donations_donor_idx";--> statement-breakpoint
DROP INDEX "donations_recurring_plan_idx";--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "base_rate" numeric;--> statement-breakpoint
CREATE INDEX "donations_recurring_plan_idx" ON "donations" USING btree ("recurring_plan_id","created_at");