import { MEMBERSHIP_MESSAGES, ZMembershipRenewal } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { signClaims } from '../../platform/security/signed-link.ts';
import { membershipRow, payForMembership } from './memberships.test-support.ts';
import { sendRenewalReminders } from './renewals.service.ts';

const DAY = 86_400_000;

describe('manual renewals: reminders and the one-click link', () => {
  const ctx = useTestApp();
  let id: number;
  let email: string;
  let expiry: Date;

  const deps = () => ({
    db: ctx.db,
    mailer: ctx.mailer,
    origin: 'https://kindling.example',
    secret: ctx.config.sessionSecret,
  });
  const mailsTo = async (to: string) =>
    (await readOutboxTable(ctx.db)).filter((m) => new RegExp(`^To: ${to}$`, 'im').test(m.headers));

  beforeAll(async () => {
    // A demo member renewing by hand, given a distinct address and an expiry 30 days away.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM supporter_memberships WHERE renewal = 'manual' AND status = 'active' ORDER BY id LIMIT 1`);
    id = Number(rows[0]?.id);
    email = 'renewing.member@example.org';
    expiry = new Date(Date.now() + 29.5 * DAY);
    await ctx.db.execute(
      sql`UPDATE membership_members SET email = ${email}, name = 'Rene Wal' WHERE membership_id = ${id} AND position = 0`,
    );
    await ctx.db.execute(sql`UPDATE supporter_memberships SET period_end = ${expiry.toISOString()} WHERE id = ${id}`);
  });

  it('sends the 30, 7 and 0 days reminders once each, however many sweeps run at once', async () => {
    const now = new Date();
    await Promise.all([
      sendRenewalReminders(deps(), now),
      sendRenewalReminders(deps(), now),
      sendRenewalReminders(deps(), now),
    ]);
    let mails = await mailsTo(email);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m.headers)?.[1])).toEqual([
      'Time to renew your Individual membership',
    ]);
    expect(mails[0]?.text).toContain('expires in 30 days');
    expect(mails[0]?.text).toMatch(/https:\/\/kindling\.example\/subscriptions\/friends-of-riverside\?renew=mr1\./);
    // The member's card travels with the reminder: its link opens this membership's card.
    const card = /https:\/\/kindling\.example\/member-card\/([A-Za-z0-9._-]+)/.exec(mails[0]?.text ?? '')?.[1];
    const opened = await new TestClient(ctx.app).get(`/api/v1/member_cards/${card}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ tier: 'Individual', state: 'valid' });
    expect(opened.json().members).toContain('Rene Wal');

    // A later sweep in the same window sends nothing more.
    await sendRenewalReminders(deps(), new Date(now.getTime() + DAY));
    expect(await mailsTo(email)).toHaveLength(1);

    const sevenBefore = new Date(expiry.getTime() - 6.5 * DAY);
    await Promise.all([sendRenewalReminders(deps(), sevenBefore), sendRenewalReminders(deps(), sevenBefore)]);
    const onTheDay = new Date(expiry.getTime() - 2 * 3600_000);
    await Promise.all([sendRenewalReminders(deps(), onTheDay), sendRenewalReminders(deps(), onTheDay)]);
    mails = await mailsTo(email);
    expect(mails).toHaveLength(3);
    expect(mails[1]?.text).toContain('expires in 7 days');
    expect(/^Subject: (.*)$/m.exec(mails[2]?.headers ?? '')?.[1]).toBe('Your Individual membership expires today');
  });

  it('renews one year through the link in the e-mail, once however often the payment is confirmed', async () => {
    const [mail] = await mailsTo(email);
    const token = /\?renew=([A-Za-z0-9._-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const visitor = new TestClient(ctx.app);
    const opened = await visitor.get(`/api/v1/subscriptions/renewals/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const renewal = ZMembershipRenewal.parse(opened.json());
    expect(renewal).toMatchObject({ tier: 'Individual', price_minor: 6000, currency: 'USD', interval: 'yearly' });

    await payForMembership(
      ctx,
      renewal.reference,
      { amountMinor: renewal.price_minor, currency: renewal.currency, interval: renewal.interval },
      { name: 'Rene Wal', email },
    );
    const renewed = await membershipRow(ctx.db, id);
    const expected = new Date(expiry);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    // Renewed at the yearly tier's interval: from now on it renews through the plan that payment started.
    expect(renewed).toMatchObject({ status: 'active', renewal: 'automatic' });
    expect(renewed.plan_id).not.toBeNull();
    expect(renewed.period_end.toISOString()).toBe(expected.toISOString());
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM membership_history WHERE membership_id = ${id} AND kind = 'renewed'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers an expired link with a clear message and a tampered one with 404, changing nothing', async () => {
    const before = await membershipRow(ctx.db, id);
    const expired = signClaims(ctx.config.sessionSecret, 'mr1', [id], new Date(Date.now() - 60_000));
    const visitor = new TestClient(ctx.app);
    const late = await visitor.get(`/api/v1/subscriptions/renewals/${expired}`);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(MEMBERSHIP_MESSAGES.renewalExpired);
    const good = signClaims(ctx.config.sessionSecret, 'mr1', [id], new Date(Date.now() + DAY));
    const tampered = good.replace(`mr1.${id}.`, `mr1.${id + 1}.`);
    const forged = await visitor.get(`/api/v1/subscriptions/renewals/${tampered}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(MEMBERSHIP_MESSAGES.renewalInvalid);
    expect(await membershipRow(ctx.db, id)).toEqual(before);
  });
});
