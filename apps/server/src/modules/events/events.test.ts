import { ZEventAdmin, ZEventList, ZEventOrderAdmin, ZPublicEvent, ZTicketOrderCreated } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { attendees, buyer, EVENTS_API, gala, payOrder, wall } from './events.test-support.ts';

const API = EVENTS_API;

describe('events and ticket orders API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let event: ReturnType<typeof ZEventAdmin.parse>;
  let homeBefore: { events_count: number; upcoming_event: { id: number; name: string } | null };

  const counters = async (eventId: number) =>
    (
      await ctx.db.execute<{ taken: number; orders: number; tickets: number }>(sql`
      SELECT e.taken, (SELECT count(*) FROM event_orders o WHERE o.event_id = e.id)::int AS orders,
        (SELECT count(*) FROM event_tickets k WHERE k.event_id = e.id)::int AS tickets
      FROM events e WHERE e.id = ${eventId}`)
    ).rows[0];

  const order = (client: TestClient, slug: string, body: Record<string, unknown>) =>
    client.post(`/api/v1/event_page/${slug}/orders`, { buyer, attendees: attendees(1), ...body });

  const pay = payOrder;

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    homeBefore = (await admin.get('/api/v1/npo_admin/account_details')).json();
    const created = await admin.post(`${API}/events`, gala('test-gala'));
    expect(created.statusCode, created.body).toBe(201);
    event = ZEventAdmin.parse(created.json());
  });

  it("seeds the Harvest Gala as the demo organisation's upcoming event, with thirty paid orders beside a refunded, a partly refunded and an expired one, and the VIP nearly sold out", async () => {
    expect(homeBefore.events_count).toBe(1);
    expect(homeBefore.upcoming_event?.name).toBe('Harvest Gala');
    const page = ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/harvest-gala')).json());
    expect(page.ticket_types.map((t) => [t.name, t.remaining])).toEqual([
      // 27 tickets of the paid orders and the partly refunded order's remaining one.
      ['General admission', 200 - 28],
      ['VIP reception', 2],
      ['Table of 8', 7],
      // m19: the member tickets (decision 090).
      ['Member ticket', 60],
      ['Members’ preview', 30],
    ]);
    expect(page.has_discount_codes).toBe(true);
    const orders = (await staff.get(`${API}/event_orders?event_id=${page.id}`)).json().orders;
    // Paid (the partly refunded among them) and pending orders: not the refunded or expired ones.
    expect(orders).toHaveLength(31);
    const list = ZEventList.parse((await staff.get(`${API}/events`)).json());
    expect(list.upcoming.find((e) => e.slug === 'harvest-gala')).toMatchObject({ orders: 31, capacity: 300 });
  });

  it('creates an event with sanitised description, wall times in its zone and its ticket types', async () => {
    expect(event.description).not.toContain('script');
    expect(event.description).toContain('<strong>and dancing</strong>');
    expect(event.starts).toBe(gala('x').starts);
    expect(event.ticket_types.map((t) => [t.name, t.remaining])).toEqual([
      ['Dinner', 100],
      ['Table of 8', 5],
    ]);
    const clash = await admin.post(`${API}/events`, gala('test-gala'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.slug).toBe('Another event already uses this address.');
    const backwards = await admin.post(`${API}/events`, gala('backwards', { ends: wall(19) }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.ends).toBe('The event must end after it starts.');
  });

  it('answers 401 anonymous, 403 to staff writing and to a fundraiser, 404 for another organisation', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/events`)).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/events/${event.id}`)).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/event_orders`)).statusCode).toBe(401);
    expect((await staff.get(`${API}/events/${event.id}`)).statusCode).toBe(200);
    expect((await staff.post(`${API}/events`, gala('staff-gala'))).statusCode).toBe(403);
    expect((await staff.put(`${API}/events/${event.id}`, gala('test-gala'))).statusCode).toBe(403);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/events`)).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'events-outsider@example.org', 'Event Outsiders');
    expect((await outsider.get(`${API}/events/${event.id}`)).statusCode).toBe(404);
    expect((await outsider.put(`${API}/events/${event.id}`, gala('test-gala', { name: 'Hijacked' }))).statusCode).toBe(
      404,
    );
    expect(ZEventList.parse((await outsider.get(`${API}/events`)).json()).upcoming).toEqual([]);
    const created = ZTicketOrderCreated.parse(
      (
        await order(anonymous, 'test-gala', { lines: [{ ticket_type_id: event.ticket_types[0]?.id, quantity: 1 }] })
      ).json(),
    );
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM event_orders WHERE reference = ${created.order.reference}`,
    );
    expect((await outsider.get(`${API}/event_orders/${rows[0]?.id}`)).statusCode).toBe(404);
    expect((await staff.get(`${API}/event_orders/${rows[0]?.id}`)).statusCode).toBe(200);
  });

  it('shows a draft only to its own staff, and never the online link on the public page', async () => {
    const draft = await admin.post(`${API}/events`, gala('secret-draft', { status: 'draft' }));
    expect(draft.statusCode).toBe(201);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/v1/event_page/secret-draft')).statusCode).toBe(404);
    expect((await staff.get('/api/v1/event_page/secret-draft')).statusCode).toBe(200);
    const { client: outsider } = await outsiderOrganisation(ctx, 'draft-outsider@example.org', 'Draft Outsiders');
    expect((await outsider.get('/api/v1/event_page/secret-draft')).statusCode).toBe(404);
    const open = await anonymous.get('/api/v1/event_page/test-gala');
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('meet.example.org');
    expect(ZPublicEvent.parse(open.json())).toMatchObject({ online: true, on_sale: true });
    const ics = await anonymous.get('/api/v1/event_page/test-gala/calendar.ics');
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('SUMMARY:Test Gala');
  });

  it('sells a discounted order with a gift, and puts the deductible part and the US disclosure on the receipt', async () => {
    const client = new TestClient(ctx.app);
    const dinner = event.ticket_types[0]?.id;
    const res = await order(client, 'test-gala', {
      lines: [{ ticket_type_id: dinner, quantity: 2 }],
      attendees: attendees(2),
      discount_code: 'early',
      gift_minor: 2500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = ZTicketOrderCreated.parse(res.json());
    // 2 × 150.00 = 300.00, 10% off = 270.00, plus a 25.00 gift.
    expect(created.order).toMatchObject({ subtotal_minor: 30000, discount_minor: 3000, total_minor: 29500 });
    expect(created.order.online_url).toBeNull();
    const { status, order: paid } = await pay(client, created);
    expect(status).toBe('success');
    // Deductible: 270.00 paid for tickets worth 120.00, plus the whole gift.
    expect(paid.deductible_minor).toBe(15000 + 2500);
    expect(paid.receipt_lines[0]).toBe('Tax-deductible amount: $175.00.');
    expect(paid.receipt_lines[1]).toContain('which we estimate in good faith at $120.00');
    expect(paid.online_url).toBe('https://meet.example.org/gala');
    // Paying twice changes nothing.
    const again = await client.post(`/api/v1/event_orders/${created.order.reference}/confirm`, {
      payment_intent: created.intent?.id,
    });
    expect(again.json().order.status).toBe('paid');
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM event_orders WHERE reference = ${created.order.reference}`,
    );
    const staffView = ZEventOrderAdmin.parse((await staff.get(`${API}/event_orders/${rows[0]?.id}`)).json());
    expect(staffView).toMatchObject({ status: 'paid', discount_code: 'EARLY', gift_minor: 2500 });
    expect(staffView.tickets.map((t) => t.status)).toEqual(['valid', 'valid']);
  });

  it('gives a table of 8 eight attendees on one purchase, and no US disclosure at 75 USD or less', async () => {
    const client = new TestClient(ctx.app);
    const table = event.ticket_types[1]?.id;
    const created = ZTicketOrderCreated.parse(
      (await order(client, 'test-gala', { lines: [{ ticket_type_id: table, quantity: 1 }] })).json(),
    );
    expect(created.order.tickets).toHaveLength(8);
    expect(created.order.tickets[1]?.attendee_name).toBe('Guest 1 guest 2');
    const small = await admin.post(
      `${API}/events`,
      gala('small-gala', { ticket_types: [{ name: 'Seat', price_minor: 7500, fair_market_value_minor: 2000 }] }),
    );
    const seat = ZEventAdmin.parse(small.json()).ticket_types[0]?.id;
    const cheap = ZTicketOrderCreated.parse(
      (await order(client, 'small-gala', { lines: [{ ticket_type_id: seat, quantity: 1 }] })).json(),
    );
    const { order: paid } = await pay(client, cheap);
    expect(paid.receipt_lines).toEqual(['Tax-deductible amount: $55.00.']);
  });

  it('refuses bad orders with a clear message and changes nothing', async () => {
    const client = new TestClient(ctx.app);
    const dinner = event.ticket_types[0]?.id;
    const before = await counters(event.id);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [
        { lines: [{ ticket_type_id: dinner, quantity: 5 }], attendees: attendees(5) },
        400,
        'lines.0.quantity',
        'You can buy at most 4 Dinner tickets in one order.',
      ],
      [
        { lines: [{ ticket_type_id: dinner, quantity: 1 }], discount_code: 'NOPE' },
        400,
        'discount_code',
        'That discount code is not valid for this event.',
      ],
      [
        { lines: [{ ticket_type_id: dinner, quantity: 1 }], discount_code: 'OLD' },
        400,
        'discount_code',
        'That discount code has expired.',
      ],
      [
        { lines: [{ ticket_type_id: dinner, quantity: 2 }], attendees: attendees(1) },
        400,
        'attendees',
        'Give a name and e-mail for each attendee.',
      ],
      [
        { lines: [{ ticket_type_id: 999999, quantity: 1 }] },
        400,
        'lines.0.ticket_type_id',
        'That ticket type is not offered for this event.',
      ],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await order(client, 'test-gala', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await counters(event.id)).toEqual(before);

    // EARLY allows two uses: one was paid above; a second is held; the third is refused.
    const held = await order(client, 'test-gala', {
      lines: [{ ticket_type_id: dinner, quantity: 1 }],
      discount_code: 'EARLY',
    });
    expect(held.statusCode).toBe(200);
    const after = await counters(event.id);
    const used = await order(client, 'test-gala', {
      lines: [{ ticket_type_id: dinner, quantity: 1 }],
      discount_code: 'EARLY',
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().fields.discount_code).toBe('That discount code has been used up.');
    expect(await counters(event.id)).toEqual(after);

    const closed = await admin.post(`${API}/events`, gala('closed-gala', { registration_closes: wall(-1) }));
    expect(closed.statusCode).toBe(201);
    const ticket = ZEventAdmin.parse(closed.json()).ticket_types[0]?.id;
    const late = await order(client, 'closed-gala', { lines: [{ ticket_type_id: ticket, quantity: 1 }] });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Registration for this event is closed.');
  });

  it('sells exactly the last 10 seats to 50 parallel buyers and tells the rest before they pay', async () => {
    const created = await admin.post(
      `${API}/events`,
      gala('last-seats', { capacity: 10, ticket_types: [{ name: 'Seat', price_minor: 2000, per_order_limit: 2 }] }),
    );
    const seat = ZEventAdmin.parse(created.json()).ticket_types[0]?.id;
    const buyers = Array.from({ length: 50 }, (_, i) => new TestClient(ctx.app, { remoteAddress: `10.0.1.${i + 1}` }));
    const answers = await Promise.all(
      buyers.map((client) => order(client, 'last-seats', { lines: [{ ticket_type_id: seat, quantity: 1 }] })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('This event is sold out.');
    const eventId = ZEventAdmin.parse(created.json()).id;
    expect(await counters(eventId)).toEqual({ taken: 10, orders: 10, tickets: 10 });
    // A hold that ran out gives its seat to the next buyer.
    await ctx.db.execute(sql`
      UPDATE event_orders SET hold_until = now() - interval '1 minute'
      WHERE id = (SELECT min(id) FROM event_orders WHERE event_id = ${eventId})`);
    const next = await order(new TestClient(ctx.app), 'last-seats', { lines: [{ ticket_type_id: seat, quantity: 1 }] });
    expect(next.statusCode, next.body).toBe(200);
    expect((await counters(eventId))?.taken).toBe(10);
  });
});
