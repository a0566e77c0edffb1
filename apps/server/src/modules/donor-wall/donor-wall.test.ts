import { type TDonorWallResponse, type TPublicCampaign, ZDonorWallResponse } from '@kindling/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift, springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

// The donor wall as a visitor's page reads it: real gifts through the checkout (sandbox card) with
// the donor-wall choices the form sends, a real refund through the staff route, and another
// organisation's campaign made through the API.

const WALL = '/api/v1/npo_admin/campaign_page/supporters';

describe('donor wall', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let spring: TPublicCampaign;
  let peer: TPublicCampaign;
  const visitor = () => new TestClient(ctx.app);

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    spring = await springAppeal(visitor());
    peer = await springAppeal(visitor(), 'spring-appeal-team-sam');
  });

  const wall = async (query: string): Promise<TDonorWallResponse> => {
    const res = await visitor().get(`${WALL}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDonorWallResponse.parse(res.json());
  };
  const give = async (
    email: string,
    names: { first_name: string; last_name: string },
    flags: Record<string, unknown>,
    campaignUrl = 'spring-appeal',
    includedFees = 0,
  ) => {
    const gift = await payForGift(ctx, {
      amount: 4200 + includedFees,
      currency: 'USD',
      email,
      campaign_url: campaignUrl,
      included_fees: includedFees,
      extra: { ...names, ...flags },
    });
    return (await gift.confirm()).id;
  };

  it('shows each gift as its donor chose, newest first, and nothing personal of a donor who stayed off the wall', async () => {
    await give(
      'wall-full@example.org',
      { first_name: 'Grace', last_name: 'Hopper' },
      {
        add_to_donor_wall: true,
        show_amount_on_donor_wall: true,
        show_comment_on_donor_wall: true,
        comment: 'For the shelves',
      },
    );
    await give(
      'wall-first@example.org',
      { first_name: 'Katherine', last_name: 'Johnson' },
      { add_to_donor_wall: true, first_name_only_to_donor_wall: true, comment: 'Kept private' },
    );
    // Not on the wall: the other choices mean nothing, whatever the form sent.
    await give(
      'wall-hidden@example.org',
      { first_name: 'Hedy', last_name: 'Lamarr' },
      {
        add_to_donor_wall: false,
        show_amount_on_donor_wall: true,
        show_comment_on_donor_wall: true,
        comment: 'Secret note',
      },
    );

    const res = await visitor().get(`${WALL}?campaign_id=${spring.campaign_id}&limit=3`);
    expect(res.statusCode).toBe(200);
    // A public read any cache may keep briefly, which starts no session.
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(res.headers['set-cookie']).toBeUndefined();
    const { supporters } = ZDonorWallResponse.parse(res.json());
    expect(supporters.map(({ key: _k, given_at: _g, ...rest }) => rest)).toEqual([
      { name: 'Anonymous', anonymous: true, amount_minor: null, currency: null, comment: null },
      { name: 'Katherine', anonymous: false, amount_minor: null, currency: null, comment: null },
      { name: 'Grace Hopper', anonymous: false, amount_minor: 4200, currency: 'USD', comment: 'For the shelves' },
    ]);
    for (const secret of ['Hedy', 'Lamarr', 'Secret note', 'wall-hidden', 'Johnson', 'Kept private', '@example.org']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('pages with a cursor without repeating or skipping a gift, and refuses a cursor it did not make', async () => {
    const first = await wall(`campaign_id=${spring.campaign_id}&limit=4`);
    expect(first.supporters).toHaveLength(4);
    expect(first.next_cursor).not.toBeNull();
    const second = await wall(`campaign_id=${spring.campaign_id}&limit=4&cursor=${first.next_cursor}`);
    const all = await wall(`campaign_id=${spring.campaign_id}&limit=8`);
    expect([...first.supporters, ...second.supporters].map((s) => s.key)).toEqual(all.supporters.map((s) => s.key));

    const bad = await visitor().get(`${WALL}?campaign_id=${spring.campaign_id}&cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This list has changed. Please reload the page.');
    const huge = await visitor().get(`${WALL}?campaign_id=${spring.campaign_id}&limit=500`);
    expect(huge.statusCode).toBe(400);
    expect((await visitor().get(`${WALL}?campaign_id=abc`)).statusCode).toBe(400);
  });

  it("lists on a fundraiser's page only the gifts made through it, which the campaign's wall shows too", async () => {
    const id = await give(
      'wall-peer@example.org',
      { first_name: 'Mae', last_name: 'Jemison' },
      { add_to_donor_wall: true, first_name_only_to_donor_wall: true, show_amount_on_donor_wall: true },
      'spring-appeal-team-sam',
      // 'Support Our Work' (3.2 % of 42.00): the wall shows the gift without the fees added on top.
      134,
    );
    const mine = await wall(`campaign_id=${peer.campaign_id}&peer_campaign_id=${peer.peer_campaign_id}&limit=50`);
    expect(mine.supporters[0]).toMatchObject({ key: String(id), name: 'Mae', amount_minor: 4200, currency: 'USD' });
    expect(mine.supporters.map((s) => s.name)).not.toContain('Grace Hopper');
    const campaign = await wall(`campaign_id=${spring.campaign_id}`);
    expect(campaign.supporters[0]).toMatchObject({ key: String(id), name: 'Mae' });
  });

  it('drops a gift once it is refunded in full', async () => {
    const id = await give(
      'wall-refunded@example.org',
      { first_name: 'Ada', last_name: 'Byron' },
      { add_to_donor_wall: true },
    );
    expect((await wall(`campaign_id=${spring.campaign_id}`)).supporters[0]?.key).toBe(String(id));
    const refunded = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await wall(`campaign_id=${spring.campaign_id}&limit=50`);
    expect(after.supporters.map((s) => s.key)).not.toContain(String(id));
    expect(after.supporters.map((s) => s.name)).not.toContain('Ada Byron');
  });

  it("answers 404 for a draft, for another organisation's page, and for a fundraiser page of another campaign", async () => {
    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'wall-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Wall Outsider Shelter' });
    const created = await outsider.post('/api/v1/npo_admin/campaigns', {
      name: 'Outsider Appeal',
      campaign_url: 'wall-outsider-appeal',
      status: 'active',
      currency: 'USD',
      currencies: ['USD'],
      amounts: [{ amount_minor: 2500, interval: 'once', description: 'A bed' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const theirs: number = created.json().campaign.id;

    const draft = (await admin.get('/api/v1/npo_admin/campaigns?search=summer-lunch-club')).json().campaigns[0].id;
    const refused = [
      `campaign_id=${draft}`,
      // A fundraiser page named under a campaign it does not raise for.
      `campaign_id=${theirs}&peer_campaign_id=${peer.peer_campaign_id}`,
      `campaign_id=${spring.campaign_id}&peer_campaign_id=${theirs}`,
      // A fundraiser page asked for as if it were a campaign.
      `campaign_id=${peer.peer_campaign_id}`,
      'campaign_id=999999',
    ];
    for (const query of refused) {
      const res = await visitor().get(`${WALL}?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().message).toBe('No campaign data available');
    }
    // Their own page's wall is theirs alone.
    expect((await wall(`campaign_id=${theirs}`)).supporters).toEqual([]);
  });
});
