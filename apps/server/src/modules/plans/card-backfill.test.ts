// The card backfill with the sandbox provider: plans saved before their card was described get
// the card their sandbox method holds, once; a method the provider cannot describe is asked once;
// a run twice or a plan changed meanwhile is left alone; the pg-boss job goes through every batch.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import { backfillPlanCards, registerCardBackfill } from './index.ts';
import {
  createTestPlan,
  isolatedOrganisation,
  planById,
  saveSandboxCard,
  schedulerDepsFor,
  setPlan,
} from './plans.test-support.ts';

const ctx = useTestApp();

async function backfillDeps() {
  const scheduler = await schedulerDepsFor(ctx.db, ctx.config.sessionSecret);
  const logged: number[] = [];
  return {
    deps: {
      db: ctx.db,
      providers: scheduler.providers,
      pauseMs: 0,
      log: (_: unknown, c: { planId: number }) => logged.push(c.planId),
    },
    logged,
    stop: scheduler.stop,
  };
}

/** Every batch until none is left: what the chain of jobs does. */
async function backfillAll(deps: Awaited<ReturnType<typeof backfillDeps>>['deps'], limit = 2) {
  const total = { described: 0, unknown: 0, failed: 0, batches: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await backfillPlanCards(deps, { afterId, limit });
    total.described += batch.described;
    total.unknown += batch.unknown;
    total.failed += batch.failed;
    total.batches += 1;
    if (!batch.more) return total;
    afterId = batch.lastId;
  }
}

const cardColumns = async (id: number) => {
  const plan = await planById(ctx.db, id);
  return {
    brand: plan.cardBrand,
    last4: plan.cardLast4,
    month: plan.cardExpMonth,
    year: plan.cardExpYear,
    checked: plan.cardCheckedMethodId,
  };
};

describe('the card backfill (sandbox)', () => {
  it('stores the card of plans saved without one, asks each method once, and a second run changes nothing', async () => {
    const npoId = await isolatedOrganisation(ctx.db, 'Backfill Shelter');
    const startedAt = new Date(Date.now() - 5 * 86_400_000);
    const expiring = await createTestPlan(ctx.db, {
      npoId,
      startedAt,
      last4: '4444',
      cardExpiry: { month: 8, year: 2031 },
    });
    const noExpiry = await createTestPlan(ctx.db, { npoId, startedAt, last4: '1111' });
    const gone = await createTestPlan(ctx.db, { npoId, startedAt, cardExpiry: { month: 1, year: 2030 } });
    await setPlan(ctx.db, gone.id, { paymentMethodId: 'pm_sandbox_missing' });
    const known = await createTestPlan(ctx.db, {
      npoId,
      startedAt,
      last4: '5556',
      cardExpiry: { month: 2, year: 2029 },
    });
    await setPlan(ctx.db, known.id, { cardBrand: 'visa', cardLast4: '9999', cardExpMonth: 5, cardExpYear: 2033 });
    const paypal = await createTestPlan(ctx.db, { npoId, startedAt });
    await setPlan(ctx.db, paypal.id, { provider: 'paypal', paymentMethodId: 'vault-token-7' });
    const { deps, logged, stop } = await backfillDeps();

    const first = await backfillAll(deps);
    expect(first.failed).toBe(0);
    expect(first.batches).toBeGreaterThan(1);
    // The sandbox keeps no brand; its card form's last four and expiry.
    expect(await cardColumns(expiring.id)).toEqual({
      brand: null,
      last4: '4444',
      month: 8,
      year: 2031,
      checked: expiring.paymentMethodId,
    });
    // No expiry known: nothing stored, but the method is not asked again.
    expect(await cardColumns(noExpiry.id)).toEqual({
      brand: null,
      last4: null,
      month: null,
      year: null,
      checked: noExpiry.paymentMethodId,
    });
    expect(await cardColumns(gone.id)).toMatchObject({ last4: null, year: null, checked: 'pm_sandbox_missing' });
    // A plan that knew its card, and a PayPal vault token, are never asked.
    expect(await cardColumns(known.id)).toEqual({ brand: 'visa', last4: '9999', month: 5, year: 2033, checked: null });
    expect(await cardColumns(paypal.id)).toMatchObject({ last4: null, checked: null });
    expect(logged).toEqual([]);

    const again = await backfillAll(deps);
    expect(again).toEqual({ described: 0, unknown: 0, failed: 0, batches: 1 });

    // The donor's new method (the portal) makes the plan a candidate again.
    const replacement = await saveSandboxCard(ctx.db, npoId, '3333', { month: 4, year: 2032 });
    await setPlan(ctx.db, noExpiry.id, { paymentMethodId: replacement });
    expect(await backfillAll(deps)).toMatchObject({ described: 1, unknown: 0 });
    expect(await cardColumns(noExpiry.id)).toMatchObject({ last4: '3333', month: 4, year: 2032, checked: replacement });
    await stop();
  });

  it('leaves a plan whose method changed while the provider was asked', async () => {
    const npoId = await isolatedOrganisation(ctx.db, 'Backfill Race Shelter');
    const plan = await createTestPlan(ctx.db, {
      npoId,
      startedAt: new Date(),
      last4: '4242',
      cardExpiry: { month: 6, year: 2030 },
    });
    const { deps, stop } = await backfillDeps();
    // What a portal change does between the provider's answer and the store: a new method, described.
    const changing = {
      ...deps,
      log: deps.log,
      providers: {
        ...deps.providers,
        byName: (name: Parameters<typeof deps.providers.byName>[0]) => {
          const provider = deps.providers.byName(name);
          return {
            ...provider,
            describeSavedCard: async (input: Parameters<typeof provider.describeSavedCard>[0]) => {
              const card = await provider.describeSavedCard(input);
              await setPlan(ctx.db, plan.id, {
                paymentMethodId: 'pm_sandbox_newer',
                cardLast4: '7777',
                cardExpMonth: 9,
                cardExpYear: 2035,
              });
              return card;
            },
          };
        },
      },
    };
    await backfillAll(changing, 500);
    expect(await cardColumns(plan.id)).toMatchObject({ last4: '7777', month: 9, year: 2035, checked: null });
    await stop();
  });

  it('runs as a chain of pg-boss jobs from the start-up job to the last batch', async () => {
    const npoId = await isolatedOrganisation(ctx.db, 'Backfill Job Shelter');
    const plans = [];
    for (const month of [1, 2, 3, 4, 5]) {
      plans.push(await createTestPlan(ctx.db, { npoId, startedAt: new Date(), cardExpiry: { month, year: 2032 } }));
    }
    const jobs = createJobs({ db: ctx.db, pollingIntervalSeconds: 0.5, onError: () => {} });
    const { deps, stop } = await backfillDeps();
    const backfill = registerCardBackfill(jobs, { ...deps, batchSize: 2 });
    await jobs.start();
    await backfill.start();
    const described = async () => {
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM recurring_plans WHERE npo_id = ${npoId} AND card_exp_year = 2032`);
      return Number(rows[0]?.n);
    };
    for (let waited = 0; waited < 20_000 && (await described()) < plans.length; waited += 200) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await described()).toBe(plans.length);
    expect((await cardColumns(plans[4]?.id as number)).month).toBe(5);
    await jobs.stop();
    await stop();
  });
});
