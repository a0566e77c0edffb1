import { type TSegmentGroupInput, ZContactListResponse, ZSegment, ZSegmentCount } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin';

// crm20: the RFM score, membership and event attendance rules, each against a computation made here
// from the rows themselves.
describe('Segment rules: RFM score, membership, event attendance', { timeout: 120_000 }, () => {
  const ctx = useTestApp();
  let staff: TestClient;
  let npoId = 0;
  let n = 0;

  const membersOf = async (rules: TSegmentGroupInput): Promise<number[]> => {
    const res = await staff.post(`${API}/segments`, { name: `Rules ${++n}`, rules });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = ZSegment.parse(res.json());
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const body = ZContactListResponse.parse(
        (await staff.get(`${API}/segments/${id}/donors?per_page=100&page=${page}`)).json(),
      );
      ids.push(...body.contacts.map((c) => c.id));
      if (body.contacts.length < 100) return ids.sort((a, b) => a - b);
    }
  };
  const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
    npoId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
  });

  it('scores recency, frequency and value 1 to 5 by quintile (ties share a score) and compares their sum', async () => {
    const { rows } = await ctx.db.execute<{ id: number; last: Date; count: number; total: number }>(sql`
      SELECT donor_id AS id, last_gift_at AS last, gift_count AS count, lifetime_base_minor AS total
      FROM donor_giving WHERE npo_id = ${npoId} AND gift_count > 0`);
    const givers = rows.map((r) => ({
      id: Number(r.id),
      r: new Date(r.last).getTime(),
      f: Number(r.count),
      m: Number(r.total),
    }));
    // Quintile of v: ceil(5 × the share of givers at or below v).
    const quintile = (values: number[], v: number) =>
      Math.ceil((5 * values.filter((x) => x <= v).length) / values.length);
    const [rs, fs, ms] = [givers.map((g) => g.r), givers.map((g) => g.f), givers.map((g) => g.m)];
    const score = new Map(givers.map((g) => [g.id, quintile(rs, g.r) + quintile(fs, g.f) + quintile(ms, g.m)]));
    const where = (test: (s: number) => boolean) => sorted([...score].filter(([, s]) => test(s)).map(([id]) => id));

    const top = where((s) => s >= 12);
    expect(top.length).toBeGreaterThan(0);
    expect(top.length).toBeLessThan(givers.length);
    expect(await membersOf({ match: 'all', rules: [{ field: 'rfm', operator: 'at_least', value: 12 }] })).toEqual(top);
    expect(await membersOf({ match: 'all', rules: [{ field: 'rfm', operator: 'at_most', value: 6 }] })).toEqual(
      where((s) => s <= 6),
    );
    const bad = await staff.post(`${API}/segments/count`, {
      rules: { match: 'all', rules: [{ field: 'rfm', operator: 'at_least', value: 16 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Use a score from 3 to 15.');
  });

  it('finds active members (grace included) of one tier or any, and those who are not', async () => {
    // Demo members join without a contact: give an active, a grace and a lapsed one of a tier a contact each.
    await ctx.db.execute(sql`
      WITH picked AS (
        SELECT m.id, row_number() OVER (ORDER BY m.id) AS n FROM supporter_memberships m
        WHERE m.npo_id = ${npoId} AND m.tier_id = (SELECT min(tier_id) FROM supporter_memberships WHERE npo_id = ${npoId})
          AND m.status IN ('active', 'in_grace', 'lapsed')),
      givers AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM donors WHERE npo_id = ${npoId})
      UPDATE supporter_memberships m SET donor_id = g.id FROM picked p JOIN givers g ON g.n = p.n WHERE m.id = p.id`);
    const { rows } = await ctx.db.execute<{ donor_id: number; tier_id: number; status: string }>(sql`
      SELECT donor_id, tier_id, status FROM supporter_memberships WHERE npo_id = ${npoId} AND donor_id IS NOT NULL`);
    const active = rows.filter((r) => r.status === 'active' || r.status === 'in_grace');
    const tier = Math.min(...rows.map((r) => Number(r.tier_id)));
    const ofTier = sorted(active.filter((r) => Number(r.tier_id) === tier).map((r) => Number(r.donor_id)));
    expect(ofTier.length).toBeGreaterThan(0);
    // A lapsed member of the tier is not a member.
    expect(rows.some((r) => r.status === 'lapsed')).toBe(true);
    expect(
      await membersOf({ match: 'all', rules: [{ field: 'membership', operator: 'is_member', value: tier }] }),
    ).toEqual(ofTier);
    const anyTier = new Set(active.map((r) => Number(r.donor_id)));
    const everyone = (
      await ctx.db.execute<{ id: number }>(sql`SELECT id FROM donors WHERE npo_id = ${npoId}`)
    ).rows.map((r) => Number(r.id));
    const count = await staff.post(`${API}/segments/count`, {
      rules: { match: 'all', rules: [{ field: 'membership', operator: 'is_not_member', value: null }] },
    });
    expect(ZSegmentCount.parse(count.json()).count).toBe(everyone.filter((id) => !anyTier.has(id)).length);
  });

  it('finds the buyers of a paid ticket order by e-mail, for one event or any', async () => {
    // A demo donor buys a ticket, writing their e-mail in capitals: still them.
    const { rows: donors } = await ctx.db.execute<{ id: number; email: string }>(sql`
      SELECT id, email FROM donors WHERE npo_id = ${npoId} AND email <> '' ORDER BY id LIMIT 1`);
    const buyer = donors[0] as { id: number; email: string };
    const { rows: orders } = await ctx.db.execute<{ id: number; event_id: number }>(sql`
      SELECT id, event_id FROM event_orders WHERE npo_id = ${npoId} AND status = 'paid' ORDER BY id LIMIT 1`);
    const order = orders[0] as { id: number; event_id: number };
    await ctx.db.execute(
      sql`UPDATE event_orders SET buyer_email = ${buyer.email.toUpperCase()} WHERE id = ${order.id}`,
    );

    const { rows: paid } = await ctx.db.execute<{ email: string; event_id: number }>(
      sql`SELECT buyer_email AS email, event_id FROM event_orders WHERE npo_id = ${npoId} AND status = 'paid'`,
    );
    const { rows: all } = await ctx.db.execute<{ id: number; email: string }>(
      sql`SELECT id, email FROM donors WHERE npo_id = ${npoId} AND email <> ''`,
    );
    const byEmail = new Map(all.map((d) => [d.email.toLowerCase(), Number(d.id)]));
    const buyersOf = (eventId: number | null) =>
      sorted(
        paid
          .filter((o) => eventId === null || Number(o.event_id) === eventId)
          .flatMap((o) => byEmail.get(o.email.toLowerCase()) ?? []),
      );
    const event = Number(order.event_id);
    expect(buyersOf(event)).toContain(Number(buyer.id));
    expect(
      await membersOf({ match: 'all', rules: [{ field: 'event', operator: 'bought_for', value: event }] }),
    ).toEqual(buyersOf(event));
    expect(await membersOf({ match: 'all', rules: [{ field: 'event', operator: 'bought_for', value: null }] })).toEqual(
      buyersOf(null),
    );
  });

  it('refuses another organisation’s tier or event on the rule', async () => {
    const { client: outsider } = await outsiderOrganisation(ctx, 'rules-outsider@example.org', 'Rule Outsiders');
    const { rows } = await ctx.db.execute<{ tier: number; event: number }>(sql`
      SELECT (SELECT id FROM membership_tiers WHERE npo_id = ${npoId} LIMIT 1) AS tier,
        (SELECT id FROM events WHERE npo_id = ${npoId} LIMIT 1) AS event`);
    const tier = await outsider.post(`${API}/segments/count`, {
      rules: { match: 'all', rules: [{ field: 'membership', operator: 'is_member', value: Number(rows[0]?.tier) }] },
    });
    expect(tier.statusCode).toBe(400);
    expect(tier.json().fields.rules).toBe('Membership tier not found.');
    const event = await outsider.post(`${API}/segments/count`, {
      rules: { match: 'all', rules: [{ field: 'event', operator: 'not_bought_for', value: Number(rows[0]?.event) }] },
    });
    expect(event.statusCode).toBe(400);
    expect(event.json().fields.rules).toBe('Event not found.');
    const options = (await staff.get(`${API}/segments/options`)).json();
    expect(options.tiers.length).toBeGreaterThan(0);
    expect(options.events.length).toBeGreaterThan(0);
  });
});
