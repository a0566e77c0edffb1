import { MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient, totpCode } from '../../../test/test-client.ts';

const ME = 'admin@kindling.test';

describe('MFA settings on /profile', () => {
  const ctx = useTestApp();
  const forgetUsedStep = () => ctx.db.execute(sql`UPDATE users SET otp_consumed_step = NULL WHERE email = ${ME}`);
  const wrongCode = (secret: string) => (totpCode(secret) === '000000' ? '111111' : '000000');

  it('needs a session', async () => {
    const c = new TestClient(ctx.app);
    expect((await c.get('/api/v1/account/mfa')).statusCode).toBe(401);
    expect((await c.post('/api/v1/account/mfa/setup')).statusCode).toBe(401);
  });

  it('enrols with a QR code and a confirmation code, regenerates backup codes and turns off', async () => {
    const c = new TestClient(ctx.app);
    await c.signIn(ME);
    expect((await c.get('/api/v1/account/mfa')).json()).toEqual({ otp_enabled: false, backup_codes_remaining: 0 });

    const setup = (await c.post('/api/v1/account/mfa/setup')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Kindling:admin%40kindling\.test\?/);
    expect(setup.otpauth_url).toContain('issuer=Kindling');
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const pending = await ctx.db.execute<{ otp_pending_secret: string; otp_enabled: boolean }>(
      sql`SELECT otp_pending_secret, otp_enabled FROM users WHERE email = ${ME}`,
    );
    expect(pending.rows[0]?.otp_enabled).toBe(false);
    expect(pending.rows[0]?.otp_pending_secret).not.toContain(setup.secret);

    const wrong = await c.post('/api/v1/account/mfa/enable', { otp_code: wrongCode(setup.secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_OTP', message: MESSAGES.invalidOtp });
    const enabled = await c.post('/api/v1/account/mfa/enable', { otp_code: totpCode(setup.secret) });
    expect(enabled.statusCode).toBe(200);
    const firstCodes: string[] = enabled.json().backup_codes;
    expect(firstCodes).toHaveLength(10);
    expect((await c.get('/api/v1/account/mfa')).json()).toEqual({ otp_enabled: true, backup_codes_remaining: 10 });
    expect((await c.post('/api/v1/account/mfa/setup')).statusCode).toBe(409);

    // Sign-in now asks for the second factor.
    expect((await new TestClient(ctx.app).signIn(ME)).two_factor_required).toBe(true);

    const regenerated = await c.post('/api/v1/account/mfa/backup_codes', { otp_code: totpCode(setup.secret, 1) });
    expect(regenerated.statusCode).toBe(200);
    const newCodes: string[] = regenerated.json().backup_codes;
    expect(newCodes).toHaveLength(10);
    expect(newCodes.some((code) => firstCodes.includes(code))).toBe(false);
    const other = new TestClient(ctx.app);
    const temp = (await other.signIn(ME)).temp_session_id;
    expect(
      (await other.post('/api/v1/verify_backup_code', { temp_session_id: temp, backup_code: firstCodes[0] }))
        .statusCode,
    ).toBe(422);
    expect(
      (await other.post('/api/v1/verify_backup_code', { temp_session_id: temp, backup_code: newCodes[0] })).statusCode,
    ).toBe(200);
    expect((await c.get('/api/v1/account/mfa')).json().backup_codes_remaining).toBe(9);

    // Both steps of the window are used up by now; forget them to get a usable code.
    await forgetUsedStep();
    expect((await c.post('/api/v1/account/mfa/disable', { otp_code: wrongCode(setup.secret) })).statusCode).toBe(422);
    const disabled = await c.post('/api/v1/account/mfa/disable', { otp_code: totpCode(setup.secret) });
    expect(disabled.statusCode).toBe(200);
    expect((await c.get('/api/v1/account/mfa')).json()).toEqual({ otp_enabled: false, backup_codes_remaining: 0 });
    expect((await new TestClient(ctx.app).signIn(ME)).two_factor_required).toBe(false);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM backup_codes b JOIN users u ON u.id = b.user_id WHERE u.email = ${ME}`,
    );
    expect(rows[0]?.n).toBe(0);

    const audit = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'user.mfa%' OR action = 'user.backup_codes_regenerated' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'user.mfa_enabled',
      'user.backup_codes_regenerated',
      'user.mfa_disabled',
    ]);
  });

  it('refuses a code already used for the same step', async () => {
    const c = new TestClient(ctx.app);
    await c.signIn(ME);
    // The web app posts an empty JSON object.
    const { secret } = (await c.post('/api/v1/account/mfa/setup', {})).json();
    const code = totpCode(secret);
    expect((await c.post('/api/v1/account/mfa/enable', { otp_code: code })).statusCode).toBe(200);
    const replay = await c.post('/api/v1/account/mfa/backup_codes', { otp_code: code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('INVALID_OTP');
  });

  it('explains what is missing when enabling without a set-up', async () => {
    const c = new TestClient(ctx.app);
    await c.signIn('staff@kindling.test');
    const res = await c.post('/api/v1/account/mfa/enable', { otp_code: '123456' });
    expect(res.statusCode).toBe(400);
    const off = await c.post('/api/v1/account/mfa/disable', { otp_code: '123456' });
    expect(off.statusCode).toBe(400);
  });
});
