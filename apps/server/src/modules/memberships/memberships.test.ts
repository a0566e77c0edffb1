import { ZCreateIntentResponse, ZJoinHold, ZMembershipDetail, ZMembershipList, ZTierList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { sweepMemberships } from './index.ts';

const API = '/api/v1/npo_admin';
const PUBLIC = '/api/v1/subscriptions/friends-of-riverside';

describe('memberships API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let tiers: ReturnType<typeof ZTierList.parse>['tiers'];
  const tierNamed = (name: string) => tiers.find((t) => t.name === name) as (typeof tiers)[number];

  const statusOf = async (id: number) =>
    (await ctx.db.execute<{ status: string }>(sql`SELECT status FROM supporter_memberships WHERE id = ${id}`)).rows[0]
      ?.status;
  const takenOf = async (tierId: number) =>
    Number(
      (await ctx.db.execute<{ taken: number }>(sql`SELECT taken FROM membership_tiers WHERE id = ${tierId}`)).rows[0]
        ?.taken,
    );

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    const res = await new TestClient(ctx.app).get(`${PUBLIC}/tiers`);
    expect(res.statusCode, res.body).toBe(200);
    tiers = ZTierList.parse(res.json()).tiers;
  });

  it('lists the three demo tiers publicly, with prices and household sizes', () => {
    expect(tiers.map((t) => [t.name, t.billing, t.price_minor, t.household_size])).toEqual([
      ['Individual', 'yearly', 6000, 1],
      ['Household', 'yearly', 10000, 4],
      ['Monthly supporter', 'monthly', 1500, 1],
    ]);
  });

  it('joins the household tier with two members: paid through the donation form, active, deductible part stated', async () => {
    const visitor = new TestClient(ctx.app);
    const household = tierNamed('Household');
    const takenBefore = await takenOf(household.id);
    const held = await visitor.post(`${PUBLIC}/join`, {
      tier_id: household.id,
      members: [
        { name: 'Rosa Parks', email: 'rosa@example.org' },
        { name: 'Ray Parks', email: 'ray@example.org' },
      ],
    });
    expect(held.statusCode, held.body).toBe(201);
    const hold = ZJoinHold.parse(held.json());
    expect(hold).toMatchObject({ price_minor: 10000, interval: 'yearly', currency: 'USD' });
    expect(await takenOf(household.id)).toBe(takenBefore + 1);

    const campaign = await springAppeal(visitor, 'friends-of-riverside');
    const amounts = {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount: hold.price_minor,
      currency: 'USD',
      interval: hold.interval,
      payment_method: 'card',
      included_fees: 0,
    };
    const intentRes = await visitor.post('/api/v1/npo_admin/intent', {
      ...amounts,
      email: 'rosa@example.org',
      first_name: 'Rosa',
      last_name: 'Parks',
      membership: hold.reference,
    });
    expect(intentRes.statusCode, intentRes.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(intentRes.json());
    const paid = await visitor.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirm = () =>
      visitor.post('/api/v1/npo_admin/confirm_payment', {
        ...amounts,
        first_name: 'Rosa',
        last_name: 'Parks',
        email: 'rosa@example.org',
        payment_intent: intent.id,
      });
    expect((await confirm()).statusCode).toBe(200);
    // Confirming again (the webhook's or the browser's retry) starts nothing twice.
    expect((await confirm()).statusCode).toBe(200);

    const confirmation = (await visitor.get(`/api/v1/subscriptions/memberships/${hold.reference}`)).json();
    expect(confirmation).toMatchObject({ status: 'active', tier: 'Household', members: ['Rosa Parks', 'Ray Parks'] });
    expect(confirmation.receipt_lines[0]).toBe('Tax-deductible amount: $70.00.');
    expect(confirmation.receipt_lines[1]).toContain('which we estimate in good faith at $30.00');

    const list = ZMembershipList.parse((await admin.get(`${API}/memberships?q=rosa`)).json());
    expect(list.total).toBe(1);
    const row = list.memberships[0];
    expect(row).toMatchObject({ tier: 'Household', status: 'active', renewal: 'automatic' });
    expect(row?.members.map((m) => m.name)).toEqual(['Rosa Parks', 'Ray Parks']);
    const detail = ZMembershipDetail.parse((await admin.get(`${API}/memberships/${row?.id}`)).json());
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]?.amount_minor).toBe(10000);
    expect(detail.history.filter((h) => h.kind === 'joined')).toHaveLength(1);
    expect(await takenOf(household.id)).toBe(takenBefore + 1);
  });

  it('refuses a household over its size and an unknown tier, changing nothing', async () => {
    const visitor = new TestClient(ctx.app);
    const individual = tierNamed('Individual');
    const before = await takenOf(individual.id);
    const two = [
      { name: 'A One', email: 'a@example.org' },
      { name: 'B Two', email: 'b@example.org' },
    ];
    const over = await visitor.post(`${PUBLIC}/join`, { tier_id: individual.id, members: two });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors?.members ?? over.json().message).toContain('covers one member');
    const unknown = await visitor.post(`${PUBLIC}/join`, { tier_id: 999999, members: two.slice(0, 1) });
    expect(unknown.statusCode).toBe(400);
    expect(await takenOf(individual.id)).toBe(before);
  });

  it('gives the last place of a full tier once under concurrent joins', async () => {
    const current = ZTierList.parse(
      (await admin.get(`${API}/membership/campaigns/${tiers[0]?.campaign_id}/tiers`)).json(),
    );
    const edited = current.tiers.map((t) => {
      const { taken, remaining, currency, campaign_id, ...input } = t;
      return t.name === 'Individual' ? { ...input, capacity: taken + 1 } : input;
    });
    const saved = await admin.put(`${API}/membership/campaigns/${tiers[0]?.campaign_id}/tiers`, { tiers: edited });
    expect(saved.statusCode, saved.body).toBe(200);
    const individual = tierNamed('Individual');
    const joins = await Promise.all(
      [1, 2, 3].map((n) =>
        new TestClient(ctx.app).post(`${PUBLIC}/join`, {
          tier_id: individual.id,
          members: [{ name: `Racer ${n}`, email: `racer${n}@example.org` }],
        }),
      ),
    );
    expect(joins.map((j) => j.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = joins.find((j) => j.statusCode === 409);
    expect(refused?.json().message).toBe('The Individual tier is full. Please choose another tier.');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM supporter_memberships m JOIN membership_members p ON p.membership_id = m.id
        WHERE p.email LIKE 'racer%'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers 401 anonymous, 403 to a fundraiser and to staff changing tiers, 404 for another organisation', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/memberships`)).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/membership/figures`)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/memberships`)).statusCode).toBe(403);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.get(`${API}/memberships`)).statusCode).toBe(200);
    const campaignId = tiers[0]?.campaign_id;
    expect((await staff.put(`${API}/membership/campaigns/${campaignId}/tiers`, { tiers: [] })).statusCode).toBe(403);
    const someone = ZMembershipList.parse((await admin.get(`${API}/memberships`)).json()).memberships[0];
    expect((await staff.post(`${API}/memberships/${someone?.id}/cancel`)).statusCode).toBe(403);

    const { client: outsider } = await outsiderOrganisation(ctx, 'members-outsider@example.org', 'Member Outsiders');
    expect((await outsider.get(`${API}/memberships/${someone?.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/memberships/${someone?.id}/extend`, { months: 12 })).statusCode).toBe(404);
    expect((await outsider.get(`${API}/membership/campaigns/${campaignId}/tiers`)).statusCode).toBe(404);
    expect((await outsider.put(`${API}/membership/campaigns/${campaignId}/tiers`, { tiers: [] })).statusCode).toBe(404);
    expect(ZMembershipList.parse((await outsider.get(`${API}/memberships`)).json()).total).toBe(0);
    expect(await statusOf(Number(someone?.id))).toBe(someone?.status);
  });

  it('extends and cancels a membership from its page, and filters the list by status and expiry', async () => {
    const expiring = ZMembershipList.parse(
      (await admin.get(`${API}/memberships?status=active&expiring_within_days=30`)).json(),
    );
    expect(expiring.total).toBeGreaterThan(0);
    const one = expiring.memberships[0];
    const extended = ZMembershipDetail.parse(
      (await admin.post(`${API}/memberships/${one?.id}/extend`, { months: 12 })).json(),
    );
    expect(new Date(extended.period_end ?? 0).getTime()).toBeGreaterThan(new Date(one?.period_end ?? 0).getTime());
    expect(extended.history[0]?.detail).toBe('Extended by 12 months.');
    const cancelled = ZMembershipDetail.parse((await admin.post(`${API}/memberships/${one?.id}/cancel`)).json());
    expect(cancelled.status).toBe('cancelled');
    const csv = await admin.get(`${API}/memberships/export?status=cancelled`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(one?.members[0]?.email);
  });

  it('moves an expired manual membership into grace once, however many sweeps run, then lapses it after the grace days', async () => {
    const individual = tierNamed('Individual');
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      UPDATE supporter_memberships SET period_end = now() - interval '1 day'
      WHERE id = (SELECT id FROM supporter_memberships WHERE tier_id = ${individual.id} AND status = 'active'
        AND renewal = 'manual' ORDER BY id LIMIT 1)
      RETURNING id`);
    const id = Number(rows[0]?.id);
    await Promise.all([sweepMemberships(ctx.db), sweepMemberships(ctx.db), sweepMemberships(ctx.db)]);
    expect(await statusOf(id)).toBe('in_grace');
    const graceEntries = async (kind: string) =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM membership_history WHERE membership_id = ${id} AND kind = ${kind}`,
        )
      ).rows[0]?.n;
    expect(await graceEntries('in_grace')).toBe(1);

    const taken = await takenOf(individual.id);
    // 28 days on: still within the organisation's 30 grace days.
    await sweepMemberships(ctx.db, new Date(Date.now() + 28 * 86_400_000));
    expect(await statusOf(id)).toBe('in_grace');
    const later = new Date(Date.now() + 31 * 86_400_000);
    await Promise.all([sweepMemberships(ctx.db, later), sweepMemberships(ctx.db, later)]);
    expect(await statusOf(id)).toBe('lapsed');
    expect(await graceEntries('lapsed')).toBe(1);
    // Its place in the tier is given back once: the counter still equals the memberships holding one.
    const { rows: holding } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM supporter_memberships
      WHERE tier_id = ${individual.id} AND status IN ('active', 'in_grace', 'pending')`);
    expect(await takenOf(individual.id)).toBe(holding[0]?.n);
    expect(await takenOf(individual.id)).toBeLessThan(taken);
  });
});
