// The income report's day sums (report_days, decision 085) against the gifts they sum: whatever is
// written to a closed day (a refund, a dispute, a fee row, a new designation, a back-dated gift),
// the stored rows equal the rows computed afresh, and the report reads the same figures from the
// day sums as from the gifts themselves.
import { ZIncomeReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  addCampaign,
  addDonor,
  addGift,
  closeGivingDays,
  organisationWithAdmin,
  refund,
} from '../analysis/analysis.fixtures.ts';

const ROW = sql.raw(`day::text, campaign_id, designation, method, currency, gifts, gross::text, fee_covered::text,
  refunds::text, disputes::text, platform_fees::text`);
const ORDER = sql.raw('ORDER BY day, campaign_id NULLS FIRST, designation, method, currency');

async function expectInStep(db: Db, npoId: number) {
  const stored = await db.execute(sql`SELECT ${ROW} FROM report_days WHERE npo_id = ${npoId} ${ORDER}`);
  const fresh = await db.execute(sql`
    SELECT ${ROW} FROM report_day_rows(${npoId}, '-infinity',
      ((SELECT through FROM giving_days_closed WHERE npo_id = ${npoId}) + 1)::timestamp
        AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId})) r
    ${ORDER}`);
  expect(stored.rows.length).toBeGreaterThan(0);
  expect(stored.rows).toEqual(fresh.rows);
}

const GROUPINGS = ['day', 'month', 'quarter', 'fiscal_year', 'campaign', 'designation', 'method', 'currency'];

describe('income report day sums (report_days)', () => {
  const ctx = useTestApp();
  let client: TestClient;
  let npoId: number;
  let donor: number;
  let campaign: number;
  const year = new Date().getUTCFullYear();
  const old = (month: number, day: number) =>
    `${year - 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T12:00:00Z`;

  const everyReport = async (query: Record<string, string> = {}) => {
    const out: Record<string, unknown> = {};
    for (const group_by of GROUPINGS) {
      const res = await client.get(`/api/v1/npo_admin/reports/income?${new URLSearchParams({ ...query, group_by })}`);
      expect(res.statusCode, res.body).toBe(200);
      out[group_by] = ZIncomeReport.parse(res.json());
    }
    return out;
  };

  beforeAll(async () => {
    ({ client, npoId } = await organisationWithAdmin(ctx, 'Day Sums Trust'));
    donor = await addDonor(ctx.db, npoId, 'sums@example.org');
    campaign = await addCampaign(ctx.db, npoId, 'Roof Appeal');
    const gifts = [
      { at: old(1, 5), base: 5000, method: 'card' },
      { at: old(1, 5), base: 2500, method: 'paypal', campaignId: campaign },
      { at: old(3, 20), base: 10000, method: 'card', currency: 'EUR', amount: 9000 },
      { at: old(7, 2), base: 1234, method: 'ach_debit', campaignId: campaign },
      { at: new Date().toISOString(), base: 700, method: 'card' },
    ];
    for (const g of gifts) await addGift(ctx.db, npoId, { donorId: donor, ...g });
  });

  it('reads the same figures live, closed, and after every kind of write to a closed day', async () => {
    const live = await everyReport();
    await closeGivingDays(ctx.db, npoId);
    await expectInStep(ctx.db, npoId);
    expect(await everyReport()).toEqual(live);
    const lastYear = { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM donations WHERE npo_id = ${npoId} ORDER BY created_at, id`,
    );
    const [first, second, third] = rows.map((r) => Number(r.id));
    // A partial refund, a full refund, a dispute and fee rows written to closed days.
    await refund(ctx.db, npoId, first ?? 0, 1000, false);
    await refund(ctx.db, npoId, second ?? 0, 2500, true);
    await ctx.db.execute(sql`
      INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency)
      VALUES (${npoId}, ${third}, 'dispute', -9000, 'EUR', -10000, 'USD'),
        (${npoId}, ${third}, 'fee_covered', 300, 'EUR', 333, 'USD'),
        (${npoId}, ${first}, 'platform_fee', -50, 'USD', -50, 'USD')`);
    await ctx.db.execute(sql`UPDATE donations SET designation_name = 'Kitchen' WHERE id = ${first}`);
    await addGift(ctx.db, npoId, { donorId: donor, at: old(2, 14), base: 4200, method: 'card', campaignId: campaign });
    await expectInStep(ctx.db, npoId);
    const after = (await everyReport(lastYear)) as Record<string, { totals: Record<string, number> }>;
    expect(after.month?.totals).toMatchObject({
      gifts: 5,
      gross: 5000 + 2500 + 10000 + 1234 + 4200,
      refunds: 3500,
      disputes: 10000,
      fee_covered: 333,
      platform_fees: 50,
      net: 5000 + 2500 + 10000 + 1234 + 4200 - 3500 - 10000,
    });
    const designations = after.designation as unknown as { rows: { key: string; gross: number }[] };
    expect(designations.rows).toContainEqual(expect.objectContaining({ key: 'Kitchen', gross: 5000 }));
    // The day sums give what the gifts themselves give: reopen every day and read live again.
    const stored = await everyReport(lastYear);
    await ctx.db.execute(sql`DELETE FROM giving_days_closed WHERE npo_id = ${npoId}`);
    expect(await everyReport(lastYear)).toEqual(stored);
  });

  it('filters the day sums as the gifts: campaign, method and currency of a closed period', async () => {
    await closeGivingDays(ctx.db, npoId);
    const query = { from: `${year - 1}-01-01`, to: `${year}-12-31`, campaign_id: String(campaign) };
    const closed = await everyReport(query);
    const methods = await everyReport({ payment_method: 'card,paypal', currency: 'USD' });
    await ctx.db.execute(sql`DELETE FROM giving_days_closed WHERE npo_id = ${npoId}`);
    expect(await everyReport(query)).toEqual(closed);
    expect(await everyReport({ payment_method: 'card,paypal', currency: 'USD' })).toEqual(methods);
    const total = (closed.month as { totals: { gross: number } }).totals.gross;
    expect(total).toBe(2500 + 1234 + 4200);
  });
});
