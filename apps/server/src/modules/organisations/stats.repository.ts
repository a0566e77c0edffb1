import type { TOrganisationStats } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { countedGifts } from '../analysis/index.ts';

// The statistics read the donations, donors and campaigns tables directly: those modules have no
// service yet. When they get one, these queries move behind their index.ts.

type Totals = Omit<
  TOrganisationStats,
  'currency' | 'monthly_goal' | 'top_campaigns' | 'upcoming_event' | 'events_count'
>;

/**
 * Organisation totals in base-currency minor units. Succeeded gifts count, net of their refund and
 * dispute ledger rows (the analysis module's `countedGifts`, the rule the donations list and donor
 * totals follow too); a gift is recurring when its interval is not 'once'; "new" and "monthly" mean
 * the current calendar month in UTC.
 */
export async function selectTotals(db: Db, npoId: number): Promise<Totals> {
  const { rows } = await db.execute<Totals>(sql`
    WITH month AS (SELECT date_trunc('month', now(), 'UTC') AS starts_at),
    gifts AS (
      SELECT g.amount, g.is_gift, g.donor_id, g.interval <> 'once' AS recurring,
             g.created_at >= month.starts_at AS this_month
      FROM ${countedGifts(npoId)} g, month
    )
    SELECT
      coalesce(sum(amount), 0)::bigint AS donations_total,
      count(*) FILTER (WHERE is_gift)::int AS total_donations,
      (SELECT count(*) FROM donors WHERE npo_id = ${npoId})::int AS donors_count,
      count(DISTINCT donor_id) FILTER (WHERE recurring AND is_gift)::int AS recurring_donors,
      coalesce(sum(amount) FILTER (WHERE recurring), 0)::bigint AS recurring_donations_total,
      count(*) FILTER (WHERE this_month AND is_gift)::int AS new_donations,
      count(*) FILTER (WHERE this_month AND recurring AND is_gift)::int AS new_recurring_donations,
      (SELECT count(*) FROM donors, month WHERE npo_id = ${npoId} AND created_at >= month.starts_at)::int AS new_donors,
      coalesce(round(avg(amount) FILTER (WHERE is_gift)), 0)::bigint AS average_donation,
      (SELECT count(*) FROM campaigns WHERE npo_id = ${npoId})::int AS campaigns_count,
      (SELECT count(*) FROM campaigns WHERE npo_id = ${npoId} AND status = 'active')::int AS active_campaigns_count,
      coalesce(sum(amount) FILTER (WHERE this_month), 0)::bigint AS monthly_raised,
      coalesce(sum(amount) FILTER (WHERE this_month AND recurring), 0)::bigint AS recurring_monthly
    FROM gifts`);
  const row = rows[0];
  if (!row) throw new Error('statistics query returned no row');
  return row;
}

/** The five campaigns that raised the most (succeeded gifts net of refunds, base currency). */
export async function selectTopCampaigns(db: Db, npoId: number): Promise<TOrganisationStats['top_campaigns']> {
  const { rows } = await db.execute<TOrganisationStats['top_campaigns'][number]>(sql`
    SELECT c.id, c.name, c.campaign_url, sum(g.amount)::bigint AS raised,
      count(*) FILTER (WHERE g.is_gift)::int AS donations
    FROM ${countedGifts(npoId)} g
    JOIN campaigns c ON c.id = g.campaign_id AND c.npo_id = ${npoId}
    GROUP BY c.id
    ORDER BY raised DESC, c.id
    LIMIT 5`);
  return rows;
}
