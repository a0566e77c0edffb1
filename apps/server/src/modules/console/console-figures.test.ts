import { ZConsoleIndex, ZConsoleSales } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { API, as } from './console.test-support.ts';
import { rollUpDailyFigures } from './console-figures.repository.ts';

const money = (index: ReturnType<typeof ZConsoleIndex.parse>) => ({ by_day: index.by_day, by_month: index.by_month });

describe('the console daily roll-up', () => {
  const ctx = useTestApp();
  const table = async () =>
    (
      await ctx.db.execute(
        sql`SELECT npo_id, day::text, currency, donations, gross_minor, refunds_minor, fees_minor FROM console_daily_figures ORDER BY 1, 2, 3`,
      )
    ).rows;

  it('gives the index the same figures as the live ledger, twice over, and adds today’s gifts live', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const index = async () => ZConsoleIndex.parse((await operator.get(API)).json());
    const live = money(await index());

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const first = await rollUpDailyFigures(ctx.db);
    expect(first?.through).toBe(yesterday);
    const rolled = await table();
    expect(rolled.length).toBeGreaterThan(0);
    expect(money(await index())).toEqual(live);

    const again = await rollUpDailyFigures(ctx.db);
    expect(again).toEqual({ from: yesterday, through: yesterday });
    expect(await table()).toEqual(rolled);
    expect(money(await index())).toEqual(live);

    // Each closed day of the table is the ledger's own sum for that organisation, day and currency.
    const { rows: mismatched } = await ctx.db.execute(sql`
      WITH ledger AS (
        SELECT npo_id, (created_at AT TIME ZONE 'UTC')::date AS day, base_currency AS currency,
          coalesce(sum(base_amount_minor) FILTER (WHERE kind IN ('gift', 'fee_covered')), 0) AS gross,
          (count(*) FILTER (WHERE kind = 'gift'))::int AS donations
        FROM ledger_entries WHERE created_at < date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        GROUP BY 1, 2, 3)
      SELECT * FROM ledger l FULL JOIN console_daily_figures f USING (npo_id, day, currency)
      WHERE l.gross IS DISTINCT FROM f.gross_minor OR l.donations IS DISTINCT FROM f.donations`);
    expect(mismatched).toEqual([]);

    await payForGift(ctx, { amount: 4200, currency: 'USD', email: 'rollup@example.org' }).then((g) => g.confirm());
    const today = new Date().toISOString().slice(0, 10);
    const after = await index();
    const before = live.by_day.find((d) => d.period === today);
    expect(after.by_day.find((d) => d.period === today)?.gross_minor).toBe((before?.gross_minor ?? 0) + 4200);
    expect(after.by_day.find((d) => d.period === today)?.donations).toBe((before?.donations ?? 0) + 1);
  });

  it('gives the sales figures: the same monthly fees and volume as the index, the top organisations, sign-ups', async () => {
    await rollUpDailyFigures(ctx.db);
    await payForGift(ctx, { amount: 3000, currency: 'USD', email: 'sales@example.org' }).then((g) => g.confirm());
    const operator = await as(ctx, 'console@kindling.test');
    const index = ZConsoleIndex.parse((await operator.get(API)).json());
    const res = await operator.get(`${API}/sales`);
    expect(res.statusCode, res.body).toBe(200);
    const sales = ZConsoleSales.parse(res.json());
    expect(sales.by_month.map((m) => m.period)).toEqual(index.by_month.map((m) => m.period));
    expect(sales.by_month.map((m) => [m.gross_minor, m.fees_minor])).toEqual(
      index.by_month.map((m) => [m.gross_minor, m.fees_minor]),
    );
    const thisMonth = sales.by_month.at(-1);
    expect(thisMonth?.active_organisations).toBeGreaterThanOrEqual(1);
    const fees = sales.top_organisations.map((o) => o.fees_minor);
    expect(fees).toEqual([...fees].sort((a, b) => b - a));
    expect(sales.top_organisations.find((o) => o.name === 'Riverside Food Bank')?.gross_minor).toBeGreaterThanOrEqual(
      3000,
    );
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM npos WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    expect(thisMonth?.new_organisations).toBe(Number(rows[0]?.n));
  });
});
