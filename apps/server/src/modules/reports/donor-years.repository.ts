// Per-donor sums of a period (decision 103): the calendar years of the period from
// report_donor_years, the days before the first whole year from the gifts themselves (the income
// report's rule, giftsWhere). The donors report reads these instead of every gift of the period;
// exact at any moment, as the rows are kept by triggers.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { giftsWhere, type IncomeScope, type ReportFilter } from './income.repository.ts';

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
 * Each donor's gifts of the period (donor_id, gifts, amount, last_at): the whole years' rows;
 * the days before the first whole year from the gifts; the year the period ends in (This year,
 * Last 12 months) from its rows whose last gift is before the period's end, and from the gifts of
 * the few rows holding a later one. A period inside one year not starting on 1 January, or a
 * campaign, designation, method or currency filter (the rows have none), reads every gift.
 */
export async function periodPerDonor(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<SQL> {
  const years =
    filter.campaign_id?.length || filter.designation?.length || filter.payment_method?.length || filter.currency?.length
      ? null
      : await wholeYears(db, scope);
  if (!years) return sumPerDonor(giftRows(scope, filter));
  const rowsOf = (condition: SQL): SQL => {
    const c: SQL[] = [sql`r.npo_id = ${scope.npoId}`, condition];
    if (scope.members) c.push(sql`r.donor_id IN (${scope.members})`);
    return sql.join(c, sql` AND `);
  };
  const whole = years.lo !== years.hi;
  const before = years.loAt && scope.start && scope.start < years.loAt;
  const after = years.hiAt && scope.end && scope.end > years.hiAt ? scope.end : null;
  const parts: SQL[] = [];
  if (whole) {
    parts.push(sql`SELECT r.donor_id, r.gifts, r.gross AS amount, r.last_at
      FROM report_donor_years r WHERE ${rowsOf(sql`r.year >= ${years.lo}::date AND r.year < ${years.hi}::date`)}`);
  }
  if (before) parts.push(giftRows({ ...scope, end: years.loAt }, filter));
  if (after) {
    const end = sql`${after.toISOString()}::timestamptz`;
    parts.push(sql`SELECT r.donor_id, r.gifts, r.gross AS amount, r.last_at
      FROM report_donor_years r WHERE ${rowsOf(sql`r.year = ${years.hi}::date AND r.last_at < ${end}`)}`);
    // The donors of these gifts are not in the rows above (their row's last gift is later).
    parts.push(
      sumPerDonor(sql`SELECT d.donor_id, 1 AS gifts, d.base_amount_minor AS amount, d.created_at AS last_at
      FROM report_donor_years r
      JOIN donations d ON d.donor_id = r.donor_id AND ${giftsWhere({ ...scope, start: years.hiAt }, filter)}
      WHERE ${rowsOf(sql`r.year = ${years.hi}::date AND r.last_at >= ${end}`)}`),
    );
  }
  if (!parts.length) return sumPerDonor(giftRows(scope, filter));
  // One row per donor already (one year's rows; or the last year's rows and the later gifts'
  // donors, who are other donors): the costly per-donor grouping is left out.
  const oneYear = whole && !before && !after && years.hi === nextYear(years.lo);
  if (oneYear || (!whole && !before && after)) return sql.join(parts, sql` UNION ALL `);
  return sumPerDonor(sql.join(parts, sql` UNION ALL `));
}

const nextYear = (day: string) => (/^\d{4}-01-01$/.test(day) ? `${Number(day.slice(0, 4)) + 1}-01-01` : null);

/** Per donor of `source` rows: gifts, amount and the last gift's instant. */
const sumPerDonor = (source: SQL): SQL => sql`
  SELECT x.donor_id, sum(x.gifts)::int AS gifts, sum(x.amount)::bigint AS amount, max(x.last_at) AS last_at
  FROM (${source}) x GROUP BY x.donor_id`;
