import {
  ZContactRecord,
  ZMarketingEmail,
  ZMarketingEmailList,
  ZMarketingOverview,
  ZSegment,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { claimRows, takeLease } from './marketing-send.repository.ts';
import { runSender } from './marketing-send.ts';
import { startSending } from './marketing-start.ts';

const API = '/api/v1/npo_admin/marketing';
const BODY =
  '<p>Dear {{donor_first_name}},</p><p>Read <a href="https://example.org/news?a=1&b=2">our news</a>.</p><script>alert(1)</script>';

describe('e-mail marketing API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let npoId = 0;
  let segmentId = 0;
  const addresses = ['mkt-ann@example.org', 'mkt-bob@example.org', 'mkt-cat@example.org', 'mkt-dan@example.org'];
  const contactIds: number[] = [];

  const draft = async (client: TestClient, name: string) => {
    const res = await client.post(`${API}/emails`, {
      name,
      subject: `News for {{donor_first_name}} (${name})`,
      preheader: 'What your gifts did this month',
      from_name: 'Riverside news',
      html: BODY,
      segment_id: segmentId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZMarketingEmail.parse(res.json());
  };
  const mailsFor = async (subjectPart: string) =>
    (await readOutboxTable(ctx.db)).filter((m) => m.headers.includes(subjectPart));
  const statusOf = async (id: number) => ZMarketingEmail.parse((await staff.get(`${API}/emails/${id}`)).json());
  const untilSent = async (id: number) => {
    for (let i = 0; i < 120; i++) {
      const e = await statusOf(id);
      if (e.status === 'sent') return e;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`e-mail ${id} did not finish sending`);
  };
  const senderDeps = () => ({
    db: ctx.db,
    mailer: ctx.mailer,
    origin: 'http://localhost:4600',
    fromAddress: 'news@kindling.test',
  });
  const optedOut = async (contactId: number) => {
    const res = await staff.get(`/api/v1/npo_admin/contacts/${contactId}`);
    return ZContactRecord.parse(res.json());
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    for (const [i, email] of addresses.entries()) {
      const res = await staff.post('/api/v1/npo_admin/contacts', { first_name: `Mkt${i}`, last_name: 'Reader', email });
      expect(res.statusCode, res.body).toBe(201);
      contactIds.push(ZContactRecord.parse(res.json()).id);
    }
    const seg = await staff.post('/api/v1/npo_admin/segments', { name: 'Newsletter test list', kind: 'static' });
    expect(seg.statusCode, seg.body).toBe(201);
    segmentId = ZSegment.parse(seg.json()).id;
    const add = await staff.post(`/api/v1/npo_admin/segments/${segmentId}/members`, { contact_ids: contactIds });
    expect(add.statusCode, add.body).toBeLessThan(300);
    npoId = Number(
      (await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM segments WHERE id = ${segmentId}`)).rows[0]
        ?.npo_id,
    );
  });

  it('answers 401 anonymous, 403 to a peer fundraiser and to staff changing settings, 404 for another organisation', async () => {
    const email = await draft(staff, 'Access check');
    expect((await new TestClient(ctx.app).get(`${API}/emails`)).statusCode).toBe(401);
    const peer = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await peer.get(`${API}/emails`)).statusCode).toBe(403);
    expect((await peer.get(`${API}/overview`)).statusCode).toBe(403);
    for (const who of ['finance@kindling.test', 'manager@kindling.test']) {
      const res = await (await signedIn(ctx, who)).get(`${API}/emails/${email.id}`);
      expect(res.statusCode, who).toBe(200);
    }
    const settings = { track_opens: true, track_clicks: true, throttle_per_minute: 1000, attribution_days: 14 };
    expect((await staff.put(`${API}/settings`, settings)).statusCode).toBe(403);
    const saved = await admin.put(`${API}/settings`, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(settings);
    const outsider = await outsiderOrganisation(ctx, 'mkt-outsider@example.org', 'Marketing Outsider Trust');
    expect((await outsider.client.get(`${API}/emails/${email.id}`)).statusCode).toBe(404);
    expect((await outsider.client.post(`${API}/emails/${email.id}/send`, {})).statusCode).toBe(404);
    expect((await outsider.client.post(`${API}/emails/${email.id}/cancel`)).statusCode).toBe(404);
    expect((await outsider.client.request('DELETE', `${API}/emails/${email.id}`)).statusCode).toBe(404);
    const theirs = await outsider.client.post(`${API}/emails`, {
      name: 'x',
      subject: 'x',
      from_name: 'x',
      html: '<p>x</p>',
      segment_id: segmentId,
    });
    expect(theirs.statusCode).toBe(400);
    expect((await outsider.client.get(`${API}/emails`)).json()).toEqual({ emails: [] });
  });

  it('refuses unknown merge fields and keeps only safe HTML, deriving the plain-text part', async () => {
    const bad = await staff.post(`${API}/emails`, {
      name: 'Bad',
      subject: 'Hi {{amount}}',
      from_name: 'News',
      html: '<p>x</p>',
      segment_id: segmentId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.subject).toMatch(/merge fields/);
    const email = await draft(staff, 'Sanitised');
    expect(email.html).not.toContain('<script');
    expect(email.text).toContain('our news (https://example.org/news?a=1&b=2)');
    expect(email.status).toBe('draft');
  });

  it('schedules, cancels, and sends a test copy marked [Test]', async () => {
    const email = await draft(staff, 'Scheduled one');
    const past = await staff.post(`${API}/emails/${email.id}/send`, {
      scheduled_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await staff.post(`${API}/emails/${email.id}/send`, { scheduled_at: at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(ZMarketingEmail.parse(scheduled.json())).toMatchObject({ status: 'scheduled', scheduled_at: at });
    const cancelled = await staff.post(`${API}/emails/${email.id}/cancel`);
    expect(ZMarketingEmail.parse(cancelled.json()).status).toBe('draft');
    expect((await staff.post(`${API}/emails/${email.id}/cancel`)).statusCode).toBe(409);
    const test = await staff.post(`${API}/emails/${email.id}/test`, { email: 'tester@example.org' });
    expect(test.statusCode, test.body).toBe(204);
    const [mail] = await mailsFor('[Test] News for Sam (Scheduled one)');
    expect(mail?.headers).toMatch(/To: tester@example\.org/);
  });

  it('sends once to each member with one-click unsubscribe headers; the one-click POST opts the contact out', async () => {
    const email = await draft(staff, 'June newsletter');
    const sent = await staff.post(`${API}/emails/${email.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await untilSent(email.id);
    expect(done.results).toMatchObject({ recipients: 4, sent: 4, delivered: 4, skipped: 0 });
    expect((await staff.post(`${API}/emails/${email.id}/send`, {})).statusCode).toBe(409);
    const mails = await mailsFor('(June newsletter)');
    expect(mails.map((m) => m.headers.match(/^To: (.*)$/m)?.[1]).sort()).toEqual([...addresses].sort());
    const first = mails.find((m) => m.headers.includes(addresses[0] ?? ''));
    const unsubscribe = first?.headers.match(/List-Unsubscribe:\s*<([^>]+)>/)?.[1] ?? '';
    expect(first?.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(unsubscribe).toMatch(/^http:\/\/.*\/api\/v1\/email\/unsubscribe\/[0-9a-f-]{36}$/);
    expect(first?.text.replace(/=\r?\n/g, '')).toContain(unsubscribe);
    const path = new URL(unsubscribe).pathname;
    // The page alone changes nothing (mail scanners open links).
    const page = await new TestClient(ctx.app).get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe</button>');
    expect((await optedOut(contactIds[0] ?? 0)).communication.email?.allowed).toBe(true);
    // RFC 8058: a mail program's POST, no session, no CSRF token.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const record = await optedOut(contactIds[0] ?? 0);
    expect(record.communication.email).toMatchObject({ allowed: false, source: expect.stringMatching(/One-click/) });
    expect(Date.now() - Date.parse(record.communication.email?.opted_out_at ?? '')).toBeLessThan(60_000);
    const after = await statusOf(email.id);
    expect(after.results.unsubscribed).toBe(1);
  });

  it('counts an open and a click, and redirects the click to the e-mail’s own link', async () => {
    const email = (await ZMarketingEmailList.parse((await staff.get(`${API}/emails`)).json())).emails.find(
      (e) => e.name === 'June newsletter',
    );
    const { rows } = await ctx.db.execute<{ token: string }>(
      sql`SELECT token::text AS token FROM marketing_recipients WHERE email_id = ${email?.id} ORDER BY id LIMIT 1`,
    );
    const token = rows[0]?.token ?? '';
    const pixel = await new TestClient(ctx.app).get(`/api/v1/email/open/${token}`);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const click = await new TestClient(ctx.app).get(`/api/v1/email/click/${token}/0`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.org/news?a=1&b=2');
    expect((await new TestClient(ctx.app).get(`/api/v1/email/click/${token}/7`)).statusCode).toBe(404);
    const results = (await statusOf(email?.id ?? 0)).results;
    expect(results).toMatchObject({ opened: 1, clicked: 1 });
    const overview = ZMarketingOverview.parse((await staff.get(`${API}/overview`)).json());
    expect(overview.totals.clicked).toBeGreaterThanOrEqual(1);
  });

  it('checks opt-outs and suppressed addresses when sending, not only when queueing', async () => {
    const email = await draft(staff, 'Send-time check');
    // Queued first (recipients written), as a scheduled send that fell due would be.
    expect(await startSending(ctx.db, npoId, email.id, ['draft'])).toBe(4);
    await ctx.db.execute(
      sql`INSERT INTO email_suppressions (npo_id, email, reason) VALUES (${npoId}, ${addresses[1]}, 'Hard bounce')`,
    );
    expect(await runSender(senderDeps(), email.id)).toBe('finished');
    const to = (await mailsFor('(Send-time check)')).map((m) => m.headers.match(/^To: (.*)$/m)?.[1]).sort();
    // addresses[0] unsubscribed above; addresses[1] is suppressed.
    expect(to).toEqual([addresses[2], addresses[3]]);
    const results = (await statusOf(email.id)).results;
    expect(results).toMatchObject({ recipients: 4, sent: 2, skipped: 2 });
  });

  it('sends each recipient at most one e-mail when its sender dies mid-send and another takes over', async () => {
    const email = await draft(staff, 'Crash test');
    await ctx.db.execute(sql`DELETE FROM email_suppressions WHERE npo_id = ${npoId}`);
    await ctx.db.execute(sql`UPDATE contact_details SET communication = '{}' WHERE donor_id = ${contactIds[0]}`);
    expect(await startSending(ctx.db, npoId, email.id, ['draft'])).toBe(4);
    // A sender claims one row and dies before marking it: it may or may not have gone out.
    const dead = '00000000-0000-4000-8000-000000000001';
    expect(await takeLease(ctx.db, email.id, dead)).not.toBeNull();
    expect(await claimRows(ctx.db, email.id, dead, 1)).toHaveLength(1);
    // Its lease still runs: no one else sends meanwhile.
    expect(await runSender(senderDeps(), email.id)).toBe('not-mine');
    await ctx.db.execute(
      sql`UPDATE marketing_emails SET lease_until = now() - interval '1 second' WHERE id = ${email.id}`,
    );
    expect(await runSender(senderDeps(), email.id)).toBe('finished');
    expect(await runSender(senderDeps(), email.id)).toBe('not-mine');
    // A second row for the same e-mail and contact cannot exist.
    await expect(
      ctx.db.execute(sql`INSERT INTO marketing_recipients (email_id, npo_id, donor_id, email)
        VALUES (${email.id}, ${npoId}, ${contactIds[2]}, ${addresses[2]})`),
    ).rejects.toThrow();
    const to = (await mailsFor('(Crash test)')).map((m) => m.headers.match(/^To: (.*)$/m)?.[1]);
    expect(new Set(to).size).toBe(to.length);
    expect(to).toHaveLength(3);
    const results = (await statusOf(email.id)).results;
    expect(results).toMatchObject({ recipients: 4, sent: 3, interrupted: 1 });
    expect((await statusOf(email.id)).status).toBe('sent');
  });
});
