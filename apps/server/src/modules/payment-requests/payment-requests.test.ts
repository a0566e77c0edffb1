// Payment requests end to end: staff create and settle them, the payer pays at /pay/{id} through the
// real checkout calls (intent, the sandbox card form, confirm_payment), and a request counts a payment once.
import {
  type TPublicCampaign,
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
  ZCreateOrderResponse,
  ZPaymentRequestDetail,
  ZPaymentRequestList,
  ZPublicPaymentRequest,
} from '@kindling/contracts';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations, type RecordedGift } from '../donations/index.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { linkRequestPayment } from './payment-requests.service.ts';

const API = '/api/v1/npo_admin';

describe('payment requests', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let campaign: TPublicCampaign;

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await admin.post(`${API}/payment_requests`, {
      payer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' },
      amount_minor: 25_000,
      currency: 'USD',
      purpose: 'Gala table sponsorship',
      description: 'Invoice for the autumn gala table.',
      campaign_id: campaign.campaign_id,
      reference: 'INV-2041',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZPaymentRequestDetail.parse(res.json());
  };

  const intentFor = (client: TestClient, publicId: string, amount: number, extra: Record<string, unknown> = {}) =>
    client.post(`${API}/intent`, {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount,
      currency: 'usd',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
      payment_request: publicId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
      ...extra,
    });

  /** Intent, the sandbox card form's confirm, then confirm_payment: what /pay/{id} does. */
  async function paid(publicId: string, amount: number, interval = 'once') {
    return (await intentReady(publicId, amount, interval))();
  }

  /** The intent only: the card is paid when the returned step runs (two payers both past the gate). */
  async function intentReady(publicId: string, amount: number, interval = 'once') {
    const client = new TestClient(ctx.app);
    const res = await intentFor(client, publicId, amount, { interval });
    expect(res.statusCode, res.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(res.json());
    return () => cardPaid(client, intent, amount, interval);
  }

  async function cardPaid(
    client: TestClient,
    intent: { id: string; client_secret: string },
    amount: number,
    interval: string,
  ) {
    const card = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp: '12/34',
      cvc: '123',
    });
    expect(card.statusCode, card.body).toBe(200);
    return () =>
      client.post(`${API}/confirm_payment`, {
        campaign_id: campaign.campaign_id,
        peer_campaign_id: null,
        amount,
        currency: 'usd',
        interval,
        payment_method: 'card',
        included_fees: 0,
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.org',
        payment_intent: intent.id,
      });
  }

  const publicView = async (publicId: string) => {
    const res = await new TestClient(ctx.app).get(`/api/v1/payment_requests/${publicId}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPublicPaymentRequest.parse(res.json());
  };
  const detail = async (id: number) =>
    ZPaymentRequestDetail.parse((await admin.get(`${API}/payment_requests/${id}`)).json());

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    campaign = await springAppeal(new TestClient(ctx.app));
  });

  it('starts the demo with a pledge, the sponsorship invoice at its stable id, an overdue balance and one paid', async () => {
    const list = ZPaymentRequestList.parse((await admin.get(`${API}/payment_requests`)).json());
    expect(list.requests.map((r) => r.status).sort()).toEqual(['open', 'overdue', 'paid', 'partly_paid']);
    const invoice = list.requests.find((r) => r.public_id === 'riverside-gala-sponsorship-2026');
    expect(invoice).toMatchObject({ status: 'open', amount_minor: 250_000 });
    // The pledge in three instalments shows its three due days, the first paid.
    const pledge = list.requests.find((r) => r.public_id === 'demo-pledge-2026-harrow-family');
    const schedule = (await detail(pledge?.id ?? 0)).schedule;
    expect(schedule.map((i) => i.paid)).toEqual([true, false, false]);
    expect(new Set(schedule.map((i) => i.due_on)).size).toBe(3);
    const left = (pledge?.amount_minor ?? 0) * (2 / 3);
    expect(list.outstanding).toEqual([{ currency: 'USD', amount_minor: left + 250_000 + 42_500 }]);
    const view = await publicView('riverside-gala-sponsorship-2026');
    expect(view.purpose).toBe('Harvest Gala table sponsorship');
  });

  it('answers 401 anonymous, 403 to staff creating and to a peer fundraiser, 404 for another organisation', async () => {
    const request = await create();
    expect((await new TestClient(ctx.app).get(`${API}/payment_requests`)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/payment_requests`)).statusCode).toBe(403);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.get(`${API}/payment_requests/${request.id}`)).statusCode).toBe(200);
    expect((await staff.post(`${API}/payment_requests/${request.id}/cancel`, {})).statusCode).toBe(403);

    const { client: outsider } = await outsiderOrganisation(ctx, 'pay-outsider@example.org', 'Pay Outsiders');
    expect((await outsider.get(`${API}/payment_requests/${request.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/payment_requests/${request.id}/cancel`, {})).statusCode).toBe(404);
    const offline = { received_on: '2026-01-05', method: 'cash' };
    expect((await outsider.post(`${API}/payment_requests/${request.id}/paid_offline`, offline)).statusCode).toBe(404);
    const theirs = ZPaymentRequestList.parse((await outsider.get(`${API}/payment_requests`)).json());
    expect(theirs.requests).toEqual([]);
    // Their own request cannot name our campaign.
    const foreign = await outsider.post(`${API}/payment_requests`, {
      payer: { email: 'x@example.org' },
      amount_minor: 100,
      currency: 'USD',
      purpose: 'x',
      campaign_id: campaign.campaign_id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await detail(request.id)).status).toBe('open');
  });

  it('shows the payer what is asked and nothing staff keep; an unknown id is 404', async () => {
    const request = await create();
    expect(request.public_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const view = await publicView(request.public_id);
    expect(view).toMatchObject({ status: 'open', purpose: 'Gala table sponsorship', payable_minor: 25_000 });
    expect(JSON.stringify(view)).not.toContain('INV-2041');
    expect(view).not.toHaveProperty('donor_id');
    expect((await new TestClient(ctx.app).get('/api/v1/payment_requests/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(
      404,
    );
  });

  it('refuses an amount above what is left or below the minimum, naming the amount', async () => {
    const fixed = await create({ amount_minor: 10_000 });
    const above = await intentFor(new TestClient(ctx.app), fixed.public_id, 12_000);
    expect(above.statusCode).toBe(422);
    expect(above.json().message).toBe('The most you can pay on this request is $100.00, what is left of it.');
    const minimum = await create({ amount_kind: 'minimum', amount_minor: 5_000 });
    const below = await intentFor(new TestClient(ctx.app), minimum.public_id, 4_000);
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe('The least you can pay on this request is $50.00.');
  });

  it('records a card payment against the request, which is then paid and takes no more money', async () => {
    const request = await create({ amount_minor: 7_500 });
    const confirm = await paid(request.public_id, 7_500);
    const answer = ZConfirmPaymentResponse.parse((await confirm()).json());
    expect(answer.status).toBe('success');
    const after = await detail(request.id);
    expect(after).toMatchObject({ status: 'paid', paid_minor: 7_500, outstanding_minor: 0 });
    expect(after.payments.map((p) => p.donation_id)).toEqual([answer.donation?.id]);
    expect(after.payments[0]?.receipt_number).toBeTruthy();
    expect((await publicView(request.public_id)).status).toBe('paid');
    const again = await intentFor(new TestClient(ctx.app), request.public_id, 7_500);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has been paid in full. Thank you!');
  });

  it('counts one payment when the payer pays twice at once', async () => {
    const request = await create({ amount_minor: 6_000 });
    // Both intents before either card: the sandbox's webhook may count the first gift at once.
    const [payFirst, paySecond] = [
      await intentReady(request.public_id, 6_000),
      await intentReady(request.public_id, 6_000),
    ];
    const [first, second] = [await payFirst(), await paySecond()];
    const answers = await Promise.all([first(), second()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const after = await detail(request.id);
    expect(after.status).toBe('paid');
    expect(after.paid_minor).toBe(6_000);
    expect(after.payments).toHaveLength(1);
  });

  it("counts one of two gifts recorded at the same moment for a request's last amount (the row lock)", async () => {
    // Two real gifts for the whole amount; the second was refused by the follow-up, as it came after.
    const request = await create({ amount_minor: 4_000 });
    const [payFirst, paySecond] = [
      await intentReady(request.public_id, 4_000),
      await intentReady(request.public_id, 4_000),
    ];
    const confirms = [await payFirst(), await paySecond()];
    const ids: number[] = [];
    for (const confirm of confirms) {
      ids.push(ZConfirmPaymentResponse.parse((await confirm()).json()).donation?.id ?? 0);
    }
    // Back to unpaid, then both gifts' follow-ups at once: only the request's row lock keeps them apart.
    await ctx.db.execute(sql`DELETE FROM payment_request_payments WHERE request_id = ${request.id}`);
    await ctx.db.execute(sql`UPDATE payment_requests SET paid_minor = 0, paid_at = NULL WHERE id = ${request.id}`);
    const rows = await ctx.db.select().from(donations).where(inArray(donations.id, ids));
    const payment = { metadata: { payment_request: request.public_id } } as unknown as RecordedGift['payment'];
    await Promise.all(
      rows.map((donation) => linkRequestPayment({ db: ctx.db, donation, created: true, campaign: null, payment })),
    );
    const after = await detail(request.id);
    expect(after).toMatchObject({ status: 'paid', paid_minor: 4_000 });
    expect(after.payments).toHaveLength(1);
  });

  it('takes no money on a cancelled or an expired request', async () => {
    const request = await create();
    const cancelled = await admin.post(`${API}/payment_requests/${request.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await publicView(request.public_id)).status).toBe('cancelled');
    const refused = await intentFor(new TestClient(ctx.app), request.public_id, 25_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This request was cancelled, so it takes no payment.');

    const expired = await create({ expires_on: '2026-01-01' });
    expect((await publicView(expired.public_id)).status).toBe('expired');
    const late = await intentFor(new TestClient(ctx.app), expired.public_id, 25_000);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment link has expired, so it takes no payment.');
  });

  it('marks a request paid offline with an offline gift, leaving what is left after a part payment', async () => {
    const request = await create({ amount_minor: 20_000 });
    const part = await admin.post(`${API}/payment_requests/${request.id}/paid_offline`, {
      method: 'cheque',
      received_on: '2026-01-05',
      amount_minor: 5_000,
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(ZPaymentRequestDetail.parse(part.json())).toMatchObject({
      status: 'partly_paid',
      outstanding_minor: 15_000,
    });
    expect((await publicView(request.public_id)).payable_minor).toBe(15_000);
    const rest = await admin.post(`${API}/payment_requests/${request.id}/paid_offline`, {
      method: 'bank_transfer',
      received_on: '2026-01-06',
    });
    const after = ZPaymentRequestDetail.parse(rest.json());
    expect(after).toMatchObject({ status: 'paid', paid_minor: 20_000 });
    expect(after.payments.map((p) => p.provider)).toEqual(['offline', 'offline']);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donations d JOIN payment_request_payments p ON p.donation_id = d.id
      WHERE p.request_id = ${request.id} AND d.provider = 'offline' AND d.status = 'succeeded'`);
    expect(rows[0]?.n).toBe(2);
    const list = ZPaymentRequestList.parse((await admin.get(`${API}/payment_requests?status=paid`)).json());
    expect(list.requests.some((r) => r.id === request.id)).toBe(true);
  });
  // PayPal on /pay/{id}: the donation form's order → approval → capture, naming the request.
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  async function paypalApproved(publicId: string, amount: number) {
    const client = new TestClient(ctx.app);
    const res = await client.post(`${API}/create_order`, {
      campaign_id: campaign.campaign_id,
      amount,
      currency_code: 'USD',
      interval: 'once',
      included_fees: 0,
      payment_request: publicId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = ZCreateOrderResponse.parse(res.json());
    const page = await client.get(order.approve_url as string);
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const body = new URLSearchParams({ token, decision: 'approve', form_token: formToken }).toString();
    const approved = await client.post('/sandbox/paypal/approve', body, { headers: FORM });
    // The payer comes back to the request's page, not to the campaign's form.
    expect(approved.headers.location).toContain(`/pay/${publicId}?paypal=return`);
    return () => client.post(`${API}/paypal_capture`, { campaign_id: campaign.campaign_id, order_id: order.id });
  }

  it('takes a PayPal payment against the request, counted once even when two orders are captured at once', async () => {
    const request = await create({ amount_minor: 8_000 });
    const above = await new TestClient(ctx.app).post(`${API}/create_order`, {
      campaign_id: campaign.campaign_id,
      amount: 9_000,
      currency_code: 'USD',
      payment_request: request.public_id,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json().message).toBe('The most you can pay on this request is $80.00, what is left of it.');

    const captures = [await paypalApproved(request.public_id, 8_000), await paypalApproved(request.public_id, 8_000)];
    const answers = await Promise.all([...captures, captures[0] as () => Promise<{ json(): unknown }>].map((c) => c()));
    const donationIds = answers.map((a) => ZConfirmPaymentResponse.parse(a.json()).donation?.id);
    expect(new Set(donationIds).size).toBe(2);
    const after = await detail(request.id);
    expect(after).toMatchObject({ status: 'paid', paid_minor: 8_000 });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ payment_method: 'paypal', amount_minor: 8_000 });
    const again = await new TestClient(ctx.app).post(`${API}/create_order`, {
      campaign_id: campaign.campaign_id,
      amount: 8_000,
      currency_code: 'USD',
      payment_request: request.public_id,
    });
    expect(again.statusCode).toBe(409);
  });
  it('takes a request in three monthly instalments over three charges, each counted once', async () => {
    const request = await create({ amount_minor: 9_000, instalments: 3, due_on: '2031-03-10' });
    expect(request.schedule.map((i) => [i.due_on, i.amount_minor, i.paid])).toEqual([
      ['2031-03-10', 3_000, false],
      ['2031-04-10', 3_000, false],
      ['2031-05-10', 3_000, false],
    ]);
    expect((await publicView(request.public_id)).payable_minor).toBe(3_000);
    // The first payment is one instalment, monthly: a one-off or the whole amount is refused.
    const once = await intentFor(new TestClient(ctx.app), request.public_id, 3_000);
    expect(once.statusCode).toBe(400);
    const whole = await intentFor(new TestClient(ctx.app), request.public_id, 9_000, { interval: 'monthly' });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().message).toBe('Each instalment of this request is $30.00.');

    const first = ZConfirmPaymentResponse.parse((await (await paid(request.public_id, 3_000, 'monthly'))()).json());
    const [gift] = await ctx.db
      .select()
      .from(donations)
      .where(inArray(donations.id, [first.donation?.id ?? 0]));
    const planId = gift?.recurringPlanId;
    expect(planId).toBeTruthy();
    expect(await detail(request.id)).toMatchObject({ status: 'partly_paid', paid_minor: 3_000 });

    // The charge job runs twice for each later instalment (two instances, a retry): one charge each.
    const sweep = (days: number) =>
      admin.post(`${API}/recurring_plans/${planId}/test_sweep`, { now: new Date(Date.now() + days * 86_400_000) });
    for (const days of [32, 32, 63, 63]) expect((await sweep(days)).statusCode).toBe(200);
    const after = await detail(request.id);
    expect(after).toMatchObject({ status: 'paid', paid_minor: 9_000, outstanding_minor: 0 });
    expect(after.payments).toHaveLength(3);
    expect(after.schedule.every((i) => i.paid)).toBe(true);
    // The plan ends with the request: no fourth charge.
    expect((await sweep(95)).json()).toEqual({ outcomes: [] });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM donations WHERE recurring_plan_id = ${planId}`,
    );
    expect(rows[0]?.n).toBe(3);
  });
});
