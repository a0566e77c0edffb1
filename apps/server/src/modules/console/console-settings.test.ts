import { ZPlatformSettings } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readOutbox, readOutboxTable } from '../../../test/mail.ts';
import { multipartBody, PNG } from '../../../test/multipart.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { API, as, consoleAudit, userIdOf } from './console.test-support.ts';

// The platform logo, the organisation defaults (docs/product/console.md#consolesettings, decision 083)
// and e-mails that leave only once their transaction has committed.

const LOGO = `${API}/settings/logo`;
const asFile = (u: ReturnType<typeof multipartBody>) => ({ body: u.payload, headers: u.headers });
const DEFAULTS = {
  base_currency: 'GBP',
  time_zone: 'Europe/London',
  locale: 'en-GB',
  fiscal_year_start_month: 4,
  receipt_footer: 'Hosted by the Kindling Co-op.',
};
const SETTINGS = {
  name: 'Kindling Co-op',
  default_platform_fee_bps: 150,
  self_service_sign_up: true,
  maintenance_banner: '',
};

async function npoRow(ctx: ReturnType<typeof useTestApp>, id: number) {
  const { rows } = await ctx.db.execute<Record<string, unknown>>(sql`
    SELECT base_currency, time_zone, locale, fiscal_year_start_month, receipt_footer, platform_fee_bps
    FROM npos WHERE id = ${id}`);
  return rows[0];
}

describe('the platform logo', () => {
  const ctx = useTestApp();

  it('is uploaded by the operator only, validated, stored, shown in every shell, audited and removable', async () => {
    const upload = multipartBody(PNG, 'logo.png', 'image/png');
    const anonymous = new TestClient(ctx.app);
    await anonymous.prime();
    const reason = '?reason=New%20brand';
    expect((await anonymous.request('POST', `${LOGO}${reason}`, asFile(upload))).statusCode).toBe(401);
    const admin = await as(ctx, 'admin@kindling.test');
    expect((await admin.request('POST', `${LOGO}${reason}`, asFile(upload))).statusCode).toBe(403);
    expect((await admin.request('DELETE', `${LOGO}${reason}`)).statusCode).toBe(403);

    const operator = await as(ctx, 'console@kindling.test');
    const noReason = await operator.request('POST', LOGO, asFile(upload));
    expect(noReason.statusCode).toBe(400);
    const svg = multipartBody(Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.svg', 'image/svg+xml');
    const refused = await operator.request('POST', `${LOGO}${reason}`, asFile(svg));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Upload a JPEG, PNG or WebP image.');
    const huge = multipartBody(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png');
    expect((await operator.request('POST', `${LOGO}${reason}`, asFile(huge))).statusCode).toBe(413);
    expect(ZPlatformSettings.parse((await operator.get(`${API}/settings`)).json()).logo_url).toBeNull();

    const res = await operator.request('POST', `${LOGO}${reason}`, asFile(upload));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().logo_url;
    expect(url).toMatch(/^\/uploads\/platform\/logo\/logo-[0-9a-f]+\.png$/);
    expect((await ctx.app.inject({ method: 'GET', url })).rawPayload.equals(PNG)).toBe(true);
    expect(ZPlatformSettings.parse((await operator.get(`${API}/settings`)).json()).logo_url).toBe(url);
    // Every signed-in shell (any organisation's staff too) shows the platform's name and logo.
    const staff = await as(ctx, 'staff@kindling.test');
    expect((await staff.get('/api/v1/platform/notice')).json()).toMatchObject({
      platform_name: 'Kindling',
      platform_logo_url: url,
    });
    expect((await consoleAudit(ctx)).at(-1)).toMatchObject({
      action: 'console.logo_changed',
      reason: 'New brand',
      actor: 'console@kindling.test',
    });

    // A new logo replaces the file; removing it brings Kindling's mark back.
    const second = await operator.request('POST', `${LOGO}${reason}`, asFile(upload));
    const secondUrl: string = second.json().logo_url;
    expect(secondUrl).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const removed = await operator.request('DELETE', `${LOGO}?reason=Back%20to%20default`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ logo_url: null });
    expect((await staff.get('/api/v1/platform/notice')).json().platform_logo_url).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
    expect((await operator.request('DELETE', `${LOGO}?reason=Again%20please`)).statusCode).toBe(409);
    expect((await consoleAudit(ctx)).at(-1)).toMatchObject({
      action: 'console.logo_removed',
      reason: 'Back to default',
    });
  });

  it('puts the logo above an announcement e-mail', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const upload = multipartBody(PNG, 'logo.png', 'image/png');
    const url: string = (await operator.request('POST', `${LOGO}?reason=Brand`, asFile(upload))).json().logo_url;
    const before = (await readOutboxTable(ctx.db)).length;
    const sent = await operator.post(`${API}/announcements`, {
      title: 'Logo check',
      message: 'Our new look.',
      audience: 'all',
      reason: 'Brand launch',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect.poll(async () => (await readOutboxTable(ctx.db)).length, { timeout: 30_000 }).toBeGreaterThan(before);
    // The raw message: its HTML part is quoted-printable (soft line breaks, =3D for =).
    const raw = ((await readOutboxTable(ctx.db)).at(-1)?.text ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(raw).toContain(`<img src="http://localhost:3000${url}" alt="Kindling"`);
  });
});

describe('the organisation defaults', () => {
  const ctx = useTestApp();

  it('are validated, audited, and what a new organisation starts with, by sign-up or from the console', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const bad = await operator.put(`${API}/settings`, {
      ...SETTINGS,
      organisation_defaults: { ...DEFAULTS, time_zone: 'Mars/Olympus' },
      reason: 'Defaults',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/time zone/);
    const saved = await operator.put(`${API}/settings`, {
      ...SETTINGS,
      organisation_defaults: DEFAULTS,
      reason: 'UK co-operative',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZPlatformSettings.parse(saved.json()).organisation_defaults).toEqual(DEFAULTS);
    // Left out, the defaults stay as they are.
    const kept = await operator.put(`${API}/settings`, { ...SETTINGS, reason: 'Name only' });
    expect(kept.json().organisation_defaults).toEqual(DEFAULTS);
    const { rows } = await ctx.db.execute<{ after: Record<string, unknown> }>(sql`
      SELECT data->'after' AS after FROM audit_log WHERE action = 'console.settings_changed' ORDER BY id LIMIT 1`);
    expect(rows[0]?.after).toMatchObject({ organisation_defaults: DEFAULTS });

    // Sign-up without a currency or a browser zone: the platform's.
    const newcomer = new TestClient(ctx.app);
    await newcomer.prime();
    const account = await newcomer.post('/api/v1/signup', {
      first_name: 'Dee',
      last_name: 'Fault',
      email: 'dee@example.org',
      password: 'a-long-password-1',
    });
    expect(account.statusCode, account.body).toBe(200);
    const created = await newcomer.post('/api/v1/npo_admin/organisations', { name: 'Dee’s Trust' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await npoRow(ctx, created.json().npo.id)).toEqual({
      base_currency: 'GBP',
      time_zone: 'Europe/London',
      locale: 'en-GB',
      fiscal_year_start_month: 4,
      receipt_footer: 'Hosted by the Kindling Co-op.',
      // No fee of its own: the platform default applies (the console shows the effective fee).
      platform_fee_bps: null,
    });
    // The creator's browser zone and chosen currency win over the defaults.
    const own = await newcomer.post('/api/v1/npo_admin/organisations', {
      name: 'Dee’s Second Trust',
      base_currency: 'USD',
      time_zone: 'America/New_York',
    });
    expect(await npoRow(ctx, own.json().npo.id)).toMatchObject({
      base_currency: 'USD',
      time_zone: 'America/New_York',
      fiscal_year_start_month: 4,
    });

    const invited = await operator.post(`${API}/organizations`, {
      name: 'Valley Hospice',
      country: 'GB',
      base_currency: 'GBP',
      owner_email: 'valley.owner@example.org',
      reason: 'Hosting agreement signed',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await npoRow(ctx, invited.json().id)).toMatchObject({
      time_zone: 'Europe/London',
      locale: 'en-GB',
      fiscal_year_start_month: 4,
      receipt_footer: 'Hosted by the Kindling Co-op.',
    });
  });
});

describe('console e-mails leave after their transaction commits', () => {
  const ctx = useTestApp();

  /** Makes the audit entry of `action` fail, as any later step of the transaction could. */
  async function failAudit(action: string) {
    await ctx.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = '${action}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit();`),
    );
  }
  const allowAudit = () => ctx.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
  const mailsTo = async (email: string) => ({
    files: (await readOutbox(ctx.dataDir)).filter((m) => m.headers.includes(`To: ${email}`)).length,
    rows: (await readOutboxTable(ctx.db)).filter((m) => m.headers.includes(`To: ${email}`)).length,
  });

  it('sends no verification link when resending it rolls back, and one when it commits', async () => {
    const id = await userIdOf(ctx, 'nico.newcomer@example.org');
    const operator = await as(ctx, 'console@kindling.test');
    const before = await mailsTo('nico.newcomer@example.org');
    await failAudit('console.user_resend_verification');
    const failed = await operator.post(`${API}/users/${id}/resend_verification`, { reason: 'Asked by phone' });
    expect(failed.statusCode).toBe(500);
    expect(await mailsTo('nico.newcomer@example.org')).toEqual(before);
    await allowAudit();
    const sent = await operator.post(`${API}/users/${id}/resend_verification`, { reason: 'Asked by phone' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await mailsTo('nico.newcomer@example.org')).toEqual({ files: before.files + 1, rows: before.rows + 1 });
  });

  it('sends no owner invitation when creating the organisation rolls back', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    await failAudit('console.organisation_created');
    const failed = await operator.post(`${API}/organizations`, {
      name: 'Rolled Back Trust',
      country: 'GB',
      base_currency: 'GBP',
      owner_email: 'rolled.back@example.org',
      reason: 'Hosting agreement signed',
    });
    expect(failed.statusCode).toBe(500);
    expect(await mailsTo('rolled.back@example.org')).toEqual({ files: 0, rows: 0 });
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM npos WHERE name = 'Rolled Back Trust'`);
    expect(rows).toHaveLength(0);
    await allowAudit();
  });
});
