import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

// docs/product/profile.md#e-mail-address: the change happens only when the link sent to the new
// address is opened, once; the old address is told.
describe('changing one’s e-mail address', () => {
  const ctx = useTestApp();
  const signedIn = async (email: string, password?: string) => {
    const c = new TestClient(ctx.app);
    await c.signIn(email, password);
    return c;
  };
  const request = (c: TestClient, newEmail: string, password = 'kindling-demo') =>
    c.post('/api/v1/account/email', { new_email: newEmail, current_password: password });
  const confirm = (c: TestClient, token: string) => c.post('/api/v1/account/email/confirm', { token });
  const mailsTo = async (to: string) =>
    (await readOutbox(ctx.dataDir)).filter((m) => m.headers.toLowerCase().includes(`to: ${to}`));
  const tokenSentTo = async (to: string) => {
    const text = (await mailsTo(to)).at(-1)?.text ?? '';
    return text.match(/\/confirm-email\/([\w-]+)/)?.[1] ?? '';
  };
  const emailOf = async (id: number) =>
    (await ctx.db.execute<{ email: string }>(sql`SELECT email FROM users WHERE id = ${id}`)).rows[0]?.email;

  it('refuses a wrong password, a taken address and the same address, changing nothing', async () => {
    const staff = await signedIn('staff@kindling.test');
    const wrong = await request(staff, 'stella@example.org', 'not-my-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual({ current_password: 'Your current password is not correct.' });
    const missing = await staff.post('/api/v1/account/email', { new_email: 'stella@example.org' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ current_password: 'Enter your current password.' });
    const taken = await request(staff, 'Admin@Kindling.test');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { new_email: 'Another account already uses this e-mail address.' },
    });
    const same = await request(staff, 'staff@kindling.test');
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ new_email: 'This is already your e-mail address.' });
    const invalid = await request(staff, 'not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ new_email: 'Enter a valid email address' });
    expect(await mailsTo('stella@example.org')).toHaveLength(0);
    expect((await staff.get('/api/v1/account/profile')).json().pending_email).toBeNull();
  });

  it('changes the address only when the link is opened, once, and tells the old address', async () => {
    const donor = await signedIn('fundraiser@kindling.test');
    const userId: number = (await donor.get('/api/v1/refresh')).json().npo_user.id;
    const asked = await request(donor, 'Fern.Raiser@Example.org');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ pending_email: 'fern.raiser@example.org' });
    expect(await emailOf(userId)).toBe('fundraiser@kindling.test');
    expect((await donor.get('/api/v1/account/profile')).json().pending_email).toBe('fern.raiser@example.org');
    const token = await tokenSentTo('fern.raiser@example.org');
    expect(token).toHaveLength(43);

    // Signed in as someone else: refused, and the link still works for its owner.
    const other = await signedIn('finance@kindling.test');
    const wrongAccount = await confirm(other, token);
    expect(wrongAccount.statusCode).toBe(409);
    expect(wrongAccount.json().message).toMatch(/signed in as finance@kindling\.test, but this link is for another/);
    expect(await emailOf(userId)).toBe('fundraiser@kindling.test');

    const opened = await confirm(new TestClient(ctx.app), token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      status: 200,
      message: 'Your e-mail address is now fern.raiser@example.org.',
      email: 'fern.raiser@example.org',
    });
    expect(await emailOf(userId)).toBe('fern.raiser@example.org');
    const notice = (await mailsTo('fundraiser@kindling.test')).at(-1);
    expect(notice?.headers).toMatch(/^Subject: Your Kindling e-mail address was changed$/m);
    expect(notice?.text).toContain('now fern.raiser@example.org');
    expect((await donor.get('/api/v1/refresh')).json().npo_user.email).toBe('fern.raiser@example.org');
    const again = await new TestClient(ctx.app).signIn('fern.raiser@example.org');
    expect(again.npo_user?.id).toBe(userId);

    const twice = await confirm(donor, token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This link has already been used. Nothing was changed.');
    expect((await confirm(donor, 'x'.repeat(43))).statusCode).toBe(404);
  });

  it('says an expired or replaced link no longer works and changes nothing', async () => {
    const staff = await signedIn('manager@kindling.test');
    await request(staff, 'mona.first@example.org');
    const first = await tokenSentTo('mona.first@example.org');
    await request(staff, 'mona.second@example.org');
    const second = await tokenSentTo('mona.second@example.org');
    const replaced = await confirm(staff, first);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe('A newer link was sent for this account: open the latest e-mail instead.');

    await ctx.db.execute(sql`UPDATE email_changes SET expires_at = now() - interval '1 second'`);
    const expired = await confirm(staff, second);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This link has expired. Ask for a new one on your profile page.');
    expect((await staff.get('/api/v1/account/profile')).json()).toMatchObject({
      email: 'manager@kindling.test',
      pending_email: null,
    });
  });

  it('refuses the link when another account took the address in the meantime', async () => {
    const admin = await signedIn('multi@kindling.test');
    await request(admin, 'shared@example.org');
    const token = await tokenSentTo('shared@example.org');
    await new TestClient(ctx.app).post('/api/v1/signup', {
      first_name: 'Sam',
      last_name: 'Other',
      email: 'shared@example.org',
      password: 'a-long-password',
    });
    const res = await confirm(admin, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ new_email: 'Another account already uses this e-mail address.' });
    expect((await admin.get('/api/v1/account/profile')).json().email).toBe('multi@kindling.test');
  });
});
