import type { TTransaction, TTransactionListQuery } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

// Every payment attempt of an organisation in one list: succeeded and refunded gifts (donations),
// refunds and dispute movements (ledger rows) and attempts that did not succeed (payment_attempts). Each
// branch is filtered by npo_id before the union.

type Row = Record<string, unknown>;

const DONATION_PART = sql`
  SELECT 'payment' AS kind, d.id, d.status::text AS status, d.amount_minor, d.currency, d.provider,
    d.provider_reference, nullif(trim(dn.first_name || ' ' || dn.last_name), '') AS donor_name,
    dn.email, d.campaign_id, c.name AS campaign_name, d.id AS donation_id, d.recurring_plan_id,
    NULL::text AS failure_code, NULL::text AS failure_message, d.created_at, d.npo_id
  FROM donations d JOIN donors dn ON dn.id = d.donor_id LEFT JOIN campaigns c ON c.id = d.campaign_id
  WHERE d.status IN ('succeeded', 'refunded')`;

const REFUND_PART = sql`
  SELECT 'refund', l.id, 'refunded', l.amount_minor, l.currency, d.provider, d.provider_reference,
    nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email, d.campaign_id, c.name, d.id,
    d.recurring_plan_id, NULL, NULL, l.created_at, l.npo_id
  FROM ledger_entries l JOIN donations d ON d.id = l.donation_id JOIN donors dn ON dn.id = d.donor_id
  LEFT JOIN campaigns c ON c.id = d.campaign_id
  WHERE l.kind = 'refund'`;

// A dispute's money movements (decision 016): withdrawn when it opens, back when it is won.
const DISPUTE_PART = sql`
  SELECT 'dispute', l.id, CASE WHEN l.amount_minor < 0 THEN 'disputed' ELSE 'dispute_won' END, l.amount_minor,
    l.currency, d.provider, d.provider_reference, nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email,
    d.campaign_id, c.name, d.id, d.recurring_plan_id, NULL, NULL, l.created_at, l.npo_id
  FROM ledger_entries l JOIN donations d ON d.id = l.donation_id JOIN donors dn ON dn.id = d.donor_id
  LEFT JOIN campaigns c ON c.id = d.campaign_id
  WHERE l.kind = 'dispute'`;

const ATTEMPT_PART = sql`
  SELECT 'attempt', a.id, a.status, a.amount_minor, a.currency, a.provider, a.provider_reference,
    nullif(trim(coalesce(dn.first_name, '') || ' ' || coalesce(dn.last_name, '')), ''),
    coalesce(a.email, dn.email), a.campaign_id, c.name, NULL::bigint, a.recurring_plan_id,
    a.failure_code, a.failure_message, a.created_at, a.npo_id
  FROM payment_attempts a LEFT JOIN donors dn ON dn.id = a.donor_id LEFT JOIN campaigns c ON c.id = a.campaign_id
  WHERE true`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The parts for one organisation; only the first names the columns, so all of them always run. */
function unionFor(npoId: number, onlyId?: number): SQL {
  const parts: Array<[SQL, string]> = [
    [DONATION_PART, 'd'],
    [REFUND_PART, 'l'],
    [DISPUTE_PART, 'l'],
    [ATTEMPT_PART, 'a'],
  ];
  return sql.join(
    parts.map(([part, alias]) => {
      const own = sql`${part} AND ${sql.raw(alias)}.npo_id = ${npoId}`;
      return onlyId === undefined ? own : sql`${own} AND ${sql.raw(alias)}.id = ${onlyId}`;
    }),
    sql` UNION ALL `,
  );
}

function toTransaction(r: Row): TTransaction {
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    id: `${r.kind}-${r.id}`,
    kind: r.kind as TTransaction['kind'],
    status: r.status as TTransaction['status'],
    amount_minor: Number(r.amount_minor),
    currency: String(r.currency),
    provider: (r.provider as string | null) ?? null,
    provider_reference: (r.provider_reference as string | null) ?? null,
    donor_name: (r.donor_name as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    campaign_id: num(r.campaign_id),
    campaign_name: (r.campaign_name as string | null) ?? null,
    donation_id: num(r.donation_id),
    recurring_plan_id: num(r.recurring_plan_id),
    failure_code: (r.failure_code as string | null) ?? null,
    failure_message: (r.failure_message as string | null) ?? null,
    created_at: new Date(r.created_at as string).toISOString(),
  };
}

/** A page of the organisation's transactions, newest first, with the filtered total. */
export async function listTransactions(
  db: Db,
  npoId: number,
  query: { page: number; per_page: number; status?: TTransactionListQuery['status']; search?: string },
) {
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    filters.push(
      sql`(t.donor_name ILIKE ${like} OR t.email ILIKE ${like} OR t.provider_reference ILIKE ${like} OR t.failure_message ILIKE ${like})`,
    );
  }
  const where = filters.length ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``;
  const { rows } = await db.execute<Row & { total: number }>(sql`
    SELECT t.*, count(*) OVER ()::int AS total
    FROM (${unionFor(npoId)}) AS t ${where}
    ORDER BY t.created_at DESC, t.kind, t.id DESC
    LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM (${unionFor(npoId)}) AS t ${where}`,
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { transactions: rows.map(toTransaction), total, page: query.page, per_page: query.per_page };
}

/** One transaction by its `<kind>-<id>`, or null when it is not the organisation's. */
export async function findTransaction(db: Db, npoId: number, kind: string, id: number): Promise<TTransaction | null> {
  const { rows } = await db.execute<Row>(
    sql`SELECT * FROM (${unionFor(npoId, id)}) AS t WHERE t.kind = ${kind} LIMIT 1`,
  );
  return rows[0] ? toTransaction(rows[0]) : null;
}
