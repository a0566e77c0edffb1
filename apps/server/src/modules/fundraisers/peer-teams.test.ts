// Fundraising teams and milestone e-mails through the real API (docs/decisions/051-peer-teams-and-milestones.md):
// the seeded teams, the public team page and leaderboard, only the captain edits, joining and leaving,
// bad input, the staff table, other organisations, and each milestone e-mailed once.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { checkPeerMilestones } from './peer-milestones.ts';

const ctx = useTestApp();
const ids = { npo: 0, spring: 0, sam: 0, marcus: 0, runners: 0, bakers: 0 };
const API = '/api/v1/npo_admin';

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.db.execute<T>(query)).rows[0] as T;
const signedIn = async (email: string) => {
  const client = new TestClient(ctx.app);
  await client.signIn(email);
  return client;
};
const outsider = async (name: string) => {
  const client = new TestClient(ctx.app);
  await client.post('/api/v1/signup', {
    first_name: 'Out',
    last_name: 'Sider',
    email: `${name}@example.org`,
    password: 'outsider-pass',
  });
  await client.post(`${API}/organisations`, { name: `Outsider ${name}` });
  return client;
};
/** A page of the Spring Appeal owned by the demo fundraiser. */
const newPage = async (url: string, goalMinor: number | null = null) => {
  const fundraiser = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'fundraiser@kindling.test'`);
  return Number(
    (
      await one<{ id: number }>(sql`
        INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id,
          owner_user_id, goal_minor)
        VALUES (${ids.npo}, ${`Page ${url}`}, ${url}, 'active', 'USD', '{USD}', ${ids.spring}, ${fundraiser.id}, ${goalMinor})
        RETURNING id`)
    ).id,
  );
};
const TEAM = {
  name: 'River Rowers',
  team_url: 'river-rowers',
  story: '<p>We row.</p><script>x()</script>',
  goal_minor: 90_000,
};

beforeAll(async () => {
  ids.npo = Number((await one<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).id);
  const id = async (table: 'campaigns' | 'peer_teams', column: string, value: string) =>
    Number(
      (
        await one<{ id: number }>(
          sql`SELECT id FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${value}`,
        )
      ).id,
    );
  ids.spring = await id('campaigns', 'campaign_url', 'spring-appeal');
  ids.sam = await id('campaigns', 'campaign_url', 'spring-appeal-team-sam');
  ids.marcus = await id('campaigns', 'campaign_url', 'spring-appeal-team-marcus');
  ids.runners = await id('peer_teams', 'team_url', 'spring-appeal-runners');
  ids.bakers = await id('peer_teams', 'team_url', 'spring-appeal-bakers');
});

describe('a fundraiser’s team', () => {
  it('shows the demo fundraiser the team their page captains, with members’ totals and the teams to join', async () => {
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const res = await fundraiser.get(`${API}/peer_pages/${ids.sam}/team`);
    expect(res.statusCode, res.body).toBe(200);
    const panel = res.json();
    expect(panel.is_captain).toBe(true);
    expect(panel.team).toMatchObject({
      name: 'Spring Appeal Runners',
      team_url: 'spring-appeal-runners',
      goal_minor: 250_000,
    });
    const members = panel.team.members as Array<{ campaign_url: string; raised_minor: number; captain: boolean }>;
    expect(members.map((m) => m.campaign_url).sort()).toEqual(['spring-appeal-team-marcus', 'spring-appeal-team-sam']);
    // The members' pages and the demo gift made on the team's own page (decision 067).
    const own = await one<{ raised: number }>(sql`
      SELECT coalesce(sum(d.amount_minor), 0)::int AS raised FROM donations d JOIN campaigns c ON c.id = d.peer_campaign_id
      WHERE c.campaign_url = 'team-spring-appeal-runners' AND d.status = 'succeeded'`);
    expect(own.raised).toBeGreaterThan(0);
    expect(panel.team.raised_minor).toBe(members.reduce((s, m) => s + m.raised_minor, own.raised));
    expect(members.find((m) => m.captain)?.campaign_url).toBe('spring-appeal-team-sam');
    expect(panel.joinable.map((t: { name: string }) => t.name)).toEqual(['Bakers for the Bank']);

    expect((await new TestClient(ctx.app).get(`${API}/peer_pages/${ids.sam}/team`)).statusCode).toBe(401);
    expect((await (await signedIn('staff@kindling.test')).get(`${API}/peer_pages/${ids.sam}/team`)).statusCode).toBe(
      403,
    );
    // Another's page, and another organisation, answer like a missing page.
    expect((await fundraiser.get(`${API}/peer_pages/${ids.marcus}/team`)).statusCode).toBe(404);
    expect((await (await outsider('teams-panel')).get(`${API}/peer_pages/${ids.sam}/team`)).statusCode).toBe(404);
  });

  it('counts a gift through a member’s page for the member and the team, on the public page and boards', async () => {
    const before = (await new TestClient(ctx.app).get(`${API}/team_page/spring-appeal-runners`)).json();
    await recordSucceededPayment(ctx.db, {
      npoId: ids.npo,
      campaignId: ids.spring,
      peerCampaignId: ids.marcus,
      provider: 'sandbox',
      providerReference: `team_test_${Date.now()}`,
      amountMinor: 12_345,
      currency: 'USD',
      donor: { email: 'team.friend@example.org', firstName: 'Tess', lastName: 'Friend', postalCode: '' },
      donorWall: { addToDonorWall: true, firstNameOnly: true, showAmount: true, showComment: false },
      occurredAt: new Date(),
    });
    const res = await new TestClient(ctx.app).get(`${API}/team_page/spring-appeal-runners`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.raised_minor).toBe(before.raised_minor + 12_345);
    const marcus = (p: typeof page) =>
      p.members.find((m: { campaign_url: string }) => m.campaign_url === 'spring-appeal-team-marcus').raised_minor;
    expect(marcus(page)).toBe(marcus(before) + 12_345);
    expect(page.gifts[0]).toMatchObject({ donor_name: 'Tess', amount_minor: 12_345 });
    expect(page.donate_url).toBe('/raise/team-spring-appeal-runners');
    // The light public page formats with the organisation's locale and polls this read (decision 079).
    expect(page.locale).toBe('en-US');
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect((await new TestClient(ctx.app).get(`${API}/team_page/no-such-team`)).statusCode).toBe(404);

    const board = await new TestClient(ctx.app).get(`${API}/campaign_page/team_leaderboard?campaign_id=${ids.spring}`);
    expect(board.statusCode, board.body).toBe(200);
    const teams = board.json().teams as Array<{ team_url: string; raised_minor: number; members: number }>;
    expect(teams.map((t) => t.team_url)).toContain('spring-appeal-runners');
    expect(teams.map((t) => t.raised_minor)).toEqual([...teams.map((t) => t.raised_minor)].sort((a, b) => b - a));
    expect(teams.find((t) => t.team_url === 'spring-appeal-runners')?.members).toBe(2);
    expect(
      (await new TestClient(ctx.app).get(`${API}/campaign_page/team_leaderboard?campaign_id=${ids.sam}`)).statusCode,
    ).toBe(404);
  });

  it('lets only the captain edit the team; bad input changes nothing', async () => {
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const edit = {
      name: 'Spring Appeal Runners',
      team_url: 'spring-appeal-runners',
      story: '<p>Run!</p><img src=x onerror=alert(1)>',
      goal_minor: 300_000,
    };
    const saved = await fundraiser.put(`${API}/peer_teams/${ids.runners}`, edit);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ goal_minor: 300_000 });
    expect(saved.json().story).not.toContain('onerror');

    const empty = await fundraiser.put(`${API}/peer_teams/${ids.runners}`, { ...edit, name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter a team name');
    const taken = await fundraiser.put(`${API}/peer_teams/${ids.runners}`, {
      ...edit,
      team_url: 'spring-appeal-bakers',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toMatchObject({ team_url: expect.stringContaining('already in use') });
    const unsafe = await fundraiser.put(`${API}/peer_teams/${ids.runners}`, { ...edit, team_url: '../admin' });
    expect(unsafe.statusCode).toBe(400);

    // Priya captains the Bakers: the demo fundraiser cannot change them, nor can anyone else.
    const bakersBefore = await one<{ name: string }>(sql`SELECT name FROM peer_teams WHERE id = ${ids.bakers}`);
    const notCaptain = await fundraiser.put(`${API}/peer_teams/${ids.bakers}`, {
      ...edit,
      name: 'Taken over',
      team_url: 'spring-appeal-bakers',
    });
    expect(notCaptain.statusCode).toBe(404);
    expect((await new TestClient(ctx.app).put(`${API}/peer_teams/${ids.bakers}`, edit)).statusCode).toBe(401);
    expect(
      (await (await signedIn('staff@kindling.test')).put(`${API}/peer_teams/${ids.bakers}`, edit)).statusCode,
    ).toBe(403);
    expect((await (await outsider('teams-edit')).put(`${API}/peer_teams/${ids.runners}`, edit)).statusCode).toBe(404);
    expect(await one(sql`SELECT name FROM peer_teams WHERE id = ${ids.bakers}`)).toEqual(bakersBefore);
    const runners = await one<{ goal_minor: number }>(sql`SELECT goal_minor FROM peer_teams WHERE id = ${ids.runners}`);
    expect(Number(runners.goal_minor)).toBe(300_000);
  });

  it('creates a team from a page, joins and leaves another; a captain stays in their team', async () => {
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const pageId = await newPage('spring-appeal-rower');
    const created = await fundraiser.post(`${API}/peer_pages/${pageId}/team`, TEAM);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      is_captain: true,
      team: { name: 'River Rowers', team_url: 'river-rowers' },
    });
    expect(created.json().team.story).not.toContain('script');
    const again = await fundraiser.post(`${API}/peer_pages/${pageId}/team`, { ...TEAM, team_url: 'river-rowers-2' });
    expect(again.statusCode).toBe(409);
    expect((await fundraiser.request('DELETE', `${API}/peer_pages/${pageId}/team`)).statusCode).toBe(409);

    const second = await newPage('spring-appeal-rower-two');
    const duplicate = await fundraiser.post(`${API}/peer_pages/${second}/team`, TEAM);
    expect(duplicate.statusCode).toBe(409);
    const joined = await fundraiser.put(`${API}/peer_pages/${second}/team`, { team_id: ids.bakers });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ is_captain: false, team: { name: 'Bakers for the Bank' } });
    const missing = await fundraiser.put(`${API}/peer_pages/${second}/team`, { team_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    const bad = await fundraiser.put(`${API}/peer_pages/${second}/team`, { team_id: 'x' });
    expect(bad.statusCode).toBe(400);
    const left = await fundraiser.request('DELETE', `${API}/peer_pages/${second}/team`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().team).toBeNull();
  });
});

describe('the staff view of teams', () => {
  it('lists the campaign’s teams and exports them; other roles and organisations are refused', async () => {
    const admin = await signedIn('admin@kindling.test');
    const res = await admin.get(`${API}/peer_to_peer/${ids.spring}/teams`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().teams as Array<{ name: string; captain: string }>;
    expect(rows.map((t) => t.name)).toEqual(expect.arrayContaining(['Spring Appeal Runners', 'Bakers for the Bank']));
    expect(rows.find((t) => t.name === 'Spring Appeal Runners')?.captain).toBe('Fern Raiser');
    const csv = await admin.get(`${API}/peer_to_peer/${ids.spring}/teams/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Team,Captain,Page,Members,Raised (USD),Goal');
    expect(csv.body).toContain('/team-page/spring-appeal-runners');

    expect((await new TestClient(ctx.app).get(`${API}/peer_to_peer/${ids.spring}/teams`)).statusCode).toBe(401);
    const fundraiser = await signedIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/peer_to_peer/${ids.spring}/teams`)).statusCode).toBe(403);
    const stranger = await outsider('teams-staff');
    expect((await stranger.get(`${API}/peer_to_peer/${ids.spring}/teams`)).statusCode).toBe(404);
    expect((await stranger.get(`${API}/peer_to_peer/${ids.spring}/teams/export`)).statusCode).toBe(404);
  });
});

describe('milestone e-mails', () => {
  it('e-mails the fundraiser once per milestone, even when the job runs again', async () => {
    const pageId = await newPage('spring-appeal-milestones', 10_000);
    const subjects = async () =>
      (await mailTo(ctx.dataDir, 'fundraiser@kindling.test', 0, 200))
        .map((m) => m.subject)
        .filter((s) => s.includes('Page spring-appeal-milestones'));
    expect(await subjects()).toEqual([]);

    // $30 of a $100 goal: the first gift and 25 %, told in one e-mail.
    const first = await payForGift(ctx, {
      amount: 3000,
      currency: 'USD',
      email: 'ms.one@example.org',
      campaign_url: 'spring-appeal-milestones',
    });
    await first.confirm();
    await expect
      .poll(subjects, { timeout: 10_000 })
      .toEqual(['“Page spring-appeal-milestones” reached 25 % of its goal']);
    // The job again (a retry, the webhook's second recording): nothing new.
    const deps = { db: ctx.db, mailer: ctx.mailer, origin: 'http://localhost' };
    expect(await checkPeerMilestones(deps, { npoId: ids.npo, pageId })).toEqual([]);
    await first.confirm();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await subjects()).toHaveLength(1);

    // $25 more: 55 %, one e-mail for 50 %.
    await (
      await payForGift(ctx, {
        amount: 2500,
        currency: 'USD',
        email: 'ms.two@example.org',
        campaign_url: 'spring-appeal-milestones',
      })
    ).confirm();
    await expect.poll(async () => (await subjects()).length, { timeout: 10_000 }).toBe(2);
    expect((await subjects()).sort()).toContain('“Page spring-appeal-milestones” reached 50 % of its goal');
    const recorded = await ctx.db.execute<{ milestone: string }>(
      sql`SELECT milestone FROM peer_milestones WHERE peer_campaign_id = ${pageId} ORDER BY reached_at, milestone`,
    );
    expect(recorded.rows.map((r) => r.milestone).sort()).toEqual(['25', '50', 'first_gift']);
    // Staff hear of each e-mailed milestone once too.
    const told = await ctx.db.execute<{ message: string }>(sql`
      SELECT message FROM notifications WHERE npo_id = ${ids.npo} AND kind = 'fundraiser.milestone'
        AND message LIKE '%Page spring-appeal-milestones%' ORDER BY id`);
    expect(told.rows.map((r) => r.message)).toEqual([
      '“Page spring-appeal-milestones” reached 25 % of its goal.',
      '“Page spring-appeal-milestones” reached 50 % of its goal.',
    ]);
  });
});
