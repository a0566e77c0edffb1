import type { TConsoleTransaction, TConsoleTransactionQuery } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

// Every organisation's payments (donations), refunds and disputes (ledger rows) for the platform
// console (docs/decisions/054-console-transactions-and-roll-up.md), newest first by keyset: each
// kind reads its own time index (donations_created_idx, ledger_entries_money_created_idx) up to the
// page's size, and the union keeps the newest of them, so a page costs the same at any depth.

/** Where the previous page stopped: the exact time (text, microseconds kept), the kind's rank, the id. */
export type TransactionCursor = { at: string; rank: number; id: number };
export type TransactionFilters = Omit<TConsoleTransactionQuery, 'cursor'>;

const RANK = { payment: 3, refund: 2, dispute: 1 } as const;
const LEDGER_STATUS = {
  refund: sql`CASE WHEN l.amount_minor > 0 THEN 'refund_failed' ELSE 'refunded' END`,
  dispute: sql`CASE WHEN l.amount_minor < 0 THEN 'disputed' ELSE 'dispute_won' END`,
};
const STATUSES_OF = {
  payment: ['succeeded', 'refunded', 'failed', 'pending'],
  refund: ['refunded', 'refund_failed'],
  dispute: ['disputed', 'dispute_won'],
} as const;

const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/**
 * The gifts a search names (a number, an e-mail, a provider reference): a handful, read first from
 * their own indexes (OFFSET 0 keeps the planner from walking the time index looking for them).
 */
function searched(q: string): SQL {
  if (/^\d{1,15}$/.test(q)) return sql`(SELECT * FROM donations WHERE id = ${Number(q)} OFFSET 0)`;
  if (q.includes('@'))
    return sql`(SELECT * FROM donations WHERE donor_id IN (SELECT dn.id FROM donors dn WHERE lower(dn.email) = ${q.toLowerCase()}) OFFSET 0)`;
  return sql`(SELECT * FROM donations WHERE provider_reference = ${q} OFFSET 0)`;
}

/** The gifts to read (`d`): every one, or only those the search names. */
const giftsOf = (f: TransactionFilters): SQL => (f.q?.trim() ? sql`${searched(f.q.trim())} d` : sql`donations d`);

/** The filters on a gift's own columns, shared by the three kinds (`d` is the gift). */
function giftFilters(f: TransactionFilters): SQL[] {
  const parts: SQL[] = [];
  if (f.npo_id) parts.push(sql`d.npo_id = ${f.npo_id}`);
  if (f.provider) parts.push(sql`d.provider = ${f.provider}`);
  return parts;
}

function rowFilters(alias: 'd' | 'l', f: TransactionFilters, after: TransactionCursor | null, rank: number): SQL[] {
  const t = sql.raw(alias);
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${t}.created_at >= ${dayStart(f.from)}`);
  if (f.to) parts.push(sql`${t}.created_at < ${dayStart(f.to)} + interval '1 day'`);
  if (f.min_minor !== undefined) parts.push(sql`abs(${t}.amount_minor) >= ${f.min_minor}`);
  if (f.max_minor !== undefined) parts.push(sql`abs(${t}.amount_minor) <= ${f.max_minor}`);
  if (after) {
    parts.push(sql`${t}.created_at <= ${after.at}::timestamptz`);
    parts.push(
      sql`(${t}.created_at, ${rank}::int, ${t}.id) < (${after.at}::timestamptz, ${after.rank}::int, ${after.id}::bigint)`,
    );
  }
  return parts;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);

function paymentPart(f: TransactionFilters, after: TransactionCursor | null, limit: number): SQL {
  const where = [...giftFilters(f), ...rowFilters('d', f, after, RANK.payment)];
  if (f.status) where.push(sql`d.status = ${f.status}`);
  return sql`(SELECT 'payment' AS kind, ${RANK.payment}::int AS rank, d.id, d.status::text AS status, d.npo_id,
      d.id AS donation_id, d.amount_minor, d.currency, d.provider, d.provider_reference, d.payment_method,
      d.donor_id, d.created_at, d.created_at::text AS cursor_at
    FROM ${giftsOf(f)} WHERE ${and(where)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit})`;
}

function ledgerPart(kind: 'refund' | 'dispute', f: TransactionFilters, after: TransactionCursor | null, limit: number) {
  const where = [sql`l.kind = ${kind}`, ...giftFilters(f), ...rowFilters('l', f, after, RANK[kind])];
  if (f.npo_id) where.push(sql`l.npo_id = ${f.npo_id}`);
  if (f.status) where.push(sql`${LEDGER_STATUS[kind]} = ${f.status}`);
  return sql`(SELECT ${kind}::text AS kind, ${RANK[kind]}::int AS rank, l.id, ${LEDGER_STATUS[kind]} AS status, l.npo_id,
      d.id AS donation_id, l.amount_minor, l.currency, d.provider, d.provider_reference, d.payment_method, d.donor_id,
      l.created_at, l.created_at::text AS cursor_at
    FROM ledger_entries l JOIN ${giftsOf(f)} ON d.id = l.donation_id
    WHERE ${and(where)} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit})`;
}

type Row = {
  kind: TConsoleTransaction['kind'];
  rank: number;
  id: number;
  status: TConsoleTransaction['status'];
  npo_id: number;
  organisation: string;
  donation_id: number;
  amount_minor: number;
  currency: string;
  provider: string | null;
  provider_reference: string | null;
  payment_method: string | null;
  email: string | null;
  created_at: string;
  cursor_at: string;
};

/**
 * Up to `limit` transactions after the cursor, newest first, plus whether more follow. A kind the
 * filters rule out (its statuses, the kind filter) is not read at all.
 */
export async function listPlatformTransactions(
  db: Tx,
  filters: TransactionFilters,
  after: TransactionCursor | null,
  limit: number,
): Promise<{ rows: Array<TConsoleTransaction & { cursor: TransactionCursor }>; more: boolean }> {
  const wanted = (kind: keyof typeof STATUSES_OF) =>
    (!filters.kind || filters.kind === kind) &&
    (!filters.status || (STATUSES_OF[kind] as readonly string[]).includes(filters.status));
  const parts: SQL[] = [];
  if (wanted('payment')) parts.push(paymentPart(filters, after, limit + 1));
  for (const kind of ['refund', 'dispute'] as const)
    if (wanted(kind)) parts.push(ledgerPart(kind, filters, after, limit + 1));
  if (parts.length === 0) return { rows: [], more: false };
  const { rows } = await db.execute<Row>(sql`
    WITH page AS (SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) u ORDER BY created_at DESC, rank DESC, id DESC LIMIT ${limit + 1})
    SELECT p.*, n.name AS organisation, dn.email
    FROM page p JOIN npos n ON n.id = p.npo_id LEFT JOIN donors dn ON dn.id = p.donor_id
    ORDER BY p.created_at DESC, p.rank DESC, p.id DESC`);
  return {
    more: rows.length > limit,
    rows: rows.slice(0, limit).map((r) => ({
      id: `${r.kind}-${r.id}`,
      kind: r.kind,
      status: r.status,
      npo_id: Number(r.npo_id),
      organisation: r.organisation,
      donation_id: Number(r.donation_id),
      amount_minor: Number(r.amount_minor),
      currency: r.currency,
      provider: r.provider,
      provider_reference: r.provider_reference,
      payment_method: r.payment_method,
      email: r.email || null,
      created_at: new Date(r.created_at).toISOString(),
      cursor: { at: r.cursor_at, rank: Number(r.rank), id: Number(r.id) },
    })),
  };
}
