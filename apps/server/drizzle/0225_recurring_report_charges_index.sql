-- The recurring report reads each plan's charges and their base amounts (docs/product/reports.md#recurring,
-- decision 099): with the base amount and the gift's id in this index too it reads no table row per
-- charge, and finds each plan's first gift among its charges.
-- (Same name and key as the schema's index; only the included columns change.)
DROP INDEX IF EXISTS donations_recurring_plan_idx;
--> statement-breakpoint
CREATE INDEX donations_recurring_plan_idx ON donations (recurring_plan_id, created_at) INCLUDE (status, npo_id, base_amount_minor, id);
