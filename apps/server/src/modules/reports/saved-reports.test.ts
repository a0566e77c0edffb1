import { ZSavedReport, ZSavedReportList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { outsiderOrganisation, signedIn, userIdOf } from '../team/team.test-support.ts';
import { isoWeekday } from './report-schedule-calendar.ts';
import { dueScheduledRuns, sendScheduledReport } from './saved-reports.jobs.ts';

const BASE = '/api/v1/npo_admin/reports/saved';
const ctx = useTestApp();

const incomeByCampaign = {
  name: 'Income by campaign',
  report: 'income',
  filters: { period: 'last-12-months', group_by: 'campaign' },
  columns: ['gifts', 'net'],
};

/** The attachment of a raw e-mail: its filename and decoded content. */
function attachmentOf(raw: string): { filename: string; content: string } | null {
  const match = raw.match(/filename="?([^"\n;]+)"?[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)\n/);
  if (!match?.[1] || !match[2]) return null;
  return { filename: match[1].trim(), content: Buffer.from(match[2].replace(/\n/g, ''), 'base64').toString('utf8') };
}

describe('saved reports', () => {
  let finance: TestClient;
  let staff: TestClient;
  let admin: TestClient;
  let npoId: number;

  beforeAll(async () => {
    finance = await signedIn(ctx, 'finance@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    admin = await signedIn(ctx, 'admin@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
    npoId = Number(rows[0]?.id);
  });

  const save = async (client: TestClient, body: object) => {
    const res = await client.post(BASE, body);
    expect(res.statusCode, res.body).toBe(201);
    return ZSavedReport.parse(res.json());
  };

  it('shows the demo organisation its saved reports and schedule', async () => {
    const res = await finance.get(BASE);
    expect(res.statusCode, res.body).toBe(200);
    const { reports } = ZSavedReportList.parse(res.json());
    const monthly = reports.find((r) => r.name === 'Monthly income by campaign');
    expect(monthly?.shared).toBe(true);
    expect(monthly?.schedule?.cadence).toBe('after_month_end');
    expect(monthly?.schedule?.runs[0]?.status).toBe('sent');
    expect(reports.some((r) => r.name === 'Top donors this year' && !r.shared)).toBe(true);
    // The private one is the finance member's only.
    const others = ZSavedReportList.parse((await staff.get(BASE)).json()).reports.map((r) => r.name);
    expect(others).toContain('Monthly income by campaign');
    expect(others).not.toContain('Top donors this year');
  });

  it('keeps a private report from everyone else (404) and a shared one read-only except for admins', async () => {
    const own = await save(finance, { ...incomeByCampaign, shared: false });
    expect(own).toMatchObject({ owner: { name: expect.any(String) }, editable: true, columns: ['gifts', 'net'] });
    expect((await staff.get(`${BASE}/${own.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${BASE}/${own.id}`)).statusCode).toBe(404);
    expect((await staff.request('DELETE', `${BASE}/${own.id}`)).statusCode).toBe(404);

    const shared = await save(finance, { ...incomeByCampaign, name: 'Shared income', shared: true });
    const seen = ZSavedReport.parse((await staff.get(`${BASE}/${shared.id}`)).json());
    expect(seen.editable).toBe(false);
    const refused = await staff.request('PATCH', `${BASE}/${shared.id}`, { body: { name: 'Mine now' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only the member who saved this report or an administrator/);
    const renamed = await admin.request('PATCH', `${BASE}/${shared.id}`, { body: { name: 'Income for the board' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZSavedReport.parse(renamed.json()).name).toBe('Income for the board');
    expect((await finance.request('DELETE', `${BASE}/${shared.id}`)).statusCode).toBe(204);
    expect((await staff.get(`${BASE}/${shared.id}`)).statusCode).toBe(404);
  });

  it('answers bad input with 400 and a message, and another organisation’s campaign with 404', async () => {
    const cases: [object, RegExp][] = [
      [{ ...incomeByCampaign, name: ' ' }, /Give the report a name/],
      [{ ...incomeByCampaign, report: 'weather' }, /Choose a report of the reports centre/],
      [{ ...incomeByCampaign, report: 'donors', view: 'tea' }, /Choose a view of this report/],
      [{ ...incomeByCampaign, filters: { period: 'custom', from: '2026-02-31' } }, /not a real date/],
      [{ ...incomeByCampaign, filters: { group_by: 'weather' } }, /Group by day/],
    ];
    for (const [body, message] of cases) {
      const res = await finance.post(BASE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const outsider = await outsiderOrganisation(ctx, 'saved-reports-outsider@example.org', 'Saved Reports Outsider');
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM campaigns WHERE npo_id <> ${npoId} ORDER BY id LIMIT 1`,
    );
    const foreign = await finance.post(BASE, { ...incomeByCampaign, filters: { campaign_id: String(rows[0]?.id) } });
    expect(foreign.statusCode).toBe(404);
    // The other organisation's admin reaches none of this organisation's saved reports.
    const demo = ZSavedReportList.parse((await finance.get(BASE)).json()).reports[0];
    expect((await outsider.client.get(`${BASE}/${demo?.id}`)).statusCode).toBe(404);
    expect(
      (
        await outsider.client.put(`${BASE}/${demo?.id}/schedule`, {
          cadence: 'monthly',
          day_of_month: 2,
          format: 'csv',
          recipients: [1],
        })
      ).statusCode,
    ).toBe(404);
    expect((await outsider.client.request('DELETE', `${BASE}/${demo?.id}`)).statusCode).toBe(404);
    expect(ZSavedReportList.parse((await outsider.client.get(BASE)).json()).reports).toEqual([]);
  });

  it('refuses anonymous callers, a peer fundraiser and a member without “View reports”', async () => {
    expect((await new TestClient(ctx.app).get(BASE)).statusCode).toBe(401);
    const peer = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await peer.get(BASE)).statusCode).toBe(403);
    expect((await peer.post(BASE, incomeByCampaign)).statusCode).toBe(403);
    await ctx.db.execute(sql`UPDATE memberships SET revoked_permissions = '["reports.view"]'::jsonb
      WHERE npo_id = ${npoId} AND user_id = ${await userIdOf(ctx, 'manager@kindling.test')}`);
    const manager = await signedIn(ctx, 'manager@kindling.test');
    const res = await manager.get(BASE);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/“View reports”/);
    // …and is not offered as a recipient.
    const { members } = (await finance.get(`${BASE}/recipients`)).json() as { members: { email: string }[] };
    expect(members.map((m) => m.email)).toContain('staff@kindling.test');
    expect(members.map((m) => m.email)).not.toContain('manager@kindling.test');
    expect(members.map((m) => m.email)).not.toContain('fundraiser@kindling.test');
  });

  it('validates a schedule: its day, format and recipients who may see reports', async () => {
    const report = await save(finance, { ...incomeByCampaign, name: 'Schedule checks' });
    const url = `${BASE}/${report.id}/schedule`;
    const financeId = await userIdOf(ctx, 'finance@kindling.test');
    const cases: [object, RegExp][] = [
      [{ cadence: 'weekly', format: 'csv', recipients: [financeId] }, /Choose the weekday/],
      [{ cadence: 'monthly', day_of_month: 31, format: 'csv', recipients: [financeId] }, /day from 1 to 28/],
      [{ cadence: 'monthly', day_of_month: 3, format: 'doc', recipients: [financeId] }, /CSV, XLSX or PDF/],
      [{ cadence: 'monthly', day_of_month: 3, format: 'csv', recipients: [] }, /at least one recipient/],
      [{ cadence: 'yearly', format: 'csv', recipients: [financeId] }, /weekly, monthly or after month end/],
      [
        {
          cadence: 'monthly',
          day_of_month: 3,
          format: 'csv',
          recipients: [await userIdOf(ctx, 'fundraiser@kindling.test')],
        },
        /does not hold the “View reports” permission/,
      ],
      [
        {
          cadence: 'monthly',
          day_of_month: 3,
          format: 'csv',
          recipients: [await userIdOf(ctx, 'saved-reports-outsider@example.org')],
        },
        /not a member of this organisation/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await finance.put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(ZSavedReport.parse((await finance.get(`${BASE}/${report.id}`)).json()).schedule).toBeNull();
  });

  it('e-mails a due schedule once, with the attachment, to recipients who may still see reports', async () => {
    const zone = String(
      (await ctx.db.execute<{ zone: string }>(sql`SELECT time_zone AS zone FROM npos WHERE id = ${npoId}`)).rows[0]
        ?.zone,
    );
    const today = dayIn(new Date(), zone);
    const report = await save(finance, { ...incomeByCampaign, name: 'Weekly income', shared: true });
    const ids = await Promise.all(
      ['finance@kindling.test', 'admin@kindling.test', 'staff@kindling.test'].map((e) => userIdOf(ctx, e)),
    );
    const set = await finance.put(`${BASE}/${report.id}/schedule`, {
      cadence: 'weekly',
      weekday: isoWeekday(today),
      format: 'csv',
      recipients: ids,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(ZSavedReport.parse(set.json()).schedule?.next_on).toBe(today);
    // Staff loses the permission after the schedule was saved: skipped at send time.
    await ctx.db.execute(sql`UPDATE memberships SET revoked_permissions = '["reports.view"]'::jsonb
      WHERE npo_id = ${npoId} AND user_id = ${ids[2]}`);

    const scheduleId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM report_schedules WHERE saved_report_id = ${report.id}`))
        .rows[0]?.id,
    );
    const due = (await dueScheduledRuns(ctx.db)).filter((d) => d.scheduleId === scheduleId);
    expect(due).toEqual([{ npoId, scheduleId, period: today }]);
    const job = { npoId, scheduleId, period: today };
    const deps = { db: ctx.db, readDb: ctx.db, mailer: ctx.mailer, log: () => {} };
    const before = (await readOutboxTable(ctx.db)).length;
    // The job run twice (a retry after a crash, a second sweep) sends once.
    const sent = await Promise.all([sendScheduledReport(deps, job), sendScheduledReport(deps, job)]);
    expect(sent.sort()).toEqual([0, 2]);
    expect(await sendScheduledReport(deps, job)).toBe(0);

    const mails = (await readOutboxTable(ctx.db)).slice(before);
    expect(mails).toHaveLength(2);
    const to = mails.map((m) => m.headers.match(/^To: (.+)$/m)?.[1]).sort();
    expect(to).toEqual(['admin@kindling.test', 'finance@kindling.test']);
    const file = attachmentOf(mails[0]?.text ?? '');
    expect(file?.filename).toBe(`weekly-income-${today}.csv`);
    expect(file?.content.split('\n')[0]).toMatch(/^Campaign,Gifts,Net \(\w{3}\)$/);

    const view = ZSavedReport.parse((await finance.get(`${BASE}/${report.id}`)).json());
    expect(view.schedule?.runs).toHaveLength(1);
    expect(view.schedule?.runs[0]).toMatchObject({ period: today, status: 'sent' });
    expect(view.schedule?.runs[0]?.sent_to.sort()).toEqual(['admin@kindling.test', 'finance@kindling.test']);
    expect(view.schedule?.runs[0]?.skipped).toEqual([
      { name: expect.any(String), reason: 'does not hold “View reports”' },
    ]);
    expect((await dueScheduledRuns(ctx.db)).some((d) => d.scheduleId === scheduleId)).toBe(false);
  });
});
