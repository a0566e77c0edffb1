// Senders that e-mail inside a transaction write the outbox row on that transaction's connection
// (platform/mail/mailer.ts, `via`). Asking the pool for a second connection while the transaction
// holds row locks can wait forever once every other connection waits for those locks; with a pool
// of one connection that wait is certain, so each flow here would hang (and time out) if it did.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, payForGift } from './gift.ts';
import { readOutbox } from './mail.ts';
import { useTestApp } from './test-app.ts';
import { TestClient } from './test-client.ts';

const ctx = useTestApp({ poolMax: 1 });
const WAIT = 8_000;

const sentTo = async (email: string) =>
  (await readOutbox(ctx.dataDir)).filter((m) => m.headers.toLowerCase().includes(email));

describe('e-mails sent inside a transaction need no second connection', () => {
  it(
    'a team invitation and its resend',
    async () => {
      const admin = new TestClient(ctx.app);
      await admin.signIn('admin@kindling.test');
      const sent = await admin.post('/api/v1/npo_admin/team/invitations', {
        email: 'one.connection@example.org',
        role_code: 1984,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const resent = await admin.post(`/api/v1/npo_admin/team/invitations/${sent.json().id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(await sentTo('one.connection@example.org')).toHaveLength(2);
    },
    WAIT,
  );

  it(
    'a fundraiser invited by staff',
    async () => {
      const admin = new TestClient(ctx.app);
      await admin.signIn('admin@kindling.test');
      const { rows } = await ctx.db.execute<{ id: number }>(
        sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`,
      );
      const answer = await admin.post('/api/v1/fundraiser', {
        first_name: 'Rosa',
        last_name: 'Parks',
        email: 'rosa.one@example.org',
        campaign_id: rows[0]?.id,
        role: 'fundraiser',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await sentTo('rosa.one@example.org')).toHaveLength(1);
    },
    WAIT,
  );

  it(
    'an e-mail change request',
    async () => {
      const manager = new TestClient(ctx.app);
      await manager.signIn('manager@kindling.test');
      const answer = await manager.post('/api/v1/account/email', {
        new_email: 'manager.new@example.org',
        current_password: 'kindling-demo',
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      const [mail] = await sentTo('manager.new@example.org');
      expect(mail?.headers).toContain('Subject: Confirm your new e-mail address for Kindling');
    },
    WAIT,
  );

  it(
    'the donor account invitation after a gift',
    async () => {
      const email = 'one.connection.donor@example.org';
      const gift = await payForGift(ctx, {
        amount: 5000,
        currency: 'USD',
        email,
        extra: { create_donor_account: true },
      });
      await gift.confirm();
      await gift.webhook();
      const mail = await mailTo(ctx.dataDir, email, 2, 800);
      expect(mail.map((m) => m.subject)).toContain('Your donor account at Riverside Food Bank');
    },
    WAIT * 2,
  );
});
