// /dashboard/tickets' list of ticket orders (docs/product/events.md#staff-screens): the demo's paid
// orders 50 a page, a search by buyer, attendee and ticket code, filters by event and status
// (a pending order and a partly refunded one made here), the CSV export, and another organisation's
// staff seeing none of it.
import { ZEventAdmin, ZTicketOrderCreated, ZTicketOrderListResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala, payOrder } from './events.test-support.ts';

const ctx = useTestApp();
let admin: TestClient;
let galaId: number;
let listEventId: number;
let paidOrderId: number;

const list = async (client: TestClient, query: string) => {
  const answer = await client.get(`${EVENTS_API}/ticket_orders${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return ZTicketOrderListResponse.parse(answer.json());
};

const place = (first: string, attendee: string, typeId: number | undefined) =>
  new TestClient(ctx.app).post('/api/v1/event_page/list-supper/orders', {
    buyer: { first_name: first, last_name: 'Quill', email: `${first.toLowerCase()}@example.org` },
    attendees: [{ name: attendee, email: `${attendee.split(' ')[0]?.toLowerCase()}@example.org` }],
    lines: [{ ticket_type_id: typeId, quantity: 1 }],
  });

beforeAll(async () => {
  admin = await signedIn(ctx, 'admin@kindling.test');
  const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM events WHERE slug = 'harvest-gala'`);
  galaId = Number(rows[0]?.id);
  const created = ZEventAdmin.parse(
    (await admin.post(`${EVENTS_API}/events`, gala('list-supper', { name: 'List Supper', discount_codes: [] }))).json(),
  );
  listEventId = created.id;
  const typeId = created.ticket_types[0]?.id;
  // A two-ticket order paid, then one of its tickets refunded: partly refunded.
  const paid = await new TestClient(ctx.app).post('/api/v1/event_page/list-supper/orders', {
    buyer: { first_name: 'Rosalind', last_name: 'Franklin', email: 'rosalind@example.org' },
    attendees: [
      { name: 'Rosalind Franklin', email: 'rosalind@example.org' },
      { name: 'Dorothy Hodgkin', email: 'dorothy@example.org' },
    ],
    lines: [{ ticket_type_id: typeId, quantity: 2 }],
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = ZTicketOrderCreated.parse(paid.json());
  await payOrder(new TestClient(ctx.app), order);
  const tickets = await ctx.db.execute<{ order_id: number; id: number }>(sql`
    SELECT k.order_id, k.id FROM event_tickets k JOIN event_orders o ON o.id = k.order_id
    WHERE o.reference = ${order.order.reference} ORDER BY k.id`);
  paidOrderId = Number(tickets.rows[0]?.order_id);
  const refund = await admin.post(
    `${EVENTS_API}/event_orders/${paidOrderId}/tickets/${tickets.rows[1]?.id}/refund`,
    {},
  );
  expect(refund.statusCode, refund.body).toBe(200);
  // A second order placed and never paid: pending.
  expect((await place('Pending', 'Waiting Guest', typeId)).statusCode).toBe(200);
});

describe('the ticket orders list', () => {
  it("lists the organisation's orders newest first, 50 a page, with their event, tickets and check-ins", async () => {
    const first = await list(admin, `?event_id=${galaId}`);
    expect(first.total).toBe(33);
    expect(first.per_page).toBe(50);
    expect(first.orders).toHaveLength(33);
    expect(first.orders.every((o) => o.event_name === 'Harvest Gala')).toBe(true);
    // The demo's thirty paid orders and one of each other state, so the status filter finds each.
    const states = first.orders.map((o) => o.status);
    expect(states.filter((s) => s === 'paid')).toHaveLength(30);
    expect(states.filter((s) => s !== 'paid').sort()).toEqual(['expired', 'partly_refunded', 'refunded']);
    expect(first.orders.reduce((n, o) => n + o.checked_in, 0)).toBe(6);
    const dates = first.orders.map((o) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await list(admin, '?per_page=20&page=2');
    expect(all.total).toBe(35);
    expect(all.orders).toHaveLength(15);
  });

  it('finds orders by buyer, attendee and exact ticket code', async () => {
    expect((await list(admin, '?search=rosalind')).orders.map((o) => o.id)).toEqual([paidOrderId]);
    expect((await list(admin, '?search=dorothy%20hodg')).orders.map((o) => o.id)).toEqual([paidOrderId]);
    const { rows } = await ctx.db.execute<{ code: string; order_id: number }>(
      sql`SELECT code, order_id FROM event_tickets WHERE event_id = ${galaId} ORDER BY id DESC LIMIT 1`,
    );
    const byCode = await list(admin, `?search=${encodeURIComponent(rows[0]?.code ?? '')}`);
    expect(byCode.orders.map((o) => o.id)).toEqual([Number(rows[0]?.order_id)]);
    // A code is matched exactly, never by a part of it.
    expect((await list(admin, `?search=${encodeURIComponent((rows[0]?.code ?? '').slice(0, 8))}`)).total).toBe(0);
    expect((await list(admin, '?search=nobody-by-this-name')).orders).toEqual([]);
  });

  it('filters by event and status: paid, partly refunded, pending', async () => {
    const partly = await list(admin, `?event_id=${listEventId}&status=partly_refunded`);
    expect(partly.orders.map((o) => [o.buyer_name, o.status, o.refunded_minor > 0])).toEqual([
      ['Rosalind Franklin', 'partly_refunded', true],
    ]);
    const pending = await list(admin, `?event_id=${listEventId}&status=pending`);
    expect(pending.orders.map((o) => o.buyer_name)).toEqual(['Pending Quill']);
    expect((await list(admin, `?event_id=${listEventId}&status=paid`)).total).toBe(0);
    expect((await list(admin, '?status=paid')).total).toBe(30);
    expect((await list(admin, `?event_id=${listEventId}&status=refunded`)).total).toBe(0);
    // The demo gala's own orders in each state other than paid.
    const names = async (status: string) =>
      (await list(admin, `?event_id=${galaId}&status=${status}`)).orders.map((o) => o.buyer_name);
    expect(await names('refunded')).toEqual(['Harriet Lowe']);
    expect(await names('partly_refunded')).toEqual(['Omar Haddad']);
    expect(await names('expired')).toEqual(['Priya Raman']);
  });

  it('refuses a status it does not know and a page size over 100, with a 400', async () => {
    expect((await admin.get(`${EVENTS_API}/ticket_orders?status=lost`)).statusCode).toBe(400);
    expect((await admin.get(`${EVENTS_API}/ticket_orders?per_page=500`)).statusCode).toBe(400);
  });

  it('exports what the filters match as CSV', async () => {
    const answer = await admin.get(`${EVENTS_API}/ticket_orders.csv?event_id=${listEventId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toContain('ticket-orders.csv');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Order,Date,Event,Buyer,E-mail,Status,Tickets,Checked in,Total,Refunded,Currency');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('Rosalind Franklin'))).toMatch(
      /,List Supper,Rosalind Franklin,rosalind@example.org,Partly refunded,2,0,300\.00,150\.00,USD$/,
    );
  });

  it("shows another organisation's staff none of the demo's orders, whatever they search", async () => {
    const { client } = await outsiderOrganisation(ctx, 'ticket-list@example.org', 'Ticket List Outsiders');
    expect((await list(client, '')).total).toBe(0);
    expect((await list(client, `?event_id=${galaId}&search=rosalind`)).orders).toEqual([]);
    const csv = await client.get(`${EVENTS_API}/ticket_orders.csv?event_id=${galaId}`);
    expect(csv.body).not.toContain('Harvest Gala');
  });
});
