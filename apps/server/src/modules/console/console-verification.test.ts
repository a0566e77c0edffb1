import { CONSOLE_MESSAGES, MESSAGES, ZConsoleUser, ZConsoleUserList } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { API, as, consoleAudit, userIdOf } from './console.test-support.ts';

const linkIn = (text: string) => text.match(/http:\/\/\S+\/verify-email\/([\w-]+)/)?.[1] ?? '';

describe('the console resends e-mail verification (docs/product/console.md#users)', () => {
  const ctx = useTestApp();

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

  it('shows the demo’s unverified sign-up to the operator', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const list = ZConsoleUserList.parse((await operator.get(`${API}/users?q=newcomer`)).json());
    expect(list.users).toEqual([
      expect.objectContaining({ email: 'nico.newcomer@example.org', email_verified: false, memberships: [] }),
    ]);
  });

  it('lets the platform operator resend the link with a reason, audited, and shows the state in the list', async () => {
    await signUp('opened@example.org', '10.9.0.4');
    const id = await userIdOf(ctx, 'opened@example.org');
    const operator = await as(ctx, 'console@kindling.test');
    const list = ZConsoleUserList.parse((await operator.get(`${API}/users?q=opened`)).json());
    expect(list.users[0]).toMatchObject({ email: 'opened@example.org', email_verified: false });

    const manager = await as(ctx, 'manager@kindling.test');
    const refused = await manager.post(`${API}/users/${id}/resend_verification`, { reason: 'Trying' });
    expect(refused.statusCode).toBe(403);
    const noReason = await operator.post(`${API}/users/${id}/resend_verification`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(await mailsTo('opened@example.org')).toHaveLength(1);

    const res = await operator.post(`${API}/users/${id}/resend_verification`, { reason: 'Asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZConsoleUser.parse(res.json())).toMatchObject({ email_verified: false });
    const mails = await mailsTo('opened@example.org');
    expect(mails).toHaveLength(2);
    const token = linkIn(mails[1]?.text ?? '');
    expect((await operator.post('/api/v1/email_verification', { token })).statusCode).toBe(200);
    expect((await consoleAudit(ctx)).map((a) => [a.action, a.reason])).toContainEqual([
      'console.user_resend_verification',
      'Asked by phone',
    ]);

    const twice = await operator.post(`${API}/users/${id}/resend_verification`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.emailAlreadyVerified);
    const missing = await operator.post(`${API}/users/999999/resend_verification`, { reason: 'Nobody' });
    expect(missing.json().message).toBe(CONSOLE_MESSAGES.userNotFound);
  });
});
