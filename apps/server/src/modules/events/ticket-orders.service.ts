// A ticket order: seats held, then paid through the card provider the donation form uses
// (docs/decisions/045-events-and-ticket-orders.md). The order is its own payment: the intent's
// metadata names the order and carries no donor, so the donation form's webhook records nothing for it.
import {
  deductibleOf,
  discountOf,
  EVENT_MESSAGES,
  forMembers,
  formatMoney,
  SEAT_HOLD_MINUTES,
  type TAnswerRecord,
  type TTicketOrderCreated,
  type ZTicketOrderRequest,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import type { FailureLimiter } from '../../platform/security/rate-limiter.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { type PaymentProviders, ProviderError, providerErrorToAppError } from '../payments/index.ts';
import { attendeeAnswers } from './event-questions.ts';
import { type OrderLine, releaseExpiredHolds, returnSeats, takeSeats } from './event-seats.repository.ts';
import { memberForOrder, memberPriceOf, type OrderMember } from './member-tickets.ts';
import {
  findEventByKey,
  type PublicEventRow,
  type PublicTicketTypeRow,
  registrationOpen,
  ticketTypesOf,
  typeOnSale,
} from './public-event.service.ts';
import { orderSummary } from './ticket-order-view.ts';
import { paypalOffered } from './ticket-paypal-rules.ts';

type OrderRequest = z.output<typeof ZTicketOrderRequest>;
export type OrderDeps = {
  db: Db;
  providers: PaymentProviders;
  log?: (error: unknown) => void;
  /** Called once an order is paid: enqueues the e-mail with the e-tickets. */
  paid?: (orderId: number) => Promise<void>;
  /** fin18: the installation's Stripe publishable key, for the event page's Stripe card form. */
  stripePublishableKey?: string | null;
  /** m19: counts failed membership checks per address (docs/decisions/090-member-tickets.md). */
  memberChecks?: FailureLimiter;
};

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });
const unprocessable = (field: string, message: string) => new AppError('UNPROCESSABLE', message, { [field]: message });

/** Each line priced and checked against its type: on sale, within the per-order limit, at least the minimum. */
function priceLines(
  e: PublicEventRow,
  types: PublicTicketTypeRow[],
  body: OrderRequest,
  member: OrderMember | null,
): OrderLine[] {
  const now = new Date();
  return body.lines.map((line, i) => {
    const type = types.find((t) => t.id === line.ticket_type_id);
    if (!type) throw invalid(`lines.${i}.ticket_type_id`, EVENT_MESSAGES.unknownType);
    if (!typeOnSale(type, now)) throw unprocessable(`lines.${i}.quantity`, EVENT_MESSAGES.salesClosed(type.name));
    if (line.quantity > type.per_order_limit) {
      throw invalid(`lines.${i}.quantity`, EVENT_MESSAGES.perOrder(type.name, type.per_order_limit));
    }
    let price = type.pricing === 'free' ? 0 : memberPriceOf(type, member);
    if (type.pricing === 'pay_what_you_want') {
      price = line.price_minor ?? type.price_minor;
      if (price < type.price_minor) {
        const minimum = formatMoney(type.price_minor, e.currency, e.locale);
        throw invalid(`lines.${i}.price_minor`, EVENT_MESSAGES.minimumPrice(type.name, minimum));
      }
    }
    return {
      ticket_type_id: type.id,
      name: type.name,
      quantity: line.quantity,
      price_minor: price,
      seats: line.quantity * type.attendees_per_ticket,
    };
  });
}

async function discountCodeOf(db: Db, eventId: number, code: string) {
  if (!code) return null;
  const { rows } = await db.execute<{ id: number; kind: 'percent' | 'fixed'; amount: number; expires_at: Date | null }>(
    sql`SELECT id, kind, amount, expires_at FROM event_discount_codes WHERE event_id = ${eventId} AND code = ${code} AND NOT archived`,
  );
  const found = rows[0];
  if (!found) throw invalid('discount_code', EVENT_MESSAGES.codeInvalid);
  if (found.expires_at && new Date(found.expires_at) <= new Date())
    throw invalid('discount_code', EVENT_MESSAGES.codeExpired);
  return { id: Number(found.id), kind: found.kind, amount: Number(found.amount) };
}

/** One attendee per ticket bought; a table ticket's other seats are its holder's guests. */
function attendeeRows(
  lines: OrderLine[],
  types: PublicTicketTypeRow[],
  questions: PublicEventRow['questions'],
  body: OrderRequest,
  member: OrderMember | null,
) {
  const bought = lines.reduce((n, l) => n + l.quantity, 0);
  if (body.attendees.length !== bought) throw invalid('attendees', EVENT_MESSAGES.attendees);
  const answers = attendeeAnswers(questions, body.attendees);
  const rows: Array<{
    ticketTypeId: number;
    attendeeName: string;
    attendeeEmail: string;
    answers: TAnswerRecord[];
    membershipId: number | null;
  }> = [];
  let next = 0;
  for (const line of lines) {
    const type = types.find((t) => t.id === line.ticket_type_id);
    const perTicket = type?.attendees_per_ticket ?? 1;
    // m19: a member ticket carries its membership, which the door's check-in shows.
    const membershipId = member && type && forMembers(type) ? member.membershipId : null;
    for (let q = 0; q < line.quantity; q += 1) {
      const answered = answers[next] ?? [];
      const holder = body.attendees[next++] as { name: string; email: string };
      for (let seat = 0; seat < perTicket; seat += 1) {
        const name = seat === 0 ? holder.name : `${holder.name} guest ${seat + 1}`;
        const own = seat === 0 ? answered : [];
        rows.push({
          ticketTypeId: line.ticket_type_id,
          attendeeName: name,
          attendeeEmail: holder.email,
          answers: own,
          membershipId,
        });
      }
    }
  }
  return rows;
}

export async function placeOrder(
  deps: OrderDeps,
  key: string,
  body: OrderRequest,
  clientIp: string,
): Promise<TTicketOrderCreated> {
  const e = await findEventByKey(deps.db, key);
  if (!e || e.status === 'draft') throw new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
  if (!registrationOpen(e)) {
    const message = e.status === 'published' ? EVENT_MESSAGES.registrationClosed : EVENT_MESSAGES.notOnSale;
    throw unprocessable('lines', message);
  }
  if (body.gift_minor > 0 && !e.gift_ask) throw invalid('gift_minor', EVENT_MESSAGES.giftUnavailable);
  const types = await ticketTypesOf(deps.db, e.id);
  const member = await memberForOrder(deps, e, types, body, clientIp);
  const lines = priceLines(e, types, body, member);
  const attendees = attendeeRows(lines, types, e.questions, body, member);
  const code = await discountCodeOf(deps.db, e.id, body.discount_code);
  const subtotal = lines.reduce((n, l) => n + l.quantity * l.price_minor, 0);
  const discount = discountOf(subtotal, code);
  const fairMarket = lines.reduce(
    (n, l) => n + l.quantity * (types.find((t) => t.id === l.ticket_type_id)?.fair_market_value_minor ?? 0),
    0,
  );
  const total = subtotal - discount + body.gift_minor;
  const reference = randomToken(18);
  const free = total === 0;
  const orderId = await deps.db.transaction(async (tx) => {
    await releaseExpiredHolds(tx, e.id);
    await takeSeats(tx, e.id, lines, code?.id ?? null);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO event_orders (npo_id, event_id, reference, status, buyer_first_name, buyer_last_name, buyer_email,
        discount_code_id, currency, subtotal_minor, discount_minor, gift_minor, total_minor, fair_market_minor,
        deductible_minor, lines, hold_until, paid_at, membership_id)
      VALUES (${e.npo_id}, ${e.id}, ${reference}, ${free ? 'paid' : 'pending'}, ${body.buyer.first_name},
        ${body.buyer.last_name}, ${body.buyer.email}, ${code?.id ?? null}, ${e.currency}, ${subtotal}, ${discount},
        ${body.gift_minor}, ${total}, ${fairMarket}, ${deductibleOf(subtotal - discount, fairMarket, body.gift_minor)},
        ${JSON.stringify(lines)}::jsonb, now() + make_interval(mins => ${SEAT_HOLD_MINUTES}),
        ${free ? sql`now()` : null}, ${member?.membershipId ?? null})
      RETURNING id`);
    const id = Number(rows[0]?.id);
    for (const a of attendees) {
      await tx.execute(sql`
        INSERT INTO event_tickets (order_id, event_id, ticket_type_id, attendee_name, attendee_email, code, status, answers,
          membership_id)
        VALUES (${id}, ${e.id}, ${a.ticketTypeId}, ${a.attendeeName}, ${a.attendeeEmail}, ${randomToken(18)},
          ${free ? 'valid' : 'reserved'}, ${JSON.stringify(a.answers)}::jsonb, ${a.membershipId})`);
    }
    return id;
  });
  if (free) {
    await deps.paid?.(orderId);
    return {
      order: await orderSummary(deps.db, reference),
      intent: null,
      provider: null,
      stripe_account: null,
      stripe_publishable_key: null,
    };
  }
  const provider = deps.providers.card;
  try {
    const intent = await provider.createIntent({
      account: { npoId: e.npo_id, accountId: e.stripe_account_id },
      amountMinor: total,
      currency: e.currency,
      interval: 'once',
      idempotencyKey: `event-order-${reference}`,
      email: body.buyer.email,
      description: `Tickets for ${e.name}`,
      metadata: { npo_id: String(e.npo_id), event_id: String(e.id), event_order: reference, client_ip: clientIp },
    });
    await deps.db.execute(
      sql`UPDATE event_orders SET provider = ${provider.name}, provider_reference = ${intent.id} WHERE id = ${orderId}`,
    );
    return {
      order: await orderSummary(deps.db, reference),
      intent: { id: intent.id, client_secret: intent.clientSecret },
      provider: provider.name === 'stripe' ? 'stripe' : 'sandbox',
      stripe_account: provider.name === 'stripe' ? e.stripe_account_id : null,
      stripe_publishable_key: provider.name === 'stripe' ? (deps.stripePublishableKey ?? null) : null,
      paypal: paypalOffered(deps.providers, e),
    };
  } catch (error) {
    await cancelOrder(deps.db, orderId).catch((e2) => deps.log?.(e2));
    throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
  }
}

/** An order that will not be paid: its seats and code use go back at once. */
async function cancelOrder(db: Db, orderId: number) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ event_id: number; lines: OrderLine[]; discount_code_id: number | null }>(sql`
      UPDATE event_orders SET status = 'cancelled' WHERE id = ${orderId} AND status = 'pending'
      RETURNING event_id, lines, discount_code_id`);
    const order = rows[0];
    if (!order) return;
    await tx.execute(sql`UPDATE event_tickets SET status = 'released' WHERE order_id = ${orderId}`);
    const codeId = order.discount_code_id === null ? null : Number(order.discount_code_id);
    await returnSeats(tx, Number(order.event_id), order.lines, codeId);
  });
}

/**
 * The browser's word that the order is paid, checked with the provider: the intent must be this
 * order's, for its amount and currency, and succeeded. Answering twice is harmless.
 */
export async function confirmOrder(deps: OrderDeps, reference: string, paymentIntent: string) {
  const { rows } = await deps.db.execute<{
    id: number;
    npo_id: number;
    event_id: number;
    status: string;
    provider_reference: string | null;
    total_minor: number;
    currency: string;
    lines: OrderLine[];
    discount_code_id: number | null;
    stripe_account_id: string | null;
  }>(sql`
    SELECT o.id, o.npo_id, o.event_id, o.status, o.provider_reference, o.total_minor, o.currency, o.lines,
      o.discount_code_id, n.stripe_account_id
    FROM event_orders o JOIN npos n ON n.id = o.npo_id WHERE o.reference = ${reference}`);
  const order = rows[0];
  if (!order) throw new AppError('NOT_FOUND', EVENT_MESSAGES.orderNotFound);
  if (order.status === 'paid') return { status: 'success' as const, order: await orderSummary(deps.db, reference) };
  if (order.provider_reference !== paymentIntent) throw new AppError('NOT_FOUND', EVENT_MESSAGES.paymentMismatch);
  const payment = await deps.providers.card
    .retrieveIntent({ account: { npoId: Number(order.npo_id), accountId: order.stripe_account_id }, id: paymentIntent })
    .catch((error: unknown) => {
      throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
    });
  if (
    payment.metadata.event_order !== reference ||
    payment.amountMinor !== Number(order.total_minor) ||
    payment.currency.toUpperCase() !== order.currency
  ) {
    throw new AppError('NOT_FOUND', EVENT_MESSAGES.paymentMismatch);
  }
  if (payment.status !== 'succeeded') {
    return { status: 'failed' as const, message: payment.failureMessage ?? EVENT_MESSAGES.paymentFailed, order: null };
  }
  const nowPaid = await markOrderPaid(deps.db, order, reference, null);
  if (nowPaid) await deps.paid?.(Number(order.id));
  return { status: 'success' as const, order: await orderSummary(deps.db, reference) };
}

type PayableOrder = {
  id: number;
  npo_id: number;
  event_id: number;
  total_minor: number;
  currency: string;
  lines: OrderLine[];
  discount_code_id: number | null;
};

/**
 * The order becomes paid once, under its row lock: a second confirmation (browser, webhook, capture
 * retried) finds it paid and changes nothing. `payment` names the provider and payment when it is
 * not the intent the order was placed with (a PayPal capture, decision 081).
 */
export async function markOrderPaid(
  db: Db,
  order: PayableOrder,
  reference: string,
  payment: { provider: string; reference: string } | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = (
      await tx.execute<{ status: string }>(sql`SELECT status FROM event_orders WHERE id = ${order.id} FOR UPDATE`)
    ).rows;
    if (locked?.status === 'paid') return false;
    // Paid after the hold ran out: the seats must be taken again, and may be gone by now.
    if (locked?.status !== 'pending') {
      const codeId = order.discount_code_id === null ? null : Number(order.discount_code_id);
      await takeSeats(tx, Number(order.event_id), order.lines, codeId).catch(() => {
        throw new AppError('CONFLICT', EVENT_MESSAGES.expired);
      });
    }
    await tx.execute(sql`UPDATE event_orders SET status = 'paid', paid_at = now()
      ${payment ? sql`, provider = ${payment.provider}, provider_reference = ${payment.reference}` : sql``}
      WHERE id = ${order.id}`);
    await tx.execute(sql`UPDATE event_tickets SET status = 'valid' WHERE order_id = ${order.id}`);
    // docs/decisions/074-webhook-outbox.md: the event is written with the payment, in its transaction.
    await recordWebhookEvent(tx, {
      npoId: Number(order.npo_id),
      type: 'ticket.bought',
      data: {
        order_reference: reference,
        event_id: Number(order.event_id),
        total_minor: Number(order.total_minor),
        currency: order.currency,
        tickets: order.lines.reduce((n, line) => n + Number((line as { quantity?: number }).quantity ?? 0), 0),
      },
    });
    return true;
  });
}
