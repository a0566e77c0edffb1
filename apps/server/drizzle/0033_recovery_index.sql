-- Failed-payment recovery looks for a plan's gift after its first failure: from this index alone.
-- (Same name and key as the schema's index; the included columns spare a table read per plan.)
DROP INDEX IF EXISTS donations_recurring_plan_idx;
--> statement-breakpoint
CREATE INDEX donations_recurring_plan_idx ON donations (recurring_plan_id, created_at) INCLUDE (status, npo_id);
