import { MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { setCookieOf, TestClient } from '../../../test/test-client.ts';
import { sessionIdOf } from './sessions.service.ts';

describe('sessions and CSRF', () => {
  const ctx = useTestApp();
  const client = () => new TestClient(ctx.app);
  const sessionCount = async (email: string) => {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ${email}`,
    );
    return rows[0]?.n ?? 0;
  };

  it('gives the first GET a readable csrf_token cookie, and GET needs no header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(res.statusCode).toBe(200);
    const cookie = setCookieOf(res, 'csrf_token');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(String(cookie?.value)).toMatch(/^[\w-]+\.[0-9a-f]{64}$/);
  });

  it('tells browsers and proxies not to store API answers', async () => {
    const c = client();
    await c.signIn('admin@kindling.test');
    expect((await c.get('/api/v1/refresh')).headers['cache-control']).toBe('no-store');
  });

  it('does not reissue a token that is still valid', async () => {
    const c = client();
    await c.prime();
    const again = await c.get('/api/v1/auth/config');
    expect(setCookieOf(again, 'csrf_token')).toBeUndefined();
  });

  it('sets an httpOnly, SameSite=Lax session cookie at sign-in and stores only its SHA-256', async () => {
    const c = client();
    await c.prime();
    const res = await c.post('/api/v1/npo_users/sign_in', {
      npo_user: { email: 'admin@kindling.test', password: 'kindling-demo' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = setCookieOf(res, 'kindling_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
    const token = String(cookie?.value);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const { rows } = await ctx.db.execute<{ id: string; days: number }>(
      sql`SELECT id, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM sessions WHERE id = ${sessionIdOf(token)}`,
    );
    expect(rows).toEqual([{ id: sessionIdOf(token), days: 30 }]);
    const plain = await ctx.db.execute(sql`SELECT 1 FROM sessions WHERE id = ${token}`);
    expect(plain.rows).toHaveLength(0);
  });

  it('marks cookies Secure when the request came over https', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(setCookieOf(res, 'csrf_token')?.secure).toBe(true);
  });

  it('rotates the CSRF token at sign-in and at logout', async () => {
    const c = client();
    await c.prime();
    const anonymous = c.cookies.get('csrf_token');
    await c.signIn('admin@kindling.test');
    const signedIn = c.cookies.get('csrf_token');
    expect(signedIn).toBeDefined();
    expect(signedIn).not.toBe(anonymous);
    const out = await c.post('/api/v1/logout');
    expect(out.statusCode).toBe(200);
    expect(c.cookies.get('csrf_token')).not.toBe(signedIn);
    expect(c.cookies.has('kindling_session')).toBe(false);
  });

  it('refuses an unsafe call without the header, with a wrong one, or with a cookie-less header', async () => {
    const c = client();
    await c.signIn('admin@kindling.test');
    const before = await sessionCount('admin@kindling.test');
    const missing = await c.post('/api/v1/logout', undefined, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ status: 403, code: 'CSRF_INVALID', message: MESSAGES.csrfInvalid });
    const wrong = await c.post('/api/v1/logout', undefined, { csrf: 'abc.def' });
    expect(wrong.statusCode).toBe(403);
    const token = c.cookies.get('csrf_token') ?? '';
    c.cookies.delete('csrf_token');
    const noCookie = await c.post('/api/v1/logout', undefined, { csrf: token });
    expect(noCookie.statusCode).toBe(403);
    // Nothing changed: the session is still there and still works.
    expect(await sessionCount('admin@kindling.test')).toBe(before);
    expect((await c.get('/api/v1/refresh')).statusCode).toBe(200);
  });

  it('refuses a token that belongs to another session', async () => {
    const a = client();
    const b = client();
    await a.signIn('admin@kindling.test');
    await b.signIn('manager@kindling.test');
    const tokenOfA = a.cookies.get('csrf_token') ?? '';
    b.cookies.set('csrf_token', tokenOfA);
    const res = await b.post('/api/v1/logout', undefined, { csrf: tokenOfA });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
    expect(await sessionCount('manager@kindling.test')).toBeGreaterThan(0);
  });

  it('refuses an unsafe call whose Origin is another site, even with a valid token', async () => {
    const c = client();
    await c.prime();
    const res = await c.post(
      '/api/v1/npo_users/sign_in',
      { npo_user: { email: 'admin@kindling.test', password: 'kindling-demo' } },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
    const own = await c.post(
      '/api/v1/npo_users/sign_in',
      { npo_user: { email: 'admin@kindling.test', password: 'kindling-demo' } },
      { headers: { origin: 'http://localhost:80' } },
    );
    expect(own.statusCode).toBe(200);
  });

  it('signs out with GET or POST, deletes the row, and then refresh answers 401', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const c = client();
      await c.signIn('staff@kindling.test');
      const token = c.cookies.get('kindling_session') ?? '';
      const out = await c.request(method, '/api/v1/logout');
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ status: 200, message: 'Signed out' });
      const { rows } = await ctx.db.execute(sql`SELECT 1 FROM sessions WHERE id = ${sessionIdOf(token)}`);
      expect(rows).toHaveLength(0);
      const refresh = await c.get('/api/v1/refresh');
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.sessionExpired });
      // Signing out again is fine.
      expect((await c.request(method, '/api/v1/logout')).statusCode).toBe(200);
    }
  });

  it('accepts the web app’s POST /logout with an empty JSON object', async () => {
    const c = client();
    await c.signIn('staff@kindling.test');
    const out = await c.post('/api/v1/logout', {});
    expect(out.statusCode).toBe(200);
  });

  it('treats an expired session as signed out and clears its cookie', async () => {
    const c = client();
    await c.signIn('finance@kindling.test');
    const token = c.cookies.get('kindling_session') ?? '';
    await ctx.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${sessionIdOf(token)}`,
    );
    const res = await c.get('/api/v1/refresh');
    expect(res.statusCode).toBe(401);
    expect(setCookieOf(res, 'kindling_session')?.value).toBe('');
    expect(c.cookies.has('kindling_session')).toBe(false);
  });

  it('sweeps a user’s expired sessions when they sign in again', async () => {
    const abandoned = client();
    await abandoned.signIn('fundraiser@kindling.test');
    const id = sessionIdOf(abandoned.cookies.get('kindling_session') ?? '');
    await ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 day' WHERE id = ${id}`);
    await client().signIn('fundraiser@kindling.test');
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM sessions WHERE id = ${id}`);
    expect(rows).toHaveLength(0);
  });

  it('records last_seen_at at most once a minute and slides the expiry', async () => {
    const c = client();
    await c.signIn('finance@kindling.test');
    const id = sessionIdOf(c.cookies.get('kindling_session') ?? '');
    await ctx.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 day' WHERE id = ${id}`,
    );
    const touched = await c.get('/api/v1/refresh');
    expect(setCookieOf(touched, 'kindling_session')?.maxAge).toBe(30 * 24 * 3600);
    const read = async () =>
      (
        await ctx.db.execute<{ seen: number; days: number }>(
          sql`SELECT extract(epoch FROM now() - last_seen_at)::int AS seen,
                     round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM sessions WHERE id = ${id}`,
        )
      ).rows[0];
    expect(await read()).toEqual({ seen: 0, days: 30 });
    const untouched = await c.get('/api/v1/refresh');
    expect(setCookieOf(untouched, 'kindling_session')).toBeUndefined();
  });

  it('replaces the previous session when the same browser signs in again', async () => {
    const c = client();
    await c.signIn('manager@kindling.test');
    const first = sessionIdOf(c.cookies.get('kindling_session') ?? '');
    await c.signIn('manager@kindling.test');
    const second = sessionIdOf(c.cookies.get('kindling_session') ?? '');
    expect(second).not.toBe(first);
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM sessions WHERE id = ${first}`);
    expect(rows).toHaveLength(0);
  });
});
