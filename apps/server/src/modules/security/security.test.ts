import { ZAuditResponse, ZMemberSessionsResponse, ZSignInHistoryResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { setCookieOf, TestClient, totpCode } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { DEMO_PASSWORD } from '../../seed/demo-seed.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin/security';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('/admin/security: policy, sessions, sign-in history and audit log', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let outsider: Awaited<ReturnType<typeof outsiderOrganisation>>;

  /** A password sign-in from a browser with a user agent; answers the login body. */
  const signInAs = async (c: TestClient, email: string, password = DEMO_PASSWORD) =>
    c.post('/api/v1/npo_users/sign_in', { npo_user: { email, password } }, { headers: { 'user-agent': FIREFOX } });

  /** The demo TOTP admin, through both factors. */
  const mfaAdmin = async () => {
    await ctx.db.execute(sql`UPDATE users SET otp_consumed_step = NULL WHERE email = 'mfa@kindling.test'`);
    const c = new TestClient(ctx.app);
    const temp = (await c.signIn('mfa@kindling.test')).temp_session_id;
    expect((await c.post('/api/v1/verify_otp', { temp_session_id: temp, otp_code: totpCode() })).statusCode).toBe(200);
    return c;
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    outsider = await outsiderOrganisation(ctx, 'security-outsider@example.org', 'Security Outsider Trust');
  });

  describe('access', () => {
    const reads = ['/settings', '/sessions', '/sign_ins', '/audit', '/audit/export'];

    it('answers 401 without a session and 403 to finance, staff and fundraisers', async () => {
      const anonymous = new TestClient(ctx.app);
      for (const path of reads) expect((await anonymous.get(`${API}${path}`)).statusCode, path).toBe(401);
      expect((await anonymous.request('DELETE', `${API}/sessions/1`)).statusCode).toBe(401);
      for (const who of ['finance', 'staff', 'fundraiser']) {
        const c = await signedIn(ctx, `${who}@kindling.test`);
        for (const path of reads) expect((await c.get(`${API}${path}`)).statusCode, `${who} ${path}`).toBe(403);
        expect(
          (await c.put(`${API}/settings`, { require_two_factor: false, session_lifetime_hours: 24 })).statusCode,
        ).toBe(403);
        expect((await c.request('DELETE', `${API}/sessions/1`)).statusCode).toBe(403);
      }
    });

    it('answers 404 for another organisation’s session, which goes on working', async () => {
      const staff = new TestClient(ctx.app);
      await signInAs(staff, 'staff@kindling.test');
      const listed = ZMemberSessionsResponse.parse((await admin.get(`${API}/sessions`)).json());
      const staffSession = listed.sessions.find((s) => s.email === 'staff@kindling.test');
      expect(staffSession).toBeDefined();
      const res = await outsider.client.request('DELETE', `${API}/sessions/${staffSession?.id}`);
      expect(res.statusCode).toBe(404);
      expect((await staff.get('/api/v1/refresh')).statusCode).toBe(200);
      const theirs = ZMemberSessionsResponse.parse((await outsider.client.get(`${API}/sessions`)).json());
      expect(theirs.sessions.map((s) => s.email)).toEqual(['security-outsider@example.org']);
      const history = ZSignInHistoryResponse.parse((await outsider.client.get(`${API}/sign_ins`)).json());
      expect(history.attempts.every((a) => a.email === 'security-outsider@example.org')).toBe(true);
    });

    it('refuses bad input with field messages and changes nothing', async () => {
      const bad = await admin.put(`${API}/settings`, { require_two_factor: 'yes', session_lifetime_hours: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        require_two_factor: 'Choose whether two-step verification is required',
        session_lifetime_hours: 'A session lasts at least 1 hour',
      });
      const long = await admin.put(`${API}/settings`, { require_two_factor: false, session_lifetime_hours: 721 });
      expect(long.json().fields.session_lifetime_hours).toBe('A session lasts at most 30 days (720 hours)');
      const dates = await admin.get(`${API}/audit?from=2026-02-01&to=2026-01-01`);
      expect(dates.statusCode).toBe(400);
      expect(dates.json().fields.to).toBe('The end date is before the start date');
      expect((await admin.get(`${API}/audit?from=yesterday`)).json().fields.from).toBe('Use a date like 2026-01-31');
      expect((await admin.get(`${API}/sign_ins?per_page=1000`)).json().fields.per_page).toBe(
        'Per page must be at most 100',
      );
      expect((await admin.request('DELETE', `${API}/sessions/abc`)).statusCode).toBe(400);
      // Requiring a second factor needs one of your own first.
      const own = await admin.put(`${API}/settings`, { require_two_factor: true, session_lifetime_hours: 24 });
      expect(own.statusCode).toBe(400);
      expect(own.json().fields.require_two_factor).toMatch(/your own account first/);
      expect((await admin.get(`${API}/settings`)).json()).toMatchObject({
        require_two_factor: false,
        session_lifetime_hours: 720,
      });
    });
  });

  it('lists every member’s live session with device, address and last use, and revokes one at once', async () => {
    const manager = new TestClient(ctx.app, { remoteAddress: '203.0.113.7' });
    expect((await signInAs(manager, 'manager@kindling.test')).statusCode).toBe(200);
    const listed = ZMemberSessionsResponse.parse((await admin.get(`${API}/sessions`)).json());
    const theirs = listed.sessions.find((s) => s.email === 'manager@kindling.test');
    expect(theirs).toMatchObject({
      member: 'Mona Manager',
      device: 'Firefox on Linux',
      ip: '203.0.113.7',
      current: false,
    });
    expect(listed.sessions.find((s) => s.email === 'admin@kindling.test')?.current).toBe(true);

    expect((await admin.request('DELETE', `${API}/sessions/${theirs?.id}`)).statusCode).toBe(204);
    const after = await manager.get('/api/v1/npo_admin/team');
    expect(after.statusCode).toBe(401);
    expect((await admin.request('DELETE', `${API}/sessions/${theirs?.id}`)).statusCode).toBe(404);
    const audit = ZAuditResponse.parse((await admin.get(`${API}/audit?action=session.revoked`)).json());
    expect(audit.entries[0]).toMatchObject({
      actor: 'Ada Admin',
      entity: 'user',
      data: { device: 'Firefox on Linux' },
    });
  });

  it('keeps the sign-in history of the members, failures with their reason, and no unknown e-mails', async () => {
    const c = new TestClient(ctx.app, { remoteAddress: '198.51.100.9' });
    expect((await signInAs(c, 'staff@kindling.test', 'wrong-password')).statusCode).toBe(422);
    expect((await signInAs(c, 'nobody-here@example.org', 'wrong-password')).statusCode).toBe(422);
    expect((await signInAs(c, 'staff@kindling.test')).statusCode).toBe(200);
    const failed = ZSignInHistoryResponse.parse((await admin.get(`${API}/sign_ins?outcome=failed`)).json());
    expect(failed.attempts[0]).toMatchObject({
      member: 'Stella Staff',
      email: 'staff@kindling.test',
      succeeded: false,
      reason: 'wrong_password',
      ip: '198.51.100.9',
      device: 'Firefox on Linux',
    });
    expect(failed.attempts.every((a) => !a.succeeded)).toBe(true);
    const all = ZSignInHistoryResponse.parse((await admin.get(`${API}/sign_ins?per_page=2`)).json());
    expect(all.attempts[0]).toMatchObject({ email: 'staff@kindling.test', succeeded: true, reason: null });
    expect(all.attempts).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const everything = ZSignInHistoryResponse.parse((await admin.get(`${API}/sign_ins?per_page=100`)).json());
    expect(everything.attempts.map((a) => a.email)).not.toContain('nobody-here@example.org');
  });

  it('filters and pages the audit log, and exports it as CSV', async () => {
    const first = ZAuditResponse.parse((await admin.get(`${API}/audit?per_page=1`)).json());
    expect(first.entries).toHaveLength(1);
    expect(first.total).toBeGreaterThan(1);
    expect(first.actions).toContain('session.revoked');
    expect(first.entities).toContain('user');
    const adminId = first.actors.find((a) => a.name === 'Ada Admin')?.id;
    expect(adminId).toBeDefined();
    const byActor = ZAuditResponse.parse((await admin.get(`${API}/audit?actor_id=${adminId}&per_page=100`)).json());
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((e) => e.actor_id === adminId)).toBe(true);
    const today = dayIn(new Date(), 'America/New_York');
    const byDay = ZAuditResponse.parse((await admin.get(`${API}/audit?from=${today}&to=${today}&entity=user`)).json());
    expect(byDay.entries.length).toBeGreaterThan(0);
    expect(byDay.entries.every((e) => e.entity === 'user' && dayIn(new Date(e.at), 'America/New_York') === today)).toBe(
      true,
    );
    expect(ZAuditResponse.parse((await admin.get(`${API}/audit?to=2000-01-01`)).json()).total).toBe(0);
    const outsiders = ZAuditResponse.parse((await outsider.client.get(`${API}/audit?per_page=100`)).json());
    expect(outsiders.entries.some((e) => e.action === 'session.revoked')).toBe(false);

    const csv = await admin.get(`${API}/audit/export?action=session.revoked`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // Riverside keeps New York's clock: the dates, their header and the file's day are its own.
    expect(lines[0]).toBe('Date (America/New_York),Who,Action,Entity,Entity id,IP address,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ada Admin,session.revoked,user');
    const [revoked] = ZAuditResponse.parse((await admin.get(`${API}/audit?action=session.revoked`)).json()).entries;
    const newYork = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    expect(lines[1]?.startsWith(`${newYork.format(new Date(revoked?.at ?? ''))},`)).toBe(true);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="audit-log-${newYork.format(new Date()).slice(0, 10)}.csv"`,
    );
    const exported = ZAuditResponse.parse((await admin.get(`${API}/audit?action=audit.exported`)).json());
    expect(exported.total).toBe(1);
  });

  it('applies a shorter session lifetime to new sessions and at once to live ones', async () => {
    const boss = await mfaAdmin();
    const res = await boss.put(`${API}/settings`, { require_two_factor: false, session_lifetime_hours: 2 });
    expect(res.statusCode).toBe(200);
    const late = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sessions s JOIN npos n ON n.id = s.selected_npo_id
        WHERE n.slug = 'riverside-food-bank' AND s.expires_at > s.last_seen_at + interval '2 hours 1 minute'`,
    );
    expect(late.rows[0]?.n).toBe(0);
    const c = new TestClient(ctx.app);
    const signIn = await signInAs(c, 'staff@kindling.test');
    expect(setCookieOf(signIn, 'kindling_session')?.maxAge).toBe(2 * 60 * 60);
    expect(
      (await boss.put(`${API}/settings`, { require_two_factor: false, session_lifetime_hours: 720 })).statusCode,
    ).toBe(200);
  });

  describe('an organisation that requires a second factor', () => {
    let boss: TestClient;
    beforeAll(async () => {
      boss = await mfaAdmin();
      const on = await boss.put(`${API}/settings`, { require_two_factor: true, session_lifetime_hours: 720 });
      expect(on.json()).toMatchObject({ require_two_factor: true, members_without_two_factor: 6 });
    });

    it('sends a member without one to set it up: organisation routes answer 403 until they do', async () => {
      const staff = new TestClient(ctx.app);
      const login = (await signInAs(staff, 'staff@kindling.test')).json();
      expect(login.npo_user.mfa_setup_required).toBe(true);
      const refused = await staff.get('/api/v1/npo_admin/donations');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'MFA_SETUP_REQUIRED' });
      const refresh = await staff.get('/api/v1/refresh');
      expect(refresh.statusCode).toBe(200);
      expect(refresh.json().npo_user.mfa_setup_required).toBe(true);

      const setup = (await staff.post('/api/v1/account/mfa/setup')).json();
      expect((await staff.post('/api/v1/account/mfa/enable', { otp_code: totpCode(setup.secret) })).statusCode).toBe(
        200,
      );
      expect((await staff.get('/api/v1/npo_admin/donations')).statusCode).toBe(200);
      expect((await staff.get('/api/v1/refresh')).json().npo_user.mfa_setup_required).toBe(false);
    });

    it('already signed-in members are held at their next request; fundraisers and members with a factor are not', async () => {
      expect((await admin.get('/api/v1/npo_admin/team')).json()).toMatchObject({ code: 'MFA_SETUP_REQUIRED' });
      expect((await boss.get(`${API}/sessions`)).statusCode).toBe(200);
      const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
      expect((await fundraiser.get('/api/v1/refresh')).json().npo_user.mfa_setup_required).toBe(false);
    });

    it('records a wrong second factor in the sign-in history', async () => {
      const c = new TestClient(ctx.app);
      const temp = (await c.signIn('mfa@kindling.test')).temp_session_id;
      const wrong = totpCode() === '000000' ? '111111' : '000000';
      expect((await c.post('/api/v1/verify_otp', { temp_session_id: temp, otp_code: wrong })).statusCode).toBe(422);
      const failed = ZSignInHistoryResponse.parse((await boss.get(`${API}/sign_ins?outcome=failed`)).json());
      expect(failed.attempts[0]).toMatchObject({ email: 'mfa@kindling.test', reason: 'wrong_second_factor' });
    });
  });

  it('cuts the audit log’s from and to days at the organisation’s midnights', async () => {
    // 03:00 UTC on 10 March is 22:00 on 9 March in New York, Riverside's time zone.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO audit_log (npo_id, actor_user_id, action, target_type, target_id, data, created_at)
      SELECT id, NULL, 'test.late_evening', 'npo', id::text, '{}'::jsonb, '2026-03-10T03:00:00Z'
      FROM npos WHERE slug = 'riverside-food-bank' RETURNING id`);
    const late = Number(rows[0]?.id);
    // Earlier tests may require a second factor organisation-wide: the TOTP admin reads.
    const reader = await mfaAdmin();
    const on = async (day: string) =>
      ZAuditResponse.parse((await reader.get(`${API}/audit?from=${day}&to=${day}&action=test.late_evening`)).json())
        .entries;
    expect((await on('2026-03-09')).map((e) => e.id)).toEqual([late]);
    expect(await on('2026-03-10')).toEqual([]);
  });
});
