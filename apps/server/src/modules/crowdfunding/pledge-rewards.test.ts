// Pledges with rewards, staff's view of pledges and a declined pledge's new card
// (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md, docs/product/crowdfunding.md#funding-models),
// through the public API and the sandbox card form, then the settlement at the deadline.
import {
  ZCrowdfundingDetail,
  ZCrowdfundingList,
  ZCrowdfundingPage,
  ZPledgeStarted,
  ZPledgeSummary,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createPaymentProviders } from '../payments/index.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { type SettlementDeps, settleCampaign } from './crowdfunding-settlement.service.ts';

const API = '/api/v1';
const SAVES = '4242 4242 4242 4242';
const DECLINES_LATER = '4000 0000 0000 0341';

describe('pledges with rewards, their settlement state for staff, and a new card after a decline', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let visitor: TestClient;
  let deps: SettlementDeps;
  let n = 0;

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    visitor = new TestClient(ctx.app);
    deps = {
      db: ctx.db,
      providers: createPaymentProviders(ctx.config, ctx.db),
      mailer: ctx.mailer,
      origin: 'http://k.test',
    };
  });

  /** An active all-or-nothing campaign with one reward of `quantity` units at 25.00 (fair-market value 10.00). */
  const campaign = async (goalMinor: number, quantity: number | null) => {
    n += 1;
    const created = await admin.post(`${API}/npo_admin/crowdfunding`, {
      name: `Reward Drive ${n}`,
      campaign_url: `reward-drive-${n}`,
      goal_minor: goalMinor,
      funding_model: 'all_or_nothing',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = ZCrowdfundingDetail.parse(created.json()).id;
    await ctx.db.execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${id}`);
    await ctx.db.execute(
      sql`UPDATE crowdfunding_campaigns SET deadline = now() + interval '3 days' WHERE campaign_id = ${id}`,
    );
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO crowdfunding_rewards (campaign_id, position, amount_minor, title, quantity, fair_market_value_minor)
      VALUES (${id}, 0, 2500, 'Enamel mug', ${quantity}, 1000) RETURNING id`);
    return { id, url: `reward-drive-${n}`, rewardId: Number(rows[0]?.id) };
  };
  const pastDeadline = (id: number) =>
    ctx.db.execute(
      sql`UPDATE crowdfunding_campaigns SET deadline = now() - interval '1 minute' WHERE campaign_id = ${id}`,
    );
  const cardOn = (setupId: string, secret: string, card = SAVES) =>
    visitor.post(`${API}/sandbox/payments/${setupId}/confirm`, {
      client_secret: secret,
      card_number: card,
      exp: '12/34',
      cvc: '123',
    });
  const pledge = async (
    url: string,
    email: string,
    body: { amount_minor: number; reward_id?: number; shipping_address?: object },
    card = SAVES,
  ) => {
    const started = await visitor.post(`${API}/crowdfunding_page/${url}/pledges`, {
      ...body,
      email,
      first_name: 'Ada',
    });
    if (started.statusCode !== 201) return { started, reference: null };
    const setup = ZPledgeStarted.parse(started.json());
    expect((await cardOn(setup.setup_id, setup.client_secret, card)).statusCode).toBe(200);
    const done = await visitor.post(`${API}/crowdfunding_pledges/${setup.reference}/confirm`);
    expect(done.statusCode, done.body).toBe(200);
    return { started, reference: setup.reference };
  };
  const rewardOnPage = async (url: string) =>
    ZCrowdfundingPage.parse((await visitor.get(`${API}/crowdfunding_page/${url}`)).json()).rewards[0];

  it('holds the last unit for one pledge, claims it when the card is saved, and ties it to the gift when charged', async () => {
    const drive = await campaign(2_500, 1);
    const below = await visitor.post(`${API}/crowdfunding_page/${drive.url}/pledges`, {
      amount_minor: 1000,
      reward_id: drive.rewardId,
      email: 'low@example.org',
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain('needs a gift of at least');
    const stranger = await visitor.post(`${API}/crowdfunding_page/${drive.url}/pledges`, {
      amount_minor: 3000,
      reward_id: 999_999_999,
      email: 'x@example.org',
    });
    expect(stranger.statusCode).toBe(404);

    const first = await pledge(drive.url, 'mug@example.org', { amount_minor: 3000, reward_id: drive.rewardId });
    expect(
      ZPledgeSummary.parse((await visitor.get(`${API}/crowdfunding_pledges/${first.reference}`)).json()),
    ).toMatchObject({ status: 'pledged', reward_title: 'Enamel mug' });
    expect(await rewardOnPage(drive.url)).toMatchObject({ claimed: 1, remaining: 0 });
    // The next backer is told before entering a card.
    const late = await visitor.post(`${API}/crowdfunding_page/${drive.url}/pledges`, {
      amount_minor: 3000,
      reward_id: drive.rewardId,
      email: 'late@example.org',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('"Enamel mug" has all been claimed');

    // Staff see the pledge, its reward and its state before and after the settlement.
    const before = ZCrowdfundingDetail.parse((await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}`)).json());
    expect(before).toMatchObject({ settlement: null, pledged_minor: 3000 });
    expect(before.pledge_list.map((p) => [p.email, p.status, p.reward])).toEqual([
      ['mug@example.org', 'pledged', 'Enamel mug'],
    ]);
    const list = ZCrowdfundingList.parse((await admin.get(`${API}/npo_admin/crowdfunding`)).json());
    expect(list.campaigns.find((c) => c.id === drive.id)).toMatchObject({
      funding_model: 'all_or_nothing',
      pledged_minor: 3000,
      settlement: null,
    });
    const rewardCsv = (await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}/reward_backers.csv`)).body;
    expect(rewardCsv).toContain('Enamel mug,Ada,mug@example.org,30.00,USD,no,,');
    expect(rewardCsv.trim().split('\n')[1]).toMatch(/,no,pledge pledged$/);

    await pastDeadline(drive.id);
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'met', charged: 1 });
    const after = ZCrowdfundingDetail.parse((await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}`)).json());
    expect(after).toMatchObject({ settlement: 'met', pledged_minor: 0 });
    expect(after.pledge_list[0]).toMatchObject({ status: 'charged', reward: 'Enamel mug' });
    // The gift has the reward as its goods (the receipt's deductible part) and is fulfilled like a paid one.
    const backer = after.backer_list[0];
    expect(backer).toMatchObject({ email: 'mug@example.org', reward: 'Enamel mug', fulfilled: false });
    const goods = await ctx.db.execute<{ fair_market_value_minor: number }>(
      sql`SELECT fair_market_value_minor FROM donation_goods WHERE donation_id = ${backer?.donation_id}`,
    );
    expect(Number(goods.rows[0]?.fair_market_value_minor)).toBe(1000);
    const done = await admin.put(`${API}/npo_admin/crowdfunding_claims/${backer?.claim_id}/fulfilled`, {
      fulfilled: true,
    });
    expect(done.json()).toMatchObject({ fulfilled: true });
    const pledgesCsv = (await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}/pledges.csv`)).body;
    expect(pledgesCsv.trim().split('\n')).toEqual([
      'Backer,Email,Pledge,Currency,Reward,Status,Failure,Pledged at',
      expect.stringMatching(/^Ada,mug@example.org,30.00,USD,Enamel mug,charged,,\d{4}-/),
    ]);
  });

  it('asks where to send a reward that ships, and gives the unit back when the goal is missed', async () => {
    const drive = await campaign(1_000_000, 2);
    await ctx.db.execute(sql`UPDATE crowdfunding_rewards SET shipping_required = true WHERE id = ${drive.rewardId}`);
    const body = { amount_minor: 2500, reward_id: drive.rewardId, email: 'miss@example.org' };
    const noAddress = await visitor.post(`${API}/crowdfunding_page/${drive.url}/pledges`, body);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields.shipping_address).toBe(
      '"Enamel mug" is posted to you: please tell us where to send it.',
    );
    const badPostcode = await visitor.post(`${API}/crowdfunding_page/${drive.url}/pledges`, {
      ...body,
      shipping_address: { name: 'Ada', line1: '1 Mill Road', city: 'Leeds', postal_code: 'LEEDS', country: 'GB' },
    });
    expect(badPostcode.statusCode).toBe(400);
    expect(JSON.stringify(badPostcode.json().fields)).toContain('Enter a postcode such as SW1A 1AA.');
    expect(await rewardOnPage(drive.url)).toMatchObject({ claimed: 0, remaining: 2 });
    await pledge(drive.url, 'miss@example.org', {
      amount_minor: 2500,
      reward_id: drive.rewardId,
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '1 Mill Road',
        city: 'Leeds',
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
    });
    expect(await rewardOnPage(drive.url)).toMatchObject({ claimed: 1, remaining: 1 });
    const address = 'Ada Lovelace, 1 Mill Road, Leeds, LS1 4AP, GB';
    const saved = ZCrowdfundingDetail.parse((await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}`)).json());
    expect(saved.pledge_list[0]?.shipping_address).toBe(address);
    const csv = (await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}/reward_backers.csv`)).body;
    expect(csv).toContain(`Enamel mug,Ada,miss@example.org,25.00,USD,yes,"${address}",`);
    await pastDeadline(drive.id);
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'missed', released: 1 });
    expect(await rewardOnPage(drive.url)).toMatchObject({ claimed: 0, remaining: 2 });
    const detail = ZCrowdfundingDetail.parse((await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}`)).json());
    expect(detail.settlement).toBe('missed');
    expect(detail.pledge_list.map((p) => [p.status, p.reward])).toEqual([['released', null]]);
  });

  it('takes a new card for a declined pledge through the e-mail link, and charges it once', async () => {
    const drive = await campaign(1_000, null);
    const declined = await pledge(drive.url, 'decline@example.org', { amount_minor: 2000 }, DECLINES_LATER);
    const reference = String(declined.reference);
    // Only a declined pledge takes a new card.
    expect((await visitor.post(`${API}/crowdfunding_pledges/${reference}/card`)).statusCode).toBe(409);
    expect((await visitor.post(`${API}/crowdfunding_pledges/nope-nope-nope-nope/card`)).statusCode).toBe(404);
    await pastDeadline(drive.id);
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'met', failed: 1 });
    const mail = await ctx.db.execute<{ message: Buffer }>(sql`
      SELECT message FROM mail_outbox WHERE recipients = 'decline@example.org' AND subject LIKE 'Please update your card%'`);
    // The .eml as sent, its quoted-printable soft breaks undone.
    const text = Buffer.from(mail.rows[0]?.message ?? '')
      .toString('utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(text).toContain(`/crowdfunding/${drive.url}?pledge=${reference}`);
    const staff = ZCrowdfundingDetail.parse((await admin.get(`${API}/npo_admin/crowdfunding/${drive.id}`)).json());
    expect(staff.pledge_list[0]).toMatchObject({ status: 'failed', failure_message: expect.any(String) });

    const setup = ZPledgeStarted.parse((await visitor.post(`${API}/crowdfunding_pledges/${reference}/card`)).json());
    expect(setup).toMatchObject({ reference, provider: 'sandbox' });
    // A card refused at setup leaves the pledge failed; a good one puts it back for the settlement.
    await cardOn(setup.setup_id, setup.client_secret, '4000 0000 0000 0002');
    expect((await visitor.post(`${API}/crowdfunding_pledges/${reference}/confirm`)).statusCode).toBe(409);
    const again = ZPledgeStarted.parse((await visitor.post(`${API}/crowdfunding_pledges/${reference}/card`)).json());
    await cardOn(again.setup_id, again.client_secret);
    const confirmed = await visitor.post(`${API}/crowdfunding_pledges/${reference}/confirm`);
    expect(ZPledgeSummary.parse(confirmed.json())).toMatchObject({ status: 'pledged', failure_message: null });
    // The new card queues a settlement job at once; whichever of it and this call runs first charges
    // the pledge, and the other finds nothing left to charge.
    const first = await settleCampaign(deps, drive.id);
    expect(first).toMatchObject({ outcome: 'met' });
    expect(first?.charged).toBeLessThanOrEqual(1);
    await expect
      .poll(
        async () => ZPledgeSummary.parse((await visitor.get(`${API}/crowdfunding_pledges/${reference}`)).json()).status,
        {
          timeout: 30_000,
        },
      )
      .toBe('charged');
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ charged: 0 });
    const charged = ZPledgeSummary.parse((await visitor.get(`${API}/crowdfunding_pledges/${reference}`)).json());
    expect(charged.status).toBe('charged');
    const gifts = await ctx.db.execute(
      sql`SELECT 1 FROM donations WHERE campaign_id = ${drive.id} AND status = 'succeeded'`,
    );
    expect(gifts.rows).toHaveLength(1);
  });

  it('keeps pledges to their organisation', async () => {
    const drive = await campaign(1_000, null);
    const { client: outsider } = await outsiderOrganisation(ctx, 'pledge-outsider@example.org', 'Pledge Outsiders');
    expect((await outsider.get(`${API}/npo_admin/crowdfunding/${drive.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`${API}/npo_admin/crowdfunding/${drive.id}/pledges.csv`)).statusCode).toBe(404);
    expect((await visitor.get(`${API}/npo_admin/crowdfunding/${drive.id}/pledges.csv`)).statusCode).toBe(401);
  });
});
