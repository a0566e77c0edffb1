// Stripe's refund and dispute events in our vocabulary: refunds by their own ids (counted ones
// only), a dispute's amount in our minor units, an inquiry that moves no money until it is lost.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { translateStripeEvent } from './stripe.events.ts';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, account: 'acct_1', data: { object } }) as unknown as Stripe.Event;

describe('Stripe refund and dispute events', () => {
  it('lists the counted refunds of an expanded charge.refunded, and leaves them out when Stripe did', () => {
    const charge = {
      id: 'ch_1',
      amount: 1000,
      amount_refunded: 700,
      currency: 'usd',
      payment_intent: 'pi_1',
      metadata: {},
    };
    const expanded = translateStripeEvent(
      event('charge.refunded', {
        ...charge,
        refunds: {
          data: [
            { id: 're_1', amount: 500, currency: 'usd', status: 'succeeded' },
            { id: 're_2', amount: 200, currency: 'usd', status: 'pending' },
            { id: 're_3', amount: 300, currency: 'usd', status: 'failed' },
          ],
        },
      }),
    );
    expect(expanded).toMatchObject({ type: 'refund.recorded', providerReference: 'pi_1', accountId: 'acct_1' });
    expect(expanded.refunds?.map((r) => r.id)).toEqual(['re_1', 're_2']);
    expect(translateStripeEvent(event('charge.refunded', charge)).refunds).toBeUndefined();
    const single = translateStripeEvent(
      event('refund.updated', {
        id: 're_9',
        amount: 150,
        currency: 'jpy',
        status: 'succeeded',
        payment_intent: 'pi_9',
      }),
    );
    expect(single.refunds).toEqual([{ id: 're_9', amountMinor: 150, currency: 'JPY' }]);
  });

  it('reads a refund that failed after being accepted as refund.failed, whichever event names it', () => {
    const failed = {
      id: 're_5',
      amount: 1200,
      currency: 'usd',
      payment_intent: 'pi_5',
      failure_reason: 'expired_or_canceled_card',
    };
    for (const type of ['refund.failed', 'refund.updated', 'charge.refund.updated']) {
      expect(translateStripeEvent(event(type, { ...failed, status: 'failed' }))).toMatchObject({
        type: 'refund.failed',
        providerReference: 'pi_5',
        accountId: 'acct_1',
        refunds: [{ id: 're_5', amountMinor: 1200, currency: 'USD' }],
        failureMessage: 'expired_or_canceled_card',
      });
    }
    // Still pending: the refund stands (it is recorded, as the money is on its way back).
    expect(translateStripeEvent(event('charge.refund.updated', { ...failed, status: 'pending' })).type).toBe(
      'refund.recorded',
    );
  });

  it('opens a chargeback, ignores an inquiry until it closes, and reads the outcome', () => {
    const dispute = {
      id: 'dp_1',
      amount: 2500,
      currency: 'eur',
      payment_intent: 'pi_1',
      reason: 'fraudulent',
      metadata: {},
    };
    expect(
      translateStripeEvent(event('charge.dispute.created', { ...dispute, status: 'needs_response' })),
    ).toMatchObject({
      type: 'dispute.opened',
      dispute: { id: 'dp_1', amountMinor: 2500, currency: 'EUR', reason: 'fraudulent', outcome: null },
    });
    expect(
      translateStripeEvent(event('charge.dispute.created', { ...dispute, status: 'warning_needs_response' })).type,
    ).toBe('ignored');
    const closed = (status: string) =>
      translateStripeEvent(event('charge.dispute.closed', { ...dispute, status })).dispute?.outcome;
    expect(closed('won')).toBe('won');
    expect(closed('warning_closed')).toBe('won');
    expect(closed('lost')).toBe('lost');
  });
});
