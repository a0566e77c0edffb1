import { PROCESSOR_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, stripeStandInEnv } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import {
  API,
  auditActions,
  CAMPAIGN_PAGE,
  landing,
  npoIds,
  signedIn,
  storedSettings,
} from './processors.test-support.ts';

const CALLBACK = '/api/v1/processors/stripe/callback';

describe('/processors with Stripe and PayPal keys (Stripe through the SDK against a local stand-in)', () => {
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  beforeAll(async () => {
    stripe = await startStripeStandIn({
      acct_1RiversideConn: { email: 'owner@riverside.example', code: 'ac_riverside' },
      acct_1ExistingAcct: { email: 'finance@riverside.example', code: 'ac_unused' },
    });
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const ctx = useTestApp({
    env: () => ({
      ...stripeStandInEnv(stripe),
      STRIPE_CLIENT_ID: 'ca_kindling',
      STRIPE_CONNECT_BASE: 'https://connect.example.test',
      PAYPAL_CLIENT_ID: 'paypal-client-id',
      PAYPAL_CLIENT_SECRET: 'paypal-secret',
    }),
  });
  let ids: { riverside: number; northern: number };
  beforeAll(async () => {
    ids = await npoIds(ctx.db);
  });
  const admin = () => signedIn(new TestClient(ctx.app), 'admin@kindling.test');
  const publicCampaign = async () => (await new TestClient(ctx.app).get(CAMPAIGN_PAGE)).json().campaign;

  /** POST connect, then the browser's return from Stripe with `code` and the state it was given. */
  async function roundTrip(c: TestClient, code: string) {
    const { url } = (await c.post(`${API}/stripe/connect`, {})).json();
    const state = new URL(url).searchParams.get('state') ?? '';
    const res = await c.get(`${CALLBACK}?${new URLSearchParams({ code, state, scope: 'read_write' })}`);
    return { url: new URL(url), landing: landing(res.headers.location), status: res.statusCode };
  }

  it('shows that nothing is connected: no card tab and no PayPal tab on the form yet', async () => {
    const body = (await (await admin()).get(API)).json();
    expect(body).toEqual({
      mode: 'providers',
      card: { provider: null, live: false, connected_account_id: null, connected_at: null, can_connect_oauth: true },
      wallet: { provider: null, live: false, merchant_id: null, email: null, client_configured: true },
    });
    expect(await publicCampaign()).toMatchObject({ card_enabled: false, wallet_enabled: false });
  });

  it('sends the browser to Stripe’s authorize page and exchanges the code through the SDK', async () => {
    const c = await admin();
    stripe.requests.length = 0;
    const trip = await roundTrip(c, 'ac_riverside');
    expect(`${trip.url.origin}${trip.url.pathname}`).toBe('https://connect.example.test/oauth/authorize');
    expect(Object.fromEntries(trip.url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'ca_kindling',
      scope: 'read_write',
      state: expect.stringMatching(/^[\w-]{40,}$/),
      redirect_uri: `http://localhost${CALLBACK}`,
    });
    expect(trip.status).toBe(303);
    expect(trip.landing).toEqual({ path: '/admin/processors', connected: 'stripe', error: null });

    expect(stripe.requests).toHaveLength(1);
    const [token] = stripe.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/oauth/token' });
    expect(token?.headers.authorization).toBe('Bearer sk_test_kindling');
    expect(token?.form).toEqual({ grant_type: 'authorization_code', code: 'ac_riverside' });

    expect((await c.get(API)).json().card).toMatchObject({
      provider: 'stripe',
      live: false,
      connected_account_id: 'acct_…Conn',
    });
    expect(await publicCampaign()).toMatchObject({
      card_enabled: true,
      card_provider: 'stripe',
      stripe_account: 'acct_1RiversideConn',
      stripe_publishable_key: 'pk_test_kindling',
    });
  });

  it('never exchanges a code whose state does not match, and reports a code Stripe refuses', async () => {
    const c = await admin();
    stripe.requests.length = 0;
    const mismatch = await c.get(`${CALLBACK}?code=ac_riverside&state=forged`);
    expect(landing(mismatch.headers.location).error).toBe('state_mismatch');
    expect(stripe.requests).toHaveLength(0);
    const refused = await roundTrip(c, 'ac_expired');
    expect(refused.landing.error).toBe('exchange_failed');
    expect(stripe.requests.map((r) => r.path)).toEqual(['/oauth/token']);
    expect((await storedSettings(ctx.db, ids.riverside))?.stripe_account_id).toBe('acct_1RiversideConn');
  });

  it('refuses the code of an account connected to another organisation', async () => {
    const multi = await signedIn(new TestClient(ctx.app), 'multi@kindling.test', ids.northern);
    expect((await roundTrip(multi, 'ac_riverside')).landing.error).toBe('account_taken');
    expect((await storedSettings(ctx.db, ids.northern))?.stripe_account_id).toBeNull();
  });

  it('disconnects through Stripe’s deauthorize, after which the form has no card tab', async () => {
    const c = await admin();
    stripe.requests.length = 0;
    const res = await c.request('DELETE', `${API}/stripe`);
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toMatchObject({ provider: null, connected_account_id: null });
    const [deauthorize] = stripe.requests;
    expect(deauthorize).toMatchObject({ method: 'POST', path: '/oauth/deauthorize' });
    expect(deauthorize?.form).toEqual({ client_id: 'ca_kindling', stripe_user_id: 'acct_1RiversideConn' });
    expect(await publicCampaign()).toMatchObject({ card_enabled: false, card_provider: null });
    expect(await auditActions(ctx.db, ids.riverside)).toEqual([
      'processors.stripe_connected',
      'processors.stripe_disconnected',
    ]);
  });

  it('connects an existing account id only when Stripe knows it', async () => {
    const c = await admin();
    stripe.requests.length = 0;
    const unknown = await c.post(`${API}/stripe/account`, { account_id: 'acct_1NobodyKnows' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ account_id: PROCESSOR_MESSAGES.stripeAccountUnknown });
    expect((await storedSettings(ctx.db, ids.riverside))?.stripe_account_id).toBeNull();
    const known = await c.post(`${API}/stripe/account`, { account_id: 'acct_1ExistingAcct' });
    expect(known.statusCode).toBe(200);
    expect(known.json().card).toMatchObject({ provider: 'stripe', connected_account_id: 'acct_…Acct', live: false });
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/accounts/acct_1NobodyKnows',
      'GET /v1/accounts/acct_1ExistingAcct',
    ]);
    expect(await publicCampaign()).toMatchObject({ card_enabled: true, stripe_account: 'acct_1ExistingAcct' });
  });

  it('shows the PayPal tab only once the merchant id and e-mail are set, and hides it after removal', async () => {
    const c = await signedIn(new TestClient(ctx.app), 'finance@kindling.test');
    const saved = await c.put(`${API}/paypal`, { merchant_id: '7X2KQ3PLM9ABC', email: 'giving@riverside.example' });
    expect(saved.json().wallet).toEqual({
      provider: 'paypal',
      live: false,
      merchant_id: '7X2KQ3PLM9ABC',
      email: 'giving@riverside.example',
      client_configured: true,
    });
    expect(await publicCampaign()).toMatchObject({
      wallet_enabled: true,
      wallet_provider: 'paypal',
      paypal_client_id: 'paypal-client-id',
      paypal_merchant_id: '7X2KQ3PLM9ABC',
      paypal_email: 'giving@riverside.example',
    });
    // Only the merchant id (an e-mail missing) is not enough for the button.
    await ctx.db.execute(sql`UPDATE npos SET paypal_email = NULL WHERE id = ${ids.riverside}`);
    expect(await publicCampaign()).toMatchObject({
      wallet_enabled: false,
      wallet_provider: null,
      paypal_client_id: null,
    });
    await c.put(`${API}/paypal`, { merchant_id: '7X2KQ3PLM9ABC', email: 'giving@riverside.example' });
    await c.request('DELETE', `${API}/paypal`);
    expect(await publicCampaign()).toMatchObject({ wallet_enabled: false, paypal_merchant_id: null });
  });
});

describe('/processors with Stripe keys but no OAuth client id', () => {
  const ctx = useTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_live_kindling', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '9' },
  });

  it('offers only the account id path, and says why Connect with Stripe is unavailable', async () => {
    const c = await signedIn(new TestClient(ctx.app), 'admin@kindling.test');
    expect((await c.get(API)).json().card).toMatchObject({ provider: null, can_connect_oauth: false });
    const res = await c.post(`${API}/stripe/connect`, {});
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toMatch(/Enter an existing account id instead/);
    // Stripe cannot be reached (nothing listens on port 9): nothing changes, and the answer says so.
    const down = await c.post(`${API}/stripe/account`, { account_id: 'acct_1ExistingAcct' });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/could not be reached/);
    expect((await c.get(API)).json().card.connected_account_id).toBeNull();
  });
});
