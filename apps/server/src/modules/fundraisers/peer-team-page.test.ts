// A team's own page and joining a team at sign-up through the real API
// (docs/decisions/067-team-pages-and-joining-at-sign-up.md): a gift made on the team page credits the
// team alone and counts once on its page and board; a supporter asking to fundraise names a team to
// join or starts one, confirmed by the e-mailed link, under the campaign's approval rule.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ctx = useTestApp();
const ids = { npo: 0, spring: 0, bakers: 0 };
const API = '/api/v1/npo_admin';
const anonymous = () => new TestClient(ctx.app);

type Member = { campaign_url: string; raised_minor: number };
type BoardTeam = { team_url: string; raised_minor: number; members: number };

const teamPage = async (url: string) => {
  const res = await anonymous().get(`${API}/team_page/${url}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { raised_minor: number; members: Member[]; donate_url: string; gifts: unknown[] };
};
const teamBoard = async () =>
  (await anonymous().get(`${API}/campaign_page/team_leaderboard?campaign_id=${ids.spring}&limit=50`)).json()
    .teams as BoardTeam[];

beforeAll(async () => {
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await ctx.db.execute<{ id: number }>(query)).rows[0]?.id);
  ids.npo = await one(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
  ids.spring = await one(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`);
  ids.bakers = await one(sql`SELECT id FROM peer_teams WHERE team_url = 'spring-appeal-bakers'`);
});

describe('a gift on the team page', () => {
  it('credits the team itself, once, on its page and the teams’ board, and no fundraiser', async () => {
    const before = await teamPage('spring-appeal-runners');
    expect(before.donate_url).toBe('/raise/team-spring-appeal-runners');
    const boardBefore = (await teamBoard()).find((t) => t.team_url === 'spring-appeal-runners');

    const gift = await payForGift(ctx, {
      amount: 4_321,
      currency: 'USD',
      email: 'team.giver@example.org',
      campaign_url: 'team-spring-appeal-runners',
    });
    await gift.confirm();
    await gift.confirm(); // the browser's retry records nothing twice

    const after = await teamPage('spring-appeal-runners');
    expect(after.raised_minor).toBe(before.raised_minor + 4_321);
    // The members are the fundraisers; none of them got the gift.
    expect(after.members).toEqual(before.members);
    expect(after.members.map((m) => m.campaign_url)).not.toContain('team-spring-appeal-runners');
    expect(after.gifts[0]).toMatchObject({ page_title: 'Spring Appeal Runners' });
    const boardAfter = (await teamBoard()).find((t) => t.team_url === 'spring-appeal-runners');
    expect(boardAfter).toMatchObject({
      members: boardBefore?.members,
      raised_minor: (boardBefore?.raised_minor ?? 0) + 4_321,
    });

    // The fundraisers' board and the staff pages table list fundraisers only.
    const fundraisers = (
      await anonymous().get(`${API}/campaign_page/leaderboard?campaign_id=${ids.spring}&limit=50`)
    ).json().fundraisers as Member[];
    expect(fundraisers.map((f) => f.campaign_url)).not.toContain('team-spring-appeal-runners');
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const staff = (await admin.get(`${API}/peer_to_peer/${ids.spring}`)).json();
    expect(staff.pages.map((p: Member) => p.campaign_url)).not.toContain('team-spring-appeal-runners');
  });
});

/** Asks to fundraise as a visitor, follows the e-mailed link, sets a password and signs in. */
async function signUp(email: string, team: { team_id?: number; new_team_name?: string }) {
  const asked = await anonymous().post('/api/v1/fundraiser', {
    first_name: 'Jo',
    last_name: email.split('@')[0],
    email,
    campaign_id: ids.spring,
    ...team,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json()).toEqual({ fundraiser: null, confirmation_sent: true });
  const [mail] = await mailTo(ctx.dataDir, email, 1, 0);
  const token = /\/join-fundraiser\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
  const confirmed = await anonymous().post('/api/v1/fundraiser/confirm', { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const reset = /reset-password\?token=(\S+)/.exec(confirmed.json().password_url ?? '')?.[1] ?? '';
  const person = new TestClient(ctx.app);
  await person.prime();
  expect(
    (await person.post('/api/v1/password/reset', { token: reset, password: 'a-team-password-42' })).statusCode,
  ).toBe(200);
  await person.signIn(email, 'a-team-password-42');
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    SELECT c.id FROM campaigns c JOIN users u ON u.id = c.owner_user_id
    WHERE u.email = ${email} AND c.parent_campaign_id = ${ids.spring}`);
  const pageId = Number(rows[0]?.id);
  const panel = (await person.get(`${API}/peer_pages/${pageId}/team`)).json();
  return { person, pageId, panel };
}

describe('joining a team at sign-up', () => {
  it('joins the team the supporter named once they confirm and sign in', async () => {
    const { panel } = await signUp('jo.baker@example.org', { team_id: ids.bakers });
    expect(panel.team).toMatchObject({ name: 'Bakers for the Bank' });
    expect(panel.is_captain).toBe(false);
    const page = await teamPage('spring-appeal-bakers');
    expect(page.members.map((m) => m.campaign_url)).toContain(panel.team.members.at(-1)?.campaign_url);
  });

  it('starts the team the supporter named, captained by them, pending while the campaign asks for approval', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const settings = `${API}/peer_to_peer/${ids.spring}/settings`;
    const kept = (await admin.get(`${API}/peer_to_peer/${ids.spring}`)).json().settings;
    expect((await admin.put(settings, { ...kept, approval_required: true })).statusCode).toBe(200);
    try {
      const { person, pageId, panel } = await signUp('jo.cyclist@example.org', { new_team_name: 'Canal Cyclists' });
      expect(panel).toMatchObject({ is_captain: true, team: { name: 'Canal Cyclists', team_url: 'canal-cyclists' } });
      const teamId = panel.team.id as number;
      expect((await person.get(`${API}/peer_teams/${teamId}`)).json().state).toBe('pending');
      expect((await anonymous().get(`${API}/team_page/canal-cyclists`)).statusCode).toBe(404);
      // Nobody may ask to join a team staff have not approved.
      const early = await anonymous().post('/api/v1/fundraiser', {
        first_name: 'Al',
        last_name: 'Early',
        email: 'al.early@example.org',
        campaign_id: ids.spring,
        team_id: teamId,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().fields.team_id).toContain('waiting for approval');

      const approved = await admin.post(`${API}/peer_to_peer/${ids.spring}/teams/${teamId}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      const page = await teamPage('canal-cyclists');
      expect(page.donate_url).toBe('/raise/team-canal-cyclists');
      // The captain's own page waits for its approval like any new page.
      expect(page.members).toEqual([]);
      const action = `${API}/peer_to_peer/${ids.spring}/pages/${pageId}/action`;
      expect((await admin.post(action, { action: 'approve' })).statusCode).toBe(200);
      expect((await teamPage('canal-cyclists')).members).toHaveLength(1);
    } finally {
      await admin.put(settings, kept);
    }
  });

  it('refuses a bad team choice and sends nothing', async () => {
    const ask = (email: string, team: Record<string, unknown>) =>
      anonymous().post('/api/v1/fundraiser', {
        first_name: 'Bad',
        last_name: 'Choice',
        email,
        campaign_id: ids.spring,
        ...team,
      });
    const both = await ask('both@example.org', { team_id: ids.bakers, new_team_name: 'Another' });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ new_team_name: 'Join a team or start a new one, not both.' });
    const missing = await ask('missing@example.org', { team_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ team_id: 'Choose a team of this campaign.' });
    const long = await ask('long@example.org', { new_team_name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    for (const email of ['both@example.org', 'missing@example.org', 'long@example.org']) {
      expect(await mailTo(ctx.dataDir, email, 0, 0)).toEqual([]);
    }
    const { rows } = await ctx.db.execute(
      sql`SELECT 1 FROM fundraiser_requests WHERE email LIKE '%@example.org' AND email IN ('both@example.org', 'missing@example.org', 'long@example.org')`,
    );
    expect(rows).toEqual([]);
  });
});
