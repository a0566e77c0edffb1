import type { TTransaction, TTransactionListQuery } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { givingDays } from '../analysis/index.ts';
import { containsPattern, donorsMatchingSql } from '../donors/index.ts';

// Every payment attempt of an organisation in one list: succeeded and refunded gifts (donations),
// refunds and dispute movements (ledger rows) and attempts that did not succeed (payment_attempts). Each
// branch is filtered by npo_id before the union.

type Row = Record<string, unknown>;

const DONATION_PART = sql`
  SELECT 'payment' AS kind, d.id, d.status::text AS status, d.amount_minor, d.currency, d.provider,
    d.provider_reference, nullif(trim(dn.first_name || ' ' || dn.last_name), '') AS donor_name,
    dn.email, d.campaign_id, c.name AS campaign_name, d.id AS donation_id, d.recurring_plan_id,
    NULL::text AS failure_code, NULL::text AS failure_message, d.created_at, d.npo_id,
    NULL::bigint AS ticket_order_id, NULL::text AS event_name
  FROM donations d JOIN donors dn ON dn.id = d.donor_id LEFT JOIN campaigns c ON c.id = d.campaign_id
  WHERE d.status IN ('succeeded', 'refunded')`;

const REFUND_PART = sql`
  SELECT 'refund', l.id, CASE WHEN l.amount_minor > 0 THEN 'refund_failed' ELSE 'refunded' END, l.amount_minor, l.currency, d.provider, d.provider_reference,
    nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email, d.campaign_id, c.name, d.id,
    d.recurring_plan_id, NULL, NULL, l.created_at, l.npo_id, NULL, NULL
  FROM ledger_entries l JOIN donations d ON d.id = l.donation_id JOIN donors dn ON dn.id = d.donor_id
  LEFT JOIN campaigns c ON c.id = d.campaign_id
  WHERE l.kind = 'refund'`;

// A dispute's money movements (decision 016): withdrawn when it opens, back when it is won.
const DISPUTE_PART = sql`
  SELECT 'dispute', l.id, CASE WHEN l.amount_minor < 0 THEN 'disputed' ELSE 'dispute_won' END, l.amount_minor,
    l.currency, d.provider, d.provider_reference, nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email,
    d.campaign_id, c.name, d.id, d.recurring_plan_id, NULL, NULL, l.created_at, l.npo_id, NULL, NULL
  FROM ledger_entries l JOIN donations d ON d.id = l.donation_id JOIN donors dn ON dn.id = d.donor_id
  LEFT JOIN campaigns c ON c.id = d.campaign_id
  WHERE l.kind = 'dispute'`;

const ATTEMPT_PART = sql`
  SELECT 'attempt', a.id, a.status, a.amount_minor, a.currency, a.provider, a.provider_reference,
    nullif(trim(coalesce(dn.first_name, '') || ' ' || coalesce(dn.last_name, '')), ''),
    coalesce(a.email, dn.email), a.campaign_id, c.name, NULL::bigint, a.recurring_plan_id,
    a.failure_code, a.failure_message, a.created_at, a.npo_id, NULL, NULL
  FROM payment_attempts a LEFT JOIN donors dn ON dn.id = a.donor_id LEFT JOIN campaigns c ON c.id = a.campaign_id
  WHERE true`;

// tix18b: ticket purchases (docs/decisions/060-whole-order-refunds.md): paid orders, single-ticket
// refunds and whole-order refunds, from the events module's tables. A free order moved no money.
const TICKET_BUYER = sql`nullif(trim(o.buyer_first_name || ' ' || o.buyer_last_name), '')`;
const TICKET_PART = sql`
  SELECT 'ticket', o.id, CASE WHEN o.status = 'refunded' THEN 'refunded' ELSE 'succeeded' END, o.total_minor,
    o.currency, o.provider, o.provider_reference, ${TICKET_BUYER}, o.buyer_email, NULL, NULL, NULL, NULL, NULL, NULL,
    o.created_at, o.npo_id, o.id, e.name
  FROM event_orders o JOIN events e ON e.id = o.event_id
  WHERE o.status IN ('paid', 'refunded') AND o.total_minor > 0`;
const ticketRefundPart = (kind: 'ticket_refund' | 'order_refund') => sql`
  SELECT ${kind}::text, r.id, 'refunded', -r.amount_minor, o.currency, o.provider, o.provider_reference,
    ${TICKET_BUYER}, o.buyer_email, NULL, NULL, NULL, NULL, NULL, NULL, r.created_at, o.npo_id, o.id, e.name
  FROM ${kind === 'ticket_refund' ? sql`event_ticket_refunds` : sql`event_order_refunds`} r
  JOIN event_orders o ON o.id = r.order_id JOIN events e ON e.id = o.event_id
  WHERE r.status = 'done' AND r.amount_minor > 0`;

/**
 * The parts for one organisation (only the first names the columns, so all of them always run),
 * or only their rows whose id is `onlyIds` (an id, or an SQL array of ids).
 */
function unionFor(npoId: number, onlyIds?: number | SQL): SQL {
  // [part, alias of its id, alias of its organisation]
  const parts: Array<[SQL, string, string]> = [
    [DONATION_PART, 'd', 'd'],
    [REFUND_PART, 'l', 'l'],
    [DISPUTE_PART, 'l', 'l'],
    [ATTEMPT_PART, 'a', 'a'],
    // tix18b: ticket purchases.
    [TICKET_PART, 'o', 'o'],
    [ticketRefundPart('ticket_refund'), 'r', 'o'],
    [ticketRefundPart('order_refund'), 'r', 'o'],
  ];
  return sql.join(
    parts.map(([part, alias, npoAlias]) => {
      const own = sql`${part} AND ${sql.raw(npoAlias)}.npo_id = ${npoId}`;
      if (onlyIds === undefined) return own;
      return typeof onlyIds === 'number'
        ? sql`${own} AND ${sql.raw(alias)}.id = ${onlyIds}`
        : sql`${own} AND ${sql.raw(alias)}.id = ANY (${onlyIds})`;
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
    ticket_order_id: num(r.ticket_order_id),
    event_name: (r.event_name as string | null) ?? null,
  };
}

type ListQuery = {
  page: number;
  per_page: number;
  status?: TTransactionListQuery['status'];
  search?: string;
  type?: TTransactionListQuery['type'];
};

/**
 * tix18b: the ticket purchases' keys, by the buyer's name or e-mail or the payment's exact reference;
 * fin18: also by an attendee's name or a ticket's exact code (docs/product/events.md#staff-screens).
 */
function ticketKeyParts(npoId: number, query: ListQuery): SQL[] {
  const status = query.status;
  const pattern = query.search ? containsPattern(query.search) : null;
  const buyer = (o: string) =>
    pattern === null
      ? sql``
      : sql`AND (lower(${sql.raw(o)}.buyer_first_name || ' ' || ${sql.raw(o)}.buyer_last_name) LIKE ${pattern}
          OR lower(${sql.raw(o)}.buyer_email) LIKE ${pattern} OR ${sql.raw(o)}.provider_reference = ${query.search ?? ''}
          OR EXISTS (SELECT 1 FROM event_tickets k WHERE k.order_id = ${sql.raw(o)}.id
            AND (lower(k.attendee_name) LIKE ${pattern} OR k.code = ${query.search ?? ''})))`;
  const parts: SQL[] = [];
  if (!status || status === 'succeeded' || status === 'refunded') {
    parts.push(sql`SELECT 'ticket'::text, o.id, o.created_at FROM event_orders o
      WHERE o.npo_id = ${npoId} AND o.total_minor > 0
        AND o.status IN ${status === 'succeeded' ? sql`('paid')` : status === 'refunded' ? sql`('refunded')` : sql`('paid', 'refunded')`}
        ${buyer('o')}`);
  }
  if (!status || status === 'refunded') {
    for (const [kind, table] of [
      ['ticket_refund', sql`event_ticket_refunds`],
      ['order_refund', sql`event_order_refunds`],
    ] as const) {
      parts.push(sql`SELECT ${kind}::text, r.id, r.created_at FROM ${table} r JOIN event_orders o ON o.id = r.order_id
        WHERE o.npo_id = ${npoId} AND r.status = 'done' AND r.amount_minor > 0 ${buyer('o')}`);
    }
  }
  return parts;
}

/**
 * Each kind's rows of one organisation as (kind, id, created_at), filtered by the query's status
 * and search, read from that kind's own table and index. A search matches the donor (name, e-mail
 * or postcode: the expression of donors_search_trgm_idx), a payment's exact provider reference,
 * or an attempt's e-mail, reference or decline message (attempts are few).
 */
function keyParts(npoId: number, query: ListQuery): SQL[] {
  // tix18b: the "Type" filter chooses gifts, ticket purchases, or both.
  const tickets = query.type === 'gifts' ? [] : ticketKeyParts(npoId, query);
  if (query.type === 'tickets') return tickets;
  return [...giftKeyParts(npoId, query), ...tickets];
}

function giftKeyParts(npoId: number, query: ListQuery): SQL[] {
  const status = query.status;
  const pattern = query.search ? containsPattern(query.search) : null;
  const donors = donorsMatchingSql(npoId, query.search ?? '');
  // The gifts a search matches, from the donor index (which holds id, time and status) and the
  // reference index: a few thousand at most, never the organisation's every payment.
  const matching = sql`SELECT g.id, g.created_at, g.status FROM donations g
    WHERE g.npo_id = ${npoId} AND g.donor_id IN (${donors})
    UNION SELECT g.id, g.created_at, g.status FROM donations g
    WHERE g.npo_id = ${npoId} AND g.provider_reference = ${query.search ?? ''}`;
  const ledgerStatus = {
    refund: sql`CASE WHEN l.amount_minor > 0 THEN 'refund_failed' ELSE 'refunded' END`,
    dispute: sql`CASE WHEN l.amount_minor < 0 THEN 'disputed' ELSE 'dispute_won' END`,
  };
  const parts: SQL[] = [];
  if (!status || status === 'succeeded' || status === 'refunded') {
    parts.push(sql`SELECT 'payment' AS kind, d.id, d.created_at FROM ${pattern === null ? sql`donations d` : sql`(${matching}) d`}
      WHERE ${pattern === null ? sql`d.npo_id = ${npoId} AND ` : sql``}d.status IN ('succeeded', 'refunded')
        ${status ? sql`AND d.status = ${status}` : sql``}`);
  }
  for (const kind of ['refund', 'dispute'] as const) {
    const statuses = kind === 'refund' ? ['refunded', 'refund_failed'] : ['disputed', 'dispute_won'];
    if (status && !statuses.includes(status)) continue;
    parts.push(sql`SELECT ${kind}::text, l.id, l.created_at FROM ledger_entries l
      WHERE l.npo_id = ${npoId} AND l.kind = ${kind}
        ${status ? sql`AND ${ledgerStatus[kind]} = ${status}` : sql``}
        ${pattern === null ? sql`` : sql`AND l.donation_id IN (SELECT m.id FROM (${matching}) m)`}`);
  }
  if (!status || !['succeeded', 'refunded', 'refund_failed', 'disputed', 'dispute_won'].includes(status)) {
    parts.push(sql`SELECT 'attempt', a.id, a.created_at FROM payment_attempts a
      WHERE a.npo_id = ${npoId} ${status ? sql`AND a.status = ${status}` : sql``}
        ${
          pattern === null
            ? sql``
            : sql`AND (a.donor_id IN (${donors}) OR lower(a.email) LIKE ${pattern}
              OR lower(a.provider_reference) LIKE ${pattern} OR lower(a.failure_message) LIKE ${pattern})`
        }`);
  }
  return parts;
}

/**
 * A page of the organisation's transactions, newest first, with the filtered total. The page is
 * chosen on the keys alone (each kind's newest `offset + per_page`, then merged), and only its rows
 * are joined to their donors and campaigns: the union of a million payments is never sorted.
 */
export async function listTransactions(db: Db, npoId: number, query: ListQuery) {
  const parts = keyParts(npoId, query);
  const paymentsListed =
    query.type !== 'tickets' && (!query.status || query.status === 'succeeded' || query.status === 'refunded');
  if (parts.length === 0) return { transactions: [], total: 0, page: query.page, per_page: query.per_page };
  const offset = (query.page - 1) * query.per_page;
  const newest = sql.join(
    parts.map((part) => sql`(${part} ORDER BY 3 DESC, 2 DESC LIMIT ${offset + query.per_page})`),
    sql` UNION ALL `,
  );
  const counts = sql.join(
    parts.map((part, i) =>
      // Payments without a search are counted from the day sums (every donation by status).
      i === 0 && paymentsListed && !query.search
        ? sql`(SELECT coalesce(sum(l.donations), 0) FROM ${givingDays(npoId, 'list')} l
            WHERE l.status IN ('succeeded', 'refunded') ${query.status ? sql`AND l.status = ${query.status}` : sql``})`
        : sql`(SELECT count(*) FROM (${part}) k)`,
    ),
    sql` + `,
  );
  const [page, total] = await Promise.all([
    db.execute<Row>(sql`
      WITH page AS (
        SELECT k.kind, k.id, k.created_at FROM (${newest}) AS k(kind, id, created_at)
        ORDER BY k.created_at DESC, k.kind, k.id DESC LIMIT ${query.per_page} OFFSET ${offset}
      )
      SELECT t.* FROM (${unionFor(npoId, sql`ARRAY(SELECT id FROM page)`)}) AS t
      JOIN page p ON p.kind = t.kind AND p.id = t.id
      ORDER BY t.created_at DESC, t.kind, t.id DESC`),
    db.execute<{ total: number }>(sql`SELECT (${counts})::int AS total`),
  ]);
  return {
    transactions: page.rows.map(toTransaction),
    total: Number(total.rows[0]?.total ?? 0),
    page: query.page,
    per_page: query.per_page,
  };
}

/** One transaction by its `<kind>-<id>`, or null when it is not the organisation's. */
export async function findTransaction(db: Db, npoId: number, kind: string, id: number): Promise<TTransaction | null> {
  const { rows } = await db.execute<Row>(
    sql`SELECT * FROM (${unionFor(npoId, id)}) AS t WHERE t.kind = ${kind} LIMIT 1`,
  );
  return rows[0] ? toTransaction(rows[0]) : null;
}
