import { MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, stripeStandInEnv } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient, totpCode } from '../../../test/test-client.ts';

const PAGE = '/sandbox/stripe/oauth/authorize';
const ONETAP = '/api/v1/stripe_onetap';
const STATE_MISMATCH = 'Stripe sign-in state did not match. Please try again.';

const authorizeUrl = (state: string, redirectUri = '/login') =>
  `${PAGE}?${new URLSearchParams({ response_type: 'code', client_id: 'ca_sandbox', scope: 'read_write', state, redirect_uri: redirectUri })}`;

/** The hidden and prefilled fields of the consent form, as a browser would submit them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return fields;
}

const submit = (c: TestClient, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', PAGE, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    csrf: false,
  });

/** Goes through the sandbox page like a browser and returns the redirect it ends with. */
async function authorize(c: TestClient, state: string, email?: string, decision = 'authorize') {
  const page = await c.get(authorizeUrl(state));
  const fields = { ...formFields(page.body), decision, ...(email ? { email } : {}) };
  const res = await submit(c, fields);
  return new URL(String(res.headers.location), 'http://localhost');
}

describe('Stripe sign-in through the sandbox provider', () => {
  const ctx = useTestApp();
  const codesIssued = async () =>
    (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sandbox_oauth_codes`)).rows[0]?.n ?? 0;

  it('renders an accessible consent page with the e-mail prefilled', async () => {
    const res = await new TestClient(ctx.app).get(authorizeUrl('state-1'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<h1>Sandbox Stripe — connect your account to Kindling</h1>');
    expect(res.body).toMatch(
      /<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email"[^>]*value="admin@kindling.test"/,
    );
    expect(res.body).toContain('>Authorize</button>');
    expect(res.body).toContain('>Cancel</button>');
    expect(res.body).toContain('stands in for Stripe');
    expect(formFields(res.body).form_token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs the whole flow: consent, redirect with code and state, sign-in linked to the account', async () => {
    const c = new TestClient(ctx.app);
    const back = await authorize(c, 'state-flow');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('state')).toBe('state-flow');
    expect(back.searchParams.get('scope')).toBe('read_write');
    const code = back.searchParams.get('code') ?? '';
    expect(code).toMatch(/^ac_sandbox_/);

    c.cookies.set('stripe_oauth_state', 'state-flow');
    const res = await c.post(ONETAP, { code, state: 'state-flow', stripe_oauth_state: 'state-flow' });
    expect(res.statusCode).toBe(200);
    const login = res.json();
    expect(login.stripe_account).toMatch(/^acct_sandbox_[0-9a-f]{16}$/);
    expect(login.npo_user.email).toBe('admin@kindling.test');
    expect(login.npos).toHaveLength(1);
    expect(c.cookies.has('stripe_oauth_state')).toBe(false);
    const { rows } = await ctx.db.execute<{ stripe_user_id: string }>(
      sql`SELECT stripe_user_id FROM users WHERE email = 'admin@kindling.test'`,
    );
    expect(rows[0]?.stripe_user_id).toBe(login.stripe_account);

    // A code works once.
    const reuse = await c.post(ONETAP, { code, state: 'state-flow', stripe_oauth_state: 'state-flow' }, {});
    expect(reuse.statusCode).toBe(400); // the state cookie is spent
    c.cookies.set('stripe_oauth_state', 'state-flow');
    const reuseWithState = await c.post(ONETAP, { code, state: 'state-flow', stripe_oauth_state: 'state-flow' });
    expect(reuseWithState.statusCode).toBe(502);
    expect(reuseWithState.json()).toEqual({ status: 502, code: 'PROVIDER_ERROR', message: MESSAGES.stripeLoginFailed });
  });

  it('refuses a state that does not match the echoed one or the cookie', async () => {
    const c = new TestClient(ctx.app);
    const code = (await authorize(c, 'state-a')).searchParams.get('code') ?? '';
    c.cookies.set('stripe_oauth_state', 'state-a');
    for (const body of [
      { code, state: 'state-a', stripe_oauth_state: 'state-b' },
      { code, state: 'state-b', stripe_oauth_state: 'state-b' },
    ]) {
      const res = await c.post(ONETAP, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: STATE_MISMATCH });
    }
    // The code was not spent by the refused attempts.
    c.cookies.set('stripe_oauth_state', 'state-a');
    expect((await c.post(ONETAP, { code, state: 'state-a', stripe_oauth_state: 'state-a' })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const c = new TestClient(ctx.app);
    const code = (await authorize(c, 'state-old')).searchParams.get('code') ?? '';
    await ctx.db.execute(sql`UPDATE sandbox_oauth_codes SET expires_at = now() - interval '1 second'`);
    c.cookies.set('stripe_oauth_state', 'state-old');
    const res = await c.post(ONETAP, { code, state: 'state-old', stripe_oauth_state: 'state-old' });
    expect(res.statusCode).toBe(502);
  });

  it('creates a user without an organisation for a new e-mail, who can then create one with the account', async () => {
    const c = new TestClient(ctx.app);
    const code = (await authorize(c, 'state-new', 'founder@example.org')).searchParams.get('code') ?? '';
    c.cookies.set('stripe_oauth_state', 'state-new');
    const login = (await c.post(ONETAP, { code, state: 'state-new', stripe_oauth_state: 'state-new' })).json();
    expect(login).toMatchObject({ npos: [], npo_user: { email: 'founder@example.org' } });
    const created = await c.post('/api/v1/npo_admin/organisations', {
      name: 'Founders Trust',
      base_currency: 'eur',
      stripe_account: login.stripe_account,
    });
    expect(created.statusCode).toBe(201);
    const { rows } = await ctx.db.execute<{ stripe_account_id: string; base_currency: string }>(
      sql`SELECT stripe_account_id, base_currency FROM npos WHERE name = 'Founders Trust'`,
    );
    expect(rows[0]).toEqual({ stripe_account_id: login.stripe_account, base_currency: 'EUR' });
  });

  it('signs in simultaneous first sign-ins of one new Stripe account to one new user', async () => {
    const sign = async (i: number) => {
      const c = new TestClient(ctx.app);
      const state = `state-twin-${i}`;
      const code = (await authorize(c, state, 'twin-founder@example.org')).searchParams.get('code') ?? '';
      c.cookies.set('stripe_oauth_state', state);
      return () => c.post(ONETAP, { code, state, stripe_oauth_state: state });
    };
    const calls = await Promise.all([1, 2, 3].map(sign));
    const answers = await Promise.all(calls.map((call) => call()));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE lower(email) = 'twin-founder@example.org'`,
    );
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().npo_user.id))).toEqual(new Set([rows[0]?.id]));
  });

  it('asks a second-factor user for the code and keeps the connected account', async () => {
    const c = new TestClient(ctx.app);
    const code = (await authorize(c, 'state-mfa', 'mfa@kindling.test')).searchParams.get('code') ?? '';
    c.cookies.set('stripe_oauth_state', 'state-mfa');
    const first = (await c.post(ONETAP, { code, state: 'state-mfa', stripe_oauth_state: 'state-mfa' })).json();
    expect(first).toMatchObject({ two_factor_required: true, stripe_account: null });
    const done = await c.post('/api/v1/verify_otp', { temp_session_id: first.temp_session_id, otp_code: totpCode() });
    expect(done.json()).toMatchObject({
      npo_user: { email: 'mfa@kindling.test' },
      stripe_account: expect.stringMatching(/^acct_sandbox_/),
    });
  });

  it('sends Cancel back with error=access_denied and the state', async () => {
    const back = await authorize(new TestClient(ctx.app), 'state-cancel', undefined, 'cancel');
    expect(back.pathname).toBe('/login');
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'state-cancel' });
  });

  it('accepts an absolute redirect to its own origin and refuses any other (no open redirect)', async () => {
    const c = new TestClient(ctx.app);
    expect((await c.get(authorizeUrl('s', 'http://localhost/login'))).statusCode).toBe(200);
    for (const target of [
      'https://evil.example/login',
      '//evil.example/login',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await c.get(authorizeUrl('s', target));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('not part of this Kindling installation');
    }
    const page = await c.get(authorizeUrl('s'));
    const forged = await submit(c, {
      ...formFields(page.body),
      decision: 'authorize',
      redirect_uri: 'https://evil.example/',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
  });

  it('refuses a forged consent post: no cookie, another form token, or a cross-site origin', async () => {
    const before = await codesIssued();
    const c = new TestClient(ctx.app);
    const fields = { ...formFields((await c.get(authorizeUrl('state-x'))).body), decision: 'authorize' };
    const stranger = new TestClient(ctx.app);
    const attempts = [
      await submit(stranger, fields),
      await submit(c, { ...fields, state: 'state-y' }),
      await submit(c, fields, { origin: 'https://evil.example' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.headers.location).toBeUndefined();
    }
    expect(await codesIssued()).toBe(before);
  });

  it('asks again for a valid e-mail', async () => {
    const c = new TestClient(ctx.app);
    const fields = {
      ...formFields((await c.get(authorizeUrl('s'))).body),
      decision: 'authorize',
      email: 'not an e-mail',
    };
    const res = await submit(c, fields);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('aria-invalid="true"');
  });
});

describe('Stripe sign-in through the Stripe SDK', () => {
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  beforeAll(async () => {
    stripe = await startStripeStandIn({
      acct_1KindlingTest: { email: 'finance@kindling.test', code: 'ac_good' },
      acct_1NoEmail: { email: null, code: 'ac_noemail' },
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
    }),
  });

  it('publishes the real client id and authorize address, and serves no sandbox page', async () => {
    const c = new TestClient(ctx.app);
    expect((await c.get('/api/v1/auth/config')).json()).toEqual({
      google_client_id: null,
      stripe_client_id: 'ca_kindling',
      stripe_authorize_url: 'https://connect.example.test/oauth/authorize',
    });
    expect((await c.get(authorizeUrl('s'))).statusCode).not.toBe(200);
  });

  it('never links an existing account by the Stripe account e-mail, which Stripe does not verify', async () => {
    const c = new TestClient(ctx.app);
    c.cookies.set('stripe_oauth_state', 'st');
    const res = await c.post(ONETAP, { code: 'ac_good', state: 'st', stripe_oauth_state: 'st' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Sign in with your password/);
    expect(c.cookies.has('kindling_session')).toBe(false);
    const { rows } = await ctx.db.execute<{ stripe_user_id: string | null }>(
      sql`SELECT stripe_user_id FROM users WHERE email = 'finance@kindling.test'`,
    );
    expect(rows[0]?.stripe_user_id).not.toBe('acct_1KindlingTest');
  });

  it('exchanges the code at /oauth/token, reads the account and signs its owner in', async () => {
    await ctx.db.execute(
      sql`UPDATE users SET stripe_user_id = 'acct_1KindlingTest' WHERE email = 'finance@kindling.test'`,
    );
    stripe.requests.length = 0;
    const c = new TestClient(ctx.app);
    c.cookies.set('stripe_oauth_state', 'st');
    const res = await c.post(ONETAP, { code: 'ac_good', state: 'st', stripe_oauth_state: 'st' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      stripe_account: 'acct_1KindlingTest',
      npo_user: { email: 'finance@kindling.test' },
    });

    const [token, account] = stripe.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/oauth/token' });
    expect(token?.headers.authorization).toBe('Bearer sk_test_kindling');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'ac_good',
    });
    expect(account).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1KindlingTest', body: '' });
    expect(account?.headers.authorization).toBe('Bearer sk_test_kindling');
    expect(account?.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(stripe.requests).toHaveLength(2);
  });

  it('answers 502 Stripe login failed when Stripe refuses the code or the account has no e-mail', async () => {
    for (const code of ['ac_unknown', 'ac_noemail']) {
      const c = new TestClient(ctx.app);
      c.cookies.set('stripe_oauth_state', 'st');
      const res = await c.post(ONETAP, { code, state: 'st', stripe_oauth_state: 'st' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ status: 502, code: 'PROVIDER_ERROR', message: MESSAGES.stripeLoginFailed });
      expect(c.cookies.has('kindling_session')).toBe(false);
    }
  });

  it('hands the publishable key to the web app on refresh', async () => {
    const c = new TestClient(ctx.app);
    await c.signIn('admin@kindling.test');
    expect((await c.get('/api/v1/refresh')).json()).toMatchObject({
      stripe_publishable_key: 'pk_test_kindling',
      stripe_client_id: 'ca_kindling',
    });
  });
});
