// The attendee is told that their ticket was refunded (docs/decisions/052-e-tickets-and-check-in.md),
// by a durable job after the refund is recorded; the buyer is copied when someone else bought it.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { defineQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

export type TicketRefundMailJob = { ticketId: number };
export const ticketRefundMailQueue = defineQueue<TicketRefundMailJob>('event-ticket-refund.send', { retryLimit: 10 });

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
