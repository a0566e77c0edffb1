// The donor account a donor asks for on the form, through the real checkout calls: a new donor gets
// the donor role and one e-mail whose link sets a password that then signs in; a staff member
// keeps their role; no flag, no account.
import { ROLE } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { memberships } from '../organisations/organisations.tables.ts';
import { passwordResets, users } from '../users/index.ts';
import { inviteDonor } from './donor-invitation.service.ts';

const ctx = useTestApp();

const userByEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

const roleIn = async (npoId: number, userId: number) =>
  (
    await ctx.db
      .select({ code: memberships.roleCode })
      .from(memberships)
      .where(and(eq(memberships.npoId, npoId), eq(memberships.userId, userId)))
  )[0]?.code;

describe('donor account invitation', () => {
  it('creates the donor with the donor role and sends one link that sets a password and signs in', async () => {
    const email = 'grace.hopper@example.org';
    const gift = await payForGift(ctx, { amount: 5000, currency: 'USD', email, extra: { create_donor_account: true } });
    const donation = await gift.confirm();
    await gift.confirm();
    await gift.webhook();

    const mail = (await mailTo(ctx.dataDir, email, 2, 800)).filter((m) => !m.subject.startsWith('Your receipt'));
    expect(mail.map((m) => m.subject)).toEqual(['Your donor account at Riverside Food Bank']);
    const user = await userByEmail(email);
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', passwordHash: null });
    expect(await roleIn(donation.npo_id, user?.id ?? 0)).toBe(ROLE.PEER);

    const link = /(http\S+\/reset-password\?token=(\S+))/.exec(mail[0]?.text ?? '');
    expect(link?.[1]).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
    const token = link?.[2] ?? '';
    // Valid for a week, not the hour of a password reset.
    const [reset0] = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user?.id ?? 0));
    const days = ((reset0?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const client = new TestClient(ctx.app);
    const check = await client.get(`/api/v1/password/reset/${token}`);
    expect(check.statusCode, check.body).toBe(200);
    const reset = await client.post('/api/v1/password/reset', { token, password: 'a-new-donor-password-42' });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await new TestClient(ctx.app).signIn(email, 'a-new-donor-password-42');
    expect(login.status).toBe(200);
    // Single use.
    const twice = await client.post('/api/v1/password/reset', { token, password: 'another-password-43' });
    expect(twice.statusCode).toBe(404);
  });

  it('keeps a staff member’s role and sends them a sign-in link, not a password link', async () => {
    const email = 'staff@kindling.test';
    const staff = await userByEmail(email);
    const gift = await payForGift(ctx, { amount: 2500, currency: 'USD', email, extra: { create_donor_account: true } });
    const donation = await gift.confirm();
    const mail = (await mailTo(ctx.dataDir, email, 2, 400)).filter((m) => !m.subject.startsWith('Your receipt'));
    expect(mail.map((m) => m.subject)).toEqual(['Your donation is now in your account']);
    expect(mail[0]?.text).toMatch(/http:\/\/localhost:\d+\/login/);
    expect(mail[0]?.text).not.toContain('reset-password');
    expect(await roleIn(donation.npo_id, staff?.id ?? 0)).toBe(ROLE.STAFF);
    expect((await userByEmail(email))?.passwordHash).toBe(staff?.passwordHash);
  });

  it('creates no account when the donor did not ask for one', async () => {
    const email = 'no.account@example.org';
    const gift = await payForGift(ctx, { amount: 2500, currency: 'USD', email });
    const donation = await gift.confirm();
    const mail = await mailTo(ctx.dataDir, email, 1, 400);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt from Riverside Food Bank/)]);
    expect(await userByEmail(email)).toBeUndefined();
    expect(
      await inviteDonor(
        { db: ctx.db, mailer: ctx.mailer, origin: 'http://x' },
        { npoId: donation.npo_id, donationId: donation.id },
      ),
    ).toBe('nothing-to-do');
  });

  it('rolls back the account when the invitation cannot be sent, so the retry sends it', async () => {
    const email = 'retry.donor@example.org';
    const gift = await payForGift(ctx, { amount: 2500, currency: 'USD', email, extra: { create_donor_account: true } });
    const donation = await gift.confirm();
    await mailTo(ctx.dataDir, email, 2, 0);
    await ctx.db.execute(sql`UPDATE donations SET donor_invited_at = NULL WHERE id = ${donation.id}`);
    await ctx.db.execute(sql`DELETE FROM memberships WHERE user_id = (SELECT id FROM users WHERE email = ${email})`);
    await ctx.db.execute(
      sql`DELETE FROM password_resets WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
    );
    await ctx.db.execute(
      sql`DELETE FROM audit_log WHERE target_type = 'user' AND target_id = (SELECT id::text FROM users WHERE email = ${email})`,
    );
    await ctx.db.execute(sql`DELETE FROM users WHERE email = ${email}`);
    const job = { npoId: donation.npo_id, donationId: donation.id };
    const down = { outboxDir: null, send: async () => Promise.reject(new Error('connection refused')) };
    await expect(inviteDonor({ db: ctx.db, mailer: down, origin: 'http://x' }, job)).rejects.toThrow(
      'connection refused',
    );
    expect(await userByEmail(email)).toBeUndefined();
    expect(await inviteDonor({ db: ctx.db, mailer: ctx.mailer, origin: 'http://x' }, job)).toBe('invited');
    expect(await inviteDonor({ db: ctx.db, mailer: ctx.mailer, origin: 'http://x' }, job)).toBe('nothing-to-do');
  });

  it('makes one account for a new donor whose gifts are invited at once (several instances), and keeps every gift', async () => {
    const email = 'twice.at.once@example.org';
    const gifts = await Promise.all(
      [2500, 4000, 1500].map((amount) => payForGift(ctx, { amount, currency: 'USD', email })),
    );
    const donations = await Promise.all(gifts.map((gift) => gift.confirm()));
    // Asked for an account on every gift; each instance's worker picks up one gift's invitation.
    const ids = donations.map((d) => d.id);
    await ctx.db.execute(sql`UPDATE donations SET create_donor_account = true WHERE id IN (${sql.join(ids, sql`, `)})`);
    const deps = { db: ctx.db, mailer: ctx.mailer, origin: 'http://x' };
    const outcomes = await Promise.all(donations.map((d) => inviteDonor(deps, { npoId: d.npo_id, donationId: d.id })));
    expect(outcomes).toEqual(['invited', 'invited', 'invited']);
    const { rows: accounts } = await ctx.db.execute(sql`SELECT id FROM users WHERE lower(email) = ${email}`);
    expect(accounts).toHaveLength(1);
    const user = await userByEmail(email);
    expect(await roleIn(donations[0]?.npo_id ?? 0, user?.id ?? 0)).toBe(ROLE.PEER);
    const { rows } = await ctx.db.execute<{ amount: number; invited: boolean; donor_email: string }>(sql`
      SELECT d.amount_minor::int AS amount, d.donor_invited_at IS NOT NULL AS invited, dn.email AS donor_email
      FROM donations d JOIN donors dn ON dn.id = d.donor_id
      WHERE d.id IN (${sql.join(ids, sql`, `)}) AND d.status = 'succeeded' ORDER BY d.amount_minor`);
    expect(rows).toEqual([
      { amount: 1500, invited: true, donor_email: email },
      { amount: 2500, invited: true, donor_email: email },
      { amount: 4000, invited: true, donor_email: email },
    ]);
  });
});
