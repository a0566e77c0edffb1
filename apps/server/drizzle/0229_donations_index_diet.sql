-- Fewer index entries per gift (docs/decisions/109-donations-index-diet.md). Every gift, from the
-- checkout or an import, wrote an entry in each of the donations' sixteen indexes:
-- - donations_npo_created_idx (npo_id, created_at) has the key of donations_npo_period_idx, which
--   also covers the columns the lists and dashboards read: any scan of the one is a scan of the other.
-- - donations_peer_campaign_idx and donations_recurring_plan_idx held an entry for every gift without
--   a fundraiser page or a plan (most gifts), and every query that reads them names a page or a plan,
--   or asks for one that is not null.
DROP INDEX "donations_npo_created_idx";--> statement-breakpoint
DROP INDEX "donations_peer_campaign_idx";--> statement-breakpoint
CREATE INDEX "donations_peer_campaign_idx" ON "donations" ("peer_campaign_id") WHERE "peer_campaign_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "donations_recurring_plan_idx";--> statement-breakpoint
CREATE INDEX "donations_recurring_plan_idx" ON "donations" ("recurring_plan_id", "created_at")
  INCLUDE ("status", "npo_id", "base_amount_minor", "id") WHERE "recurring_plan_id" IS NOT NULL;
