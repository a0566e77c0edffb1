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
  const { rows } = await db.execute<RetentionCounts>(sql`
    WITH earlier AS (
      SELECT DISTINCT donor_id FROM donations
      WHERE npo_id = ${npoId} AND status = 'succeeded'
        AND created_at >= ${previous.start.toISOString()}::timestamptz AND created_at < ${previous.end.toISOString()}::timestamptz
    ),
    later AS (
      SELECT DISTINCT donor_id FROM donations
      WHERE npo_id = ${npoId} AND status = 'succeeded'
        AND created_at >= ${period.start.toISOString()}::timestamptz AND created_at < ${period.end.toISOString()}::timestamptz
    ),
    cohort AS (
      -- Repeat: the donor's first succeeded gift (kept by the donors module in donor_giving) came
      -- before the previous period.
      SELECT e.donor_id, l.donor_id IS NOT NULL AS retained,
        coalesce(g.first_gift_at < ${previous.start.toISOString()}::timestamptz, false) AS repeat
      FROM earlier e
      LEFT JOIN later l ON l.donor_id = e.donor_id
      LEFT JOIN donor_giving g ON g.donor_id = e.donor_id AND g.npo_id = ${npoId}
    )
    SELECT count(*)::int AS overall_base, count(*) FILTER (WHERE retained)::int AS overall_retained,
      count(*) FILTER (WHERE NOT repeat)::int AS new_base,
      count(*) FILTER (WHERE NOT repeat AND retained)::int AS new_retained,
      count(*) FILTER (WHERE repeat)::int AS repeat_base,
      count(*) FILTER (WHERE repeat AND retained)::int AS repeat_retained
    FROM cohort`);
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
    WITH lapsed AS (
      SELECT g.donor_id, g.last_gift_at, g.lifetime_base_minor AS lifetime,
        CASE WHEN g.last_gift_at >= ${previous}::timestamptz THEN 'lybunt' ELSE 'sybunt' END AS kind,
        -- The giving of the last gift's giving year: for LYBUNT, last year's; SYBUNT gave nothing then.
        CASE WHEN g.last_gift_at >= ${previous}::timestamptz THEN g.last_gift_year_minor ELSE 0 END AS last_year
      FROM donor_giving g
      WHERE g.npo_id = ${npoId} AND g.last_gift_at < ${current}::timestamptz
    ),
    ranked AS (
      SELECT l.*, row_number() OVER (PARTITION BY l.kind ORDER BY l.last_gift_at DESC, l.donor_id DESC) AS position
      FROM lapsed l
    )
    SELECT r.kind, count(*)::int AS count,
      coalesce(sum(CASE WHEN r.kind = 'lybunt' THEN r.last_year ELSE r.lifetime END), 0)::bigint AS amount,
      json_agg(json_build_object(
        'id', r.donor_id,
        'name', coalesce(nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email),
        'email', dn.email,
        'last_gift_at', to_char(r.last_gift_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'last_year_amount', r.last_year,
        'lifetime_amount', r.lifetime
      ) ORDER BY r.position) FILTER (WHERE r.position <= ${limit}) AS donors
    FROM ranked r
    LEFT JOIN donors dn ON dn.id = r.donor_id AND dn.npo_id = ${npoId} AND r.position <= ${limit}
    GROUP BY r.kind`);
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
