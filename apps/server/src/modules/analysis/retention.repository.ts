import type { TLapsedAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { givingDayReturns } from './giving-days.sql.ts';
import type { Period } from './period.ts';

type RetentionCounts = {
  overall_base: number;
  overall_retained: number;
  new_base: number;
  new_retained: number;
  repeat_base: number;
  repeat_retained: number;
};

/**
 * Donors of `previous` split by whether they had given before it (repeat) or not (new), and how
 * many of each gave again in `period`. Giving means a succeeded gift (a partly refunded one too).
 * `previous` ends where `period` starts (a, b, c below), so from each day's returning donors
 * (giving_day_returns, decision 015), in counts of gifts:
 * - a donor gave in [a, b) once per gift there whose previous gift is before a (or none): the
 *   donor's first gift in the period;
 * - new donors: gifts in [a, b) with no previous gift at all;
 * - retained: gifts in [b, c) whose previous gift is in [a, b), each the donor's first in [b, c);
 *   new among them when the donor's first gift is in [a, b) too.
 * The prev_gaps arrays are sorted, so "how many before a day" is a binary search (width_bucket).
 */
export async function selectRetentionCounts(
  db: Db,
  npoId: number,
  period: Period,
  previous: Period,
): Promise<RetentionCounts> {
  const days = givingDayReturns(npoId, { from: previous.start, to: period.end });
  const { rows } = await db.execute<RetentionCounts>(sql`
    WITH bounds AS (
      SELECT ${previous.from}::date AS a, ${period.from}::date AS b
    ),
    -- Days relative to each row's day, as its gap arrays hold them: "before a" is a gap up to a - 1 - day.
    placed AS (
      SELECT r.day >= bounds.b AS later, r.firsts, r.first_gaps, (bounds.a - r.day)::smallint AS a_gap,
        width_bucket((bounds.a - 1 - r.day)::smallint, r.prev_gaps) AS before_a,
        width_bucket((bounds.b - 1 - r.day)::smallint, r.prev_gaps) AS before_b
      FROM ${days} r, bounds
    ),
    counts AS (
      SELECT coalesce(sum(p.firsts + p.before_a) FILTER (WHERE NOT p.later), 0)::int AS overall_base,
        coalesce(sum(p.firsts) FILTER (WHERE NOT p.later), 0)::int AS new_base,
        coalesce(sum(p.before_b - p.before_a) FILTER (WHERE p.later), 0)::int AS overall_retained,
        coalesce(sum((SELECT count(*) FROM unnest(p.first_gaps[p.before_a + 1 : p.before_b]) f WHERE f >= p.a_gap))
          FILTER (WHERE p.later), 0)::int AS new_retained
      FROM placed p
    )
    SELECT c.overall_base, c.overall_retained, c.new_base, c.new_retained,
      c.overall_base - c.new_base AS repeat_base, c.overall_retained - c.new_retained AS repeat_retained
    FROM counts c`);
  const row = rows[0];
  if (!row) throw new Error('retention query returned no row');
  return row;
}

type LapsedBounds = { currentStart: Date; previousStart: Date };
type Group = TLapsedAnalysis['lybunt'];
type LapsedRow = { kind: 'lybunt' | 'sybunt'; count: number; amount: number; donors: Group['donors'] | null };

/**
 * LYBUNT and SYBUNT donors (docs/product/donors.md#lybunt-and-sybunt). A donor's latest succeeded gift decides it, read
 * from the donor totals the donors module keeps exact (donor_giving: last gift, lifetime net of
 * refunds, and the giving of the last gift's giving year, which for LYBUNT is last year's): latest gift in the previous giving year, LYBUNT; before it, SYBUNT (a gift in the
 * current year, or later, makes a donor neither). Counts and amounts cover every such donor, the
 * lists the `limit` most recently lapsed. LYBUNT's amount is what they gave in the previous giving
 * year (the revenue to win back); SYBUNT's is their lifetime giving.
 */
export async function selectLapsed(
  db: Db,
  npoId: number,
  bounds: LapsedBounds,
  limit: number,
): Promise<{ lybunt: Group; sybunt: Group }> {
  const current = bounds.currentStart.toISOString();
  const previous = bounds.previousStart.toISOString();
  const { rows } = await db.execute<LapsedRow>(sql`
    WITH totals AS (
      SELECT CASE WHEN g.last_gift_at >= ${previous}::timestamptz THEN 'lybunt' ELSE 'sybunt' END AS kind,
        count(*)::int AS count,
        -- The giving of the last gift's giving year: for LYBUNT, last year's.
        sum(CASE WHEN g.last_gift_at >= ${previous}::timestamptz THEN g.last_gift_year_minor
          ELSE g.lifetime_base_minor END)::bigint AS amount
      FROM donor_giving g
      WHERE g.npo_id = ${npoId} AND g.last_gift_at < ${current}::timestamptz
      GROUP BY 1
    ),
    -- The most recently lapsed of each kind, read in the order of donor_giving_npo_last_idx.
    listed AS (
      SELECT 'lybunt' AS kind, x.* FROM (
        SELECT g.donor_id, g.last_gift_at, g.last_gift_year_minor AS last_year, g.lifetime_base_minor AS lifetime
        FROM donor_giving g
        WHERE g.npo_id = ${npoId} AND g.last_gift_at >= ${previous}::timestamptz AND g.last_gift_at < ${current}::timestamptz
        ORDER BY g.last_gift_at DESC NULLS LAST, g.donor_id DESC LIMIT ${limit}
      ) x
      UNION ALL
      SELECT 'sybunt', y.* FROM (
        SELECT g.donor_id, g.last_gift_at, 0::bigint, g.lifetime_base_minor
        FROM donor_giving g
        WHERE g.npo_id = ${npoId} AND g.last_gift_at < ${previous}::timestamptz
        ORDER BY g.last_gift_at DESC NULLS LAST, g.donor_id DESC LIMIT ${limit}
      ) y
    )
    SELECT t.kind, t.count, t.amount, (
      SELECT json_agg(json_build_object(
        'id', l.donor_id,
        'name', coalesce(nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email),
        'email', dn.email,
        'last_gift_at', to_char(l.last_gift_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'last_year_amount', l.last_year,
        'lifetime_amount', l.lifetime
      ) ORDER BY l.last_gift_at DESC, l.donor_id DESC)
      FROM listed l JOIN donors dn ON dn.id = l.donor_id AND dn.npo_id = ${npoId}
      WHERE l.kind = t.kind
    ) AS donors
    FROM totals t`);
  const empty = (): Group => ({ count: 0, amount: 0, donors: [] });
  const result = { lybunt: empty(), sybunt: empty() };
  for (const row of rows) {
    result[row.kind] = {
      count: row.count,
      amount: Number(row.amount),
      donors: (row.donors ?? []).map((d) => ({
        ...d,
        last_year_amount: Number(d.last_year_amount),
        lifetime_amount: Number(d.lifetime_amount),
      })),
    };
  }
  return result;
}
