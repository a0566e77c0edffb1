import { ZCrowdfundingList, ZCrowdfundingPage, ZRewardClaimHeld, ZRewardClaimSummary } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '../../../test/pool-queries.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const PAGE = '/api/v1/crowdfunding_page';
const API = '/api/v1/npo_admin';
/** Where the harvest basket (a reward that ships) is sent. */
const SHIP_TO = {
  name: 'Ada Grower',
  line1: '12 Orchard Lane',
  city: 'Riverside',
  region: 'CA',
  postal_code: '92501',
  country: 'us',
};

describe('crowdfunding page, reward claims and the staff list', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let garden: ReturnType<typeof ZCrowdfundingPage.parse>;

  const readPage = async (key = 'community-garden') => {
    const answer = await new TestClient(ctx.app).get(`${PAGE}/${key}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return ZCrowdfundingPage.parse(answer.json());
  };
  const rewardNamed = (title: string) => {
    const reward = garden.rewards.find((r) => r.title === title);
    if (!reward) throw new Error(`no reward ${title}`);
    return reward;
  };
  let giftNumber = 0;
  const giveTo = async (campaignId: number, amountMinor: number) => {
    giftNumber += 1;
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId: (await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM campaigns WHERE id = ${campaignId}`))
        .rows[0]?.npo_id as number,
      campaignId,
      provider: 'sandbox',
      providerReference: `test_garden_${giftNumber}`,
      amountMinor,
      currency: 'USD',
      donor: { email: `backer${giftNumber}@example.org`, firstName: 'Test', lastName: `Backer${giftNumber}` },
      donorWall: { addToDonorWall: true },
    });
    return Number(donation.id);
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    garden = await readPage();
  });

  it('lets anyone read the demo campaign by its address or its id: images, rewards, updates and forty backers', async () => {
    expect(garden).toMatchObject({ name: 'Community Garden', organisation: 'Riverside Food Bank', backers: 40 });
    expect(garden.images).toHaveLength(5);
    expect(garden.images[0]?.alt).toBe('Raised beds with red and yellow flowers under a blue sky');
    expect(garden.description).toContain('IMAGE3');
    expect(garden.rewards.map((r) => [r.title, r.claimed, r.remaining])).toEqual([
      ['Seed packet and thank-you card', 16, null],
      ['Your name on a raised bed', 9, null],
      ['Founding gardener harvest basket', 10, 2],
    ]);
    expect(garden.updates.map((u) => u.title)).toEqual(['Cedar for the first six beds', 'The lot is cleared']);
    expect(garden.days_left).toBe(20);
    expect(garden.accepting).toBe(true);
    expect(garden.backer_list.some((b) => b.name === 'Anonymous')).toBe(true);
    expect((await readPage(String(garden.id))).name).toBe('Community Garden');
  });

  it('reads the page for an anonymous visitor in one query', async () => {
    const { result, queries } = await queriesDuring(ctx.db, () =>
      new TestClient(ctx.app).get(`${PAGE}/community-garden`),
    );
    expect(result.statusCode).toBe(200);
    expect(ZCrowdfundingPage.parse(result.json()).name).toBe('Community Garden');
    expect(queries).toHaveLength(1);
  });

  it('answers 404 with a clear message for an unknown page, a plain campaign and a draft seen by an outsider', async () => {
    const visitor = new TestClient(ctx.app);
    for (const key of ['no-such-garden', 'spring-appeal']) {
      const answer = await visitor.get(`${PAGE}/${key}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('We could not find that crowdfunding campaign.');
    }
    await ctx.db.execute(sql`UPDATE campaigns SET status = 'draft' WHERE id = ${garden.id}`);
    try {
      expect((await visitor.get(`${PAGE}/community-garden`)).statusCode).toBe(404);
      expect((await admin.get(`${PAGE}/community-garden`)).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${garden.id}`);
    }
  });

  it('refuses a pledge below the reward amount and bad input, changing nothing', async () => {
    const basket = rewardNamed('Founding gardener harvest basket');
    const visitor = new TestClient(ctx.app);
    const low = await visitor.post(`${PAGE}/community-garden/rewards/${basket.id}/claims`, {
      amount_minor: 24999,
      shipping_address: SHIP_TO,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().fields.amount_minor).toBe('"Founding gardener harvest basket" needs a gift of at least $250.00.');
    const bad = await visitor.post(`${PAGE}/community-garden/rewards/${basket.id}/claims`, { amount_minor: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.amount_minor).toBe('Enter the amount you want to give.');
    // A reward that ships needs a valid address before anything is held.
    const claim = (body: object) => visitor.post(`${PAGE}/community-garden/rewards/${basket.id}/claims`, body);
    const noAddress = await claim({ amount_minor: 25000 });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields.shipping_address).toBe(
      '"Founding gardener harvest basket" is posted to you: please tell us where to send it.',
    );
    const badZip = await claim({ amount_minor: 25000, shipping_address: { ...SHIP_TO, postal_code: 'RIVER' } });
    expect(badZip.statusCode).toBe(400);
    expect(JSON.stringify(badZip.json().fields)).toContain('Enter a ZIP code such as 92501.');
    const noStreet = await claim({ amount_minor: 25000, shipping_address: { ...SHIP_TO, line1: ' ', country: 'XX' } });
    expect(noStreet.statusCode).toBe(400);
    expect(JSON.stringify(noStreet.json().fields)).toContain('Enter the street address.');
    expect(JSON.stringify(noStreet.json().fields)).toContain('Choose a country from the list.');
    const elsewhere = await visitor.post(`${PAGE}/spring-appeal/rewards/${basket.id}/claims`, {
      amount_minor: 25000,
      shipping_address: SHIP_TO,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await readPage()).rewards.find((r) => r.id === basket.id)?.remaining).toBe(2);
  });

  it('holds a reward, ties it to the donation that paid for it and states the deductible part', async () => {
    const basket = rewardNamed('Founding gardener harvest basket');
    const visitor = new TestClient(ctx.app);
    const held = await visitor.post(`${PAGE}/community-garden/rewards/${basket.id}/claims`, {
      amount_minor: 30000,
      shipping_address: SHIP_TO,
    });
    expect(held.statusCode, held.body).toBe(201);
    const { reference } = ZRewardClaimHeld.parse(held.json());
    expect((await readPage()).rewards.find((r) => r.id === basket.id)).toMatchObject({ claimed: 10, remaining: 1 });

    const tooSmall = await giveTo(garden.id, 20000);
    const refused = await visitor.post(`/api/v1/crowdfunding_claims/${reference}/confirm`, { donation_id: tooSmall });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('"Founding gardener harvest basket" needs a gift of at least $250.00.');

    const paid = await giveTo(garden.id, 30000);
    const confirmed = await visitor.post(`/api/v1/crowdfunding_claims/${reference}/confirm`, { donation_id: paid });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const summary = ZRewardClaimSummary.parse(confirmed.json());
    expect(summary).toMatchObject({
      status: 'claimed',
      gift_minor: 30000,
      fair_market_value_minor: 4000,
      deductible_minor: 26000,
    });
    expect(summary.receipt_lines[0]).toBe('Tax-deductible amount: $260.00.');
    expect(summary.receipt_lines[1]).toContain('which we estimate in good faith at $40.00');
    // The same donation cannot claim a second reward.
    const again = await visitor.post(`${PAGE}/community-garden/rewards/${basket.id}/claims`, {
      amount_minor: 25000,
      shipping_address: SHIP_TO,
    });
    const second = ZRewardClaimHeld.parse(again.json()).reference;
    const reused = await visitor.post(`/api/v1/crowdfunding_claims/${second}/confirm`, { donation_id: paid });
    expect(reused.statusCode).toBe(422);
    const after = await readPage();
    expect(after.rewards.find((r) => r.id === basket.id)).toMatchObject({ claimed: 11, remaining: 0 });
    expect(after.backers).toBe(42);
    // Staff see where to send it, in the backers list and the fulfilment CSV.
    const address = 'Ada Grower, 12 Orchard Lane, Riverside, CA, 92501, US';
    const detail = (await admin.get(`${API}/crowdfunding/${garden.id}`)).json();
    expect(detail.backer_list.find((b: { donation_id: number }) => b.donation_id === paid).shipping_address).toBe(
      address,
    );
    const csv = (await admin.get(`${API}/crowdfunding/${garden.id}/reward_backers.csv`)).body;
    expect(csv.split('\n').find((line) => line.includes('Backer') && line.includes('300.00'))).toContain(
      `"${address}"`,
    );
  });

  it('claims the last 10 units of a reward for exactly 10 of 50 parallel backers; the others are told before paying', async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO crowdfunding_rewards (campaign_id, position, amount_minor, title, quantity, taken)
      VALUES (${garden.id}, 9, 5000, 'Last ten mugs', 30, 20) RETURNING id`);
    const mugs = Number(rows[0]?.id);
    const backers = Array.from({ length: 50 }, (_, i) => new TestClient(ctx.app, { remoteAddress: `10.0.2.${i + 1}` }));
    const answers = await Promise.all(
      backers.map((c) => c.post(`${PAGE}/community-garden/rewards/${mugs}/claims`, { amount_minor: 5000 })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      'Sorry, "Last ten mugs" has all been claimed. Choose another reward or give without one.',
    );
    const counted = await ctx.db.execute<{ taken: number; claims: number }>(sql`
      SELECT r.taken, (SELECT count(*)::int FROM crowdfunding_reward_claims k WHERE k.reward_id = r.id) AS claims
      FROM crowdfunding_rewards r WHERE r.id = ${mugs}`);
    expect(counted.rows[0]).toEqual({ taken: 30, claims: 10 });
    // A hold that ran out gives its unit to the next backer.
    await ctx.db.execute(sql`
      UPDATE crowdfunding_reward_claims SET hold_until = now() - interval '1 minute'
      WHERE id = (SELECT min(id) FROM crowdfunding_reward_claims WHERE reward_id = ${mugs})`);
    const next = await new TestClient(ctx.app).post(`${PAGE}/community-garden/rewards/${mugs}/claims`, {
      amount_minor: 5000,
    });
    expect(next.statusCode, next.body).toBe(201);
    await ctx.db.execute(sql`DELETE FROM crowdfunding_rewards WHERE id = ${mugs}`);
  });

  it('lists crowdfunding campaigns for staff and exports reward backers; 401, 403 and 404 where due', async () => {
    const list = ZCrowdfundingList.parse((await staff.get(`${API}/crowdfunding`)).json());
    expect(list.campaigns.map((c) => [c.name, c.status, c.backers, c.days_left])).toEqual([
      ['Community Garden', 'active', 42, 20],
      // cf17b: the all-or-nothing demo, four days from its deadline.
      ['Mobile Pantry Van', 'active', 0, 4],
    ]);
    expect(list.campaigns[0]?.goal_minor).toBe(1_500_000);
    const csv = await staff.get(`${API}/crowdfunding/${garden.id}/reward_backers.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Reward,Backer,Email,Gift,Currency,Shipping required,Address,Claimed at,Fulfilled,Payment');
    expect(lines).toHaveLength(1 + 36);

    const claim = await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM crowdfunding_reward_claims WHERE campaign_id = ${garden.id} AND status = 'claimed' AND NOT fulfilled
      ORDER BY id LIMIT 1`);
    const claimId = Number(claim.rows[0]?.id);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/crowdfunding`)).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/crowdfunding/${garden.id}/reward_backers.csv`)).statusCode).toBe(401);
    expect((await anonymous.get(`${API}/crowdfunding/${garden.id}/pledges.csv`)).statusCode).toBe(401);
    expect((await staff.put(`${API}/crowdfunding_claims/${claimId}/fulfilled`, { fulfilled: true })).statusCode).toBe(
      403,
    );
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/crowdfunding`)).statusCode).toBe(403);
    expect((await fundraiser.get(`${API}/crowdfunding/${garden.id}/pledges.csv`)).statusCode).toBe(403);
    const { client: outsider } = await outsiderOrganisation(ctx, 'cf-outsider@example.org', 'Garden Outsiders');
    expect(ZCrowdfundingList.parse((await outsider.get(`${API}/crowdfunding`)).json()).campaigns).toEqual([]);
    expect((await outsider.get(`${API}/crowdfunding/${garden.id}/reward_backers.csv`)).statusCode).toBe(404);
    expect((await outsider.get(`${API}/crowdfunding/${garden.id}/pledges.csv`)).statusCode).toBe(404);
    expect(
      (await outsider.put(`${API}/crowdfunding_claims/${claimId}/fulfilled`, { fulfilled: true })).statusCode,
    ).toBe(404);
    const bad = await admin.put(`${API}/crowdfunding_claims/${claimId}/fulfilled`, { fulfilled: 'yes' });
    expect(bad.statusCode).toBe(400);
    const done = await admin.put(`${API}/crowdfunding_claims/${claimId}/fulfilled`, { fulfilled: true });
    expect(done.json()).toMatchObject({ id: claimId, fulfilled: true });
  });
});
