// A team captain's view and staff approval of teams through the real API
// (docs/decisions/051-peer-teams-and-milestones.md): the captain sees and manages only their team,
// invites people into it (their page joins the team on first sign-in), removes a member (the
// page's gifts stay with it), and a campaign asking for approval keeps new teams off its public
// pages until staff approve them.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

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
const invite = (client: TestClient, person: { email: string; first_name: string; last_name: string }, team: number) =>
  client.post('/api/v1/fundraiser', { ...person, campaign_id: ids.spring, team_id: team, role: 'fundraiser' });

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

describe('the captain’s view', () => {
  it('shows the captain their team, and answers 404 for another team or organisation', async () => {
    const captain = await signedIn('fundraiser@kindling.test');
    const res = await captain.get(`${API}/peer_teams/${ids.runners}`);
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json();
    expect(team).toMatchObject({ name: 'Spring Appeal Runners', state: 'live', invitations: [] });
    expect(team.members.map((m: { campaign_url: string }) => m.campaign_url).sort()).toEqual([
      'spring-appeal-team-marcus',
      'spring-appeal-team-sam',
    ]);

    expect((await captain.get(`${API}/peer_teams/${ids.bakers}`)).statusCode).toBe(404);
    expect((await captain.get(`${API}/peer_teams/999999`)).statusCode).toBe(404);
    expect((await captain.request('DELETE', `${API}/peer_teams/${ids.bakers}/members/${ids.marcus}`)).statusCode).toBe(
      404,
    );
    expect((await new TestClient(ctx.app).get(`${API}/peer_teams/${ids.runners}`)).statusCode).toBe(401);
    // Staff are not captains: the shared fundraiser group is not theirs.
    expect((await (await signedIn('staff@kindling.test')).get(`${API}/peer_teams/${ids.runners}`)).statusCode).toBe(
      403,
    );
    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'captain-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post(`${API}/organisations`, { name: 'Outsider captains' });
    expect((await outsider.get(`${API}/peer_teams/${ids.runners}`)).statusCode).toBe(404);
  });

  it('invites someone into the team: the invitation shows, and their page joins the team on first sign-in', async () => {
    const captain = await signedIn('fundraiser@kindling.test');
    const email = 'rita.runner@example.org';
    const sent = await invite(captain, { email, first_name: 'Rita', last_name: 'Runner' }, ids.runners);
    expect(sent.statusCode, sent.body).toBe(200);
    const waiting = (await captain.get(`${API}/peer_teams/${ids.runners}`)).json();
    expect(waiting.invitations).toEqual([expect.objectContaining({ email, first_name: 'Rita' })]);

    // Only the captain (or staff) invites into a team; a team of another campaign is refused.
    const other = await invite(
      captain,
      { email: 'nobody@example.org', first_name: 'No', last_name: 'Body' },
      ids.bakers,
    );
    expect(other.statusCode).toBe(403);
    expect(await mailTo(ctx.dataDir, 'nobody@example.org', 0)).toEqual([]);
    const missing = await invite(captain, { email: 'ghost@example.org', first_name: 'Gh', last_name: 'Ost' }, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ team_id: 'Choose a team of this campaign.' });

    const [mail] = await mailTo(ctx.dataDir, email);
    const token = /reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const invitee = new TestClient(ctx.app);
    await invitee.prime();
    expect((await invitee.post('/api/v1/password/reset', { token, password: 'a-runner-password-42' })).statusCode).toBe(
      200,
    );
    await new TestClient(ctx.app).signIn(email, 'a-runner-password-42');

    const joined = (await captain.get(`${API}/peer_teams/${ids.runners}`)).json();
    expect(joined.invitations).toEqual([]);
    expect(joined.members.map((m: { fundraiser: string }) => m.fundraiser)).toContain('Rita Runner');
  });

  it('removes a member from the team: the team total drops, the page keeps its gifts; the captain’s page stays', async () => {
    const captain = await signedIn('fundraiser@kindling.test');
    const before = (await captain.get(`${API}/peer_teams/${ids.runners}`)).json();
    const marcus = before.members.find((m: { page_id: number }) => m.page_id === ids.marcus);
    expect(marcus.raised_minor).toBeGreaterThan(0);

    const res = await captain.request('DELETE', `${API}/peer_teams/${ids.runners}/members/${ids.marcus}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: { page_id: number }) => m.page_id)).not.toContain(ids.marcus);
    expect(res.json().raised_minor).toBe(before.raised_minor - marcus.raised_minor);
    const gifts = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM donations WHERE peer_campaign_id = ${ids.marcus} AND status = 'succeeded'`,
    );
    expect(gifts.n).toBeGreaterThan(0);

    expect((await captain.request('DELETE', `${API}/peer_teams/${ids.runners}/members/${ids.marcus}`)).statusCode).toBe(
      404,
    );
    const own = await captain.request('DELETE', `${API}/peer_teams/${ids.runners}/members/${ids.sam}`);
    expect(own.statusCode).toBe(409);
    expect((await captain.get(`${API}/peer_teams/${ids.runners}`)).json().members.length).toBe(
      res.json().members.length,
    );
  });
});

describe('approving teams', () => {
  it('keeps a new team off the public pages until staff approve it, when the campaign asks for approval', async () => {
    const admin = await signedIn('admin@kindling.test');
    const settings = `${API}/peer_to_peer/${ids.spring}/settings`;
    const saved = await admin.put(settings, {
      self_registration: true,
      approval_required: true,
      default_goal_minor: null,
      default_story: '',
      team_fundraising: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fundraiser = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'fundraiser@kindling.test'`);
    const page = await one<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id, owner_user_id)
      VALUES (${ids.npo}, 'Page for approval', 'spring-appeal-approval-page', 'active', 'USD', '{USD}', ${ids.spring},
        ${fundraiser.id})
      RETURNING id`);
    const captain = await signedIn('fundraiser@kindling.test');
    const created = await captain.post(`${API}/peer_pages/${page.id}/team`, {
      name: 'Waiting Walkers',
      team_url: 'waiting-walkers',
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().team.id;
    expect((await captain.get(`${API}/peer_teams/${teamId}`)).json().state).toBe('pending');

    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/team_page/waiting-walkers`)).statusCode).toBe(404);
    const board = () => anonymous.get(`${API}/campaign_page/team_leaderboard?campaign_id=${ids.spring}&limit=50`);
    expect((await board()).json().teams.map((t: { name: string }) => t.name)).not.toContain('Waiting Walkers');
    const staffList = (await admin.get(`${API}/peer_to_peer/${ids.spring}/teams`)).json();
    expect(staffList.teams.find((t: { name: string }) => t.name === 'Waiting Walkers')?.state).toBe('pending');

    const approve = `${API}/peer_to_peer/${ids.spring}/teams/${teamId}/approve`;
    expect((await anonymous.post(approve)).statusCode).toBe(401);
    expect((await captain.post(approve)).statusCode).toBe(403);
    expect((await admin.post(`${API}/peer_to_peer/${ids.spring}/teams/999999/approve`)).statusCode).toBe(404);
    const approved = await admin.post(approve);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().teams.find((t: { name: string }) => t.name === 'Waiting Walkers')?.state).toBe('live');
    expect((await anonymous.get(`${API}/team_page/waiting-walkers`)).statusCode).toBe(200);
    expect((await board()).json().teams.map((t: { name: string }) => t.name)).toContain('Waiting Walkers');
  });
});
