// The day sums (giving_days, decision 013) against the donations they sum: whatever is written to a
// closed day, its stored rows must equal the rows computed afresh from the donations, and closing
// must never miss a donation written while it runs.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { Db } from '../../platform/db/client.ts';
import { addCampaign, addDonor, addGift, addPlan, organisationWithAdmin, refund } from './analysis.fixtures.ts';
import { closeGivingDays } from './giving-days.service.ts';

/** The day before `now` in UTC, these test organisations' time zone. */
const yesterdayOf = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

const ROW = sql.raw(`day::text, kind, recurring, campaign_id, method, amount, status, currency, donations, gifts,
  gross, net, gift_net, amount_minor`);
const ORDER = sql.raw('ORDER BY kind, day, recurring, campaign_id NULLS FIRST, method, amount, status, currency');

/** The stored rows of the closed days, and the same days computed from the donations now. */
async function storedAndFresh(db: Db, npoId: number) {
  const stored = await db.execute(sql`
    SELECT ${ROW} FROM giving_days WHERE npo_id = ${npoId} ${ORDER}`);
  const fresh = await db.execute(sql`
    SELECT ${ROW} FROM giving_day_rows(${npoId}, '-infinity',
      ((SELECT through FROM giving_days_closed WHERE npo_id = ${npoId}) + 1)::timestamp
        AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId})) r
    ${ORDER}`);
  return { stored: stored.rows, fresh: fresh.rows };
}

/** The stored returning donors of the closed days (decision 015), and the same computed afresh. */
async function storedAndFreshReturns(db: Db, npoId: number) {
  const RETURN_ROW = sql.raw('day::text, firsts, prev_gaps::text, first_gaps::text');
  const stored = await db.execute(sql`
    SELECT ${RETURN_ROW} FROM giving_day_returns WHERE npo_id = ${npoId} ORDER BY day`);
  const fresh = await db.execute(sql`
    SELECT ${RETURN_ROW} FROM giving_day_return_rows(${npoId}, '-infinity',
      ((SELECT through FROM giving_days_closed WHERE npo_id = ${npoId}) + 1)::timestamp
        AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId})) r
    ORDER BY day`);
  return { stored: stored.rows, fresh: fresh.rows };
}

/** The stored plan rows of the closed days (decision 017), and the same computed afresh. */
async function expectPlanDaysInStep(db: Db, npoId: number) {
  const PLAN_ROW = sql.raw('day::text, kind, status, runs, exhausted, plans, monthly_base::text');
  const PLAN_ORDER = sql.raw('ORDER BY day, kind, status, runs, exhausted');
  const stored = await db.execute(sql`SELECT ${PLAN_ROW} FROM plan_days WHERE npo_id = ${npoId} ${PLAN_ORDER}`);
  const fresh = await db.execute(sql`
    SELECT ${PLAN_ROW} FROM plan_day_rows(${npoId}, '-infinity',
      ((SELECT through FROM giving_days_closed WHERE npo_id = ${npoId}) + 1)::timestamp
        AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId})) r
    ${PLAN_ORDER}`);
  expect(stored.rows.length).toBeGreaterThan(0);
  expect(stored.rows).toEqual(fresh.rows);
}

async function expectInStep(db: Db, npoId: number) {
  const { stored, fresh } = await storedAndFresh(db, npoId);
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).toEqual(fresh);
  const returns = await storedAndFreshReturns(db, npoId);
  expect(returns.stored.length).toBeGreaterThan(0);
  expect(returns.stored).toEqual(returns.fresh);
}

const sumOfDay = async (db: Db, npoId: number, day: string) => {
  const { rows } = await db.execute<{ net: number; gifts: number }>(sql`
    SELECT coalesce(sum(net), 0)::int AS net, coalesce(sum(gifts), 0)::int AS gifts
    FROM giving_days WHERE npo_id = ${npoId} AND kind = 'total' AND day = ${day}::date`);
  return rows[0];
};

describe('giving days', () => {
  const ctx = useTestApp();
  let npoId: number;
  let admin: Awaited<ReturnType<typeof organisationWithAdmin>>['client'];
  let otherNpoId: number;
  let donor: number;
  let campaign: number;

  beforeAll(async () => {
    const trust = await organisationWithAdmin(ctx, 'Day Sums Trust');
    npoId = trust.npoId;
    admin = trust.client;
    otherNpoId = (await organisationWithAdmin(ctx, 'Other Day Sums')).npoId;
    donor = await addDonor(ctx.db, npoId, 'days@example.org');
    campaign = await addCampaign(ctx.db, npoId, 'Days Appeal');
    await addGift(ctx.db, npoId, { donorId: donor, at: '2025-05-01T10:00:00Z', base: 1000 });
    await addGift(ctx.db, npoId, { donorId: donor, at: '2025-05-01T23:59:59Z', base: 2500, method: 'paypal' });
    await addGift(ctx.db, npoId, { donorId: donor, at: '2025-05-02T00:00:00Z', base: 700, status: 'failed' });
    const other = await addDonor(ctx.db, otherNpoId, 'other-days@example.org');
    await addGift(ctx.db, otherNpoId, { donorId: other, at: '2025-05-01T12:00:00Z', base: 4200 });
    await closeGivingDays(ctx.db, new Date());
  });

  it('closes every organisation through yesterday, once', async () => {
    const { rows } = await ctx.db.execute<{ npo_id: number; through: string }>(
      sql`SELECT npo_id, through::text FROM giving_days_closed WHERE npo_id IN (${npoId}, ${otherNpoId})`,
    );
    expect(rows.map((r) => r.through)).toEqual([yesterdayOf(new Date()), yesterdayOf(new Date())]);
    expect(await sumOfDay(ctx.db, npoId, '2025-05-01')).toEqual({ net: 3500, gifts: 2 });
    const again = await closeGivingDays(ctx.db, new Date());
    expect(again.closed).not.toContain(npoId);
    await expectInStep(ctx.db, npoId);
  });

  it('re-sums a closed day when a gift is back-dated into it, refunded, moved or changed', async () => {
    const otherBefore = await storedAndFresh(ctx.db, otherNpoId);
    const late = await addGift(ctx.db, npoId, { donorId: donor, at: '2025-05-01T08:00:00Z', base: 4000 });
    expect(await sumOfDay(ctx.db, npoId, '2025-05-01')).toEqual({ net: 7500, gifts: 3 });
    await expectInStep(ctx.db, npoId);

    await refund(ctx.db, npoId, late, 1500, false);
    expect(await sumOfDay(ctx.db, npoId, '2025-05-01')).toEqual({ net: 6000, gifts: 3 });
    await expectInStep(ctx.db, npoId);

    await ctx.db.execute(sql`UPDATE donations SET campaign_id = ${campaign}, interval = 'monthly',
      payment_method = 'bank_transfer' WHERE id = ${late}`);
    await expectInStep(ctx.db, npoId);

    // Moved to another closed day: both days change.
    await ctx.db.execute(sql`UPDATE donations SET created_at = '2025-04-20T09:00:00Z' WHERE id = ${late}`);
    expect(await sumOfDay(ctx.db, npoId, '2025-05-01')).toEqual({ net: 3500, gifts: 2 });
    expect(await sumOfDay(ctx.db, npoId, '2025-04-20')).toEqual({ net: 2500, gifts: 1 });
    await expectInStep(ctx.db, npoId);

    await refund(ctx.db, npoId, late, 2500, true);
    expect(await sumOfDay(ctx.db, npoId, '2025-04-20')).toEqual({ net: 0, gifts: 0 });
    await expectInStep(ctx.db, npoId);

    // Moved to today, which is summed live: it leaves the closed days.
    await ctx.db.execute(sql`UPDATE donations SET created_at = now() WHERE id = ${late}`);
    const { rows } = await ctx.db.execute(
      sql`SELECT 1 FROM giving_days WHERE npo_id = ${npoId} AND day = '2025-04-20' AND kind = 'total'`,
    );
    expect(rows).toEqual([]);
    await expectInStep(ctx.db, npoId);

    // The other organisation's sums did not move.
    expect(await storedAndFresh(ctx.db, otherNpoId)).toEqual(otherBefore);
  });

  it('keeps the returning donors of closed days in step with each donor’s gift history', async () => {
    const trust = await organisationWithAdmin(ctx, 'Returning Donors Trust');
    const at = (day: string) => `${day}T12:00:00Z`;
    const a = await addDonor(ctx.db, trust.npoId, 'a-returns@example.org');
    const b = await addDonor(ctx.db, trust.npoId, 'b-returns@example.org');
    const c = await addDonor(ctx.db, trust.npoId, 'c-returns@example.org');
    const gift = (donorId: number, day: string) => addGift(ctx.db, trust.npoId, { donorId, at: at(day), base: 1000 });
    const aMarch = await gift(a, '2025-03-10');
    await gift(a, '2025-02-10');
    await gift(b, '2024-12-05');
    await gift(b, '2025-02-12');
    const cFebruary = await gift(c, '2025-02-20');
    await closeGivingDays(ctx.db, new Date());
    // March against the 31 days before it (29 January to 28 February).
    const retention = async () => {
      const res = await trust.client.get('/api/v1/npo_admin/analysis/retention?from=2025-03-01&to=2025-03-31');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      await expectInStep(ctx.db, trust.npoId);
      const pair = (r: { base: number; retained: number }) => [r.base, r.retained];
      return { overall: pair(body.overall), new: pair(body.new), repeat: pair(body.repeat) };
    };
    expect(await retention()).toEqual({ overall: [3, 1], new: [2, 1], repeat: [1, 0] });

    // An earlier gift makes A a repeat donor: A's later days change, not only the gift's own.
    await gift(a, '2025-01-05');
    expect(await retention()).toEqual({ overall: [3, 1], new: [1, 0], repeat: [2, 1] });

    await gift(b, '2025-03-15');
    expect(await retention()).toEqual({ overall: [3, 2], new: [1, 0], repeat: [2, 2] });

    await refund(ctx.db, trust.npoId, aMarch, 1000, true);
    expect(await retention()).toEqual({ overall: [3, 1], new: [1, 0], repeat: [2, 1] });

    await ctx.db.execute(
      sql`UPDATE donations SET created_at = ${at('2025-03-20')}::timestamptz WHERE id = ${cFebruary}`,
    );
    expect(await retention()).toEqual({ overall: [2, 1], new: [0, 0], repeat: [2, 1] });

    // A merge moves C's March gift to A, who gave again in March after all.
    await ctx.db.execute(sql`UPDATE donations SET donor_id = ${a} WHERE donor_id = ${c}`);
    expect(await retention()).toEqual({ overall: [2, 2], new: [0, 0], repeat: [2, 2] });
  });

  it('keeps the plans of closed days in step when a plan’s amount, status or dates change', async () => {
    const trust = await organisationWithAdmin(ctx, 'Plan Days Trust');
    const giver = await addDonor(ctx.db, trust.npoId, 'plans-days@example.org');
    const plan = async (amount: number, startedAt: string) => {
      const first = await addGift(ctx.db, trust.npoId, {
        donorId: giver,
        at: startedAt,
        base: amount,
        interval: 'monthly',
      });
      return addPlan(ctx.db, trust.npoId, {
        donorId: giver,
        firstDonationId: first,
        amount,
        interval: 'monthly',
        startedAt,
      });
    };
    const p1 = await plan(1000, '2025-01-10T09:00:00Z');
    const p2 = await plan(2000, '2025-02-05T09:00:00Z');
    const p3 = await plan(3000, '2025-03-15T09:00:00Z');
    await closeGivingDays(ctx.db, new Date());
    const march = async () => {
      const res = await trust.client.get('/api/v1/npo_admin/analysis/recurring?from=2025-03-01&to=2025-03-31');
      expect(res.statusCode).toBe(200);
      await expectPlanDaysInStep(ctx.db, trust.npoId);
      const { mrr, mrr_at_start, plans_at_start, new_plans, churn } = res.json();
      return { mrr, mrr_at_start, plans_at_start, new_plans, voluntary: churn.voluntary, failed: churn.failed };
    };
    const figures = { mrr: 6000, mrr_at_start: 3000, plans_at_start: 2, new_plans: 1, voluntary: 0, failed: 0 };
    expect(await march()).toEqual(figures);

    await ctx.db.execute(sql`UPDATE recurring_plans SET amount_minor = 1500 WHERE id = ${p1}`);
    expect(await march()).toEqual({ ...figures, mrr: 6500, mrr_at_start: 3500 });

    await ctx.db.execute(sql`UPDATE recurring_plans SET status = 'cancelled', cancelled_at = '2025-03-20T10:00:00Z'
      WHERE id = ${p2}`);
    expect(await march()).toEqual({ ...figures, mrr: 4500, mrr_at_start: 3500, voluntary: 1 });

    await ctx.db.execute(sql`UPDATE recurring_plans SET status = 'failed', failure_reason = 'retries_exhausted',
      updated_at = '2025-03-25T10:00:00Z' WHERE id = ${p3}`);
    expect(await march()).toEqual({ ...figures, mrr: 1500, mrr_at_start: 3500, voluntary: 1, failed: 1 });

    // Started within March after all: no longer running at its start.
    await ctx.db.execute(sql`UPDATE recurring_plans SET started_at = '2025-03-02T09:00:00Z' WHERE id = ${p1}`);
    expect(await march()).toEqual({
      mrr: 1500,
      mrr_at_start: 2000,
      plans_at_start: 1,
      new_plans: 2,
      voluntary: 1,
      failed: 1,
    });

    // A charge's own update of a plan (next date, last charge) changes no figure and re-sums no
    // day: the stored rows are the same row versions as before (xmin).
    const versions = async () =>
      (
        await ctx.db.execute<{ v: string }>(sql`SELECT string_agg(xmin::text, ',' ORDER BY day, kind, status) AS v
          FROM plan_days WHERE npo_id = ${trust.npoId}`)
      ).rows[0]?.v;
    const before = await versions();
    await ctx.db.execute(sql`UPDATE recurring_plans SET next_charge_at = now(), last_charged_at = now(), updated_at = now()
      WHERE id = ${p1}`);
    expect(await versions()).toBe(before);
    expect((await march()).mrr).toBe(1500);
  });

  it('gives the donations list the same totals as scanning the donations', async () => {
    await addGift(ctx.db, npoId, {
      donorId: donor,
      at: '2025-05-03T10:00:00Z',
      base: 1080,
      amount: 1000,
      currency: 'EUR',
    });
    await addGift(ctx.db, npoId, { donorId: donor, at: new Date().toISOString(), base: 600 });
    const totals = async (query: string) => {
      const res = await admin.get(`/api/v1/npo_admin/donations/totals?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    for (const query of [
      '',
      'status=succeeded',
      'currency=EUR',
      'date_from=2025-05-01&date_to=2025-05-02',
      'date_from=2025-05-02',
      'status=failed,succeeded&currency=USD',
    ]) {
      // amount_min=0 matches the same donations but is not summed per day: the list scans them.
      const scanned = await totals(`${query}&amount_min=0`);
      expect(await totals(query)).toEqual(scanned);
      expect(scanned.count).toBeGreaterThan(0);
    }
  });

  it('waits for a donation written to a day still open, and counts it', async () => {
    const npo = (await organisationWithAdmin(ctx, 'Busy Day Trust')).npoId;
    const giver = await addDonor(ctx.db, npo, 'busy@example.org');
    const yesterday = `${yesterdayOf(new Date())}T12:00:00Z`;
    const writer = await ctx.db.$client.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO donations (npo_id, donor_id, amount_minor, currency, base_amount_minor, base_currency, interval,
           status, payment_method, created_at)
         VALUES ($1, $2, 1234, 'USD', 1234, 'USD', 'once', 'succeeded', 'card', $3)`,
        [npo, giver, yesterday],
      );
      // While the writer is open, a short lock timeout gives up and leaves the day open.
      const busy = await closeGivingDays(ctx.db, new Date(), { lockTimeoutMs: 100 });
      expect(busy.busy).toContain(npo);
      const closing = closeGivingDays(ctx.db, new Date(), { lockTimeoutMs: 10_000 });
      let settled = false;
      void closing.then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await writer.query('COMMIT');
      expect((await closing).closed).toContain(npo);
    } finally {
      writer.release();
    }
    expect(await sumOfDay(ctx.db, npo, yesterdayOf(new Date()))).toEqual({ net: 1234, gifts: 1 });
    await expectInStep(ctx.db, npo);
  });
});
