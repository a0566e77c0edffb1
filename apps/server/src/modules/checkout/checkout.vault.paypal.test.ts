// Recurring PayPal with PayPal keys configured, against the local PayPal stand-in: what the three
// vault calls send to PayPal (paths, request ids, the organisation as payee, absolute return
// addresses) and the donation and plan they leave behind.
import {
  approveLink,
  type TPublicCampaign,
  ZConfirmPaymentResponse,
  ZCreatePaymentTokenResponse,
  ZCreateSetupTokenResponse,
} from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandIn } from '../../../test/paypal-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recurringPlans, vaultSetups } from '../plans/index.ts';

const CREDENTIALS = { clientId: 'client-kindling', clientSecret: 'secret-kindling', webhookId: 'WH-KINDLING' };

describe('recurring PayPal through the PayPal adapter', () => {
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
  const calls = (path: string) => paypal.requests.filter((r) => r.path === path);

  it('vaults with request ids from the setup, charges the organisation’s merchant once, and keeps the token on the plan', async () => {
    await ctx.db.execute(
      sql`UPDATE npos SET paypal_merchant_id = 'MERCHANTRIVER', paypal_email = 'pay@riverside.example' WHERE slug = 'riverside-food-bank'`,
    );
    const client = new TestClient(ctx.app);
    const campaign: TPublicCampaign = (
      await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')
    ).json().campaign;
    const created = await client.post(
      '/api/v1/npo_admin/create_setup_token',
      {
        campaign_id: campaign.campaign_id,
        amount: 3000,
        currency: 'GBP',
        interval: 'monthly',
        email: 'ada@example.org',
      },
      { headers: { 'idempotency-key': 'setup-attempt-0001' } },
    );
    expect(created.statusCode, created.body).toBe(200);
    const setup = ZCreateSetupTokenResponse.parse(created.json());
    expect(setup.id).toMatch(/^VST/);
    expect(approveLink(setup.links)).toContain('https://www.sandbox.paypal.com/agreements/approve');
    const [setupCall] = calls('/v3/vault/setup-tokens');
    expect(setupCall?.method).toBe('POST');
    expect(setupCall?.headers['paypal-request-id']).toBe('setup-setup-attempt-0001');
    expect(setupCall?.json?.payment_source).toMatchObject({
      paypal: {
        usage_type: 'MERCHANT',
        experience_context: {
          return_url: 'http://localhost/spring-appeal?paypal=return',
          cancel_url: 'http://localhost/spring-appeal?paypal=cancel',
        },
      },
    });

    // The payer approves on PayPal and comes back with approval_token_id = the setup token.
    const tokenRes = await client.post('/api/v1/npo_admin/create_payment_token', { setup_token_id: setup.id });
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const token = ZCreatePaymentTokenResponse.parse(tokenRes.json());
    expect(token).toEqual({
      id: expect.stringMatching(/^VT/),
      payment_source: { paypal: { email_address: 'payer@example.com' } },
    });
    const [stored] = await ctx.db.select().from(vaultSetups).where(eq(vaultSetups.setupTokenId, setup.id));
    expect(calls('/v3/vault/payment-tokens')[0]?.headers['paypal-request-id']).toBe(`vault-token-${stored?.id}`);

    const saves = await Promise.all(
      [1, 2].map(() =>
        client.post('/api/v1/npo_admin/save_paypal_payment_method', { id: token.id, email: 'payer@example.com' }),
      ),
    );
    const [first, second] = saves.map((s) => ZConfirmPaymentResponse.parse(s.json()));
    expect(first?.status).toBe('success');
    expect(second?.donation?.id).toBe(first?.donation?.id);
    expect(first?.donation).toMatchObject({
      amount_minor: 3000,
      currency: 'GBP',
      provider: 'paypal',
      payment_method: 'paypal',
      donor: { email: 'ada@example.org' },
      recurring_plan_id: expect.any(Number),
    });
    const charges = calls('/v2/checkout/orders');
    expect(new Set(charges.map((c) => c.headers['paypal-request-id']))).toEqual(new Set([`vault-first-${stored?.id}`]));
    expect(charges[0]?.json).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'GBP', value: '30.00' }, payee: { merchant_id: 'MERCHANTRIVER' } }],
      payment_source: { paypal: { vault_id: token.id } },
    });
    const [plan] = await ctx.db
      .select()
      .from(recurringPlans)
      .where(eq(recurringPlans.id, first?.donation?.recurring_plan_id ?? 0));
    expect(plan).toMatchObject({
      provider: 'paypal',
      paymentMethodId: token.id,
      status: 'active',
      npoId: campaign.npo_id,
    });
    expect(plan?.customerId).toMatch(/^CUST/);
  });

  it('pays a once-off PayPal order to the organisation’s merchant, not its Stripe account', async () => {
    await ctx.db.execute(
      sql`UPDATE npos SET paypal_merchant_id = 'MERCHANTRIVER', paypal_email = 'pay@riverside.example', stripe_account_id = 'acct_riverside' WHERE slug = 'riverside-food-bank'`,
    );
    const client = new TestClient(ctx.app);
    const campaign: TPublicCampaign = (
      await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')
    ).json().campaign;
    const before = calls('/v2/checkout/orders').length;
    const order = await client.post('/api/v1/npo_admin/create_order', {
      campaign_id: campaign.campaign_id,
      amount: 2000,
      currency_code: 'GBP',
      email: 'grace@example.org',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(order.statusCode, order.body).toBe(200);
    const created = calls('/v2/checkout/orders')[before];
    expect(created?.json).toMatchObject({
      purchase_units: [{ amount: { currency_code: 'GBP', value: '20.00' }, payee: { merchant_id: 'MERCHANTRIVER' } }],
    });
    paypal.approveOrder(order.json().order_id);
    const captured = await client.post('/api/v1/npo_admin/paypal_capture', {
      campaign_id: campaign.campaign_id,
      order_id: order.json().order_id,
    });
    expect(captured.statusCode, captured.body).toBe(200);
    expect(ZConfirmPaymentResponse.parse(captured.json())).toMatchObject({
      status: 'success',
      donation: { amount_minor: 2000, currency: 'GBP', provider: 'paypal' },
    });
  });
});
