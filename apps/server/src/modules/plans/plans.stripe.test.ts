// A monthly card gift with Stripe keys configured, against the local Stripe stand-in: the intent
// saves the card on a customer of the organisation's connected account, and confirm_payment makes
// the plan with that card and customer.
import { ZConfirmPaymentResponse, ZCreateIntentResponse } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recurringPlans } from './index.ts';

describe('recurring card gifts through Stripe', () => {
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const ctx = useTestApp({
    env: () => ({
      STRIPE_SECRET_KEY: 'sk_test_kindling',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kindling',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    }),
  });

  it('saves the card off-session on a customer and makes the plan with both', async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = 'acct_riverside' WHERE slug = 'riverside-food-bank'`);
    const client = new TestClient(ctx.app);
    const campaign = (await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json().campaign;
    const choice = {
      campaign_id: campaign.campaign_id,
      amount: 2000,
      currency: 'usd',
      interval: 'monthly',
      included_fees: 0,
    };
    const created = await client.post('/api/v1/npo_admin/intent', { ...choice, email: 'lin@example.org' });
    expect(created.statusCode, created.body).toBe(200);
    const body = ZCreateIntentResponse.parse(created.json());
    expect(body.provider).toBe('stripe');
    const intentCall = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(intentCall?.headers['stripe-account']).toBe('acct_riverside');
    expect(intentCall?.form).toMatchObject({
      setup_future_usage: 'off_session',
      customer: expect.stringMatching(/^cus_/),
    });

    // What Stripe.js and the bank do in the browser.
    stripe.updateIntent(body.intent.id, { status: 'succeeded', payment_method: 'pm_card_saved_for_later' });
    const confirmed = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...choice,
      first_name: 'Lin',
      last_name: 'Huiyin',
      email: 'lin@example.org',
      payment_intent: body.intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const donation = ZConfirmPaymentResponse.parse(confirmed.json()).donation;
    expect(donation).toMatchObject({ provider: 'stripe', amount_minor: 2000, recurring_plan_id: expect.any(Number) });
    const [plan] = await ctx.db
      .select()
      .from(recurringPlans)
      .where(eq(recurringPlans.id, donation?.recurring_plan_id ?? 0));
    expect(plan).toMatchObject({
      provider: 'stripe',
      paymentMethodId: 'pm_card_saved_for_later',
      customerId: intentCall?.form.customer,
      status: 'active',
      npoId: campaign.npo_id,
      amountMinor: 2000,
      interval: 'monthly',
    });
  });
});
