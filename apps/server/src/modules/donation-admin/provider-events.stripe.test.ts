// Stripe's refund and dispute webhooks, signed with the endpoint secret, against the Stripe
// stand-in: charge.refunded without its refund list (API versions since 2022-11-15) makes the
// adapter ask Stripe for the refunds on the connected account, so a refund staff made through
// Kindling is recognised by its id and one made in Stripe's dashboard is recorded once.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { detailOf, figures, noticesAbout, storedRows, stripeEvents } from './provider-events.test-support.ts';

const WEBHOOK_SECRET = 'whsec_kindling_provider_events';

describe('refunds and disputes from Stripe webhooks', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: () => ({ ...standIn.env(), STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
  let admin: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = 'acct_riverside' WHERE slug = 'riverside-food-bank'`);
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
  });

  const { stripeGift, send } = stripeEvents(ctx, standIn, WEBHOOK_SECRET);
  const chargeRefunded = (intentId: string, amount: number, refunded: number, account = 'acct_riverside') =>
    send({
      id: `evt_${crypto.randomUUID()}`,
      type: 'charge.refunded',
      account,
      data: {
        object: {
          id: `ch_for_${intentId}`,
          object: 'charge',
          amount,
          amount_refunded: refunded,
          currency: 'usd',
          payment_intent: intentId,
          refunded: refunded === amount,
          metadata: {},
        },
      },
    });
  const disputeEvent = (type: string, intentId: string, status: string, account = 'acct_riverside') =>
    send({
      id: `evt_${crypto.randomUUID()}`,
      type,
      account,
      data: {
        object: {
          id: `dp_for_${intentId}`,
          object: 'dispute',
          amount: 1800,
          currency: 'usd',
          charge: `ch_for_${intentId}`,
          payment_intent: intentId,
          reason: 'fraudulent',
          status,
          metadata: {},
        },
      },
    });

  it('recognises a Kindling refund by its id and records a refund made in the Stripe dashboard once', async () => {
    const gift = await stripeGift(5000, 'stripe-refunds@example.org');
    const staffRefund = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
      amount_minor: 1000,
    });
    expect(staffRefund.statusCode, staffRefund.body).toBe(200);
    // Stripe's webhook for that refund comes afterwards: nothing more is recorded.
    expect((await chargeRefunded(gift.intentId, 5000, 1000)).statusCode).toBe(200);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 1, ledger: 1, notices: 1 });

    const before = await figures(admin);
    const atStripe = standIn.current().refundAtStripe(gift.intentId, 1500);
    expect((await chargeRefunded(gift.intentId, 5000, 2500)).statusCode).toBe(200);
    expect((await chargeRefunded(gift.intentId, 5000, 2500)).statusCode).toBe(200);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'succeeded', refunded_minor: 2500, refundable_minor: 2500 });
    expect(detail.refunds.map((r) => r.provider_refund_id)).toContain(atStripe.id);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 2, ledger: 2, notices: 2 });
    expect((await figures(admin)).total - before.total).toBe(-1500);
    const listCall = standIn.current().requests.find((r) => r.method === 'GET' && r.path.startsWith('/v1/refunds?'));
    expect(listCall?.headers['stripe-account']).toBe('acct_riverside');

    const notices = await noticesAbout(staff, gift.id, 'donation.refunded');
    expect(notices.at(-1)?.message).toBe(
      '$15.00 of Lin Huiyin’s gift of $50.00 to Spring Appeal was refunded by Stripe (not through Kindling).',
    );
  });

  it('records a dispute that opens and is lost, and ignores the same events from another account', async () => {
    const gift = await stripeGift(4000, 'stripe-dispute@example.org');
    expect(
      (await disputeEvent('charge.dispute.created', gift.intentId, 'needs_response', 'acct_other')).statusCode,
    ).toBe(200);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 0, ledger: 0, notices: 0 });

    const before = await figures(admin);
    expect((await disputeEvent('charge.dispute.created', gift.intentId, 'needs_response')).statusCode).toBe(200);
    expect((await disputeEvent('charge.dispute.closed', gift.intentId, 'lost')).statusCode).toBe(200);
    const detail = await detailOf(admin, gift.id);
    expect(detail.disputes).toEqual([
      expect.objectContaining({ provider_dispute_id: `dp_for_${gift.intentId}`, status: 'lost', amount_minor: 1800 }),
    ]);
    expect(detail).toMatchObject({ status: 'succeeded', refundable_minor: 2200 });
    expect((await figures(admin)).total - before.total).toBe(-1800);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 1, ledger: 1, notices: 2 });
  });

  it('answers 400 to a body signed with another secret and records nothing', async () => {
    const gift = await stripeGift(2000, 'stripe-forged@example.org');
    const forged = await send(
      {
        id: 'evt_forged',
        type: 'charge.dispute.created',
        account: 'acct_riverside',
        data: {
          object: {
            id: 'dp_forged',
            object: 'dispute',
            amount: 2000,
            currency: 'usd',
            payment_intent: gift.intentId,
            status: 'needs_response',
          },
        },
      },
      'whsec_someone_else',
    );
    expect([400, 422]).toContain(forged.statusCode);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 0, ledger: 0, notices: 0 });
  });
});
