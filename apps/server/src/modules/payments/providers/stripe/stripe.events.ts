import type Stripe from 'stripe';
import type { PaymentMetadata, ProviderEvent, ProviderEventType } from '../payment-provider.ts';
import { fromStripeAmount } from './stripe.amounts.ts';

const PAYMENT_INTENT_EVENTS: Record<string, ProviderEventType> = {
  'payment_intent.succeeded': 'payment.succeeded',
  'payment_intent.payment_failed': 'payment.failed',
  'payment_intent.processing': 'payment.processing',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

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
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    return {
      ...base,
      type: 'refund.succeeded',
      providerReference: idOf(charge.payment_intent),
      amountMinor: fromStripeAmount(charge.amount_refunded, charge.currency),
      currency: charge.currency.toUpperCase(),
      metadata: charge.metadata as PaymentMetadata,
    };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object as Stripe.Dispute;
    return {
      ...base,
      type: 'dispute.created',
      providerReference: idOf(dispute.payment_intent),
      amountMinor: fromStripeAmount(dispute.amount, dispute.currency),
      currency: dispute.currency.toUpperCase(),
      metadata: dispute.metadata as PaymentMetadata,
    };
  }
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
