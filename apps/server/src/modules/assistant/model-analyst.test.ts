// The optional OpenAI-compatible endpoint (decision 094), against a local stand-in that records each
// request: the key, the model, the fixed tools with their JSON-schema parameters and the tool results
// sent back. Scripted tool calls show that an organisation id, an unknown tool and another
// organisation's campaign are refused, that rounds are bounded, and that a failing or silent endpoint
// gets the built-in analyst's answer with a note saying so.
import { type TAnalysis, type TAnalysisChart, type TAnalysisTable, ZAnalyzeResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatRequest, startOpenAiStandIn } from '../../../test/openai-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { seedInsightsHistory } from '../../seed/insights-seed.ts';
import { signedIn } from '../team/team.test-support.ts';
import { MAX_TOOL_ROUNDS } from './model-analyst.ts';
import { INTENTS } from './parse.ts';

const KEY = 'sk-kindling-stand-in';
const MODEL = 'kindling-test-model';
let ai: Awaited<ReturnType<typeof startOpenAiStandIn>>;
beforeAll(async () => {
  ai = await startOpenAiStandIn({ apiKey: KEY, model: MODEL });
});
afterAll(async () => {
  await ai?.close();
});
const ctx = useTestApp({
  env: () => ({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: KEY, AI_MODEL: MODEL, AI_TIMEOUT_MS: '15000' }),
});
let northern: { id: number; campaign: string; donors: string[] };

beforeAll(async () => {
  const { rows } = await ctx.db.execute<{ id: number; slug: string }>(sql`SELECT id, slug FROM npos`);
  const id = (slug: string) => Number(rows.find((r) => r.slug === slug)?.id);
  await seedInsightsHistory(ctx.db, id('riverside-food-bank'));
  // Another organisation's campaign, copied from one of Riverside's under a name of its own.
  await ctx.db.execute(sql`
    INSERT INTO campaigns OVERRIDING SYSTEM VALUE
    SELECT (jsonb_populate_record(NULL::campaigns, to_jsonb(c) || jsonb_build_object('id', nextval('campaigns_id_seq'),
      'npo_id', ${id('northern-lights-rescue')}::bigint, 'name', 'Northern Dog Walk', 'campaign_url', 'northern-dog-walk'))).*
    FROM campaigns c WHERE c.npo_id = ${id('riverside-food-bank')} AND c.parent_campaign_id IS NULL ORDER BY c.id LIMIT 1`);
  const campaign = await ctx.db.execute<{ name: string }>(
    sql`SELECT name FROM campaigns WHERE npo_id = ${id('northern-lights-rescue')} ORDER BY id LIMIT 1`,
  );
  // Another organisation's largest giver of the year, whose name must never reach the model.
  const other = id('northern-lights-rescue');
  await ctx.db.execute(sql`
    WITH o AS (INSERT INTO donors (npo_id, email, first_name, last_name, country, created_at)
      VALUES (${other}, 'ingrid@northway.test', 'Ingrid', 'Northway', 'CA', now()) RETURNING id)
    INSERT INTO donations (npo_id, donor_id, amount_minor, fee_covered_minor, currency, base_amount_minor, base_currency,
      fx_rate, interval, status, payment_method, provider, created_at, updated_at)
    SELECT ${other}, o.id, 9900000, 0, 'USD', 9900000, 'USD', 1, 'once', 'succeeded', 'card', 'sandbox', now(), now() FROM o`);
  northern = {
    id: id('northern-lights-rescue'),
    campaign: campaign.rows[0]?.name ?? '',
    donors: ['Ingrid Northway', 'ingrid@northway.test'],
  };
  expect(northern.campaign).not.toBe('');
}, 120_000);

const ask = async (c: TestClient, prompt: string): Promise<TAnalysis> => {
  const response = await c.post('/api/v1/ai/analyze', { prompt });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(ZAnalyzeResponse.strict().safeParse(body).success, response.body).toBe(true);
  return body.data;
};
const toolMessages = (request: ChatRequest | undefined) =>
  (request?.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));

describe('POST /ai/analyze with an OpenAI-compatible endpoint', () => {
  it('offers the fixed queries as tools, runs the call in the organisation and answers with its table', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    ai.script([
      { calls: [{ name: 'top_donors', arguments: { period: 'this_quarter', limit: 5 } }] },
      { text: 'Your five largest givers this quarter are listed below.' },
    ]);
    const answer = (await ask(admin, 'Who are my top donors this quarter?')) as TAnalysisTable;
    expect(ai.requests).toHaveLength(2);
    const [first, second] = ai.requests;
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.authorization).toBe(`Bearer ${KEY}`);
    expect(first?.body.model).toBe(MODEL);
    expect(first?.body.tools?.map((t) => t.function.name)).toEqual([...INTENTS]);
    const parameters = first?.body.tools?.[0]?.function.parameters ?? {};
    expect(parameters.additionalProperties).toBe(false);
    expect(Object.keys(parameters.properties as object).sort()).toEqual(
      ['campaign', 'horizon', 'limit', 'max_amount', 'min_amount', 'period', 'year'].sort(),
    );
    expect(first?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(first?.body.messages[0]?.content).toContain('Riverside Food Bank');
    expect(first?.body.messages[1]?.content).toBe('Who are my top donors this quarter?');
    // The second request carries the query's result for the model's call.
    const [result] = toolMessages(second);
    const sent = JSON.parse(result ?? '{}') as TAnalysisTable;
    expect(sent.type).toBe('table');
    expect(sent.rows.length).toBeGreaterThan(0);
    expect(sent.rows.length).toBeLessThanOrEqual(5);
    expect(answer.type).toBe('table');
    expect(answer.rows).toEqual(sent.rows);
    expect(answer.note).toContain('Your five largest givers this quarter are listed below.');
    expect(answer.note).toContain('Period: this quarter');
    expect(answer.note).toContain(`Answered by ${MODEL}`);
  });

  it('answers a forecast with the chart of the forecast query', async () => {
    const manager = await signedIn(ctx, 'manager@kindling.test');
    ai.script([
      { calls: [{ name: 'forecast', arguments: { horizon: 'quarter' } }] },
      { text: 'Next quarter should raise about the same as the last.' },
    ]);
    const answer = (await ask(manager, 'What will we raise next quarter?')) as TAnalysisChart;
    expect(answer.type).toBe('chart');
    expect(answer.chart).toBe('line');
    expect(answer.points.filter((p) => p.values.actual === null)).toHaveLength(3);
    expect(answer.note).toContain('Next quarter should raise about the same as the last.');
    expect(answer.note).toMatch(/Method: .+ backtested/);
  });

  it('refuses another organisation’s id, an unknown tool and another organisation’s campaign', async () => {
    const staff = await signedIn(ctx, 'staff@kindling.test');
    ai.script([
      {
        calls: [
          { name: 'top_donors', arguments: { npo_id: northern.id, period: 'last_365_days' } },
          { name: 'run_sql', arguments: { query: 'SELECT * FROM donors' } },
        ],
      },
      { calls: [{ name: 'top_donors', arguments: { campaign: northern.campaign } }] },
      { calls: [{ name: 'top_donors', arguments: { period: 'last_365_days', limit: 50 } }] },
      { text: 'These are your top donors of the last year.' },
    ]);
    const answer = (await ask(staff, 'Top donors of Northern Lights Rescue, please')) as TAnalysisTable;
    expect(ai.requests).toHaveLength(4);
    const [idRefusal, toolRefusal] = toolMessages(ai.requests[1]);
    expect(idRefusal).toMatch(/^Refused: unknown arguments npo_id\. Every query runs in the signed-in organisation/);
    expect(toolRefusal).toMatch(/^Refused: there is no tool named "run_sql"/);
    expect(toolMessages(ai.requests[2]).at(-1)).toBe(
      `Refused: this organisation has no campaign named "${northern.campaign}".`,
    );
    expect(answer.type).toBe('table');
    expect(answer.rows.length).toBeGreaterThan(0);
    // Nothing of the other organisation reached the model or the answer.
    const everything = JSON.stringify(ai.requests.map((r) => r.body.messages)) + JSON.stringify(answer);
    for (const name of northern.donors) expect(everything).not.toContain(name);
  });

  it('stops after a bounded number of tool rounds and answers with the last result', async () => {
    const finance = await signedIn(ctx, 'finance@kindling.test');
    ai.script(
      Array.from({ length: MAX_TOOL_ROUNDS + 3 }, () => ({
        calls: [{ name: 'payment_methods', arguments: { period: 'last_90_days' } }],
      })),
    );
    const answer = (await ask(finance, 'Break down donations by payment method')) as TAnalysisTable;
    expect(ai.requests).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(ai.requests.slice(0, MAX_TOOL_ROUNDS).every((r) => r.body.tools?.length === INTENTS.length)).toBe(true);
    expect(ai.requests.at(-1)?.body.tools).toBeUndefined();
    expect(answer.type).toBe('table');
    expect(answer.columns.map((c) => c.key)).toContain('method');
  });

  it('answers with the built-in analyst, and says so, when the endpoint fails or does not answer', async () => {
    const admin = await signedIn(ctx, 'admin@kindling.test');
    ai.script([{ status: 500, message: 'The server had an error' }]);
    const failed = (await ask(admin, 'Who are my top donors this quarter?')) as TAnalysisTable;
    expect(ai.requests).toHaveLength(1);
    expect(failed.type).toBe('table');
    expect(failed.note).toMatch(
      /^The AI service answered with an error \(500\), so Kindling's built-in analyst answered\. Period: this quarter/,
    );

    ai.script([{ hang: true }]);
    const silent = (await ask(admin, 'Forecast donations for next month')) as TAnalysisChart;
    expect(silent.type).toBe('chart');
    expect(silent.note).toMatch(/^The AI service did not answer in time, so Kindling's built-in analyst answered\./);
  }, 60_000);
});
