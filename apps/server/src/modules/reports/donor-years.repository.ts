// Per-donor sums of a period (decision 103): the calendar years of the period from
// report_donor_years, the days before the first whole year from the gifts themselves (the income
// report's rule, giftsWhere). The donors report reads these instead of every gift of the period;
// exact at any moment, as the rows are kept by triggers.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { giftsWhere, type IncomeScope, type ReportFilter } from './income.repository.ts';

type WholeYears = { lo: string; hi: string; loAt: Date | null; hiAt: Date | null; nextAt: Date | null };

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
    next_at: number | null;
  }>(sql`
    WITH s AS (SELECT ${start} AT TIME ZONE ${scope.zone} AS ls, ${end} AT TIME ZONE ${scope.zone} AS le),
    b AS (
      SELECT CASE WHEN date_trunc('year', ls) = ls THEN ls ELSE date_trunc('year', ls) + interval '1 year' END AS lo,
        date_trunc('year', le) AS hi
      FROM s
    )
    SELECT lo::date::text AS lo, hi::date::text AS hi,
      (extract(epoch FROM lo AT TIME ZONE ${scope.zone}) * 1000)::float8 AS lo_at,
      (extract(epoch FROM hi AT TIME ZONE ${scope.zone}) * 1000)::float8 AS hi_at,
      (extract(epoch FROM (hi + interval '1 year') AT TIME ZONE ${scope.zone}) * 1000)::float8 AS next_at
    FROM b`);
  const r = rows[0];
  const years: WholeYears = {
    lo: r?.lo ?? '-infinity',
    hi: r?.hi ?? 'infinity',
    loAt: r?.lo_at == null ? null : new Date(Number(r.lo_at)),
    hiAt: r?.hi_at == null ? null : new Date(Number(r.hi_at)),
    nextAt: r?.next_at == null ? null : new Date(Number(r.next_at)),
  };
  if (r?.lo && r.hi && r.lo > r.hi) return null;
  return years;
}

const giftRows = (columns: SQL, scope: IncomeScope, filter: ReportFilter): SQL => sql`
  SELECT ${columns} FROM donations d WHERE ${giftsWhere(scope, filter)}`;

const DONOR_ROW = sql`r.donor_id, r.gifts, r.gross AS amount, r.last_at`;
const DONOR_GIFT = sql`d.donor_id, 1 AS gifts, d.base_amount_minor AS amount, d.created_at AS last_at`;

/** Whole calendar years from the rows (null: the period or a filter the rows lack needs the gifts). */
async function yearsOf(db: Db, scope: IncomeScope, filter: ReportFilter, campaignsInRows: boolean) {
  const rowsLack =
    (!campaignsInRows && filter.campaign_id?.length) ||
    filter.designation?.length ||
    filter.payment_method?.length ||
    filter.currency?.length;
  return rowsLack ? null : await wholeYears(db, scope);
}

/**
 * A period read from the rows (decision 103): `rows`, conditions on `r` (report_donor_years) for
 * the whole years and for the year the period ends in up to its end (rows whose last gift is
 * before it); `later`, for the donors of that year holding a later gift, their gifts up to the end
 * (conditions on a donation `d` joined to its row `r`: `FROM report_donor_years r JOIN donations d
 * ON <later.join> WHERE <later.rows>`); `before`, the scope of the days before the first whole year
 * (read from the gifts). `oneYear`: the rows and later gifts are of one calendar year, so one row
 * per donor. Null when the period or a filter needs every gift.
 */
export type PeriodFromRows = {
  rows: SQL[];
  later: { rows: SQL; join: SQL } | null;
  before: IncomeScope | null;
  oneYear: boolean;
};

export async function periodFromRows(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  campaignsInRows: boolean,
): Promise<PeriodFromRows | null> {
  const years = await yearsOf(db, scope, filter, campaignsInRows);
  if (!years) return null;
  const rowsOf = (condition: SQL): SQL => {
    const c: SQL[] = [sql`r.npo_id = ${scope.npoId}`, condition];
    if (scope.members) c.push(sql`r.donor_id IN (${scope.members})`);
    return sql.join(c, sql` AND `);
  };
  const whole = years.lo !== years.hi;
  const before = years.loAt && scope.start && scope.start < years.loAt ? { ...scope, end: years.loAt } : null;
  const after = years.hiAt && scope.end && scope.end > years.hiAt ? scope.end : null;
  const period: PeriodFromRows = { rows: [], later: null, before, oneYear: false };
  if (whole) period.rows.push(rowsOf(sql`r.year >= ${years.lo}::date AND r.year < ${years.hi}::date`));
  if (after) {
    const end = sql`${after.toISOString()}::timestamptz`;
    period.rows.push(rowsOf(sql`r.year = ${years.hi}::date AND r.last_at < ${end}`));
    period.later = {
      rows: rowsOf(sql`r.year = ${years.hi}::date AND r.last_at >= ${end}`),
      join: sql`d.donor_id = r.donor_id AND ${giftsWhere({ ...scope, start: years.hiAt }, filter)}`,
    };
  }
  if (!period.rows.length) return null;
  period.oneYear = whole ? !after && years.hi === nextYear(years.lo) : true;
  return period;
}

/**
 * Each donor's gifts of the period (donor_id, gifts, amount, last_at): the whole years' rows;
 * the days before the first whole year from the gifts; the year the period ends in (This year,
 * Last 12 months) from its rows whose last gift is before the period's end, and from the gifts of
 * the few rows holding a later one. A period inside one year not starting on 1 January, or a
 * campaign, designation, method or currency filter (the rows have none), reads every gift.
 */
export async function periodPerDonor(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<SQL> {
  const period = await periodFromRows(db, scope, filter, false);
  if (!period) return sumPerDonor(giftRows(DONOR_GIFT, scope, filter));
  const parts = period.rows.map((where) => sql`SELECT ${DONOR_ROW} FROM report_donor_years r WHERE ${where}`);
  // The donors of these gifts are not in the rows above (their row's last gift is later).
  if (period.later) {
    parts.push(
      sumPerDonor(sql`SELECT ${DONOR_GIFT} FROM report_donor_years r
        JOIN donations d ON ${period.later.join} WHERE ${period.later.rows}`),
    );
  }
  const rows = sql.join(parts, sql` UNION ALL `);
  // One year's rows are one per donor already: the costly per-donor grouping is left out, and the
  // few days before the year, summed per donor, are joined to them.
  if (!period.oneYear) {
    return sumPerDonor(period.before ? sql`${rows} UNION ALL ${giftRows(DONOR_GIFT, period.before, filter)}` : rows);
  }
  if (!period.before) return rows;
  return sql`
    SELECT coalesce(x.donor_id, b.donor_id) AS donor_id, (coalesce(x.gifts, 0) + coalesce(b.gifts, 0))::int AS gifts,
      (coalesce(x.amount, 0) + coalesce(b.amount, 0))::bigint AS amount, greatest(x.last_at, b.last_at) AS last_at
    FROM (${rows}) x FULL JOIN (${sumPerDonor(giftRows(DONOR_GIFT, period.before, filter))}) b ON b.donor_id = x.donor_id`;
}

/**
 * A period of at most a year read as one calendar year's rows plus and minus the gifts of its edges
 * (decision 103): `rows`, a condition on `r` (report_donor_years) for that year; `head`, the days
 * before the year's 1 January that the period holds (added); `tail`, the days of the year after the
 * period's end (subtracted: the rows hold them, the period does not). Exact, as the rows are the sums
 * of the year's gifts at the same snapshot. Null when the period is not of that shape or a filter
 * needs every gift.
 */
export type YearWithEdges = { rows: SQL; head: IncomeScope | null; tail: IncomeScope | null };

export async function yearWithEdges(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<YearWithEdges | null> {
  const years = await yearsOf(db, scope, filter, false);
  if (!years) return null;
  const head = years.loAt && scope.start && scope.start < years.loAt ? { ...scope, end: years.loAt } : null;
  const after = Boolean(years.hiAt && scope.end && scope.end > years.hiAt);
  let year: string | null = null;
  let tail: IncomeScope | null = null;
  if (years.lo !== years.hi && !after && years.hi === nextYear(years.lo)) year = years.lo;
  else if (years.lo === years.hi && after && years.nextAt) {
    year = years.hi;
    tail = { ...scope, start: scope.end, end: years.nextAt };
  }
  if (!year) return null;
  const c: SQL[] = [sql`r.npo_id = ${scope.npoId}`, sql`r.year = ${year}::date`];
  if (scope.members) c.push(sql`r.donor_id IN (${scope.members})`);
  return { rows: sql.join(c, sql` AND `), head, tail };
}

const nextYear = (day: string) => (/^\d{4}-01-01$/.test(day) ? `${Number(day.slice(0, 4)) + 1}-01-01` : null);

/** Per donor of `source` rows: gifts, amount and the last gift's instant. */
const sumPerDonor = (source: SQL): SQL => sql`
  SELECT x.donor_id, sum(x.gifts)::int AS gifts, sum(x.amount)::bigint AS amount, max(x.last_at) AS last_at
  FROM (${source}) x GROUP BY x.donor_id`;

/** The gifts of a scope as `columns` of `d` (the income report's rule). */
export const periodGifts = giftRows;
