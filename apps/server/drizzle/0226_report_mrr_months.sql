-- The recurring report's MRR movement of closed months (docs/product/reports.md#recurring, decision
-- 105): one row per organisation and month, written only by fill_report_mrr_months when the days
-- close and deleted again (reopened) when a write touches a closed day or a plan's stop. Filled by
-- the next close (giving-days.close), so nothing is computed here.
CREATE TABLE report_mrr_months (
  npo_id bigint NOT NULL REFERENCES npos(id),
  month date NOT NULL,
  change bigint NOT NULL,
  plans_change integer NOT NULL,
  new_mrr bigint NOT NULL,
  expansion bigint NOT NULL,
  contraction bigint NOT NULL,
  churn bigint NOT NULL,
  new_plans integer NOT NULL,
  churned_plans integer NOT NULL,
  CONSTRAINT report_mrr_months_pkey PRIMARY KEY (npo_id, month)
);
