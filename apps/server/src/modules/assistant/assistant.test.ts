// The insights assistant's calls (docs/product/insights.md#assistant, spec 01 §5, §7–9): POST
// /ai/analyze in its three result shapes on the demo's two years of history, bad input, the per-user
// rate limit, the organisation scope, the saved recent queries, and who may call each route.
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_PROMPT_MAX,
  ASSISTANT_RATE_LIMIT,
  PREDEFINED_PROMPTS,
  SAVED_QUERIES_CAP,
  type TAnalysis,
  type TAnalysisChart,
  type TAnalysisTable,
  ZAnalyzeResponse,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { seedInsightsHistory } from '../../seed/insights-seed.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const ctx = useTestApp();
let riverside: number;

const ask = async (c: TestClient, prompt: string, time_range?: string): Promise<TAnalysis> => {
  const response = await c.post('/api/v1/ai/analyze', { prompt, ...(time_range ? { time_range } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(ZAnalyzeResponse.strict().safeParse(body).success, response.body).toBe(true);
  return body.data;
};

beforeAll(async () => {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
  riverside = Number(rows[0]?.id);
  await seedInsightsHistory(ctx.db, riverside);
}, 120_000);

describe('POST /ai/analyze', () => {
  it('answers "who are my top donors this quarter" with a table of the quarter’s largest givers', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const answer = (await ask(admin, 'Who are my top donors this quarter?')) as TAnalysisTable;
    expect(answer.type).toBe('table');
    expect(answer.columns.map((c) => c.label)).toEqual(['#', 'Donor', 'Gifts', 'Total', 'Largest gift', 'Last gift']);
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.length).toBeLessThanOrEqual(10);
    expect(answer.note).toContain('this quarter');
    // The quarter starts at the organisation's own midnight (decision 094).
    const { rows } = await ctx.db.execute<{ name: string }>(sql`
      SELECT trim(o.first_name || ' ' || o.last_name) AS name FROM donations d JOIN donors o ON o.id = d.donor_id
      JOIN npos n ON n.id = d.npo_id
      WHERE d.npo_id = ${riverside} AND d.status = 'succeeded'
        AND d.created_at >= date_trunc('quarter', now() AT TIME ZONE n.time_zone) AT TIME ZONE n.time_zone
      GROUP BY o.id ORDER BY sum(d.base_amount_minor) DESC, o.id LIMIT 1`);
    expect(answer.rows[0]?.donor).toBe(rows[0]?.name);
  });

  it('forecasts next month as a chart with its method, backtested error and an interval', async () => {
    const manager = await signedIn(ctx, 'manager@kindling.test');
    const answer = (await ask(manager, 'Forecast donations for next month')) as TAnalysisChart;
    expect(answer.type).toBe('chart');
    expect(answer.chart).toBe('line');
    expect(answer.series.map((s) => s.key)).toEqual(['actual', 'forecast', 'low', 'high']);
    expect(answer.note).toMatch(
      /^Method: .+ backtested on this organisation's own last \d+ months \(mean absolute error/,
    );
    const future = answer.points.filter((p) => p.values.actual === null);
    expect(future).toHaveLength(1);
    const v = future[0]?.values ?? {};
    expect(v.low).toBeLessThanOrEqual(v.forecast ?? -1);
    expect(v.high).toBeGreaterThanOrEqual(v.forecast ?? Number.POSITIVE_INFINITY);
    expect(answer.currency).toBe('USD');
    const quarter = (await ask(manager, 'What do you predict for next quarter?')) as TAnalysisChart;
    expect(quarter.points.filter((p) => p.values.actual === null)).toHaveLength(3);
    expect(quarter.note).toContain('last');
  });

  it('answers every predefined prompt from the organisation’s data, not with the help text', async () => {
    const staff = await signedIn(ctx, 'staff@kindling.test');
    const shapes: string[] = [];
    for (const prompt of PREDEFINED_PROMPTS.flatMap((c) => c.prompts.map((p) => p.prompt))) {
      const answer = await ask(staff, prompt, 'last_90_days');
      expect('type' in answer && answer.type === 'text' && answer.suggestions.length > 0, prompt).toBe(false);
      shapes.push('type' in answer ? answer.type : 'insights');
    }
    // Frequency and growth draw charts; churn, campaigns and payments are tables on the demo history.
    expect(shapes).toEqual([
      'table',
      'table',
      'chart',
      'table',
      'table',
      'table',
      'chart',
      'table',
      'chart',
      'table',
      'table',
      'table',
    ]);
  });

  it('narrows by a named campaign and amount, and says what it understood', async () => {
    const finance = await signedIn(ctx, 'finance@kindling.test');
    const answer = (await ask(
      finance,
      'top donors to the Winter Warmth Appeal over $50 in the last 2 years',
    )) as TAnalysisTable;
    expect(answer.note).toContain('campaign: Winter Warmth Appeal');
    expect(answer.note).toMatch(/gifts of at least \$50\.00/);
    const unknown = await ask(finance, 'What is the weather in Paris?');
    expect(unknown).toMatchObject({ type: 'text', title: 'I can’t answer that yet' });
    if (!('type' in unknown) || unknown.type !== 'text') throw new Error('not text');
    expect(unknown.text).toContain('top donors, lapsed donors');
    expect(unknown.suggestions).toHaveLength(12);
  });

  it('refuses an empty, an over-long prompt and an unknown time range with the product’s message', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const cases: [unknown, string][] = [
      [{ prompt: '   ' }, ASSISTANT_MESSAGES.empty],
      [{}, ASSISTANT_MESSAGES.empty],
      [{ prompt: 'x'.repeat(ASSISTANT_PROMPT_MAX + 1) }, ASSISTANT_MESSAGES.tooLong],
      [
        { prompt: 'top donors', time_range: 'last_year' },
        'The time range must be one of: last_7_days, last_30_days, last_90_days.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/v1/ai/analyze', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('keeps to the caller’s organisation whatever the prompt says, and reads no other table', async () => {
    const outsider = await outsiderOrganisation(ctx, 'assistant-outsider@example.org', 'Assistant Outsiders');
    const answer = await ask(outsider.client, `Who are my top donors this year? npo_id=${riverside}`);
    expect(answer).toMatchObject({ type: 'text', title: 'No gifts match' });
    const injected = await ask(outsider.client, "top donors'; DELETE FROM donations; --");
    expect('type' in injected && injected.type).toBe('text');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM donations WHERE npo_id = ${riverside}`,
    );
    expect(rows[0]?.n).toBeGreaterThan(1000);
  });

  it(`limits each user to ${ASSISTANT_RATE_LIMIT.limit} questions a minute`, async () => {
    const { client: busy } = await outsiderOrganisation(ctx, 'assistant-busy@example.org', 'Assistant Busy');
    for (let i = 0; i < ASSISTANT_RATE_LIMIT.limit; i++) await ask(busy, `hello ${i}`);
    const refused = await busy.post('/api/v1/ai/analyze', { prompt: 'hello again' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ASSISTANT_MESSAGES.tooMany);
    // Another user is not held back.
    const other = await signedIn(ctx, 'admin@kindling.test');
    await ask(other, 'hello');
  });
});

describe('saved recent queries', () => {
  it('saves, lists newest first without repeats, keeps the newest 20, and clears only the caller’s', async () => {
    const staff = await signedIn(ctx, 'staff@kindling.test');
    const manager = await signedIn(ctx, 'manager@kindling.test');
    await manager.post('/api/v1/npo_admin/ai_user_queries', { query: 'the manager’s own question' });
    for (let i = 1; i <= SAVED_QUERIES_CAP + 2; i++) {
      const saved = await staff.post('/api/v1/npo_admin/ai_user_queries', { query: `question ${i}` });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ query: `question ${i}` });
    }
    await staff.post('/api/v1/npo_admin/ai_user_queries', { query: 'question 5' });
    const list = (await staff.get('/api/v1/npo_admin/ai_user_queries')).json();
    expect(list.status).toBe('success');
    expect(list.data).toHaveLength(SAVED_QUERIES_CAP);
    expect(list.data.slice(0, 3).map((q: { query: string }) => q.query)).toEqual([
      'question 5',
      'question 22',
      'question 21',
    ]);
    expect(list.data.map((q: { query: string }) => q.query)).not.toContain('question 2');
    for (const q of list.data) expect(Object.keys(q).sort()).toEqual(['id', 'queried_at', 'query']);

    const bad = await staff.post('/api/v1/npo_admin/ai_user_queries', { query: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The query is missing.');

    const cleared = await staff.request('DELETE', '/api/v1/ai/user_queries/destroy_all');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.deleted).toBe(SAVED_QUERIES_CAP);
    expect((await staff.get('/api/v1/npo_admin/ai_user_queries')).json().data).toEqual([]);
    const managers = (await manager.get('/api/v1/npo_admin/ai_user_queries')).json().data;
    expect(managers.map((q: { query: string }) => q.query)).toEqual(['the manager’s own question']);
  });

  it('never shows another organisation’s saved queries', async () => {
    const outsider = await outsiderOrganisation(ctx, 'assistant-saved@example.org', 'Assistant Saved Outsiders');
    expect((await outsider.client.get('/api/v1/npo_admin/ai_user_queries')).json().data).toEqual([]);
    const cleared = await outsider.client.request('DELETE', '/api/v1/ai/user_queries/destroy_all');
    expect(cleared.json().data.deleted).toBe(0);
  });
});

describe('who may call the assistant', () => {
  const ROUTES = [
    ['POST', '/api/v1/ai/analyze', { prompt: 'hello' }],
    ['GET', '/api/v1/npo_admin/ai_user_queries', undefined],
    ['POST', '/api/v1/npo_admin/ai_user_queries', { query: 'access check' }],
    ['DELETE', '/api/v1/ai/user_queries/destroy_all', undefined],
  ] as const;

  it('answers 401 to anonymous callers, 403 to a peer fundraiser and 200 to every dashboard role', async () => {
    const { TestClient } = await import('../../../test/test-client.ts');
    const anonymous = new TestClient(ctx.app);
    await anonymous.prime();
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    const dashboard = ['admin@kindling.test', 'manager@kindling.test', 'finance@kindling.test', 'staff@kindling.test'];
    const clients = await Promise.all(dashboard.map((e) => signedIn(ctx, e)));
    for (const [method, path, body] of ROUTES) {
      const opts = body === undefined ? {} : { body };
      expect((await anonymous.request(method, path, opts)).statusCode, `${method} ${path}`).toBe(401);
      expect((await fundraiser.request(method, path, opts)).statusCode, `${method} ${path}`).toBe(403);
      for (const [i, c] of clients.entries())
        expect((await c.request(method, path, opts)).statusCode, `${dashboard[i]} ${method} ${path}`).toBe(200);
    }
  });
});
