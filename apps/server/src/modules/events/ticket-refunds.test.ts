// Refunding one ticket of a paid order through the sandbox provider: exactly once under a double
// click, the seat back on sale, the order partly refunded, the attendee told, the door refusing it.
import { ZEventAdmin, ZEventOrderAdmin, ZPublicEvent, ZTicketOrderCreated } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala, payOrder } from './events.test-support.ts';

const ctx = useTestApp();
let admin: TestClient;
let orderId: number;
let tickets: Array<{ id: number; code: string }>;

const remaining = async () =>
  ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/refund-gala')).json()).ticket_types[0]
    ?.remaining;
const refund = (client: TestClient, ticketId: number, order = orderId) =>
  client.post(`${EVENTS_API}/event_orders/${order}/tickets/${ticketId}/refund`, {});

beforeAll(async () => {
  admin = await signedIn(ctx, 'admin@kindling.test');
  const created = ZEventAdmin.parse(
    (await admin.post(`${EVENTS_API}/events`, gala('refund-gala', { name: 'Refund Supper' }))).json(),
  );
  const placed = await new TestClient(ctx.app).post('/api/v1/event_page/refund-gala/orders', {
    buyer: { first_name: 'Ada', last_name: 'Byron', email: 'ada.byron@example.org' },
    attendees: [
      { name: 'Ada Byron', email: 'ada.byron@example.org' },
      { name: 'Mary Somerville', email: 'mary@example.org' },
    ],
    lines: [{ ticket_type_id: created.ticket_types[0]?.id, quantity: 2 }],
    discount_code: 'EARLY',
    gift_minor: 1000,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = ZTicketOrderCreated.parse(placed.json());
  await payOrder(new TestClient(ctx.app), order);
  const { rows } = await ctx.db.execute<{ order_id: number; id: number; code: string }>(sql`
    SELECT k.order_id, k.id, k.code FROM event_tickets k JOIN event_orders o ON o.id = k.order_id
    WHERE o.reference = ${order.order.reference} ORDER BY k.id`);
  orderId = Number(rows[0]?.order_id);
  tickets = rows.map((r) => ({ id: Number(r.id), code: r.code }));
});

describe('refunding one ticket', () => {
  it('refunds exactly once under a double click, returns the seat, and leaves the order partly refunded', async () => {
    const before = await remaining();
    const mary = tickets[1]?.id ?? 0;
    const answers = await Promise.all([refund(admin, mary), refund(admin, mary)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('This ticket is already refunded.');
    const order = ZEventOrderAdmin.parse(answers.find((a) => a.statusCode === 200)?.json());
    // $150.00 less its 10% share of the discount; the gift stays given.
    expect(order.refunded_minor).toBe(13_500);
    expect(order.status).toBe('paid');
    expect(order.tickets.map((t) => t.status)).toEqual(['valid', 'refunded']);
    expect(await remaining()).toBe((before ?? 0) + 1);
    const claims = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM event_ticket_refunds WHERE ticket_id = ${mary} AND status = 'done'`,
    );
    expect(claims.rows[0]?.n).toBe(1);
    const again = await refund(admin, mary);
    expect(again.statusCode).toBe(409);
    expect(
      ZEventOrderAdmin.parse((await admin.get(`${EVENTS_API}/event_orders/${orderId}`)).json()).refunded_minor,
    ).toBe(13_500);
  });

  it('tells the attendee, and the door refuses the refunded ticket', async () => {
    const [mail] = await mailTo(ctx.dataDir, 'mary@example.org', 1, 0);
    expect(mail?.subject).toBe('Your ticket for Refund Supper was refunded');
    expect(mail?.to).toContain('ada.byron@example.org');
    expect(mail?.text).toContain('$135.00 goes back to the card that paid for it');
    const event = (await admin.get(`${EVENTS_API}/events`))
      .json()
      .upcoming.find((e: { slug: string }) => e.slug === 'refund-gala');
    expect(event.revenue_minor).toBe(2 * 13_500 + 1000 - 13_500);
    expect(event.sold).toBe(1);
    const door = await admin.post(`${EVENTS_API}/events/${event.id}/check_ins`, { code: tickets[1]?.code });
    expect(door.statusCode).toBe(422);
    expect(door.json().message).toBe('This ticket was refunded.');
  });

  it('answers 401 anonymous, 403 to staff, 404 for another organisation or another order', async () => {
    const ada = tickets[0]?.id ?? 0;
    expect((await refund(new TestClient(ctx.app), ada)).statusCode).toBe(401);
    expect((await refund(await signedIn(ctx, 'staff@kindling.test'), ada)).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'refund-outsider@example.org', 'Refund Outsiders');
    expect((await refund(outsider, ada)).statusCode).toBe(404);
    const wrongOrder = await refund(admin, ada, orderId + 1000);
    expect(wrongOrder.statusCode).toBe(404);
    expect(wrongOrder.json().message).toBe('We could not find that ticket in this order.');
    const status = await ctx.db.execute<{ status: string; refunded_minor: number }>(sql`
      SELECT k.status, o.refunded_minor FROM event_tickets k JOIN event_orders o ON o.id = k.order_id WHERE k.id = ${ada}`);
    expect(status.rows[0]).toEqual({ status: 'valid', refunded_minor: 13_500 });
  });
});
