// Ticket purchases in the transactions list (docs/decisions/060-whole-order-refunds.md): paid orders
// as "ticket" rows, refunds as negative rows, a "Type" filter, one row by its id, never another
// organisation's.
import { ZEventAdmin, ZTicketOrderCreated, ZTransactionListResponse, ZTransactionResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala, payOrder } from './events.test-support.ts';

const ctx = useTestApp();
let staff: TestClient;
let orderId: number;
let reference: string;

const list = async (client: TestClient, query: string) => {
  const answer = await client.get(`/api/v1/npo_admin/transactions?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return ZTransactionListResponse.parse(answer.json());
};

beforeAll(async () => {
  const admin = await signedIn(ctx, 'admin@kindling.test');
  staff = await signedIn(ctx, 'staff@kindling.test');
  const event = ZEventAdmin.parse(
    (await admin.post(`${EVENTS_API}/events`, gala('ledger-gala', { name: 'Ledger Dinner' }))).json(),
  );
  const placed = await new TestClient(ctx.app).post('/api/v1/event_page/ledger-gala/orders', {
    buyer: { first_name: 'Katherine', last_name: 'Johnson', email: 'katherine@example.org' },
    attendees: [
      { name: 'Katherine Johnson', email: 'katherine@example.org' },
      { name: 'Dorothy Vaughan', email: 'dorothy@example.org' },
    ],
    lines: [{ ticket_type_id: event.ticket_types[0]?.id, quantity: 2 }],
    discount_code: '',
    gift_minor: 0,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const created = ZTicketOrderCreated.parse(placed.json());
  reference = created.intent?.id ?? '';
  await payOrder(new TestClient(ctx.app), created);
  const order = (await admin.get(`${EVENTS_API}/event_orders?event_id=${event.id}`)).json().orders[0];
  orderId = order.id;
  const dorothy = (await admin.get(`${EVENTS_API}/event_orders/${orderId}`)).json().tickets[1].id;
  const refunded = await admin.post(`${EVENTS_API}/event_orders/${orderId}/tickets/${dorothy}/refund`, {});
  expect(refunded.statusCode, refunded.body).toBe(200);
});

describe('ticket purchases in the transactions list', () => {
  it('lists the paid order as a ticket purchase and the refund as a negative ticket refund', async () => {
    const found = await list(staff, 'search=katherine@example.org');
    expect(found.transactions.map((t) => [t.kind, t.status, t.amount_minor, t.event_name, t.ticket_order_id])).toEqual([
      ['ticket_refund', 'refunded', -15_000, 'Ledger Dinner', orderId],
      ['ticket', 'succeeded', 30_000, 'Ledger Dinner', orderId],
    ]);
    expect(found.total).toBe(2);
    expect(found.transactions[1]?.donor_name).toBe('Katherine Johnson');
    const byReference = await list(staff, `search=${reference}`);
    expect(byReference.transactions.map((t) => t.id)).toContain(`ticket-${orderId}`);
  });

  it('finds a ticket purchase by an attendee’s name or a ticket’s exact code', async () => {
    const byAttendee = await list(staff, 'type=tickets&status=succeeded&search=dorothy vaughan');
    expect(byAttendee.transactions.map((t) => t.id)).toEqual([`ticket-${orderId}`]);
    const { rows } = await ctx.db.execute<{ code: string }>(
      sql`SELECT code FROM event_tickets WHERE order_id = ${orderId} ORDER BY id LIMIT 1`,
    );
    const code = rows[0]?.code ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const byCode = await list(staff, `type=tickets&status=succeeded&search=${encodeURIComponent(code)}`);
    expect(byCode.transactions.map((t) => t.id)).toEqual([`ticket-${orderId}`]);
    const partOfCode = await list(staff, `type=tickets&search=${encodeURIComponent(code.slice(0, 12))}`);
    expect(partOfCode.transactions.map((t) => t.id)).not.toContain(`ticket-${orderId}`);
  });

  it('filters by type: ticket purchases only, or gifts only', async () => {
    const tickets = await list(staff, 'type=tickets&per_page=100');
    expect(tickets.transactions.length).toBeGreaterThan(0);
    expect(new Set(tickets.transactions.map((t) => t.kind)).size).toBeLessThanOrEqual(3);
    expect(tickets.transactions.every((t) => ['ticket', 'ticket_refund', 'order_refund'].includes(t.kind))).toBe(true);
    expect(tickets.transactions.map((t) => t.id)).toContain(`ticket-${orderId}`);
    const gifts = await list(staff, 'type=gifts&per_page=100');
    expect(gifts.transactions.some((t) => t.kind.startsWith('ticket') || t.kind === 'order_refund')).toBe(false);
    const all = await list(staff, 'per_page=1');
    expect(all.total).toBe(tickets.total + gifts.total);
    const refundsOnly = await list(staff, 'type=tickets&status=refunded&search=katherine');
    expect(refundsOnly.transactions.map((t) => t.kind)).toEqual(['ticket_refund']);
    const bad = await staff.get('/api/v1/npo_admin/transactions?type=raffles');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.type).toBe('Choose gifts or ticket purchases.');
  });

  it('opens one ticket purchase by its id, and another organisation sees none of it', async () => {
    const one = await staff.get(`/api/v1/npo_admin/transactions/ticket-${orderId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(ZTransactionResponse.parse(one.json()).transaction).toMatchObject({
      kind: 'ticket',
      ticket_order_id: orderId,
      email: 'katherine@example.org',
    });
    const { client: outsider } = await outsiderOrganisation(ctx, 'ledger-outsider@example.org', 'Ledger Outsiders');
    expect((await outsider.get(`/api/v1/npo_admin/transactions/ticket-${orderId}`)).statusCode).toBe(404);
    expect((await list(outsider, 'type=tickets')).total).toBe(0);
    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/transactions?type=tickets')).statusCode).toBe(401);
  });
});
