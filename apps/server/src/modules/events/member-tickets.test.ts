// Members-only tickets and member prices (docs/product/events.md#member-tickets, decision 090): the
// editor's fields and their rules, the server's membership check at checkout (active or in grace, the
// right e-mail, this organisation, an admitted tier), prices computed on the server only, the
// membership recorded on the order and its member tickets and shown at the door, and the failure limit.
import {
  EVENT_MESSAGES,
  memberNumber,
  ZCheckInResult,
  ZEventAdmin,
  ZPublicEvent,
  ZTicketOrderCreated,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { attendees, buyer, EVENTS_API, gala, payOrder } from './events.test-support.ts';

const ctx = useTestApp();
type Member = { id: number; email: string; tier: string; tier_id: number };

describe('member tickets', () => {
  let admin: TestClient;
  let event: ReturnType<typeof ZEventAdmin.parse>;
  let tiers: Map<string, number>;
  const dinner = () => event.ticket_types[0]?.id as number;
  const preview = () => event.ticket_types[1]?.id as number;

  /** A demo member of Friends of Riverside in this state (and tier, when given). */
  const demoMember = async (status: string, tier?: string): Promise<Member> => {
    const { rows } = await ctx.db.execute<Member>(sql`
      SELECT m.id, p.email, t.name AS tier, t.id AS tier_id FROM supporter_memberships m
      JOIN membership_members p ON p.membership_id = m.id AND p.position = 0
      JOIN membership_tiers t ON t.id = m.tier_id
      WHERE m.status = ${status} AND (${tier ?? null}::text IS NULL OR t.name = ${tier ?? null}) ORDER BY m.id LIMIT 1`);
    const m = rows[0];
    if (!m) throw new Error(`no demo member ${status} ${tier ?? ''}`);
    return { ...m, id: Number(m.id), tier_id: Number(m.tier_id) };
  };
  const order = (body: Record<string, unknown>, client = new TestClient(ctx.app)) =>
    client.post(`/api/v1/event_page/${event.slug}/orders`, { buyer, attendees: attendees(1), ...body });
  const counters = async () =>
    (
      await ctx.db.execute<{ taken: number; orders: number }>(sql`
        SELECT e.taken, (SELECT count(*) FROM event_orders o WHERE o.event_id = e.id)::int AS orders
        FROM events e WHERE e.id = ${event.id}`)
    ).rows[0];

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number; name: string }>(sql`
      SELECT t.id, t.name FROM membership_tiers t JOIN campaigns c ON c.id = t.campaign_id
      WHERE c.campaign_url = 'friends-of-riverside'`);
    tiers = new Map(rows.map((r) => [r.name, Number(r.id)]));
    const created = await admin.post(
      `${EVENTS_API}/events`,
      gala('member-gala', {
        ticket_types: [
          { name: 'Dinner', price_minor: 15000, fair_market_value_minor: 6000, member_price_minor: 11000 },
          {
            name: 'Preview',
            price_minor: 2500,
            fair_market_value_minor: 1000,
            members_only: true,
            member_tier_ids: [tiers.get('Individual') as number, tiers.get('Household') as number],
          },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    event = ZEventAdmin.parse(created.json());
  });

  it('saves the member fields and shows them on the public page with the tiers by name', async () => {
    expect(event.ticket_types.map((t) => [t.name, t.members_only, t.member_price_minor])).toEqual([
      ['Dinner', false, 11000],
      ['Preview', true, null],
    ]);
    const page = ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/member-gala')).json());
    expect(page.ticket_types.map((t) => [t.name, t.members_only, t.member_price_minor, t.member_tiers])).toEqual([
      ['Dinner', false, 11000, []],
      ['Preview', true, null, ['Individual', 'Household']],
    ]);
  });

  it('refuses a member price not below the price, on a price that is not fixed, and tiers of nobody', async () => {
    const { npoId } = await outsiderOrganisation(ctx, 'tiers-outsider@example.org', 'Tier Outsiders');
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      WITH c AS (INSERT INTO campaigns (npo_id, name, campaign_url, status, campaign_type, currency)
        VALUES (${npoId}, 'Outsider Friends', 'outsider-friends', 'active', 'membership', 'USD') RETURNING id)
      INSERT INTO membership_tiers (npo_id, campaign_id, name, billing, price_minor)
      SELECT ${npoId}, c.id, 'Outsider', 'yearly', 5000 FROM c RETURNING id`);
    const theirs = Number(rows[0]?.id);
    const type = { name: 'Dinner', price_minor: 15000 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ member_price_minor: 15000 }, 'member_price_minor', EVENT_MESSAGES.memberPriceBelow],
      [
        { pricing: 'pay_what_you_want', member_price_minor: 1000 },
        'member_price_minor',
        EVENT_MESSAGES.memberPriceFixed,
      ],
      [{ member_tier_ids: [tiers.get('Household')] }, 'member_tier_ids', EVENT_MESSAGES.memberTiersUnused],
      [{ members_only: true, member_tier_ids: [theirs] }, 'member_tier_ids', EVENT_MESSAGES.memberTiersUnknown],
    ];
    for (const [extra, field, message] of cases) {
      const body = gala('member-gala', { ticket_types: [{ ...type, ...extra }] });
      const refused = await admin.put(`${EVENTS_API}/events/${event.id}`, body);
      expect([400, 422], refused.body).toContain(refused.statusCode);
      expect(refused.json().fields[`ticket_types.0.${field}`]).toBe(message);
    }
    const still = ZEventAdmin.parse((await admin.get(`${EVENTS_API}/events/${event.id}`)).json());
    expect(still.ticket_types.map((t) => t.name)).toEqual(['Dinner', 'Preview']);
  });

  it('applies the member price for an active member, records the membership, and keeps the fair-market value', async () => {
    const member = await demoMember('active', 'Household');
    const created = await order({
      lines: [
        { ticket_type_id: dinner(), quantity: 2, price_minor: 1 },
        { ticket_type_id: preview(), quantity: 1 },
      ],
      attendees: attendees(3),
      // The number as printed, in other letters' case; the e-mail in capitals: the same member.
      member: { number: memberNumber(member.id).toLowerCase(), email: member.email.toUpperCase() },
      subtotal_minor: 1,
      total_minor: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { order: placed } = ZTicketOrderCreated.parse(created.json());
    // 2 × 110.00 + 25.00, whatever the client sent; deductible: 245.00 − (2 × 60.00 + 10.00).
    expect(placed).toMatchObject({ subtotal_minor: 24500, total_minor: 24500, fair_market_minor: 13000 });
    expect(placed.deductible_minor).toBe(11500);
    expect(placed.member_number).toBe(memberNumber(member.id));
    const paid = await payOrder(new TestClient(ctx.app), ZTicketOrderCreated.parse(created.json()));
    expect(paid.order.receipt_lines[0]).toBe('Tax-deductible amount: $115.00.');
    const { rows } = await ctx.db.execute<{ membership_id: number; code: string }>(sql`
      SELECT k.membership_id, k.code FROM event_tickets k JOIN event_orders o ON o.id = k.order_id
      WHERE o.reference = ${placed.reference} AND o.membership_id = ${member.id} ORDER BY k.id`);
    expect(rows.map((r) => Number(r.membership_id))).toEqual([member.id, member.id, member.id]);
    // The door sees a member ticket.
    const staff = await signedIn(ctx, 'staff@kindling.test');
    const admitted = await staff.post(`${EVENTS_API}/events/${event.id}/check_ins`, { code: rows[0]?.code });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(ZCheckInResult.parse(admitted.json()).ticket.member_number).toBe(memberNumber(member.id));
  });

  it('sells a member in grace at the member price, and anyone else at the full price', async () => {
    const member = await demoMember('in_grace');
    const graced = await order({
      lines: [{ ticket_type_id: dinner(), quantity: 1 }],
      member: { number: memberNumber(member.id), email: member.email },
    });
    expect(graced.statusCode, graced.body).toBe(200);
    expect(ZTicketOrderCreated.parse(graced.json()).order.total_minor).toBe(11000);
    const anyone = await order({ lines: [{ ticket_type_id: dinner(), quantity: 1, price_minor: 11000 }] });
    expect(anyone.statusCode, anyone.body).toBe(200);
    const full = ZTicketOrderCreated.parse(anyone.json()).order;
    expect([full.total_minor, full.member_number]).toEqual([15000, null]);
    const { rows } = await ctx.db.execute<{ membership_id: number | null }>(sql`
      SELECT k.membership_id FROM event_tickets k JOIN event_orders o ON o.id = k.order_id
      WHERE o.reference = ${full.reference}`);
    expect(rows).toEqual([{ membership_id: null }]);
  });

  it('refuses lapsed, cancelled, wrong e-mail, missing, another tier and another organisation, changing nothing', async () => {
    const [lapsed, cancelled, active, monthly] = [
      await demoMember('lapsed'),
      await demoMember('cancelled'),
      await demoMember('active', 'Individual'),
      await demoMember('active', 'Monthly supporter'),
    ];
    const { npoId } = await outsiderOrganisation(ctx, 'members-outsider@example.org', 'Member Outsiders');
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      WITH c AS (INSERT INTO campaigns (npo_id, name, campaign_url, status, campaign_type, currency)
        VALUES (${npoId}, 'Elsewhere Friends', 'elsewhere-friends', 'active', 'membership', 'USD') RETURNING id),
      t AS (INSERT INTO membership_tiers (npo_id, campaign_id, name, billing, price_minor)
        SELECT ${npoId}, c.id, 'Elsewhere', 'yearly', 5000 FROM c RETURNING id),
      m AS (INSERT INTO supporter_memberships (npo_id, tier_id, reference, status, currency, price_minor, joined_at,
          period_start, period_end)
        SELECT ${npoId}, t.id, 'elsewhere-member-ref', 'active', 'USD', 5000, now(), now(), now() + interval '1 year'
        FROM t RETURNING id)
      INSERT INTO membership_members (membership_id, position, name, email)
      SELECT m.id, 0, 'Else Where', 'else@example.org' FROM m RETURNING membership_id AS id`);
    const elsewhere = Number(rows[0]?.id);
    const asMember = (m: { id: number; email: string }, typeId = dinner()) => ({
      lines: [{ ticket_type_id: typeId, quantity: 1 }],
      member: { number: memberNumber(m.id), email: m.email },
    });
    const before = await counters();
    const cases: Array<[Record<string, unknown>, string]> = [
      [asMember(lapsed), EVENT_MESSAGES.memberLapsed],
      [asMember(cancelled), EVENT_MESSAGES.memberCancelled],
      [asMember({ id: active.id, email: 'someone.else@example.org' }), EVENT_MESSAGES.memberUnknown],
      [asMember({ id: elsewhere, email: 'else@example.org' }), EVENT_MESSAGES.memberUnknown],
      [{ lines: [{ ticket_type_id: preview(), quantity: 1 }] }, EVENT_MESSAGES.memberRequired('Preview')],
      [asMember(monthly, preview()), EVENT_MESSAGES.memberTier('Monthly supporter', 'Preview')],
    ];
    for (const [body, message] of cases) {
      const refused = await order(body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().fields['member.number']).toBe(message);
    }
    expect(await counters()).toEqual(before);
  });

  // The demo's documented member (docs/product/events.md#member-tickets) on the demo's Harvest Gala.
  it('sells the demo member M-000026 the gala’s Member ticket at its member price and the Members’ preview', async () => {
    const anonymous = new TestClient(ctx.app);
    const page = ZPublicEvent.parse((await anonymous.get('/api/v1/event_page/harvest-gala')).json());
    const type = (name: string) => page.ticket_types.find((t) => t.name === name);
    expect(type('Member ticket')).toMatchObject({ price_minor: 15000, member_price_minor: 11000, members_only: false });
    expect(type('Members’ preview')).toMatchObject({ members_only: true, member_tiers: ['Individual', 'Household'] });
    const ben = { number: 'M-000026', email: 'ben.castillo.25@members.example.org' };
    const created = await anonymous.post('/api/v1/event_page/harvest-gala/orders', {
      buyer: { first_name: 'Ben', last_name: 'Castillo', email: ben.email },
      attendees: [
        { name: 'Ben Castillo', email: ben.email, answers: { 1: 'Roast chicken' } },
        { name: 'Ben Castillo', email: ben.email, answers: { 1: 'Roast chicken' } },
      ],
      lines: [
        { ticket_type_id: type('Member ticket')?.id, quantity: 1 },
        { ticket_type_id: type('Members’ preview')?.id, quantity: 1 },
      ],
      member: ben,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(ZTicketOrderCreated.parse(created.json()).order).toMatchObject({
      total_minor: 13500,
      member_number: ben.number,
    });
    const lapsed = await anonymous.post('/api/v1/event_page/harvest-gala/orders', {
      buyer,
      attendees: [
        { name: 'Cleo Brennan', email: 'cleo.brennan.14@members.example.org', answers: { 1: 'Roast chicken' } },
      ],
      lines: [{ ticket_type_id: type('Member ticket')?.id, quantity: 1 }],
      member: { number: 'M-000015', email: 'cleo.brennan.14@members.example.org' },
    });
    expect(lapsed.json().fields?.['member.number'], lapsed.body).toBe(EVENT_MESSAGES.memberLapsed);
  });

  it('stops checking memberships from an address after too many failures, even a valid one', async () => {
    const member = await demoMember('active', 'Household');
    const guesser = new TestClient(ctx.app, { remoteAddress: '203.0.113.77' });
    const limit = ctx.config.SIGN_IN_FAILURE_LIMIT;
    for (let i = 0; i < limit; i += 1) {
      const wrong = await order(
        { lines: [{ ticket_type_id: dinner(), quantity: 1 }], member: { number: `M-${900000 + i}`, email: 'x@y.org' } },
        guesser,
      );
      expect(wrong.statusCode, wrong.body).toBe(422);
    }
    const before = await counters();
    const blocked = await order(
      {
        lines: [{ ticket_type_id: dinner(), quantity: 1 }],
        member: { number: memberNumber(member.id), email: member.email },
      },
      guesser,
    );
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(blocked.json().message).toBe(EVENT_MESSAGES.memberChecks);
    expect(await counters()).toEqual(before);
    // Another address is not held back.
    const other = await order({
      lines: [{ ticket_type_id: dinner(), quantity: 1 }],
      member: { number: memberNumber(member.id), email: member.email },
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});
