import { MESSAGES, rolePermissionDefaults, ZLoginResponse, ZRefreshResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const SIGN_IN = '/api/v1/npo_users/sign_in';
const body = (email: string, password = 'kindling-demo') => ({ npo_user: { email, password } });

describe('password sign-in', () => {
  const ctx = useTestApp();
  const userRow = async (email: string) =>
    (
      await ctx.db.execute<{ failed_attempts: number; last_sign_in_at: Date | null }>(
        sql`SELECT failed_attempts, last_sign_in_at FROM users WHERE email = ${email}`,
      )
    ).rows[0];

  it('answers the public sign-in configuration with the sandbox Stripe page and no Google', async () => {
    const res = await new TestClient(ctx.app).get('/api/v1/auth/config');
    expect(res.json()).toEqual({
      google_client_id: null,
      stripe_client_id: 'ca_sandbox',
      stripe_authorize_url: '/sandbox/stripe/oauth/authorize',
    });
  });

  it('signs a one-organisation admin in with the organisation selected', async () => {
    const c = new TestClient(ctx.app);
    const login = await c.signIn('admin@kindling.test');
    expect(ZLoginResponse.parse(login)).toEqual(login);
    expect(login).toMatchObject({
      status: 200,
      two_factor_required: false,
      temp_session_id: null,
      backup_codes: null,
      stripe_account: null,
      npos: [
        {
          name: 'Riverside Food Bank',
          role_name: 'admin',
          user_role: 5150,
          logo: expect.stringMatching(/^\/uploads\/\d+\/organisation\/logo-demo\.png$/),
        },
      ],
      npo_user: {
        email: 'admin@kindling.test',
        first_name: 'Ada',
        last_name: 'Admin',
        role_name: 'admin',
        roles: [{ code: 5150, name: 'admin' }],
        // The web app hides what this set lacks (docs/product/team.md#permissions).
        permissions: [...rolePermissionDefaults(5150)],
        peer_campaigns: [],
        logged_in: true,
        otp_enabled: false,
        otp_required_for_login: false,
      },
    });
    expect(login.npo_user?.id).toBe(login.npo_user?.user_id);
    expect(Number.isNaN(Date.parse(login.npo_user?.created_at ?? ''))).toBe(false);

    const refresh = await c.get('/api/v1/refresh?role_name=admin');
    expect(refresh.statusCode).toBe(200);
    const state = ZRefreshResponse.parse(refresh.json());
    expect(state.npo_user).toMatchObject({ role: 5150, code: 5150, role_name: 'admin', logged_in: true });
    expect(state.npo_user.npo).toMatchObject({ name: 'Riverside Food Bank', base_currency: 'USD' });
    expect(state.npo_user.last_sign_in_at).not.toBeNull();
    expect(state.npo_user.permissions).toContain('donations.refund');
    expect(state.npo_stats?.monthly_goal).toBe(2_500_000);
    expect(state).toMatchObject({
      stripe_client_id: 'ca_sandbox',
      stripe_authorize_url: '/sandbox/stripe/oauth/authorize',
      google_site_id: null,
      paypal_client_id: null,
      stripe_publishable_key: null,
      backup_codes: null,
    });
    // The demo seed gives Riverside the Spring Appeal's donations: the totals are theirs.
    const { rows } = await ctx.db.execute<{ total: number; donors: number }>(sql`
      SELECT (SELECT sum(base_amount_minor) FROM donations d JOIN npos n ON n.id = d.npo_id
              WHERE n.slug = 'riverside-food-bank' AND d.status = 'succeeded')::bigint AS total,
             (SELECT count(*) FROM donors d JOIN npos n ON n.id = d.npo_id WHERE n.slug = 'riverside-food-bank')::int AS donors`);
    expect(state.donations_total).toBeGreaterThan(0);
    expect(state).toMatchObject({ donations_total: Number(rows[0]?.total), donors_total: rows[0]?.donors });
  });

  it('leaves a two-organisation user without a selection until they pick one', async () => {
    const c = new TestClient(ctx.app);
    const login = await c.signIn('multi@kindling.test');
    expect(login.npos.map((n) => n.name).sort()).toEqual(['Northern Lights Animal Rescue', 'Riverside Food Bank']);
    expect(login.npo_user).toMatchObject({ role_name: null, roles: [] });
    const state = (await c.get('/api/v1/refresh')).json();
    expect(state.npo_user).toMatchObject({ role: null, code: null, npo: null, campaigns: null, currencies: null });
    expect(state.npo_stats).toBeNull();
    expect(state.new_donors).toBe(0);
  });

  it.each([
    ['console@kindling.test', 7789],
    ['manager@kindling.test', 6635],
    ['finance@kindling.test', 2001],
    ['staff@kindling.test', 1984],
    ['fundraiser@kindling.test', 1123],
  ])('gives %s the role code %i on refresh', async (email, code) => {
    const c = new TestClient(ctx.app);
    await c.signIn(email);
    expect((await c.get('/api/v1/refresh')).json().npo_user.code).toBe(code);
  });

  it('answers a wrong password and an unknown e-mail identically with 422 Invalid email or password', async () => {
    const c = new TestClient(ctx.app);
    const wrong = await c.post(SIGN_IN, body('admin@kindling.test', 'not-the-password'));
    const unknown = await c.post(SIGN_IN, body('nobody@kindling.test'));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 422, code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials });
      expect(c.cookies.has('kindling_session')).toBe(false);
    }
  });

  it('counts failed passwords on the account and resets the count on success', async () => {
    const c = new TestClient(ctx.app);
    await c.post(SIGN_IN, body('manager@kindling.test', 'wrong-1'));
    await c.post(SIGN_IN, body('manager@kindling.test', 'wrong-2'));
    expect((await userRow('manager@kindling.test'))?.failed_attempts).toBe(2);
    await c.signIn('manager@kindling.test');
    const row = await userRow('manager@kindling.test');
    expect(row?.failed_attempts).toBe(0);
    expect(row?.last_sign_in_at).not.toBeNull();
  });

  it('matches the e-mail without regard to case or surrounding spaces', async () => {
    const login = await new TestClient(ctx.app).signIn('  Admin@Kindling.TEST ');
    expect(login.npo_user?.email).toBe('admin@kindling.test');
  });

  it('rejects a malformed request with the field that is wrong', async () => {
    const res = await new TestClient(ctx.app).post(SIGN_IN, { npo_user: { email: 'not-an-email', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'npo_user.email': 'Enter a valid email address' },
    });
  });
});

describe('password sign-in throttling', () => {
  // Decision 023: 429 per address and e-mail and per address; an account guessed from many
  // addresses is only slowed down (SIGN_IN_SLOWDOWN_SECONDS), so its owner always gets in.
  const ctx = useTestApp({
    env: {
      SIGN_IN_FAILURE_LIMIT: '3',
      SIGN_IN_ADDRESS_FAILURE_LIMIT: '6',
      SIGN_IN_ACCOUNT_FAILURE_LIMIT: '5',
      SIGN_IN_SLOWDOWN_SECONDS: '3',
    },
  });
  const timed = async (run: () => Promise<{ statusCode: number }>) => {
    const started = performance.now();
    const { statusCode } = await run();
    return { statusCode, ms: performance.now() - started };
  };

  it('refuses with 429 after the limit of failures for one address and e-mail, even with the right password', async () => {
    const c = new TestClient(ctx.app, { remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 3; i++) {
      expect((await c.post(SIGN_IN, body('staff@kindling.test', `wrong-${i}`))).statusCode).toBe(422);
    }
    const blocked = await c.post(SIGN_IN, body('staff@kindling.test'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: 429, code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(c.cookies.has('kindling_session')).toBe(false);
  });

  it('lets the owner sign in at once from another address while an attacker is refused', async () => {
    // The test app trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback), as behind a proxy.
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const attacker = new TestClient(ctx.app);
    for (let i = 0; i < 3; i++) {
      const res = await attacker.post(SIGN_IN, body('manager@kindling.test', `guess-${i}`), from('198.51.100.7'));
      expect(res.statusCode).toBe(422);
    }
    expect((await attacker.post(SIGN_IN, body('manager@kindling.test'), from('198.51.100.7'))).statusCode).toBe(429);

    const owner = new TestClient(ctx.app);
    const signedIn = await timed(() => owner.post(SIGN_IN, body('manager@kindling.test'), from('203.0.113.20')));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.ms).toBeLessThan(3000);
    expect((await owner.get('/api/v1/refresh')).json().npo_user.code).toBe(6635);
  });

  it('only slows down an account guessed from many addresses: the right password still signs in', async () => {
    for (let i = 0; i < 5; i++) {
      const from = new TestClient(ctx.app, { remoteAddress: `10.0.1.${i}` });
      expect((await from.post(SIGN_IN, body('finance@kindling.test', 'wrong'))).statusCode).toBe(422);
    }
    const wrong = await timed(() =>
      new TestClient(ctx.app, { remoteAddress: '10.0.2.1' }).post(SIGN_IN, body('finance@kindling.test', 'wrong')),
    );
    expect(wrong).toMatchObject({ statusCode: 422, ms: expect.any(Number) });
    expect(wrong.ms).toBeGreaterThanOrEqual(3000);
    const owner = await timed(() =>
      new TestClient(ctx.app, { remoteAddress: '10.0.2.2' }).post(SIGN_IN, body('finance@kindling.test')),
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(3000);
    // Other accounts are not slowed down.
    const other = await timed(() =>
      new TestClient(ctx.app, { remoteAddress: '10.0.2.3' }).post(SIGN_IN, body('console@kindling.test')),
    );
    expect(other.statusCode).toBe(200);
    expect(other.ms).toBeLessThan(3000);
  });

  it('refuses one address that guesses across many accounts, and only that address', async () => {
    const sprayer = new TestClient(ctx.app, { remoteAddress: '10.0.4.1' });
    for (let i = 0; i < 6; i++) {
      expect((await sprayer.post(SIGN_IN, body(`nobody-${i}@kindling.test`, 'password1'))).statusCode).toBe(422);
    }
    expect((await sprayer.post(SIGN_IN, body('multi@kindling.test'))).statusCode).toBe(429);
    expect((await new TestClient(ctx.app, { remoteAddress: '10.0.4.2' }).signIn('multi@kindling.test')).status).toBe(
      200,
    );
  });

  it('lets a signed-in owner change the password however many guesses others made', async () => {
    const owner = new TestClient(ctx.app, { remoteAddress: '10.0.5.1' });
    await owner.signIn('fundraiser@kindling.test');
    for (let i = 0; i < 6; i++) {
      await new TestClient(ctx.app, { remoteAddress: `10.0.6.${i}` }).post(
        SIGN_IN,
        body('fundraiser@kindling.test', 'wrong'),
      );
    }
    const changed = await owner.post('/api/v1/account/password', {
      current_password: 'kindling-demo',
      new_password: 'a-new-password-42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('keeps its counters in PostgreSQL, shared by every server instance', async () => {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'sign-in-%'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
