import { ZConsoleAnnouncement, ZConsoleAnnouncementList, ZConsoleSecurity } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { API, as, consoleAudit, npoIdOf } from './console.test-support.ts';
import { mailAnnouncement } from './console-announcements.jobs.ts';

const ANNOUNCEMENT = {
  title: 'Maintenance on Sunday',
  message: 'Kindling will be read-only from 02:00 to 03:00 UTC on Sunday.',
  reason: 'Planned database upgrade',
};

describe('the console announcements', () => {
  const ctx = useTestApp();

  it('tells the chosen organisations’ staff live and by e-mail, keeps it in history and audits it', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const harbour = await npoIdOf(ctx, 'harbour-hope-trust');
    const mailsBefore = (await readOutboxTable(ctx.db)).length;
    const res = await operator.post(`${API}/announcements`, {
      ...ANNOUNCEMENT,
      audience: 'chosen',
      npo_ids: [harbour],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = ZConsoleAnnouncement.parse(res.json());
    expect(sent).toMatchObject({ title: ANNOUNCEMENT.title, audience: 'chosen', organisations: 1 });
    // Its one member, its admin; the operator's own memberships never receive an announcement.
    // The e-mails go by a job after the answer (decision 073): the history counts them when sent.
    expect(sent).toMatchObject({ recipients: 1 });

    // Harbour Hope Trust's admin sees it in the bell; Riverside's staff (not chosen) do not.
    const harbourAdmin = await as(ctx, 'harbour@kindling.test');
    const bell = (await harbourAdmin.get('/api/v1/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'platform.announcement',
      title: ANNOUNCEMENT.title,
      message: ANNOUNCEMENT.message,
    });
    const riverside = await as(ctx, 'staff@kindling.test');
    const theirs = (await riverside.get('/api/v1/notifications')).json();
    expect(theirs.notifications.map((n: { kind: string }) => n.kind)).not.toContain('platform.announcement');

    const history = async () => ZConsoleAnnouncementList.parse((await operator.get(`${API}/announcements`)).json());
    await expect.poll(async () => (await history()).announcements[0]?.emails_sent, { timeout: 30_000 }).toBe(1);
    const mails = (await readOutboxTable(ctx.db)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers).toMatch(/^To: harbour@kindling\.test$/im);
    expect(mails[0]?.headers).toMatch(/Subject: Kindling: Maintenance on Sunday/);
    expect(mails[0]?.text).toContain(ANNOUNCEMENT.message);
    // A retried job resumes after the e-mails already sent: nobody gets it twice.
    await mailAnnouncement(ctx.db, ctx.mailer, sent.id);
    expect((await readOutboxTable(ctx.db)).slice(mailsBefore)).toHaveLength(1);

    expect((await history()).announcements[0]).toEqual({ ...sent, emails_sent: 1 });
    expect((await consoleAudit(ctx)).at(-1)).toMatchObject({
      action: 'console.announcement_sent',
      npo_id: null,
      target_id: String(sent.id),
      reason: ANNOUNCEMENT.reason,
      actor: 'console@kindling.test',
    });
  });

  it('refuses an announcement without a title, without organisations or to an unknown one, sending nothing', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const before = ZConsoleAnnouncementList.parse((await operator.get(`${API}/announcements`)).json());
    const cases = [
      [{ ...ANNOUNCEMENT, title: '', audience: 'all' }, 'title', 'Give the announcement a title.'],
      [{ ...ANNOUNCEMENT, audience: 'chosen', npo_ids: [] }, 'npo_ids', 'Choose at least one organisation.'],
      [
        { ...ANNOUNCEMENT, audience: 'chosen', npo_ids: [999_999] },
        'npo_ids',
        'One of the chosen organisations does not exist any more. Choose again.',
      ],
      [{ ...ANNOUNCEMENT, reason: '', audience: 'all' }, 'reason', 'Give a reason (it is recorded in the audit log)'],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await operator.post(`${API}/announcements`, body);
      expect([400, 422], res.body).toContain(res.statusCode);
      expect(res.json().fields?.[field]).toBe(message);
    }
    expect(ZConsoleAnnouncementList.parse((await operator.get(`${API}/announcements`)).json())).toEqual(before);
  });
});

describe('the console security screen', () => {
  const ctx = useTestApp({ env: { SIGN_IN_FAILURE_LIMIT: '2' } });

  it('shows failed sign-ins, rate-limit hits, locked accounts and the console’s own actions', async () => {
    const stranger = new TestClient(ctx.app, { remoteAddress: '10.9.9.9' });
    const wrong = { npo_user: { email: 'finance@kindling.test', password: 'not-the-password' } };
    for (let i = 0; i < 2; i++) expect((await stranger.post('/api/v1/npo_users/sign_in', wrong)).statusCode).toBe(422);
    expect((await stranger.post('/api/v1/npo_users/sign_in', wrong)).statusCode).toBe(429);

    const operator = await as(ctx, 'console@kindling.test');
    const staffId = (await operator.get(`${API}/users?q=staff%40kindling.test`)).json().users[0].id;
    expect((await operator.post(`${API}/users/${staffId}/lock`, { reason: 'Reported compromised' })).statusCode).toBe(
      200,
    );
    const res = await operator.get(`${API}/security`);
    expect(res.statusCode, res.body).toBe(200);
    const security = ZConsoleSecurity.parse(res.json());
    expect(security.failed_sign_ins.recent.filter((a) => a.ip === '10.9.9.9').map((a) => a.email)).toEqual(
      Array(3).fill('finance@kindling.test'),
    );
    expect(security.failed_sign_ins.recent[0]).toMatchObject({ reason: 'too_many_attempts', ip: '10.9.9.9' });
    expect(security.failed_sign_ins.by_day.at(-1)?.failed).toBeGreaterThanOrEqual(3);
    expect(security.rate_limit_hits.reduce((s, h) => s + h.hits, 0)).toBeGreaterThanOrEqual(1);
    expect(security.locked_accounts.map((u) => u.email)).toContain('staff@kindling.test');
    expect(security.console_actions[0]).toMatchObject({
      action: 'console.user_lock',
      operator: 'console@kindling.test',
      reason: 'Reported compromised',
    });
  });
});
