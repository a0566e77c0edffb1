// SQL of the donors list. Totals, gift dates and counts come from donor_giving (kept by triggers,
// see donor-giving.tables.ts) so a page of 200,000 donors reads in index order instead of summing a
// million gifts per request.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../donations/tx.ts';

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

function whereOf(f: DonorListFilter): SQL {
  const parts: SQL[] = [sql`g.npo_id = ${f.npoId}`, sql`dn.npo_id = ${f.npoId}`];
  if (f.search) {
    // Same expression as donors_search_trgm_idx, so the trigram index answers it.
    parts.push(
      sql`lower(dn.first_name || ' ' || dn.last_name || ' ' || dn.email || ' ' || dn.postal_code) LIKE ${containsPattern(f.search)}`,
    );
  }
  if (f.retention?.kind === 'lybunt') {
    parts.push(
      sql`g.last_gift_at >= ${f.retention.previousStart.toISOString()} AND g.last_gift_at < ${f.retention.currentStart.toISOString()}`,
    );
  } else if (f.retention?.kind === 'sybunt') {
    parts.push(sql`g.last_gift_at < ${f.retention.previousStart.toISOString()}`);
  }
  if (f.minTotalMinor !== undefined) parts.push(sql`g.lifetime_base_minor >= ${f.minTotalMinor}`);
  if (f.maxTotalMinor !== undefined) parts.push(sql`g.lifetime_base_minor <= ${f.maxTotalMinor}`);
  if (f.gaveFrom || f.gaveTo) {
    // Cheap bounds first: a donor who gave in the range has a first gift before its end and a last
    // one after its start; the EXISTS confirms a gift inside it.
    const from = f.gaveFrom?.toISOString() ?? null;
    const to = f.gaveTo?.toISOString() ?? null;
    if (from) parts.push(sql`g.last_gift_at >= ${from}`);
    if (to) parts.push(sql`g.first_gift_at < ${to}`);
    parts.push(sql`EXISTS (SELECT 1 FROM donations d WHERE d.donor_id = dn.id AND d.status = 'succeeded'
      ${from ? sql`AND d.created_at >= ${from}` : sql``} ${to ? sql`AND d.created_at < ${to}` : sql``})`);
  }
  if (f.recurring === 'active') {
    parts.push(
      sql`EXISTS (SELECT 1 FROM recurring_plans p WHERE p.npo_id = dn.npo_id AND p.donor_id = dn.id AND p.status = 'active')`,
    );
  } else if (f.recurring === 'past_due') {
    parts.push(sql`EXISTS (SELECT 1 FROM recurring_plans p WHERE p.npo_id = dn.npo_id AND p.donor_id = dn.id AND p.status = 'past_due')
      AND NOT EXISTS (SELECT 1 FROM recurring_plans p WHERE p.npo_id = dn.npo_id AND p.donor_id = dn.id AND p.status = 'active')`);
  } else if (f.recurring === 'none') {
    parts.push(sql`NOT EXISTS (SELECT 1 FROM recurring_plans p WHERE p.npo_id = dn.npo_id AND p.donor_id = dn.id
      AND p.status IN ('active', 'past_due'))`);
  }
  return sql.join(parts, sql` AND `);
}

/** ORDER BY matching the donor_giving indexes (read forwards for desc, backwards for asc). */
function orderOf(f: DonorListFilter): SQL {
  const desc = f.direction === 'desc';
  switch (f.sort) {
    case 'name':
      return desc
        ? sql`lower(dn.last_name) DESC, lower(dn.first_name) DESC, dn.id DESC`
        : sql`lower(dn.last_name), lower(dn.first_name), dn.id`;
    case 'lifetime_total':
      return desc ? sql`g.lifetime_base_minor DESC, g.donor_id DESC` : sql`g.lifetime_base_minor, g.donor_id`;
    case 'gift_count':
      return desc ? sql`g.gift_count DESC, g.donor_id DESC` : sql`g.gift_count, g.donor_id`;
    case 'first_gift':
      return desc
        ? sql`g.first_gift_at DESC NULLS LAST, g.donor_id DESC`
        : sql`g.first_gift_at ASC NULLS FIRST, g.donor_id`;
    default:
      return desc
        ? sql`g.last_gift_at DESC NULLS LAST, g.donor_id DESC`
        : sql`g.last_gift_at ASC NULLS FIRST, g.donor_id`;
  }
}

const summaryColumns = sql`dn.id, dn.first_name, dn.last_name, dn.email, dn.postal_code, g.gift_count,
  g.lifetime_base_minor, g.first_gift_at, g.last_gift_at, ${recurringStatusOf} AS recurring_status`;

/** One page of the organisation's donors and how many match; the two reads run side by side. */
export async function selectDonorPage(db: Db, f: DonorListFilter): Promise<{ rows: DonorSummaryRow[]; total: number }> {
  const where = whereOf(f);
  const [page, count] = await Promise.all([
    db.execute<DonorSummaryRow>(sql`
      SELECT ${summaryColumns}
      FROM donor_giving g JOIN donors dn ON dn.id = g.donor_id
      WHERE ${where}
      ORDER BY ${orderOf(f)} LIMIT ${f.limit} OFFSET ${f.offset}`),
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donor_giving g JOIN donors dn ON dn.id = g.donor_id WHERE ${where}`),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
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
): Promise<{ baseCurrency: string; startMonth: number }> {
  const { rows } = await db.execute<{ base_currency: string; fiscal_year_start_month: number }>(
    sql`SELECT base_currency, fiscal_year_start_month FROM npos WHERE id = ${npoId}`,
  );
  return { baseCurrency: rows[0]?.base_currency ?? 'USD', startMonth: Number(rows[0]?.fiscal_year_start_month ?? 1) };
}
