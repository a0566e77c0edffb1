// Donors report queries (docs/product/reports.md#donors): each donor's gifts of the period summed
// (the income report's gifts and gross, so the lines reconcile with it), compared year over year;
// LYBUNT and SYBUNT by the donors module's own rule over its donor_giving sums.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { donorNameSql, retentionWhere } from '../donors/index.ts';
import { periodPerDonor, type YearWithEdges, yearWithEdges } from './donor-years.repository.ts';
import { giftsWhere, type IncomeScope, type ReportFilter } from './income.repository.ts';

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
  const [cur, prev] = [await yearWithEdges(db, scope, filter), await yearWithEdges(db, previous, filter)];
  const query =
    cur && prev
      ? retentionFromYears(cur, prev, { scope, previous, filter })
      : await retentionFromPeriods(db, scope, previous, filter);
  const { rows } = await db.execute<RetentionRecord>(query);
  return rows.map((r) => ({ ...r, amount: Number(r.amount), previous: Number(r.previous) }));
}

/** Each donor's period and year-before sums, grouped: the rule both readings share. */
const groupsOf = (per: SQL, start: Date, npoId: number): SQL => sql`
    SELECT x.grp, count(*)::int AS donors, coalesce(sum(x.cur), 0)::bigint AS amount,
      coalesce(sum(x.prev), 0)::bigint AS previous
    FROM (
      SELECT CASE
          WHEN p.cg = 0 THEN 'lapsed'
          WHEN p.pg > 0 THEN CASE WHEN p.cur > p.prev THEN 'upgraded' WHEN p.cur < p.prev THEN 'downgraded' ELSE 'same' END
          -- Every donor has a donor_giving row (docs/product/donors.md): the donors whose first gift
          -- is in the period (or who have none) are few, so they are hashed once instead of looked up.
          WHEN p.donor_id IN (SELECT g.donor_id FROM donor_giving g WHERE g.npo_id = ${npoId}
            AND (g.first_gift_at >= ${start.toISOString()}::timestamptz OR g.first_gift_at IS NULL)) THEN 'new'
          ELSE 'recaptured' END AS grp,
        CASE WHEN p.cg > 0 THEN p.cur END AS cur, CASE WHEN p.pg > 0 THEN p.prev END AS prev
      FROM (${per}) p WHERE p.cg > 0 OR p.pg > 0 OFFSET 0
    ) x GROUP BY 1`;

/**
 * Retention from two calendar years' rows and their edge gifts (decision 103): the two years' rows
 * are merged in donor order from the sums index (no sort or hash of the donors), and the few edge
 * days' gifts (added before a year's 1 January, subtracted after the period's end) are summed per
 * donor and full-joined to them (the small side hashed), which adds their donors without a row.
 */
function retentionFromYears(
  cur: YearWithEdges,
  prev: YearWithEdges,
  ctx: { scope: IncomeScope; previous: IncomeScope; filter: ReportFilter },
): SQL {
  // Each edge's signs for the period (c) and the year before (p); the period's days before its
  // 1 January are usually the year before's days after its end (Last 12 months), read once.
  const ranges = new Map<string, { range: IncomeScope; c: number; p: number }>();
  const add = (range: IncomeScope | null, c: number, p: number) => {
    if (!range) return;
    const key = `${range.start?.toISOString()}|${range.end?.toISOString()}`;
    const seen = ranges.get(key) ?? { range, c: 0, p: 0 };
    ranges.set(key, { range, c: seen.c + c, p: seen.p + p });
  };
  add(cur.head, 1, 0);
  add(cur.tail, -1, 0);
  add(prev.head, 0, 1);
  add(prev.tail, 0, -1);
  const edges = [...ranges.values()]
    .filter((e) => e.c || e.p)
    .map(({ range, c, p }) => {
      const [cs, ps] = [sql.raw(String(c)), sql.raw(String(p))];
      return sql`SELECT d.donor_id, ${cs} AS cg, ${cs} * d.base_amount_minor AS cur, ${ps} AS pg,
        ${ps} * d.base_amount_minor AS prev FROM donations d WHERE ${giftsWhere(range, ctx.filter)}`;
    });
  const none = sql`SELECT NULL::bigint AS donor_id, 0 AS cg, 0::bigint AS cur, 0 AS pg, 0::bigint AS prev WHERE false`;
  const per = sql`
    WITH adj AS MATERIALIZED (
      SELECT x.donor_id, sum(x.cg)::int AS cg, sum(x.cur)::bigint AS cur, sum(x.pg)::int AS pg, sum(x.prev)::bigint AS prev
      FROM (${edges.length ? sql.join(edges, sql` UNION ALL `) : none}) x GROUP BY x.donor_id
    )
    SELECT coalesce(m.donor_id, a.donor_id) AS donor_id, coalesce(m.cg, 0) + coalesce(a.cg, 0) AS cg,
      coalesce(m.cur, 0) + coalesce(a.cur, 0) AS cur, coalesce(m.pg, 0) + coalesce(a.pg, 0) AS pg,
      coalesce(m.prev, 0) + coalesce(a.prev, 0) AS prev
    FROM (
      SELECT coalesce(c.donor_id, p.donor_id) AS donor_id, coalesce(c.gifts, 0) AS cg, coalesce(c.gross, 0) AS cur,
        coalesce(p.gifts, 0) AS pg, coalesce(p.gross, 0) AS prev
      FROM (SELECT r.donor_id, r.gifts, r.gross FROM report_donor_years r WHERE ${cur.rows}) c
      FULL JOIN (SELECT r.donor_id, r.gifts, r.gross FROM report_donor_years r WHERE ${prev.rows}) p ON p.donor_id = c.donor_id
    ) m FULL JOIN adj a ON a.donor_id = m.donor_id`;
  return groupsOf(per, ctx.scope.start as Date, ctx.scope.npoId);
}

/** Retention from each period's per-donor sums (any period the year rows do not serve alone). */
async function retentionFromPeriods(
  db: Db,
  scope: IncomeScope,
  previous: IncomeScope,
  filter: ReportFilter,
): Promise<SQL> {
  return sql`
    WITH cur AS MATERIALIZED (${await perDonor(db, scope, filter)}),
    prev AS MATERIALIZED (${await perDonor(db, previous, filter)}),
    both_ AS (
      SELECT coalesce(c.donor_id, p.donor_id) AS donor_id, c.amount AS cur, p.amount AS prev
      FROM cur c FULL JOIN prev p ON p.donor_id = c.donor_id
    )
    SELECT CASE
        WHEN b.cur IS NULL THEN 'lapsed'
        WHEN b.prev IS NOT NULL THEN CASE WHEN b.cur > b.prev THEN 'upgraded' WHEN b.cur < b.prev THEN 'downgraded' ELSE 'same' END
        WHEN g.first_gift_at IS NULL OR g.first_gift_at >= ${(scope.start as Date).toISOString()}::timestamptz THEN 'new'
        ELSE 'recaptured' END AS grp,
      count(*)::int AS donors, coalesce(sum(b.cur), 0)::bigint AS amount, coalesce(sum(b.prev), 0)::bigint AS previous
    FROM both_ b LEFT JOIN donor_giving g ON g.donor_id = b.donor_id
    GROUP BY 1`;
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
