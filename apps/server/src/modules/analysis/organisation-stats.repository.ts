import type { TOrganisationStats } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { givingDays } from './giving-days.sql.ts';

// The statistics read the donations, donors and campaigns tables directly: those modules have no
// service yet. When they get one, these queries move behind their index.ts.

type Totals = Omit<
  TOrganisationStats,
  'currency' | 'monthly_goal' | 'top_campaigns' | 'upcoming_event' | 'events_count'
>;

/**
 * Organisation totals in base-currency minor units, from the analysis module's daily sums
 * (`givingDays`, decision 013). Succeeded gifts count, net of their refund and dispute ledger rows
 * (the rule the donations list and donor totals follow too); a gift is recurring when its interval
 * is not 'once'; "new" and "monthly" mean the current calendar month in the organisation's time
 * zone (decision 027). Recurring donors come from the donor totals (donor_giving), which count each
 * donor's recurring gifts. Campaigns are the ones the Campaigns page lists: a fundraiser's page
 * under a campaign is not a campaign of its own.
 */
export async function selectTotals(db: Db, npoId: number): Promise<Totals> {
  const { rows } = await db.execute<Totals>(sql`
    WITH month AS (
      SELECT date_trunc('month', now() AT TIME ZONE n.time_zone)::date AS starts_on, n.time_zone AS tz
      FROM npos n WHERE n.id = ${npoId}
    ),
    days AS (
      SELECT t.recurring, t.net, t.gifts, t.gift_net, t.day >= month.starts_on AS this_month
      FROM ${givingDays(npoId, 'total')} t, month
    )
    SELECT
      coalesce(sum(net), 0)::bigint AS donations_total,
      coalesce(sum(gifts), 0)::int AS total_donations,
      (SELECT count(*) FROM donors WHERE npo_id = ${npoId})::int AS donors_count,
      (SELECT count(*) FROM donor_giving WHERE npo_id = ${npoId} AND recurring_gift_count > 0)::int AS recurring_donors,
      coalesce(sum(net) FILTER (WHERE recurring), 0)::bigint AS recurring_donations_total,
      coalesce(sum(gifts) FILTER (WHERE this_month), 0)::int AS new_donations,
      coalesce(sum(gifts) FILTER (WHERE this_month AND recurring), 0)::int AS new_recurring_donations,
      (SELECT count(*) FROM donors, month
        WHERE npo_id = ${npoId} AND created_at >= month.starts_on::timestamp AT TIME ZONE month.tz)::int AS new_donors,
      CASE WHEN coalesce(sum(gifts), 0) = 0 THEN 0 ELSE round(sum(gift_net)::numeric / sum(gifts)) END::bigint
        AS average_donation,
      (SELECT count(*) FROM campaigns WHERE npo_id = ${npoId} AND parent_campaign_id IS NULL)::int AS campaigns_count,
      (SELECT count(*) FROM campaigns WHERE npo_id = ${npoId} AND parent_campaign_id IS NULL AND status = 'active')::int
        AS active_campaigns_count,
      coalesce(sum(net) FILTER (WHERE this_month), 0)::bigint AS monthly_raised,
      coalesce(sum(net) FILTER (WHERE this_month AND recurring), 0)::bigint AS recurring_monthly
    FROM days`);
  const row = rows[0];
  if (!row) throw new Error('statistics query returned no row');
  return row;
}

/** The five campaigns that raised the most (succeeded gifts net of refunds, base currency). */
export async function selectTopCampaigns(db: Db, npoId: number): Promise<TOrganisationStats['top_campaigns']> {
  const { rows } = await db.execute<TOrganisationStats['top_campaigns'][number]>(sql`
    SELECT c.id, c.name, c.campaign_url, sum(g.net)::bigint AS raised, sum(g.gifts)::int AS donations
    FROM ${givingDays(npoId, 'campaign')} g
    JOIN campaigns c ON c.id = g.campaign_id AND c.npo_id = ${npoId}
    GROUP BY c.id
    ORDER BY raised DESC, c.id
    LIMIT 5`);
  return rows;
}
