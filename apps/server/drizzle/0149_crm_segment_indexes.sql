-- A segment's recurring-status rule reads the donors of the organisation's active (or past-due) plans:
-- with donor_id included, that is an index-only scan instead of a pass over every plan row.
CREATE INDEX IF NOT EXISTS recurring_plans_npo_status_donor_idx ON recurring_plans (npo_id, status) INCLUDE (donor_id);
