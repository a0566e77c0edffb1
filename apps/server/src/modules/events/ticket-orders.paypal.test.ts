// PayPal for a ticket order with PayPal keys configured, against the local PayPal stand-in
// (docs/decisions/081-paypal-tickets-and-qr-fallback.md): the order at PayPal for the order's total,
// paid to the organisation's merchant; nothing paid before approval; one capture however often the
// buyer's page asks; the capture checked server-side; a ticket refunded through PayPal's capture.
import { ZEventAdmin, ZTicketOrderCreated, ZTicketOrderSummary, ZTicketPaypalOrder } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { startPayPalStandIn } from '../../../test/paypal-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala } from './events.test-support.ts';

const CREDENTIALS = { clientId: 'client-kindling', clientSecret: 'secret-kindling', webhookId: 'WH-KINDLING' };

describe('paying for tickets with PayPal', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  beforeAll(async () => {
    paypal = await startPayPalStandIn(CREDENTIALS);
  });
  afterAll(async () => {
    await paypal?.close();
  });
  const ctx = useTestApp({
    env: () => ({
      PAYPAL_CLIENT_ID: CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret,
      PAYPAL_WEBHOOK_ID: CREDENTIALS.webhookId,
      PAYPAL_API_BASE: paypal.base,
    }),
  });
  let buyer: TestClient;
  let typeId: number | undefined;

  const place = async (slug: string, first = 'Grace') => {
    const placed = await buyer.post(`/api/v1/event_page/${slug}/orders`, {
      buyer: { first_name: first, last_name: 'Hopper', email: `${first.toLowerCase()}@example.org` },
      attendees: [
        { name: `${first} Hopper`, email: `${first.toLowerCase()}@example.org` },
        { name: 'Joan Clarke', email: 'joan@example.org' },
      ],
      lines: [{ ticket_type_id: typeId, quantity: 2 }],
      gift_minor: 1000,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return ZTicketOrderCreated.parse(placed.json());
  };
  const start = (reference: string) => buyer.post(`/api/v1/event_orders/${reference}/paypal_order`, {});
  const capture = (reference: string, orderId: string) =>
    buyer.post(`/api/v1/event_orders/${reference}/paypal_capture`, { order_id: orderId });
  const orderRow = async (reference: string) =>
    (
      await ctx.db.execute<{ id: number; status: string; provider: string; provider_reference: string }>(
        sql`SELECT id, status, provider, provider_reference FROM event_orders WHERE reference = ${reference}`,
      )
    ).rows[0];

  beforeAll(async () => {
    buyer = new TestClient(ctx.app);
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const created = ZEventAdmin.parse(
      (await admin.post(`${EVENTS_API}/events`, gala('paypal-supper', { name: 'PayPal Supper' }))).json(),
    );
    typeId = created.ticket_types[0]?.id;
  });

  it('is not offered, and refused, until the organisation has connected PayPal', async () => {
    await ctx.db.execute(
      sql`UPDATE npos SET paypal_merchant_id = NULL, paypal_email = NULL WHERE slug = 'riverside-food-bank'`,
    );
    const created = await place('paypal-supper', 'Ada');
    expect(created.paypal).toBe(false);
    const refused = await start(created.order.reference);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('PayPal is not available for this event. Please pay by card.');
    expect(paypal.requests.filter((r) => r.path === '/v2/checkout/orders')).toHaveLength(0);
  });

  it("creates the order at PayPal for the order's total, paid to the organisation's merchant", async () => {
    await ctx.db.execute(
      sql`UPDATE npos SET paypal_merchant_id = 'MERCHANTRIVER', paypal_email = 'pay@riverside.example' WHERE slug = 'riverside-food-bank'`,
    );
    const created = await place('paypal-supper');
    expect(created.paypal).toBe(true);
    const answer = await start(created.order.reference);
    expect(answer.statusCode, answer.body).toBe(200);
    const order = ZTicketPaypalOrder.parse(answer.json());
    expect(order.approve_url).toContain('paypal.com');
    const sent = paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders').at(-1);
    const unit = (sent?.json?.purchase_units as Array<Record<string, unknown>> | undefined)?.[0];
    // 2 × $150.00 + a $10.00 gift.
    expect(unit?.amount).toEqual({ currency_code: 'USD', value: '310.00' });
    expect(unit?.payee).toMatchObject({ merchant_id: 'MERCHANTRIVER' });
    expect(JSON.stringify(sent?.json)).toContain(`/event-page/paypal-supper?order=${created.order.reference}`);
  });

  it('takes nothing before the buyer approves, then captures once however often the page asks', async () => {
    const unapproved = await place('paypal-supper', 'Rosalind');
    const notYet = ZTicketPaypalOrder.parse((await start(unapproved.order.reference)).json());
    const early = await capture(unapproved.order.reference, notYet.order_id);
    expect(early.statusCode).toBeGreaterThanOrEqual(400);
    expect((await orderRow(unapproved.order.reference))?.status).toBe('pending');

    const created = await place('paypal-supper', 'Katherine');
    const order = ZTicketPaypalOrder.parse((await start(created.order.reference)).json());
    paypal.approveOrder(order.order_id);
    const answers = await Promise.all([1, 2, 3].map(() => capture(created.order.reference, order.order_id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const summary = ZTicketOrderSummary.parse(answers[0]?.json().order);
    expect(summary.status).toBe('paid');
    expect(summary.receipt_lines.length).toBeGreaterThan(0);
    const captures = paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${order.order_id}/capture`);
    expect(new Set(captures.map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set([`capture-${order.order_id}`]),
    );
    const row = await orderRow(created.order.reference);
    expect(row).toMatchObject({ status: 'paid', provider: 'paypal' });
    expect(row?.provider_reference).toMatch(/^CAP/);
    const tickets = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM event_tickets WHERE order_id = ${row?.id}`,
    );
    expect(tickets.rows.map((t) => t.status)).toEqual(['valid', 'valid']);
    // The tickets are e-mailed once.
    const mails = await mailTo(ctx.dataDir, 'katherine@example.org', 1, 1000);
    expect(mails.map((m) => m.subject)).toEqual(['Your tickets for PayPal Supper']);

    // A ticket of it is refunded through PayPal's capture.
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM event_tickets WHERE order_id = ${row?.id} ORDER BY id DESC LIMIT 1`,
    );
    const refund = await admin.post(`${EVENTS_API}/event_orders/${row?.id}/tickets/${rows[0]?.id}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    expect(paypal.requests.some((r) => r.path === `/v2/payments/captures/${row?.provider_reference}/refund`)).toBe(
      true,
    );
  });

  it("refuses another order's PayPal payment, and changes nothing", async () => {
    const first = await place('paypal-supper', 'Hedy');
    const paid = ZTicketPaypalOrder.parse((await start(first.order.reference)).json());
    paypal.approveOrder(paid.order_id);
    const other = await place('paypal-supper', 'Mary');
    const wrong = await capture(other.order.reference, paid.order_id);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('This payment does not belong to this order.');
    expect((await orderRow(other.order.reference))?.status).toBe('pending');
    expect((await capture(other.order.reference, 'ORDERNOTREAL')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await orderRow(other.order.reference))?.status).toBe('pending');
  });
});
