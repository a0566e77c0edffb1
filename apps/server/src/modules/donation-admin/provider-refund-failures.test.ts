// A refund Stripe accepted as pending and then reports as failed never gave the money back: the
// recorded refund is reversed (status, refunded amount, every total), once however often or however
// concurrently the failure arrives; a failure of a refund never recorded, or about another
// organisation's payment, moves nothing. Signed webhooks against the Stripe stand-in.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { detailOf, figures, noticesAbout, storedRows, stripeEvents } from './provider-events.test-support.ts';

const WEBHOOK_SECRET = 'whsec_kindling_refund_failures';

describe('refunds that fail at Stripe after being recorded', () => {
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
  /** Stripe's refund.failed (or refund.updated) for a refund of `intentId`, as a new event each time. */
  const refundFailed = (
    refund: { id: string; intentId: string; amount: number },
    options: { type?: string; account?: string; eventId?: string } = {},
  ) =>
    send({
      id: options.eventId ?? `evt_${crypto.randomUUID()}`,
      type: options.type ?? 'refund.failed',
      account: options.account ?? 'acct_riverside',
      data: {
        object: {
          id: refund.id,
          object: 'refund',
          amount: refund.amount,
          currency: 'usd',
          payment_intent: refund.intentId,
          status: 'failed',
          failure_reason: 'expired_or_canceled_card',
          metadata: {},
        },
      },
    });
  /** A staff refund through Kindling that Stripe accepts as pending; returns its Stripe refund id. */
  const pendingStaffRefund = async (donationId: number, amount: number) => {
    standIn.current().answerRefundsWith('pending');
    try {
      const res = await admin.post(`/api/v1/npo_admin/donations/${donationId}/refunds`, {
        idempotency_key: crypto.randomUUID(),
        amount_minor: amount,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      standIn.current().answerRefundsWith('succeeded');
    }
    const refundId = (await detailOf(admin, donationId)).refunds.at(-1)?.provider_refund_id;
    if (!refundId) throw new Error('the refund has no Stripe id');
    return refundId;
  };

  it('reverses a pending full refund that failed: the gift, its refunded amount and every total as before', async () => {
    const gift = await stripeGift(5000, 'refund-fails-full@example.org');
    const before = await figures(admin);

    const refundId = await pendingStaffRefund(gift.id, 5000);
    // Recorded as money returned while pending: the gift counts as refunded.
    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'refunded', refunded_minor: 5000 });
    expect((await figures(admin)).total - before.total).toBe(-5000);

    const res = await refundFailed({ id: refundId, intentId: gift.intentId, amount: 5000 });
    expect(res.statusCode, res.body).toBe(200);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'succeeded', refunded_minor: 0, refundable_minor: 5000, refundable: true });
    expect(detail.refunded_at).toBeNull();
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        provider_refund_id: refundId,
        amount_minor: 5000,
        status: 'failed',
        failure_reason: 'expired_or_canceled_card',
      }),
    ]);
    expect(detail.ledger.filter((l) => l.kind === 'refund').map((l) => l.amount_minor)).toEqual([-5000, 5000]);
    expect(await figures(admin)).toEqual(before);
    // Staff's transactions list the money going out and coming back, each for what it is.
    const moves = await admin.get(
      `/api/v1/npo_admin/transactions?search=${encodeURIComponent('refund-fails-full@example.org')}`,
    );
    expect(
      moves
        .json()
        .transactions.filter((t: { kind: string }) => t.kind === 'refund')
        .map((t: { status: string; amount_minor: number }) => [t.status, t.amount_minor]),
    ).toEqual([
      ['refund_failed', 5000],
      ['refunded', -5000],
    ]);

    const notices = await noticesAbout(staff, gift.id, 'donation.refund_failed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Refund failed',
      message:
        'The refund of $50.00 of Lin Huiyin’s gift of $50.00 to Spring Appeal failed at Stripe ' +
        '(reason: expired or canceled card); the money stays with you and counts again.',
    });
    const history = await admin.get(`/api/v1/npo_admin/donations/${gift.id}/history`);
    expect(history.json().history[0]).toMatchObject({
      action: 'donation.refund_failed',
      actor: null,
      data: { provider: 'stripe', provider_refund_id: refundId, actor: 'Stripe', amount_minor: 5000 },
    });
    // The money is still there, so staff can refund it again.
    const again = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
      amount_minor: 5000,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'refunded', refunded_minor: 5000 });
  });

  it('reverses once when the failure is redelivered and when four deliveries arrive at the same time', async () => {
    const gift = await stripeGift(4000, 'refund-fails-twice@example.org');
    const keep = await pendingStaffRefund(gift.id, 1000);
    const failing = await pendingStaffRefund(gift.id, 1500);
    const before = await figures(admin);

    const failure = { id: failing, intentId: gift.intentId, amount: 1500 };
    const answers = await Promise.all([
      refundFailed(failure),
      refundFailed(failure, { type: 'refund.updated' }),
      refundFailed(failure, { type: 'charge.refund.updated' }),
      refundFailed(failure),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (let i = 0; i < 2; i++) {
      expect((await refundFailed(failure, { eventId: 'evt_redelivered_failure' })).statusCode).toBe(200);
    }

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'succeeded', refunded_minor: 1000, refundable_minor: 3000 });
    expect(detail.refunds.map((r) => [r.provider_refund_id, r.status])).toEqual([
      [keep, 'succeeded'],
      [failing, 'failed'],
    ]);
    expect(detail.ledger.filter((l) => l.kind === 'refund').map((l) => l.amount_minor)).toEqual([-1000, -1500, 1500]);
    const after = await figures(admin);
    expect(after.total - before.total).toBe(1500);
    expect(after.refunded - before.refunded).toBe(-1500);
    expect(await noticesAbout(staff, gift.id, 'donation.refund_failed')).toHaveLength(1);
  });

  it('changes nothing for a refund it never recorded, and ignores that refund if it is reported later', async () => {
    const gift = await stripeGift(3000, 'refund-fails-unknown@example.org');
    const before = await figures(admin);

    const res = await refundFailed({ id: 're_never_recorded', intentId: gift.intentId, amount: 3000 });
    expect(res.statusCode, res.body).toBe(200);
    // Stripe does not promise order: the refund's own earlier snapshot (still pending) comes last.
    const late = await send({
      id: `evt_${crypto.randomUUID()}`,
      type: 'refund.created',
      account: 'acct_riverside',
      data: {
        object: {
          id: 're_never_recorded',
          object: 'refund',
          amount: 3000,
          currency: 'usd',
          payment_intent: gift.intentId,
          status: 'pending',
          metadata: {},
        },
      },
    });
    expect(late.statusCode, late.body).toBe(200);

    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'succeeded', refunded_minor: 0 });
    expect(await figures(admin)).toEqual(before);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ ledger: 0, notices: 0 });
    expect(await noticesAbout(staff, gift.id, 'donation.refund_failed')).toHaveLength(0);
  });

  it('changes nothing when the failure comes from another organisation’s account', async () => {
    const gift = await stripeGift(2000, 'refund-fails-elsewhere@example.org');
    const refundId = await pendingStaffRefund(gift.id, 2000);
    const before = await figures(admin);

    const res = await refundFailed({ id: refundId, intentId: gift.intentId, amount: 2000 }, { account: 'acct_other' });
    expect(res.statusCode, res.body).toBe(200);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'refunded', refunded_minor: 2000 });
    expect(detail.refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect(await figures(admin)).toEqual(before);
    expect(await noticesAbout(staff, gift.id, 'donation.refund_failed')).toHaveLength(0);
  });
});
