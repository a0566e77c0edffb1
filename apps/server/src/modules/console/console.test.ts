import {
  CONSOLE_MESSAGES,
  ZConsoleIndex,
  ZConsoleOrganisationDetail,
  ZConsoleOrganisationList,
  ZConsoleUserList,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payForGift, springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { API, as, consoleAudit, consoleCalls, npoIdOf, userIdOf } from './console.test-support.ts';

describe('the platform console API', () => {
  const ctx = useTestApp();

  it('answers the operator (7789) only: every other role 403 and anonymous 401, changing nothing', async () => {
    const northern = await npoIdOf(ctx, 'northern-lights-rescue');
    const staffId = await userIdOf(ctx, 'staff@kindling.test');
    const calls = consoleCalls(northern, staffId);
    for (const email of [
      'admin@kindling.test',
      'manager@kindling.test',
      'finance@kindling.test',
      'staff@kindling.test',
      'fundraiser@kindling.test',
    ]) {
      const client = await as(ctx, email);
      for (const [method, url, body] of calls) {
        const res = await client.request(method, url, body ? { body } : {});
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    const anonymous = new TestClient(ctx.app);
    await anonymous.prime();
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method, url, body ? { body } : {})).statusCode, `${method} ${url}`).toBe(401);
    }
    const operator = await as(ctx, 'console@kindling.test');
    for (const [method, url] of calls.filter(([m]) => m === 'GET')) {
      expect((await operator.request(method, url)).statusCode, url).toBe(200);
    }
    expect(await consoleAudit(ctx)).toEqual([]);
    const { rows } = await ctx.db.execute<{ status: string }>(sql`SELECT status FROM npos WHERE id = ${northern}`);
    expect(rows[0]?.status).toBe('active');
  });

  it('lists every organisation with status, processors, members and money, and the index figures', async () => {
    await payForGift(ctx, { amount: 2500, currency: 'USD', email: 'index@example.org' }).then((g) => g.confirm());
    const operator = await as(ctx, 'console@kindling.test');
    const list = ZConsoleOrganisationList.parse((await operator.get(`${API}/organizations`)).json());
    expect(list.organisations.map((o) => o.slug).sort()).toEqual([
      'harbour-hope-trust',
      'northern-lights-rescue',
      'riverside-food-bank',
    ]);
    const riverside = list.organisations.find((o) => o.slug === 'riverside-food-bank');
    expect(riverside).toMatchObject({ status: 'active', verified: false });
    expect(riverside?.members).toBeGreaterThan(5);
    expect(riverside?.processed_minor).toBeGreaterThanOrEqual(2500);
    const index = ZConsoleIndex.parse((await operator.get(API)).json());
    expect(index.organisations).toMatchObject({ active: 2, suspended: 1, closed: 0 });
    expect(index.by_day).toHaveLength(30);
    expect(index.by_month).toHaveLength(12);
    const today = new Date().toISOString().slice(0, 10);
    expect(index.by_day.find((d) => d.period === today)?.gross_minor).toBeGreaterThanOrEqual(2500);
    const filtered = ZConsoleOrganisationList.parse((await operator.get(`${API}/organizations?q=northern`)).json());
    expect(filtered.organisations.map((o) => o.slug)).toEqual(['northern-lights-rescue']);
  });

  it('suspension stops a gift on the public checkout with a clear message; reactivation lets the next through', async () => {
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    const operator = await as(ctx, 'console@kindling.test');
    const suspended = await operator.post(`${API}/organizations/${riverside}/suspend`, { reason: 'Unpaid invoice' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(ZConsoleOrganisationDetail.parse(suspended.json()).organisation).toMatchObject({
      status: 'suspended',
      status_reason: 'Unpaid invoice',
    });

    const donor = new TestClient(ctx.app);
    const campaign = await springAppeal(donor);
    expect(campaign.accepting_gifts).toBe(false);
    const intent = await donor.post('/api/v1/npo_admin/intent', {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount: 2600,
      currency: 'USD',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
    });
    expect(intent.statusCode).toBe(422);
    expect(intent.json().message).toBe(CONSOLE_MESSAGES.notAcceptingGifts(campaign.npo));
    const { rows: attempts } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sandbox_payments WHERE npo_id = ${riverside} AND amount_minor = 2600`,
    );
    expect(Number(attempts[0]?.n)).toBe(0);

    // The organisation's staff see why in their shell.
    const admin = await as(ctx, 'admin@kindling.test');
    expect((await admin.get('/api/v1/platform/notice')).json()).toMatchObject({
      organisation_status: 'suspended',
      organisation_reason: 'Unpaid invoice',
    });

    const again = await operator.post(`${API}/organizations/${riverside}/suspend`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const reactivated = await operator.post(`${API}/organizations/${riverside}/reactivate`, { reason: 'Invoice paid' });
    expect(reactivated.statusCode).toBe(200);
    expect((await springAppeal(donor)).accepting_gifts).toBe(true);
    const gift = await payForGift(ctx, { amount: 3100, currency: 'USD', email: 'after@example.org' });
    expect((await gift.confirm()).amount_minor).toBe(3100);

    expect(await consoleAudit(ctx)).toEqual([
      expect.objectContaining({
        action: 'console.organisation_suspended',
        npo_id: riverside,
        reason: 'Unpaid invoice',
        actor: 'console@kindling.test',
      }),
      expect.objectContaining({
        action: 'console.organisation_reactivated',
        npo_id: riverside,
        reason: 'Invoice paid',
      }),
    ]);
    const detail = ZConsoleOrganisationDetail.parse((await operator.get(`${API}/organizations/${riverside}`)).json());
    expect(detail.audit.map((a) => [a.action, a.reason])).toEqual([
      ['console.organisation_reactivated', 'Invoice paid'],
      ['console.organisation_suspended', 'Unpaid invoice'],
    ]);
  });

  it('verifies, changes the fee and refuses bad input with a field message, changing nothing', async () => {
    const northern = await npoIdOf(ctx, 'northern-lights-rescue');
    const operator = await as(ctx, 'console@kindling.test');
    const noReason = await operator.post(`${API}/organizations/${northern}/verify`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: CONSOLE_MESSAGES.reason });
    const badFee = await operator.put(`${API}/organizations/${northern}/fee`, {
      platform_fee_bps: 5000,
      reason: 'Too much',
    });
    expect(badFee.statusCode).toBe(400);
    expect(badFee.json().fields.platform_fee_bps).toMatch(/at most 10%/);
    expect((await operator.post(`${API}/organizations/999999/verify`, { reason: 'Nobody' })).statusCode).toBe(404);

    const verified = ZConsoleOrganisationDetail.parse(
      (await operator.post(`${API}/organizations/${northern}/verify`, { reason: 'Charity number checked' })).json(),
    );
    expect(verified.organisation.verified).toBe(true);
    const fee = ZConsoleOrganisationDetail.parse(
      (
        await operator.put(`${API}/organizations/${northern}/fee`, { platform_fee_bps: 150, reason: 'Agreed rate' })
      ).json(),
    );
    expect(fee.organisation.platform_fee_bps).toBe(150);
    expect(fee.effective_fee_bps).toBe(150);
    const actions = (await consoleAudit(ctx)).filter((a) => a.npo_id === northern).map((a) => a.action);
    expect(actions).toEqual(['console.organisation_verified', 'console.organisation_fee_changed']);
  });

  it('locks and unlocks an account, signs it out everywhere and resets its second factor, each audited', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const staffId = await userIdOf(ctx, 'staff@kindling.test');
    const staff = await as(ctx, 'staff@kindling.test');
    expect((await staff.get('/api/v1/platform/notice')).statusCode).toBe(200);

    const locked = await operator.post(`${API}/users/${staffId}/lock`, { reason: 'Reported compromised' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ locked: true, sessions: 0 });
    expect((await staff.get('/api/v1/platform/notice')).statusCode).toBe(401);
    const refused = await new TestClient(ctx.app).post('/api/v1/npo_users/sign_in', {
      npo_user: { email: 'staff@kindling.test', password: 'kindling-demo' },
    });
    expect(refused.statusCode).not.toBe(200);
    await operator.post(`${API}/users/${staffId}/unlock`, { reason: 'Password changed' });
    await as(ctx, 'staff@kindling.test');

    const mfaId = await userIdOf(ctx, 'mfa@kindling.test');
    const reset = await operator.post(`${API}/users/${mfaId}/reset_second_factor`, {
      reason: 'Lost phone, ID checked',
    });
    expect(reset.json()).toMatchObject({ two_factor: false });
    const signedIn = await new TestClient(ctx.app).signIn('mfa@kindling.test');
    expect(signedIn).not.toHaveProperty('two_factor_required', true);

    const self = await userIdOf(ctx, 'console@kindling.test');
    expect((await operator.post(`${API}/users/${self}/lock`, { reason: 'Oops' })).statusCode).toBe(409);
    const users = ZConsoleUserList.parse((await operator.get(`${API}/users?q=staff`)).json());
    expect(users.users[0]).toMatchObject({ email: 'staff@kindling.test', locked: false });
    expect(users.users[0]?.memberships.map((m) => m.role_name)).toEqual(['staff']);
    expect((await consoleAudit(ctx)).filter((a) => a.npo_id === null).map((a) => [a.action, a.reason])).toEqual([
      ['console.user_lock', 'Reported compromised'],
      ['console.user_unlock', 'Password changed'],
      ['console.user_reset_second_factor', 'Lost phone, ID checked'],
    ]);
  });

  it('turns self-service sign-up off where organisations are created, and shows the banner to everyone', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const saved = await operator.put(`${API}/settings`, {
      name: 'Kindling Co-op',
      default_platform_fee_bps: 200,
      self_service_sign_up: false,
      maintenance_banner: 'Maintenance on Sunday 02:00 UTC',
      reason: 'Invitation only from now',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const newcomer = new TestClient(ctx.app);
    await newcomer.prime();
    const account = await newcomer.post('/api/v1/signup', {
      first_name: 'Nia',
      last_name: 'New',
      email: 'nia@example.org',
      password: 'a-long-password-1',
    });
    expect(account.statusCode, account.body).toBe(200);
    const created = await newcomer.post('/api/v1/npo_admin/organisations', {
      name: 'Nia’s Trust',
      base_currency: 'USD',
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(CONSOLE_MESSAGES.signUpClosed);
    expect((await newcomer.get('/api/v1/platform/notice')).json()).toEqual({
      platform_name: 'Kindling Co-op',
      platform_logo_url: null,
      maintenance_banner: 'Maintenance on Sunday 02:00 UTC',
      organisation_status: null,
      organisation_reason: '',
      // A self-service sign-up is offered a new link until the address is verified.
      email_verified: false,
    });
    await operator.put(`${API}/settings`, {
      name: 'Kindling Co-op',
      default_platform_fee_bps: 200,
      self_service_sign_up: true,
      maintenance_banner: '',
      reason: 'Open again',
    });
    const reopened = await newcomer.post('/api/v1/npo_admin/organisations', {
      name: 'Nia’s Trust',
      base_currency: 'USD',
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
  });
});

describe('the console demo', () => {
  const ctx = useTestApp();

  it('seeds a third organisation the platform suspended: its page takes no gift and its admin sees why', async () => {
    const campaign = await springAppeal(new TestClient(ctx.app), 'harbour-winter-appeal');
    expect(campaign).toMatchObject({ npo: 'Harbour Hope Trust', accepting_gifts: false });
    const admin = await as(ctx, 'harbour@kindling.test');
    expect((await admin.get('/api/v1/platform/notice')).json()).toMatchObject({
      organisation_status: 'suspended',
      organisation_reason: expect.stringMatching(/Registration documents expired/),
    });
    const operator = await as(ctx, 'console@kindling.test');
    const list = ZConsoleOrganisationList.parse((await operator.get(`${API}/organizations?status=suspended`)).json());
    expect(list.organisations.map((o) => [o.name, o.processed_minor, o.platform_fee_bps])).toEqual([
      ['Harbour Hope Trust', 23_500, 200],
    ]);
    const detail = ZConsoleOrganisationDetail.parse(
      (await operator.get(`${API}/organizations/${list.organisations[0]?.id}`)).json(),
    );
    expect(detail.figures).toMatchObject({ donations: 6, gross_minor: 23_500, fees_minor: 470 });
  });
});
