import { ZConsoleAnalytics, ZConsoleCreatedOrganisation } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { API, as, consoleAudit, npoIdOf } from './console.test-support.ts';
import { consoleAnalytics } from './console-analytics.service.ts';

const NEW_ORGANISATION = {
  name: 'Lakeside Library Friends',
  country: 'CA',
  base_currency: 'CAD',
  owner_email: 'Owner@Lakeside.example',
  reason: 'Signed the hosting agreement',
};

describe('creating an organisation from the console', () => {
  const ctx = useTestApp();

  it('creates it with no member, invites the owner by e-mail as admin and audits it, with sign-up closed', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const closed = await operator.put(`${API}/settings`, {
      name: 'Kindling',
      default_platform_fee_bps: 200,
      self_service_sign_up: false,
      maintenance_banner: '',
      reason: 'Invitation only',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const mailsBefore = (await readOutboxTable(ctx.db)).length;
    const res = await operator.post(`${API}/organizations`, NEW_ORGANISATION);
    expect(res.statusCode, res.body).toBe(201);
    const created = ZConsoleCreatedOrganisation.parse(res.json());
    expect(created).toMatchObject({ name: NEW_ORGANISATION.name, owner_email: 'owner@lakeside.example' });

    const { rows } = await ctx.db.execute<{ country: string; base_currency: string; members: number }>(sql`
      SELECT country, base_currency, (SELECT count(*) FROM memberships m WHERE m.npo_id = n.id)::int AS members
      FROM npos n WHERE id = ${created.id}`);
    expect(rows[0]).toEqual({ country: 'CA', base_currency: 'CAD', members: 0 });
    expect((await consoleAudit(ctx)).at(-1)).toMatchObject({
      action: 'console.organisation_created',
      npo_id: created.id,
      reason: NEW_ORGANISATION.reason,
      actor: 'console@kindling.test',
    });

    const mails = (await readOutboxTable(ctx.db)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers).toMatch(/^To: owner@lakeside\.example$/im);
    expect(mails[0]?.text).toContain(`invited you to join the team of ${NEW_ORGANISATION.name}`);
    const token = mails[0]?.text.match(/team-invitation\/([\w-]+)/)?.[1];
    const owner = new TestClient(ctx.app);
    await owner.prime();
    const accepted = await owner.post(`/api/v1/team_invitations/${token}/accept`, {
      first_name: 'Olu',
      last_name: 'Owner',
      password: 'owner-password-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { rows: membership } = await ctx.db.execute<{ role_code: number }>(
      sql`SELECT role_code FROM memberships WHERE npo_id = ${created.id}`,
    );
    expect(membership).toEqual([{ role_code: 5150 }]);
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const count = async () =>
      Number((await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM npos`)).rows[0]?.n);
    const before = await count();
    const res = await operator.post(`${API}/organizations`, {
      name: 'X',
      country: 'QQ',
      base_currency: 'XYZ',
      owner_email: 'not-an-address',
      reason: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'base_currency',
      'country',
      'name',
      'owner_email',
      'reason',
    ]);
    expect(await count()).toBe(before);
  });
});

describe('the console analytics', () => {
  const ctx = useTestApp();

  it('shows active organisations, retention, money and sizes by month from the roll-up', async () => {
    const ids = await Promise.all(
      ['riverside-food-bank', 'northern-lights-rescue', 'harbour-hope-trust'].map((s) => npoIdOf(ctx, s)),
    );
    // A year the demo has no figures in: A gives in Oct–Dec, B in Oct–Nov, C in Oct only.
    const active: [number, string[]][] = [
      [ids[0] as number, ['2031-10-03', '2031-11-03', '2031-12-03']],
      [ids[1] as number, ['2031-10-04', '2031-11-04']],
      [ids[2] as number, ['2031-10-05']],
    ];
    for (const [npoId, days] of active) {
      for (const day of days) {
        await ctx.db.execute(sql`
          INSERT INTO console_monthly_figures (npo_id, month, currency, donations, gross_minor, refunds_minor, fees_minor)
          VALUES (${npoId}, date_trunc('month', ${day}::date)::date, 'USD', 2, 600000, 10000, 12000)`);
      }
    }
    const analytics = ZConsoleAnalytics.parse(await consoleAnalytics(ctx.db, new Date('2031-12-20T12:00:00Z')));
    expect(analytics.currency).toBe('USD');
    expect(analytics.months.map((m) => m.month)).toEqual([
      '2031-01',
      '2031-02',
      '2031-03',
      '2031-04',
      '2031-05',
      '2031-06',
      '2031-07',
      '2031-08',
      '2031-09',
      '2031-10',
      '2031-11',
      '2031-12',
    ]);
    expect(
      analytics.months.slice(9).map((m) => [m.organisations_active, m.retention, m.gross_minor, m.fees_minor]),
    ).toEqual([
      [3, null, 1_800_000, 36_000],
      [2, 2 / 3, 1_200_000, 24_000],
      [1, 0.5, 600_000, 12_000],
    ]);
    // Riverside 18,000, Northern Lights 12,000, Harbour 6,000 dollars over the year.
    const sizes = Object.fromEntries(analytics.sizes.map((b) => [b.label, b.organisations]));
    expect(sizes).toMatchObject({ '1,000 – 10,000': 1, '10,000 – 100,000': 2, '100,000 – 1 million': 0 });

    const operator = await as(ctx, 'console@kindling.test');
    const res = await operator.get(`${API}/analytics`);
    expect(res.statusCode).toBe(200);
    expect(ZConsoleAnalytics.parse(res.json()).months).toHaveLength(12);
  });
});
