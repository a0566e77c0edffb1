import { MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn, TEST_GOOGLE_CLIENT_ID } from '../../../test/google-keys.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient, totpCode } from '../../../test/test-client.ts';

const GOOGLE = '/api/v1/google_onetap';

describe('Google sign-in without a client id', () => {
  const ctx = useTestApp();

  it('answers 501 and says Google sign-in is not set up', async () => {
    const res = await new TestClient(ctx.app).post(GOOGLE, { credential: 'x.y.z' });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ status: 501, code: 'NOT_CONFIGURED', message: MESSAGES.googleNotConfigured });
  });
});

describe('Google sign-in', () => {
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  beforeAll(async () => {
    google = await startGoogleStandIn();
  });
  afterAll(async () => {
    await google?.close();
  });
  const ctx = useTestApp({ env: () => ({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl }) });
  const user = async (email: string) =>
    (
      await ctx.db.execute<{ id: number; google_sub: string | null; password_hash: string | null }>(
        sql`SELECT id, google_sub, password_hash FROM users WHERE email = ${email}`,
      )
    ).rows[0];

  it('publishes the client id for the sign-in screen and refresh', async () => {
    const c = new TestClient(ctx.app);
    expect((await c.get('/api/v1/auth/config')).json().google_client_id).toBe(TEST_GOOGLE_CLIENT_ID);
    await c.signIn('admin@kindling.test');
    expect((await c.get('/api/v1/refresh')).json().google_site_id).toBe(TEST_GOOGLE_CLIENT_ID);
  });

  it('creates an account without an organisation for a new verified Google user', async () => {
    const c = new TestClient(ctx.app);
    const credential = await google.signIdToken(
      {
        email: 'newcomer@example.org',
        email_verified: true,
        given_name: 'New',
        family_name: 'Comer',
        picture: 'https://example.org/a.png',
      },
      { subject: 'google-sub-newcomer' },
    );
    const res = await c.post(GOOGLE, { credential });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      two_factor_required: false,
      npos: [],
      npo_user: {
        email: 'newcomer@example.org',
        first_name: 'New',
        last_name: 'Comer',
        avatar_url: 'https://example.org/a.png',
        role_name: null,
      },
    });
    expect(await user('newcomer@example.org')).toMatchObject({
      google_sub: 'google-sub-newcomer',
      password_hash: null,
    });
    expect((await c.get('/api/v1/refresh')).statusCode).toBe(200);
    // The same Google account signs in to the same user the next time.
    const again = await new TestClient(ctx.app).post(GOOGLE, { credential });
    expect(again.json().npo_user.id).toBe(res.json().npo_user.id);
  });

  it('signs in three simultaneous first sign-ins of one new Google account to one new user', async () => {
    const credential = await google.signIdToken(
      { email: 'at-once@example.org', email_verified: true, given_name: 'At', family_name: 'Once' },
      { subject: 'google-sub-at-once' },
    );
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => new TestClient(ctx.app).post(GOOGLE, { credential })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE lower(email) = 'at-once@example.org'`,
    );
    expect(rows).toHaveLength(1);
    expect(answers.map((r) => r.json().npo_user.id)).toEqual([rows[0]?.id, rows[0]?.id, rows[0]?.id]);
  });

  it('links an existing account by its verified e-mail and signs it in with its organisation', async () => {
    const credential = await google.signIdToken(
      { email: 'Manager@Kindling.test', email_verified: true },
      { subject: 'google-sub-manager' },
    );
    const res = await new TestClient(ctx.app).post(GOOGLE, { credential });
    expect(res.statusCode).toBe(200);
    expect(res.json().npos).toEqual([expect.objectContaining({ user_role: 6635 })]);
    expect((await user('manager@kindling.test'))?.google_sub).toBe('google-sub-manager');
  });

  it('asks a second-factor user for the code, then signs in', async () => {
    const c = new TestClient(ctx.app);
    const credential = await google.signIdToken(
      { email: 'mfa@kindling.test', email_verified: true },
      { subject: 'google-sub-mfa' },
    );
    const first = (await c.post(GOOGLE, { credential })).json();
    expect(first).toMatchObject({ two_factor_required: true, npo_user: null });
    const second = await c.post('/api/v1/verify_otp', { temp_session_id: first.temp_session_id, otp_code: totpCode() });
    expect(second.statusCode).toBe(200);
    expect(second.json().npo_user.email).toBe('mfa@kindling.test');
  });

  it.each([
    [
      'a token for another audience',
      () => google.signIdToken({ email: 'staff@kindling.test', email_verified: true }, { audience: 'someone-else' }),
    ],
    [
      'a token from another issuer',
      () =>
        google.signIdToken({ email: 'staff@kindling.test', email_verified: true }, { issuer: 'https://evil.example' }),
    ],
    [
      'an expired token',
      () => google.signIdToken({ email: 'staff@kindling.test', email_verified: true }, { expiresIn: '-1m' }),
    ],
    [
      'a token signed by another key',
      async () =>
        google.signIdToken(
          { email: 'staff@kindling.test', email_verified: true },
          { key: (await generateKeyPair('RS256')).privateKey },
        ),
    ],
    ['an unverified e-mail', () => google.signIdToken({ email: 'staff@kindling.test', email_verified: false })],
    ['something that is not a token', async () => 'not-a-jwt'],
  ])('refuses %s with 401 and no session', async (_name, make) => {
    const c = new TestClient(ctx.app);
    const res = await c.post(GOOGLE, { credential: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect(c.cookies.has('kindling_session')).toBe(false);
    expect((await user('staff@kindling.test'))?.google_sub).toBeNull();
  });
});

describe('Google sign-in when Google’s keys cannot be fetched', () => {
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let closedUrl = '';
  beforeAll(async () => {
    google = await startGoogleStandIn();
    closedUrl = google.jwksUrl;
    await google.close(); // nothing listens there any more
  });
  const ctx = useTestApp({ env: () => ({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: closedUrl }) });

  it('answers 502 instead of blaming the user', async () => {
    const credential = await google.signIdToken({ email: 'staff@kindling.test', email_verified: true });
    const res = await new TestClient(ctx.app).post(GOOGLE, { credential });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PROVIDER_ERROR');
  });
});
