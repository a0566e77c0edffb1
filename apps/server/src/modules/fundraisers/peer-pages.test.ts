// Fundraiser pages through the real API (docs/decisions/044-peer-to-peer-pages.md): the fundraiser's
// own pages only, bad input, thank-you e-mails, the staff view and its decisions (removing keeps
// every gift), the settings, and the public leaderboard.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';

const ctx = useTestApp();
const ids = { npo: 0, spring: 0, sam: 0, other: 0 };
let reference = 0;

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
  await client.post('/api/v1/npo_admin/organisations', { name: `Outsider ${name}` });
  return client;
};

/** A succeeded gift through a fundraiser page, recorded the way checkout records it. */
async function peerGift(peerCampaignId: number, email: string, amountMinor: number, onWall = true) {
  reference += 1;
  const { donation } = await recordSucceededPayment(ctx.db, {
    npoId: ids.npo,
    campaignId: ids.spring,
    peerCampaignId,
    provider: 'sandbox',
    providerReference: `peer_test_${reference}_${Date.now()}`,
    amountMinor,
    currency: 'USD',
    donor: { email, firstName: 'Grace', lastName: 'Hopper', postalCode: '' },
    donorWall: { addToDonorWall: onWall, firstNameOnly: false, showAmount: true, showComment: false },
    occurredAt: new Date(),
  });
  return donation.id;
}

beforeAll(async () => {
  ids.npo = Number((await one<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).id);
  const id = async (url: string) =>
    Number((await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = ${url}`)).id);
  ids.spring = await id('spring-appeal');
  ids.sam = await id('spring-appeal-team-sam');
  // A second page of the campaign, owned by the manager (not the demo fundraiser).
  const manager = await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'manager@kindling.test'`);
  ids.other = Number(
    (
      await one<{ id: number }>(sql`
        INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id, owner_user_id)
        VALUES (${ids.npo}, 'Mara runs for spring', 'spring-appeal-team-mara', 'active', 'USD', '{USD}',
          ${ids.spring}, ${manager.id})
        RETURNING id`)
    ).id,
  );
  await peerGift(ids.other, 'mara.friend@example.org', 90_000);
});

describe('the fundraiser’s own page', () => {
  it('shows the demo fundraiser their page with its gifts, views and checklist; no one else', async () => {
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const res = await fundraiser.get('/api/v1/npo_admin/peer_dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const pages = res.json().pages as Array<Record<string, unknown>>;
    expect(pages.map((p) => p.campaign_url)).toEqual(['spring-appeal-team-sam']);
    const seededGifts = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donations WHERE peer_campaign_id = ${ids.sam} AND status = 'succeeded'`);
    expect(pages[0]).toMatchObject({ campaign_name: 'Spring Appeal', gifts: seededGifts.n, state: 'live' });
    expect(pages[0]?.raised_minor).toBeGreaterThan(0);
    // The demo page has two weeks of views, more than its gifts: its conversion reads like a real page's.
    expect(Number(pages[0]?.views)).toBeGreaterThan(Number(pages[0]?.gifts) * 5);
    expect(pages[0]?.checklist).toMatchObject({ first_gift: true, self_donation: false, first_share: false });
    // The demo records the milestones its gifts reached; the dashboard lists them, oldest first.
    const recorded = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM peer_milestones WHERE peer_campaign_id = ${ids.sam}`);
    const milestones = pages[0]?.milestones as Array<{ milestone: string; reached_at: string }>;
    expect(milestones).toHaveLength(recorded.n);
    expect(milestones[0]?.milestone).toBe('first_gift');
    expect(Number.isNaN(Date.parse(milestones[0]?.reached_at ?? ''))).toBe(false);

    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/peer_dashboard')).statusCode).toBe(401);
    const staff = await signedIn('staff@kindling.test');
    expect((await staff.get('/api/v1/npo_admin/peer_dashboard')).statusCode).toBe(403);
  });

  it('saves the page: story sanitised, goal, deadline, video and a new address', async () => {
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const res = await fundraiser.put(`/api/v1/npo_admin/peer_pages/${ids.sam}`, {
      title: 'Sam runs the river 10k',
      story: '<p>Help me fill the shelves</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      image_url: 'https://images.example.org/sam.jpg',
      video_url: 'https://video.example.org/sam',
      goal_minor: 300_000,
      deadline: '2027-06-30',
      campaign_url: 'spring-appeal-team-sam-runs',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().page;
    expect(saved).toMatchObject({
      title: 'Sam runs the river 10k',
      goal_minor: 300_000,
      campaign_url: 'spring-appeal-team-sam-runs',
      checklist: { photo: true, story: true },
    });
    expect(saved.story).toMatch(/^<p>Help me fill the shelves<\/p>/);
    expect(saved.story).not.toMatch(/script|onerror|alert/);
    const visitor = new TestClient(ctx.app);
    const page = await visitor.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal-team-sam-runs');
    expect(page.statusCode).toBe(200);
    expect(page.json().campaign.peer).toMatchObject({
      name: 'Sam runs the river 10k',
      video_url: 'https://video.example.org/sam',
      goal_minor: 300_000,
    });
    // Back to the demo's address for the tests below.
    const back = await fundraiser.put(`/api/v1/npo_admin/peer_pages/${ids.sam}`, {
      title: 'Team Sam for the Spring Appeal',
      campaign_url: 'spring-appeal-team-sam',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('refuses another fundraiser’s page (404) and bad input, changing nothing', async () => {
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const before = await one(sql`SELECT name, campaign_url, description FROM campaigns WHERE id = ${ids.other}`);
    const theirs = await fundraiser.put(`/api/v1/npo_admin/peer_pages/${ids.other}`, {
      title: 'Taken over',
      campaign_url: 'spring-appeal-team-mara',
    });
    expect(theirs.statusCode).toBe(404);
    expect((await fundraiser.get(`/api/v1/npo_admin/peer_pages/${ids.other}/donations`)).statusCode).toBe(404);
    expect((await fundraiser.get(`/api/v1/npo_admin/peer_pages/${ids.spring}`)).statusCode).toBe(404);
    expect(await one(sql`SELECT name, campaign_url, description FROM campaigns WHERE id = ${ids.other}`)).toEqual(
      before,
    );

    const put = (body: Record<string, unknown>) =>
      fundraiser.put(`/api/v1/npo_admin/peer_pages/${ids.sam}`, {
        title: 'Sam',
        campaign_url: 'spring-appeal-team-sam',
        ...body,
      });
    const reserved = await put({ campaign_url: 'dashboard' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().fields.campaign_url).toMatch(/used by the app itself/);
    const taken = await put({ campaign_url: 'spring-appeal-team-mara' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.campaign_url).toMatch(/already in use/);
    const video = await put({ video_url: 'javascript:alert(1)' });
    expect(video.statusCode).toBe(400);
    expect(video.json().fields.video_url).toBe('Use a video link that starts with https://');
    const check = await fundraiser.get(
      `/api/v1/npo_admin/peer_pages/${ids.sam}/url_check?campaign_url=spring-appeal-team-mara`,
    );
    expect(check.json()).toMatchObject({ available: false });
    const free = await fundraiser.get(`/api/v1/npo_admin/peer_pages/${ids.sam}/url_check?campaign_url=sam-for-spring`);
    expect(free.json()).toEqual({ available: true, message: null });
    expect((await one<{ name: string }>(sql`SELECT name FROM campaigns WHERE id = ${ids.sam}`)).name).toBe(
      'Team Sam for the Spring Appeal',
    );

    const stranger = await outsider('peer-outsider');
    expect((await stranger.get(`/api/v1/npo_admin/peer_pages/${ids.sam}`)).statusCode).toBe(404);
  });

  it('thanks a donor once by e-mail through the outbox, without showing the fundraiser their address', async () => {
    const donationId = await peerGift(ids.sam, 'thankful.donor@example.org', 4_200);
    const hidden = await peerGift(ids.sam, 'quiet.donor@example.org', 1_000, false);
    const fundraiser = await signedIn('fundraiser@kindling.test');
    const list = await fundraiser.get(`/api/v1/npo_admin/peer_pages/${ids.sam}/donations`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('thankful.donor@example.org');
    const gifts = list.json().gifts as Array<{ id: number; donor_name: string; thanked_at: string | null }>;
    expect(gifts.find((g) => g.id === donationId)).toMatchObject({ donor_name: 'Grace Hopper', thanked_at: null });
    expect(gifts.find((g) => g.id === hidden)?.donor_name).toBe('Anonymous supporter');

    const url = `/api/v1/npo_admin/peer_pages/${ids.sam}/donations/${donationId}/thank`;
    const thanked = await fundraiser.post(url, { send_email: true, message: 'You made my day!' });
    expect(thanked.statusCode, thanked.body).toBe(200);
    expect(thanked.json().gift.thanked_at).not.toBeNull();
    const [mail] = await mailTo(ctx.dataDir, 'thankful.donor@example.org');
    expect(mail?.subject).toBe('Thank you from Fern Raiser');
    expect(mail?.text).toContain('You made my day!');
    const again = await fundraiser.post(url, { send_email: true, message: '' });
    expect(again.statusCode).toBe(409);
    const notHere = await fundraiser.post(
      `/api/v1/npo_admin/peer_pages/${ids.sam}/donations/${await peerGift(ids.other, 'x@example.org', 100)}/thank`,
      { send_email: false },
    );
    expect(notHere.statusCode).toBe(404);
  });
});

describe('the staff P2P view', () => {
  it('totals the pages, lists and exports them for staff of the organisation only', async () => {
    const admin = await signedIn('admin@kindling.test');
    const res = await admin.get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    const urls = view.pages.map((p: { campaign_url: string }) => p.campaign_url);
    expect(urls).toEqual(expect.arrayContaining(['spring-appeal-team-sam', 'spring-appeal-team-mara']));
    expect(view.totals.pages).toBe(view.pages.length);
    // The fundraisers' pages plus the teams' own pages (docs/decisions/070-team-fundraising-switch.md).
    const { rows: onTeamPages } = await ctx.db.execute<{ raised: number }>(sql`
      SELECT coalesce(sum(d.base_amount_minor), 0)::int AS raised FROM donations d
      JOIN peer_pages pp ON pp.campaign_id = d.peer_campaign_id AND pp.kind = 'team'
      WHERE d.campaign_id = ${ids.spring} AND d.status = 'succeeded'`);
    expect(Number(onTeamPages[0]?.raised)).toBeGreaterThan(0);
    expect(view.totals.raised_minor).toBe(
      view.pages.reduce((sum: number, p: { raised_minor: number }) => sum + p.raised_minor, 0) +
        Number(onTeamPages[0]?.raised),
    );
    expect(view.totals.teams).toBe(2);
    expect(view.totals.share).toBeGreaterThan(0);
    expect(view.totals.share).toBeLessThanOrEqual(1);

    const csv = await admin.get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Mara runs for spring');

    expect(
      (await (await signedIn('staff@kindling.test')).get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}`)).statusCode,
    ).toBe(200);
    const fundraiser = await signedIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}`)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}`)).statusCode).toBe(401);
    const stranger = await outsider('p2p-staff-outsider');
    expect((await stranger.get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}`)).statusCode).toBe(404);
    expect(
      (
        await stranger.post(`/api/v1/npo_admin/peer_to_peer/${ids.spring}/pages/${ids.other}/action`, {
          action: 'hide',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('features and hides a page on the leaderboard, and removing it keeps every gift for the campaign', async () => {
    const board = async () =>
      (
        await new TestClient(ctx.app).get(`/api/v1/npo_admin/campaign_page/leaderboard?campaign_id=${ids.spring}`)
      ).json().fundraisers as Array<{ id: number; featured: boolean; raised_minor: number }>;
    const first = await board();
    expect(first.map((e) => e.id)).toEqual(expect.arrayContaining([ids.sam, ids.other]));
    expect(first.map((e) => e.raised_minor)).toEqual([...first.map((e) => e.raised_minor)].sort((a, b) => b - a));

    const admin = await signedIn('admin@kindling.test');
    const act = (action: string, page = ids.other) =>
      admin.post(`/api/v1/npo_admin/peer_to_peer/${ids.spring}/pages/${page}/action`, { action });
    const staff = await signedIn('staff@kindling.test');
    expect(
      (await staff.post(`/api/v1/npo_admin/peer_to_peer/${ids.spring}/pages/${ids.other}/action`, { action: 'hide' }))
        .statusCode,
    ).toBe(403);
    expect((await act('feature')).json()).toMatchObject({ featured: true });
    expect((await board()).find((e) => e.id === ids.other)?.featured).toBe(true);
    expect((await act('hide')).json()).toMatchObject({ state: 'hidden' });
    expect((await board()).map((e) => e.id)).not.toContain(ids.other);
    const visitor = new TestClient(ctx.app);
    expect((await visitor.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal-team-mara')).statusCode).toBe(
      404,
    );
    expect((await act('show')).json()).toMatchObject({ state: 'live' });
    expect((await act('explode')).statusCode).toBe(400);

    const giftsOf = (where: ReturnType<typeof sql>) =>
      ctx.db.execute<{ id: number; campaign_id: number; amount_minor: number; status: string }>(sql`
        SELECT id, campaign_id, amount_minor, status FROM donations WHERE ${where} ORDER BY id`);
    const before = (await giftsOf(sql`peer_campaign_id = ${ids.other}`)).rows;
    expect(before.length).toBeGreaterThan(0);
    const beforeIds = before.map((g) => Number(g.id));
    const removed = await act('remove');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ state: 'removed', gifts: 0 });
    expect((await giftsOf(sql`id IN ${sql.raw(`(${beforeIds.join(',')})`)}`)).rows).toEqual(before);
    expect((await giftsOf(sql`peer_campaign_id = ${ids.other}`)).rows).toEqual([]);
    const audit = await one<{ data: { recredited_donation_ids: number[] } }>(sql`
      SELECT data FROM audit_log WHERE action = 'peer_page.remove' AND target_id = ${String(ids.other)}`);
    expect(audit.data.recredited_donation_ids).toEqual(beforeIds);
    expect((await board()).map((e) => e.id)).not.toContain(ids.other);
    expect((await act('show')).statusCode).toBe(409);
    const manager = await signedIn('manager@kindling.test');
    expect((await manager.get(`/api/v1/npo_admin/peer_pages/${ids.other}`)).statusCode).toBe(404);
  });

  it('saves P2P settings; without self-registration a visitor cannot ask to fundraise', async () => {
    const admin = await signedIn('admin@kindling.test');
    const settings = {
      self_registration: false,
      approval_required: true,
      default_goal_minor: 50_000,
      default_story: '<p>Hi</p>',
      team_fundraising: true,
    };
    const saved = await admin.put(`/api/v1/npo_admin/peer_to_peer/${ids.spring}/settings`, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.get(`/api/v1/npo_admin/peer_to_peer/${ids.spring}`)).json().settings).toEqual(settings);
    const bad = await admin.put(`/api/v1/npo_admin/peer_to_peer/${ids.spring}/settings`, {
      ...settings,
      default_goal_minor: -5,
    });
    expect(bad.statusCode).toBe(400);

    const visitor = new TestClient(ctx.app);
    await visitor.prime();
    const asked = await visitor.post('/api/v1/fundraiser', {
      first_name: 'Vi',
      last_name: 'Sitor',
      email: 'p2p-visitor@example.org',
      campaign_id: ids.spring,
      role: 'fundraiser',
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().message).toBe('This campaign takes fundraisers by invitation only.');
  });

  it('answers the leaderboard only for a public campaign', async () => {
    const visitor = new TestClient(ctx.app);
    const draft = await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'summer-lunch-club'`);
    expect((await visitor.get(`/api/v1/npo_admin/campaign_page/leaderboard?campaign_id=${draft.id}`)).statusCode).toBe(
      404,
    );
    expect((await visitor.get(`/api/v1/npo_admin/campaign_page/leaderboard?campaign_id=${ids.sam}`)).statusCode).toBe(
      404,
    );
    expect((await visitor.get('/api/v1/npo_admin/campaign_page/leaderboard?campaign_id=abc')).statusCode).toBe(400);
  });
});
