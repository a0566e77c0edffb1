-- The staff donations list (modules/donation-list): sorting by amount reads this index in order and
-- stops after one page; totals over a date range are an index-only scan of the second. The donor
-- search and donor-name sort use the donors module's donors_search_trgm_idx and donors_npo_name_idx.
CREATE INDEX IF NOT EXISTS donations_npo_amount_idx ON donations (npo_id, base_amount_minor, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS donations_npo_totals_idx ON donations (npo_id, created_at) INCLUDE (currency, amount_minor, base_amount_minor);
