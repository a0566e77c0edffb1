// A refund of a whole ticket order (docs/decisions/060-whole-order-refunds.md): one provider refund
// of what the order still holds (tickets not refunded yet and the gift), every remaining seat and the
// discount code's use given back. Three steps, as for a single ticket, so no lock is held while the
// provider answers: claim the order (a unique row: a double click finds it taken), ask the provider
// with a key of the order, then mark the order and its tickets refunded and release the seats. A
// provider failure removes the claim and changes nothing.
import { ORDER_REFUND_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { type OrderLine, returnSeats } from './event-seats.repository.ts';
import { type ProviderRefund, refundAtProvider } from './ticket-refunds.service.ts';

type Claimed = ProviderRefund & { claimId: number };

async function claimOrder(db: Db, npoId: number, orderId: number, userId: number): Promise<Claimed> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      status: string;
      total_minor: number;
      refunded_minor: number;
      provider: string | null;
      provider_reference: string | null;
      currency: string;
      stripe_account_id: string | null;
      paypal_merchant_id: string | null;
      claimed: boolean;
      tickets_pending: boolean;
    }>(sql`
      SELECT o.status, o.total_minor, o.refunded_minor, o.provider, o.provider_reference, o.currency,
        n.stripe_account_id, n.paypal_merchant_id,
        EXISTS (SELECT 1 FROM event_order_refunds r WHERE r.order_id = o.id) AS claimed,
        EXISTS (SELECT 1 FROM event_ticket_refunds r WHERE r.order_id = o.id AND r.status = 'pending') AS tickets_pending
      FROM event_orders o JOIN npos n ON n.id = o.npo_id
      WHERE o.id = ${orderId} AND o.npo_id = ${npoId}
      FOR UPDATE OF o`);
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', ORDER_REFUND_MESSAGES.notFound);
    if (row.claimed || row.status === 'refunded') throw new AppError('CONFLICT', ORDER_REFUND_MESSAGES.already);
    if (row.status !== 'paid') throw new AppError('UNPROCESSABLE', ORDER_REFUND_MESSAGES.notPaid);
    if (row.tickets_pending) throw new AppError('CONFLICT', ORDER_REFUND_MESSAGES.ticketRefundPending);
    const amount = Math.max(0, Number(row.total_minor) - Number(row.refunded_minor));
    const { rows: claimed } = await tx.execute<{ id: number }>(sql`
      INSERT INTO event_order_refunds (order_id, amount_minor, created_by) VALUES (${orderId}, ${amount}, ${userId})
      ON CONFLICT (order_id) DO NOTHING RETURNING id`);
    if (!claimed[0]) throw new AppError('CONFLICT', ORDER_REFUND_MESSAGES.already);
    return {
      claimId: Number(claimed[0].id),
      amount,
      provider: row.provider,
      paymentId: row.provider_reference,
      currency: row.currency,
      npoId,
      stripeAccount: row.stripe_account_id,
      paypalMerchant: row.paypal_merchant_id,
    };
  });
}

/** The tickets still valid, marked refunded, as the lines whose seats go back on sale. */
async function refundTickets(tx: Tx, orderId: number): Promise<OrderLine[]> {
  const { rows } = await tx.execute<{ ticket_type_id: number; seats: number; per_ticket: number }>(sql`
    WITH refunded AS (
      UPDATE event_tickets SET status = 'refunded' WHERE order_id = ${orderId} AND status = 'valid'
      RETURNING ticket_type_id
    )
    SELECT r.ticket_type_id, count(*)::int AS seats, t.attendees_per_ticket AS per_ticket
    FROM refunded r JOIN event_ticket_types t ON t.id = r.ticket_type_id
    GROUP BY r.ticket_type_id, t.attendees_per_ticket`);
  return rows.map((r) => ({
    ticket_type_id: Number(r.ticket_type_id),
    name: '',
    // A table's eight seats are one ticket of its type.
    quantity: Math.ceil(Number(r.seats) / Math.max(1, Number(r.per_ticket))),
    price_minor: 0,
    seats: Number(r.seats),
  }));
}

export async function refundOrder(
  deps: { db: Db; providers: PaymentProviders; refunded?: ((orderId: number) => Promise<void>) | undefined },
  actor: { userId: number; npoId: number },
  orderId: number,
): Promise<void> {
  const c = await claimOrder(deps.db, actor.npoId, orderId, actor.userId);
  let providerRefundId: string | null;
  try {
    providerRefundId = await refundAtProvider(deps.providers, c, `event-order-refund-${orderId}`);
  } catch {
    await deps.db.execute(sql`DELETE FROM event_order_refunds WHERE id = ${c.claimId}`);
    throw new AppError('PROVIDER_ERROR', ORDER_REFUND_MESSAGES.providerRefused);
  }
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ event_id: number; discount_code_id: number | null }>(sql`
      UPDATE event_orders SET status = 'refunded', refunded_minor = refunded_minor + ${c.amount}
      WHERE id = ${orderId} RETURNING event_id, discount_code_id`);
    await tx.execute(
      sql`UPDATE event_order_refunds SET status = 'done', provider_refund_id = ${providerRefundId} WHERE id = ${c.claimId}`,
    );
    const lines = await refundTickets(tx, orderId);
    const codeId = rows[0]?.discount_code_id == null ? null : Number(rows[0].discount_code_id);
    await returnSeats(tx, Number(rows[0]?.event_id), lines, codeId);
  });
  await deps.refunded?.(orderId);
}

/** Whether a paid order of the organisation may have its tickets sent again; 404/422 otherwise. */
export async function assertResendable(db: Db, npoId: number, orderId: number): Promise<string> {
  const { rows } = await db.execute<{ status: string; buyer_email: string }>(
    sql`SELECT status, buyer_email FROM event_orders WHERE id = ${orderId} AND npo_id = ${npoId}`,
  );
  const order = rows[0];
  if (!order) throw new AppError('NOT_FOUND', ORDER_REFUND_MESSAGES.notFound);
  if (order.status !== 'paid') throw new AppError('UNPROCESSABLE', ORDER_REFUND_MESSAGES.resendNotPaid);
  return order.buyer_email;
}
