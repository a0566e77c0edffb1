// Refunding a whole ticket order and sending its tickets again: one provider refund under a double
// click, every remaining seat and the code's use back on sale, the door refusing its tickets.
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
let event: ReturnType<typeof ZEventAdmin.parse>;

const publicPage = async () =>
  ZPublicEvent.parse((await new TestClient(ctx.app).get('/api/v1/event_page/whole-refund-gala')).json());
const codeUses = async () =>
  Number(
    (
      await ctx.db.execute<{ used: number }>(
        sql`SELECT used FROM event_discount_codes WHERE code = 'EARLY' AND event_id = ${event.id}`,
      )
    ).rows[0]?.used,
  );
const refundOrder = (client: TestClient, id: number) => client.post(`${EVENTS_API}/event_orders/${id}/refund`, {});

/** A paid order of two dinners and a table of 8, with the EARLY code and a gift. */
async function paidOrder(email: string, pay = true) {
  const placed = await new TestClient(ctx.app).post('/api/v1/event_page/whole-refund-gala/orders', {
    buyer: { first_name: 'Grace', last_name: 'Hopper', email },
    attendees: [
      { name: 'Grace Hopper', email },
      { name: 'Jean Bartik', email: 'jean.bartik@example.net' },
      { name: 'Table host', email },
    ],
    lines: [
      { ticket_type_id: event.ticket_types[0]?.id, quantity: 2 },
      { ticket_type_id: event.ticket_types[1]?.id, quantity: 1 },
    ],
    discount_code: 'EARLY',
    gift_minor: 2500,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const created = ZTicketOrderCreated.parse(placed.json());
  if (pay) await payOrder(new TestClient(ctx.app), created);
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM event_orders WHERE reference = ${created.order.reference}`,
  );
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  admin = await signedIn(ctx, 'admin@kindling.test');
  event = ZEventAdmin.parse(
    (
      await admin.post(
        `${EVENTS_API}/events`,
        gala('whole-refund-gala', {
          name: 'Whole Refund Ball',
          discount_codes: [{ code: 'EARLY', kind: 'percent', amount: 10, usage_limit: 50 }],
        }),
      )
    ).json(),
  );
});

describe('refunding a whole order', () => {
  it('refunds once under a double click, releases every seat and the code use, and the door refuses its tickets', async () => {
    const before = await publicPage();
    const usesBefore = await codeUses();
    const orderId = await paidOrder('grace@example.org');
    expect((await publicPage()).ticket_types.map((t) => t.remaining)).toEqual([
      (before.ticket_types[0]?.remaining ?? 0) - 2,
      (before.ticket_types[1]?.remaining ?? 0) - 1,
    ]);
    expect(await codeUses()).toBe(usesBefore + 1);

    const answers = await Promise.all([refundOrder(admin, orderId), refundOrder(admin, orderId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('This order is already refunded.');
    const order = ZEventOrderAdmin.parse(answers.find((a) => a.statusCode === 200)?.json());
    expect(order.status).toBe('refunded');
    // Two dinners and a table less 10%, and the gift: all of it back in one refund.
    expect(order.total_minor).toBe(Math.round((2 * 15_000 + 100_000) * 0.9) + 2500);
    expect(order.refunded_minor).toBe(order.total_minor);
    expect(new Set(order.tickets.map((t) => t.status))).toEqual(new Set(['refunded']));
    expect(order.tickets).toHaveLength(2 + 8);

    const refunds = await ctx.db.execute<{ n: number; provider_refund_id: string | null }>(sql`
      SELECT count(*)::int AS n, max(provider_refund_id) AS provider_refund_id FROM event_order_refunds
      WHERE order_id = ${orderId} AND status = 'done'`);
    expect(refunds.rows[0]?.n).toBe(1);
    expect(refunds.rows[0]?.provider_refund_id).toMatch(/^re_sandbox_/);
    expect((await publicPage()).ticket_types.map((t) => t.remaining)).toEqual(
      before.ticket_types.map((t) => t.remaining),
    );
    expect(await codeUses()).toBe(usesBefore);
    // The tickets e-mail, then one refund e-mail for the whole order, however many clicks.
    const mails = await mailTo(ctx.dataDir, 'grace@example.org', 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your order for Whole Refund Ball was refunded',
      'Your tickets for Whole Refund Ball',
    ]);
    const refundMail = mails.find((m) => m.subject.endsWith('was refunded'));
    expect(refundMail?.text).toContain('Its 10 tickets are no longer valid at the door.');
    expect(refundMail?.text).toContain('$1,195.00 goes back to the card');

    const { rows } = await ctx.db.execute<{ code: string }>(
      sql`SELECT code FROM event_tickets WHERE order_id = ${orderId} ORDER BY id LIMIT 1`,
    );
    const door = await admin.post(`${EVENTS_API}/events/${event.id}/check_ins`, { code: rows[0]?.code });
    expect(door.statusCode).toBe(422);
    expect(door.json().message).toBe('This ticket was refunded.');
    const again = await refundOrder(admin, orderId);
    expect(again.statusCode).toBe(409);
  });

  it('gives back what single-ticket refunds left, and refuses single tickets afterwards', async () => {
    const orderId = await paidOrder('ada.l@example.org');
    const first = ZEventOrderAdmin.parse((await admin.get(`${EVENTS_API}/event_orders/${orderId}`)).json());
    const jean = first.tickets.find((t) => t.attendee_name === 'Jean Bartik')?.id;
    const single = await admin.post(`${EVENTS_API}/event_orders/${orderId}/tickets/${jean}/refund`, {});
    expect(single.statusCode, single.body).toBe(200);
    const partly = ZEventOrderAdmin.parse(single.json()).refunded_minor;
    expect(partly).toBe(13_500);

    const whole = await refundOrder(admin, orderId);
    expect(whole.statusCode, whole.body).toBe(200);
    const amount = await ctx.db.execute<{ amount_minor: number }>(
      sql`SELECT amount_minor FROM event_order_refunds WHERE order_id = ${orderId}`,
    );
    expect(Number(amount.rows[0]?.amount_minor)).toBe(first.total_minor - partly);
    expect(ZEventOrderAdmin.parse(whole.json()).refunded_minor).toBe(first.total_minor);
    const grace = first.tickets[0]?.id;
    const late = await admin.post(`${EVENTS_API}/event_orders/${orderId}/tickets/${grace}/refund`, {});
    expect(late.statusCode).toBe(409);
  });

  it('refuses an unpaid order with a clear message, changing nothing', async () => {
    const orderId = await paidOrder('pending@example.org', false);
    const answer = await refundOrder(admin, orderId);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('Only a paid order can be refunded.');
    const claims = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM event_order_refunds WHERE order_id = ${orderId}`,
    );
    expect(claims.rows[0]?.n).toBe(0);
    const resend = await admin.post(`${EVENTS_API}/event_orders/${orderId}/resend`, {});
    expect(resend.statusCode).toBe(422);
    expect(resend.json().message).toBe('Only a paid order has tickets to send.');
  });
});

describe('sending the tickets again', () => {
  it('sends the buyer the e-mail with the PDF tickets once more', async () => {
    const orderId = await paidOrder('resend@example.org');
    expect(await mailTo(ctx.dataDir, 'resend@example.org', 1)).toHaveLength(1);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    const answer = await staff.post(`${EVENTS_API}/event_orders/${orderId}/resend`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ sent_to: 'resend@example.org' });
    const mails = await mailTo(ctx.dataDir, 'resend@example.org', 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Your tickets for Whole Refund Ball');
    expect(mails[1]?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 401 anonymous, 403 to staff refunding, 404 for another organisation', async () => {
    const orderId = await paidOrder('access@example.org');
    const anonymous = new TestClient(ctx.app);
    expect((await refundOrder(anonymous, orderId)).statusCode).toBe(401);
    expect((await anonymous.post(`${EVENTS_API}/event_orders/${orderId}/resend`, {})).statusCode).toBe(401);
    expect((await refundOrder(await signedIn(ctx, 'staff@kindling.test'), orderId)).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'order-outsider@example.org', 'Order Outsiders');
    expect((await refundOrder(outsider, orderId)).statusCode).toBe(404);
    expect((await outsider.post(`${EVENTS_API}/event_orders/${orderId}/resend`, {})).statusCode).toBe(404);
    const status = await ctx.db.execute<{ status: string }>(sql`SELECT status FROM event_orders WHERE id = ${orderId}`);
    expect(status.rows[0]?.status).toBe('paid');
  });
});
