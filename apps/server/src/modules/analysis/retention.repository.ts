import type { TLapsedAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
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
 */
export async function selectRetentionCounts(
  db: Db,
  npoId: number,
  period: Period,
  previous: Period,
): Promise<RetentionCounts> {
  // One pass over both periods (they are adjacent: `previous` ends where `period` starts), one row
  // per donor saying in which of the two they gave. A year of a large organisation's donors does not
  // fit the default 4 MB of hash memory: the aggregate would spill to disk.
  const a = previous.start.toISOString();
  const b = period.start.toISOString();
  const c = period.end.toISOString();
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
    return tx.execute<RetentionCounts>(sql`
      WITH donors_in AS (
        SELECT d.donor_id, bool_or(d.created_at < ${b}::timestamptz) AS earlier,
          bool_or(d.created_at >= ${b}::timestamptz) AS later
        FROM donations d
        WHERE d.npo_id = ${npoId} AND d.status = 'succeeded'
          AND d.created_at >= ${a}::timestamptz AND d.created_at < ${c}::timestamptz
        GROUP BY d.donor_id
      ),
      -- New: the donor's first succeeded gift (kept by the donors module in donor_giving) is not
      -- before the previous period; the few such donors come from donor_giving_npo_first_idx.
      newcomers AS (
        SELECT g.donor_id FROM donor_giving g WHERE g.npo_id = ${npoId} AND g.first_gift_at >= ${a}::timestamptz
      ),
      cohort AS (
        SELECT i.donor_id, i.later AS retained, n.donor_id IS NULL AS repeat
        FROM donors_in i LEFT JOIN newcomers n ON n.donor_id = i.donor_id
        WHERE i.earlier
      )
      SELECT count(*)::int AS overall_base, count(*) FILTER (WHERE retained)::int AS overall_retained,
        count(*) FILTER (WHERE NOT repeat)::int AS new_base,
        count(*) FILTER (WHERE NOT repeat AND retained)::int AS new_retained,
        count(*) FILTER (WHERE repeat)::int AS repeat_base,
        count(*) FILTER (WHERE repeat AND retained)::int AS repeat_retained
      FROM cohort`);
  });
  const row = rows[0];
  if (!row) throw new Error('retention query returned no row');
  return row;
}

type LapsedBounds = { currentStart: Date; previousStart: Date };
type Group = TLapsedAnalysis['lybunt'];
type LapsedRow = { kind: 'lybunt' | 'sybunt'; count: number; amount: number; donors: Group['donors'] | null };

/**
 * LYBUNT and SYBUNT donors (shared interface 5). A donor's latest succeeded gift decides it, read
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
