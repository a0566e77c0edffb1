// Periods are the organisation's own days and months (decision 094): for an organisation on
// Pacific/Kiritimati (UTC+14), a gift just after its local midnight counts on that local day and in
// that local month, in the assistant's answers and in the insights' time ranges.
import type { TAnalysisTable, TInsightsResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { addMonthsToFirst, dayIn, midnightIn } from '../../platform/format/calendar.ts';
import { computeInsights } from '../insights/index.ts';
import { outsiderOrganisation } from '../team/team.test-support.ts';

const ctx = useTestApp();
const ZONE = 'Pacific/Kiritimati';
const MINUTE = 60_000;
let far: { client: TestClient; npoId: number };

async function giftFrom(name: string, at: Date, amountMinor: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, country, created_at)
    VALUES (${far.npoId}, ${`${name.toLowerCase()}@far.test`}, ${name}, 'Islander', 'KI', ${at.toISOString()})
    RETURNING id`);
  const donorId = Number(rows[0]?.id);
  await ctx.db.execute(sql`
    INSERT INTO donations (npo_id, donor_id, amount_minor, fee_covered_minor, currency, base_amount_minor, base_currency,
      fx_rate, interval, status, payment_method, provider, created_at, updated_at)
    VALUES (${far.npoId}, ${donorId}, ${amountMinor}, 0, 'USD', ${amountMinor}, 'USD', 1, 'once', 'succeeded', 'card',
      'sandbox', ${at.toISOString()}, ${at.toISOString()})`);
  return donorId;
}

beforeAll(async () => {
  far = await outsiderOrganisation(ctx, 'far-isles@example.test', 'Far Isles Trust');
  await ctx.db.execute(sql`UPDATE npos SET time_zone = ${ZONE}, base_currency = 'USD' WHERE id = ${far.npoId}`);
}, 60_000);

describe('periods in the organisation’s time zone', () => {
  it('counts a gift made just after local midnight on the 1st in that local month', async () => {
    // The first of last month at local midnight is still the day before in UTC (14 hours behind).
    const lastMonth = addMonthsToFirst(dayIn(new Date(), ZONE), -1);
    const boundary = midnightIn(lastMonth, ZONE);
    expect(boundary.toISOString().slice(0, 10)).not.toBe(lastMonth);
    await giftFrom('Early', new Date(boundary.getTime() + 30 * MINUTE), 50_000);
    await giftFrom('Late', new Date(boundary.getTime() - 30 * MINUTE), 90_000);

    const response = await far.client.post('/api/v1/ai/analyze', { prompt: 'Who were my top donors last month?' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data as TAnalysisTable;
    expect(answer.type).toBe('table');
    expect(answer.rows.map((r) => r.donor)).toEqual(['Early Islander']);
    expect(answer.rows[0]?.last_gift).toBe(lastMonth);
    expect(answer.note).toContain(`Period: last month (${lastMonth} to `);
    expect(answer.note).toContain(ZONE);

    const before = await far.client.post('/api/v1/ai/analyze', { prompt: 'Top donors in the last 400 days' });
    expect((before.json().data as TAnalysisTable).rows.map((r) => r.donor).sort()).toEqual([
      'Early Islander',
      'Late Islander',
    ]);
  });

  it('starts an insights time range at the organisation’s midnight, not UTC’s', async () => {
    // 2026-11-15 14:00 in Kiritimati: the last 7 days start at its midnight of 2026-11-08, 10:00 UTC on the 7th.
    const now = new Date('2026-11-15T00:00:00Z');
    const inside = await giftFrom('Inside', new Date('2026-11-07T12:00:00Z'), 20_000);
    const outside = await giftFrom('Outside', new Date('2026-11-07T08:00:00Z'), 80_000);
    await computeInsights(ctx.db, far.npoId, now);
    const response = await far.client.get('/api/v1/insights?insights=donor_insights&time_range=last_7_days');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json() as TInsightsResponse).data.insights.donor_insights?.map((i) => i.id) ?? [];
    expect(ids).toContain(`donor-top-${inside}`);
    expect(ids).not.toContain(`donor-top-${outside}`);
  });
});
