// The analyst's reading of questions and its forecast (docs/product/insights.md#assistant): pure
// functions, checked on the predefined prompts and the questions staff ask.
import { PREDEFINED_PROMPTS } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { backtest, forecast } from './forecast.ts';
import { type Intent, parseQuestion } from './parse.ts';

const now = new Date('2026-11-20T12:00:00Z');
const campaigns = [
  { id: 1, name: 'Winter Warmth Appeal' },
  { id: 2, name: 'Winter' },
];
const read = (prompt: string) => parseQuestion(prompt, { now, timeRange: 'last_30_days', campaigns });

describe('the analyst reads questions', () => {
  it('places every predefined prompt on its own query', () => {
    const expected: Intent[] = [
      'top_donors',
      'lapsed_donors',
      'donation_frequency',
      'campaign_comparison',
      'underperforming_campaigns',
      'campaign_optimization',
      'forecast',
      'churn_risk',
      'growth',
      'payment_methods',
      'failed_payments',
      'fraud',
    ];
    const prompts = PREDEFINED_PROMPTS.flatMap((c) => c.prompts.map((p) => p.prompt));
    expect(prompts.map((p) => read(p).intent)).toEqual(expected);
  });

  it('reads periods, the campaign by its longest name, amounts and a count', () => {
    const q = read('Who are my top 5 donors to the Winter Warmth Appeal this quarter giving over $1,000?');
    expect(q.intent).toBe('top_donors');
    expect(q.period.label).toBe('this quarter');
    expect(q.period.start.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(q.campaign).toEqual({ id: 1, name: 'Winter Warmth Appeal' });
    expect(q.minAmount).toBe(100_000);
    expect(q.limit).toBe(5);
    expect(read('failed payments last month under 50').period).toMatchObject({ label: 'last month' });
    expect(read('failed payments last month under 50').maxAmount).toBe(5000);
    expect(read('top donors in 2025').period.start.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(read('top donors the last 90 days').period.label).toBe('the last 90 days');
    expect(read('gifts between 10 and 2k by payment method')).toMatchObject({ minAmount: 1000, maxAmount: 200_000 });
  });

  it('falls back to the call’s time range and forecasts a quarter when asked', () => {
    const q = read('top donors');
    expect(q.periodNamed).toBe(false);
    expect(q.period.label).toBe('the last 30 days');
    expect(read('forecast next quarter').horizon).toBe('quarter');
    expect(read('forecast donations for next month').horizon).toBe('month');
  });

  it('reads periods in the organisation’s time zone (decision 094)', () => {
    const inZone = (prompt: string, zone: string) =>
      parseQuestion(prompt, { now, timeRange: 'last_30_days', campaigns, zone }).period;
    // Auckland is 13 hours ahead in November: its quarter and month begin the day before in UTC.
    expect(inZone('top donors this quarter', 'Pacific/Auckland').start.toISOString()).toBe('2026-09-30T11:00:00.000Z');
    expect(inZone('top donors last month', 'Pacific/Auckland')).toMatchObject({
      start: new Date('2026-09-30T11:00:00.000Z'),
      end: new Date('2026-10-31T11:00:00.000Z'),
    });
    // Los Angeles is 8 hours behind: the last 30 days start at its midnight 30 days before its today.
    expect(inZone('top donors', 'America/Los_Angeles').start.toISOString()).toBe('2026-10-21T07:00:00.000Z');
  });

  it('does not place questions it cannot answer', () => {
    for (const prompt of ['What is the weather like?', "'; DROP TABLE donations; --", 'show me npo_id 2'])
      expect(read(prompt).intent).toBeNull();
  });
});

describe('the forecast', () => {
  it('picks the method with the smaller backtested error and gives an interval around it', () => {
    // A seasonal series: the same month a year earlier predicts it exactly.
    const months = Array.from({ length: 24 }, (_, i) => 1000 + 800 * Math.sin((2 * Math.PI * i) / 12));
    const f = forecast(months, 1);
    expect(f?.method).toBe('seasonal_naive');
    expect(f?.rmse).toBeCloseTo(0, 6);
    const flat = forecast([500, 520, 480, 510, 490, 505], 1);
    expect(flat?.method).toBe('moving_average');
    expect(flat?.low).toBeLessThan(flat?.value ?? 0);
    expect(flat?.high).toBeGreaterThan(flat?.value ?? 0);
    expect(flat?.backtests).toBe(3);
  });

  it('backtests only on months whose outcome is known, and needs a few months', () => {
    expect(backtest([1, 2, 3, 4, 5, 6], 3, 'moving_average')).toHaveLength(1);
    expect(forecast([100, 200], 1)).toBeNull();
  });
});
