// Donors report queries (docs/product/reports.md#donors): each donor's gifts of the period summed
// (the income report's gifts and gross, so the lines reconcile with it), compared year over year;
// LYBUNT and SYBUNT by the donors module's own rule over its donor_giving sums.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { donorNameSql, retentionWhere } from '../donors/index.ts';
import { periodPerDonor } from './donor-years.repository.ts';
import type { IncomeScope, ReportFilter } from './income.repository.ts';

/** Each donor's gifts of the period, from the year sums and the edge days' gifts (decision 103). */
const perDonor = (db: Db, scope: IncomeScope, filter: ReportFilter): Promise<SQL> => periodPerDonor(db, scope, filter);

export type RetentionGroup = 'new' | 'recaptured' | 'upgraded' | 'same' | 'downgraded' | 'lapsed';
export type RetentionRecord = { grp: RetentionGroup; donors: number; amount: number; previous: number };

/**
 * Donors of the period and of the same days a year before, by group: new (first gift ever in the
 * period, donor_giving.first_gift_at), recaptured (gave before, not the year before), retained
 * upgraded / same / downgraded (both periods, by the period's amount), lapsed (the year before only).
 */
export async function selectRetention(
  db: Db,
  scope: IncomeScope,
  previous: IncomeScope,
  filter: ReportFilter,
): Promise<RetentionRecord[]> {
  if (!scope.start) return [];
  const { rows } = await db.execute<RetentionRecord>(sql`
    WITH cur AS MATERIALIZED (${await perDonor(db, scope, filter)}),
    prev AS MATERIALIZED (${await perDonor(db, previous, filter)}),
    both_ AS (
      SELECT coalesce(c.donor_id, p.donor_id) AS donor_id, c.amount AS cur, p.amount AS prev
      FROM cur c FULL JOIN prev p ON p.donor_id = c.donor_id
    )
    SELECT CASE
        WHEN b.cur IS NULL THEN 'lapsed'
        WHEN b.prev IS NOT NULL THEN CASE WHEN b.cur > b.prev THEN 'upgraded' WHEN b.cur < b.prev THEN 'downgraded' ELSE 'same' END
        WHEN g.first_gift_at IS NULL OR g.first_gift_at >= ${scope.start.toISOString()}::timestamptz THEN 'new'
        ELSE 'recaptured' END AS grp,
      count(*)::int AS donors, coalesce(sum(b.cur), 0)::bigint AS amount, coalesce(sum(b.prev), 0)::bigint AS previous
    FROM both_ b LEFT JOIN donor_giving g ON g.donor_id = b.donor_id
    GROUP BY 1`);
  return rows.map((r) => ({ ...r, amount: Number(r.amount), previous: Number(r.previous) }));
}

export type LapsedRecord = { kind: 'lybunt' | 'sybunt'; donors: number; last_year: number; lifetime: number };

/**
 * LYBUNT and SYBUNT donors as of now by the donors list's rule (`retentionWhere` of the donors
 * module), with the giving of their last gift's year and their lifetime giving.
 */
export async function selectLapsed(
  db: Db,
  scope: IncomeScope,
  bounds: { previousStart: Date; currentStart: Date },
): Promise<LapsedRecord[]> {
  const members = scope.members ? sql`AND g.donor_id IN (${scope.members})` : sql``;
  const read = async (kind: 'lybunt' | 'sybunt') => {
    const { rows } = await db.execute<LapsedRecord>(sql`
      SELECT ${kind}::text AS kind, count(*)::int AS donors, coalesce(sum(g.last_gift_year_minor), 0)::bigint AS last_year,
        coalesce(sum(g.lifetime_base_minor), 0)::bigint AS lifetime
      FROM donor_giving g
      WHERE g.npo_id = ${scope.npoId} AND g.gift_count > 0 AND ${retentionWhere({ kind, ...bounds })} ${members}`);
    const r = rows[0];
    return { kind, donors: r?.donors ?? 0, last_year: Number(r?.last_year ?? 0), lifetime: Number(r?.lifetime ?? 0) };
  };
  return [await read('lybunt'), await read('sybunt')];
}

export type BandRecord = { band: number; donors: number; gifts: number; amount: number };

/** Donors of the period by the band their period's giving falls in (`edges` ascending, minor units). */
export async function selectPyramid(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  edges: readonly number[],
): Promise<BandRecord[]> {
  const bounds = sql`ARRAY[${sql.join(
    edges.map((e) => sql`${e}::bigint`),
    sql`, `,
  )}]`;
  const { rows } = await db.execute<BandRecord>(sql`
    SELECT width_bucket(c.amount, ${bounds}) AS band, count(*)::int AS donors, sum(c.gifts)::int AS gifts,
      sum(c.amount)::bigint AS amount
    FROM (${await perDonor(db, scope, filter)}) c GROUP BY 1 ORDER BY 1`);
  return rows.map((r) => ({ ...r, band: Number(r.band), amount: Number(r.amount) }));
}

export type TopDonorRecord = {
  donor_id: number;
  name: string;
  email: string | null;
  gifts: number;
  amount: number;
  last_at: string;
};

/** The `limit` donors who gave most in the period (ties by donor id, so the list is stable). */
export async function selectTopDonors(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  limit: number,
): Promise<TopDonorRecord[]> {
  const { rows } = await db.execute<TopDonorRecord>(sql`
    SELECT c.donor_id, ${donorNameSql('dn')} AS name, dn.email, c.gifts, c.amount::bigint AS amount,
      to_char(c.last_at AT TIME ZONE ${scope.zone}, 'YYYY-MM-DD') AS last_at
    FROM (
      -- The top donors first, then their names: the period's donors are not all joined to donors.
      SELECT p.* FROM (${await perDonor(db, scope, filter)}) p ORDER BY p.amount DESC, p.donor_id LIMIT ${limit}
    ) c JOIN donors dn ON dn.id = c.donor_id
    ORDER BY c.amount DESC, c.donor_id`);
  return rows.map((r) => ({ ...r, donor_id: Number(r.donor_id), amount: Number(r.amount) }));
}
