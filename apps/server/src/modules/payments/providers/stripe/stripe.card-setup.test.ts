// The card setup (a new card saved without a charge) against the local Stripe stand-in: the
// SetupIntent is made on the connected account, for off-session use, on the plan's customer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../../../../../test/stripe-stand-in.ts';
import { createStripeProvider, type StripeProvider } from './stripe.provider.ts';

const ACCOUNT = { npoId: 1, accountId: 'acct_charity1' };
const OTHER_ACCOUNT = { npoId: 2, accountId: 'acct_charity2' };

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: StripeProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeProvider({
    secretKey: 'sk_test_platform',
    applicationFeeBps: 0,
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

describe('Stripe adapter: card setup for the donor portal', () => {
  it('makes an off-session card SetupIntent on the existing customer of the connected account', async () => {
    const created = await stripe.createCardSetup({
      account: ACCOUNT,
      customerId: 'cus_existing',
      metadata: { npo_id: '1', donor_id: '5' },
      idempotencyKey: 'portal-setup-1',
    });
    expect(created).toMatchObject({ status: 'requires_payment_method', customerId: 'cus_existing' });
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/setup_intents' });
    expect(request?.headers['stripe-account']).toBe('acct_charity1');
    expect(request?.headers['idempotency-key']).toBe('portal-setup-1');
    expect(request?.form).toEqual({
      customer: 'cus_existing',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
      'metadata[npo_id]': '1',
      'metadata[donor_id]': '5',
    });
  });

  it('makes a customer on the connected account first when the donor has none', async () => {
    const created = await stripe.createCardSetup({
      account: ACCOUNT,
      email: 'ada@example.org',
      metadata: { donor_id: '5' },
      idempotencyKey: 'portal-setup-2',
    });
    expect(standIn.requests.map((r) => r.path)).toEqual(['/v1/customers', '/v1/setup_intents']);
    expect(standIn.requests[0]?.headers['stripe-account']).toBe('acct_charity1');
    expect(standIn.requests[0]?.form.email).toBe('ada@example.org');
    expect(created.customerId).toMatch(/^cus_/);
    expect(standIn.requests[1]?.form.customer).toBe(created.customerId);
  });

  it('reports the saved card once the browser confirmed the setup, only to its own account', async () => {
    const created = await stripe.createCardSetup({
      account: ACCOUNT,
      customerId: 'cus_existing',
      metadata: {},
      idempotencyKey: 'portal-setup-3',
    });
    expect(await stripe.retrieveCardSetup({ account: ACCOUNT, id: created.id })).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
    });
    standIn.updateSetupIntent(created.id, { status: 'succeeded', payment_method: 'pm_card_new' });
    expect(await stripe.retrieveCardSetup({ account: ACCOUNT, id: created.id })).toEqual({
      id: created.id,
      status: 'succeeded',
      paymentMethodId: 'pm_card_new',
      customerId: 'cus_existing',
      metadata: {},
    });
    const get = standIn.requests.at(-1);
    expect(get).toMatchObject({ method: 'GET', path: `/v1/setup_intents/${created.id}` });
    expect(get?.headers['stripe-account']).toBe('acct_charity1');
    await expect(stripe.retrieveCardSetup({ account: OTHER_ACCOUNT, id: created.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses an organisation without a connected account before calling Stripe', async () => {
    await expect(
      stripe.createCardSetup({ account: { npoId: 3, accountId: null }, metadata: {}, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({ code: 'not_configured' });
    expect(standIn.requests).toHaveLength(0);
  });
});
