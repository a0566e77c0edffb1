// Ticket orders with Stripe (docs/decisions/072-ticket-orders-by-webhook.md), against the local stand-in:
// the PaymentIntent is made on the organisation's connected account for the order's total, the page gets
// what Stripe's card form needs, the payment_intent.succeeded webhook makes the order paid and sends the
// tickets once however often Stripe redelivers, no gift is recorded for it, and refunds go back to Stripe.
import { ZEventAdmin, ZEventOrderAdmin, ZTicketOrderCreated } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala } from './events.test-support.ts';

const WEBHOOK_SECRET = 'whsec_kindling_tickets';
const ACCOUNT = 'acct_riverside_tickets';
const signer = new Stripe('sk_test_signer');

const standIn = useStripeStandIn();
const ctx = useTestApp({ env: () => ({ ...standIn.env(), STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
let admin: TestClient;
let event: ReturnType<typeof ZEventAdmin.parse>;

beforeAll(async () => {
  await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = ${ACCOUNT} WHERE slug = 'riverside-food-bank'`);
  admin = await signedIn(ctx, 'admin@kindling.test');
  const created = await admin.post(`${EVENTS_API}/events`, gala('stripe-gala', { name: 'Stripe Supper' }));
  expect(created.statusCode, created.body).toBe(201);
  event = ZEventAdmin.parse(created.json());
});

/** Two dinners and a gift, placed by an anonymous buyer as the public page does. */
async function place(email: string) {
  const placed = await new TestClient(ctx.app).post('/api/v1/event_page/stripe-gala/orders', {
    buyer: { first_name: 'Katherine', last_name: 'Johnson', email },
    attendees: [
      { name: 'Katherine Johnson', email },
      { name: 'Dorothy Vaughan', email: 'dorothy@example.net' },
    ],
    lines: [{ ticket_type_id: event.ticket_types[0]?.id, quantity: 2 }],
    gift_minor: 2000,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return ZTicketOrderCreated.parse(placed.json());
}

const orderOf = async (reference: string) => {
  const { rows } = await ctx.db.execute<{ id: number; status: string }>(
    sql`SELECT id, status FROM event_orders WHERE reference = ${reference}`,
  );
  const row = rows[0];
  const tickets = await ctx.db.execute<{ status: string }>(
    sql`SELECT status FROM event_tickets WHERE order_id = ${row?.id} ORDER BY id`,
  );
  return { id: Number(row?.id), status: row?.status, tickets: tickets.rows.map((t) => t.status) };
};

function webhook(intentId: string, metadata: Record<string, string>, id = `evt_${crypto.randomUUID()}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    livemode: false,
    type: 'payment_intent.succeeded',
    account: ACCOUNT,
    data: { object: { id: intentId, object: 'payment_intent', amount: 32000, currency: 'usd', metadata } },
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

describe('ticket orders paid with Stripe', () => {
  it('makes the intent on the connected account and gives the page what Stripe’s card form needs', async () => {
    standIn.current().requests.length = 0;
    const created = await place('stripe-buyer@example.org');
    expect(created).toMatchObject({
      provider: 'stripe',
      stripe_account: ACCOUNT,
      stripe_publishable_key: 'pk_test_kindling',
      intent: { id: expect.stringMatching(/^pi_/), client_secret: expect.stringContaining('_secret_') },
    });
    const call = standIn.current().requests.find((r) => r.path === '/v1/payment_intents');
    expect(call?.headers['stripe-account']).toBe(ACCOUNT);
    expect(call?.form).toMatchObject({
      amount: '32000',
      currency: 'usd',
      'metadata[event_order]': created.order.reference,
      'metadata[event_id]': String(event.id),
    });
    expect(call?.form['metadata[donor_email]']).toBeUndefined();
  });

  it('is paid by the webhook once, however often Stripe redelivers, and records no gift', async () => {
    const created = await place('webhook-buyer@example.org');
    const intent = created.intent?.id ?? '';
    const metadata = { event_order: created.order.reference };
    // Before the card is confirmed, a (forged or early) event changes nothing: Stripe is asked.
    expect((await webhook(intent, metadata)).statusCode).toBe(200);
    expect(await orderOf(created.order.reference)).toMatchObject({
      status: 'pending',
      tickets: ['reserved', 'reserved'],
    });

    standIn.current().updateIntent(intent, { status: 'succeeded' });
    const id = `evt_${crypto.randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => webhook(intent, metadata, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await orderOf(created.order.reference)).toMatchObject({ status: 'paid', tickets: ['valid', 'valid'] });
    const mails = await mailTo(ctx.dataDir, 'webhook-buyer@example.org', 1, 800);
    expect(mails.map((m) => m.subject)).toEqual(['Your tickets for Stripe Supper']);
    const gifts = await ctx.db.execute(sql`SELECT 1 FROM donations WHERE provider_reference = ${intent}`);
    expect(gifts.rows).toEqual([]);

    // The browser's confirm afterwards answers the paid order and sends nothing more.
    const confirmed = await new TestClient(ctx.app).post(`/api/v1/event_orders/${created.order.reference}/confirm`, {
      payment_intent: intent,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'success', order: { reference: created.order.reference } });
    expect(await mailTo(ctx.dataDir, 'webhook-buyer@example.org', 2, 400)).toHaveLength(1);
  });

  it('ignores an event naming an order with another order’s payment', async () => {
    const first = await place('first@example.org');
    const second = await place('second@example.org');
    const intent = first.intent?.id ?? '';
    standIn.current().updateIntent(intent, { status: 'succeeded' });
    // The intent is the first order's: the second stays unpaid.
    await webhook(intent, { event_order: second.order.reference });
    expect((await orderOf(second.order.reference)).status).toBe('pending');
  });

  it('refunds the order at Stripe, on the connected account, for what was paid', async () => {
    const created = await place('refund-buyer@example.org');
    const intent = created.intent?.id ?? '';
    standIn.current().updateIntent(intent, { status: 'succeeded' });
    await webhook(intent, { event_order: created.order.reference });
    const { id } = await orderOf(created.order.reference);
    standIn.current().requests.length = 0;
    const refunded = await admin.post(`${EVENTS_API}/event_orders/${id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(ZEventOrderAdmin.parse(refunded.json())).toMatchObject({ status: 'refunded', refunded_minor: 32000 });
    const call = standIn.current().requests.find((r) => r.path === '/v1/refunds');
    expect(call?.headers['stripe-account']).toBe(ACCOUNT);
    expect(call?.form).toMatchObject({ payment_intent: intent, amount: '32000' });
  });
});
