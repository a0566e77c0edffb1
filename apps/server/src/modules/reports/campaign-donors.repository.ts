// Distinct donors per campaign for the campaigns report (docs/product/reports.md#campaigns-and-appeals),
// from the per-donor year rows' campaigns (decision 103). A row lists the campaigns its donor gave
// to in its year once each, so one year's rows give each campaign's donors by counting, with no
// distinct over pairs; the edge days' gifts add only the pairs and donors the rows lack. Several
// years (All time) take the distinct pairs of their rows.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type PeriodFromRows, periodFromRows, periodGifts } from './donor-years.repository.ts';
import { type IncomeScope, oneOf, type ReportFilter } from './income.repository.ts';

const PAIR = sql`d.campaign_id, d.donor_id`;

/** A campaign filter on the rows: on the unnested campaign `c.id`, and on the row's array. */
function campaignFilter(filter: ReportFilter): { pair: SQL; row: SQL } {
  const ids = filter.campaign_id;
  if (!ids?.length) return { pair: sql``, row: sql`` };
  const array = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  return { pair: sql` AND ${oneOf(sql`c.id`, ids)}`, row: sql` AND r.campaigns && ${array}` };
}

const rowPairs = (where: SQL, only: SQL): SQL => sql`
  SELECT nullif(c.id, 0) AS campaign_id, r.donor_id
  FROM report_donor_years r CROSS JOIN LATERAL unnest(r.campaigns) AS c(id) WHERE ${where}${only}`;

const laterPairs = (later: NonNullable<PeriodFromRows['later']>): SQL => sql`
  SELECT ${PAIR} FROM report_donor_years r JOIN donations d ON ${later.join} WHERE ${later.rows}`;

/**
 * A SELECT of (campaign_id, donors, total_donors): each campaign's distinct donors in the period
 * (a null campaign for gifts without one) and, on every line, the distinct donors overall.
 */
export async function campaignDonorCounts(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<SQL> {
  const period = await periodFromRows(db, scope, filter, true);
  const only = campaignFilter(filter);
  if (!period?.oneYear) {
    const parts = period
      ? [
          ...period.rows.map((where) => rowPairs(where, only.pair)),
          ...(period.later ? [laterPairs(period.later)] : []),
          ...(period.before ? [periodGifts(PAIR, period.before, filter)] : []),
        ]
      : [periodGifts(PAIR, scope, filter)];
    // DISTINCT then count: a hash aggregate, where count(DISTINCT) sorts every pair.
    return sql`
      WITH pairs AS MATERIALIZED (SELECT DISTINCT x.campaign_id, x.donor_id FROM (${sql.join(parts, sql` UNION ALL `)}) x)
      SELECT p.campaign_id, count(*)::int AS donors,
        (SELECT count(*) FROM (SELECT DISTINCT donor_id FROM pairs) t)::int AS total_donors
      FROM pairs p GROUP BY p.campaign_id`;
  }
  return oneYearCounts(period, filter, only);
}

/** One calendar year's rows (one per donor), its later gifts and the days before it. */
function oneYearCounts(period: PeriodFromRows, filter: ReportFilter, only: { pair: SQL; row: SQL }): SQL {
  const [rows = sql`false`] = period.rows;
  const later = period.later ? laterPairs(period.later) : sql`SELECT NULL::bigint, NULL::bigint WHERE false`;
  const before = period.before
    ? periodGifts(PAIR, period.before, filter)
    : sql`SELECT NULL::bigint, NULL::bigint WHERE false`;
  // The later gifts' donors are not in the rows (their row's last gift is after the period); the
  // days before the year add the pairs and donors neither of those has.
  return sql`
    WITH lp AS MATERIALIZED (SELECT DISTINCT x.campaign_id, x.donor_id FROM (${later}) x(campaign_id, donor_id)),
    bp AS MATERIALIZED (SELECT DISTINCT x.campaign_id, x.donor_id FROM (${before}) x(campaign_id, donor_id)),
    bnew AS (
      SELECT bp.campaign_id, bp.donor_id FROM bp
      WHERE NOT EXISTS (SELECT 1 FROM report_donor_years r
          WHERE ${rows} AND r.donor_id = bp.donor_id AND coalesce(bp.campaign_id, 0) = ANY (r.campaigns))
        AND NOT EXISTS (SELECT 1 FROM lp WHERE lp.donor_id = bp.donor_id AND lp.campaign_id IS NOT DISTINCT FROM bp.campaign_id)
    ),
    total AS (
      SELECT (SELECT count(*) FROM report_donor_years r WHERE ${rows}${only.row})
        + (SELECT count(DISTINCT donor_id) FROM lp)
        + (SELECT count(DISTINCT bp.donor_id) FROM bp
            WHERE NOT EXISTS (SELECT 1 FROM report_donor_years r WHERE ${rows}${only.row} AND r.donor_id = bp.donor_id)
              AND NOT EXISTS (SELECT 1 FROM lp WHERE lp.donor_id = bp.donor_id)) AS n
    )
    SELECT a.campaign_id, count(*)::int AS donors, (SELECT n FROM total)::int AS total_donors
    FROM (${rowPairs(rows, only.pair)} UNION ALL SELECT * FROM lp UNION ALL SELECT * FROM bnew) a
    GROUP BY a.campaign_id`;
}
