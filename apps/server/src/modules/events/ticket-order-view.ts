// A ticket order as the buyer's confirmation page and staff read it, with the receipt's tax lines.
import {
  EVENT_MESSAGES,
  memberNumber,
  type TEventOrderAdmin,
  type TEventOrderList,
  type TTicketOrderSummary,
  ticketReceiptLines,
} from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { storedAnswers } from './event-questions.ts';

type OrderRow = {
  id: number;
  event_id: number;
  reference: string;
  status: TTicketOrderSummary['status'];
  buyer_first_name: string;
  buyer_last_name: string;
  buyer_email: string;
  currency: string;
  subtotal_minor: number;
  discount_minor: number;
  gift_minor: number;
  total_minor: number;
  fair_market_minor: number;
  deductible_minor: number;
  refunded_minor: number;
  provider: string | null;
  provider_reference: string | null;
  created_at: Date;
  paid_at: Date | null;
  discount_code: string | null;
  event_name: string;
  event_slug: string;
  starts_at: Date;
  time_zone: string;
  online_url: string;
  npo_name: string;
  locale: string;
  membership_id: number | null;
};

async function orderWhere(db: Tx, where: SQL) {
  const { rows } = await db.execute<OrderRow>(sql`
    SELECT o.*, c.code AS discount_code, e.name AS event_name, e.slug AS event_slug, e.starts_at, e.time_zone,
      e.online_url, n.name AS npo_name, n.locale
    FROM event_orders o JOIN events e ON e.id = o.event_id JOIN npos n ON n.id = o.npo_id
    LEFT JOIN event_discount_codes c ON c.id = o.discount_code_id
    WHERE ${where}`);
  const order = rows[0];
  if (!order) throw new AppError('NOT_FOUND', EVENT_MESSAGES.orderNotFound);
  const { rows: tickets } = await db.execute<{
    id: number;
    type: string;
    attendee_name: string;
    attendee_email: string;
    status: string;
    answers: unknown;
  }>(sql`
    SELECT k.id, t.name AS type, k.attendee_name, k.attendee_email, k.status, k.answers
    FROM event_tickets k JOIN event_ticket_types t ON t.id = k.ticket_type_id WHERE k.order_id = ${order.id} ORDER BY k.id`);
  return { order, tickets };
}

function summaryOf(o: OrderRow, tickets: Array<{ type: string; attendee_name: string; attendee_email: string }>) {
  const figures = {
    currency: o.currency,
    total_minor: Number(o.total_minor),
    gift_minor: Number(o.gift_minor),
    fair_market_minor: Number(o.fair_market_minor),
    deductible_minor: Number(o.deductible_minor),
  };
  return {
    reference: o.reference,
    status: o.status,
    event: {
      name: o.event_name,
      slug: o.event_slug,
      starts_at: new Date(o.starts_at).toISOString(),
      time_zone: o.time_zone,
    },
    buyer_name: `${o.buyer_first_name} ${o.buyer_last_name}`.trim(),
    buyer_email: o.buyer_email,
    subtotal_minor: Number(o.subtotal_minor),
    discount_minor: Number(o.discount_minor),
    ...figures,
    receipt_lines: o.status === 'paid' ? ticketReceiptLines(figures, o.npo_name, o.locale) : [],
    online_url: o.status === 'paid' && o.online_url ? o.online_url : null,
    tickets: tickets.map((t) => ({ type: t.type, attendee_name: t.attendee_name, attendee_email: t.attendee_email })),
    // m19: bought with a membership (docs/decisions/090-member-tickets.md).
    member_number: o.membership_id === null ? null : memberNumber(Number(o.membership_id)),
  };
}

/** The buyer's view, by the order's unguessable reference. */
export async function orderSummary(db: Tx, reference: string): Promise<TTicketOrderSummary> {
  const { order, tickets } = await orderWhere(db, sql`o.reference = ${reference}`);
  return summaryOf(order, tickets);
}

/** Staff's view of one order of their organisation. */
export async function orderAdmin(db: Tx, npoId: number, id: number): Promise<TEventOrderAdmin> {
  const { order, tickets } = await orderWhere(db, sql`o.id = ${id} AND o.npo_id = ${npoId}`);
  return {
    ...summaryOf(order, tickets),
    id: Number(order.id),
    event_id: Number(order.event_id),
    created_at: new Date(order.created_at).toISOString(),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    discount_code: order.discount_code,
    provider: order.provider,
    provider_reference: order.provider_reference,
    tickets: tickets.map((t) => ({ ...t, id: Number(t.id), answers: storedAnswers(t.answers) })),
    refunded_minor: Number(order.refunded_minor),
  };
}

/** Paid and pending orders of the organisation, newest first; one event's when asked. */
export async function listOrders(db: Tx, npoId: number, eventId: number | null): Promise<TEventOrderList> {
  const { rows } = await db.execute<TEventOrderList['orders'][number]>(sql`
    SELECT o.id, o.event_id, e.name AS event_name, o.buyer_first_name || ' ' || o.buyer_last_name AS buyer_name,
      o.buyer_email, o.status, (SELECT count(*) FROM event_tickets k WHERE k.order_id = o.id)::int AS tickets,
      o.total_minor, o.currency, o.created_at
    FROM event_orders o JOIN events e ON e.id = o.event_id
    WHERE o.npo_id = ${npoId} AND o.status IN ('paid', 'pending') ${eventId === null ? sql`` : sql`AND o.event_id = ${eventId}`}
    ORDER BY o.created_at DESC, o.id DESC LIMIT 500`);
  return {
    orders: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      event_id: Number(r.event_id),
      total_minor: Number(r.total_minor),
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
