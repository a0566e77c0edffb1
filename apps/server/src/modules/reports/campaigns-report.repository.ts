// Campaigns and appeals (docs/product/reports.md#campaigns-and-appeals): raised against goal,
// donors, average gift and conversion per campaign. Money comes from the income report's own lines
// (grouped by campaign), so the total reconciles with income by construction; donors are counted
// from the per-donor year rows' campaigns and the edge days' gifts (decision 103), and form views
// from the conversion funnel's day counts.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { campaignDonorCounts } from './campaign-donors.repository.ts';
import type { IncomeScope, ReportFilter } from './income.repository.ts';

export type CampaignFacts = {
  key: string;
  name: string | null;
  goal_minor: number | null;
  goal_currency: string | null;
  donors: number;
  views: number | null;
};

const dayOf = (at: Date | null, zone: string, fallback: string): SQL =>
  at ? sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${zone})::date` : sql.raw(fallback);

/**
 * Per campaign of the period's gifts: its goal, its distinct donors and its form's views in the
 * period (null when the funnel has no day for it); `total_donors` counts each donor once overall.
 */
export async function selectCampaignFacts(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
): Promise<{ lines: CampaignFacts[]; totalDonors: number }> {
  const from = dayOf(scope.start, scope.zone, `'-infinity'::date`);
  const to = dayOf(scope.end, scope.zone, `'infinity'::date`);
  const { rows } = await db.execute<CampaignFacts & { total_donors: number }>(sql`
    WITH per AS MATERIALIZED (${await campaignDonorCounts(db, scope, filter)}),
    views AS (
      SELECT f.campaign_id, sum(f.views)::int AS views FROM campaign_funnel_days f
      WHERE f.npo_id = ${scope.npoId} AND f.day >= ${from} AND f.day < ${to}
        AND f.campaign_id IN (SELECT campaign_id FROM per WHERE campaign_id IS NOT NULL)
      GROUP BY f.campaign_id
    )
    SELECT coalesce(per.campaign_id::text, '') AS key, c.name, c.goal_minor::bigint AS goal_minor,
      c.currency AS goal_currency, per.donors, v.views,
      per.total_donors
    FROM per
    LEFT JOIN campaigns c ON c.id = per.campaign_id AND c.npo_id = ${scope.npoId}
    LEFT JOIN views v ON v.campaign_id = per.campaign_id
    ORDER BY 1`);
  return {
    lines: rows.map((r) => ({
      ...r,
      goal_minor: r.goal_minor === null ? null : Number(r.goal_minor),
      views: r.views === null ? null : Number(r.views),
    })),
    totalDonors: rows[0]?.total_donors ?? 0,
  };
}
