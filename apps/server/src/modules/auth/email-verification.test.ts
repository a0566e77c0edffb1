import { MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

async function as(ctx: { app: ConstructorParameters<typeof TestClient>[0] }, email: string) {
  const client = new TestClient(ctx.app);
  await client.signIn(email);
  return client;
}

const linkIn = (text: string) => text.match(/http:\/\/\S+\/verify-email\/([\w-]+)/)?.[1] ?? '';

describe('e-mail verification (docs/product/sign-in.md#e-mail-verification)', () => {
  const ctx = useTestApp({ env: { PASSWORD_RESET_REQUEST_LIMIT: '2' } });

  async function signUp(email: string, ip: string) {
    const c = new TestClient(ctx.app, { remoteAddress: ip });
    await c.prime();
    const res = await c.post('/api/v1/signup', {
      first_name: 'Vera',
      last_name: 'Fied',
      email,
      password: 'a-long-password-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    return c;
  }
  const mailsTo = async (email: string) =>
    (await readOutbox(ctx.dataDir)).filter((m) => m.headers.includes(`To: ${email}`));
  const verified = async (email: string) =>
    (
      await ctx.db.execute<{ v: boolean }>(
        sql`SELECT email_verified_at IS NOT NULL AS v FROM users WHERE email = ${email}`,
      )
    ).rows[0]?.v;

  it('counts the demo and invited accounts as verified', async () => {
    const staff = await as(ctx, 'staff@kindling.test');
    expect((await staff.get('/api/v1/platform/notice')).json()).toMatchObject({ email_verified: true });
    expect(await verified('staff@kindling.test')).toBe(true);
  });

  it('mails a link at sign-up that verifies the address once; a used or expired link is refused', async () => {
    const c = await signUp('vera@example.org', '10.9.0.1');
    expect((await c.get('/api/v1/platform/notice')).json()).toMatchObject({ email_verified: false });
    const [mail] = await mailsTo('vera@example.org');
    expect(mail?.headers).toMatch(/^Subject: Confirm your e-mail address for Kindling$/m);
    expect(mail?.text).toContain('expires in 48 hours');
    const token = linkIn(mail?.text ?? '');
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await ctx.db.execute(sql`SELECT 1 FROM email_verifications WHERE id = ${token}`);
    expect(stored.rows, 'only the hash is stored').toHaveLength(0);

    const anyone = new TestClient(ctx.app);
    await anyone.prime();
    const ok = await anyone.post('/api/v1/email_verification', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Your e-mail address is verified. Thank you.');
    expect((await c.get('/api/v1/platform/notice')).json()).toMatchObject({ email_verified: true });

    const again = await anyone.post('/api/v1/email_verification', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: MESSAGES.verificationLinkInvalid });
    const audit = await ctx.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'user.email_verified'`);
    expect(audit.rows).toHaveLength(1);

    const late = await signUp('late@example.org', '10.9.0.2');
    const lateToken = linkIn((await mailsTo('late@example.org'))[0]?.text ?? '');
    await ctx.db.execute(sql`UPDATE email_verifications SET expires_at = now() - interval '1 second'`);
    const expired = await anyone.post('/api/v1/email_verification', { token: lateToken });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(MESSAGES.verificationLinkInvalid);
    expect(await verified('late@example.org')).toBe(false);
    expect((await late.get('/api/v1/platform/notice')).json()).toMatchObject({ email_verified: false });
  });

  it('sends a new link to the signed-in user, limited, and refuses anyone signed out or already verified', async () => {
    const c = await signUp('again@example.org', '10.9.0.3');
    const resent = await c.post('/api/v1/account/email_verification');
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json().message).toBe('We have sent a new link to a***@example.org.');
    const mails = await mailsTo('again@example.org');
    expect(mails).toHaveLength(2);
    expect((await c.post('/api/v1/account/email_verification')).statusCode).toBe(202);
    const limited = await c.post('/api/v1/account/email_verification');
    expect(limited.statusCode).toBe(429);
    expect(await mailsTo('again@example.org')).toHaveLength(3);
    // The newest link works, and it uses up the older ones.
    const newest = linkIn((await mailsTo('again@example.org'))[2]?.text ?? '');
    expect((await c.post('/api/v1/email_verification', { token: newest })).statusCode).toBe(200);
    const older = linkIn(mails[0]?.text ?? '');
    expect((await c.post('/api/v1/email_verification', { token: older })).statusCode).toBe(404);

    const staff = await as(ctx, 'staff@kindling.test');
    const done = await staff.post('/api/v1/account/email_verification');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(MESSAGES.emailAlreadyVerified);
    const anonymous = new TestClient(ctx.app);
    await anonymous.prime();
    expect((await anonymous.post('/api/v1/account/email_verification')).statusCode).toBe(401);
  });
});
