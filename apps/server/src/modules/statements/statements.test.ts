import { ZStatementOverview, ZStatementRun, ZStatementRunDetail } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { pdfTextLines } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { userIdOf } from '../team/team.test-support.ts';
import { sendStatementRun } from './statements.jobs.ts';

const BASE = '/api/v1/npo_admin/reports/statements';
const thisYear = new Date().getUTCFullYear();

describe('year-end statements in bulk', () => {
  const ctx = useTestApp();
  let finance: TestClient;
  let outsider: TestClient;
  let npoId: number;
  // A calendar year the demo's past run (seeded for a fiscal year) did not cover.
  const period = { year: thisYear - 1, basis: 'calendar' as const };
  const query = `year=${period.year}&basis=${period.basis}`;

  const overview = async (client = finance, q = query) => {
    const res = await client.get(`${BASE}?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZStatementOverview.parse(res.json());
  };
  const statementMails = async () =>
    (await readOutboxTable(ctx.db)).filter((m) => /giving statement from/.test(m.headers));
  /** The donors who gave in the calendar year, with and without an e-mail address, computed afresh. */
  const periodDonors = async () => {
    const { rows } = await ctx.db.execute<{ with_email: number; without: number }>(sql`
      SELECT count(*) FILTER (WHERE nullif(btrim(dn.email), '') IS NOT NULL)::int AS with_email,
        count(*) FILTER (WHERE nullif(btrim(dn.email), '') IS NULL)::int AS without
      FROM donors dn WHERE dn.npo_id = ${npoId} AND EXISTS (SELECT 1 FROM donations d WHERE d.donor_id = dn.id
        AND d.status IN ('succeeded', 'refunded') AND extract(year FROM d.created_at AT TIME ZONE
          (SELECT time_zone FROM npos WHERE id = ${npoId})) = ${period.year})`);
    return rows[0] ?? { with_email: 0, without: 0 };
  };

  beforeAll(async () => {
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'statements-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Statements Trust' });
    const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
    npoId = Number(rows[0]?.id);
    // One donor of the year loses their e-mail address: their statement goes by post.
    await ctx.db.execute(sql`
      UPDATE donors SET email = '' WHERE id = (SELECT d.donor_id FROM donations d JOIN donors dn ON dn.id = d.donor_id
        WHERE d.npo_id = ${npoId} AND d.status = 'succeeded' AND dn.last_name <> ''
          AND d.created_at >= ${`${period.year}-03-01`} AND d.created_at < ${`${period.year}-11-01`}
        ORDER BY d.id LIMIT 1)`);
  });

  it('who may use it: anonymous 401, a fundraiser 403, dashboard roles with “View reports” 200, without it 403', async () => {
    expect((await new TestClient(ctx.app).get(`${BASE}?${query}`)).statusCode).toBe(401);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`${BASE}?${query}`)).statusCode).toBe(403);
    expect((await fundraiser.post(`${BASE}/runs`, period)).statusCode).toBe(403);
    for (const email of ['admin@kindling.test', 'manager@kindling.test', 'staff@kindling.test']) {
      const client = new TestClient(ctx.app);
      await client.signIn(email);
      expect((await client.get(`${BASE}?${query}`)).statusCode, email).toBe(200);
    }
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const url = `/api/v1/npo_admin/user_permissions/${await userIdOf(ctx, 'staff@kindling.test')}`;
    expect((await admin.put(url, { permissions: { permissions: ['donations.export'] } })).statusCode).toBe(200);
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    expect((await staff.get(`${BASE}?${query}`)).statusCode).toBe(403);
    expect((await staff.post(`${BASE}/runs`, period)).statusCode).toBe(403);
    expect((await staff.get(`${BASE}/post.pdf?${query}`)).statusCode).toBe(403);
  });

  it('bad input answers 400 with the field message and starts nothing', async () => {
    const before = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM statement_runs`);
    const old = await finance.get(`${BASE}?year=1990`);
    expect(old.statusCode).toBe(400);
    expect(old.body).toContain('Choose a year between 2000 and next year.');
    expect((await finance.post(`${BASE}/runs`, { year: period.year, basis: 'weekly' })).statusCode).toBe(400);
    expect((await finance.post(`${BASE}/runs`, { year: 'last' })).statusCode).toBe(400);
    const after = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM statement_runs`);
    expect(after.rows).toEqual(before.rows);
  });

  it('shows the year’s donors, a preview of the first few and those without an e-mail address', async () => {
    const fresh = await periodDonors();
    const o = await overview();
    expect(o.period_label).toBe(String(period.year));
    expect(o.donors).toBe(fresh.with_email + fresh.without);
    expect(o.with_email).toBe(fresh.with_email);
    expect(fresh.without).toBeGreaterThan(0);
    expect(o.without_email).toHaveLength(fresh.without);
    expect(o.preview.length).toBe(Math.min(5, fresh.with_email));
    expect(o.preview.every((d) => d.email && d.gift_count > 0)).toBe(true);
    // The demo's past run is in the log.
    expect(o.runs.some((r) => r.status === 'done' && r.sent > 0)).toBe(true);

    const preview = await finance.get(`${BASE}/preview.pdf?${query}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const previewText = pdfTextLines(preview.rawPayload).join('\n');
    expect(previewText).toContain(`Annual giving statement ${period.year}`);
    expect(previewText).toContain(o.preview[0]?.name ?? '?');

    const post = await finance.get(`${BASE}/post.pdf?${query}`);
    expect(post.statusCode).toBe(200);
    const postText = pdfTextLines(post.rawPayload).join('\n');
    for (const d of o.without_email) expect(postText).toContain(d.name);
  });

  it('e-mails every statement once; a second run and a retried job send nothing twice', async () => {
    const fresh = await periodDonors();
    const mailsBefore = (await statementMails()).length;
    const started = await finance.post(`${BASE}/runs`, period);
    expect(started.statusCode, started.body).toBe(202);
    const run = ZStatementRun.parse(started.json());
    expect(run.to_send).toBe(fresh.with_email);
    expect(run.without_email).toBe(fresh.without);

    const detail = async () => ZStatementRunDetail.parse((await finance.get(`${BASE}/runs/${run.id}`)).json());
    await expect.poll(async () => (await detail()).status, { timeout: 60_000, interval: 250 }).toBe('done');
    const done = await detail();
    expect(done.sent).toBe(fresh.with_email);
    expect(done.log).toHaveLength(fresh.with_email);
    const mails = (await statementMails()).slice(mailsBefore);
    expect(mails).toHaveLength(fresh.with_email);
    expect(new Set(mails.map((m) => /^To: (.*)$/m.exec(m.headers)?.[1])).size).toBe(fresh.with_email);
    expect(mails[0]?.text).toContain(`giving-statement-${period.year}.pdf`);

    // Running it again: recorded, nothing left to send.
    const again = ZStatementRun.parse((await finance.post(`${BASE}/runs`, period)).json());
    expect(again).toMatchObject({ status: 'done', to_send: 0, sent: 0, already_sent: fresh.with_email });
    // The first run's job retried after a crash (its row reopened) finds every donor sent.
    await ctx.db.execute(sql`UPDATE statement_runs SET status = 'sending', finished_at = NULL WHERE id = ${run.id}`);
    await sendStatementRun({ db: ctx.db, mailer: ctx.mailer }, { npoId, runId: run.id });
    expect((await statementMails()).length).toBe(mailsBefore + fresh.with_email);
    expect((await overview()).already_sent).toBe(fresh.with_email);
  });

  it('one open run per year: a second start while one is sending answers 409', async () => {
    const year = { year: thisYear, basis: 'calendar' };
    await ctx.db.execute(sql`
      INSERT INTO statement_runs (npo_id, year, start_month, status) VALUES (${npoId}, ${thisYear}, 1, 'sending')`);
    const res = await finance.post(`${BASE}/runs`, year);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Statements for this year are already being sent. Wait for that run to finish.');
  });

  it('another organisation sees none of it: its own empty year, and this run is 404', async () => {
    const theirs = await overview(outsider);
    expect(theirs).toMatchObject({ donors: 0, with_email: 0, preview: [], without_email: [], runs: [] });
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM statement_runs WHERE npo_id = ${npoId} LIMIT 1`,
    );
    const res = await outsider.get(`${BASE}/runs/${rows[0]?.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('We could not find that run of statements.');
    expect((await outsider.get(`${BASE}/post.pdf?${query}`)).statusCode).toBe(404);
  });
});
