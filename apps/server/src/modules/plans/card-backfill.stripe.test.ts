// The card backfill against the local Stripe stand-in: each Stripe plan's PaymentMethod is read on
// the organisation's connected account (every request checked), a method Stripe cannot find is
// asked once and does not stop the batch, an outage leaves that plan for the next run, and a rate
// limit ends the batch for pg-boss to retry later.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createPaymentProviders, ProviderError } from '../payments/index.ts';
import { backfillPlanCards } from './index.ts';
import { createTestPlan, isolatedOrganisation, planById, setPlan } from './plans.test-support.ts';

describe('the card backfill through Stripe', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: standIn.env });

  async function stripeOrganisation(name: string, account: string) {
    const npoId = await isolatedOrganisation(ctx.db, name);
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = ${account} WHERE id = ${npoId}`);
    return npoId;
  }

  /** A plan charged through Stripe with `methodId`, saved before cards were described. */
  async function stripePlan(npoId: number, methodId: string) {
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: new Date() });
    await setPlan(ctx.db, plan.id, { provider: 'stripe', paymentMethodId: methodId, customerId: 'cus_backfill' });
    return plan.id;
  }

  function backfillDeps() {
    const logged: { planId: number; code: string }[] = [];
    const deps = {
      db: ctx.db,
      providers: createPaymentProviders(ctx.config, ctx.db),
      pauseMs: 0,
      log: (error: unknown, { planId }: { planId: number }) =>
        logged.push({ planId, code: error instanceof ProviderError ? error.code : String(error) }),
    };
    return { deps, logged };
  }

  const methodReads = () =>
    standIn.current().requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_methods/'));

  const card = async (id: number) => {
    const p = await planById(ctx.db, id);
    return [p.cardBrand, p.cardLast4, p.cardExpMonth, p.cardExpYear, p.cardCheckedMethodId];
  };

  it('reads each PaymentMethod on the connected account; a missing one does not stop the batch', async () => {
    const npoId = await stripeOrganisation('Stripe Backfill Trust', 'acct_backfill');
    const stripe = standIn.current();
    stripe.addCardMethod('pm_bf_visa', 'acct_backfill', {
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
    });
    stripe.addCardMethod('pm_bf_other', 'acct_elsewhere', {
      brand: 'amex',
      last4: '0005',
      exp_month: 1,
      exp_year: 2031,
    });
    stripe.addCardMethod('pm_bf_mc', 'acct_backfill', {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 7,
      exp_year: 2029,
    });
    const visa = await stripePlan(npoId, 'pm_bf_visa');
    const elsewhere = await stripePlan(npoId, 'pm_bf_other');
    const mastercard = await stripePlan(npoId, 'pm_bf_mc');
    const { deps, logged } = backfillDeps();
    stripe.requests.length = 0;

    const batch = await backfillPlanCards(deps, { afterId: visa - 1, limit: 50 });
    expect(batch).toMatchObject({ described: 2, unknown: 1, failed: 0, more: false });
    expect(await card(visa)).toEqual(['visa', '4242', 12, 2030, 'pm_bf_visa']);
    expect(await card(mastercard)).toEqual(['mastercard', '4444', 7, 2029, 'pm_bf_mc']);
    // Another account's method does not exist for this one: asked once, never stored.
    expect(await card(elsewhere)).toEqual([null, null, null, null, 'pm_bf_other']);
    expect(logged).toEqual([{ planId: elsewhere, code: 'not_found' }]);
    expect(methodReads().map((r) => r.path.split('?')[0])).toEqual([
      '/v1/payment_methods/pm_bf_visa',
      '/v1/payment_methods/pm_bf_other',
      '/v1/payment_methods/pm_bf_mc',
    ]);
    for (const request of stripe.requests) {
      expect(request.headers['stripe-account']).toBe('acct_backfill');
      expect(request.headers.authorization).toBe('Bearer sk_test_kindling');
    }

    stripe.requests.length = 0;
    expect(await backfillPlanCards(deps, { afterId: visa - 1, limit: 50 })).toMatchObject({
      described: 0,
      unknown: 0,
      failed: 0,
    });
    expect(stripe.requests).toEqual([]);
  });

  it('leaves a plan for the next run when Stripe fails, and goes on with the others', async () => {
    const npoId = await stripeOrganisation('Stripe Outage Trust', 'acct_outage');
    const stripe = standIn.current();
    stripe.addCardMethod('pm_out_a', 'acct_outage', { brand: 'visa', last4: '1111', exp_month: 3, exp_year: 2032 });
    stripe.addCardMethod('pm_out_b', 'acct_outage', { brand: 'visa', last4: '2222', exp_month: 4, exp_year: 2032 });
    const first = await stripePlan(npoId, 'pm_out_a');
    const second = await stripePlan(npoId, 'pm_out_b');
    const { deps, logged } = backfillDeps();

    stripe.refuseNext(1, 500);
    const batch = await backfillPlanCards(deps, { afterId: first - 1, limit: 50 });
    expect(batch).toMatchObject({ described: 1, failed: 1 });
    expect(logged).toEqual([{ planId: first, code: 'provider_unavailable' }]);
    expect(await card(first)).toEqual([null, null, null, null, null]);
    expect(await card(second)).toEqual(['visa', '2222', 4, 2032, 'pm_out_b']);

    expect(await backfillPlanCards(deps, { afterId: first - 1, limit: 50 })).toMatchObject({ described: 1, failed: 0 });
    expect(await card(first)).toEqual(['visa', '1111', 3, 2032, 'pm_out_a']);
  });

  it('stops the batch at a rate limit, keeping what was stored, for the job to retry later', async () => {
    const npoId = await stripeOrganisation('Stripe Busy Trust', 'acct_busy');
    const stripe = standIn.current();
    stripe.addCardMethod('pm_busy_a', 'acct_busy', { brand: 'visa', last4: '3333', exp_month: 5, exp_year: 2033 });
    stripe.addCardMethod('pm_busy_b', 'acct_busy', { brand: 'visa', last4: '4444', exp_month: 6, exp_year: 2033 });
    const first = await stripePlan(npoId, 'pm_busy_a');
    const second = await stripePlan(npoId, 'pm_busy_b');
    const { deps } = backfillDeps();

    // The first read goes through, the second is refused with 429.
    stripe.refuseNext(1, 429, 1);
    await expect(backfillPlanCards(deps, { afterId: first - 1, limit: 50 })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await card(first)).toEqual(['visa', '3333', 5, 2033, 'pm_busy_a']);
    expect(await card(second)).toEqual([null, null, null, null, null]);

    // pg-boss's retry of the same job: the same batch, only the plan left is asked.
    stripe.requests.length = 0;
    expect(await backfillPlanCards(deps, { afterId: first - 1, limit: 50 })).toMatchObject({ described: 1 });
    expect(methodReads().map((r) => r.path.split('?')[0])).toEqual(['/v1/payment_methods/pm_busy_b']);
    expect(await card(second)).toEqual(['visa', '4444', 6, 2033, 'pm_busy_b']);
  });
});
