// The administration overview and the launchpad as staff see them: who may read them, that each
// launchpad step follows the organisation's real state, and that another organisation's team,
// providers and gifts never show.
import { type TLaunchpad, ZAdminOverview, ZLaunchpad } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const OVERVIEW = '/api/v1/npo_admin/admin_overview';
const LAUNCHPAD = '/api/v1/npo_admin/launchpad';

const stepsOf = (launchpad: TLaunchpad) => Object.fromEntries(launchpad.steps.map((s) => [s.key, s.done]));

describe('the administration overview and the launchpad', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let outsider: Awaited<ReturnType<typeof outsiderOrganisation>>;
  const launchpadOf = async (c: TestClient) => {
    const res = await c.get(LAUNCHPAD);
    expect(res.statusCode).toBe(200);
    return ZLaunchpad.parse(res.json());
  };
  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    outsider = await outsiderOrganisation(ctx, 'overview-outsider@example.org', 'Overview Outsider Trust');
  });

  describe('access', () => {
    it('answers 401 without a session', async () => {
      const anonymous = new TestClient(ctx.app);
      expect((await anonymous.get(OVERVIEW)).statusCode).toBe(401);
      expect((await anonymous.get(LAUNCHPAD)).statusCode).toBe(401);
    });

    it('keeps the overview from finance, staff and fundraisers; the launchpad from fundraisers only', async () => {
      for (const who of ['finance', 'staff', 'fundraiser']) {
        const c = await signedIn(ctx, `${who}@kindling.test`);
        expect((await c.get(OVERVIEW)).statusCode, who).toBe(403);
        expect((await c.get(LAUNCHPAD)).statusCode, who).toBe(who === 'fundraiser' ? 403 : 200);
      }
      const manager = await signedIn(ctx, 'manager@kindling.test');
      expect((await manager.get(OVERVIEW)).statusCode).toBe(200);
    });
  });

  it('sums up the team, the providers and who has no second factor', async () => {
    const overview = ZAdminOverview.parse((await admin.get(OVERVIEW)).json());
    expect(overview.organisation.name).toBe('Riverside Food Bank');
    // The demo team: admin, mfa, manager, finance, staff, multi and console (fundraisers are not the team).
    expect(overview.team).toMatchObject({ members: 7, active: 7, suspended: 0, pending_invitations: 1 });
    const without = overview.security.without_second_factor.map((m) => m.email);
    expect(without).toContain('admin@kindling.test');
    expect(without).not.toContain('mfa@kindling.test');
    expect(without).not.toContain('fundraiser@kindling.test');
    expect(overview.processors.mode).toBe('sandbox');
    const launchpad = await launchpadOf(admin);
    expect(overview.launchpad).toEqual({ done: launchpad.done, total: 8 });
  });

  it('shows the demo organisation part of the way through its set-up', async () => {
    const launchpad = await launchpadOf(admin);
    expect(launchpad.steps.map((s) => s.key)).toEqual([
      'profile',
      'logo',
      'payment_provider',
      'campaign_published',
      'receipt_template',
      'team_invited',
      'second_factor',
      'test_donation',
    ]);
    expect(stepsOf(launchpad)).toMatchObject({
      profile: true,
      logo: true,
      campaign_published: true,
      team_invited: true,
      test_donation: true,
      second_factor: false,
    });
    expect(launchpad.done).toBeGreaterThan(0);
    expect(launchpad.done).toBeLessThan(8);
  });

  it('ticks each step when the organisation does it, for its own organisation only', async () => {
    const c = outsider.client;
    const before = stepsOf(await launchpadOf(c));
    expect(before).toEqual({
      profile: false,
      logo: false,
      payment_provider: false,
      campaign_published: false,
      receipt_template: false,
      team_invited: false,
      second_factor: false,
      test_donation: false,
    });
    const riversideBefore = await launchpadOf(admin);

    expect(
      (await c.put('/api/v1/processors/paypal', { merchant_id: '7X2KQ3PLM9ABC', email: 'giving@outsider.example' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await c.put('/api/v1/npo_admin/email_templates/receipt', {
          subject: 'Thank you',
          html: '<p>Thank you. <a href="{{portal_url}}">Your gifts</a></p>',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await c.post('/api/v1/npo_admin/team/invitations', { email: 'colleague@outsider.example', role_code: 1984 }))
        .statusCode,
    ).toBe(201);
    const {
      logo_url: _l,
      receipt_signature_url: _s,
      has_gifts: _g,
      ...profile
    } = (await c.get('/api/v1/npo_admin/organisation_profile')).json();
    const completed = await c.put('/api/v1/npo_admin/organisation_profile', {
      ...profile,
      legal_name: 'Outsider Trust',
      address: { ...profile.address, line1: '1 High Street', city: 'Leeds' },
      country: 'GB',
      contact_email: 'hello@outsider.example',
      uk_charity_number: '1234567',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await ctx.db.execute(sql`UPDATE npos SET logo_url = '/files/logo.png' WHERE id = ${outsider.npoId}`);
    await ctx.db.execute(sql`UPDATE users SET otp_enabled = true WHERE email = 'overview-outsider@example.org'`);
    const after = stepsOf(await launchpadOf(c));
    expect(after).toMatchObject({
      profile: true,
      logo: true,
      payment_provider: true,
      receipt_template: true,
      team_invited: true,
      second_factor: true,
      campaign_published: false,
      test_donation: false,
    });

    // Riverside's published campaign and sandbox gifts are not the outsider's.
    expect(await launchpadOf(admin)).toEqual(riversideBefore);
    const overview = ZAdminOverview.parse((await c.get(OVERVIEW)).json());
    expect(overview.team).toMatchObject({ members: 1, pending_invitations: 1 });
    expect(overview.security.without_second_factor).toEqual([]);
    expect(overview.processors.wallet.merchant_id).toBe('7X2KQ3PLM9ABC');
  });

  it('counts a campaign once it goes live and a sandbox gift once it succeeds', async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM campaigns WHERE npo_id = (SELECT id FROM npos WHERE slug = 'riverside-food-bank')
        AND status = 'active'`);
    const live = rows.map((r) => Number(r.id));
    await ctx.db.execute(sql`UPDATE campaigns SET status = 'draft' WHERE id IN ${sql.raw(`(${live.join(',')})`)}`);
    await ctx.db.execute(sql`
      UPDATE donations SET provider = 'stripe' WHERE provider = 'sandbox'
        AND npo_id = (SELECT id FROM npos WHERE slug = 'riverside-food-bank')`);
    try {
      expect(stepsOf(await launchpadOf(admin))).toMatchObject({ campaign_published: false, test_donation: false });
    } finally {
      await ctx.db.execute(sql`UPDATE campaigns SET status = 'active' WHERE id IN ${sql.raw(`(${live.join(',')})`)}`);
    }
    expect(stepsOf(await launchpadOf(admin))).toMatchObject({ campaign_published: true, test_donation: false });
  });

  it('ticks the second factor for the viewer who has one, not for the organisation', async () => {
    const manager = await signedIn(ctx, 'manager@kindling.test');
    expect(stepsOf(await launchpadOf(manager)).second_factor).toBe(false);
    await ctx.db.execute(sql`UPDATE users SET otp_enabled = true WHERE email = 'manager@kindling.test'`);
    expect(stepsOf(await launchpadOf(manager)).second_factor).toBe(true);
    expect(stepsOf(await launchpadOf(admin)).second_factor).toBe(false);
  });
});
