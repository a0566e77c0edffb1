// PayPal's refund and dispute webhooks, verified by the postback to the PayPal stand-in: they name
// the capture (not the order our gift is recorded by), and a dispute names the merchant it is for.
import type { TPublicCampaign } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandIn, VALID_PAYPAL_SIGNATURE } from '../../../test/paypal-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { detailOf, figures, noticesAbout, storedRows } from './provider-events.test-support.ts';

const CREDENTIALS = { clientId: 'client-kindling', clientSecret: 'secret-kindling', webhookId: 'WH-KINDLING' };

describe('refunds and disputes from PayPal webhooks', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  beforeAll(async () => {
    paypal = await startPayPalStandIn(CREDENTIALS);
  });
  afterAll(async () => {
    await paypal?.close();
  });
  const ctx = useTestApp({
    env: () => ({
      PAYPAL_CLIENT_ID: CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret,
      PAYPAL_WEBHOOK_ID: CREDENTIALS.webhookId,
      PAYPAL_API_BASE: paypal.base,
    }),
  });
  let admin: TestClient;

  beforeAll(async () => {
    await ctx.db.execute(
      sql`UPDATE npos SET paypal_merchant_id = 'MERCHANTRIVER', paypal_email = 'pay@riverside.example' WHERE slug = 'riverside-food-bank'`,
    );
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
  });

  /** A once-off PayPal gift: the order, the payer's approval, the capture. */
  async function paypalGift(amount: number, email: string) {
    const client = new TestClient(ctx.app);
    const campaign: TPublicCampaign = (
      await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')
    ).json().campaign;
    const order = await client.post('/api/v1/npo_admin/create_order', {
      campaign_id: campaign.campaign_id,
      amount,
      currency_code: 'GBP',
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(order.statusCode, order.body).toBe(200);
    paypal.approveOrder(order.json().order_id);
    const captured = await client.post('/api/v1/npo_admin/paypal_capture', {
      campaign_id: campaign.campaign_id,
      order_id: order.json().order_id,
    });
    expect(captured.statusCode, captured.body).toBe(200);
    const id = Number(captured.json().donation.id);
    const { rows } = await ctx.db.execute<{ capture: string }>(
      sql`SELECT provider_capture_id AS capture FROM donations WHERE id = ${id}`,
    );
    const captureId = rows[0]?.capture ?? '';
    expect(captureId).toMatch(/^CAP/);
    return { id, captureId };
  }

  const send = (event: Record<string, unknown>, signature = VALID_PAYPAL_SIGNATURE) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/paypal',
      payload: JSON.stringify(event),
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': new Date().toISOString(),
      },
    });
  const refunded = (captureId: string, refundId: string, value: string, type = 'PAYMENT.CAPTURE.REFUNDED') => ({
    id: `WH-${crypto.randomUUID()}`,
    event_type: type,
    resource: {
      id: refundId,
      status: 'COMPLETED',
      amount: { value, currency_code: 'GBP' },
      links: [{ rel: 'up', href: `https://api-m.paypal.com/v2/payments/captures/${captureId}`, method: 'GET' }],
    },
  });
  const dispute = (captureId: string, merchant: string, outcome?: string) => ({
    id: `WH-${crypto.randomUUID()}`,
    event_type: outcome ? 'CUSTOMER.DISPUTE.RESOLVED' : 'CUSTOMER.DISPUTE.CREATED',
    resource: {
      dispute_id: `PP-D-${captureId}`,
      reason: 'UNAUTHORISED',
      status: outcome ? 'RESOLVED' : 'OPEN',
      dispute_amount: { currency_code: 'GBP', value: '20.00' },
      disputed_transactions: [{ seller_transaction_id: captureId, seller: { merchant_id: merchant } }],
      ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
    },
  });

  it('records a refund and a reversal of the capture once each, and the gift ends refunded', async () => {
    const gift = await paypalGift(3000, 'paypal-refund@example.org');
    const before = await figures(admin);
    const first = refunded(gift.captureId, 'REFUND1', '10.00');
    expect((await send(first)).statusCode).toBe(200);
    expect((await send(first)).statusCode).toBe(200);
    expect((await send(refunded(gift.captureId, 'REVERSAL1', '20.00', 'PAYMENT.CAPTURE.REVERSED'))).statusCode).toBe(
      200,
    );

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'refunded', refunded_minor: 3000 });
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 2, ledger: 2, notices: 2 });
    // The figures are in the organisation's base currency: the whole gift's base amount is gone.
    expect(detail.base_currency).not.toBe('GBP');
    expect((await figures(admin)).total - before.total).toBe(-detail.base_amount_minor);
  });

  it('withdraws a disputed amount and returns it when the seller wins; another merchant’s dispute changes nothing', async () => {
    const gift = await paypalGift(2000, 'paypal-dispute@example.org');
    expect((await send(dispute(gift.captureId, 'MERCHANTOTHER'))).statusCode).toBe(200);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 0, ledger: 0 });

    expect((await send(dispute(gift.captureId, 'MERCHANTRIVER'))).statusCode).toBe(200);
    expect((await detailOf(admin, gift.id)).disputes).toEqual([
      expect.objectContaining({ status: 'open', amount_minor: 2000 }),
    ]);
    expect((await send(dispute(gift.captureId, 'MERCHANTRIVER', 'RESOLVED_SELLER_FAVOUR'))).statusCode).toBe(200);
    const detail = await detailOf(admin, gift.id);
    expect(detail.disputes[0]?.status).toBe('won');
    expect(detail.ledger.filter((l) => l.kind === 'dispute').map((l) => l.amount_minor)).toEqual([-2000, 2000]);
    const notices = await noticesAbout(admin, gift.id, 'donation.disputed');
    expect(notices.map((n) => n.title)).toEqual(['Donation disputed', 'Dispute won']);
  });

  it('refuses an event PayPal does not verify and records nothing', async () => {
    const gift = await paypalGift(1500, 'paypal-forged@example.org');
    const res = await send(refunded(gift.captureId, 'REFUND_FORGED', '15.00'), 'forged-signature');
    expect([400, 422]).toContain(res.statusCode);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 0, ledger: 0, notices: 0 });
  });
});
