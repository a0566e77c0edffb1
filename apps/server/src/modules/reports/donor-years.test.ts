// The donors report's per-donor year sums (report_donor_years, decision 103) against
// the gifts they sum: after new gifts, a refund, a donor merge, a pending gift settling and a gift
// moved to another campaign, the stored rows equal the rows summed afresh, and every view answers
// exactly what it answers when it reads every gift (a currency filter naming the only currency
// makes the reports read the gifts themselves).
import { ZTableReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import type { Db } from '../../platform/db/client.ts';
import { addCampaign, addDonor, addGift, organisationWithAdmin, refund } from '../analysis/analysis.fixtures.ts';

const ROW = sql.raw('year::text, donor_id, gifts, gross::text, last_at, campaigns::text');
const ORDER = sql.raw('ORDER BY 1, 2');

async function expectInStep(db: Db, npoId: number) {
  const stored = await db.execute(sql`SELECT ${ROW} FROM report_donor_years WHERE npo_id = ${npoId} ${ORDER}`);
  const fresh = await db.execute(sql`
    SELECT ${ROW} FROM (
      SELECT date_trunc('year', d.created_at AT TIME ZONE n.time_zone)::date AS year, d.donor_id,
        count(*)::int AS gifts, sum(d.base_amount_minor) AS gross, max(d.created_at) AS last_at,
        array_agg(DISTINCT coalesce(d.campaign_id, 0) ORDER BY coalesce(d.campaign_id, 0)) AS campaigns
      FROM donations d JOIN npos n ON n.id = d.npo_id
      WHERE d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded') GROUP BY 1, 2) f
    ${ORDER}`);
  expect(stored.rows.length).toBeGreaterThan(0);
  expect(stored.rows).toEqual(fresh.rows);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('donors report from per-donor year sums', () => {
  const ctx = useTestApp();
  let client: TestClient;
  let npoId: number;
  const donors: number[] = [];
  let roof = 0;
  let kitchen = 0;
  const year = new Date().getUTCFullYear();
  const at = (y: number, month: number, d: number) =>
    `${y}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}T12:00:00Z`;
  const periods = {
    lastYear: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
    thisYear: { from: `${year}-01-01`, to: `${year}-12-31` },
    last12Months: { from: day(-364), to: day(0) },
    twoYears: { from: `${year - 2}-01-01`, to: `${year - 1}-12-31` },
    // Inside one year (every gift read) and across a year end, ending before later gifts of its year.
    spring: { from: `${year - 1}-03-01`, to: `${year - 1}-06-30` },
    acrossYearEnd: { from: `${year - 2}-07-01`, to: `${year - 1}-06-30` },
    allTime: {},
  };

  const read = async (name: string, query: Record<string, string>) => {
    const res = await client.get(`/api/v1/npo_admin/reports/${name}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = ZTableReport.parse(res.json());
    return { rows: report.rows, totals: report.totals };
  };

  /** Every view from the sums equals the same view read from the gifts, for every period. */
  const expectSameAsGifts = async () => {
    for (const [name, period] of Object.entries(periods)) {
      const views: Array<[string, string]> = [
        ['campaigns', 'campaigns'],
        ['donors', 'pyramid'],
        ['donors', 'top'],
      ];
      if ('from' in period && name !== 'twoYears') views.push(['donors', 'retention']);
      for (const [report, view] of views) {
        const query = { ...period, view };
        const fromSums = await read(report, query);
        expect(fromSums, `${report} ${view} ${name}`).toEqual(await read(report, { ...query, currency: 'USD' }));
      }
      // A campaign filter: the campaigns report still reads the rows' campaigns.
      const one = { ...period, campaign_id: String(roof) };
      expect(await read('campaigns', one), `campaigns of one ${name}`).toEqual(
        await read('campaigns', { ...one, currency: 'USD' }),
      );
    }
  };

  beforeAll(async () => {
    ({ client, npoId } = await organisationWithAdmin(ctx, 'Donor Years Trust'));
    for (const name of ['ada', 'ben', 'cleo', 'dev']) donors.push(await addDonor(ctx.db, npoId, `${name}@years.test`));
    roof = await addCampaign(ctx.db, npoId, 'Roof Appeal');
    kitchen = await addCampaign(ctx.db, npoId, 'Kitchen Appeal');
    const [ada = 0, ben = 0, cleo = 0, dev = 0] = donors;
    const gifts = [
      { donorId: ada, at: at(year - 2, 3, 4), base: 5000, campaignId: roof },
      { donorId: ada, at: at(year - 2, 11, 20), base: 2500 },
      { donorId: ada, at: at(year - 1, 1, 15), base: 7000, campaignId: roof },
      { donorId: ada, at: at(year - 1, 12, 1), base: 1000, campaignId: kitchen },
      { donorId: ben, at: at(year - 1, 4, 2), base: 60000 },
      { donorId: ben, at: at(year - 1, 9, 9), base: 40000, campaignId: kitchen },
      { donorId: cleo, at: at(year - 2, 8, 8), base: 1500, campaignId: roof },
      { donorId: dev, at: at(year - 1, 5, 5), base: 900 },
      { donorId: dev, at: `${day(0)}T00:30:00Z`, base: 2000, campaignId: roof },
      { donorId: ada, at: at(year, 1, 2), base: 3000 },
      // Ben's row of this year holds a gift after the period's end (read from his gifts up to it).
      { donorId: ben, at: `${day(-1)}T12:00:00Z`, base: 1200, campaignId: kitchen },
      { donorId: ben, at: `${day(2)}T12:00:00Z`, base: 800, campaignId: roof },
    ];
    for (const g of gifts) await addGift(ctx.db, npoId, g);
  });

  it('answers as the gifts do, in every period, and keeps the sums exact after new gifts', async () => {
    await expectInStep(ctx.db, npoId);
    await expectSameAsGifts();
    const top = await read('donors', { ...periods.lastYear, view: 'top' });
    expect(top.rows.map((r) => [r.cells.gifts, r.cells.amount])).toEqual([
      [2, 100000],
      [2, 8000],
      [1, 900],
    ]);
    // Distinct donors per campaign: Roof had Ada last year, Kitchen Ada and Ben, no campaign Ben
    // and Dev; over two years Roof had Ada (twice) and Cleo.
    const donorsOf = async (period: Record<string, string>) =>
      Object.fromEntries((await read('campaigns', period)).rows.map((r) => [r.key, r.cells.donors]));
    expect(await donorsOf(periods.lastYear)).toEqual({ '': 2, [roof]: 1, [kitchen]: 2 });
    expect(await donorsOf(periods.twoYears)).toEqual({ '': 3, [roof]: 2, [kitchen]: 2 });
    // The counts are the rows' (not the gifts read again): Ada's row without Kitchen shows, then is undone.
    const adaCampaigns = (campaigns: number[]) =>
      ctx.db.execute(sql`UPDATE report_donor_years SET campaigns = ${`{${campaigns.join(',')}}`}::bigint[]
        WHERE npo_id = ${npoId} AND year = ${`${year - 1}-01-01`}::date AND donor_id = ${donors[0]}`);
    await adaCampaigns([roof]);
    expect((await donorsOf(periods.lastYear))[kitchen]).toBe(1);
    await adaCampaigns([roof, kitchen].sort((a, b) => a - b));
    // The year's figures are the sums' (not the gifts read again): a skewed row shows, then is undone.
    const skew = (by: number) =>
      ctx.db.execute(sql`UPDATE report_donor_years SET gross = gross + ${by}
        WHERE npo_id = ${npoId} AND year = ${`${year - 1}-01-01`}::date AND donor_id = ${donors[1]}`);
    const retention = async (period: Record<string, string>) =>
      (await read('donors', { ...period, view: 'retention' })).totals;
    const [calendar, last12] = [await retention(periods.lastYear), await retention(periods.last12Months)];
    await skew(1);
    expect((await read('donors', { ...periods.lastYear, view: 'top' })).rows[0]?.cells.amount).toBe(100001);
    // Retention reads the two years' rows too, and the last 12 months the rows of the year before
    // less the gifts after that period's end.
    expect((await retention(periods.lastYear))?.amount).toBe(Number(calendar?.amount) + 1);
    expect((await retention(periods.last12Months))?.previous).toBe(Number(last12?.previous) + 1);
    await skew(-1);
  });

  it('stays exact after a refund, a pending gift settling and a gift moved to another campaign', async () => {
    const [ada = 0, ben = 0] = donors;
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM donations WHERE donor_id = ${ben} ORDER BY created_at`,
    );
    await refund(ctx.db, npoId, Number(rows[0]?.id), 60000, true);
    const pending = await addGift(ctx.db, npoId, {
      donorId: ada,
      at: at(year - 1, 6, 6),
      base: 4400,
      status: 'pending',
    });
    await expectInStep(ctx.db, npoId);
    await ctx.db.execute(sql`UPDATE donations SET status = 'succeeded' WHERE id = ${pending}`);
    await ctx.db.execute(sql`UPDATE donations SET campaign_id = ${roof} WHERE id = ${Number(rows[1]?.id)}`);
    await ctx.db.execute(sql`UPDATE donations SET campaign_id = ${kitchen} WHERE id = ${pending}`);
    await expectInStep(ctx.db, npoId);
    await expectSameAsGifts();
    // Gross keeps refunded gifts (the income rule), so the refund leaves Ben's year as it was.
    const top = await read('donors', { ...periods.lastYear, view: 'top' });
    expect(top.rows.map((r) => [r.cells.gifts, r.cells.amount])).toEqual([
      [2, 100000],
      [3, 12400],
      [1, 900],
    ]);
  });

  it('stays exact after a donor merge: the duplicate’s gifts count as the kept donor’s', async () => {
    const [ada = 0, , cleo = 0] = donors;
    const merged = await client.post(`/api/v1/npo_admin/donors/${ada}/merge`, { duplicate_id: cleo });
    expect(merged.statusCode, merged.body).toBe(200);
    await expectInStep(ctx.db, npoId);
    const stale = await ctx.db.execute(sql`SELECT 1 FROM report_donor_years WHERE donor_id = ${cleo}`);
    expect(stale.rows).toEqual([]);
    await expectSameAsGifts();
    const top = await read('donors', { ...periods.twoYears, view: 'top' });
    expect(top.rows[1]?.cells).toMatchObject({ gifts: 2 + 3 + 1, amount: 5000 + 2500 + 7000 + 1000 + 4400 + 1500 });
    const campaigns = await read('campaigns', periods.allTime);
    const roofLine = campaigns.rows.find((r) => r.key === String(roof));
    expect(roofLine?.cells.donors).toBe(3);
  });

  it('rebuilds every row, campaigns included, when the organisation changes its time zone', async () => {
    await ctx.db.execute(sql`UPDATE npos SET time_zone = 'Pacific/Kiritimati' WHERE id = ${npoId}`);
    await expectInStep(ctx.db, npoId);
    await expectSameAsGifts();
  });
});
