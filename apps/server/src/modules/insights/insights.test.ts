import { INSIGHT_CATEGORIES, type TInsightsResponse, ZInsight } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { seedInsightsHistory } from '../../seed/insights-seed.ts';

const ctx = useTestApp();
let admin: TestClient;
let ids: { riverside: number; northern: number };
let beforeRefresh: TInsightsResponse;

const signedIn = async (email: string) => {
  const c = new TestClient(ctx.app);
  await c.signIn(email);
  return c;
};
const insights = async (c: TestClient, query = ''): Promise<TInsightsResponse> => {
  const response = await c.get(`/api/v1/insights${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  const { rows } = await ctx.db.execute<{ id: number; slug: string }>(sql`SELECT id, slug FROM npos`);
  const id = (slug: string) => Number(rows.find((r) => r.slug === slug)?.id);
  ids = { riverside: id('riverside-food-bank'), northern: id('northern-lights-rescue') };
  await seedInsightsHistory(ctx.db, ids.riverside);
  admin = await signedIn('admin@kindling.test');
  beforeRefresh = await insights(admin);
  const refresh = await admin.post('/api/v1/insights/refresh');
  expect(refresh.statusCode, refresh.body).toBe(200);
  // The job runs in the app's own workers; wait for it to store the result.
  for (let i = 0; i < 240; i++) {
    const now = await insights(admin);
    if (now.data.computed_at && !now.data.refreshing) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the insights job did not store a result');
}, 180_000);

describe('GET /insights', () => {
  it('answers every category empty, with no time computed, before the first run', () => {
    expect(beforeRefresh.status).toBe('success');
    expect(beforeRefresh.data.computed_at).toBeNull();
    expect(Object.keys(beforeRefresh.data.insights).sort()).toEqual([...INSIGHT_CATEGORIES].sort());
    for (const list of Object.values(beforeRefresh.data.insights)) expect(list).toEqual([]);
  });

  it('gives real insights in all seven categories, in the insight shape, for the default 30 days', async () => {
    const body = await insights(admin);
    expect(body.data.time_range).toBe('last_30_days');
    for (const category of INSIGHT_CATEGORIES) {
      const list = body.data.insights[category] ?? [];
      expect(list.length, category).toBeGreaterThan(0);
      for (const insight of list) {
        expect(ZInsight.strict().safeParse(insight).success, JSON.stringify(insight)).toBe(true);
        expect(['high', 'medium', 'low']).toContain(insight.priority);
        for (const point of insight.data_points) expect(['up', 'down', 'neutral']).toContain(point.trend);
        for (const action of insight.suggested_actions)
          expect(['call', 'email', 'meeting', 'internal']).toContain(action.type);
      }
    }
    const churn = body.data.insights.churn_insights ?? [];
    expect(churn.some((i) => i.type === 'plan_at_risk' || i.type === 'lapse_risk')).toBe(true);
    const titles = (body.data.insights.next_action_insights ?? []).map((i) => i.type);
    expect(titles).toEqual(expect.arrayContaining(['thank_first_time', 'fix_failing_card']));
    expect(
      body.data.insights.campaign_insights?.some((i) => i.title === 'Winter Warmth Appeal is behind its pace'),
    ).toBe(true);
    expect(body.data.insights.fraud_insights?.some((i) => i.type === 'card_testing')).toBe(true);
    const countries = (body.data.insights.geographical_insights ?? []).map((i) => i.location);
    expect(countries).toEqual(expect.arrayContaining(['US', 'GB', 'CA']));
  });

  it('reports the churn model trained on the organisation and its quality on held-out donors', async () => {
    const model = (await insights(admin)).data.churn_model;
    expect(model?.method).toBe('logistic_regression');
    expect(model?.held_out).toBeGreaterThan(20);
    expect(model?.auc).toBeGreaterThan(0.5);
    expect(model?.lift).toBeCloseTo((model?.auc ?? 0) - (model?.recency_auc ?? 0), 2);
  });

  it('keeps one result per time range', async () => {
    const week = await insights(admin, '?time_range=last_7_days');
    const quarter = await insights(admin, '?time_range=last_90_days');
    expect(week.data.time_range).toBe('last_7_days');
    const raised = (b: TInsightsResponse) => b.data.insights.geographical_insights?.[0]?.data_points[0]?.value;
    expect(raised(week)).not.toEqual(raised(quarter));
  });

  it('answers only the categories asked for, as a list or repeated', async () => {
    expect(Object.keys((await insights(admin, '?insights=churn_insights')).data.insights)).toEqual(['churn_insights']);
    const two = await insights(admin, '?insights=churn_insights,fraud_insights');
    expect(Object.keys(two.data.insights).sort()).toEqual(['churn_insights', 'fraud_insights']);
    const repeated = await insights(admin, '?insights=donor_insights&insights=payment_insights');
    expect(Object.keys(repeated.data.insights).sort()).toEqual(['donor_insights', 'payment_insights']);
  });

  it('filters fraud insights by risk score, 70 by default', async () => {
    const score = (i: { data_points: { label: string; value: unknown }[] }) =>
      Number(i.data_points.find((p) => p.label === 'Risk score')?.value);
    const byDefault = (await insights(admin, '?insights=fraud_insights')).data.insights.fraud_insights ?? [];
    for (const i of byDefault) expect(score(i)).toBeGreaterThanOrEqual(70);
    const all = (await insights(admin, '?insights=fraud_insights&risk_threshold=0')).data.insights.fraud_insights ?? [];
    const strict =
      (await insights(admin, '?insights=fraud_insights&risk_threshold=100')).data.insights.fraud_insights ?? [];
    expect(all.length).toBeGreaterThan(0);
    // Each threshold keeps exactly the insights scoring at least it.
    expect(byDefault.map((i) => i.title)).toEqual(all.filter((i) => score(i) >= 70).map((i) => i.title));
    expect(strict.map((i) => i.title)).toEqual(all.filter((i) => score(i) >= 100).map((i) => i.title));
  });

  it('filters by location, payment method and amount', async () => {
    const gb = await insights(admin, '?insights=geographical_insights&location=gb');
    expect(gb.data.insights.geographical_insights?.map((i) => i.location)).toEqual(['GB']);
    const paypal = await insights(admin, '?insights=payment_insights&payment_method=paypal');
    const failureRows = (paypal.data.insights.payment_insights ?? []).filter((i) => i.type === 'failure_rate');
    for (const i of failureRows) expect(i.entity.name).toMatch(/^paypal/);
    const all = (await insights(admin, '?insights=donor_insights')).data.insights.donor_insights ?? [];
    const large = (await insights(admin, '?insights=donor_insights&amount=500')).data.insights.donor_insights ?? [];
    expect(large.length).toBeLessThan(all.length);
  });

  it.each([
    ['?insights=bogus_insights', /bogus_insights is not an insight category/],
    ['?time_range=last_year', /time range must be one of: last_7_days, last_30_days, last_90_days/],
    ['?risk_threshold=150', /risk threshold can be at most 100/],
    ['?risk_threshold=high', /risk threshold must be a number/],
    ['?amount=-5', /amount cannot be negative/],
    ['?location=USA', /two-letter country code/],
    ['?payment_method=DROP%20TABLE', /payment method/],
  ])('answers 400 with a message for %s', async (query, message) => {
    const response = await admin.get(`/api/v1/insights${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(message);
  });
});

describe('who may read and refresh insights', () => {
  it('refuses anonymous callers and peer fundraisers', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/v1/insights')).statusCode).toBe(401);
    expect([401, 403]).toContain((await anonymous.post('/api/v1/insights/refresh')).statusCode);
    const peer = await signedIn('fundraiser@kindling.test');
    expect((await peer.get('/api/v1/insights')).statusCode).toBe(403);
    expect((await peer.post('/api/v1/insights/refresh')).statusCode).toBe(403);
  });

  it.each(['manager@kindling.test', 'finance@kindling.test', 'staff@kindling.test'])(
    'lets %s read them',
    async (email) => {
      const body = await insights(await signedIn(email), '?insights=donor_insights');
      expect(body.data.insights.donor_insights?.length).toBeGreaterThan(0);
    },
  );

  it("never shows another organisation's insights", async () => {
    const multi = await signedIn('multi@kindling.test');
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${ids.northern}&code=5150`);
    const northern = await insights(multi);
    expect(northern.data.computed_at).toBeNull();
    expect(northern.data.currency).toBe('GBP');
    for (const list of Object.values(northern.data.insights)) expect(list).toEqual([]);
  });
});
