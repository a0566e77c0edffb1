import { MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const FORGOT_ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

describe('sign-up and the first organisation', () => {
  const ctx = useTestApp();
  const account = { first_name: 'Rosa', last_name: 'Park', email: 'Rosa@Example.org', password: 'a-long-password' };

  it('creates the account, signs it in without an organisation, and refuses the same e-mail again', async () => {
    const c = new TestClient(ctx.app);
    const res = await c.post('/api/v1/signup', account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      two_factor_required: false,
      npos: [],
      npo_user: { email: 'rosa@example.org', first_name: 'Rosa', role_name: null, roles: [] },
    });
    expect((await c.get('/api/v1/refresh')).json().npo_user).toMatchObject({ code: null, npo: null });
    expect((await new TestClient(ctx.app).signIn('rosa@example.org', 'a-long-password')).npo_user?.email).toBe(
      'rosa@example.org',
    );

    const again = await new TestClient(ctx.app).post('/api/v1/signup', { ...account, email: 'ROSA@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: MESSAGES.emailTaken,
      fields: { email: MESSAGES.emailTaken },
    });
  });

  it('answers five simultaneous sign-ups with one new e-mail once 200 and four times the duplicate 409', async () => {
    const email = 'five-at-once@example.org';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => new TestClient(ctx.app).post('/api/v1/signup', { ...account, email })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: MESSAGES.emailTaken,
        fields: { email: MESSAGES.emailTaken },
      });
    }
    const users = await ctx.db.execute(sql`SELECT 1 FROM users WHERE lower(email) = ${email}`);
    expect(users.rows).toHaveLength(1);
  });

  it('explains a password that is too short', async () => {
    const res = await new TestClient(ctx.app).post('/api/v1/signup', {
      ...account,
      email: 'short@example.org',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Use at least 10 characters' });
  });

  it('creates an organisation with the caller as admin and selects it; slugs stay unique', async () => {
    const c = new TestClient(ctx.app);
    await c.post('/api/v1/signup', { ...account, email: 'org-founder@example.org' });
    const res = await c.post('/api/v1/npo_admin/organisations', { name: 'Hope & Harbour Trust' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      npo: { id: expect.any(Number), name: 'Hope & Harbour Trust', logo: null, role_name: 'admin', user_role: 5150 },
    });
    const state = (await c.get('/api/v1/refresh')).json();
    expect(state.npo_user).toMatchObject({ code: 5150, npo: { name: 'Hope & Harbour Trust', base_currency: 'USD' } });
    expect(state.npos).toHaveLength(1);
    await c.post('/api/v1/npo_admin/organisations', { name: 'Hope & Harbour Trust' });
    const { rows } = await ctx.db.execute<{ slug: string }>(
      sql`SELECT slug FROM npos WHERE name = 'Hope & Harbour Trust' ORDER BY id`,
    );
    expect(rows.map((r) => r.slug)).toEqual(['hope-harbour-trust', 'hope-harbour-trust-2']);
    const audit = await ctx.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'organisation.created'`);
    expect(audit.rows).toHaveLength(2);
  });

  it('gives organisations of one name created at once each their own slug', async () => {
    const c = new TestClient(ctx.app);
    await c.post('/api/v1/signup', { ...account, email: 'twin-founder@example.org' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => c.post('/api/v1/npo_admin/organisations', { name: 'Twin Rivers Trust' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const { rows } = await ctx.db.execute<{ slug: string }>(
      sql`SELECT slug FROM npos WHERE name = 'Twin Rivers Trust' ORDER BY slug`,
    );
    expect(rows.map((r) => r.slug)).toEqual([
      'twin-rivers-trust',
      'twin-rivers-trust-2',
      'twin-rivers-trust-3',
      'twin-rivers-trust-4',
    ]);
  });

  it('links only the Stripe account the caller signed in with, and needs a session', async () => {
    const c = new TestClient(ctx.app);
    await c.post('/api/v1/signup', { ...account, email: 'no-stripe@example.org' });
    const res = await c.post('/api/v1/npo_admin/organisations', {
      name: 'Borrowed',
      stripe_account: 'acct_someone_else',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('stripe_account');
    const anonymous = await new TestClient(ctx.app).post('/api/v1/npo_admin/organisations', { name: 'Nobody' });
    expect(anonymous.statusCode).toBe(401);
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM npos WHERE name IN ('Borrowed', 'Nobody')`);
    expect(rows).toHaveLength(0);
  });
});

describe('forgotten and changed passwords', () => {
  const ctx = useTestApp({ env: { PASSWORD_RESET_REQUEST_LIMIT: '4' } });
  const linkIn = (text: string) => text.match(/(http:\/\/\S+\/password-reset\/([\w-]+))/);

  it('answers 202 whether or not the account exists, and mails a link only to a real one', async () => {
    const c = new TestClient(ctx.app, { remoteAddress: '10.1.0.1' });
    const unknown = await c.post('/api/v1/password/forgot', { email: 'ghost@example.org' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ status: 202, message: FORGOT_ANSWER });
    expect(await readOutbox(ctx.dataDir)).toHaveLength(0);

    const known = await c.post('/api/v1/password/forgot', { email: 'staff@kindling.test' });
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await readOutbox(ctx.dataDir);
    expect(mail?.headers).toMatch(/^To: staff@kindling.test$/m);
    expect(mail?.headers).toMatch(/^Subject: Reset your Kindling password$/m);
    expect(mail?.text).toContain('expires in 1 hour');
    expect(linkIn(mail?.text ?? '')?.[1]).toMatch(/^http:\/\/localhost(:80)?\/password-reset\/[\w-]{43}$/);
  });

  it('resets the password once through the e-mailed link and signs the user out everywhere', async () => {
    const other = new TestClient(ctx.app);
    await other.signIn('manager@kindling.test');
    const c = new TestClient(ctx.app, { remoteAddress: '10.1.0.2' });
    await c.post('/api/v1/password/forgot', { email: 'manager@kindling.test' });
    const mail = (await readOutbox(ctx.dataDir)).find((m) => m.headers.includes('To: manager@kindling.test'));
    const token = linkIn(mail?.text ?? '')?.[2] ?? '';

    const check = await c.get(`/api/v1/password/reset/${token}`);
    expect(check.json()).toEqual({ status: 200, email: 'm***@kindling.test' });
    const reset = await c.post('/api/v1/password/reset', { token, password: 'a-brand-new-password' });
    expect(reset.statusCode).toBe(200);

    expect((await other.get('/api/v1/refresh')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).signIn('manager@kindling.test', 'a-brand-new-password')).npos).toHaveLength(
      1,
    );
    const old = await new TestClient(ctx.app).post('/api/v1/npo_users/sign_in', {
      npo_user: { email: 'manager@kindling.test', password: 'kindling-demo' },
    });
    expect(old.statusCode).toBe(422);

    for (const res of [
      await c.get(`/api/v1/password/reset/${token}`),
      await c.post('/api/v1/password/reset', { token, password: 'yet-another-password' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: MESSAGES.resetLinkInvalid });
    }
    const audit = await ctx.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'user.password_reset'`);
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const c = new TestClient(ctx.app, { remoteAddress: '10.1.0.3' });
    await c.post('/api/v1/password/forgot', { email: 'finance@kindling.test' });
    const mail = (await readOutbox(ctx.dataDir)).find((m) => m.headers.includes('To: finance@kindling.test'));
    const token = linkIn(mail?.text ?? '')?.[2] ?? '';
    await ctx.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    expect((await c.get(`/api/v1/password/reset/${token}`)).statusCode).toBe(404);
    const res = await c.post('/api/v1/password/reset', { token, password: 'a-brand-new-password' });
    expect(res.statusCode).toBe(404);
    expect((await new TestClient(ctx.app).signIn('finance@kindling.test')).npos).toHaveLength(1);
  });

  it('limits forgot-password requests per client address', async () => {
    const c = new TestClient(ctx.app, { remoteAddress: '10.1.0.9' });
    for (let i = 0; i < 4; i++)
      expect((await c.post('/api/v1/password/forgot', { email: 'ghost@example.org' })).statusCode).toBe(202);
    const blocked = await c.post('/api/v1/password/forgot', { email: 'ghost@example.org' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    const elsewhere = new TestClient(ctx.app, { remoteAddress: '10.1.0.10' });
    expect((await elsewhere.post('/api/v1/password/forgot', { email: 'ghost@example.org' })).statusCode).toBe(202);
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const here = new TestClient(ctx.app);
    const elsewhere = new TestClient(ctx.app);
    await here.signIn('fundraiser@kindling.test');
    await elsewhere.signIn('fundraiser@kindling.test');
    const wrong = await here.post('/api/v1/account/password', {
      current_password: 'nope',
      new_password: 'changed-password-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: { current_password: expect.any(String) },
    });
    const ok = await here.post('/api/v1/account/password', {
      current_password: 'kindling-demo',
      new_password: 'changed-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await here.get('/api/v1/refresh')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/v1/refresh')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).signIn('fundraiser@kindling.test', 'changed-password-1')).npos).toHaveLength(
      1,
    );
    const audit = await ctx.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'user.password_changed'`);
    expect(audit.rows).toHaveLength(1);
    expect(
      (
        await new TestClient(ctx.app).post('/api/v1/account/password', {
          current_password: 'x',
          new_password: 'yyyyyyyyyyyy',
        })
      ).statusCode,
    ).toBe(401);
  });
});
