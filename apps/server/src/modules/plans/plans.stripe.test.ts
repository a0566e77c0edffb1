// A monthly card gift with Stripe keys configured, against the local Stripe stand-in: the intent
// saves the card on a customer of the organisation's connected account, and confirm_payment makes
// the plan with that card and customer.
import { ZConfirmPaymentResponse, ZCreateIntentResponse } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DECLINING_PAYMENT_METHOD, useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import { createPaymentProviders } from '../payments/index.ts';
import { recurringPlans, runDueCharges } from './index.ts';
import { countRows, planById, setPlan } from './plans.test-support.ts';

describe('recurring card gifts through Stripe', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: standIn.env });

  it('saves the card off-session on a customer, makes the plan with both, and the scheduler charges it through Stripe', async () => {
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
    const intentCall = standIn.current().requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(intentCall?.headers['stripe-account']).toBe('acct_riverside');
    expect(intentCall?.form).toMatchObject({
      setup_future_usage: 'off_session',
      customer: expect.stringMatching(/^cus_/),
    });

    // What Stripe.js and the bank do in the browser.
    standIn.current().updateIntent(body.intent.id, { status: 'succeeded', payment_method: 'pm_card_saved_for_later' });
    standIn.current().addCardMethod('pm_card_saved_for_later', 'acct_riverside', {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 2,
      exp_year: 2032,
    });
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
      // The PaymentMethod's card, read on the connected account, for the card-expiring e-mail.
      cardBrand: 'mastercard',
      cardLast4: '4444',
      cardExpMonth: 2,
      cardExpYear: 2032,
    });

    // The scheduler charges it off-session through Stripe when it falls due.
    const jobs = createJobs({ db: ctx.db, work: false, onError: () => {} });
    await jobs.start();
    const deps = { db: ctx.db, providers: createPaymentProviders(ctx.config, ctx.db), jobs };
    const id = plan?.id ?? 0;
    const due = new Date(((await planById(ctx.db, id)).nextChargeAt?.getTime() ?? 0) + 60_000);
    try {
      const charged = await runDueCharges(deps, due, { planId: id });
      expect(charged.outcomes.map((o) => o.kind)).toEqual(['charged']);
      const charge = standIn
        .current()
        .requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
        .at(-1);
      expect(charge?.headers['stripe-account']).toBe('acct_riverside');
      expect(charge?.headers['idempotency-key']).toBe(`plan-${id}-1`);
      expect(charge?.form).toMatchObject({
        amount: '2000',
        currency: 'usd',
        payment_method: 'pm_card_saved_for_later',
        customer: intentCall?.form.customer,
        off_session: 'true',
        confirm: 'true',
        'metadata[plan_id]': String(id),
        'metadata[period]': '1',
      });
      expect(charge?.form['metadata[donor_email]']).toBeUndefined();
      expect(await countRows(ctx.db, 'donations', id, sql`AND provider = 'stripe'`)).toBe(2);

      // A card Stripe declines: the plan is past due with the decline recorded.
      await setPlan(ctx.db, id, { paymentMethodId: DECLINING_PAYMENT_METHOD });
      const next = await planById(ctx.db, id);
      const declined = await runDueCharges(deps, new Date((next.nextChargeAt as Date).getTime() + 60_000), {
        planId: id,
      });
      expect(declined.outcomes).toEqual([
        expect.objectContaining({ kind: 'failed', message: 'Your card was declined.' }),
      ]);
      expect(await planById(ctx.db, id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
      expect(await countRows(ctx.db, 'payment_attempts', id, sql`AND failure_code = 'card_declined'`)).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});
