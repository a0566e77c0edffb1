// Per-donor sums of a period (decision 103): the calendar years of the period from
// report_donor_years, the days before the first whole year from the gifts themselves (the income
// report's rule, giftsWhere). The donors report reads these instead of every gift of the period;
// exact at any moment, as the rows are kept by triggers.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { giftsWhere, type IncomeScope, type ReportFilter } from './income.repository.ts';

/** One row per gift or per summed year: donor_id, gifts, amount, last_at. */
export type GiftSource = SQL;

type WholeYears = { lo: string; hi: string; loAt: Date | null; hiAt: Date | null };

/**
 * The whole calendar years inside the period, in the organisation's zone: `lo` the first year's
 * 1 January (or -infinity when the period has no start), `hi` the 1 January after the last whole
 * year (or infinity), with the instants they start at; null when the period lies inside one year
 * and does not start on its 1 January.
 */
async function wholeYears(db: Db, scope: IncomeScope): Promise<WholeYears | null> {
  const start = scope.start ? sql`${scope.start.toISOString()}::timestamptz` : sql`NULL::timestamptz`;
  const end = scope.end ? sql`${scope.end.toISOString()}::timestamptz` : sql`NULL::timestamptz`;
  const { rows } = await db.execute<{
    lo: string | null;
    hi: string | null;
    lo_at: number | null;
    hi_at: number | null;
  }>(sql`
    WITH s AS (SELECT ${start} AT TIME ZONE ${scope.zone} AS ls, ${end} AT TIME ZONE ${scope.zone} AS le),
    b AS (
      SELECT CASE WHEN date_trunc('year', ls) = ls THEN ls ELSE date_trunc('year', ls) + interval '1 year' END AS lo,
        date_trunc('year', le) AS hi
      FROM s
    )
    SELECT lo::date::text AS lo, hi::date::text AS hi,
      (extract(epoch FROM lo AT TIME ZONE ${scope.zone}) * 1000)::float8 AS lo_at,
      (extract(epoch FROM hi AT TIME ZONE ${scope.zone}) * 1000)::float8 AS hi_at
    FROM b`);
  const r = rows[0];
  const years: WholeYears = {
    lo: r?.lo ?? '-infinity',
    hi: r?.hi ?? 'infinity',
    loAt: r?.lo_at == null ? null : new Date(Number(r.lo_at)),
    hiAt: r?.hi_at == null ? null : new Date(Number(r.hi_at)),
  };
  if (r?.lo && r.hi && r.lo > r.hi) return null;
  return years;
}

const giftRows = (scope: IncomeScope, filter: ReportFilter): SQL => sql`
  SELECT d.donor_id, 1 AS gifts, d.base_amount_minor AS amount, d.created_at AS last_at
  FROM donations d WHERE ${giftsWhere(scope, filter)}`;

/**
 * The period's gifts as rows to sum per donor: the whole years' rows;
 * the days before the first whole year from the gifts; the year the period ends in (This year,
 * Last 12 months) from its rows whose last gift is before the period's end, and from the gifts of
 * the few rows holding a later one. A period inside one year not starting on 1 January, or a
 * campaign, designation, method or currency filter (the rows have none), reads every gift.
 */
export async function periodGiftSource(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<GiftSource> {
  const years =
    filter.campaign_id?.length || filter.designation?.length || filter.payment_method?.length || filter.currency?.length
      ? null
      : await wholeYears(db, scope);
  if (!years) return giftRows(scope, filter);
  const rowsOf = (condition: SQL): SQL => {
    const c: SQL[] = [sql`r.npo_id = ${scope.npoId}`, condition];
    if (scope.members) c.push(sql`r.donor_id IN (${scope.members})`);
    return sql.join(c, sql` AND `);
  };
  const parts: SQL[] = [];
  if (years.lo !== years.hi) {
    parts.push(sql`SELECT r.donor_id, r.gifts, r.gross AS amount, r.last_at
      FROM report_donor_years r WHERE ${rowsOf(sql`r.year >= ${years.lo}::date AND r.year < ${years.hi}::date`)}`);
  }
  if (years.loAt && scope.start && scope.start < years.loAt) {
    parts.push(giftRows({ ...scope, end: years.loAt }, filter));
  }
  if (years.hiAt && scope.end && scope.end > years.hiAt) {
    const end = sql`${scope.end.toISOString()}::timestamptz`;
    parts.push(sql`SELECT r.donor_id, r.gifts, r.gross AS amount, r.last_at
      FROM report_donor_years r WHERE ${rowsOf(sql`r.year = ${years.hi}::date AND r.last_at < ${end}`)}`);
    parts.push(sql`SELECT d.donor_id, 1 AS gifts, d.base_amount_minor AS amount, d.created_at AS last_at
      FROM report_donor_years r
      JOIN donations d ON d.donor_id = r.donor_id AND ${giftsWhere({ ...scope, start: years.hiAt }, filter)}
      WHERE ${rowsOf(sql`r.year = ${years.hi}::date AND r.last_at >= ${end}`)}`);
  }
  return parts.length ? sql.join(parts, sql` UNION ALL `) : giftRows(scope, filter);
}

/** Per donor of `source`: gifts, amount and the last gift's instant. */
export const perDonorOf = (source: GiftSource): SQL => sql`
  SELECT x.donor_id, sum(x.gifts)::int AS gifts, sum(x.amount)::bigint AS amount, max(x.last_at) AS last_at
  FROM (${source}) x GROUP BY x.donor_id`;
