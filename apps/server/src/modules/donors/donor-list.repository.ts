// SQL of the donors list. Totals, gift dates and counts come from donor_giving (kept by triggers,
// see donor-giving.tables.ts) so a page of 200,000 donors reads in index order instead of summing a
// million gifts per request.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

export type DonorListFilter = {
  npoId: number;
  search?: string;
  recurring?: 'active' | 'past_due' | 'none';
  /** Last gift within [from, to) is LYBUNT; before `previousStart` is SYBUNT. */
  retention?: { kind: 'lybunt' | 'sybunt'; previousStart: Date; currentStart: Date };
  gaveFrom?: Date;
  /** Exclusive. */
  gaveTo?: Date;
  minTotalMinor?: number;
  maxTotalMinor?: number;
  sort: 'last_gift' | 'first_gift' | 'lifetime_total' | 'gift_count' | 'name';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

export type DonorSummaryRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  postal_code: string;
  gift_count: number;
  lifetime_base_minor: number;
  first_gift_at: Date | string | null;
  last_gift_at: Date | string | null;
  recurring_status: 'active' | 'past_due' | 'none';
};

/** A plan counts while it can still charge: active, or past due while retries run. */
const recurringStatusOf = sql`(SELECT CASE WHEN bool_or(p.status = 'active') THEN 'active'
    WHEN bool_or(p.status = 'past_due') THEN 'past_due' ELSE 'none' END
  FROM recurring_plans p WHERE p.npo_id = dn.npo_id AND p.donor_id = dn.id)`;

/** LIKE pattern of a search term, its own wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Donor `dn`'s name, e-mail or postcode contains `term`: the expression of donors_search_trgm_idx. */
export const donorSearchMatches = (term: string) =>
  sql`lower(dn.first_name || ' ' || dn.last_name || ' ' || dn.email || ' ' || dn.postal_code) LIKE ${containsPattern(term)}`;

/** The ids of the organisation's donors a search term matches (through the trigram index). */
export const donorsMatchingSql = (npoId: number, term: string) =>
  sql`SELECT dn.id FROM donors dn WHERE dn.npo_id = ${npoId} AND ${donorSearchMatches(term)}`;

/**
 * The filter on donor_giving (g) alone, so the count reads one table; the search, which needs the
 * donor's name, e-mail and postcode, adds a join (see `needsDonorJoin`). Plans and gift dates are
 * semi-joins driven from their own indexes (a month of gifts is a few thousand rows, whereas probing
 * every donor for one would be 200,000 index lookups).
 */
function whereOf(f: DonorListFilter): SQL {
  const parts: SQL[] = [sql`g.npo_id = ${f.npoId}`];
  if (f.search) {
    parts.push(sql`dn.npo_id = ${f.npoId} AND ${donorSearchMatches(f.search)}`);
  }
  if (f.retention) parts.push(retentionWhere(f.retention));
  if (f.minTotalMinor !== undefined) parts.push(sql`g.lifetime_base_minor >= ${f.minTotalMinor}`);
  if (f.maxTotalMinor !== undefined) parts.push(sql`g.lifetime_base_minor <= ${f.maxTotalMinor}`);
  if (f.gaveFrom || f.gaveTo) {
    const from = f.gaveFrom?.toISOString() ?? null;
    const to = f.gaveTo?.toISOString() ?? null;
    // The range's donors as an array computed once, then looked up by key: a nested loop probing
    // every donor's gifts in index order was the plan PostgreSQL otherwise chose (a second per page).
    parts.push(sql`g.donor_id = ANY (ARRAY(SELECT DISTINCT d.donor_id FROM donations d WHERE d.npo_id = ${f.npoId} AND d.status = 'succeeded'
      ${from ? sql`AND d.created_at >= ${from}` : sql``} ${to ? sql`AND d.created_at < ${to}` : sql``}))`);
  }
  // Arrays computed once and looked up by key, like the gift range above: a hash over every
  // donor of the organisation cost more than looking up the few thousand with a plan.
  const plans = (statuses: SQL) =>
    sql`ARRAY(SELECT DISTINCT p.donor_id FROM recurring_plans p WHERE p.npo_id = ${f.npoId} AND p.status IN (${statuses}))`;
  if (f.recurring === 'active') {
    parts.push(sql`g.donor_id = ANY (${plans(sql`'active'`)})`);
  } else if (f.recurring === 'past_due') {
    parts.push(sql`g.donor_id = ANY (${plans(sql`'past_due'`)}) AND NOT (g.donor_id = ANY (${plans(sql`'active'`)}))`);
  } else if (f.recurring === 'none') {
    parts.push(sql`NOT EXISTS (SELECT 1 FROM recurring_plans p WHERE p.npo_id = ${f.npoId} AND p.donor_id = g.donor_id
      AND p.status IN ('active', 'past_due'))`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * Donor_giving row `g` is LYBUNT (last gift in the previous giving year) or SYBUNT (last gift before
 * it): the donors list's filter and the segments' rule (docs/product/donors.md#retention).
 */
export function retentionWhere(r: NonNullable<DonorListFilter['retention']>): SQL {
  return r.kind === 'lybunt'
    ? sql`g.last_gift_at >= ${r.previousStart.toISOString()} AND g.last_gift_at < ${r.currentStart.toISOString()}`
    : sql`g.last_gift_at < ${r.previousStart.toISOString()}`;
}

/**
 * ORDER BY in the exact order of the donor_giving indexes (DESC NULLS LAST, read backwards for ASC
 * NULLS FIRST): a NULLS placement that differs from the index's makes PostgreSQL sort every row.
 */
function orderOf(f: DonorListFilter): SQL {
  const desc = f.direction === 'desc';
  const key = (column: string) => sql.raw(desc ? `${column} DESC NULLS LAST` : `${column} ASC NULLS FIRST`);
  if (f.sort === 'name') {
    // donors_npo_name_idx is plain ascending (names are never null).
    const dir = sql.raw(desc ? 'DESC' : 'ASC');
    return sql`lower(dn.last_name) ${dir}, lower(dn.first_name) ${dir}, dn.id ${dir}`;
  }
  const column = {
    lifetime_total: 'g.lifetime_base_minor',
    gift_count: 'g.gift_count',
    first_gift: 'g.first_gift_at',
    last_gift: 'g.last_gift_at',
  }[f.sort];
  return sql.join([key(column), key('g.donor_id')], sql`, `);
}

const summaryColumns = sql`dn.id, dn.first_name, dn.last_name, dn.email, dn.postal_code, g.gift_count,
  g.lifetime_base_minor, g.first_gift_at, g.last_gift_at, ${recurringStatusOf} AS recurring_status`;

/**
 * Matching donors are counted up to this many: counting all 200,000 of a large organisation reads
 * every row (tens of milliseconds), while a list needs 'more than 10,000' at most.
 */
export const DONOR_COUNT_CAP = 10_000;

/**
 * One page of the organisation's donors and how many match (up to DONOR_COUNT_CAP); the two reads run side by side. The
 * page is chosen on donor_giving first (joined to donors only to search or sort by name) and only
 * its rows are joined to their donors: a filter matching thousands never joins thousands.
 */
export async function selectDonorPage(
  db: Db,
  f: DonorListFilter,
): Promise<{ rows: DonorSummaryRow[]; total: number; capped: boolean }> {
  const where = whereOf(f);
  const withDonors = f.search !== undefined || f.sort === 'name';
  const join = (on: boolean) => (on ? sql`JOIN donors dn ON dn.id = g.donor_id` : sql``);
  const [page, count] = await Promise.all([
    db.execute<DonorSummaryRow>(sql`
      SELECT ${summaryColumns}
      FROM (SELECT g.* FROM donor_giving g ${join(withDonors)}
            WHERE ${where} ${withDonors ? sql`AND dn.npo_id = ${f.npoId}` : sql``} ORDER BY ${orderOf(f)} LIMIT ${f.limit} OFFSET ${f.offset}) g
      JOIN donors dn ON dn.id = g.donor_id AND dn.npo_id = ${f.npoId}
      ORDER BY ${orderOf(f)}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM donor_giving g ${join(f.search !== undefined)} WHERE ${where} LIMIT ${DONOR_COUNT_CAP + 1}) matching`),
  ]);
  const n = Number(count.rows[0]?.n ?? 0);
  return { rows: page.rows, total: Math.min(n, DONOR_COUNT_CAP), capped: n > DONOR_COUNT_CAP };
}

/** One donor's summary row, or null when the donor is not the organisation's. */
export async function selectDonorSummary(db: Db | Tx, npoId: number, donorId: number): Promise<DonorSummaryRow | null> {
  const { rows } = await db.execute<DonorSummaryRow>(sql`
    SELECT ${summaryColumns}
    FROM donor_giving g JOIN donors dn ON dn.id = g.donor_id
    WHERE dn.id = ${donorId} AND dn.npo_id = ${npoId}`);
  return rows[0] ?? null;
}

/** The organisation's base currency and giving-year start month. */
export async function selectOrganisationGivingYear(
  db: Db | Tx,
  npoId: number,
): Promise<{ baseCurrency: string; startMonth: number; zone: string }> {
  const { rows } = await db.execute<{ base_currency: string; fiscal_year_start_month: number; time_zone: string }>(
    sql`SELECT base_currency, fiscal_year_start_month, time_zone FROM npos WHERE id = ${npoId}`,
  );
  return {
    baseCurrency: rows[0]?.base_currency ?? 'USD',
    startMonth: Number(rows[0]?.fiscal_year_start_month ?? 1),
    zone: rows[0]?.time_zone ?? 'UTC',
  };
}

export type DonorLookupRow = { id: number; first_name: string; last_name: string; email: string };

/**
 * A few donors whose name, e-mail or postcode contains `term`, newest first (the search overlay).
 * Newest first lets PostgreSQL choose: walk the primary key backwards for a common term, or read a
 * rare term's few matches from the trigram index and sort them.
 */
export async function findDonorsMatching(db: Db, npoId: number, term: string, limit: number) {
  const { rows } = await db.execute<DonorLookupRow>(sql`
    SELECT dn.id, dn.first_name, dn.last_name, dn.email FROM donors dn
    WHERE dn.npo_id = ${npoId} AND ${donorSearchMatches(term)}
    ORDER BY dn.id DESC LIMIT ${limit}`);
  return rows;
}
