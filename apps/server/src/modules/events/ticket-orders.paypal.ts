// PayPal for a ticket order (docs/decisions/081-paypal-tickets-and-qr-fallback.md): the donation form's
// once-off PayPal path with the order as the payment. The buyer approves a PayPal order for the
// order's total; on return the server captures it (one capture at a time, PayPal's own idempotency
// behind it) and trusts only what the capture answers: the order named in its metadata, the amount
// and the currency. The order then becomes paid once, as after a card payment.
import { EVENT_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.ts';
import { type CapturedOrder, ProviderError, providerErrorToAppError } from '../payments/index.ts';
import type { OrderLine } from './event-seats.repository.ts';
import { orderSummary } from './ticket-order-view.ts';
import { markOrderPaid, type OrderDeps } from './ticket-orders.service.ts';
import { paypalOffered } from './ticket-paypal-rules.ts';

type Row = {
  id: number;
  npo_id: number;
  event_id: number;
  status: string;
  total_minor: number;
  currency: string;
  lines: OrderLine[];
  discount_code_id: number | null;
  name: string;
  slug: string;
  paypal_merchant_id: string | null;
  paypal_email: string | null;
};

const rethrow = (error: unknown): never => {
  throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
};

async function orderOf(deps: OrderDeps, reference: string): Promise<Row> {
  const { rows } = await deps.db.execute<Row>(sql`
    SELECT o.id, o.npo_id, o.event_id, o.status, o.total_minor, o.currency, o.lines, o.discount_code_id, e.name,
      e.slug, n.paypal_merchant_id, n.paypal_email
    FROM event_orders o JOIN events e ON e.id = o.event_id JOIN npos n ON n.id = o.npo_id
    WHERE o.reference = ${reference}`);
  const order = rows[0];
  if (!order) throw new AppError('NOT_FOUND', EVENT_MESSAGES.orderNotFound);
  return order;
}

const accountOf = (o: Row) => ({ npoId: Number(o.npo_id), accountId: o.paypal_merchant_id });

/** Creates the PayPal order for a pending ticket order's total; the buyer approves it at `approve_url`. */
export async function startPaypalOrder(deps: OrderDeps, reference: string, origin: string) {
  const order = await orderOf(deps, reference);
  if (order.status !== 'pending' || Number(order.total_minor) === 0)
    throw new AppError('CONFLICT', EVENT_MESSAGES.notPending);
  if (!paypalOffered(deps.providers, order))
    throw new AppError('UNPROCESSABLE', EVENT_MESSAGES.paypalUnavailable, {
      payment: EVENT_MESSAGES.paypalUnavailable,
    });
  const back = (outcome: string) =>
    `${origin}/event-page/${encodeURIComponent(order.slug)}?order=${encodeURIComponent(reference)}&paypal=${outcome}`;
  const created = await deps.providers.wallet
    .createOrder({
      account: accountOf(order),
      amountMinor: Number(order.total_minor),
      currency: order.currency,
      idempotencyKey: `event-paypal-${reference}`,
      returnUrl: back('return'),
      cancelUrl: back('cancel'),
      description: `Tickets for ${order.name}`,
      metadata: { npo_id: String(order.npo_id), event_id: String(order.event_id), event_order: reference },
    })
    .catch(rethrow);
  if (!created.approveUrl) throw new AppError('PROVIDER_ERROR', EVENT_MESSAGES.paypalFailed);
  return { order_id: created.id, approve_url: created.approveUrl };
}

/** One capture at a time per PayPal order, across server instances (as the donation form's capture). */
async function captureOnce(deps: OrderDeps, order: Row, paypalOrderId: string): Promise<CapturedOrder> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`paypal-capture:${paypalOrderId}`}))`);
    return deps.providers.wallet
      .captureOrder({ account: accountOf(order), orderId: paypalOrderId, idempotencyKey: `capture-${paypalOrderId}` })
      .catch(rethrow);
  });
}

/** The buyer is back from PayPal: capture, check the capture is this order's, and mark it paid once. */
export async function capturePaypalOrder(deps: OrderDeps, reference: string, paypalOrderId: string) {
  const order = await orderOf(deps, reference);
  if (order.status === 'paid') return { status: 'success' as const, order: await orderSummary(deps.db, reference) };
  const captured = await captureOnce(deps, order, paypalOrderId);
  if (
    captured.metadata.event_order !== reference ||
    captured.amountMinor !== Number(order.total_minor) ||
    captured.currency.toUpperCase() !== order.currency
  ) {
    throw new AppError('NOT_FOUND', EVENT_MESSAGES.paymentMismatch);
  }
  if (captured.status !== 'succeeded') {
    return { status: 'failed' as const, message: captured.failureMessage ?? EVENT_MESSAGES.paypalFailed, order: null };
  }
  // Refunds name PayPal's capture, not the order (docs/product/events.md#refunding-one-ticket).
  const payment = { provider: deps.providers.wallet.name, reference: captured.captureId ?? captured.id };
  if (await markOrderPaid(deps.db, order, reference, payment)) await deps.paid?.(Number(order.id));
  return { status: 'success' as const, order: await orderSummary(deps.db, reference) };
}
