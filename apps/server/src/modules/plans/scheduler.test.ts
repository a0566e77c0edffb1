// The recurring scheduler against the real database and the sandbox provider, with the clock in
// the test's hands: due charges, every retry step of the dunning schedule, the cancellation after
// the last one, paused plans, recovery, and two workers sweeping at the same moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailTo as mailsTo } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createDb } from '../../platform/db/client.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { chargeDateOf, PLAN_FAILURE, runDueCharges, type SchedulerDeps } from './index.ts';
import {
  countRows,
  createTestPlan,
  isolatedOrganisation,
  notificationKinds,
  planById,
  sandboxCharges,
  saveSandboxCard,
  schedulerDepsFor,
  setPlan,
} from './plans.test-support.ts';

const ctx = useTestApp({ env: { JOB_POLL_INTERVAL_SECONDS: '0.5' } });
const DAY = 86_400_000;
const at = (base: Date, days: number, minutes = 0) => new Date(base.getTime() + days * DAY + minutes * 60_000);
// Far from the real clock, so nothing else in the database is due around these times.
const STARTED = new Date('2031-01-31T10:00:00Z');

let deps: SchedulerDeps & { stop: () => Promise<void> };
/** Each test's own organisation: a sweep sees that test's plans only. */
let npoId = 0;

beforeAll(async () => {
  deps = await schedulerDepsFor(ctx.db, ctx.config.sessionSecret);
});
beforeEach(async () => {
  npoId = await isolatedOrganisation(ctx.db, 'Scheduler Test Shelter');
});
afterAll(async () => deps?.stop());

const sweep = (now: Date, d: SchedulerDeps = deps) => runDueCharges(d, now, { npoId });

const mailTo = (email: string, count: number) => mailsTo(ctx.dataDir, email, count, 0);

describe('due charges', () => {
  it('charges a due plan once, records the gift with the plan, and moves to the next date from the anchor', async () => {
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, email: 'due-once@example.org' });
    // 31 January: due on 28 February, then 31 March (counted from the anchor, never drifting).
    expect(plan.nextChargeAt).toEqual(new Date('2031-02-28T10:00:00Z'));

    expect((await sweep(new Date('2031-02-28T09:59:00Z'))).outcomes).toEqual([]);
    const { outcomes } = await sweep(new Date('2031-02-28T10:05:00Z'));
    expect(outcomes).toEqual([{ kind: 'charged', planId: plan.id, donationId: expect.any(Number), recovered: false }]);
    // The same moment again, and a later moment before the next date: nothing more.
    expect((await sweep(new Date('2031-02-28T10:05:00Z'))).outcomes).toEqual([]);
    expect((await sweep(new Date('2031-03-30T10:00:00Z'))).outcomes).toEqual([]);

    const after = await planById(ctx.db, plan.id);
    expect(after).toMatchObject({ status: 'active', nextPeriod: 2, failedAttempts: 0 });
    expect(after.nextChargeAt).toEqual(new Date('2031-03-31T10:00:00Z'));
    expect(after.lastChargedAt).toEqual(new Date('2031-02-28T10:05:00Z'));
    // The first gift and this charge; one sandbox charge under the key plan-<id>-1.
    expect(await countRows(ctx.db, 'donations', plan.id)).toBe(2);
    expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(1);
    const { rows } = await ctx.db.execute<{ idempotency_key: string }>(
      sql`SELECT idempotency_key FROM sandbox_payments WHERE kind = 'charge' AND metadata->>'plan_id' = ${String(plan.id)}`,
    );
    expect(rows.map((r) => r.idempotency_key)).toEqual([`charge:${npoId}:plan-${plan.id}-1`]);
    const donation = await ctx.db.execute<{ amount_minor: number; interval: string; created_at: Date }>(sql`
      SELECT amount_minor, interval, created_at FROM donations
      WHERE recurring_plan_id = ${plan.id} AND id <> ${plan.firstDonationId}`);
    expect(donation.rows[0]).toMatchObject({ amount_minor: 2500, interval: 'monthly' });
    // The receipt goes out as for any gift.
    const mails = await mailTo('due-once@example.org', 1);
    expect(mails.map((m) => m.subject).join()).toMatch(/receipt/i);
  });

  it('skips missed periods after an outage instead of charging them in a burst', async () => {
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, interval: 'weekly' });
    const { outcomes } = await sweep(at(STARTED, 7 * 5 + 2));
    expect(outcomes.map((o) => o.kind)).toEqual(['charged']);
    const after = await planById(ctx.db, plan.id);
    expect(after.nextChargeAt).toEqual(at(STARTED, 7 * 6));
    expect(after.nextPeriod).toBe(6);
    expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(1);
  });

  it('leaves a plan whose provider cannot be reached for the next sweep and charges the others', async () => {
    const unreachable = await createTestPlan(ctx.db, { npoId, startedAt: STARTED });
    // Stripe is not configured in this installation: the charge cannot even be asked for.
    await setPlan(ctx.db, unreachable.id, { provider: 'stripe' });
    const other = await createTestPlan(ctx.db, { npoId, startedAt: at(STARTED, 0, 1) });
    const { outcomes } = await sweep(at(STARTED, 40));
    expect(outcomes.map((o) => [o.planId, o.kind])).toEqual([
      [unreachable.id, 'deferred'],
      [other.id, 'charged'],
    ]);
    expect(await planById(ctx.db, unreachable.id)).toMatchObject({
      status: 'active',
      nextPeriod: 1,
      failedAttempts: 0,
    });
  });

  it('skips a paused plan, and resuming does not charge the periods it missed', async () => {
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED });
    await setPlan(ctx.db, plan.id, { status: 'paused', pausedAt: STARTED });
    expect((await sweep(at(STARTED, 60))).outcomes).toEqual([]);
    expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(0);
    expect(await planById(ctx.db, plan.id)).toMatchObject({ status: 'paused', nextPeriod: 1 });
  });
});

describe('dunning', () => {
  it('retries a monthly plan 1, 3, 7 and 13 days after the failure, then cancels it and tells donor and staff', async () => {
    const email = 'declining-monthly@example.org';
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, last4: '0002', email });
    const due = plan.nextChargeAt as Date;
    const failedAt = at(due, 0, 3);

    const first = await sweep(failedAt);
    expect(first.outcomes).toEqual([
      { kind: 'failed', planId: plan.id, retryAt: at(failedAt, 1), message: 'Your card was declined.' },
    ]);
    expect(await planById(ctx.db, plan.id)).toMatchObject({
      status: 'past_due',
      failedAttempts: 1,
      pastDueSince: failedAt,
    });
    const firstMail = await mailTo(email, 1);
    expect(firstMail[0]?.subject).toContain('could not be charged');
    // The link to update the payment method opens this plan in the donor's portal.
    expect(firstMail[0]?.text).toMatch(new RegExp(`/portal/[^\\s]+\\?plan=${plan.id}`));

    for (const [step, days] of [
      [2, 1],
      [3, 3],
      [4, 7],
    ] as const) {
      // A minute early: not yet.
      expect((await sweep(at(failedAt, days, -1))).outcomes).toEqual([]);
      const next = RETRY_DAYS[step];
      const { outcomes } = await sweep(at(failedAt, days));
      expect(outcomes).toEqual([
        { kind: 'failed', planId: plan.id, retryAt: at(failedAt, next as number), message: 'Your card was declined.' },
      ]);
      expect(await planById(ctx.db, plan.id)).toMatchObject({ status: 'past_due', failedAttempts: step });
      await mailTo(email, step);
    }
    expect((await sweep(at(failedAt, 13, -1))).outcomes).toEqual([]);
    const last = await sweep(at(failedAt, 13));
    expect(last.outcomes).toEqual([{ kind: 'cancelled', planId: plan.id, message: 'Your card was declined.' }]);
    const cancelled = await planById(ctx.db, plan.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      failureReason: PLAN_FAILURE.retriesExhausted,
      failedAttempts: 5,
      nextChargeAt: null,
    });
    expect(cancelled.cancelledAt).toEqual(at(failedAt, 13));
    expect((await sweep(at(failedAt, 60))).outcomes).toEqual([]);

    // Five attempts, each its own charge at the provider, none recorded as a gift.
    expect(await countRows(ctx.db, 'payment_attempts', plan.id, sql`AND status = 'failed'`)).toBe(5);
    expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(5);
    expect(await countRows(ctx.db, 'donations', plan.id)).toBe(1);
    expect(await notificationKinds(ctx.db, npoId, plan.id)).toEqual([
      'recurring_plan.created',
      'recurring_charge.failed',
      'recurring_charge.failed',
      'recurring_charge.failed',
      'recurring_charge.failed',
      'recurring_plan.cancelled',
    ]);
    const mails = await mailTo(email, 5);
    expect(mails.map((m) => m.subject)).toEqual([
      ...Array(4).fill('Your gift to Scheduler Test Shelter could not be charged'),
      'Your recurring gift to Scheduler Test Shelter has ended',
    ]);
  });

  it('retries a yearly plan 1, 3, 7, 14 and 31 days after the failure', async () => {
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, last4: '0002', interval: 'yearly' });
    const due = plan.nextChargeAt as Date;
    expect(due).toEqual(chargeDateOf(STARTED, 'yearly', 1));
    await sweep(due);
    const retries: number[] = [];
    for (const days of [1, 3, 7, 14, 31]) {
      expect((await sweep(at(due, days, -1))).outcomes).toEqual([]);
      const { outcomes } = await sweep(at(due, days));
      expect(outcomes).toHaveLength(1);
      retries.push(days);
    }
    expect(retries).toEqual([1, 3, 7, 14, 31]);
    expect(await planById(ctx.db, plan.id)).toMatchObject({ status: 'cancelled', failureReason: 'retries_exhausted' });
  });

  it('recovers when a retry goes through: active again, next date from the anchor, staff told', async () => {
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, last4: '0002' });
    const due = plan.nextChargeAt as Date;
    await sweep(due);
    // The donor saved a working card (the portal's job); the next retry uses it.
    await setPlan(ctx.db, plan.id, { paymentMethodId: await saveSandboxCard(ctx.db, npoId, '4242') });
    const { outcomes } = await sweep(at(due, 1));
    expect(outcomes).toEqual([{ kind: 'charged', planId: plan.id, donationId: expect.any(Number), recovered: true }]);
    const after = await planById(ctx.db, plan.id);
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0, pastDueSince: null, nextPeriod: 2 });
    expect(after.nextChargeAt).toEqual(chargeDateOf(STARTED, 'monthly', 2));
    expect(await notificationKinds(ctx.db, npoId, plan.id)).toEqual([
      'recurring_plan.created',
      'recurring_charge.failed',
      'recurring_charge.recovered',
    ]);
    // The retry had its own key: a provider replays a key's first answer (the decline).
    const { rows } = await ctx.db.execute<{ idempotency_key: string; status: string }>(sql`
      SELECT idempotency_key, status FROM sandbox_payments
      WHERE kind = 'charge' AND metadata->>'plan_id' = ${String(plan.id)} ORDER BY created_at`);
    expect(rows).toEqual([
      { idempotency_key: `charge:${npoId}:plan-${plan.id}-1`, status: 'failed' },
      { idempotency_key: `charge:${npoId}:plan-${plan.id}-1-retry-1`, status: 'succeeded' },
    ]);
  });
});

const RETRY_DAYS: Record<number, number> = { 2: 3, 3: 7, 4: 13 };

describe('two workers', () => {
  it('never charges a plan twice when two instances sweep at the same moment', async () => {
    const plans = await Promise.all(
      Array.from({ length: 8 }, () => createTestPlan(ctx.db, { npoId, startedAt: at(STARTED, 100) })),
    );
    const now = at(plans[0]?.nextChargeAt as Date, 0, 1);
    // Two instances: separate connection pools, each its own sandbox client, counting its calls
    // to the provider and holding each one a little, as a real network call would.
    const url = (ctx.db.$client.options as { connectionString: string }).connectionString;
    const second = createDb(url, { max: 4 });
    const depsB = await schedulerDepsFor(second, ctx.config.sessionSecret);
    const calls = { a: 0, b: 0 };
    const counting = (d: SchedulerDeps, name: 'a' | 'b'): SchedulerDeps => {
      const sandbox = d.providers.byName('sandbox');
      const slow = {
        ...sandbox,
        chargeSaved: async (input: Parameters<typeof sandbox.chargeSaved>[0]) => {
          calls[name] += 1;
          await new Promise((r) => setTimeout(r, 40));
          return sandbox.chargeSaved(input);
        },
      };
      return { ...d, providers: { ...d.providers, byName: () => slow } as PaymentProviders };
    };
    try {
      const [a, b] = await Promise.all([sweep(now, counting(deps, 'a')), sweep(now, counting(depsB, 'b'))]);
      const charged = [...a.outcomes, ...b.outcomes].map((o) => o.planId).sort((x, y) => x - y);
      expect(charged).toEqual(plans.map((p) => p.id).sort((x, y) => x - y));
      // Both took part, and the provider was asked once per plan.
      expect(a.outcomes.length).toBeGreaterThan(0);
      expect(b.outcomes.length).toBeGreaterThan(0);
      expect(calls.a + calls.b).toBe(8);
      for (const plan of plans) {
        expect(await countRows(ctx.db, 'donations', plan.id)).toBe(2);
        expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(1);
        expect(await planById(ctx.db, plan.id)).toMatchObject({ nextPeriod: 2, status: 'active' });
      }
      const again = await Promise.all([sweep(now, deps), sweep(now, depsB)]);
      expect(again.flatMap((r) => r.outcomes)).toEqual([]);
    } finally {
      await depsB.stop();
      await second.$client.end();
    }
  });
});
