-- The recurring analysis at a million donations (decision 014): monthly revenue reads every plan of
-- the organisation, from this index alone (the plan rows are wide); plans started in a period come
-- from the second.
CREATE INDEX IF NOT EXISTS recurring_plans_npo_figures_idx ON recurring_plans (npo_id)
  INCLUDE (status, amount_minor, base_rate, interval, started_at, cancelled_at, updated_at, failure_reason);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS recurring_plans_npo_started_idx ON recurring_plans (npo_id, started_at);
