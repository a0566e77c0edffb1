import { ZConsoleSales, ZConsoleSalesOrganisations } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { API, as, npoIdOf } from './console.test-support.ts';

describe('the console sales', () => {
  const ctx = useTestApp();

  it('shows what each organisation owes at its rate where no provider took the fee, by month, and exports it', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    const sales = async () => ZConsoleSales.parse((await operator.get(`${API}/sales`)).json());
    const table = async (query = '') => {
      const res = await operator.get(`${API}/sales/organizations${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ZConsoleSalesOrganisations.parse(res.json());
    };
    const month = new Date().toISOString().slice(0, 7);
    const riversideIn = (t: Awaited<ReturnType<typeof table>>) => t.organisations.find((o) => o.npo_id === riverside);
    const before = await table();
    const beforeMonth = await table(`?period=${month}`);
    // The platform default is 0: nothing is owed by an organisation without a rate of its own.
    expect(riversideIn(before)).toMatchObject({ fee_bps: 0, owed_minor: 0 });
    // Harbour Hope Trust's provider took its 2% on every gift: it owes nothing.
    expect(before.organisations.find((o) => o.name === 'Harbour Hope Trust')).toMatchObject({
      fee_bps: 200,
      gross_minor: 23_500,
      fees_minor: 470,
      owed_minor: 0,
    });

    const fee = await operator.put(`${API}/organizations/${riverside}/fee`, {
      platform_fee_bps: 100,
      reason: 'Agreed rate',
    });
    expect(fee.statusCode, fee.body).toBe(200);
    await payForGift(ctx, { amount: 10_000, currency: 'USD', email: 'owed@example.org' }).then((g) => g.confirm());
    const summary = await sales();
    const thisMonth = riversideIn(await table(`?period=${month}`));
    expect(thisMonth?.gross_minor).toBe((riversideIn(beforeMonth)?.gross_minor ?? 0) + 10_000);
    // The sandbox takes no application fee: 1% of the month's gross is owed, 100.00 of it this gift's.
    expect(thisMonth?.fees_minor).toBe(0);
    expect(thisMonth?.owed_minor).toBe(Math.round((thisMonth?.gross_minor ?? 0) / 100));
    expect(thisMonth?.owed_minor).toBeGreaterThanOrEqual(100);
    const after = await table();
    expect(after.organisations[0]).toMatchObject({ npo_id: riverside, fee_bps: 100 });
    expect(summary.by_month.at(-1)?.owed_minor).toBe(thisMonth?.owed_minor);

    const csv = await operator.get(`${API}/sales/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Organisation,Organisation id,Month,Rate (bps),Gross,Fees taken,Owed,Currency');
    expect(lines).toContain(
      `Riverside Food Bank,${riverside},${month},100,${thisMonth?.gross_minor},0,${thisMonth?.owed_minor},USD`,
    );
  });

  it('pages, sorts and searches the organisations on the server, and its pages add up to the months', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    await operator.put(`${API}/organizations/${riverside}/fee`, { platform_fee_bps: 150, reason: 'Agreed rate' });
    const summary = ZConsoleSales.parse((await operator.get(`${API}/sales`)).json());
    const page = async (query: string) => {
      const res = await operator.get(`${API}/sales/organizations?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ZConsoleSalesOrganisations.parse(res.json());
    };
    const sum = (rows: { gross_minor: number; fees_minor: number; owed_minor: number }[]) =>
      ['gross_minor', 'fees_minor', 'owed_minor'].map((k) => rows.reduce((s, r) => s + r[k as 'gross_minor'], 0));

    const all = await page('per_page=100');
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all).toMatchObject({ period: 'all', sort: 'owed', page: 1, per_page: 100 });
    // The table's organisations over the 12 months add up to the months' totals.
    expect(sum(all.organisations)).toEqual(sum(summary.by_month));
    // Each month's table adds up to that month.
    for (const m of summary.by_month.filter((x) => x.gross_minor !== 0 || x.fees_minor !== 0)) {
      expect(sum((await page(`period=${m.period}&per_page=100`)).organisations), m.period).toEqual(sum([m]));
    }

    // One a page: the pages together are the list, in its order, and a page past the end is empty.
    const pages = [];
    for (let n = 1; n <= all.total; n++) {
      const one = await page(`per_page=1&page=${n}`);
      expect(one.total).toBe(all.total);
      pages.push(...one.organisations);
    }
    expect(pages).toEqual(all.organisations);
    expect((await page(`per_page=1&page=${all.total + 1}`)).organisations).toEqual([]);

    const byName = await page('sort=name&per_page=100');
    expect(byName.organisations.map((o) => o.name)).toEqual(
      [...all.organisations.map((o) => o.name)].sort((a, b) => a.localeCompare(b)),
    );
    const byGross = (await page('sort=gross&per_page=100')).organisations.map((o) => o.gross_minor);
    expect(byGross).toEqual([...byGross].sort((a, b) => b - a));

    const found = await page('q=RIVERSIDE');
    expect(found.total).toBe(1);
    expect(found.organisations[0]).toMatchObject({ npo_id: riverside, name: 'Riverside Food Bank', fee_bps: 150 });
    expect((await page('q=no%20such%20organisation')).total).toBe(0);
  });

  it('answers 400 with the reason for a bad page, size, sort or month', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const lastYear = `${new Date().getUTCFullYear() - 2}-01`;
    for (const [query, message] of [
      ['page=0', 'Choose a page from 1.'],
      ['page=two', 'Choose a page from 1.'],
      ['per_page=0', 'Show between 1 and 100 organisations a page.'],
      ['per_page=101', 'Show between 1 and 100 organisations a page.'],
      ['sort=loudest', 'Sort by fees owed, fees taken, money processed or name.'],
      ['period=2026-13', 'Choose the last 12 months or one of them.'],
      [`period=${lastYear}`, 'Choose the last 12 months or one of them.'],
    ] as const) {
      const res = await operator.get(`${API}/sales/organizations?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });
});
