// The order confirmation e-mail with the e-tickets (one PDF page per attendee) and the event's
// .ics invitation, sent by a durable job once the order is paid, and the signed link to the same
// PDF that the e-mail carries (docs/decisions/052-e-tickets-and-check-in.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { signClaims, verifyClaims } from '../../platform/security/signed-link.ts';
import { eventCalendar } from './public-event.service.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';
import {
  orderRefundMailQueue,
  sendOrderRefundMail,
  sendTicketRefundMail,
  ticketRefundMailQueue,
} from './ticket-refund-email.ts';

const LINK_PURPOSE = 'tk1';
/** The link works until a month after the event, when the tickets are of no more use. */
const LINK_AFTER_EVENT_MS = 30 * 24 * 60 * 60 * 1000;

export type TicketMailDeps = { db: Db; mailer: Mailer; origin: string; secret: string };
export type TicketMailJob = { orderId: number };
export const ticketMailQueue = defineQueue<TicketMailJob>('event-tickets.send', { retryLimit: 10 });

type Source = {
  id: number;
  status: string;
  buyer_first_name: string;
  buyer_email: string;
  event_name: string;
  slug: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  venue_name: string;
  venue_address: string;
  online_url: string;
  npo_name: string;
  locale: string;
};

async function sourceOf(db: Tx, where: ReturnType<typeof sql>) {
  const { rows } = await db.execute<Source>(sql`
    SELECT o.id, o.status, o.buyer_first_name, o.buyer_email, e.name AS event_name, e.slug, e.starts_at, e.ends_at,
      e.time_zone, e.venue_name, e.venue_address, e.online_url, n.name AS npo_name, n.locale
    FROM event_orders o JOIN events e ON e.id = o.event_id JOIN npos n ON n.id = o.npo_id WHERE ${where}`);
  const order = rows[0];
  if (!order) return null;
  const { rows: tickets } = await db.execute<{ attendee_name: string; type: string; code: string }>(sql`
    SELECT k.attendee_name, t.name AS type, k.code FROM event_tickets k
    JOIN event_ticket_types t ON t.id = k.ticket_type_id
    WHERE k.order_id = ${order.id} AND k.status = 'valid' ORDER BY k.id`);
  return { order, tickets };
}

async function ticketsPdf(source: NonNullable<Awaited<ReturnType<typeof sourceOf>>>) {
  const { order, tickets } = source;
  const format = formatFor({ locale: order.locale, timeZone: order.time_zone });
  return renderTicketsPdf({
    organisation: order.npo_name,
    eventName: order.event_name,
    when: format.dateTime(new Date(order.starts_at)),
    where: [order.venue_name, order.venue_address].filter(Boolean).join(', ') || (order.online_url ? 'Online' : ''),
    tickets: tickets.map((t) => ({ attendeeName: t.attendee_name, type: t.type, code: t.code })),
  });
}

/** The buyer's link to their tickets, signed for this order until a month after the event. */
export function ticketsLink(deps: Pick<TicketMailDeps, 'origin' | 'secret'>, orderId: number, endsAt: Date): string {
  const token = signClaims(deps.secret, LINK_PURPOSE, [orderId], new Date(endsAt.getTime() + LINK_AFTER_EVENT_MS));
  return `${deps.origin.replace(/\/+$/, '')}/api/v1/event_tickets/${token}/tickets.pdf`;
}

/** The PDF the signed link opens; a bad, expired or refunded-away link is a 404 that reveals nothing. */
export async function ticketsByLink(db: Db, secret: string, token: string): Promise<{ pdf: Buffer; slug: string }> {
  const check = verifyClaims(token, secret, LINK_PURPOSE, 1);
  const gone = new AppError('NOT_FOUND', 'This tickets link is not valid or has expired.');
  if (!check.ok) throw gone;
  const source = await sourceOf(db, sql`o.id = ${check.claims.ids[0]} AND o.status = 'paid'`);
  if (!source || source.tickets.length === 0) throw gone;
  return { pdf: await ticketsPdf(source), slug: source.order.slug };
}

export async function sendTicketMail(deps: TicketMailDeps, job: TicketMailJob): Promise<'sent' | 'not-paid'> {
  const source = await sourceOf(deps.db, sql`o.id = ${job.orderId}`);
  if (source?.order.status !== 'paid' || source.tickets.length === 0) return 'not-paid';
  const { order, tickets } = source;
  const format = formatFor({ locale: order.locale, timeZone: order.time_zone });
  const link = ticketsLink(deps, order.id, new Date(order.ends_at));
  const pageUrl = `${deps.origin.replace(/\/+$/, '')}/event-page/${order.slug}`;
  const [pdf, calendar] = await Promise.all([ticketsPdf(source), eventCalendar(deps.db, order.slug, pageUrl)]);
  const where = [order.venue_name, order.venue_address].filter(Boolean).join(', ');
  const text = [
    `Hello ${order.buyer_first_name},`,
    '',
    `Thank you for your order. Your ${tickets.length === 1 ? 'ticket is' : `${tickets.length} tickets are`} attached as a PDF, one page per attendee: show the QR code at the door.`,
    '',
    `${order.event_name}`,
    format.dateTime(new Date(order.starts_at)),
    ...(where ? [where] : []),
    ...(order.online_url ? [`Join online: ${order.online_url}`] : []),
    '',
    // The codes in words too: a door can type one when a phone cannot show the PDF.
    'Ticket codes:',
    ...tickets.map((t) => `- ${t.attendee_name} (${t.type}): ${t.code}`),
    '',
    `Open your tickets at any time: ${link}`,
    'The attached calendar file adds the event to your calendar.',
    '',
    order.npo_name,
  ].join('\n');
  await deps.mailer.send({
    to: order.buyer_email,
    subject: `Your tickets for ${order.event_name}`,
    text,
    attachments: [
      { filename: `tickets-${order.slug}.pdf`, content: pdf, contentType: 'application/pdf' },
      { filename: `${order.slug}.ics`, content: Buffer.from(calendar.ics), contentType: 'text/calendar' },
    ],
  });
  return 'sent';
}

/** Registers the workers; the answers enqueue one e-mail per paid order and per refunded ticket. */
export function registerTicketMail(jobs: Jobs, deps: TicketMailDeps) {
  jobs.register(ticketMailQueue, async (data) => {
    await sendTicketMail(deps, data);
  });
  jobs.register(ticketRefundMailQueue, async (data) => {
    await sendTicketRefundMail(deps, data);
  });
  // tix18c: the buyer's e-mail about a whole-order refund.
  jobs.register(orderRefundMailQueue, async (data) => {
    await sendOrderRefundMail(deps, data);
  });
  return {
    paid: async (orderId: number) => {
      await jobs.send(ticketMailQueue, { orderId }, { key: `event-tickets-${orderId}` });
    },
    refunded: async (ticketId: number) => {
      await jobs.send(ticketRefundMailQueue, { ticketId }, { key: `event-ticket-refund-${ticketId}` });
    },
    // tix18b: staff's resend; one per order and minute, so a double click sends one e-mail.
    resend: async (orderId: number) => {
      const minute = Math.floor(Date.now() / 60_000);
      await jobs.send(ticketMailQueue, { orderId }, { key: `event-tickets-${orderId}-resend-${minute}` });
    },
    // tix18c: one e-mail per refunded order.
    orderRefunded: async (orderId: number) => {
      await jobs.send(orderRefundMailQueue, { orderId }, { key: `event-order-refund-${orderId}` });
    },
  };
}
