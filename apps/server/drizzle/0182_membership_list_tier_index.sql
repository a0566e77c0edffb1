-- The members list filtered by tier (and status) at 100,000 memberships (bench/memberships/run.ts,
-- docs/decisions/082-membership-welcome-and-figures.md): the page is read in the list's order
-- (expiry, then id) within one tier and status, and its count is an index-only scan. The list's
-- unfiltered order gets status beside it, so its count and its later pages check "not pending"
-- without reading the table.
CREATE INDEX "supporter_memberships_npo_tier_status_idx" ON "supporter_memberships" USING btree ("npo_id","tier_id","status","period_end","id");--> statement-breakpoint
CREATE INDEX "supporter_memberships_npo_expiry_status_idx" ON "supporter_memberships" USING btree ("npo_id","period_end","id") INCLUDE ("status");--> statement-breakpoint
DROP INDEX "supporter_memberships_npo_expiry_idx";
