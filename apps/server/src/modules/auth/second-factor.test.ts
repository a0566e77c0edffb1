import { MESSAGES, type TLoginResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient, totpCode } from '../../../test/test-client.ts';

const MFA = 'mfa@kindling.test';
const OTP = '/api/v1/verify_otp';
const BACKUP = '/api/v1/verify_backup_code';

describe('second factor', () => {
  const ctx = useTestApp();
  // Every successful code uses up its time step; tests start from a clean slate.
  beforeEach(async () => {
    await ctx.db.execute(sql`UPDATE users SET otp_consumed_step = NULL WHERE email = ${MFA}`);
  });
  const firstStep = async (c: TestClient) => {
    const login = await c.signIn(MFA);
    return login.temp_session_id ?? '';
  };

  it('asks for the second factor instead of signing in, with a short-lived challenge', async () => {
    const c = new TestClient(ctx.app);
    const login = await c.signIn(MFA);
    expect(login).toEqual({
      status: 200,
      two_factor_required: true,
      temp_session_id: expect.stringMatching(/^[\w-]{43}$/),
      npo_user: null,
      npos: [],
      backup_codes: null,
      stripe_account: null,
    });
    expect(c.cookies.has('kindling_session')).toBe(false);
    expect((await c.get('/api/v1/refresh')).statusCode).toBe(401);
    const { rows } = await ctx.db.execute<{ minutes: number; attempts: number }>(
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes, attempts
          FROM auth_challenges ORDER BY created_at DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ minutes: 5, attempts: 0 });
  });

  it('signs in with the authenticator code and hands out backup codes on the first completed sign-in only', async () => {
    const c = new TestClient(ctx.app);
    const res = await c.post(OTP, { temp_session_id: await firstStep(c), otp_code: totpCode() });
    expect(res.statusCode).toBe(200);
    const login: TLoginResponse = res.json();
    expect(login.npo_user).toMatchObject({
      email: MFA,
      otp_enabled: true,
      otp_required_for_login: true,
      role_name: 'admin',
    });
    expect(login.backup_codes).toHaveLength(10);
    for (const code of login.backup_codes ?? []) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(login.backup_codes).size).toBe(10);
    expect(c.cookies.has('kindling_session')).toBe(true);
    expect((await c.get('/api/v1/refresh')).json().npo_user.code).toBe(5150);

    // Only digests are stored.
    const { rows } = await ctx.db.execute<{ code_digest: string }>(
      sql`SELECT code_digest FROM backup_codes b JOIN users u ON u.id = b.user_id WHERE u.email = ${MFA}`,
    );
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_digest)).not.toContain(login.backup_codes?.[0]);

    await ctx.db.execute(sql`UPDATE users SET otp_consumed_step = NULL WHERE email = ${MFA}`);
    const again = new TestClient(ctx.app);
    const second = await again.post(OTP, { temp_session_id: await firstStep(again), otp_code: totpCode() });
    expect(second.json().backup_codes).toBeNull();
  });

  it('refuses a wrong code with 422 and counts the attempt', async () => {
    const c = new TestClient(ctx.app);
    const temp = await firstStep(c);
    const wrong = totpCode() === '000000' ? '111111' : '000000';
    const res = await c.post(OTP, { temp_session_id: temp, otp_code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, code: 'INVALID_OTP', message: MESSAGES.invalidOtp });
    const { rows } = await ctx.db.execute<{ attempts: number }>(
      sql`SELECT attempts FROM auth_challenges ORDER BY created_at DESC LIMIT 1`,
    );
    expect(rows[0]?.attempts).toBe(1);
  });

  it('kills the challenge at the sixth attempt, even with the right code', async () => {
    await ctx.db.execute(sql`DELETE FROM rate_limits`);
    const c = new TestClient(ctx.app);
    const temp = await firstStep(c);
    const wrong = totpCode() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await c.post(OTP, { temp_session_id: temp, otp_code: wrong })).statusCode).toBe(422);
    const sixth = await c.post(OTP, { temp_session_id: temp, otp_code: totpCode() });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toEqual({ status: 401, code: 'CHALLENGE_EXPIRED', message: MESSAGES.challengeExpired });
    expect(c.cookies.has('kindling_session')).toBe(false);
    await ctx.db.execute(sql`DELETE FROM rate_limits`);
  });

  it('counts no guesses without a challenge, so a stranger cannot use up the owner’s second-factor attempts', async () => {
    // The per-user limit is reached only through a challenge, which only the password opens (decision 023).
    await ctx.db.execute(sql`DELETE FROM rate_limits`);
    const stranger = new TestClient(ctx.app, { remoteAddress: '10.9.0.1' });
    for (let i = 0; i < 12; i++) {
      for (const [url, code] of [
        [OTP, { otp_code: '000000' }],
        [BACKUP, { backup_code: 'AAAAA-AAAAA' }],
      ] as const) {
        const res = await stranger.post(url, { temp_session_id: `made-up-${i}`, ...code });
        expect(res.json().code).toBe('CHALLENGE_EXPIRED');
      }
    }
    const owner = new TestClient(ctx.app, { remoteAddress: '10.9.0.2' });
    const res = await owner.post(OTP, { temp_session_id: await firstStep(owner), otp_code: totpCode() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an expired or unknown temp_session_id with 401', async () => {
    const c = new TestClient(ctx.app);
    const temp = await firstStep(c);
    await ctx.db.execute(sql`UPDATE auth_challenges SET expires_at = now() - interval '1 second'`);
    for (const id of [temp, 'not-a-real-challenge']) {
      const res = await c.post(OTP, { temp_session_id: id, otp_code: totpCode() });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('CHALLENGE_EXPIRED');
    }
  });

  it('refuses a code replayed in the same time step, and a used challenge', async () => {
    const code = totpCode();
    const first = new TestClient(ctx.app);
    const temp = await firstStep(first);
    expect((await first.post(OTP, { temp_session_id: temp, otp_code: code })).statusCode).toBe(200);
    const replay = new TestClient(ctx.app);
    const res = await replay.post(OTP, { temp_session_id: await firstStep(replay), otp_code: code });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_OTP');
    // The next step's code (inside the one-step window) still works.
    expect(
      (await replay.post(OTP, { temp_session_id: await firstStep(replay), otp_code: totpCode(undefined, 1) }))
        .statusCode,
    ).toBe(200);
    // The first challenge was consumed by its success.
    expect((await first.post(OTP, { temp_session_id: temp, otp_code: totpCode(undefined, 1) })).statusCode).toBe(401);
  });

  describe('backup codes', () => {
    let codes: string[] = [];
    beforeEach(async () => {
      if (codes.length) return;
      await ctx.db.execute(sql`UPDATE users SET backup_codes_issued_at = NULL WHERE email = ${MFA}`);
      const c = new TestClient(ctx.app);
      codes = (await c.post(OTP, { temp_session_id: await firstStep(c), otp_code: totpCode() })).json().backup_codes;
    });

    it('signs in once with a backup code, typed loosely, then refuses its reuse', async () => {
      const c = new TestClient(ctx.app);
      const typed = ` ${codes[0]?.replace('-', ' ').toLowerCase()} `;
      const ok = await c.post(BACKUP, { temp_session_id: await firstStep(c), backup_code: typed });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().npo_user.email).toBe(MFA);
      const { rows } = await ctx.db.execute<{ used: number }>(
        sql`SELECT count(*)::int AS used FROM backup_codes WHERE used_at IS NOT NULL`,
      );
      expect(rows[0]?.used).toBe(1);

      const again = new TestClient(ctx.app);
      const reuse = await again.post(BACKUP, { temp_session_id: await firstStep(again), backup_code: codes[0] });
      expect(reuse.statusCode).toBe(422);
      expect(reuse.json()).toEqual({ status: 422, code: 'INVALID_BACKUP_CODE', message: MESSAGES.invalidBackupCode });
      expect(again.cookies.has('kindling_session')).toBe(false);
      const audit = await ctx.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'user.backup_code_used'`);
      expect(audit.rows).toHaveLength(1);
    });

    it('refuses a made-up code and counts it on the same challenge', async () => {
      const c = new TestClient(ctx.app);
      const temp = await firstStep(c);
      const res = await c.post(BACKUP, { temp_session_id: temp, backup_code: 'AAAAA-BBBBB' });
      expect(res.statusCode).toBe(422);
      const ok = await c.post(BACKUP, { temp_session_id: temp, backup_code: codes[1] });
      expect(ok.statusCode).toBe(200);
      const { rows } = await ctx.db.execute<{ attempts: number }>(
        sql`SELECT attempts FROM auth_challenges ORDER BY created_at DESC LIMIT 1`,
      );
      expect(rows[0]?.attempts).toBe(2);
    });
  });
});

describe('second factor throttling', () => {
  const ctx = useTestApp({ env: { SECOND_FACTOR_FAILURE_LIMIT: '3' } });

  it('limits wrong codes per user across challenges with 429', async () => {
    const wrong = totpCode() === '000000' ? '111111' : '000000';
    const first = new TestClient(ctx.app);
    const temp = (await first.signIn(MFA)).temp_session_id;
    for (let i = 0; i < 3; i++)
      expect((await first.post(OTP, { temp_session_id: temp, otp_code: wrong })).statusCode).toBe(422);
    // A new challenge does not reset the count.
    const second = new TestClient(ctx.app);
    const temp2 = (await second.signIn(MFA)).temp_session_id;
    const res = await second.post(OTP, { temp_session_id: temp2, otp_code: totpCode() });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 429, code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.tooManyAttempts });
    const backup = await second.post(BACKUP, { temp_session_id: temp2, backup_code: 'AAAAA-BBBBB' });
    expect(backup.statusCode).toBe(429);
  });
});
