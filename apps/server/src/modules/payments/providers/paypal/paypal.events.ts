import type { ProviderDispute, ProviderEvent, ProviderEventType } from '../payment-provider.ts';
import { fromPayPalValue } from './paypal.amounts.ts';
import { decodeCustomId, type PayPalCapture, type PayPalMoney } from './paypal.shapes.ts';

const CAPTURE_EVENTS: Record<string, ProviderEventType> = {
  'PAYMENT.CAPTURE.COMPLETED': 'payment.succeeded',
  'PAYMENT.CAPTURE.DENIED': 'payment.failed',
  'PAYMENT.CAPTURE.PENDING': 'payment.processing',
};

/** Both carry a refund resource: a refund made by the merchant, or PayPal reversing the capture. */
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/** Outcomes that leave the money with the merchant; every other resolution is a lost dispute. */
const SELLER_KEEPS = new Set(['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED', 'RESOLVED_WITH_PAYOUT']);

export type PayPalWebhookEvent = { id: string; event_type: string; resource?: Record<string, unknown> };

/** The parts of a Customer Disputes resource we read. */
type PayPalDispute = {
  dispute_id?: string;
  reason?: string;
  status?: string;
  dispute_amount?: PayPalMoney;
  dispute_outcome?: { outcome_code?: string };
  disputed_transactions?: Array<{ seller_transaction_id?: string; seller?: { merchant_id?: string } }>;
};

const NOTHING = { accountId: null, amountMinor: null, currency: null, metadata: {} };
const moneyOf = (amount: PayPalMoney | undefined) =>
  amount ? { amountMinor: fromPayPalValue(amount.value, amount.currency_code), currency: amount.currency_code } : null;

function refundEvent(base: { id: string; providerType: string }, resource: PayPalCapture): ProviderEvent {
  // The refund's "up" link names the capture it belongs to.
  const captureId =
    resource.links
      ?.find((l) => l.rel === 'up')
      ?.href.split('/')
      .at(-1) ?? null;
  const money = moneyOf(resource.amount);
  // PayPal names no refund-failed event; a refund resource it reports as FAILED or CANCELLED is
  // treated like Stripe's refund.failed (a recorded refund of that id is reversed).
  const failed = resource.status === 'FAILED' || resource.status === 'CANCELLED';
  return {
    ...base,
    type: failed ? 'refund.failed' : 'refund.recorded',
    providerReference: captureId,
    accountId: resource.payee?.merchant_id ?? null,
    amountMinor: money?.amountMinor ?? null,
    currency: money?.currency ?? null,
    metadata: decodeCustomId(resource.custom_id),
    refunds:
      money && resource.id ? [{ id: resource.id, amountMinor: money.amountMinor, currency: money.currency }] : [],
    ...(failed ? { failureMessage: resource.status?.toLowerCase() ?? 'failed' } : {}),
  };
}

function disputeEvent(base: { id: string; providerType: string }, resource: PayPalDispute): ProviderEvent {
  const transaction = resource.disputed_transactions?.[0];
  const money = moneyOf(resource.dispute_amount);
  if (!resource.dispute_id || !money) return { ...base, type: 'ignored', providerReference: null, ...NOTHING };
  const resolved = base.providerType === 'CUSTOMER.DISPUTE.RESOLVED';
  const dispute: ProviderDispute = {
    id: resource.dispute_id,
    ...money,
    reason: resource.reason ?? null,
    outcome: resolved ? (SELLER_KEEPS.has(resource.dispute_outcome?.outcome_code ?? '') ? 'won' : 'lost') : null,
  };
  return {
    ...base,
    type: resolved ? 'dispute.closed' : 'dispute.opened',
    // The disputed capture (our donation's capture id).
    providerReference: transaction?.seller_transaction_id ?? null,
    accountId: transaction?.seller?.merchant_id ?? null,
    ...money,
    metadata: {},
    dispute,
  };
}

/** A verified PayPal event in our vocabulary; the reference is the order id when PayPal names it. */
export function translatePayPalEvent(event: PayPalWebhookEvent): ProviderEvent {
  const base = { id: event.id, providerType: event.event_type };
  const type = CAPTURE_EVENTS[event.event_type];
  const resource = (event.resource ?? {}) as PayPalCapture;
  if (type) {
    const amount = resource.amount;
    return {
      ...base,
      type,
      providerReference: resource.supplementary_data?.related_ids?.order_id ?? resource.id,
      accountId: resource.payee?.merchant_id ?? null,
      amountMinor: amount ? fromPayPalValue(amount.value, amount.currency_code) : null,
      currency: amount?.currency_code ?? null,
      metadata: decodeCustomId(resource.custom_id),
    };
  }
  if (REFUND_EVENTS.has(event.event_type)) return refundEvent(base, resource);
  if (event.event_type === 'CUSTOMER.DISPUTE.CREATED' || event.event_type === 'CUSTOMER.DISPUTE.RESOLVED') {
    return disputeEvent(base, event.resource as PayPalDispute);
  }
  if (event.event_type === 'VAULT.PAYMENT-TOKEN.CREATED') {
    return { ...base, type: 'setup.succeeded', providerReference: resource.id ?? null, ...NOTHING };
  }
  return { ...base, type: 'ignored', providerReference: null, ...NOTHING };
}
