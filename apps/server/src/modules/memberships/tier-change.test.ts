import {
  MEMBERSHIP_MESSAGES,
  memberNumber,
  proratedDifference,
  ZTierChangeResult,
  ZTierList,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { MEMBERSHIP_PUBLIC, membershipRow, payForMembership } from './memberships.test-support.ts';

const API = '/api/v1/npo_admin/memberships';
const DAY = 86_400_000;

describe('proration of a tier change at once', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const end = new Date('2027-01-01T00:00:00Z');
  it('charges the price difference for the part of the period still to run', () => {
    const at = new Date(start.getTime() + 73 * DAY); // 292 of 365 days left
    expect(
      proratedDifference({ oldPriceMinor: 6000, newPriceMinor: 10000, periodStart: start, periodEnd: end, at }),
    ).toBe(Math.round((4000 * 292) / 365));
    expect(
      proratedDifference({ oldPriceMinor: 6000, newPriceMinor: 10000, periodStart: start, periodEnd: end, at: start }),
    ).toBe(4000);
  });
  it('charges nothing for a downgrade, after the expiry, or for an empty period', () => {
    const at = new Date(start.getTime() + 10 * DAY);
    expect(
      proratedDifference({ oldPriceMinor: 10000, newPriceMinor: 6000, periodStart: start, periodEnd: end, at }),
    ).toBe(0);
    expect(
      proratedDifference({
        oldPriceMinor: 6000,
        newPriceMinor: 10000,
        periodStart: start,
        periodEnd: end,
        at: new Date(end.getTime() + DAY),
      }),
    ).toBe(0);
    expect(
      proratedDifference({ oldPriceMinor: 6000, newPriceMinor: 10000, periodStart: end, periodEnd: end, at }),
    ).toBe(0);
  });
});

describe('changing tier from the member page', () => {
  const ctx = useTestApp();
  let tiers: ReturnType<typeof ZTierList.parse>['tiers'];
  const tierId = (name: string) => Number(tiers.find((t) => t.name === name)?.id);
  const takenOf = async (id: number) =>
    Number(
      (await ctx.db.execute<{ taken: number }>(sql`SELECT taken FROM membership_tiers WHERE id = ${id}`)).rows[0]
        ?.taken,
    );
  const manualIndividuals = async () =>
    (
      await ctx.db.execute<{ id: number }>(sql`
        SELECT id FROM supporter_memberships WHERE renewal = 'manual' AND status = 'active' AND tier_id = ${tierId('Individual')}
        ORDER BY id LIMIT 2`)
    ).rows.map((r) => Number(r.id));

  beforeAll(async () => {
    tiers = ZTierList.parse((await new TestClient(ctx.app).get(`${MEMBERSHIP_PUBLIC}/tiers`)).json()).tiers;
  });

  it('upgrades at once with the prorated difference, moving the places between tiers', async () => {
    const [id] = await manualIndividuals();
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const before = await membershipRow(ctx.db, Number(id));
    const { rows } = await ctx.db.execute<{ period_start: Date }>(
      sql`SELECT period_start FROM supporter_memberships WHERE id = ${id}`,
    );
    const [individual, household] = [await takenOf(tierId('Individual')), await takenOf(tierId('Household'))];
    const at = Date.now();
    const res = await admin.post(`${API}/${id}/change_tier`, { tier_id: tierId('Household'), when: 'now' });
    expect(res.statusCode, res.body).toBe(200);
    const result = ZTierChangeResult.parse(res.json());
    expect(result.membership.tier).toBe('Household');
    expect(result.membership.price_minor).toBe(10000);
    const whole = before.period_end.getTime() - new Date(rows[0]?.period_start ?? 0).getTime();
    const expected = (4000 * (before.period_end.getTime() - at)) / whole;
    expect(Math.abs(result.prorated_minor - expected)).toBeLessThanOrEqual(1);
    expect(result.prorated_minor).toBeGreaterThan(0);
    expect(await takenOf(tierId('Individual'))).toBe(individual - 1);
    expect(await takenOf(tierId('Household'))).toBe(household + 1);
    // The same tier again, an unknown tier: refused, nothing changed.
    const same = await admin.post(`${API}/${id}/change_tier`, { tier_id: tierId('Household'), when: 'now' });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(MEMBERSHIP_MESSAGES.sameTier);
    expect((await admin.post(`${API}/${id}/change_tier`, { tier_id: 999999, when: 'now' })).statusCode).toBe(400);
    expect(await takenOf(tierId('Household'))).toBe(household + 1);
    // mem19c: the prorated difference is asked once, with one payment request for exactly that amount.
    const { rows: asked } = await ctx.db.execute<{ id: number; amount_minor: number; purpose: string }>(sql`
      SELECT id, amount_minor, purpose FROM payment_requests WHERE reference = ${memberNumber(Number(id))}`);
    expect(asked.map((r) => [Number(r.amount_minor), r.purpose])).toEqual([
      [result.prorated_minor, 'Upgrade to the Household membership'],
    ]);
    expect(result.payment_request_id).toBe(Number(asked[0]?.id));
  });

  it('moves a manual membership at its next renewal, paid at the new tier’s price through the renewal', async () => {
    const [, id] = await manualIndividuals();
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const res = await admin.post(`${API}/${id}/change_tier`, { tier_id: tierId('Household'), when: 'next_renewal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZTierChangeResult.parse(res.json())).toMatchObject({
      prorated_minor: 0,
      membership: { tier: 'Individual' },
    });
    const { rows } = await ctx.db.execute<{ reference: string; email: string }>(sql`
      SELECT m.reference, p.email FROM supporter_memberships m JOIN membership_members p ON p.membership_id = m.id AND p.position = 0
      WHERE m.id = ${id}`);
    await payForMembership(
      ctx,
      String(rows[0]?.reference),
      { amountMinor: 10000, currency: 'USD', interval: 'yearly' },
      { name: 'Next Renewal', email: String(rows[0]?.email) },
    );
    const detail = (await admin.get(`${API}/${id}`)).json();
    expect(detail.tier).toBe('Household');
    expect(detail.history.map((h: { detail: string }) => h.detail)).toContain(
      'Moved to the Household tier at renewal.',
    );
  });

  it('answers 401 anonymous, 403 to staff, 404 for another organisation', async () => {
    const [id] = await manualIndividuals();
    const body = { tier_id: tierId('Monthly supporter'), when: 'now' };
    expect((await new TestClient(ctx.app).post(`${API}/${id}/change_tier`, body)).statusCode).toBe(401);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.post(`${API}/${id}/change_tier`, body)).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'tier-outsider@example.org', 'Tier Outsiders');
    expect((await outsider.post(`${API}/${id}/change_tier`, body)).statusCode).toBe(404);
    expect((await membershipRow(ctx.db, Number(id))).tier_id).toBe(tierId('Individual'));
  });
});
