import { ZOrganisationStats, ZSelectNpoResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('organisation selection, statistics and permissions', () => {
  const ctx = useTestApp();
  const npoIds: Record<string, number> = {};
  const userIds: Record<string, number> = {};
  beforeAll(async () => {
    const npos = await ctx.db.execute<{ id: number; slug: string }>(sql`SELECT id, slug FROM npos`);
    for (const r of npos.rows) npoIds[r.slug] = r.id;
    const users = await ctx.db.execute<{ id: number; email: string }>(sql`SELECT id, email FROM users`);
    for (const r of users.rows) userIds[r.email.split('@')[0] ?? ''] = r.id;
  });
  const riverside = () => npoIds['riverside-food-bank'] ?? 0;
  const northern = () => npoIds['northern-lights-rescue'] ?? 0;
  const signedIn = async (who: string) => {
    const c = new TestClient(ctx.app);
    await c.signIn(`${who}@kindling.test`);
    return c;
  };
  const selectedOf = async (c: TestClient) => (await c.get('/api/v1/refresh')).json().npo_user.npo?.id ?? null;

  describe('select_npo', () => {
    it('selects one of the caller’s organisations and loads what the session needs', async () => {
      const c = await signedIn('multi');
      const res = await c.get(`/api/v1/npo_admin/select_npo?npo_id=${northern()}&role_name=admin&code=5150`);
      expect(res.statusCode).toBe(200);
      const body = ZSelectNpoResponse.parse(res.json());
      expect(body).toMatchObject({
        code: 5150,
        role_name: 'admin',
        npo: { id: northern(), name: 'Northern Lights Animal Rescue', base_currency: 'GBP' },
        npo_user: { email: 'multi@kindling.test', roles: [{ code: 5150, name: 'admin' }] },
        npo_campaigns: [],
        npo_payment_types: ['card', 'paypal'],
        npo_statuses: ['pending', 'succeeded', 'failed', 'refunded'],
        npo_currencies: ['GBP'],
        donations_total: 0,
        new_donors: 0,
      });
      expect(body.npo_stats.currency).toBe('GBP');
      expect(await selectedOf(c)).toBe(northern());
      expect((await c.get('/api/v1/npo_admin/account_details')).json().monthly_goal).toBe(800_000);
    });

    it('answers 404 for an organisation the caller is not in, and keeps the selection', async () => {
      const c = await signedIn('admin');
      const res = await c.get(`/api/v1/npo_admin/select_npo?npo_id=${northern()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(await selectedOf(c)).toBe(riverside());
      expect((await c.get('/api/v1/npo_admin/select_npo?npo_id=999999')).statusCode).toBe(404);
    });

    it('needs a session', async () => {
      const res = await new TestClient(ctx.app).get(`/api/v1/npo_admin/select_npo?npo_id=${riverside()}`);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('access enforcement', () => {
    it('answers 401 without a session, 403 before an organisation is selected, and 403 for a role outside the list', async () => {
      const anonymous = await new TestClient(ctx.app).get('/api/v1/npo_admin/account_details');
      expect(anonymous.statusCode).toBe(401);
      const multi = await signedIn('multi');
      const unselected = await multi.get('/api/v1/npo_admin/account_details');
      expect(unselected.statusCode).toBe(403);
      expect(unselected.json()).toEqual({ status: 403, code: 'FORBIDDEN', message: 'Select an organisation first.' });
      const peer = await signedIn('fundraiser');
      expect((await peer.get('/api/v1/npo_admin/account_details')).statusCode).toBe(403);
      const staff = await signedIn('staff');
      expect((await staff.get('/api/v1/npo_admin/account_details')).statusCode).toBe(200);
      expect((await staff.get(`/api/v1/npo_admin/user_permissions/${userIds.admin}`)).statusCode).toBe(403);
    });

    it('follows a membership that ends during the session', async () => {
      const c = await signedIn('finance');
      expect((await c.get('/api/v1/npo_admin/account_details')).statusCode).toBe(200);
      await ctx.db.execute(
        sql`UPDATE memberships SET role_code = 1123, role_name = 'fundraiser' WHERE user_id = ${userIds.finance}`,
      );
      expect((await c.get('/api/v1/npo_admin/account_details')).statusCode).toBe(403);
      await ctx.db.execute(
        sql`UPDATE memberships SET role_code = 2001, role_name = 'finance_admin' WHERE user_id = ${userIds.finance}`,
      );
    });
  });

  describe('account_details', () => {
    it('shows zeros for an organisation without donations', async () => {
      const c = new TestClient(ctx.app);
      await c.post('/api/v1/signup', {
        first_name: 'Zed',
        last_name: 'Zero',
        email: 'zero@example.org',
        password: 'zero-password',
      });
      await c.post('/api/v1/npo_admin/organisations', { name: 'Empty Shelter', base_currency: 'CAD' });
      const res = await c.get('/api/v1/npo_admin/account_details');
      expect(res.statusCode).toBe(200);
      expect(ZOrganisationStats.parse(res.json())).toEqual({
        currency: 'CAD',
        donations_total: 0,
        total_donations: 0,
        donors_count: 0,
        recurring_donors: 0,
        recurring_donations_total: 0,
        new_donations: 0,
        new_recurring_donations: 0,
        new_donors: 0,
        average_donation: 0,
        campaigns_count: 0,
        active_campaigns_count: 0,
        events_count: 0,
        monthly_goal: 0,
        monthly_raised: 0,
        recurring_monthly: 0,
        top_campaigns: [],
        upcoming_event: null,
      });
    });

    it('adds up succeeded gifts in base currency, by month, interval and campaign, for its own organisation only', async () => {
      // A fresh organisation: the demo organisations carry the seeded donation-flow demo.
      const c = new TestClient(ctx.app);
      await c.post('/api/v1/signup', {
        first_name: 'Sam',
        last_name: 'Sums',
        email: 'sums@example.org',
        password: 'sums-password',
      });
      await c.post('/api/v1/npo_admin/organisations', { name: 'Sums Pantry', base_currency: 'USD' });
      const npo = Number(
        (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = 'Sums Pantry'`)).rows[0]?.id,
      );
      const other = northern();
      await ctx.db.execute(sql`
        INSERT INTO campaigns (npo_id, name, campaign_url, status, currency) VALUES
          (${npo}, 'Winter Appeal', 'winter-appeal', 'active', 'USD'),
          (${npo}, 'Spring Drive', 'spring-drive', 'ended', 'EUR'),
          (${other}, 'Cat Shelter', 'cat-shelter', 'active', 'GBP')`);
      await ctx.db.execute(sql`
        INSERT INTO donors (npo_id, email, created_at) VALUES
          (${npo}, 'old@example.org', now() - interval '90 days'),
          (${npo}, 'new@example.org', now()),
          (${other}, 'cat@example.org', now())`);
      const ids = async (table: 'campaigns' | 'donors', column: string) =>
        Object.fromEntries(
          (
            await ctx.db.execute<{ id: number; k: string }>(sql.raw(`SELECT id, ${column} AS k FROM ${table}`))
          ).rows.map((r) => [r.k, r.id]),
        );
      const campaign = await ids('campaigns', 'campaign_url');
      const donor = await ids('donors', 'email');
      const gift = (
        c: number | null,
        d: number,
        amount: number,
        currency: string,
        base: number,
        interval: string,
        status: string,
        age: string,
        n = npo,
      ) =>
        sql`(${n}, ${c}, ${d}, ${amount}, ${currency}, ${base}, 'USD', ${interval}, ${status}, now() - ${age}::interval)`;
      await ctx.db.execute(sql`
        INSERT INTO donations (npo_id, campaign_id, donor_id, amount_minor, currency, base_amount_minor, base_currency, interval, status, created_at)
        VALUES ${sql.join(
          [
            gift(
              campaign['winter-appeal'] ?? 0,
              donor['old@example.org'] ?? 0,
              10000,
              'USD',
              10000,
              'once',
              'succeeded',
              '60 days',
            ),
            gift(
              campaign['spring-drive'] ?? 0,
              donor['old@example.org'] ?? 0,
              5000,
              'EUR',
              5400,
              'monthly',
              'succeeded',
              '0 days',
            ),
            gift(
              campaign['winter-appeal'] ?? 0,
              donor['new@example.org'] ?? 0,
              2500,
              'USD',
              2500,
              'once',
              'succeeded',
              '0 days',
            ),
            gift(null, donor['new@example.org'] ?? 0, 3001, 'GBP', 3801, 'yearly', 'succeeded', '0 days'),
            gift(
              campaign['winter-appeal'] ?? 0,
              donor['new@example.org'] ?? 0,
              99900,
              'USD',
              99900,
              'once',
              'failed',
              '0 days',
            ),
            gift(
              campaign['winter-appeal'] ?? 0,
              donor['new@example.org'] ?? 0,
              7000,
              'USD',
              7000,
              'once',
              'refunded',
              '0 days',
            ),
            gift(
              campaign['cat-shelter'] ?? 0,
              donor['cat@example.org'] ?? 0,
              50000,
              'GBP',
              50000,
              'once',
              'succeeded',
              '0 days',
              other,
            ),
          ],
          sql`, `,
        )}`);
      // A full refund is a negative ledger row that nets the gift to zero (never an edit of the gift).
      await ctx.db.execute(sql`
        INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency)
        SELECT npo_id, id, 'refund', -amount_minor, currency, -base_amount_minor, base_currency
        FROM donations WHERE npo_id = ${npo} AND status = 'refunded'`);
      const stats = (await c.get('/api/v1/npo_admin/account_details')).json();
      expect(stats).toEqual({
        currency: 'USD',
        donations_total: 10000 + 5400 + 2500 + 3801,
        total_donations: 4,
        donors_count: 2,
        recurring_donors: 2,
        recurring_donations_total: 5400 + 3801,
        new_donations: 3,
        new_recurring_donations: 2,
        new_donors: 1,
        average_donation: Math.round((10000 + 5400 + 2500 + 3801) / 4),
        campaigns_count: 2,
        active_campaigns_count: 1,
        events_count: 0,
        monthly_goal: 0,
        monthly_raised: 5400 + 2500 + 3801,
        recurring_monthly: 5400 + 3801,
        top_campaigns: [
          {
            id: campaign['winter-appeal'],
            name: 'Winter Appeal',
            campaign_url: 'winter-appeal',
            raised: 12500,
            donations: 2,
          },
          {
            id: campaign['spring-drive'],
            name: 'Spring Drive',
            campaign_url: 'spring-drive',
            raised: 5400,
            donations: 1,
          },
        ],
        upcoming_event: null,
      });
      const state = (await c.get('/api/v1/refresh')).json();
      expect(state).toMatchObject({
        donations_total: 21701,
        donors_total: 2,
        recurring_donors: 2,
        new_donations: 3,
        new_recurring_donations: 2,
        new_donors: 1,
      });
      expect(state.npo_user.currencies).toEqual(['USD', 'EUR', 'GBP']);
      expect(state.npo_user.campaigns.map((x: { campaign_url: string }) => x.campaign_url)).toEqual([
        'spring-drive',
        'winter-appeal',
      ]);
    });
  });

  describe('the same figure under the same name', () => {
    it('counts the campaigns the Campaigns page lists: a fundraiser’s page is not a campaign of its own', async () => {
      const c = await signedIn('admin');
      const stats = (await c.get('/api/v1/npo_admin/account_details')).json();
      const active = (await c.get('/api/v1/npo_admin/campaigns?status=active')).json();
      const all = (await c.get('/api/v1/npo_admin/campaigns')).json();
      // The demo organisation has a fundraiser's page under its appeal, which must not count.
      const peerPages = await ctx.db.execute(
        sql`SELECT 1 FROM campaigns WHERE npo_id = ${riverside()} AND parent_campaign_id IS NOT NULL`,
      );
      expect(peerPages.rows.length).toBeGreaterThan(0);
      expect(stats.active_campaigns_count).toBe(active.total);
      expect(stats.campaigns_count).toBe(all.total);
    });
  });
});
