// PayPal's refund, reversal and dispute webhooks in our vocabulary: the capture they concern, the
// refund or dispute id, our minor units, and whether a resolved dispute was won or lost.
import { describe, expect, it } from 'vitest';
import { translatePayPalEvent } from './paypal.events.ts';

const refundResource = (status = 'COMPLETED') => ({
  id: '1JU08902781691411',
  status,
  amount: { value: '12.50', currency_code: 'USD' },
  custom_id: 'npo_id=7',
  links: [
    { rel: 'self', href: 'https://api-m.paypal.com/v2/payments/refunds/1JU08902781691411', method: 'GET' },
    { rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/2GG279541U471931P', method: 'GET' },
  ],
});

const disputeResource = (outcome?: string) => ({
  dispute_id: 'PP-D-27803',
  reason: 'UNAUTHORISED',
  status: outcome ? 'RESOLVED' : 'OPEN',
  dispute_amount: { currency_code: 'JPY', value: '3000' },
  disputed_transactions: [{ seller_transaction_id: '2GG279541U471931P', seller: { merchant_id: 'MERCHANT7' } }],
  ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
});

describe('PayPal refund and dispute events', () => {
  it('reads a refund and a reversal as refunds of the capture named by the up link', () => {
    for (const type of ['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']) {
      const event = translatePayPalEvent({ id: 'WH-1', event_type: type, resource: refundResource() });
      expect(event).toMatchObject({
        type: 'refund.recorded',
        providerReference: '2GG279541U471931P',
        metadata: { npo_id: '7' },
        refunds: [{ id: '1JU08902781691411', amountMinor: 1250, currency: 'USD' }],
      });
    }
    const failed = translatePayPalEvent({
      id: 'WH-2',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: refundResource('FAILED'),
    });
    expect(failed).toMatchObject({
      type: 'refund.failed',
      providerReference: '2GG279541U471931P',
      refunds: [{ id: '1JU08902781691411', amountMinor: 1250, currency: 'USD' }],
      failureMessage: 'failed',
    });
  });

  it('reads a dispute as opened, then won or lost by its outcome code, in the currency’s own units', () => {
    const opened = translatePayPalEvent({
      id: 'WH-3',
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource: disputeResource(),
    });
    expect(opened).toMatchObject({
      type: 'dispute.opened',
      providerReference: '2GG279541U471931P',
      accountId: 'MERCHANT7',
      dispute: { id: 'PP-D-27803', amountMinor: 3000, currency: 'JPY', reason: 'UNAUTHORISED', outcome: null },
    });
    const outcomeOf = (code: string) =>
      translatePayPalEvent({ id: 'WH-4', event_type: 'CUSTOMER.DISPUTE.RESOLVED', resource: disputeResource(code) })
        .dispute?.outcome;
    expect(outcomeOf('RESOLVED_SELLER_FAVOUR')).toBe('won');
    expect(outcomeOf('CANCELED_BY_BUYER')).toBe('won');
    expect(outcomeOf('RESOLVED_BUYER_FAVOUR')).toBe('lost');
    expect(outcomeOf('ACCEPTED')).toBe('lost');
  });
});
