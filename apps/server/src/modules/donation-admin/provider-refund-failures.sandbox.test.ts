// The sandbox's card that cannot take money back (4000 0000 0000 5126, as in Stripe's test mode):
// a staff refund is accepted, then fails. Its two events travel at the same time as the staff
// request completes, and whichever comes first the gift ends as before the refund. A failure that
// comes while the staff refund still waits for the provider's answer leaves nothing recorded.
import { ZConfirmPaymentResponse, ZCreateIntentResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { hmacHex } from '../../platform/security/tokens.ts';
import { sandboxWebhookKey } from '../payments/providers/sandbox/sandbox.webhooks.ts';
import { deliver, detailOf, figures, sandboxEvent, storedRows } from './provider-events.test-support.ts';

describe('sandbox refunds that fail after being accepted', () => {
  const ctx = useTestApp();
  let admin: TestClient;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
  });

  /**
   * The app's sandbox delivers its events after the response, like a provider: wait until the
   * refund shows as failed, then a moment more for any other event still on its way.
   */
  async function settled(donationId: number) {
    await vi.waitFor(async () => expect((await detailOf(admin, donationId)).refunds.at(-1)?.status).toBe('failed'), {
      timeout: 5000,
      interval: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  /** A gift paid on the sandbox card form with `cardNumber`. */
  async function paidGift(amount: number, email: string, cardNumber: string) {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const amounts = { campaign_id: campaign.campaign_id, amount, currency: 'USD', interval: 'once', included_fees: 0 };
    const created = await client.post('/api/v1/npo_admin/intent', { ...amounts, payment_method: 'card' });
    expect(created.statusCode, created.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(created.json());
    const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: cardNumber,
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirmed = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...amounts,
      payment_method: 'card',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      payment_intent: intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const donation = ZConfirmPaymentResponse.parse(confirmed.json()).donation;
    if (!donation) throw new Error('no donation recorded');
    return {
      id: donation.id,
      payment: { id: intent.id, npoId: campaign.npo_id, amountMinor: amount, currency: 'USD' },
    };
  }

  it('ends as before the refund when the refund of a …5126 payment fails, whatever order its events take', async () => {
    const gift = await paidGift(2600, 'sandbox-refund-fails@example.org', '4000000000005126');
    const before = await figures(admin);

    const res = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled(gift.id);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'succeeded', refunded_minor: 0, refundable_minor: 2600 });
    expect(detail.refunds).toEqual([
      expect.objectContaining({ amount_minor: 2600, status: 'failed', failure_reason: 'expired_or_canceled_card' }),
    ]);
    expect(detail.ledger.filter((l) => l.kind === 'refund').reduce((sum, l) => sum + l.amount_minor, 0)).toBe(0);
    expect(await figures(admin)).toEqual(before);
  });

  it('records nothing when the failure arrives while the staff refund still waits for the provider', async () => {
    const gift = await paidGift(3000, 'sandbox-refund-fails-first@example.org', '4242424242424242');
    const before = await figures(admin);
    // What refundDonation stored before asking the provider, by a request that then died.
    const key = 'staff-key-failure-first-01';
    await ctx.db.execute(sql`
      INSERT INTO donation_refunds (npo_id, donation_id, idempotency_key, amount_minor, currency, status,
        created_by_user_id, created_at)
      SELECT d.npo_id, d.id, ${key}, 3000, 'USD', 'pending', u.id, now() - interval '5 minutes'
      FROM donations d, users u WHERE d.id = ${gift.id} AND u.email = 'admin@kindling.test'`);
    // The refund id the sandbox gives that request (derived from its idempotency key, as Stripe's).
    const webhookKey = sandboxWebhookKey(ctx.config.sessionSecret);
    const providerRefundId = `re_sandbox_${hmacHex(webhookKey, `refund:${gift.payment.npoId}:refund-${gift.id}-${key}`).slice(0, 24)}`;

    const failed = sandboxEvent(ctx, 'refund.failed', gift.payment, {
      refund: { id: providerRefundId, amount_minor: 3000 },
      failure_message: 'lost_or_stolen_card',
    });
    expect((await deliver(ctx, failed)).statusCode).toBe(200);
    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'succeeded', refunded_minor: 0 });

    // The staff request is retried with its key: the provider answers with the refund that failed.
    const retried = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, { idempotency_key: key });
    expect(retried.statusCode, retried.body).toBe(200);
    await settled(gift.id);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'succeeded', refunded_minor: 0, refundable_minor: 3000 });
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        provider_refund_id: providerRefundId,
        status: 'failed',
        failure_reason: 'lost_or_stolen_card',
      }),
    ]);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 1, ledger: 0, notices: 0 });
    expect(await figures(admin)).toEqual(before);
  });
});
