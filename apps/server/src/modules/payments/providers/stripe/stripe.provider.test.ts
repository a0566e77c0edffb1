import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECLINING_PAYMENT_METHOD, startStripeStandIn } from '../../../../../test/stripe-stand-in.ts';
import { ProviderError, WebhookSignatureError } from '../provider-error.ts';
import { createStripeProvider, type StripeProvider } from './stripe.provider.ts';

const ACCOUNT = { npoId: 1, accountId: 'acct_charity1' };
const OTHER_ACCOUNT = { npoId: 2, accountId: 'acct_charity2' };
const WEBHOOK_SECRET = 'whsec_test_secret';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: StripeProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeProvider({
    secretKey: 'sk_test_platform',
    webhookSecret: WEBHOOK_SECRET,
    applicationFeeBps: 250,
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

const intentInput = (overrides: Partial<Parameters<StripeProvider['createIntent']>[0]> = {}) => ({
  account: ACCOUNT,
  amountMinor: 1050,
  currency: 'USD',
  interval: 'once' as const,
  metadata: { campaign_id: '7', npo_id: '1' },
  idempotencyKey: `intent-${Math.random()}`,
  ...overrides,
});

describe('Stripe adapter: PaymentIntents on the connected account', () => {
  it('creates a direct charge with the account, idempotency key, fee and metadata', async () => {
    const input = intentInput();
    const created = await stripe.createIntent(input);
    expect(created.id).toMatch(/^pi_/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(created.status).toBe('requires_payment_method');

    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers['stripe-account']).toBe('acct_charity1');
    expect(request?.headers['idempotency-key']).toBe(input.idempotencyKey);
    expect(request?.headers.authorization).toBe('Bearer sk_test_platform');
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request?.form).toEqual({
      amount: '1050',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      // 2.5 % of 10.50 = 0.2625, rounded to 26 cents.
      application_fee_amount: '26',
      'metadata[campaign_id]': '7',
      'metadata[npo_id]': '1',
      'metadata[interval]': 'once',
    });
  });

  it('names the payment method types instead of automatic methods when the campaign narrows them', async () => {
    await stripe.createIntent(intentInput({ methodTypes: ['card', 'us_bank_account'] }));
    const form = standIn.requests[0]?.form ?? {};
    expect(form['payment_method_types[0]']).toBe('card');
    expect(form['payment_method_types[1]']).toBe('us_bank_account');
    expect(form['automatic_payment_methods[enabled]']).toBeUndefined();
  });

  it.each([
    ['JPY', 1000, '1000', '25'],
    ['HUF', 1750, '175000', '4400'],
    ['ISK', 5000, '500000', '12500'],
  ])('sends %s %i as amount %s (fee %s) in Stripe units', async (currency, ours, amount, fee) => {
    await stripe.createIntent(intentInput({ currency, amountMinor: ours }));
    expect(standIn.requests[0]?.form).toMatchObject({
      amount,
      currency: currency.toLowerCase(),
      application_fee_amount: fee,
    });
  });

  it('saves the card of a recurring gift on a customer of the connected account', async () => {
    const input = intentInput({ interval: 'monthly', email: 'donor@example.org' });
    await stripe.createIntent(input);
    const [customer, intent] = standIn.requests;
    expect(customer?.path).toBe('/v1/customers');
    expect(customer?.headers['stripe-account']).toBe('acct_charity1');
    expect(customer?.headers['idempotency-key']).toBe(`${input.idempotencyKey}:customer`);
    expect(customer?.form.email).toBe('donor@example.org');
    expect(intent?.form.customer).toMatch(/^cus_/);
    expect(intent?.form.setup_future_usage).toBe('off_session');
    expect(intent?.form.receipt_email).toBe('donor@example.org');
    expect(intent?.form['metadata[interval]']).toBe('monthly');
  });

  it('returns the same intent for a retried request with the same idempotency key', async () => {
    const input = intentInput();
    const first = await stripe.createIntent(input);
    const second = await stripe.createIntent(input);
    expect(second.id).toBe(first.id);
  });

  it('reads amount, currency and status back from Stripe in our units', async () => {
    const created = await stripe.createIntent(intentInput({ currency: 'HUF', amountMinor: 1750 }));
    standIn.updateIntent(created.id, { status: 'succeeded', payment_method: 'pm_123' });
    standIn.requests.length = 0;
    const payment = await stripe.retrieveIntent({ account: ACCOUNT, id: created.id });
    expect(standIn.requests[0]).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${created.id}` });
    expect(standIn.requests[0]?.headers['stripe-account']).toBe('acct_charity1');
    expect(payment).toMatchObject({ id: created.id, status: 'succeeded', amountMinor: 1750, currency: 'HUF' });
    expect(payment.metadata).toMatchObject({ campaign_id: '7', interval: 'once' });
  });

  it("cannot read another organisation's intent", async () => {
    const created = await stripe.createIntent(intentInput());
    const error = await stripe.retrieveIntent({ account: OTHER_ACCOUNT, id: created.id }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.code).toBe('not_found');
  });

  it('refuses to charge for an organisation without a connected account, before calling Stripe', async () => {
    const error = await stripe.createIntent(intentInput({ account: { npoId: 3, accountId: null } })).catch((e) => e);
    expect(error).toMatchObject({ code: 'not_configured' });
    expect(standIn.requests).toHaveLength(0);
  });

  it('refuses an unknown currency instead of charging it as USD', async () => {
    await expect(stripe.createIntent(intentInput({ currency: 'XYZ' }))).rejects.toMatchObject({
      code: 'currency_not_supported',
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it("surfaces Stripe's own message for an amount below its minimum", async () => {
    const error = await stripe.createIntent(intentInput({ amountMinor: 20 })).catch((e) => e);
    expect(error).toMatchObject({ code: 'invalid_amount', providerMessage: 'Amount must be at least 0.50' });
  });
});

describe('Stripe adapter: saved methods and refunds', () => {
  const charge = (paymentMethodId: string) =>
    stripe.chargeSaved({
      account: ACCOUNT,
      paymentMethodId,
      customerId: 'cus_1',
      amountMinor: 2000,
      currency: 'GBP',
      metadata: { plan_id: '9' },
      idempotencyKey: `plan-9-${paymentMethodId}`,
    });

  it('charges a saved card off-session', async () => {
    const payment = await charge('pm_card_visa');
    expect(payment).toMatchObject({ status: 'succeeded', amountMinor: 2000, currency: 'GBP' });
    const [request] = standIn.requests;
    expect(request?.headers['idempotency-key']).toBe('plan-9-pm_card_visa');
    expect(request?.form).toMatchObject({
      amount: '2000',
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      customer: 'cus_1',
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '50',
    });
  });

  it('reports a declined saved card as a failed payment with the provider message', async () => {
    const payment = await charge(DECLINING_PAYMENT_METHOD);
    expect(payment).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
    });
    expect(payment.id).toMatch(/^pi_/);
  });

  it('refunds part of a payment in Stripe units', async () => {
    const created = await stripe.createIntent(intentInput({ currency: 'HUF', amountMinor: 2000 }));
    standIn.requests.length = 0;
    const refund = await stripe.refund({
      account: ACCOUNT,
      paymentId: created.id,
      amountMinor: 500,
      currency: 'HUF',
      idempotencyKey: 'refund-1',
    });
    expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 500, currency: 'HUF' });
    expect(standIn.requests[0]).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(standIn.requests[0]?.headers['idempotency-key']).toBe('refund-1');
    expect(standIn.requests[0]?.form).toEqual({ payment_intent: created.id, amount: '50000' });
  });

  it('creates a SetupIntent for off-session use on a new customer', async () => {
    const setup = await stripe.createSetupIntent({
      account: ACCOUNT,
      metadata: { plan: 'x' },
      idempotencyKey: 'setup-1',
    });
    expect(setup.clientSecret).toMatch(/^seti_/);
    expect(standIn.requests[1]).toMatchObject({ path: '/v1/setup_intents' });
    expect(standIn.requests[1]?.form).toMatchObject({ usage: 'off_session', customer: setup.customerId });
  });
});

describe('Stripe adapter: webhooks', () => {
  const signer = new Stripe('sk_test_signer');
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    account: 'acct_charity1',
    data: {
      object: { id: 'pi_1', object: 'payment_intent', amount: 175000, currency: 'huf', metadata: { campaign_id: '7' } },
    },
  });
  const sign = (secret: string, body = payload) => signer.webhooks.generateTestHeaderString({ payload: body, secret });

  it('verifies a signed event and translates it to our units', async () => {
    const event = await stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign(WEBHOOK_SECRET) });
    expect(event).toEqual({
      id: 'evt_1',
      type: 'payment.succeeded',
      providerType: 'payment_intent.succeeded',
      providerReference: 'pi_1',
      accountId: 'acct_charity1',
      amountMinor: 1750,
      currency: 'HUF',
      metadata: { campaign_id: '7' },
    });
  });

  it('refuses a wrong secret, a tampered body and a missing header', async () => {
    await expect(stripe.parseWebhook(payload, { 'stripe-signature': sign('whsec_other') })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const tampered = payload.replace('175000', '1');
    await expect(stripe.parseWebhook(tampered, { 'stripe-signature': sign(WEBHOOK_SECRET) })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(stripe.parseWebhook(payload, {})).rejects.toMatchObject({ code: 'invalid_signature' });
  });
});
