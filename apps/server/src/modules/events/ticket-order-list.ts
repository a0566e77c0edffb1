// The organisation's ticket orders for /dashboard/tickets and its CSV export
// (docs/product/events.md#staff-screens): a search by the buyer's name or e-mail, an attendee's name
// or e-mail, a ticket's exact code or the payment's reference; a filter by event and status.
import type { TTicketOrderListQuery, TTicketOrderListResponse, TTicketOrderRow } from '@kindling/contracts';
import { fromMinorUnits, TICKET_ORDER_STATUS_LABELS } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { containsPattern } from '../donors/index.ts';

type Filters = Omit<TTicketOrderListQuery, 'page' | 'per_page'>;

/** "Partly refunded" is a paid order some of whose tickets were refunded (decision 052). */
const STATUS_SQL = sql`CASE WHEN o.status = 'paid' AND o.refunded_minor > 0 THEN 'partly_refunded' ELSE o.status END`;

function whereOf(npoId: number, f: Filters): SQL {
  const parts: SQL[] = [sql`o.npo_id = ${npoId}`];
  if (f.event_id !== undefined) parts.push(sql`o.event_id = ${f.event_id}`);
  if (f.status === 'paid') parts.push(sql`o.status = 'paid' AND o.refunded_minor = 0`);
  else if (f.status === 'partly_refunded') parts.push(sql`o.status = 'paid' AND o.refunded_minor > 0`);
  else if (f.status) parts.push(sql`o.status = ${f.status}`);
  const term = f.search?.trim();
  if (term) {
    const like = containsPattern(term);
    parts.push(sql`(lower(o.buyer_first_name || ' ' || o.buyer_last_name) LIKE ${like}
      OR lower(o.buyer_email) LIKE ${like} OR o.reference = ${term} OR o.provider_reference = ${term}
      OR EXISTS (SELECT 1 FROM event_tickets k WHERE k.order_id = o.id
        AND (lower(k.attendee_name) LIKE ${like} OR lower(k.attendee_email) LIKE ${like} OR k.code = ${term})))`);
  }
  return sql.join(parts, sql` AND `);
}

type Row = Omit<TTicketOrderRow, 'created_at'> & { created_at: Date; locale: string; time_zone: string };

async function rowsOf(db: Tx, npoId: number, f: Filters, limit: number, offset: number): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT o.id, o.event_id, e.name AS event_name, o.buyer_first_name || ' ' || o.buyer_last_name AS buyer_name,
      o.buyer_email, ${STATUS_SQL} AS status, o.total_minor, o.refunded_minor, o.currency, o.created_at,
      e.time_zone, n.locale,
      (SELECT count(*) FROM event_tickets k WHERE k.order_id = o.id)::int AS tickets,
      (SELECT count(*) FROM event_tickets k WHERE k.order_id = o.id AND k.checked_in_at IS NOT NULL)::int AS checked_in
    FROM event_orders o JOIN events e ON e.id = o.event_id JOIN npos n ON n.id = o.npo_id
    WHERE ${whereOf(npoId, f)}
    ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`);
  return rows;
}

export async function listTicketOrders(
  db: Tx,
  npoId: number,
  q: TTicketOrderListQuery,
): Promise<TTicketOrderListResponse> {
  const [rows, count] = await Promise.all([
    rowsOf(db, npoId, q, q.per_page, (q.page - 1) * q.per_page),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM event_orders o WHERE ${whereOf(npoId, q)}`),
  ]);
  return {
    orders: rows.map(({ locale: _l, time_zone: _z, ...r }) => ({
      ...r,
      id: Number(r.id),
      event_id: Number(r.event_id),
      total_minor: Number(r.total_minor),
      refunded_minor: Number(r.refunded_minor),
      created_at: new Date(r.created_at).toISOString(),
    })),
    total: Number(count.rows[0]?.total ?? 0),
    page: q.page,
    per_page: q.per_page,
  };
}

/** Every order the filters match (up to 10,000), one row each, amounts in the currency's units. */
export async function ticketOrdersCsv(db: Tx, npoId: number, f: Filters): Promise<string> {
  const rows = await rowsOf(db, npoId, f, 10_000, 0);
  const format = formatFor({ locale: rows[0]?.locale ?? 'en-US', timeZone: rows[0]?.time_zone ?? 'UTC' });
  return stringify(
    rows.map((r) => [
      Number(r.id),
      format.dateTime(new Date(r.created_at)),
      r.event_name,
      r.buyer_name,
      r.buyer_email,
      TICKET_ORDER_STATUS_LABELS[r.status],
      r.tickets,
      r.checked_in,
      fromMinorUnits(Number(r.total_minor), r.currency),
      fromMinorUnits(Number(r.refunded_minor), r.currency),
      r.currency,
    ]),
    {
      bom: true,
      header: true,
      columns: [
        'Order',
        'Date',
        'Event',
        'Buyer',
        'E-mail',
        'Status',
        'Tickets',
        'Checked in',
        'Total',
        'Refunded',
        'Currency',
      ],
    },
  );
}
