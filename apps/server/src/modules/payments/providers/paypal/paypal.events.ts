import type { ProviderEvent, ProviderEventType } from '../payment-provider.ts';
import { fromPayPalValue } from './paypal.amounts.ts';
import { decodeCustomId, type PayPalCapture } from './paypal.shapes.ts';

const CAPTURE_EVENTS: Record<string, ProviderEventType> = {
  'PAYMENT.CAPTURE.COMPLETED': 'payment.succeeded',
  'PAYMENT.CAPTURE.DENIED': 'payment.failed',
  'PAYMENT.CAPTURE.PENDING': 'payment.processing',
  'PAYMENT.CAPTURE.REFUNDED': 'refund.succeeded',
};

export type PayPalWebhookEvent = { id: string; event_type: string; resource?: Record<string, unknown> };

/** A verified PayPal event in our vocabulary; the reference is the order id when PayPal names it. */
export function translatePayPalEvent(event: PayPalWebhookEvent): ProviderEvent {
  const base = { id: event.id, providerType: event.event_type };
  const type = CAPTURE_EVENTS[event.event_type];
  const resource = (event.resource ?? {}) as PayPalCapture;
  if (type) {
    const amount = resource.amount;
    // A refund's resource is the refund; its "up" link names the capture it belongs to.
    const captureId =
      type === 'refund.succeeded'
        ? (resource.links
            ?.find((l) => l.rel === 'up')
            ?.href.split('/')
            .at(-1) ?? null)
        : resource.id;
    return {
      ...base,
      type,
      providerReference: resource.supplementary_data?.related_ids?.order_id ?? captureId,
      accountId: resource.payee?.merchant_id ?? null,
      amountMinor: amount ? fromPayPalValue(amount.value, amount.currency_code) : null,
      currency: amount?.currency_code ?? null,
      metadata: decodeCustomId(resource.custom_id),
    };
  }
  if (event.event_type === 'VAULT.PAYMENT-TOKEN.CREATED') {
    return {
      ...base,
      type: 'setup.succeeded',
      providerReference: resource.id ?? null,
      accountId: null,
      amountMinor: null,
      currency: null,
      metadata: {},
    };
  }
  if (event.event_type === 'CUSTOMER.DISPUTE.CREATED') {
    return {
      ...base,
      type: 'dispute.created',
      providerReference: null,
      accountId: null,
      amountMinor: null,
      currency: null,
      metadata: {},
    };
  }
  return {
    ...base,
    type: 'ignored',
    providerReference: null,
    accountId: null,
    amountMinor: null,
    currency: null,
    metadata: {},
  };
}
