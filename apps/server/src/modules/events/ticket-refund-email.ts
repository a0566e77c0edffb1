// The attendee is told that their ticket was refunded (docs/decisions/052-e-tickets-and-check-in.md),
// by a durable job after the refund is recorded; the buyer is copied when someone else bought it.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { defineQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

export type TicketRefundMailJob = { ticketId: number };
export const ticketRefundMailQueue = defineQueue<TicketRefundMailJob>('event-ticket-refund.send', { retryLimit: 10 });
// tix18c: the buyer is told when their whole order is refunded (docs/decisions/060-whole-order-refunds.md).
export type OrderRefundMailJob = { orderId: number };
export const orderRefundMailQueue = defineQueue<OrderRefundMailJob>('event-order-refund.send', { retryLimit: 10 });

export async function sendTicketRefundMail(deps: { db: Db; mailer: Mailer }, job: TicketRefundMailJob) {
  const { rows } = await deps.db.execute<{
    attendee_name: string;
    attendee_email: string;
    buyer_email: string;
    event_name: string;
    starts_at: Date;
    time_zone: string;
    amount_minor: number;
    currency: string;
    npo_name: string;
    locale: string;
  }>(sql`
    SELECT k.attendee_name, k.attendee_email, o.buyer_email, e.name AS event_name, e.starts_at, e.time_zone,
      r.amount_minor, o.currency, n.name AS npo_name, n.locale
    FROM event_ticket_refunds r JOIN event_tickets k ON k.id = r.ticket_id JOIN event_orders o ON o.id = r.order_id
    JOIN events e ON e.id = o.event_id JOIN npos n ON n.id = o.npo_id
    WHERE r.ticket_id = ${job.ticketId} AND r.status = 'done'`);
  const r = rows[0];
  if (!r) return 'not-refunded';
  const format = formatFor({ locale: r.locale, timeZone: r.time_zone });
  const amount = Number(r.amount_minor);
  const recipients = [...new Set([r.attendee_email, r.buyer_email].map((e) => e.toLowerCase()))].join(', ');
  await deps.mailer.send({
    to: recipients,
    subject: `Your ticket for ${r.event_name} was refunded`,
    text: [
      `Hello ${r.attendee_name},`,
      '',
      `Your ticket for ${r.event_name} (${format.dateTime(new Date(r.starts_at))}) was refunded and is no longer valid at the door.`,
      amount > 0
        ? `${format.money(amount, r.currency)} goes back to the card that paid for it; it may take a few days to appear.`
        : 'The ticket was free, so there is nothing to pay back.',
      '',
      r.npo_name,
    ].join('\n'),
  });
  return 'sent';
}

/** The buyer's e-mail that the whole order was refunded: what goes back and that no ticket of it is valid. */
export async function sendOrderRefundMail(deps: { db: Db; mailer: Mailer }, job: OrderRefundMailJob) {
  const { rows } = await deps.db.execute<{
    buyer_first_name: string;
    buyer_email: string;
    event_name: string;
    starts_at: Date;
    time_zone: string;
    amount_minor: number;
    currency: string;
    tickets: number;
    npo_name: string;
    locale: string;
  }>(sql`
    SELECT o.buyer_first_name, o.buyer_email, e.name AS event_name, e.starts_at, e.time_zone, r.amount_minor,
      o.currency, (SELECT count(*)::int FROM event_tickets k WHERE k.order_id = o.id) AS tickets,
      n.name AS npo_name, n.locale
    FROM event_order_refunds r JOIN event_orders o ON o.id = r.order_id
    JOIN events e ON e.id = o.event_id JOIN npos n ON n.id = o.npo_id
    WHERE r.order_id = ${job.orderId} AND r.status = 'done'`);
  const r = rows[0];
  if (!r) return 'not-refunded';
  const format = formatFor({ locale: r.locale, timeZone: r.time_zone });
  const amount = Number(r.amount_minor);
  const tickets = Number(r.tickets) === 1 ? 'Its ticket is' : `Its ${r.tickets} tickets are`;
  await deps.mailer.send({
    to: r.buyer_email,
    subject: `Your order for ${r.event_name} was refunded`,
    text: [
      `Hello ${r.buyer_first_name},`,
      '',
      `Your order for ${r.event_name} (${format.dateTime(new Date(r.starts_at))}) was refunded. ${tickets} no longer valid at the door.`,
      amount > 0
        ? `${format.money(amount, r.currency)} goes back to the card that paid for it; it may take a few days to appear.`
        : 'Nothing was left to pay back.',
      '',
      r.npo_name,
    ].join('\n'),
  });
  return 'sent';
}
