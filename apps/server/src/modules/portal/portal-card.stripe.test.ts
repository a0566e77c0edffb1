// A new card from the portal with Stripe keys configured, against the local Stripe stand-in: the
// SetupIntent is made on the organisation's connected account and the plan's customer, and the
// card Stripe reports once the browser confirmed it replaces the plan's method.
import {
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
  ZPortalCardSetupResponse,
  ZPortalOverview,
  ZPortalPlansResponse,
} from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portalBrowser } from '../../../test/portal.ts';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { recurringPlans } from '../plans/index.ts';

describe('a new card from the portal through Stripe', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: standIn.env });

  /** A monthly Stripe gift, as plans.stripe.test.ts records one. */
  async function monthlyGift() {
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
    const { intent } = ZCreateIntentResponse.parse(created.json());
    standIn.current().updateIntent(intent.id, { status: 'succeeded', payment_method: 'pm_card_first' });
    const confirmed = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...choice,
      first_name: 'Lin',
      last_name: 'Huiyin',
      email: 'lin@example.org',
      payment_intent: intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const donation = ZConfirmPaymentResponse.parse(confirmed.json()).donation;
    if (!donation?.recurring_plan_id) throw new Error('no plan');
    return donation;
  }

  it('saves the card on the plan’s customer of the connected account and applies it', async () => {
    const donation = await monthlyGift();
    const planId = Number(donation.recurring_plan_id);
    const [before] = await ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, planId));
    const browser = await portalBrowser(ctx, donation.npo_id, donation.donor.id);
    const overview = ZPortalOverview.parse((await browser.get('/api/v1/portal/overview')).json());
    expect(overview.card_form).toEqual({
      provider: 'stripe',
      stripe_publishable_key: 'pk_test_kindling',
      stripe_account: 'acct_riverside',
    });

    standIn.current().requests.length = 0;
    const started = await browser.post(`/api/v1/portal/plans/${planId}/card_setup`);
    expect(started.statusCode, started.body).toBe(200);
    const { setup } = ZPortalCardSetupResponse.parse(started.json());
    expect(setup.provider).toBe('stripe');
    const call = standIn.current().requests.find((r) => r.path === '/v1/setup_intents');
    expect(call?.headers['stripe-account']).toBe('acct_riverside');
    expect(call?.form).toMatchObject({ customer: before?.customerId, usage: 'off_session' });

    // Not confirmed yet: nothing changes.
    const early = await browser.post('/api/v1/portal/card_setup/complete', { setup_id: setup.id, plan_id: planId });
    expect(early.statusCode).toBe(409);

    // What Stripe.js's confirmSetup does in the browser.
    standIn.current().updateSetupIntent(setup.id, { status: 'succeeded', payment_method: 'pm_card_new' });
    standIn.current().addCardMethod('pm_card_new', 'acct_riverside', {
      brand: 'visa',
      last4: '4444',
      exp_month: 8,
      exp_year: 2031,
    });
    const done = await browser.post('/api/v1/portal/card_setup/complete', { setup_id: setup.id, plan_id: planId });
    expect(done.statusCode, done.body).toBe(200);
    const [after] = await ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, planId));
    expect(after).toMatchObject({ provider: 'stripe', paymentMethodId: 'pm_card_new', customerId: before?.customerId });
    // The card's expiry, read from the PaymentMethod on the connected account, for the card-expiring e-mail.
    expect(after).toMatchObject({ cardBrand: 'visa', cardLast4: '4444', cardExpMonth: 8, cardExpYear: 2031 });
    const read = standIn
      .current()
      .requests.find((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_methods/pm_card_new'));
    expect(read?.headers['stripe-account']).toBe('acct_riverside');
  });

  it('finishes the change when the donor comes back from 3-D Secure, once however often they come back', async () => {
    const donation = await monthlyGift();
    const planId = Number(donation.recurring_plan_id);
    // A past-due plan: the new card is charged again at once (next_charge_at = now), once.
    await ctx.db
      .update(recurringPlans)
      .set({ status: 'past_due', failedAttempts: 1, pastDueSince: new Date() })
      .where(eq(recurringPlans.id, planId));
    const browser = await portalBrowser(ctx, donation.npo_id, donation.donor.id);
    const started = await browser.post(`/api/v1/portal/plans/${planId}/card_setup`);
    const { setup } = ZPortalCardSetupResponse.parse(started.json());
    const complete = () =>
      browser.post('/api/v1/portal/card_setup/complete', { setup_id: setup.id, plan_id: planId, apply_to_all: true });

    // confirmSetup needed the bank's page: the donor is still there, nothing changes.
    standIn.current().updateSetupIntent(setup.id, { status: 'requires_action', payment_method: 'pm_card_3ds' });
    const pending = await complete();
    expect(pending.statusCode).toBe(409);
    const [untouched] = await ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, planId));
    expect(untouched?.paymentMethodId).toBe('pm_card_first');

    // Back from the bank: Stripe reports the SetupIntent succeeded; the return page completes it.
    standIn.current().updateSetupIntent(setup.id, { status: 'succeeded' });
    standIn.current().addCardMethod('pm_card_3ds', 'acct_riverside', {
      brand: 'mastercard',
      last4: '3220',
      exp_month: 2,
      exp_year: 2030,
    });
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    const { plans } = ZPortalPlansResponse.parse(done.json());
    expect(plans.find((p) => p.id === planId)?.card).toMatchObject({ brand: 'mastercard', last4: '3220' });
    const [applied] = await ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, planId));
    expect(applied).toMatchObject({ paymentMethodId: 'pm_card_3ds', cardLast4: '3220', cardExpYear: 2030 });

    // The donor reloads the return page (or the browser sends it twice): nothing happens again.
    const again = await complete();
    expect(again.statusCode, again.body).toBe(200);
    const [after] = await ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, planId));
    expect(after).toEqual(applied);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(planId)), eq(auditLog.action, 'recurring_plan.payment_method_changed')));
    expect(audits).toHaveLength(1);
  });
});
