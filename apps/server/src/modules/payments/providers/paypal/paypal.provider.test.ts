import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECLINING_VAULT_ID, startPayPalStandIn, VALID_PAYPAL_SIGNATURE } from '../../../../../test/paypal-stand-in.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import { WebhookSignatureError } from '../provider-error.ts';
import { createPayPalProvider } from './paypal.provider.ts';

const CREDENTIALS = { clientId: 'client-platform', clientSecret: 'secret-platform', webhookId: 'WH123' };
const ACCOUNT = { npoId: 1, accountId: 'MERCHANT1' };

let standIn: Awaited<ReturnType<typeof startPayPalStandIn>>;
let paypal: PaymentProvider;

beforeAll(async () => {
  standIn = await startPayPalStandIn(CREDENTIALS);
  paypal = createPayPalProvider({ ...CREDENTIALS, apiBase: standIn.base });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

const apiCalls = () => standIn.requests.filter((r) => r.path !== '/v1/oauth2/token');
const orderInput = (overrides: Partial<Parameters<PaymentProvider['createOrder']>[0]> = {}) => ({
  account: ACCOUNT,
  amountMinor: 1050,
  currency: 'USD',
  metadata: { campaign_id: '7', npo_id: '1' },
  idempotencyKey: `order-${Math.random()}`,
  returnUrl: 'https://kindling.test/spring-appeal?paypal=return',
  cancelUrl: 'https://kindling.test/spring-appeal?paypal=cancel',
  ...overrides,
});

describe('PayPal adapter: token and orders', () => {
  it('gets one client-credentials token and reuses it until it expires', async () => {
    const fresh = createPayPalProvider({ ...CREDENTIALS, apiBase: standIn.base });
    await fresh.createOrder(orderInput());
    await fresh.createOrder(orderInput());
    const tokenCalls = standIn.requests.filter((r) => r.path === '/v1/oauth2/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.method).toBe('POST');
    expect(tokenCalls[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('client-platform:secret-platform').toString('base64')}`,
    );
    expect(tokenCalls[0]?.raw).toBe('grant_type=client_credentials');
  });

  it('fetches a new token once the cached one expires, and retries once when it is revoked', async () => {
    const shortLived = await startPayPalStandIn({ ...CREDENTIALS, tokenExpiresIn: 30 });
    try {
      const provider = createPayPalProvider({ ...CREDENTIALS, apiBase: shortLived.base });
      await provider.createOrder(orderInput());
      await provider.createOrder(orderInput());
      // Within a minute of expiry a token is not reused.
      expect(shortLived.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
    const fresh = createPayPalProvider({ ...CREDENTIALS, apiBase: standIn.base });
    await fresh.createOrder(orderInput());
    standIn.revokeTokens();
    // The refused call is repeated once with a new token, under the same request id.
    const order = await fresh.createOrder(orderInput({ idempotencyKey: 'after-revoke' }));
    expect(order.id).toMatch(/^ORDER/);
    expect(standIn.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(2);
    const attempts = standIn.requests.filter((r) => r.headers['paypal-request-id'] === 'after-revoke');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.headers.authorization).not.toBe(attempts[1]?.headers.authorization);
  });

  it('creates a CAPTURE order paid to the organisation, with the amount as a decimal string and a request id', async () => {
    const input = orderInput({ description: 'Donation to the Spring Appeal' });
    const order = await paypal.createOrder(input);
    expect(order).toMatchObject({ status: 'payer_action_required' });
    expect(order.approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`);
    const [call] = apiCalls();
    expect(call).toMatchObject({ method: 'POST', path: '/v2/checkout/orders' });
    expect(call?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(call?.headers['paypal-request-id']).toBe(input.idempotencyKey);
    expect(call?.json).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'USD', value: '10.50' },
          payee: { merchant_id: 'MERCHANT1' },
          description: 'Donation to the Spring Appeal',
          custom_id: 'campaign_id=7&npo_id=1',
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
  });

  it.each([
    ['JPY', 1000, '1000'],
    ['HUF', 1750, '1750'],
    ['EUR', 5, '0.05'],
  ])('sends %s %i as "%s"', async (currency, amountMinor, value) => {
    await paypal.createOrder(orderInput({ currency, amountMinor }));
    expect(apiCalls()[0]?.json).toMatchObject({ purchase_units: [{ amount: { currency_code: currency, value } }] });
  });

  it('refuses a currency PayPal does not take, before calling it', async () => {
    await expect(paypal.createOrder(orderInput({ currency: 'KRW' }))).rejects.toMatchObject({
      code: 'currency_not_supported',
    });
    expect(apiCalls()).toHaveLength(0);
  });

  it('captures an approved order and reads amount, metadata and payer from PayPal', async () => {
    const order = await paypal.createOrder(orderInput({ currency: 'JPY', amountMinor: 3000 }));
    await expect(
      paypal.captureOrder({ account: ACCOUNT, orderId: order.id, idempotencyKey: 'cap-0' }),
    ).rejects.toMatchObject({
      code: 'unexpected_state',
      details: { providerCode: 'ORDER_NOT_APPROVED', httpStatus: 422 },
    });
    standIn.approveOrder(order.id);
    standIn.requests.length = 0;
    const captured = await paypal.captureOrder({ account: ACCOUNT, orderId: order.id, idempotencyKey: 'cap-1' });
    expect(apiCalls()[0]).toMatchObject({ method: 'POST', path: `/v2/checkout/orders/${order.id}/capture`, json: {} });
    expect(apiCalls()[0]?.headers['paypal-request-id']).toBe('cap-1');
    expect(captured).toMatchObject({
      orderId: order.id,
      status: 'succeeded',
      amountMinor: 3000,
      currency: 'JPY',
      metadata: { campaign_id: '7', npo_id: '1' },
      payerEmail: 'payer@example.com',
    });
    expect(captured.captureId).toMatch(/^CAP/);
    // A retried capture with the same request id is answered with the same capture.
    const again = await paypal.captureOrder({ account: ACCOUNT, orderId: order.id, idempotencyKey: 'cap-1' });
    expect(again.captureId).toBe(captured.captureId);
  });
});

describe('PayPal adapter: vault, saved charges and refunds', () => {
  it('creates a setup token with its approve link, then a payment token from it', async () => {
    const setup = await paypal.createSetupToken({
      account: ACCOUNT,
      idempotencyKey: 'setup-1',
      returnUrl: 'https://kindling.test/r',
      cancelUrl: 'https://kindling.test/c',
    });
    expect(setup.approveUrl).toContain('https://www.sandbox.paypal.com/agreements/approve');
    const [call] = apiCalls();
    expect(call).toMatchObject({ method: 'POST', path: '/v3/vault/setup-tokens' });
    expect(call?.headers['paypal-request-id']).toBe('setup-1');
    expect(call?.json).toEqual({
      payment_source: {
        paypal: {
          usage_type: 'MERCHANT',
          customer_type: 'CONSUMER',
          permit_multiple_payment_tokens: false,
          experience_context: { return_url: 'https://kindling.test/r', cancel_url: 'https://kindling.test/c' },
        },
      },
    });
    const token = await paypal.createPaymentToken({ account: ACCOUNT, setupTokenId: setup.id, idempotencyKey: 'pt-1' });
    expect(apiCalls()[1]).toMatchObject({
      method: 'POST',
      path: '/v3/vault/payment-tokens',
      json: { payment_source: { token: { id: setup.id, type: 'SETUP_TOKEN' } } },
    });
    expect(apiCalls()[1]?.headers['paypal-request-id']).toBe('pt-1');
    expect(apiCalls()[1]?.headers.authorization).toMatch(/^Bearer /);
    expect(token).toMatchObject({ email: 'payer@example.com' });
    expect(token.customerId).toMatch(/^CUST/);
  });

  it('charges a vaulted token as a merchant-initiated recurring payment', async () => {
    const payment = await paypal.chargeSaved({
      account: ACCOUNT,
      paymentMethodId: 'vt_good',
      amountMinor: 2500,
      currency: 'GBP',
      metadata: { plan_id: '3' },
      idempotencyKey: 'plan-3-2026-02',
    });
    expect(payment).toMatchObject({
      status: 'succeeded',
      amountMinor: 2500,
      currency: 'GBP',
      metadata: { plan_id: '3' },
    });
    const [call] = apiCalls();
    expect(call?.headers['paypal-request-id']).toBe('plan-3-2026-02');
    expect(call?.json?.payment_source).toEqual({
      paypal: {
        vault_id: 'vt_good',
        stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' },
      },
    });
    const declined = await paypal.chargeSaved({
      account: ACCOUNT,
      paymentMethodId: DECLINING_VAULT_ID,
      amountMinor: 2500,
      currency: 'GBP',
      metadata: {},
      idempotencyKey: 'plan-4-2026-02',
    });
    expect(declined).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
  });

  it('refunds a capture on behalf of the merchant', async () => {
    const refund = await paypal.refund({
      account: ACCOUNT,
      paymentId: 'CAP123',
      amountMinor: 500,
      currency: 'USD',
      idempotencyKey: 'ref-1',
    });
    expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 500, currency: 'USD' });
    const [call] = apiCalls();
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v2/payments/captures/CAP123/refund',
      json: { amount: { currency_code: 'USD', value: '5.00' } },
    });
    expect(call?.headers['paypal-request-id']).toBe('ref-1');
    const assertion = String(call?.headers['paypal-auth-assertion']).split('.');
    expect(JSON.parse(Buffer.from(assertion[0] ?? '', 'base64url').toString())).toEqual({ alg: 'none' });
    expect(JSON.parse(Buffer.from(assertion[1] ?? '', 'base64url').toString())).toEqual({
      iss: 'client-platform',
      payer_id: 'MERCHANT1',
    });
  });
});

describe('PayPal adapter: webhooks', () => {
  const body = JSON.stringify({
    id: 'WH-EVT-1',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: {
      id: 'CAP1',
      status: 'COMPLETED',
      amount: { currency_code: 'JPY', value: '3000' },
      custom_id: 'campaign_id=7',
      supplementary_data: { related_ids: { order_id: 'ORDER1' } },
      payee: { merchant_id: 'MERCHANT1' },
    },
  });
  const headers = (signature: string) => ({
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    'paypal-transmission-id': 'tx-1',
    'paypal-transmission-sig': signature,
    'paypal-transmission-time': '2026-11-21T16:00:00Z',
  });

  it('verifies an event through PayPal and translates it', async () => {
    const event = await paypal.parseWebhook(Buffer.from(body), headers(VALID_PAYPAL_SIGNATURE));
    const [call] = apiCalls();
    expect(call).toMatchObject({ method: 'POST', path: '/v1/notifications/verify-webhook-signature' });
    expect(call?.json).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      transmission_id: 'tx-1',
      transmission_sig: VALID_PAYPAL_SIGNATURE,
      transmission_time: '2026-11-21T16:00:00Z',
      webhook_id: 'WH123',
      webhook_event: JSON.parse(body),
    });
    expect(event).toEqual({
      id: 'WH-EVT-1',
      type: 'payment.succeeded',
      providerType: 'PAYMENT.CAPTURE.COMPLETED',
      providerReference: 'ORDER1',
      accountId: 'MERCHANT1',
      amountMinor: 3000,
      currency: 'JPY',
      metadata: { campaign_id: '7' },
    });
  });

  it('refuses a signature PayPal does not verify, and missing headers without calling PayPal', async () => {
    await expect(paypal.parseWebhook(body, headers('forged'))).rejects.toBeInstanceOf(WebhookSignatureError);
    standIn.requests.length = 0;
    await expect(paypal.parseWebhook(body, {})).rejects.toMatchObject({ code: 'invalid_signature' });
    expect(apiCalls()).toHaveLength(0);
  });
});
