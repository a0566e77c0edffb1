import {
  ZDonationListResponse,
  ZGiftAnalysis,
  ZHomeAnalysis,
  ZLapsedAnalysis,
  ZOrganisationStats,
  ZRecurringAnalysis,
  ZRetentionAnalysis,
} from '@kindling/contracts';
import { givingYearOf, givingYearRange } from '@kindling/contracts/giving-year-rules.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import {
  addCampaign,
  addDonor,
  addFailedAttempt,
  addGift,
  addPlan,
  closeGivingDays,
  organisationWithAdmin,
  refund,
} from './analysis.fixtures.ts';

const MARCH = 'from=2025-03-01&to=2025-03-31';

// Every figure must come out the same whether its days are summed live from the donations, were
// closed (giving_days) before the gifts and refunds were written, so the triggers re-summed them,
// or were closed after them by the closing job's function.
const modes = ['summed live', 'closed before the gifts', 'closed after the gifts'] as const;
type Mode = (typeof modes)[number];

describe.each(modes)('analysis, days %s', (mode: Mode) => {
  const ctx = useTestApp();
  const suffix = modes.indexOf(mode) === 0 ? '' : ` ${modes.indexOf(mode)}`;
  const organisation = async (name: string) => {
    const created = await organisationWithAdmin(ctx, `${name}${suffix}`);
    if (mode === 'closed before the gifts') await closeGivingDays(ctx.db, created.npoId);
    return created;
  };
  const closedAfter = async (npoId: number) => {
    if (mode === 'closed after the gifts') await closeGivingDays(ctx.db, npoId);
  };
  let gifts: Awaited<ReturnType<typeof organisationWithAdmin>>;
  let outsider: Awaited<ReturnType<typeof organisationWithAdmin>>;

  // March 2025 is the period; the 31 days before it (29 January – 28 February) the previous one.
  beforeAll(async () => {
    gifts = await organisation('Analysis Trust');
    outsider = await organisation('Outsider Shelter');
    const npo = gifts.npoId;
    const [a, b, c, d, e] = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((x) => addDonor(ctx.db, npo, `${x}@example.org`, x.toUpperCase(), 'Donor')),
    );
    const winter = await addCampaign(ctx.db, npo, 'Winter Appeal');
    await addGift(ctx.db, npo, { donorId: a ?? 0, at: '2024-12-05T12:00:00Z', base: 5000 });
    await addGift(ctx.db, npo, { donorId: a ?? 0, at: '2025-02-10T12:00:00Z', base: 2000 });
    await addGift(ctx.db, npo, { donorId: a ?? 0, at: '2025-03-05T12:00:00Z', base: 3000, campaignId: winter });
    await addGift(ctx.db, npo, { donorId: b ?? 0, at: '2025-02-20T12:00:00Z', base: 4000 });
    await addGift(ctx.db, npo, { donorId: b ?? 0, at: '2025-03-31T23:59:59Z', base: 1000, method: 'paypal' });
    await addGift(ctx.db, npo, { donorId: c ?? 0, at: '2025-02-01T12:00:00Z', base: 2500 });
    await addGift(ctx.db, npo, { donorId: c ?? 0, at: '2025-04-01T00:00:00Z', base: 7000 });
    // Partly refunded: counts 6000 - 1500 = 4500.
    const partly = await addGift(ctx.db, npo, {
      donorId: d ?? 0,
      at: '2025-03-01T00:00:00Z',
      base: 6000,
      campaignId: winter,
    });
    await refund(ctx.db, npo, partly, 1500, false);
    // Fully refunded and failed gifts count for nothing.
    const whole = await addGift(ctx.db, npo, { donorId: e ?? 0, at: '2025-03-10T12:00:00Z', base: 8000 });
    await refund(ctx.db, npo, whole, 8000, true);
    await addGift(ctx.db, npo, { donorId: e ?? 0, at: '2025-03-12T12:00:00Z', base: 900, status: 'failed' });
    // Another organisation's gift in the same days.
    const stranger = await addDonor(ctx.db, outsider.npoId, 'stranger@example.org');
    await addGift(ctx.db, outsider.npoId, { donorId: stranger, at: '2025-03-15T12:00:00Z', base: 99_999 });
    await closedAfter(npo);
    await closedAfter(outsider.npoId);
  });

  describe('gifts of a period', () => {
    it('adds up succeeded gifts net of refunds, with average, median, a day series and bands', async () => {
      const res = await gifts.client.get(`/api/v1/npo_admin/analysis/gifts?${MARCH}`);
      expect(res.statusCode).toBe(200);
      const body = ZGiftAnalysis.parse(res.json());
      // A 3000 + B 1000 + D 4500; E's refunded and failed gifts and C's 1 April gift are outside.
      expect(body).toMatchObject({ currency: 'USD', total: 8500, count: 3, average: 2833, median: 3000 });
      expect(body.granularity).toBe('day');
      expect(body.series).toHaveLength(31);
      expect(body.series[0]).toEqual({ bucket: '2025-03-01', amount: 4500, count: 1 });
      expect(body.series[4]).toEqual({ bucket: '2025-03-05', amount: 3000, count: 1 });
      // E's refunded gift adds 0 to the day's amount and is no gift in the count.
      expect(body.series[9]).toEqual({ bucket: '2025-03-10', amount: 0, count: 0 });
      expect(body.series[30]).toEqual({ bucket: '2025-03-31', amount: 1000, count: 1 });
      expect(body.series.reduce((sum, p) => sum + p.amount, 0)).toBe(body.total);
      expect(body.distribution.slice(0, 4)).toEqual([
        { min: 0, max: 1000, count: 0 },
        { min: 1000, max: 2500, count: 1 },
        { min: 2500, max: 5000, count: 2 },
        { min: 5000, max: 10000, count: 0 },
      ]);
      expect(body.distribution.at(-1)).toEqual({ min: 100_000, max: null, count: 0 });
    });

    it('includes both end days whole and nothing past them', async () => {
      const inner = ZGiftAnalysis.parse(
        (await gifts.client.get('/api/v1/npo_admin/analysis/gifts?from=2025-03-02&to=2025-03-30')).json(),
      );
      expect(inner).toMatchObject({ total: 3000, count: 1, median: 3000 });
      const lastDay = ZGiftAnalysis.parse(
        (await gifts.client.get('/api/v1/npo_admin/analysis/gifts?from=2025-03-31&to=2025-03-31')).json(),
      );
      expect(lastDay).toMatchObject({ total: 1000, count: 1 });
      const year = ZGiftAnalysis.parse(
        (await gifts.client.get('/api/v1/npo_admin/analysis/gifts?from=2024-05-01&to=2025-04-30')).json(),
      );
      expect(year.granularity).toBe('month');
      expect(year.series).toHaveLength(12);
      expect(year.total).toBe(5000 + 2000 + 3000 + 4000 + 1000 + 2500 + 7000 + 4500);
      // Eight gifts: 1000 2000 2500 3000 | 4000 4500 5000 7000, so the median is halfway: 3500.
      expect(year.median).toBe(3500);
    });

    it('rejects a malformed or reversed period with a message per field', async () => {
      const reversed = await gifts.client.get('/api/v1/npo_admin/analysis/gifts?from=2025-03-31&to=2025-03-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().fields).toEqual({ to: 'The end date must not be before the start date.' });
      const bad = await gifts.client.get('/api/v1/npo_admin/analysis/gifts?from=2025-02-30&to=March');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        from: 'Start date is not a real date.',
        to: 'End date must be a date written YYYY-MM-DD.',
      });
    });
  });

  it('reconciles to the cent with the donations list of the same days', async () => {
    const analysis = ZGiftAnalysis.parse((await gifts.client.get(`/api/v1/npo_admin/analysis/gifts?${MARCH}`)).json());
    const list = async (status: string) => {
      const res = await gifts.client.get(
        `/api/v1/npo_admin/donations?date_from=2025-03-01&date_to=2025-03-31&status=${status}`,
      );
      expect(res.statusCode).toBe(200);
      return ZDonationListResponse.parse(res.json()).totals;
    };
    const charged = await list('succeeded,refunded');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM giving_days WHERE npo_id = ${gifts.npoId}`,
    );
    // The closed modes read the stored day sums; live, none are stored.
    expect((rows[0]?.n ?? 0) > 0).toBe(mode !== 'summed live');
    // As charged: A 3000, B 1000, D 6000 and E's 8000 (refunded since); less 1500 + 8000 refunded.
    expect(analysis).toMatchObject({ gross: 18_000, refunded: 9500, total: 8500 });
    expect(charged.base_amount_minor).toBe(analysis.gross);
    expect(analysis.gross - analysis.refunded).toBe(analysis.total);
    expect((await list('succeeded')).count).toBe(analysis.count);
  });

  it('measures retention of the previous period’s donors: overall, new and repeat', async () => {
    const res = await gifts.client.get(`/api/v1/npo_admin/analysis/retention?${MARCH}`);
    expect(res.statusCode).toBe(200);
    // Previous period donors: A (gave before, so repeat), B and C (first gifts: new). A and B gave in March.
    expect(ZRetentionAnalysis.parse(res.json())).toEqual({
      period: { from: '2025-03-01', to: '2025-03-31' },
      previous_period: { from: '2025-01-29', to: '2025-02-28' },
      overall: { base: 3, retained: 2, rate: 66.7 },
      new: { base: 2, retained: 1, rate: 50 },
      repeat: { base: 1, retained: 1, rate: 100 },
    });
  });

  it('account_details counts the same net amounts as the analysis', async () => {
    const stats = ZOrganisationStats.parse((await gifts.client.get('/api/v1/npo_admin/account_details')).json());
    // Every succeeded gift: A 10000, B 5000, C 9500, D 4500 net; E's refunded gift 0.
    expect(stats.donations_total).toBe(29_000);
    expect(stats.total_donations).toBe(8);
    expect(stats.average_donation).toBe(3625);
    expect(stats.top_campaigns).toEqual([
      expect.objectContaining({ name: 'Winter Appeal', raised: 7500, donations: 2 }),
    ]);
    const all = ZGiftAnalysis.parse(
      (await gifts.client.get('/api/v1/npo_admin/analysis/gifts?from=2020-01-01&to=2029-12-31')).json(),
    ).total;
    expect(all).toBe(stats.donations_total);
  });

  it('home: recent donations of every status, and charts of its own organisation only', async () => {
    const res = await gifts.client.get('/api/v1/npo_admin/analysis/home');
    expect(res.statusCode).toBe(200);
    const body = ZHomeAnalysis.parse(res.json());
    expect(body.raised_by_month).toHaveLength(12);
    expect(body.recent_donations).toHaveLength(8);
    expect(body.recent_donations[0]).toMatchObject({
      donor_name: 'C Donor',
      base_amount_minor: 7000,
      status: 'succeeded',
    });
    expect(body.recent_donations.map((d) => d.status)).toContain('failed');
    const other = ZHomeAnalysis.parse((await outsider.client.get('/api/v1/npo_admin/analysis/home')).json());
    expect(other.recent_donations.map((d) => d.base_amount_minor)).toEqual([99_999]);
  });

  it('an outsider organisation sees nothing of another’s figures', async () => {
    const res = await outsider.client.get(`/api/v1/npo_admin/analysis/gifts?${MARCH}`);
    expect(ZGiftAnalysis.parse(res.json())).toMatchObject({ total: 99_999, count: 1 });
    const retention = ZRetentionAnalysis.parse(
      (await outsider.client.get(`/api/v1/npo_admin/analysis/retention?${MARCH}`)).json(),
    );
    expect(retention.overall).toEqual({ base: 0, retained: 0, rate: null });
    const lapsed = ZLapsedAnalysis.parse((await outsider.client.get('/api/v1/npo_admin/analysis/lapsed')).json());
    expect(lapsed.lybunt.donors.map((d) => d.email)).toEqual(['stranger@example.org']);
  });

  it('answers 401 without a session and 403 to a role outside the dashboard group; staff may read', async () => {
    const paths = ['home', `gifts?${MARCH}`, `retention?${MARCH}`, 'lapsed', `recurring?${MARCH}`];
    const anonymous = new TestClient(ctx.app);
    const peer = new TestClient(ctx.app);
    await peer.signIn('fundraiser@kindling.test');
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    for (const path of paths) {
      expect((await anonymous.get(`/api/v1/npo_admin/analysis/${path}`)).statusCode).toBe(401);
      expect((await peer.get(`/api/v1/npo_admin/analysis/${path}`)).statusCode).toBe(403);
      expect((await staff.get(`/api/v1/npo_admin/analysis/${path}`)).statusCode).toBe(200);
    }
  });

  describe('lapsed donors', () => {
    const now = new Date();
    const year = givingYearOf(now, 1);
    const current = givingYearRange(year, 1).start;
    const previous = givingYearRange(year - 1, 1).start;
    const day = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString();
    let lapsed: Awaited<ReturnType<typeof organisationWithAdmin>>;

    beforeAll(async () => {
      lapsed = await organisation('Lapsed Society');
      const npo = lapsed.npoId;
      const donor = async (email: string) => addDonor(ctx.db, npo, email, email.split('@')[0] ?? '', 'Giver');
      const [l1, l2, s1, c1, r1] = await Promise.all(
        ['l1', 'l2', 's1', 'c1', 'r1'].map((x) => donor(`${x}@example.org`)),
      );
      await addGift(ctx.db, npo, { donorId: l1 ?? 0, at: day(previous, -700), base: 1000 });
      await addGift(ctx.db, npo, { donorId: l1 ?? 0, at: day(previous, 10), base: 4000 });
      // Just before the previous calendar year: inside a previous fiscal year that starts earlier.
      await addGift(ctx.db, npo, { donorId: l1 ?? 0, at: day(previous, -20), base: 1000 });
      const part = await addGift(ctx.db, npo, { donorId: l2 ?? 0, at: day(previous, 100), base: 2500 });
      await refund(ctx.db, npo, part, 500, false);
      await addGift(ctx.db, npo, { donorId: s1 ?? 0, at: day(previous, -30), base: 3300 });
      await addGift(ctx.db, npo, { donorId: c1 ?? 0, at: day(previous, 5), base: 1000 });
      await addGift(ctx.db, npo, { donorId: c1 ?? 0, at: current.toISOString(), base: 700 });
      const gone = await addGift(ctx.db, npo, { donorId: r1 ?? 0, at: day(previous, 20), base: 900 });
      await refund(ctx.db, npo, gone, 900, true);
      await closedAfter(npo);
    });

    it('counts and lists LYBUNT and SYBUNT donors by calendar year', async () => {
      const res = await lapsed.client.get('/api/v1/npo_admin/analysis/lapsed');
      expect(res.statusCode).toBe(200);
      const body = ZLapsedAnalysis.parse(res.json());
      expect(body).toMatchObject({ currency: 'USD', giving_year: year, fiscal_year_start_month: 1 });
      // L1 and L2 last gave in the previous year (L2 net of a 500 refund); C1 also gave this year.
      expect(body.lybunt).toMatchObject({ count: 2, amount: 4000 + 2000 });
      expect(body.lybunt.donors.map((d) => [d.email, d.last_year_amount, d.lifetime_amount])).toEqual([
        ['l2@example.org', 2000, 2000],
        ['l1@example.org', 4000, 6000],
      ]);
      expect(body.sybunt).toMatchObject({ count: 1, amount: 3300 });
      expect(body.sybunt.donors[0]).toMatchObject({ email: 's1@example.org', name: 's1 Giver', last_year_amount: 0 });
    });

    it('follows the organisation’s fiscal year', async () => {
      // A fiscal year starting in the month after today's: the current giving year began 11 months
      // and some days ago, so the boundaries move and each donor is classified again.
      const startMonth = ((now.getUTCMonth() + 1) % 12) + 1;
      await ctx.db.execute(sql`UPDATE npos SET fiscal_year_start_month = ${startMonth} WHERE id = ${lapsed.npoId}`);
      const body = ZLapsedAnalysis.parse((await lapsed.client.get('/api/v1/npo_admin/analysis/lapsed')).json());
      expect(body.fiscal_year_start_month).toBe(startMonth);
      expect(body.giving_year).toBe(givingYearOf(now, startMonth));
      const fiscalCurrent = givingYearRange(givingYearOf(now, startMonth), startMonth).start;
      const fiscalPrevious = givingYearRange(givingYearOf(now, startMonth) - 1, startMonth).start;
      const lastGifts: Record<string, string> = {
        'l1@example.org': day(previous, 10),
        'l2@example.org': day(previous, 100),
        's1@example.org': day(previous, -30),
        'c1@example.org': current.toISOString(),
      };
      const expectLybunt = Object.entries(lastGifts)
        .filter(([, at]) => at >= fiscalPrevious.toISOString() && at < fiscalCurrent.toISOString())
        .map(([email]) => email)
        .sort();
      expect(body.lybunt.donors.map((d) => d.email).sort()).toEqual(expectLybunt);
      // Last year's giving follows the fiscal year too (net of L2's 500 refund).
      const giftsOf: Record<string, Array<[string, number]>> = {
        'l1@example.org': [
          [day(previous, -700), 1000],
          [day(previous, -20), 1000],
          [day(previous, 10), 4000],
        ],
        'l2@example.org': [[day(previous, 100), 2000]],
        's1@example.org': [[day(previous, -30), 3300]],
        'c1@example.org': [
          [day(previous, 5), 1000],
          [current.toISOString(), 700],
        ],
      };
      const inFiscalPrevious = (email: string) =>
        (giftsOf[email] ?? [])
          .filter(([at]) => at >= fiscalPrevious.toISOString() && at < fiscalCurrent.toISOString())
          .reduce((sum, [, amount]) => sum + amount, 0);
      for (const d of body.lybunt.donors) expect(d.last_year_amount).toBe(inFiscalPrevious(d.email));
      expect(body.lybunt.amount).toBe(expectLybunt.reduce((sum, email) => sum + inFiscalPrevious(email), 0));
      await ctx.db.execute(sql`UPDATE npos SET fiscal_year_start_month = 1 WHERE id = ${lapsed.npoId}`);
    });
  });

  it('recurring revenue, churn and failed-payment recovery of a period', async () => {
    const plans = await organisation('Plans Trust');
    const npo = plans.npoId;
    const donor = await addDonor(ctx.db, npo, 'plans@example.org');
    const plan = async (p: Omit<Parameters<typeof addPlan>[2], 'donorId' | 'firstDonationId'>, base?: number) => {
      const first = await addGift(ctx.db, npo, {
        donorId: donor,
        at: p.startedAt,
        base: base ?? p.amount,
        amount: p.amount,
        currency: p.currency ?? 'USD',
        interval: p.interval,
      });
      return addPlan(ctx.db, npo, { ...p, donorId: donor, firstDonationId: first });
    };
    const monthly = await plan({ amount: 1000, interval: 'monthly', startedAt: '2025-01-10T00:00:00Z' });
    await plan({ amount: 12_000, interval: 'yearly', startedAt: '2024-06-01T00:00:00Z' });
    await plan({
      amount: 300,
      interval: 'weekly',
      startedAt: '2025-02-01T00:00:00Z',
      status: 'cancelled',
      cancelledAt: '2025-03-15T00:00:00Z',
    });
    await plan({
      amount: 2000,
      interval: 'monthly',
      startedAt: '2024-11-01T00:00:00Z',
      status: 'failed',
      failureReason: 'retries_exhausted',
      cancelledAt: '2025-03-20T00:00:00Z',
    });
    // 5.00 EUR a month, worth 5.40 USD at its first gift.
    await plan({ amount: 500, currency: 'EUR', interval: 'monthly', startedAt: '2025-03-10T00:00:00Z' }, 540);
    await plan({
      amount: 800,
      interval: 'monthly',
      startedAt: '2024-12-01T00:00:00Z',
      status: 'failed',
      failureReason: 'no_saved_payment_method',
    });
    const quarterly = await plan({
      amount: 3000,
      interval: 'quarterly',
      startedAt: '2025-01-01T00:00:00Z',
      status: 'past_due',
    });
    await addFailedAttempt(ctx.db, npo, quarterly, '2025-03-03T00:00:00Z');
    await addGift(ctx.db, npo, { donorId: donor, at: '2025-03-06T00:00:00Z', base: 3000, planId: quarterly });
    await addFailedAttempt(ctx.db, npo, monthly, '2025-03-20T00:00:00Z');
    await closedAfter(npo);

    const res = await plans.client.get(`/api/v1/npo_admin/analysis/recurring?${MARCH}`);
    expect(res.statusCode).toBe(200);
    const body = ZRecurringAnalysis.parse(res.json());
    expect(body).toMatchObject({
      currency: 'USD',
      // Now: monthly 1000 + yearly 12000/12 + EUR 540 + quarterly 3000/3.
      mrr: 3540,
      // 1 March: monthly 1000, yearly 1000, weekly 300·52/12 = 1300, failed-later 2000, quarterly 1000.
      mrr_at_start: 6300,
      plans_at_start: 5,
      new_plans: 1,
      churn: { voluntary: 1, failed: 1, rate: 40 },
      recovery: { past_due: 2, recovered: 1, rate: 50 },
    });
    expect(body.series).toEqual([{ bucket: '2025-03-01', new_plans: 1, voluntary: 1, failed: 1 }]);
    const outside = ZRecurringAnalysis.parse(
      (await outsider.client.get(`/api/v1/npo_admin/analysis/recurring?${MARCH}`)).json(),
    );
    expect(outside).toMatchObject({ mrr: 0, plans_at_start: 0, churn: { voluntary: 0, failed: 0, rate: null } });
  });
});
