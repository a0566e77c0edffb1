import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import type { IncomeScope } from './income.repository.ts';
import { selectStoredMrrMonths } from './recurring-mrr-months.repository.ts';
import { selectMrrMonths } from './recurring-report.repository.ts';

// The recurring report's stored closed months (decision 105, docs/product/reports.md#speed) give
// exactly the live query's MRR movement (decision 099): over the demo's plans and plans written
// here, after the months are stored, and after a back-dated charge, a back-dated pause and a pause
// moved reopen some of them.
describe('recurring report stored MRR months', () => {
  const ctx = useTestApp();
  let scope: IncomeScope;
  let reference = 0;

  /** The first day of the month `back` months before this one (UTC), YYYY-MM-DD. */
  const monthStart = (back: number) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
  };
  const day = (back: number, dayOfMonth: number) =>
    new Date(`${monthStart(back).slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}T15:00:00Z`);

  const charge = async (email: string, amountMinor: number, when: Date, planId: number | null = null) => {
    reference += 1;
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId: scope.npoId,
      campaignId: null,
      provider: 'sandbox',
      providerReference: `mrr_months_${reference}`,
      amountMinor,
      currency: 'USD',
      interval: 'monthly',
      donor: { email, firstName: 'Maya', lastName: 'Monthly' },
      recurringPlanId: planId,
      occurredAt: when,
    });
    return donation;
  };

  const startPlan = async (email: string, amountMinor: number, interval: string, start: Date) => {
    const first = await charge(email, amountMinor, start);
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO recurring_plans (npo_id, donor_id, amount_minor, currency, interval, provider, status, anchor_at,
        started_at, first_donation_id, next_charge_at)
      VALUES (${scope.npoId}, ${first.donorId}, ${amountMinor}, 'USD', ${interval}, 'sandbox', 'active',
        ${start.toISOString()}, ${start.toISOString()}, ${first.id}, now() + interval '1 month')
      RETURNING id`);
    const id = Number(rows[0]?.id);
    await ctx.db.execute(sql`UPDATE donations SET recurring_plan_id = ${id} WHERE id = ${first.id}`);
    return id;
  };

  /** The hourly close, run until every closed month is stored (six a run). */
  const close = async () => {
    for (let i = 0; i < 20; i++) {
      const before = await storedCount();
      await ctx.db.execute(sql`
        SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n WHERE n.id = ${scope.npoId}`);
      if ((await storedCount()) === before) return;
    }
  };
  const storedCount = async () => {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM report_mrr_months WHERE npo_id = ${scope.npoId}`,
    );
    return rows[0]?.n ?? 0;
  };

  /** Stored and live agree for the last 12 months, last calendar year and since the first plan. */
  const expectSameAsLive = async (options: { stored: boolean }) => {
    const thisMonth = monthStart(0);
    const lastYear = Number(thisMonth.slice(0, 4)) - 1;
    const { rows } = await ctx.db.execute<{ first: string }>(sql`
      SELECT to_char(date_trunc('month', min(started_at) AT TIME ZONE ${scope.zone}), 'YYYY-MM-DD') AS first
      FROM recurring_plans WHERE npo_id = ${scope.npoId}`);
    for (const [first, last] of [
      [monthStart(12), thisMonth],
      [`${lastYear}-01-01`, `${lastYear}-12-01`],
      [rows[0]?.first ?? monthStart(24), thisMonth],
    ] as const) {
      const stored = await selectStoredMrrMonths(ctx.db, scope, first, last);
      const live = await selectMrrMonths(ctx.db, scope, {}, first, last);
      if (options.stored) expect(stored, `${first}..${last} from stored months`).not.toBeNull();
      if (stored) expect(stored).toEqual(live);
      expect(live.some((m) => m.closing > 0)).toBe(true);
    }
  };

  beforeAll(async () => {
    const { rows } = await ctx.db.execute<{ id: number; time_zone: string }>(
      sql`SELECT id, time_zone FROM npos WHERE slug = 'riverside-food-bank'`,
    );
    scope = {
      npoId: Number(rows[0]?.id),
      start: null,
      end: null,
      zone: rows[0]?.time_zone ?? 'UTC',
      fiscalYearStartMonth: 1,
      members: null,
    };
  });

  it('answers the demo’s figures from the stored months once they are closed', async () => {
    expect(await selectStoredMrrMonths(ctx.db, scope, monthStart(12), monthStart(0))).toBeNull();
    await close();
    expect(await storedCount()).toBeGreaterThan(0);
    await expectSameAsLive({ stored: true });
  }, 300_000);

  it('stays exact with plans started, raised, lowered, paused and cancelled across closed months', async () => {
    const monthly = await startPlan('maya.monthly@example.org', 2500, 'monthly', day(16, 3));
    for (const back of [15, 14, 12, 9])
      await charge('maya.monthly@example.org', back === 9 ? 4000 : 2500, day(back, 3), monthly);
    const yearly = await startPlan('yuri.yearly@example.org', 60_000, 'yearly', day(14, 10));
    await charge('yuri.yearly@example.org', 48_000, day(2, 10), yearly);
    const weekly = await startPlan('wren.weekly@example.org', 1000, 'weekly', day(8, 1));
    for (const d of [8, 15, 22]) await charge('wren.weekly@example.org', 1200, day(6, d), weekly);
    const stopped = await startPlan('cato.cancelled@example.org', 3000, 'monthly', day(11, 20));
    await ctx.db.execute(sql`
      UPDATE recurring_plans SET status = 'cancelled', cancelled_at = ${day(5, 12).toISOString()} WHERE id = ${stopped}`);
    await close();
    await expectSameAsLive({ stored: true });
    // Every stored month is still the live query's month after the close.
    expect(await storedCount()).toBeGreaterThan(12);
  }, 300_000);

  it('reopens the months a back-dated charge, a back-dated pause or a moved pause touches', async () => {
    const plan = await startPlan('bea.backdated@example.org', 2000, 'monthly', day(10, 5));
    await close();
    const before = await selectStoredMrrMonths(ctx.db, scope, monthStart(12), monthStart(0));
    // A charge two months back, at a higher amount, arrives after that month was stored.
    const stored = await storedCount();
    await charge('bea.backdated@example.org', 5000, day(2, 7), plan);
    expect(await storedCount()).toBeLessThan(stored);
    await expectSameAsLive({ stored: true });
    const after = await selectStoredMrrMonths(ctx.db, scope, monthStart(12), monthStart(0));
    const month = monthStart(2).slice(0, 7);
    const moved = (lines: typeof after) => lines?.find((m) => m.month === month)?.expansion ?? 0;
    expect(moved(after)).toBeGreaterThan(moved(before));
    await close();
    await expectSameAsLive({ stored: true });

    // Paused four months back (written now), then its pause moved to five months back.
    await ctx.db.execute(sql`
      UPDATE recurring_plans SET status = 'paused', paused_at = ${day(4, 2).toISOString()} WHERE id = ${plan}`);
    await expectSameAsLive({ stored: false });
    await close();
    await expectSameAsLive({ stored: true });
    await ctx.db.execute(sql`UPDATE recurring_plans SET paused_at = ${day(5, 2).toISOString()} WHERE id = ${plan}`);
    await expectSameAsLive({ stored: false });
    await close();
    await expectSameAsLive({ stored: true });
  }, 300_000);
});
