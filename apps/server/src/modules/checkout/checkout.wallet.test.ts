// The PayPal path against the sandbox wallet: order, the approval page, one capture per order.
import { type TPublicCampaign, ZConfirmPaymentResponse, ZCreateOrderResponse } from '@kindling/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations } from '../donations/donations.tables.ts';
import { donors } from '../donors/donors.tables.ts';

const ctx = useTestApp();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function springAppeal(client: TestClient): Promise<TPublicCampaign> {
  return (await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json().campaign;
}

async function createOrder(client: TestClient, campaign: TPublicCampaign, extra: Record<string, unknown> = {}) {
  return client.post('/api/v1/npo_admin/create_order', {
    campaign_id: campaign.campaign_id,
    amount: 5000,
    currency_code: 'USD',
    interval: 'once',
    included_fees: 0,
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan@example.org',
    ...extra,
  });
}

/** Presses Approve on the sandbox's PayPal-like page, as the payer would. */
async function approve(client: TestClient, approveUrl: string) {
  const page = await client.get(approveUrl);
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const body = new URLSearchParams({ token, decision: 'approve', form_token: formToken }).toString();
  return client.post('/sandbox/paypal/approve', body, { headers: FORM });
}

const capture = (client: TestClient, campaign: TPublicCampaign, orderId: string) =>
  client.post('/api/v1/npo_admin/paypal_capture', {
    campaign_id: campaign.campaign_id,
    order_id: orderId,
    comment: 'Via PayPal',
    add_to_donor_wall: true,
  });

describe('PayPal orders', () => {
  it('creates an order, returns to the campaign after approval, and captures it into one donation', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const res = await createOrder(client, campaign);
    expect(res.statusCode, res.body).toBe(200);
    const order = ZCreateOrderResponse.parse(res.json());
    expect(order.order_id).toBe(order.id);
    const approved = await approve(client, order.approve_url as string);
    expect(approved.headers.location).toContain('/spring-appeal?paypal=return');

    const captures = await Promise.all([1, 2, 3].map(() => capture(client, campaign, order.id)));
    const bodies = captures.map((c) => ZConfirmPaymentResponse.parse(c.json()));
    expect(bodies.map((b) => b.status)).toEqual(['success', 'success', 'success']);
    expect(new Set(bodies.map((b) => b.donation?.id)).size).toBe(1);
    expect(bodies[0]?.donation).toMatchObject({
      amount_minor: 5000,
      currency: 'USD',
      payment_method: 'paypal',
      comment: 'Via PayPal',
      add_to_donor_wall: true,
      donor: { email: 'alan@example.org', first_name: 'Alan' },
    });
    const recorded = await ctx.db.select().from(donations).where(eq(donations.providerReference, order.id));
    expect(recorded).toHaveLength(1);
    // Refunds name PayPal's capture, not the order: it is kept with the donation.
    expect(recorded[0]?.providerCaptureId).toBe(order.id.replace(/^order_/, 'capture_'));
  });

  it('refuses to capture an order the payer has not approved, and records nothing', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const order = ZCreateOrderResponse.parse((await createOrder(client, campaign)).json());
    const res = await capture(client, campaign, order.id);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await ctx.db.select().from(donations).where(eq(donations.providerReference, order.id))).toHaveLength(0);
  });

  it('refuses an order in a currency the campaign does not take', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const res = await createOrder(client, campaign, { currency_code: 'JPY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('does not accept JPY');
  });

  // fix15: a campaign that collects the billing address gets it with a PayPal gift as with a card.
  it('keeps the billing address the form sends with the capture on the donor', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const email = 'paypal-address@example.org';
    const order = ZCreateOrderResponse.parse((await createOrder(client, campaign, { email })).json());
    await approve(client, order.approve_url as string);
    const address = { address: '1 Main Street', city: 'Springfield', postal_code: '12345', country: 'United States' };
    const res = await client.post('/api/v1/npo_admin/paypal_capture', {
      campaign_id: campaign.campaign_id,
      order_id: order.id,
      ...address,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [donor] = await ctx.db.select().from(donors).where(eq(donors.email, email));
    expect(donor).toMatchObject({
      address: '1 Main Street',
      city: 'Springfield',
      postalCode: '12345',
      country: 'United States',
    });
  });
});
