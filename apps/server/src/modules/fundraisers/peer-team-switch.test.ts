// The campaign's team fundraising switch and the staff totals through the real API
// (docs/decisions/070-team-fundraising-switch.md): staff turn teams off and every way into a team
// is refused with the same message while nothing changes; the staff view's "raised by fundraisers"
// counts the gifts made on teams' own pages.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ctx = useTestApp();
const ids = { npo: 0, spring: 0, bakers: 0, page: 0 };
const API = '/api/v1/npo_admin';
const OFF = 'This campaign does not take teams: its team fundraising is turned off.';

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.db.execute<T>(query)).rows[0] as T;
const signedIn = async (email: string) => {
  const client = new TestClient(ctx.app);
  await client.signIn(email);
  return client;
};
const teamCount = async () =>
  Number(
    (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM peer_teams WHERE campaign_id = ${ids.spring}`)).n,
  );

beforeAll(async () => {
  const id = async (query: ReturnType<typeof sql>) => Number((await one<{ id: number }>(query)).id);
  ids.npo = await id(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
  ids.spring = await id(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`);
  ids.bakers = await id(sql`SELECT id FROM peer_teams WHERE team_url = 'spring-appeal-bakers'`);
  const fundraiser = await id(sql`SELECT id FROM users WHERE email = 'fundraiser@kindling.test'`);
  ids.page = await id(sql`
    INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id, owner_user_id)
    VALUES (${ids.npo}, 'Switch page', 'spring-appeal-switch-page', 'active', 'USD', '{USD}', ${ids.spring}, ${fundraiser})
    RETURNING id`);
});

describe('team fundraising on and off', () => {
  it('is on for the demo Spring Appeal; staff turn it off and every way into a team is refused', async () => {
    const admin = await signedIn('admin@kindling.test');
    const settingsUrl = `${API}/peer_to_peer/${ids.spring}/settings`;
    const view = (await admin.get(`${API}/peer_to_peer/${ids.spring}`)).json();
    expect(view.settings.team_fundraising).toBe(true);

    const off = await admin.put(settingsUrl, { ...view.settings, team_fundraising: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await admin.get(`${API}/peer_to_peer/${ids.spring}`)).json().settings.team_fundraising).toBe(false);
    const before = await teamCount();

    const fundraiser = await signedIn('fundraiser@kindling.test');
    const created = await fundraiser.post(`${API}/peer_pages/${ids.page}/team`, {
      name: 'Late Team',
      team_url: 'late-team',
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(OFF);
    const joined = await fundraiser.put(`${API}/peer_pages/${ids.page}/team`, { team_id: ids.bakers });
    expect(joined.statusCode).toBe(409);
    const panel = (await fundraiser.get(`${API}/peer_pages/${ids.page}/team`)).json();
    expect(panel).toMatchObject({ team_fundraising: false, joinable: [] });

    const visitor = new TestClient(ctx.app);
    const ask = (extra: Record<string, unknown>) =>
      visitor.post('/api/v1/fundraiser', {
        first_name: 'Ola',
        last_name: 'Switch',
        email: 'ola.switch@example.org',
        campaign_id: ids.spring,
        ...extra,
      });
    const joinAsk = await ask({ team_id: ids.bakers });
    expect(joinAsk.statusCode).toBe(409);
    expect(joinAsk.json().fields.team_id).toBe(OFF);
    expect((await ask({ new_team_name: 'Switchers' })).json().fields.new_team_name).toBe(OFF);
    const invite = await admin.post('/api/v1/fundraiser', {
      first_name: 'Ina',
      last_name: 'Vited',
      email: 'ina.vited@example.org',
      campaign_id: ids.spring,
      role: 'fundraiser',
      team_id: ids.bakers,
    });
    expect(invite.statusCode).toBe(409);
    // Asking without a team still works.
    expect((await ask({})).statusCode).toBe(200);

    const board = (await visitor.get(`${API}/campaign_page/team_leaderboard?campaign_id=${ids.spring}`)).json();
    expect(board.team_fundraising).toBe(false);
    expect((await visitor.get(`${API}/team_page/spring-appeal-bakers`)).json().team_fundraising).toBe(false);
    expect(await teamCount()).toBe(before);
    const invited = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE email IN ('ina.vited@example.org')`,
    );
    expect(Number(invited.n)).toBe(0);

    // On again: the fundraiser starts a team.
    expect((await admin.put(settingsUrl, { ...view.settings, team_fundraising: true })).statusCode).toBe(200);
    const again = await fundraiser.post(`${API}/peer_pages/${ids.page}/team`, {
      name: 'Late Team',
      team_url: 'late-team',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await teamCount()).toBe(before + 1);
  });

  it('refuses the switch on another organisation’s campaign with 404', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'switch.outsider@example.org',
      password: 'outsider-pass',
    });
    await client.post(`${API}/organisations`, { name: 'Outsider Switch' });
    const res = await client.put(`${API}/peer_to_peer/${ids.spring}/settings`, {
      self_registration: true,
      approval_required: false,
      default_goal_minor: null,
      default_story: '',
      team_fundraising: false,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await one<{ on: boolean }>(sql`SELECT team_fundraising AS on FROM campaigns WHERE id = ${ids.spring}`)).on,
    ).toBe(true);
  });
});

describe('the staff totals', () => {
  it('count gifts made on a team’s own page in "raised by fundraisers", and the campaign’s teams', async () => {
    const admin = await signedIn('admin@kindling.test');
    const before = (await admin.get(`${API}/peer_to_peer/${ids.spring}`)).json().totals;
    const gift = await payForGift(ctx, {
      amount: 2_468,
      currency: 'USD',
      email: 'team.total@example.org',
      campaign_url: 'team-spring-appeal-bakers',
    });
    await gift.confirm();
    const after = (await admin.get(`${API}/peer_to_peer/${ids.spring}`)).json().totals;
    expect(after.raised_minor).toBe(before.raised_minor + 2_468);
    expect(after.pages).toBe(before.pages);
    expect(after.average_minor).toBe(before.average_minor);
    expect(after.teams).toBeGreaterThanOrEqual(2);
    expect(after.share).toBeGreaterThan(before.share);
  });
});
