// Receipts by number range (docs/product/reports.md#tax) read month by month from the receipts'
// index (decision 103): every month equals the same month grouped from the gifts directly, for
// all time, a period starting and ending mid-month, and a campaign filter.
import { ZTableReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const BASE = '/api/v1/npo_admin/reports/tax';
const KEY = sql.raw(`(lpad(length(d.receipt_number)::text, 6, '0') || d.receipt_number) COLLATE "C"`);

describe('tax report: receipts by number range, month by month', () => {
  const ctx = useTestApp();
  let finance: TestClient;
  let npoId = 0;
  let zone = 'UTC';

  beforeAll(async () => {
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number; time_zone: string }>(
      sql`SELECT id, time_zone FROM npos WHERE slug = 'riverside-food-bank'`,
    );
    npoId = Number(rows[0]?.id);
    zone = rows[0]?.time_zone ?? 'UTC';
  });

  /** The months as the gifts give them, in the report's cells. */
  const expected = async (from: string | null, to: string | null, campaignId: number | null) => {
    const { rows } = await ctx.db.execute<Record<string, string | number>>(sql`
      SELECT to_char(date_trunc('month', d.created_at AT TIME ZONE ${zone}), 'YYYY-MM') AS month,
        substr(min(${KEY}), 7) AS first, substr(max(${KEY}), 7) AS last, count(*)::int AS receipts,
        count(d.receipt_sent_at)::int AS emailed, sum(d.base_amount_minor)::int AS amount
      FROM donations d
      WHERE d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded') AND d.receipt_number IS NOT NULL
        AND (${from}::date IS NULL OR d.created_at >= ${from}::timestamp AT TIME ZONE ${zone})
        AND (${to}::date IS NULL OR d.created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${zone})
        AND (${campaignId}::bigint IS NULL OR d.campaign_id = ${campaignId})
      GROUP BY 1 ORDER BY 1`);
    return rows;
  };

  const read = async (query: Record<string, string>) => {
    const res = await finance.get(`${BASE}?${new URLSearchParams({ view: 'receipts', ...query })}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZTableReport.parse(res.json()).rows.map((r) => r.cells);
  };

  it('equals the gifts grouped by month: all time, mid-month bounds and one campaign', async () => {
    const all = await read({});
    expect(all.length).toBeGreaterThan(1);
    expect(all).toEqual(await expected(null, null, null));
    const year = new Date().getUTCFullYear();
    const from = `${year - 1}-03-15`;
    const to = `${year}-02-10`;
    expect(await read({ from, to })).toEqual(await expected(from, to, null));
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT d.campaign_id AS id FROM donations d WHERE d.npo_id = ${npoId} AND d.campaign_id IS NOT NULL
        AND d.receipt_number IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const campaign = Number(rows[0]?.id);
    const one = await read({ campaign_id: String(campaign) });
    expect(one.length).toBeGreaterThan(0);
    expect(one).toEqual(await expected(null, null, campaign));
  });
});
