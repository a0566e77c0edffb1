// A refund of one ticket of a paid order (docs/decisions/052-e-tickets-and-check-in.md), through
// the provider that took the payment, as donation refunds are. Three steps so no lock is held while
// the provider answers: claim the ticket (a unique row: a double click finds it taken), ask the
// provider with a key of the ticket, then mark the ticket refunded, add to the order's refunded
// amount and give the seat back. A provider failure removes the claim and changes nothing.
import { ORDER_REFUND_MESSAGES, TICKET_REFUND_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { PaymentProviders, ProviderName } from '../payments/index.ts';
import { type OrderLine, returnSeats } from './event-seats.repository.ts';

export type TicketRefundDeps = {
  db: Db;
  providers: PaymentProviders;
  /** Enqueues the attendee's e-mail that their ticket was refunded. */
  refunded?: (ticketId: number) => Promise<void>;
};

type Claimed = {
  claimId: number;
  amount: number;
  orderId: number;
  eventId: number;
  typeId: number;
  provider: string | null;
  paymentId: string | null;
  currency: string;
  npoId: number;
  stripeAccount: string | null;
  paypalMerchant: string | null;
};

/** The ticket's share of what the order paid for tickets: its price less its part of the discount. */
const shareOf = (price: number, subtotal: number, discount: number) =>
  subtotal > 0 ? Math.round((price * (subtotal - discount)) / subtotal) : 0;

async function claim(db: Db, npoId: number, orderId: number, ticketId: number, userId: number): Promise<Claimed> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      status: string;
      ticket_status: string;
      event_id: number;
      type_id: number;
      seats: number;
      lines: OrderLine[];
      subtotal_minor: number;
      discount_minor: number;
      provider: string | null;
      provider_reference: string | null;
      currency: string;
      stripe_account_id: string | null;
      paypal_merchant_id: string | null;
      order_refund: boolean;
    }>(sql`
      SELECT o.status, k.status AS ticket_status, o.event_id, k.ticket_type_id AS type_id, t.attendees_per_ticket AS seats,
        o.lines, o.subtotal_minor, o.discount_minor, o.provider, o.provider_reference, o.currency,
        n.stripe_account_id, n.paypal_merchant_id,
        EXISTS (SELECT 1 FROM event_order_refunds r WHERE r.order_id = o.id) AS order_refund
      FROM event_tickets k JOIN event_orders o ON o.id = k.order_id JOIN event_ticket_types t ON t.id = k.ticket_type_id
      JOIN npos n ON n.id = o.npo_id
      WHERE k.id = ${ticketId} AND o.id = ${orderId} AND o.npo_id = ${npoId}
      FOR UPDATE OF o`);
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', TICKET_REFUND_MESSAGES.notFound);
    if (row.ticket_status === 'refunded') throw new AppError('CONFLICT', TICKET_REFUND_MESSAGES.already);
    // tix18b: a whole-order refund under way (or done) already gives this ticket back.
    if (row.order_refund) throw new AppError('CONFLICT', ORDER_REFUND_MESSAGES.ticketAlreadyInOrderRefund);
    if (row.status !== 'paid' || row.ticket_status !== 'valid') {
      throw new AppError('UNPROCESSABLE', TICKET_REFUND_MESSAGES.notPaid);
    }
    if (Number(row.seats) > 1) throw new AppError('UNPROCESSABLE', TICKET_REFUND_MESSAGES.tableSeat);
    const price = row.lines.find((l) => l.ticket_type_id === Number(row.type_id))?.price_minor ?? 0;
    const amount = shareOf(price, Number(row.subtotal_minor), Number(row.discount_minor));
    const { rows: claimed } = await tx.execute<{ id: number }>(sql`
      INSERT INTO event_ticket_refunds (ticket_id, order_id, amount_minor, created_by)
      VALUES (${ticketId}, ${orderId}, ${amount}, ${userId})
      ON CONFLICT (ticket_id) DO NOTHING RETURNING id`);
    if (!claimed[0]) throw new AppError('CONFLICT', TICKET_REFUND_MESSAGES.already);
    return {
      claimId: Number(claimed[0].id),
      amount,
      orderId,
      eventId: Number(row.event_id),
      typeId: Number(row.type_id),
      provider: row.provider,
      paymentId: row.provider_reference,
      currency: row.currency,
      npoId,
      stripeAccount: row.stripe_account_id,
      paypalMerchant: row.paypal_merchant_id,
    };
  });
}

/** What a refund gives back, and the payment it comes from. */
export type ProviderRefund = Pick<
  Claimed,
  'amount' | 'provider' | 'paymentId' | 'currency' | 'npoId' | 'stripeAccount' | 'paypalMerchant'
>;

/** Asks the provider that took the payment for the refund; null when nothing was paid. */
export async function refundAtProvider(
  providers: PaymentProviders,
  c: ProviderRefund,
  idempotencyKey: string,
): Promise<string | null> {
  if (c.amount === 0 || !c.provider || !c.paymentId) return null;
  const accountId = c.provider === 'stripe' ? c.stripeAccount : c.provider === 'paypal' ? c.paypalMerchant : null;
  const refund = await providers.byName(c.provider as ProviderName).refund({
    account: { npoId: c.npoId, accountId },
    paymentId: c.paymentId,
    amountMinor: c.amount,
    currency: c.currency,
    idempotencyKey,
  });
  if (refund.status === 'failed') throw new Error('refund failed');
  return refund.id;
}

export async function refundTicket(
  deps: TicketRefundDeps,
  actor: { userId: number; npoId: number },
  orderId: number,
  ticketId: number,
): Promise<void> {
  const c = await claim(deps.db, actor.npoId, orderId, ticketId, actor.userId);
  let providerRefundId: string | null;
  try {
    providerRefundId = await refundAtProvider(deps.providers, c, `event-ticket-refund-${ticketId}`);
  } catch {
    await deps.db.execute(sql`DELETE FROM event_ticket_refunds WHERE id = ${c.claimId}`);
    throw new AppError('PROVIDER_ERROR', TICKET_REFUND_MESSAGES.providerRefused);
  }
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM event_orders WHERE id = ${c.orderId} FOR UPDATE`);
    await tx.execute(
      sql`UPDATE event_ticket_refunds SET status = 'done', provider_refund_id = ${providerRefundId} WHERE id = ${c.claimId}`,
    );
    await tx.execute(sql`UPDATE event_tickets SET status = 'refunded' WHERE id = ${ticketId}`);
    await tx.execute(
      sql`UPDATE event_orders SET refunded_minor = refunded_minor + ${c.amount} WHERE id = ${c.orderId}`,
    );
    const seat: OrderLine = { ticket_type_id: c.typeId, name: '', quantity: 1, price_minor: 0, seats: 1 };
    await returnSeats(tx, c.eventId, [seat], null);
  });
  await deps.refunded?.(ticketId);
}
