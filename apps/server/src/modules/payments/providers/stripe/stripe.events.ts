import type Stripe from 'stripe';
import type {
  PaymentMetadata,
  ProviderDispute,
  ProviderEvent,
  ProviderEventType,
  ProviderRefundRecord,
} from '../payment-provider.ts';
import { fromStripeAmount } from './stripe.amounts.ts';

const PAYMENT_INTENT_EVENTS: Record<string, ProviderEventType> = {
  'payment_intent.succeeded': 'payment.succeeded',
  'payment_intent.payment_failed': 'payment.failed',
  'payment_intent.processing': 'payment.processing',
};

/** Refunds that moved money (a failed or canceled one gave nothing back). */
const COUNTED_REFUND = new Set(['succeeded', 'pending', 'requires_action']);
const REFUND_EVENTS = new Set([
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
]);
/** An inquiry (warning_…) is not a chargeback: Stripe withdraws nothing until it becomes one. */
const INQUIRY = /^warning_/;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

type Base = { id: string; providerType: string; accountId: string | null };

/** Our record of Stripe refunds (amounts back in our minor units); null when Stripe left the list out. */
export function stripeRefundRecords(refunds: readonly Stripe.Refund[] | undefined): ProviderRefundRecord[] | undefined {
  return refunds
    ?.filter((r) => COUNTED_REFUND.has(r.status ?? ''))
    .map((r) => ({
      id: r.id,
      amountMinor: fromStripeAmount(r.amount, r.currency),
      currency: r.currency.toUpperCase(),
    }));
}

/**
 * A refund that failed after Stripe accepted it (pending at first, e.g. the card was closed):
 * refund.failed, or refund.updated / charge.refund.updated whose refund is now `failed`.
 */
function failedRefundEvent(base: Base, refund: Stripe.Refund): ProviderEvent {
  const amountMinor = fromStripeAmount(refund.amount, refund.currency);
  const currency = refund.currency.toUpperCase();
  return {
    ...base,
    type: 'refund.failed',
    providerReference: idOf(refund.payment_intent),
    amountMinor,
    currency,
    metadata: (refund.metadata ?? {}) as PaymentMetadata,
    refunds: [{ id: refund.id, amountMinor, currency }],
    failureMessage: refund.failure_reason ?? 'unknown',
  };
}

function refundEvent(base: Base, event: Stripe.Event): ProviderEvent {
  // charge.refunded names every refund of the charge, but since API version 2022-11-15 only when
  // the list is expanded; without it `refunds` is undefined and the adapter asks Stripe for them.
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const refunds = stripeRefundRecords(charge.refunds?.data);
    return {
      ...base,
      type: 'refund.recorded',
      providerReference: idOf(charge.payment_intent),
      amountMinor: fromStripeAmount(charge.amount_refunded, charge.currency),
      currency: charge.currency.toUpperCase(),
      metadata: charge.metadata as PaymentMetadata,
      ...(refunds ? { refunds } : {}),
    };
  }
  // refund.created / refund.updated (every refund since 2024-10-28), charge.refund.updated and
  // refund.failed: the one refund itself.
  const refund = event.data.object as Stripe.Refund;
  if (event.type === 'refund.failed' || refund.status === 'failed') return failedRefundEvent(base, refund);
  return {
    ...base,
    type: 'refund.recorded',
    providerReference: idOf(refund.payment_intent),
    amountMinor: fromStripeAmount(refund.amount, refund.currency),
    currency: refund.currency.toUpperCase(),
    metadata: (refund.metadata ?? {}) as PaymentMetadata,
    refunds: stripeRefundRecords([refund]) ?? [],
  };
}

function disputeEvent(base: Base, event: Stripe.Event): ProviderEvent {
  const dispute = event.data.object as Stripe.Dispute;
  const closed = event.type === 'charge.dispute.closed';
  const record: ProviderDispute = {
    id: dispute.id,
    amountMinor: fromStripeAmount(dispute.amount, dispute.currency),
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason ?? null,
    // won, and an inquiry closed without becoming a chargeback, leave the money with the charity.
    outcome: closed ? (dispute.status === 'won' || INQUIRY.test(dispute.status) ? 'won' : 'lost') : null,
  };
  // An inquiry that opens moves no money: it is acknowledged, and recorded only if it is lost.
  const type: ProviderEventType = closed
    ? 'dispute.closed'
    : INQUIRY.test(dispute.status)
      ? 'ignored'
      : 'dispute.opened';
  return {
    ...base,
    type,
    providerReference: idOf(dispute.payment_intent),
    amountMinor: record.amountMinor,
    currency: record.currency,
    metadata: (dispute.metadata ?? {}) as PaymentMetadata,
    dispute: record,
  };
}

/** The declined card of a payment_intent.payment_failed: Stripe's fingerprint and last digits. */
function declinedCardOf(intent: Stripe.PaymentIntent): Pick<ProviderEvent, 'cardFingerprint' | 'cardLast4'> {
  const method = intent.last_payment_error?.payment_method;
  const card = method && typeof method === 'object' ? method.card : null;
  return {
    ...(card?.fingerprint ? { cardFingerprint: card.fingerprint } : {}),
    ...(card?.last4 ? { cardLast4: card.last4 } : {}),
  };
}

/** A verified Stripe event in our vocabulary; amounts back in our minor units. */
export function translateStripeEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, providerType: event.type, accountId: event.account ?? null };
  const type = PAYMENT_INTENT_EVENTS[event.type];
  if (type) {
    const intent = event.data.object as Stripe.PaymentIntent;
    return {
      ...base,
      type,
      providerReference: intent.id,
      amountMinor: fromStripeAmount(intent.amount, intent.currency),
      currency: intent.currency.toUpperCase(),
      metadata: intent.metadata as PaymentMetadata,
      ...(intent.last_payment_error?.message ? { failureMessage: intent.last_payment_error.message } : {}),
      ...declinedCardOf(intent),
    };
  }
  if (REFUND_EVENTS.has(event.type)) return refundEvent(base, event);
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed')
    return disputeEvent(base, event);
  if (event.type === 'setup_intent.succeeded') {
    const setup = event.data.object as Stripe.SetupIntent;
    return {
      ...base,
      type: 'setup.succeeded',
      providerReference: setup.id,
      amountMinor: null,
      currency: null,
      metadata: (setup.metadata ?? {}) as PaymentMetadata,
    };
  }
  return { ...base, type: 'ignored', providerReference: null, amountMinor: null, currency: null, metadata: {} };
}
