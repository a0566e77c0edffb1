// Membership figures over time (docs/product/memberships.md#staff-dashboardmembership), worked out by
// hand from the rows this file writes for an organisation of its own (time zone UTC). mAgo(k) is the
// 3rd of the month k months ago; "members at the end of month k" is counted at the next month's start.
import { ZMembershipFigures } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { addDonor, addGift, organisationWithAdmin } from '../analysis/analysis.fixtures.ts';

const ctx = useTestApp();
let admin: TestClient;
let tierA = 0;
let tierB = 0;

/** The ISO instant of the 3rd of the month k months ago, UTC, from the database's clock. */
async function mAgo(k: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ at: string }>(sql`
    SELECT to_char((date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => ${k}) + interval '2 days')
      AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`);
  return String(rows[0]?.at);
}

const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const monthsAgoKey = (k: number) => {
  const now = new Date();
  return monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1)));
};

type Fixture = {
  tier: () => number;
  joined: number;
  status: string;
  renewal?: string;
  periodEndDays: number;
  events?: [string, number][];
  paid?: [number, number, string?][];
};

beforeAll(async () => {
  const org = await organisationWithAdmin(ctx, 'Trend Society');
  admin = org.client;
  const npoId = org.npoId;
  await ctx.db.execute(sql`UPDATE npos SET time_zone = 'UTC' WHERE id = ${npoId}`);
  const { rows: campaign } = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO campaigns (npo_id, name, campaign_url, status, campaign_type, currency)
    VALUES (${npoId}, 'Trend Friends', 'trend-friends', 'active', 'membership', 'USD') RETURNING id`);
  const tier = async (name: string, price: number, position: number) =>
    Number(
      (
        await ctx.db.execute<{ id: number }>(sql`
          INSERT INTO membership_tiers (npo_id, campaign_id, name, billing, price_minor, position, taken)
          VALUES (${npoId}, ${campaign[0]?.id}, ${name}, 'yearly', ${price}, ${position}, 0) RETURNING id`)
      ).rows[0]?.id,
    );
  tierA = await tier('Individual', 5000, 0);
  tierB = await tier('Household', 9000, 1);
  const donorId = await addDonor(ctx.db, npoId, 'trend.payer@example.org');
  const fixtures: Fixture[] = [
    // M1: joined 10 months ago, still a member, a manual renewal due in 40 days.
    { tier: () => tierA, joined: 10, status: 'active', periodEndDays: 40, paid: [[10, 5000]] },
    // M2: joined 8 months ago, lapsed 3 months ago.
    { tier: () => tierA, joined: 8, status: 'lapsed', periodEndDays: -120, events: [['lapsed', 3]], paid: [[8, 5000]] },
    // M3: joined 8 months ago, renewed 2 months ago, due in 200 days (beyond the three months).
    {
      tier: () => tierB,
      joined: 8,
      status: 'active',
      renewal: 'automatic',
      periodEndDays: 200,
      events: [['renewed', 2]],
      paid: [
        [8, 9000],
        [2, 9000],
      ],
    },
    // M4: joined 5 months ago, cancelled last month (not a lapse).
    { tier: () => tierB, joined: 5, status: 'cancelled', periodEndDays: 100, events: [['cancelled', 1]] },
    // M5: joined before the window, renewed 2 months ago (a failed charge too), renews automatically in 40 days.
    {
      tier: () => tierA,
      joined: 14,
      status: 'active',
      renewal: 'automatic',
      periodEndDays: 40,
      events: [['renewed', 2]],
      paid: [
        [2, 5000],
        [2, 5000, 'failed'],
      ],
    },
    // M7: joined last month, already in grace (not an upcoming renewal).
    { tier: () => tierA, joined: 1, status: 'in_grace', periodEndDays: -5, paid: [[1, 5000]] },
  ];
  for (const [n, f] of fixtures.entries()) {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO supporter_memberships (npo_id, tier_id, reference, status, renewal, currency, price_minor,
        joined_at, period_start, period_end)
      VALUES (${npoId}, ${f.tier()}, ${`trend-${n}`}, ${f.status}, ${f.renewal ?? 'manual'}, 'USD',
        ${f.tier() === tierA ? 5000 : 9000}, ${await mAgo(f.joined)}::timestamptz, ${await mAgo(f.joined)}::timestamptz,
        now() + make_interval(days => ${f.periodEndDays}))
      RETURNING id`);
    const id = Number(rows[0]?.id);
    for (const [kind, k] of f.events ?? []) {
      await ctx.db.execute(sql`
        INSERT INTO membership_history (membership_id, kind, at) VALUES (${id}, ${kind}, ${await mAgo(k)}::timestamptz)`);
    }
    for (const [k, amount, status] of f.paid ?? []) {
      const donationId = await addGift(ctx.db, npoId, {
        donorId,
        at: await mAgo(k),
        base: amount,
        status: (status ?? 'succeeded') as 'succeeded',
      });
      await ctx.db.execute(
        sql`INSERT INTO membership_payments (membership_id, donation_id) VALUES (${id}, ${donationId})`,
      );
    }
  }
  // A join never paid: no member at any time.
  await ctx.db.execute(sql`
    INSERT INTO supporter_memberships (npo_id, tier_id, reference, status, currency, price_minor, hold_until)
    VALUES (${npoId}, ${tierA}, 'trend-pending', 'pending', 'USD', 5000, now() + interval '10 minutes')`);
});

describe('membership figures over time', () => {
  it('counts members per tier at each month’s end, new, renewed, lapsed and revenue per month, the renewal rate and renewals due', async () => {
    const res = await admin.get('/api/v1/npo_admin/membership/figures');
    expect(res.statusCode, res.body).toBe(200);
    const { trends } = ZMembershipFigures.parse(res.json());
    // Oldest first: index i is 11 - i months ago.
    expect(trends.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthsAgoKey(11 - i)));
    const byAgo = (k: number) => trends.months[11 - k];
    const membersA = [3, 3, 2, 2, 3, 3, 3, 3, 3, 2, 2, 1]; // k = 0 … 11
    const membersB = [1, 1, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0];
    for (let k = 0; k < 12; k++) {
      const expected = [
        ...(membersA[k] ? [{ tier_id: tierA, members: membersA[k] }] : []),
        ...(membersB[k] ? [{ tier_id: tierB, members: membersB[k] }] : []),
      ];
      expect(byAgo(k)?.members_by_tier, `members ${k} months ago`).toEqual(expected);
    }
    const series = (key: 'new' | 'renewed' | 'lapsed' | 'revenue_minor') =>
      Array.from({ length: 12 }, (_, k) => byAgo(k)?.[key]);
    expect(series('new')).toEqual([0, 1, 0, 0, 0, 1, 0, 0, 2, 0, 1, 0]);
    expect(series('renewed')).toEqual([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(series('lapsed')).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(series('revenue_minor')).toEqual([0, 5000, 14000, 0, 0, 0, 0, 0, 14000, 0, 5000, 0]);
    // Two renewals against one lapse.
    expect(trends.renewal_rate_percent).toBe(67);
    // This month and the next two; M1 (manual) and M5 (automatic) fall due in 40 days.
    const due = monthKey(new Date(Date.now() + 40 * 86_400_000));
    expect(trends.upcoming_renewals.map((u) => u.month)).toEqual([monthsAgoKey(0), monthsAgoKey(-1), monthsAgoKey(-2)]);
    expect(trends.upcoming_renewals.find((u) => u.month === due)).toEqual({
      month: due,
      automatic: 1,
      manual: 1,
      amount_minor: 10000,
    });
    expect(trends.upcoming_renewals.reduce((n, u) => n + u.automatic + u.manual, 0)).toBe(2);
  });

  it('answers an organisation without members with empty months and no renewal rate', async () => {
    const { client } = await organisationWithAdmin(ctx, 'Quiet Society');
    const { trends } = ZMembershipFigures.parse((await client.get('/api/v1/npo_admin/membership/figures')).json());
    expect(trends.months).toHaveLength(12);
    expect(trends.months.every((m) => m.members_by_tier.length === 0 && m.new === 0 && m.revenue_minor === 0)).toBe(
      true,
    );
    expect(trends.renewal_rate_percent).toBeNull();
    expect(trends.upcoming_renewals).toHaveLength(3);
  });
});
