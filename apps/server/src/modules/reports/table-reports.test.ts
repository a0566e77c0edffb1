import { ZDonationListTotals, ZIncomeReport, ZLapsedAnalysis, ZTableReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { userIdOf } from '../team/team.test-support.ts';

// The campaigns, donors and tax reports (docs/product/reports.md): access, tenancy, bad input,
// totals reconciling with the income report and the donations list, and the downloads.
const BASE = '/api/v1/npo_admin/reports';
const year = new Date().getUTCFullYear();
const lastYear = { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
const wide = { from: `${year - 8}-01-01`, to: `${year + 1}-06-30` };

describe('campaigns, donors and tax reports API', () => {
  const ctx = useTestApp();
  let finance: TestClient;
  let outsider: TestClient;

  const get = async (client: TestClient, name: string, query: Record<string, string>) => {
    const res = await client.get(`${BASE}/${name}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZTableReport.parse(res.json());
  };
  const income = async (query: Record<string, string>) =>
    ZIncomeReport.parse((await finance.get(`${BASE}/income?${new URLSearchParams(query)}`)).json());

  beforeAll(async () => {
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'table-reports-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Tables Trust' });
  });

  it('anonymous 401, a fundraiser 403, each dashboard role 200; without “View reports” 403', async () => {
    // Every table report comes from one route loop; the recurring report's three views ride along.
    const reports = [
      'campaigns',
      'donors?view=pyramid',
      'tax?view=receipts',
      'recurring',
      'recurring?view=charges',
      // rc23: the reconciliation report's two views.
      'reconciliation',
      'reconciliation?view=transactions',
    ];
    const paths = reports.map((p) => `${BASE}/${p}`);
    for (const path of paths) {
      expect((await new TestClient(ctx.app).get(path)).statusCode, path).toBe(401);
    }
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    for (const path of paths) expect((await fundraiser.get(path)).statusCode, path).toBe(403);
    for (const email of ['admin@kindling.test', 'manager@kindling.test', 'staff@kindling.test']) {
      const client = new TestClient(ctx.app);
      await client.signIn(email);
      for (const path of paths) expect((await client.get(path)).statusCode, `${email} ${path}`).toBe(200);
    }
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const url = `/api/v1/npo_admin/user_permissions/${await userIdOf(ctx, 'staff@kindling.test')}`;
    const set = (permissions: string[]) => admin.put(url, { permissions: { permissions } });
    expect((await set(['donations.export'])).statusCode).toBe(200);
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    const downloads = [`${BASE}/donors/download?format=csv`, `${BASE}/recurring/download?format=csv`];
    for (const path of [...paths, ...downloads, `${BASE}/reconciliation/download?format=csv`]) {
      const refused = await staff.get(path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().message).toBe('You do not have the “View reports” permission here.');
    }
    expect((await set(['donations.export', 'reports.view'])).statusCode).toBe(200);
  });

  it('another organisation sees none of these gifts; its campaign and segment ids are 404 here', async () => {
    const theirs = await get(outsider, 'campaigns', wide);
    expect(theirs.rows).toEqual([]);
    expect((await get(outsider, 'donors', { ...wide, view: 'top' })).rows).toEqual([]);
    const segment = await outsider.post('/api/v1/npo_admin/segments', { name: 'Theirs', kind: 'static' });
    expect(segment.statusCode, segment.body).toBe(201);
    const campaign = await ctx.db.execute<{ id: number }>(sql`
      SELECT c.id FROM campaigns c JOIN npos n ON n.id = c.npo_id WHERE n.slug <> 'riverside-food-bank' LIMIT 1`);
    const foreign = campaign.rows[0]?.id;
    expect(foreign).toBeDefined();
    for (const name of ['campaigns', 'donors', 'tax', 'income']) {
      const bySegment = await finance.get(
        `${BASE}/${name}?${new URLSearchParams({ ...lastYear, segment_id: String(segment.json().id) })}`,
      );
      expect(bySegment.statusCode, name).toBe(404);
      const byCampaign = await finance.get(
        `${BASE}/${name}?${new URLSearchParams({ ...lastYear, campaign_id: String(foreign) })}`,
      );
      expect(byCampaign.statusCode, name).toBe(404);
      expect(byCampaign.json().message).toBe('Campaign not found.');
    }
  });

  it('bad filters answer 400 with a sentence', async () => {
    const unknown = await finance.get(`${BASE}/donors?view=whales`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a view of this report: retention, lapsed, pyramid, top.');
    const backwards = await finance.get(`${BASE}/campaigns?from=2026-02-01&to=2026-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end date must not be before the start date.');
    expect((await finance.get(`${BASE}/tax?from=2026-02-30`)).statusCode).toBe(400);
    expect((await finance.get(`${BASE}/tax/download?format=doc`)).statusCode).toBe(400);
    const allTime = await finance.get(`${BASE}/donors?view=retention`);
    expect(allTime.statusCode).toBe(400);
    expect(allTime.json().message).toBe('Choose a period with a start date to compare with the year before.');
    const long = await finance.get(`${BASE}/donors?view=retention&from=2020-01-01&to=2022-01-01`);
    expect(long.json().message).toBe('Compare at most a year with the year before: choose a shorter period.');
  });

  it('campaigns reconcile to the cent with the income report and the donations list', async () => {
    for (const range of [wide, lastYear]) {
      const campaigns = await get(finance, 'campaigns', range);
      const totals = await income(range);
      const list = ZDonationListTotals.parse(
        (
          await finance.get(
            `/api/v1/npo_admin/donations/totals?date_from=${range.from}&date_to=${range.to}&status=succeeded,refunded`,
          )
        ).json(),
      );
      expect(campaigns.totals?.raised).toBe(totals.totals.gross);
      expect(campaigns.totals?.raised).toBe(list.base_amount_minor);
      expect(campaigns.totals?.gifts).toBe(list.count);
      expect(campaigns.totals?.net).toBe(totals.totals.net);
      const sum = campaigns.rows.reduce((s, r) => s + Number(r.cells.raised), 0);
      expect(sum).toBe(totals.totals.gross);
    }
    const campaigns = await get(finance, 'campaigns', wide);
    const named = campaigns.rows.find((r) => r.key !== '' && Number(r.cells.gifts) > 1);
    expect(named).toBeDefined();
    const distinct = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT donor_id)::int AS n FROM donations
      WHERE campaign_id = ${Number(named?.key)} AND status IN ('succeeded', 'refunded')`);
    expect(named?.cells.donors).toBe(distinct.rows[0]?.n);
    expect(named?.cells.average).toBe(Math.round(Number(named?.cells.raised) / Number(named?.cells.gifts)));
    const one = await get(finance, 'campaigns', { ...wide, campaign_id: named?.key ?? '' });
    expect(one.rows).toHaveLength(1);
    expect(one.totals?.raised).toBe(named?.cells.raised);
  });

  it('donors: retention and the pyramid add up to the income report; lapsed as the analysis page counts', async () => {
    const retention = await get(finance, 'donors', { ...lastYear, view: 'retention' });
    expect(retention.rows.map((r) => r.key)).toEqual(['new', 'recaptured', 'upgraded', 'same', 'downgraded', 'lapsed']);
    expect(retention.totals?.amount).toBe((await income(lastYear)).totals.gross);
    const before = { from: `${year - 2}-01-01`, to: `${year - 2}-12-31` };
    expect(retention.totals?.previous).toBe((await income(before)).totals.gross);
    const pyramid = await get(finance, 'donors', { ...lastYear, view: 'pyramid' });
    const lastYearIncome = await income(lastYear);
    expect(pyramid.totals?.amount).toBe(lastYearIncome.totals.gross);
    expect(pyramid.totals?.gifts).toBe(lastYearIncome.totals.gifts);
    const gave = retention.rows.filter((r) => r.key !== 'lapsed').reduce((s, r) => s + Number(r.cells.donors), 0);
    expect(pyramid.totals?.donors).toBe(gave);
    const top = await get(finance, 'donors', { ...wide, view: 'top' });
    const amounts = top.rows.map((r) => Number(r.cells.amount));
    expect(amounts.length).toBeGreaterThan(1);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const lapsed = await get(finance, 'donors', { view: 'lapsed' });
    const analysis = ZLapsedAnalysis.parse((await finance.get('/api/v1/npo_admin/analysis/lapsed')).json());
    expect(lapsed.rows.find((r) => r.key === 'lybunt')?.cells.donors).toBe(analysis.lybunt.count);
    expect(lapsed.rows.find((r) => r.key === 'sybunt')?.cells.donors).toBe(analysis.sybunt.count);
  });

  it('tax: receipts by number range, US acknowledgements of 250 USD or more, Gift Aid declared gifts', async () => {
    const receipts = await get(finance, 'tax', wide);
    expect(receipts.view).toBe('receipts');
    const sent = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donations d JOIN npos n ON n.id = d.npo_id AND n.slug = 'riverside-food-bank'
      WHERE d.receipt_number IS NOT NULL AND d.status IN ('succeeded', 'refunded')`);
    expect(receipts.totals?.receipts).toBe(sent.rows[0]?.n);
    expect(receipts.totals?.amount).toBe((await income(wide)).totals.gross);
    expect(receipts.rows[0]?.cells.first).toMatch(/^\d+-0+1$/);
    const acks = await get(finance, 'tax', { ...wide, view: 'acknowledgements' });
    expect(acks.currency).toBe('USD');
    for (const row of acks.rows) expect(Number(row.cells.amount)).toBeGreaterThanOrEqual(25000);
    const big = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donations d JOIN npos n ON n.id = d.npo_id AND n.slug = 'riverside-food-bank'
      WHERE d.currency = 'USD' AND d.amount_minor >= 25000 AND d.status IN ('succeeded', 'refunded')
        AND d.created_at >= ${`${wide.from}T00:00:00Z`}::timestamptz`);
    expect(acks.rows).toHaveLength(big.rows[0]?.n ?? -1);
    expect(acks.rows.length).toBeGreaterThan(0);
    const giftAid = await get(finance, 'tax', { ...wide, view: 'gift_aid' });
    expect(giftAid.currency).toBe('GBP');
    const declared = await ctx.db.execute<{ n: number; amount: number }>(sql`
      SELECT count(*)::int AS n, coalesce(sum(d.amount_minor), 0)::int AS amount FROM donations d
      JOIN npos n ON n.id = d.npo_id AND n.slug = 'riverside-food-bank'
      WHERE d.gift_aid AND d.currency = 'GBP' AND d.status IN ('succeeded', 'refunded')
        AND d.created_at >= ${`${wide.from}T00:00:00Z`}::timestamptz`);
    expect(giftAid.rows).toHaveLength(declared.rows[0]?.n ?? -1);
    expect(giftAid.rows.length).toBeGreaterThan(0);
    expect(giftAid.totals?.amount).toBe(declared.rows[0]?.amount);
  });

  it('downloads: CSV, XLSX and PDF carry the same total lines, and each is audited', async () => {
    const campaigns = await get(finance, 'campaigns', lastYear);
    const query = new URLSearchParams(lastYear);
    const csv = await finance.get(`${BASE}/campaigns/download?format=csv&${query}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="campaigns-campaigns-.*\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Campaign,Goal');
    expect(lines).toHaveLength(campaigns.rows.length + 2);
    expect(lines.at(-1)?.startsWith('Total,')).toBe(true);

    const pyramid = await get(finance, 'donors', { ...lastYear, view: 'pyramid' });
    const xlsx = await finance.get(`${BASE}/donors/download?format=xlsx&view=pyramid&${query}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('pyramid');
    const last = sheet?.getRow(pyramid.rows.length + 2);
    expect(last?.getCell(1).value).toBe('Total');
    expect(Math.round(Number(last?.getCell(4).value) * 100)).toBe(pyramid.totals?.amount);

    const pdf = await finance.get(`${BASE}/tax/download?format=pdf&${query}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toContain('Tax: Receipts by number range');
    expect(text).toContain('Total');

    const audit = await ctx.db.execute<{ report: string; format: string }>(sql`
      SELECT data->>'report' AS report, data->>'format' AS format FROM audit_log
      WHERE action = 'reports.downloaded' AND data->>'report' IN ('campaigns', 'donors', 'tax') ORDER BY id`);
    expect(audit.rows.slice(-3)).toEqual([
      { report: 'campaigns', format: 'csv' },
      { report: 'donors', format: 'xlsx' },
      { report: 'tax', format: 'pdf' },
    ]);
  });
});
