ALTER TABLE "report_donor_years" ADD COLUMN "campaigns" bigint[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- The campaigns each donor gave to in the year (0 for a gift without a campaign), so the campaigns
-- report counts distinct donors per campaign from these rows (decision 103). Filled once here from
-- every gift already given; the triggers of modules/reports/sql keep it (refresh_report_donor_years
-- holds the same rule, written out because a migration cannot rely on a repeatable definition).
UPDATE "report_donor_years" r SET "campaigns" = x.campaigns
FROM (
	SELECT d.npo_id, date_trunc('year', d.created_at AT TIME ZONE n.time_zone)::date AS year, d.donor_id,
		array_agg(DISTINCT coalesce(d.campaign_id, 0) ORDER BY coalesce(d.campaign_id, 0)) AS campaigns
	FROM donations d
	JOIN npos n ON n.id = d.npo_id
	WHERE d.status IN ('succeeded', 'refunded')
	GROUP BY 1, 2, 3
) x
WHERE r.npo_id = x.npo_id AND r.year = x.year AND r.donor_id = x.donor_id;
--> statement-breakpoint
-- Receipts by number range (docs/product/reports.md#tax): a period's receipted gifts are read from
-- this partial index alone (time, number, e-mailed, amount), not from the gifts' rows.
CREATE INDEX "donations_receipts_period_idx" ON "donations" ("npo_id", "created_at") INCLUDE ("status", "receipt_number", "receipt_sent_at", "base_amount_minor") WHERE receipt_number IS NOT NULL AND status IN ('succeeded', 'refunded');
