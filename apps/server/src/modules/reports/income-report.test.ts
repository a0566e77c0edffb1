import { ZDonationListTotals, ZGiftAnalysis, ZIncomeReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { userIdOf } from '../team/team.test-support.ts';

const INCOME = '/api/v1/npo_admin/reports/income';

describe('income report API', () => {
  const ctx = useTestApp();
  let finance: TestClient;
  let outsider: TestClient;
  const lastYear = `${new Date().getUTCFullYear() - 1}`;
  const period = { from: `${new Date().getUTCFullYear() - 8}-01-01`, to: `${new Date().getUTCFullYear() + 1}-06-30` };

  const report = async (client: TestClient, query: Record<string, string>) => {
    const res = await client.get(`${INCOME}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZIncomeReport.parse(res.json());
  };

  beforeAll(async () => {
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'reports-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Reports Trust' });
  });

  it('who may read it: anonymous 401, a fundraiser 403, every dashboard role with the permission 200', async () => {
    expect((await new TestClient(ctx.app).get(`${INCOME}?from=2026-01-01&to=2026-01-31`)).statusCode).toBe(401);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`${INCOME}?from=2026-01-01&to=2026-01-31`)).statusCode).toBe(403);
    for (const email of [
      'admin@kindling.test',
      'manager@kindling.test',
      'finance@kindling.test',
      'staff@kindling.test',
    ]) {
      const client = new TestClient(ctx.app);
      await client.signIn(email);
      expect((await client.get(`${INCOME}?from=2026-01-01&to=2026-01-31`)).statusCode, email).toBe(200);
      const download = await client.get(`${INCOME}/download?format=csv&from=2026-01-01&to=2026-01-31`);
      expect(download.statusCode, email).toBe(200);
    }
  });

  it('without “View reports” a member gets 403 on the report and its downloads', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const url = `/api/v1/npo_admin/user_permissions/${await userIdOf(ctx, 'staff@kindling.test')}`;
    const set = (permissions: string[]) => admin.put(url, { permissions: { permissions } });
    expect((await set(['donations.export'])).statusCode).toBe(200);
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    const refused = await staff.get(`${INCOME}?from=2026-01-01&to=2026-01-31`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the “View reports” permission here.');
    expect((await staff.get(`${INCOME}/download?format=pdf`)).statusCode).toBe(403);
    expect((await set(['donations.export', 'reports.view'])).statusCode).toBe(200);
    expect((await staff.get(`${INCOME}?from=2026-01-01&to=2026-01-31`)).statusCode).toBe(200);
  });

  it('another organisation sees only its own figures, and its segment is 404 here', async () => {
    const theirs = await report(outsider, period);
    expect(theirs.totals.gifts).toBe(0);
    expect(theirs.rows).toEqual([]);
    const created = await outsider.post('/api/v1/npo_admin/segments', { name: 'Mine', kind: 'static' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const res = await finance.get(`${INCOME}?${new URLSearchParams({ ...period, segment_id: String(id) })}`);
    expect(res.statusCode).toBe(404);
  });

  it('bad input answers 400 with a sentence', async () => {
    const backwards = await finance.get(`${INCOME}?from=2026-02-01&to=2026-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end date must not be before the start date.');
    expect((await finance.get(`${INCOME}?group_by=week`)).statusCode).toBe(400);
    expect((await finance.get(`${INCOME}/download?format=doc`)).statusCode).toBe(400);
  });

  it('reconciles to the cent with the donations list and the analysis page, live and from closed days', async () => {
    await reconciles();
    // Decision 085: closed days are read from the day sums; the figures must not move.
    await ctx.db.execute(sql`
      SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n
      WHERE n.slug = 'riverside-food-bank'`);
    await reconciles();
  });

  const reconciles = async () => {
    for (const range of [period, { from: `${lastYear}-01-01`, to: `${lastYear}-12-31` }]) {
      const income = await report(finance, { ...range, group_by: 'month' });
      const listRes = await finance.get(
        `/api/v1/npo_admin/donations/totals?date_from=${range.from}&date_to=${range.to}&status=succeeded,refunded`,
      );
      const list = ZDonationListTotals.parse(listRes.json());
      const analysis = ZGiftAnalysis.parse(
        (await finance.get(`/api/v1/npo_admin/analysis/gifts?from=${range.from}&to=${range.to}`)).json(),
      );
      expect(income.totals.gross).toBe(list.base_amount_minor);
      expect(income.totals.gifts).toBe(list.count);
      expect(income.totals.gross).toBe(analysis.gross);
      expect(income.totals.net).toBe(analysis.total);
      expect(income.totals.refunds + income.totals.disputes).toBe(analysis.refunded);
      // Every grouping adds up to the same totals.
      for (const group_by of ['day', 'quarter', 'fiscal_year', 'campaign', 'designation', 'method', 'currency']) {
        const other = await report(finance, { ...range, group_by });
        expect(other.totals, group_by).toEqual(income.totals);
      }
    }
    const all = await report(finance, period);
    expect(all.totals.gifts).toBeGreaterThan(10);
    expect(all.totals.refunds).toBeGreaterThan(0);
  };

  it('filters by campaign, currency and method as the donations list does', async () => {
    const byCampaign = await report(finance, { ...period, group_by: 'campaign' });
    const campaign = byCampaign.rows.find((r) => r.key !== '');
    expect(campaign).toBeDefined();
    const one = await report(finance, { ...period, campaign_id: campaign?.key ?? '' });
    expect(one.totals.gross).toBe(campaign?.gross);
    const list = ZDonationListTotals.parse(
      (
        await finance.get(
          `/api/v1/npo_admin/donations/totals?date_from=${period.from}&date_to=${period.to}&status=succeeded,refunded&campaign_id=${campaign?.key}`,
        )
      ).json(),
    );
    expect(one.totals.gross).toBe(list.base_amount_minor);
    const byCurrency = await report(finance, { ...period, group_by: 'currency' });
    for (const row of byCurrency.rows) {
      const only = await report(finance, { ...period, currency: row.key });
      expect(only.totals.gross).toBe(row.gross);
    }
    const byMethod = await report(finance, { ...period, group_by: 'method' });
    const method = byMethod.rows[0];
    const onlyMethod = await report(finance, { ...period, payment_method: method?.key ?? '' });
    expect(onlyMethod.totals.net).toBe(method?.net);
  });

  it('a segment narrows the report to its members', async () => {
    const { rows } = await ctx.db.execute<{ donor_id: number; gross: number }>(sql`
      SELECT d.donor_id, sum(d.base_amount_minor)::bigint AS gross FROM donations d
      JOIN npos n ON n.id = d.npo_id AND n.slug = 'riverside-food-bank'
      WHERE d.status IN ('succeeded', 'refunded') GROUP BY d.donor_id ORDER BY 2 DESC LIMIT 1`);
    const donor = rows[0];
    expect(donor).toBeDefined();
    const created = await finance.post('/api/v1/npo_admin/segments', { name: 'Report check', kind: 'static' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const added = await finance.post(`/api/v1/npo_admin/segments/${id}/members`, { contact_ids: [donor?.donor_id] });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const only = await report(finance, { ...period, segment_id: String(id) });
    expect(only.totals.gross).toBe(Number(donor?.gross));
  });

  it('downloads parse back to the same figures: CSV, XLSX and PDF', async () => {
    const range = { from: `${lastYear}-01-01`, to: `${lastYear}-12-31`, group_by: 'month' };
    const income = await report(finance, range);
    const query = new URLSearchParams(range);
    const csv = await finance.get(`${INCOME}/download?format=csv&${query}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="income-.*\.csv"/);
    const csvLines = csv.body.trim().split('\n');
    expect(csvLines[0]).toContain('Month,Gifts,Gross');
    expect(csvLines).toHaveLength(income.rows.length + 2);
    const total = csvLines.at(-1)?.split(',') ?? [];
    expect(total[0]).toBe('Total');
    expect(Math.round(Number(total[2]) * 100)).toBe(income.totals.gross);

    const xlsx = await finance.get(`${INCOME}/download?format=xlsx&${query}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Income');
    const last = sheet?.getRow(income.rows.length + 2);
    expect(last?.getCell(1).value).toBe('Total');
    expect(Math.round(Number(last?.getCell(3).value) * 100)).toBe(income.totals.gross);
    expect(Math.round(Number(last?.getCell(7).value) * 100)).toBe(income.totals.net);

    const pdf = await finance.get(`${INCOME}/download?format=pdf&${query}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toContain('Riverside');
    expect(text).toContain('Total');
    expect(text).toContain((income.totals.gross / 100).toFixed(2));
  });
});
