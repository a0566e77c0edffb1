import { ZTierList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { signedIn } from '../team/team.test-support.ts';
import { extendByPlanCharge } from './index.ts';
import { joinAndPay, MEMBERSHIP_PUBLIC, membershipRow } from './memberships.test-support.ts';

const PLANS = '/api/v1/npo_admin/recurring_plans';

describe('automatic renewals through the plan', () => {
  const ctx = useTestApp();
  let monthlyTierId: number;

  beforeAll(async () => {
    const tiers = ZTierList.parse((await new TestClient(ctx.app).get(`${MEMBERSHIP_PUBLIC}/tiers`)).json()).tiers;
    monthlyTierId = Number(tiers.find((t) => t.billing === 'monthly')?.id);
  });

  it("moves the expiry on one month per successful charge of the membership's plan, once per charge", async () => {
    const { id } = await joinAndPay(ctx, monthlyTierId, [{ name: 'Ada Lovelace', email: 'ada.renews@example.org' }]);
    const joined = await membershipRow(ctx.db, id);
    expect(joined).toMatchObject({ status: 'active', renewal: 'automatic' });
    expect(joined.plan_id).not.toBeNull();
    const { rows } = await ctx.db.execute<{ next_charge_at: Date }>(
      sql`SELECT next_charge_at FROM recurring_plans WHERE id = ${joined.plan_id}`,
    );
    const due = new Date(new Date(rows[0]?.next_charge_at ?? 0).getTime() + 60_000);

    const admin = await signedIn(ctx, 'admin@kindling.test');
    const swept = await admin.post(`${PLANS}/${joined.plan_id}/test_sweep`, { now: due.toISOString() });
    expect(swept.json()).toEqual({ outcomes: ['charged'] });
    const renewed = await membershipRow(ctx.db, id);
    const expected = new Date(joined.period_end);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(renewed.period_end.toISOString()).toBe(expected.toISOString());

    // The same charge told again (a replayed key records the same donation): nothing moves.
    const { rows: paid } = await ctx.db.execute<{ donation_id: number; npo_id: number }>(sql`
      SELECT p.donation_id, m.npo_id FROM membership_payments p JOIN supporter_memberships m ON m.id = p.membership_id
      WHERE p.membership_id = ${id} ORDER BY p.donation_id DESC LIMIT 1`);
    const charge = {
      npoId: Number(paid[0]?.npo_id),
      planId: Number(joined.plan_id),
      donationId: Number(paid[0]?.donation_id),
      chargedAt: due,
    };
    await ctx.db.transaction((tx) => extendByPlanCharge(tx, charge));
    await Promise.all([
      ctx.db.transaction((tx) => extendByPlanCharge(tx, charge)),
      ctx.db.transaction((tx) => extendByPlanCharge(tx, charge)),
    ]);
    expect((await membershipRow(ctx.db, id)).period_end.toISOString()).toBe(expected.toISOString());
    const { rows: history } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM membership_history WHERE membership_id = ${id} AND kind = 'renewed'`,
    );
    expect(history[0]?.n).toBe(1);
    const detail = (await admin.get(`/api/v1/npo_admin/memberships/${id}`)).json();
    expect(detail.payments).toHaveLength(2);
  });
});
