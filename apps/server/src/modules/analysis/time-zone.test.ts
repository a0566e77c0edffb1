// Days, months and giving years are cut in the organisation's time zone (decision 027): a gift at
// 8 pm in New York is that New York day's, in the day sums (live and closed), the analysis,
// account_details' month and the donors' giving years; changing the zone re-sums.
import {
  ZDonationListResponse,
  ZGiftAnalysis,
  ZLapsedAnalysis,
  ZOrganisationSettingsResponse,
  ZOrganisationStats,
  ZRefreshResponse,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { addDonor, addGift, closeGivingDays, organisationWithAdmin } from './analysis.fixtures.ts';

const SETTINGS = '/api/v1/npo_admin/organisation_settings';
/** 20:00 on 1 March in New York is 01:00 on 2 March in UTC. */
const EVENING_IN_NEW_YORK = '2026-03-02T01:00:00Z';

describe('an organisation’s time zone', () => {
  const ctx = useTestApp();

  const giftsOfDay = async (client: TestClient, day: string) =>
    ZGiftAnalysis.parse((await client.get(`/api/v1/npo_admin/analysis/gifts?from=${day}&to=${day}`)).json());

  const storedDays = async (npoId: number) => {
    const { rows } = await ctx.db.execute<{ day: string; gifts: number }>(sql`
      SELECT day::text, sum(gifts)::int AS gifts FROM giving_days WHERE npo_id = ${npoId} AND kind = 'total'
      GROUP BY day ORDER BY day`);
    return rows;
  };

  describe('New York', () => {
    let client: TestClient;
    let npoId: number;

    beforeAll(async () => {
      ({ client, npoId } = await organisationWithAdmin(ctx, 'Hudson Pantry'));
      const set = await client.put(SETTINGS, { time_zone: 'America/New_York', locale: 'en-US' });
      expect(set.statusCode).toBe(200);
      const donor = await addDonor(ctx.db, npoId, 'evening@example.org');
      await addGift(ctx.db, npoId, { donorId: donor, at: EVENING_IN_NEW_YORK, base: 2500 });
    });

    it('counts a gift at 8 pm on that New York day in the analysis, summed live and once its day is closed', async () => {
      for (const closed of [false, true]) {
        if (closed) await closeGivingDays(ctx.db, npoId);
        expect(await giftsOfDay(client, '2026-03-01')).toMatchObject({ total: 2500, count: 1 });
        expect(await giftsOfDay(client, '2026-03-02')).toMatchObject({ total: 0, count: 0 });
      }
      expect(await storedDays(npoId)).toEqual([{ day: '2026-03-01', gifts: 1 }]);
    });

    it('lists the gift under that New York day in the donations list, its totals and its filter', async () => {
      for (const [day, count] of [
        ['2026-03-01', 1],
        ['2026-03-02', 0],
      ] as const) {
        const query = `date_from=${day}&date_to=${day}`;
        const list = ZDonationListResponse.parse((await client.get(`/api/v1/npo_admin/donations?${query}`)).json());
        expect(list.donations).toHaveLength(count);
        expect(list.totals.count).toBe(count);
        // A filter the day sums cannot answer reads the donations themselves: the same day.
        const searched = ZDonationListResponse.parse(
          (await client.get(`/api/v1/npo_admin/donations?${query}&search=evening`)).json(),
        );
        expect(searched.totals.count).toBe(count);
      }
    });

    it('finds the donor who gave that evening under that New York day in the donors list', async () => {
      const emailsOn = async (day: string) => {
        const res = await client.get(`/api/v1/npo_admin/donors?gave_from=${day}&gave_to=${day}`);
        return (res.json() as { donors: { email: string }[] }).donors.map((d) => d.email);
      };
      expect(await emailsOn('2026-03-01')).toContain('evening@example.org');
      expect(await emailsOn('2026-03-02')).not.toContain('evening@example.org');
    });

    it('counts account_details’ month from midnight in New York', async () => {
      const donor = await addDonor(ctx.db, npoId, 'month-edge@example.org');
      // An hour before and an hour after this month began in New York: both are this month in UTC.
      const { rows } = await ctx.db.execute<{ before: string; after: string }>(sql`
        SELECT to_char(m - interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS before,
          to_char(m + interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS after
        FROM (SELECT (date_trunc('month', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York')
          AT TIME ZONE 'UTC' AS m) x`);
      const edge = rows[0];
      if (!edge) throw new Error('no month start');
      await addGift(ctx.db, npoId, { donorId: donor, at: edge.before, base: 700 });
      await addGift(ctx.db, npoId, { donorId: donor, at: edge.after, base: 300 });
      const stats = ZOrganisationStats.parse((await client.get('/api/v1/npo_admin/account_details')).json());
      expect(stats).toMatchObject({ new_donations: 1, monthly_raised: 300 });
    });

    it('shows its time zone and locale in the session', async () => {
      const refresh = ZRefreshResponse.parse((await client.get('/api/v1/refresh')).json());
      expect(refresh.npo_user.npo).toMatchObject({ time_zone: 'America/New_York', locale: 'en-US' });
    });
  });

  it('cuts a London organisation’s fiscal year at midnight in London', async () => {
    const { client, npoId } = await organisationWithAdmin(ctx, 'Thames Shelter', 'GBP');
    expect((await client.put(SETTINGS, { time_zone: 'Europe/London', locale: 'en-GB' })).statusCode).toBe(200);
    await ctx.db.execute(sql`UPDATE npos SET fiscal_year_start_month = 4 WHERE id = ${npoId}`);
    // 31 March 2026 is summer time in London: 23:30 UTC is 00:30 on 1 April, the new fiscal year.
    const late = await addDonor(ctx.db, npoId, 'after-midnight@example.org');
    await addGift(ctx.db, npoId, { donorId: late, at: '2026-03-15T12:00:00Z', base: 500 });
    await addGift(ctx.db, npoId, { donorId: late, at: '2026-03-31T23:30:00Z', base: 700 });
    const lapsing = await addDonor(ctx.db, npoId, 'before-midnight@example.org');
    await addGift(ctx.db, npoId, { donorId: lapsing, at: '2026-03-15T12:00:00Z', base: 1000 });
    await addGift(ctx.db, npoId, { donorId: lapsing, at: '2026-03-31T22:30:00Z', base: 2000 });

    const lapsed = ZLapsedAnalysis.parse((await client.get('/api/v1/npo_admin/analysis/lapsed')).json());
    expect(lapsed.lybunt.donors.map((d) => [d.email, d.last_year_amount])).toEqual([
      ['before-midnight@example.org', 3000],
    ]);
    const { rows } = await ctx.db.execute<{ kept: number }>(
      sql`SELECT last_gift_year_minor::int AS kept FROM donor_giving WHERE donor_id = ${late}`,
    );
    expect(rows[0]?.kept).toBe(700);
  });

  it('re-sums the days, closed ones included, when the time zone changes', async () => {
    const { client, npoId } = await organisationWithAdmin(ctx, 'Moving Clock Trust');
    const donor = await addDonor(ctx.db, npoId, 'mover@example.org');
    await addGift(ctx.db, npoId, { donorId: donor, at: EVENING_IN_NEW_YORK, base: 4200 });
    await closeGivingDays(ctx.db, npoId);
    expect(await storedDays(npoId)).toEqual([{ day: '2026-03-02', gifts: 1 }]);
    expect(await giftsOfDay(client, '2026-03-02')).toMatchObject({ total: 4200, count: 1 });

    const set = await client.put(SETTINGS, { time_zone: 'America/New_York', locale: 'en-us' });
    expect(ZOrganisationSettingsResponse.parse(set.json())).toEqual({ time_zone: 'America/New_York', locale: 'en-US' });
    expect(await giftsOfDay(client, '2026-03-01')).toMatchObject({ total: 4200, count: 1 });
    expect(await giftsOfDay(client, '2026-03-02')).toMatchObject({ total: 0, count: 0 });
    await closeGivingDays(ctx.db, npoId);
    expect(await storedDays(npoId)).toEqual([{ day: '2026-03-01', gifts: 1 }]);
  });

  it('refuses an unknown time zone or locale with a field message, changing nothing', async () => {
    const { client, npoId } = await organisationWithAdmin(ctx, 'Careful Clock Trust');
    const bad = await client.put(SETTINGS, { time_zone: 'Mars/Olympus', locale: 'not a locale!' });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { errors?: Record<string, string> };
    expect(JSON.stringify(body)).toContain('Choose a time zone from the list');
    expect(JSON.stringify(body)).toContain('Enter a language and region such as en-US, en-GB or fr-FR');
    const { rows } = await ctx.db.execute<{ time_zone: string; locale: string }>(
      sql`SELECT time_zone, locale FROM npos WHERE id = ${npoId}`,
    );
    expect(rows[0]).toEqual({ time_zone: 'UTC', locale: 'en-US' });
  });

  it('takes the zone and language the browser sent at sign-up, and UTC and en-US for unknown ones', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/v1/signup', {
      first_name: 'Tia',
      last_name: 'Zone',
      email: 'tia.zone@example.org',
      password: 'time-zone-password',
    });
    const created = await client.post('/api/v1/npo_admin/organisations', {
      name: 'Harbour Lights',
      base_currency: 'EUR',
      time_zone: 'Europe/Paris',
      locale: 'fr-FR',
    });
    expect(created.statusCode).toBeLessThan(300);
    const other = new TestClient(ctx.app);
    await other.post('/api/v1/signup', {
      first_name: 'Una',
      last_name: 'Known',
      email: 'una.known@example.org',
      password: 'time-zone-password',
    });
    await other.post('/api/v1/npo_admin/organisations', {
      name: 'Nowhere Trust',
      time_zone: 'Nowhere/City',
      locale: '??',
    });
    const { rows } = await ctx.db.execute<{ name: string; time_zone: string; locale: string }>(
      sql`SELECT name, time_zone, locale FROM npos WHERE name IN ('Harbour Lights', 'Nowhere Trust') ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'Harbour Lights', time_zone: 'Europe/Paris', locale: 'fr-FR' },
      { name: 'Nowhere Trust', time_zone: 'UTC', locale: 'en-US' },
    ]);
  });

  it('lets only the organisation’s admins change it', async () => {
    const body = { time_zone: 'Asia/Tokyo', locale: 'ja-JP' };
    expect((await new TestClient(ctx.app).put(SETTINGS, body)).statusCode).toBe(401);
    for (const email of ['staff@kindling.test', 'finance@kindling.test', 'fundraiser@kindling.test']) {
      const member = new TestClient(ctx.app);
      await member.signIn(email);
      expect((await member.put(SETTINGS, body)).statusCode).toBe(403);
    }
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    expect((await admin.put(SETTINGS, body)).statusCode).toBe(200);
    const { rows } = await ctx.db.execute<{ slug: string; time_zone: string }>(
      sql`SELECT slug, time_zone FROM npos WHERE slug IN ('riverside-food-bank', 'northern-lights-rescue') ORDER BY slug`,
    );
    // The admin's own organisation only; the demo's other one keeps London.
    expect(rows).toEqual([
      { slug: 'northern-lights-rescue', time_zone: 'Europe/London' },
      { slug: 'riverside-food-bank', time_zone: 'Asia/Tokyo' },
    ]);
  });
});
