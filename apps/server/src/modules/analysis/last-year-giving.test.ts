// LYBUNT's last-year giving is kept on the donor totals (donor_giving.last_gift_year_minor):
// added to when a gift falls in the year already summed, re-summed otherwise. Whatever arrives,
// it must equal the donor's counted gifts in the giving year of their last gift, summed afresh.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { addDonor, addGift, organisationWithAdmin, refund } from './analysis.fixtures.ts';

describe('last year giving on the donor totals', () => {
  const ctx = useTestApp();
  let npoId: number;
  let donor: number;

  beforeAll(async () => {
    npoId = (await organisationWithAdmin(ctx, 'Last Year Trust')).npoId;
    donor = await addDonor(ctx.db, npoId, 'last-year@example.org');
  });

  /** The kept figure and the same one summed from the donations now. */
  const keptAndFresh = async () => {
    const { rows } = await ctx.db.execute<{ kept: number; fresh: number }>(sql`
      SELECT g.last_gift_year_minor::int AS kept, coalesce((
        SELECT sum(c.amount) FROM counted_gifts(${npoId},
          giving_year_start(g.last_gift_at, n.fiscal_year_start_month, n.time_zone),
          giving_year_start(g.last_gift_at, n.fiscal_year_start_month, n.time_zone) + interval '1 year') c
        WHERE c.donor_id = g.donor_id), 0)::int AS fresh
      FROM donor_giving g JOIN npos n ON n.id = g.npo_id WHERE g.donor_id = ${donor}`);
    return rows[0];
  };

  it('follows first gifts, same-year gifts, back-dated gifts, a new year, refunds and bulk inserts', async () => {
    const steps: Array<[string, () => Promise<unknown>, number]> = [
      ['first gift', () => addGift(ctx.db, npoId, { donorId: donor, at: '2025-03-01T10:00:00Z', base: 1000 }), 1000],
      ['same year', () => addGift(ctx.db, npoId, { donorId: donor, at: '2025-06-01T10:00:00Z', base: 500 }), 1500],
      ['back-dated', () => addGift(ctx.db, npoId, { donorId: donor, at: '2024-12-01T10:00:00Z', base: 300 }), 1500],
      ['a new year', () => addGift(ctx.db, npoId, { donorId: donor, at: '2026-02-01T10:00:00Z', base: 700 }), 700],
      [
        'a refunded gift of that year',
        () => addGift(ctx.db, npoId, { donorId: donor, at: '2026-03-01T10:00:00Z', base: 200, status: 'refunded' }),
        900,
      ],
      [
        'two gifts in one statement, one opening the next year',
        () =>
          ctx.db.execute(sql`
            INSERT INTO donations (npo_id, donor_id, amount_minor, currency, base_amount_minor, base_currency, interval,
              status, payment_method, created_at)
            VALUES (${npoId}, ${donor}, 400, 'USD', 400, 'USD', 'once', 'succeeded', 'card', '2026-04-01T10:00:00Z'),
              (${npoId}, ${donor}, 650, 'USD', 650, 'USD', 'once', 'succeeded', 'card', '2027-01-05T10:00:00Z')`),
        650,
      ],
    ];
    for (const [what, write, expected] of steps) {
      await write();
      expect({ what, ...(await keptAndFresh()) }).toEqual({ what, kept: expected, fresh: expected });
    }
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM donations WHERE donor_id = ${donor} AND created_at = '2027-01-05T10:00:00Z'`,
    );
    await refund(ctx.db, npoId, Number(rows[0]?.id), 150, false);
    expect(await keptAndFresh()).toEqual({ kept: 500, fresh: 500 });
  });
});
