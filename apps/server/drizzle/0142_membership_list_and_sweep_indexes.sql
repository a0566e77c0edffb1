-- The members list and the sweep at 100,000 memberships (bench/memberships/run.ts):
-- the list's order (expiry, then id) within an organisation, its name search (LIKE '%…%' through
-- trigrams), and the sweep's batches taken in expiry order among manual memberships of one status,
-- so a batch reads the rows it moves instead of rescanning those moved before.
CREATE INDEX "supporter_memberships_npo_expiry_idx" ON "supporter_memberships" USING btree ("npo_id","period_end","id");--> statement-breakpoint
CREATE INDEX "supporter_memberships_sweep_idx" ON "supporter_memberships" USING btree ("status","period_end") WHERE "supporter_memberships"."renewal" = 'manual';--> statement-breakpoint
CREATE INDEX "supporter_memberships_search_trgm_idx" ON "supporter_memberships" USING gin ("search_text" gin_trgm_ops);
