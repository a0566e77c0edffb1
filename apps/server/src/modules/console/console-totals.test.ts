import { ZConsoleOrganisationDetail, ZConsoleOrganisationList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { API, as, npoIdOf } from './console.test-support.ts';
import { rollUpDailyFigures } from './console-figures.repository.ts';

// The organisations' money from the maintained totals plus the live ledger
// (docs/decisions/073-console-organisation-totals.md): the same before and after any roll-up.
describe('the console organisations’ money', () => {
  const ctx = useTestApp();

  it('reads the same money processed and figures before, after and between roll-ups, and counts a new gift once', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    const list = async () =>
      ZConsoleOrganisationList.parse((await operator.get(`${API}/organizations?per_page=100`)).json())
        .organisations.map((o) => [o.name, o.processed_minor])
        .sort();
    const figures = async () =>
      ZConsoleOrganisationDetail.parse((await operator.get(`${API}/organizations/${riverside}`)).json()).figures;
    const live = { list: await list(), figures: await figures() };
    expect(live.figures.donations).toBeGreaterThan(0);
    expect(live.list.find(([name]) => name === 'Riverside Food Bank')?.[1]).toBe(live.figures.gross_minor);

    await rollUpDailyFigures(ctx.db);
    expect({ list: await list(), figures: await figures() }).toEqual(live);
    await rollUpDailyFigures(ctx.db);
    expect({ list: await list(), figures: await figures() }).toEqual(live);
    // The totals are the sums of the closed days, organisation by organisation.
    const { rows: drift } = await ctx.db.execute(sql`
      WITH days AS (SELECT npo_id, currency, sum(gross_minor) AS gross, sum(donations) AS donations
        FROM console_daily_figures GROUP BY 1, 2)
      SELECT * FROM days d FULL JOIN console_organisation_totals t USING (npo_id, currency)
      WHERE coalesce(d.gross, 0) <> coalesce(t.gross_minor, 0) OR coalesce(d.donations, 0) <> coalesce(t.donations, 0)`);
    expect(drift).toEqual([]);
    // …and the months are the sums of their closed days (decision 095).
    const monthsDrift = async () =>
      (
        await ctx.db.execute(sql`
          WITH days AS (SELECT npo_id, date_trunc('month', day)::date AS month, currency, sum(gross_minor) AS gross,
              sum(donations) AS donations, sum(refunds_minor) AS refunds, sum(fees_minor) AS fees
            FROM console_daily_figures GROUP BY 1, 2, 3)
          SELECT * FROM days d FULL JOIN console_monthly_figures m USING (npo_id, month, currency)
          WHERE coalesce(d.gross, 0) <> coalesce(m.gross_minor, 0) OR coalesce(d.donations, 0) <> coalesce(m.donations, 0)
            OR coalesce(d.refunds, 0) <> coalesce(m.refunds_minor, 0) OR coalesce(d.fees, 0) <> coalesce(m.fees_minor, 0)`)
      ).rows;
    expect(await monthsDrift()).toEqual([]);
    const { rows: monthRows } = await ctx.db.execute(sql`SELECT 1 FROM console_monthly_figures`);
    expect(monthRows.length).toBeGreaterThan(0);

    await payForGift(ctx, { amount: 4200, currency: 'USD', email: 'totals@example.org' }).then((g) => g.confirm());
    const after = await figures();
    expect(after).toMatchObject({
      donations: live.figures.donations + 1,
      gross_minor: live.figures.gross_minor + 4200,
    });
    // Tomorrow's roll-up closes today: the gift moves from the live part into the totals, counted once.
    await rollUpDailyFigures(ctx.db, new Date(Date.now() + 86_400_000));
    expect(await figures()).toEqual(after);
    expect((await list()).find(([name]) => name === 'Riverside Food Bank')?.[1]).toBe(after.gross_minor);
    expect(await monthsDrift()).toEqual([]);
    // New donors per month are those created on closed days (today's demo donors are closed now).
    const { rows: donorDrift } = await ctx.db.execute(sql`
      WITH created AS (SELECT d.npo_id, date_trunc('month', d.created_at AT TIME ZONE 'UTC')::date AS month, count(*) AS n
        FROM donors d, platform_settings s
        WHERE s.id = 1 AND d.created_at < (s.figures_through + 1)::timestamp AT TIME ZONE 'UTC' GROUP BY 1, 2)
      SELECT * FROM created c FULL JOIN console_monthly_donors m USING (npo_id, month)
      WHERE coalesce(c.n, 0) <> coalesce(m.donors_new, 0)`);
    expect(donorDrift).toEqual([]);
    const { rows: counted } = await ctx.db.execute<{ n: number }>(
      sql`SELECT coalesce(sum(donors_new), 0)::int AS n FROM console_monthly_donors`,
    );
    expect(Number(counted[0]?.n)).toBeGreaterThan(0);
  }, 120_000);
});
