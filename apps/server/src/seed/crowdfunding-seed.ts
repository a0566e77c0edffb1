// The demo's crowdfunding campaign (docs/product/crowdfunding.md): Riverside's Community Garden at
// /crowdfunding/community-garden, five gallery images (three in the story through IMAGE1…IMAGE3), three
// rewards (the harvest basket limited and nearly gone), two updates, forty backers and a deadline 20 days
// away. Added once: an installation that already has the campaign keeps what staff and backers made of it.
import { readFile } from 'node:fs/promises';
import type { TCampaignInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { sanitiseDescription } from '../modules/campaigns/index.ts';
import { storeVariants } from '../modules/crowdfunding/index.ts';
import { recordSucceededPayment } from '../modules/donations/index.ts';
import type { Db } from '../platform/db/client.ts';
import { databaseFileStore } from '../platform/files/file-store.ts';
import { sourcePath } from '../platform/server-root.ts';
import { ensureCampaign } from './campaigns-seed.ts';

const DAY = 86_400_000;

const GARDEN: TCampaignInput = {
  name: 'Community Garden',
  campaign_url: 'community-garden',
  status: 'active',
  goal_minor: 1_500_000,
  currency: 'USD',
  currencies: ['USD'],
  campaign_type: 'crowdfunding',
  call_to_action: 'Help us grow fresh food on the empty lot behind the pantry',
  description:
    '<p>Behind the food bank sits an empty lot. This summer we want to turn it into twelve raised beds that grow fresh vegetables for the families we serve.</p>' +
    '<p>IMAGE1</p>' +
    '<h2>What your pledge builds</h2><p>Cedar beds, good soil, a rain barrel and a tool shed. Volunteers from the neighbourhood will plant, water and harvest, and every crop goes straight to the pantry shelves.</p>' +
    '<p>IMAGE2</p>' +
    '<h2>Why it matters</h2><p>Fresh produce is what our shelves lack most. A garden gives families tomatoes, beans and greens all season, and gives children a place to learn where food comes from.</p>' +
    '<p>IMAGE3</p>',
  user_amount_enable: true,
  include_payment_fees: false,
  gift_aid: false,
  collect_address: false,
  designation_label: '',
  thank_you_message: '',
  amounts: [
    { amount_minor: 2500, interval: 'once', description: 'A seed packet thank-you', image_url: null },
    { amount_minor: 5000, interval: 'once', description: 'Soil for one bed', image_url: null },
    { amount_minor: 10000, interval: 'once', description: 'Your name on a raised bed', image_url: null },
    { amount_minor: 25000, interval: 'once', description: 'A founding gardener', image_url: null },
  ],
  designations: [],
  questions: [],
};

const IMAGES = [
  'Raised beds with red and yellow flowers under a blue sky',
  'The garden at sunset with young plants in the beds',
  'Three cedar beds with orange and green seedlings',
  'Yellow and red blooms along the beds on a clear morning',
  'Purple and orange flowers in the beds on a summer day',
];

type SeedReward = {
  amount: number;
  title: string;
  description: string;
  quantity: number | null;
  fmv: number;
  ship: boolean;
  claims: number;
};
const REWARDS: SeedReward[] = [
  {
    amount: 2500,
    title: 'Seed packet and thank-you card',
    description: 'Seeds saved from our first harvest and a card drawn by the children of the after-school club.',
    quantity: null,
    fmv: 300,
    ship: true,
    claims: 16,
  },
  {
    amount: 10000,
    title: 'Your name on a raised bed',
    description: 'A painted plaque with your name (or a name you choose) on one of the twelve beds.',
    quantity: null,
    fmv: 0,
    ship: false,
    claims: 9,
  },
  {
    amount: 25000,
    title: 'Founding gardener harvest basket',
    description: 'A basket of the first harvest, delivered to your door, and an invitation to the opening picnic.',
    quantity: 12,
    fmv: 4000,
    ship: true,
    claims: 10,
  },
];

const UPDATES = [
  {
    days: 10,
    title: 'The lot is cleared',
    body: '<p>Twenty volunteers spent Saturday clearing the lot. We filled two skips and found an old apple tree worth keeping.</p>',
  },
  {
    days: 3,
    title: 'Cedar for the first six beds',
    body:
      '<p>Thanks to you the cedar for the first six beds is ordered. Building starts next weekend: come and help!</p>' +
      '<p>IMAGE4</p>',
  },
];

const FIRST = ['Maya', 'Liam', 'Olivia', 'Noah', 'Emma', 'Lucas', 'Ava', 'Ethan', 'Sophia', 'Mason'];
const LAST = ['Ortiz', 'Chen', 'Brooks', 'Patel'];

async function seedImages(db: Db, npoId: number, campaignId: number): Promise<void> {
  const files = databaseFileStore(db);
  for (const [i, alt] of IMAGES.entries()) {
    const key = `${npoId}/crowdfunding/community-garden-${i + 1}.png`;
    const content = await readFile(sourcePath('seed', 'assets', 'crowdfunding', `garden-${i + 1}.png`));
    await files.put({ key, npoId, contentType: 'image/png', content });
    // The demo's images get the resized WebP variants an upload gets (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md).
    await storeVariants(db, files, { key, npoId, content });
    await db.execute(sql`
      INSERT INTO crowdfunding_images (campaign_id, position, url, alt, width, height)
      VALUES (${campaignId}, ${i}, ${`/uploads/${key}`}, ${alt}, 480, 270)`);
  }
}

/** Forty backers over the last three weeks, each reward claimed by its share of them, the rest giving without one. */
async function seedBackers(db: Db, npoId: number, campaignId: number, rewardIds: number[]): Promise<void> {
  const now = Date.now();
  const plan = REWARDS.flatMap((r, i) => Array.from({ length: r.claims }, () => i));
  for (let n = 0; n < 40; n += 1) {
    const reward = plan[n] ?? null;
    const base = reward === null ? 5000 : (REWARDS[reward]?.amount ?? 2500);
    const gift = base + (n % 4 === 0 ? base : 0);
    const first = FIRST[n % FIRST.length] as string;
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length] as string;
    const at = new Date(now - (21 - Math.floor(n / 2)) * DAY + n * 60_000);
    const { donation } = await recordSucceededPayment(db, {
      npoId,
      campaignId,
      provider: 'sandbox',
      providerReference: `seed_garden_${String(n + 1).padStart(3, '0')}`,
      amountMinor: gift,
      currency: 'USD',
      interval: 'once',
      paymentMethod: 'card',
      donor: {
        email: `${first}.${last}.garden@example.org`.toLowerCase(),
        firstName: first,
        lastName: last,
        city: 'Riverside',
        country: 'US',
      },
      donorWall: {
        addToDonorWall: n % 5 !== 3,
        firstNameOnly: n % 3 === 0,
        showAmount: n % 7 !== 0,
        showComment: false,
      },
      occurredAt: at,
    });
    const rewardId = reward === null ? null : rewardIds[reward];
    if (rewardId === undefined || rewardId === null) continue;
    // A reward that ships has where to send it, as a backer gives it before paying.
    const ship = REWARDS[reward as number]?.ship
      ? JSON.stringify({
          name: `${first} ${last}`,
          line1: `${120 + n} Orchard Lane`,
          line2: '',
          city: 'Riverside',
          region: 'CA',
          postal_code: '92501',
          country: 'US',
        })
      : null;
    await db.execute(sql`
      INSERT INTO crowdfunding_reward_claims (reward_id, campaign_id, npo_id, reference, amount_minor, status,
        hold_until, donation_id, fulfilled, fulfilled_at, created_at, claimed_at, shipping_address)
      VALUES (${rewardId}, ${campaignId}, ${npoId}, ${`seed-garden-claim-${n + 1}`}, ${gift}, 'claimed', ${at},
        ${donation.id}, ${n < 4}, ${n < 4 ? at : null}, ${at}, ${at}, ${ship}::jsonb)`);
  }
}

// cf17b: the all-or-nothing demo, four days from its deadline, with one reward and no pledges yet.
const VAN: TCampaignInput = {
  ...GARDEN,
  name: 'Mobile Pantry Van',
  campaign_url: 'mobile-pantry-van',
  goal_minor: 4_000_000,
  call_to_action: 'All or nothing: the van only comes if we reach the whole goal',
  description:
    '<p>A refrigerated van would take fresh food to the housing estates our families cannot reach by bus.</p>' +
    '<p>This campaign is all or nothing: if the goal is not met by the deadline, nobody is charged.</p>',
  amounts: [],
};

async function seedAllOrNothing(db: Db, npoId: number): Promise<void> {
  const exists = await db.execute(sql`SELECT 1 FROM campaigns WHERE campaign_url = ${VAN.campaign_url}`);
  if (exists.rows.length > 0) return;
  const campaignId = await ensureCampaign(
    db,
    npoId,
    { ...VAN, description: sanitiseDescription(VAN.description ?? '') },
    { createdAt: new Date(Date.now() - 26 * DAY) },
  );
  await db.execute(sql`
    INSERT INTO crowdfunding_campaigns (campaign_id, npo_id, funding_model, deadline)
    VALUES (${campaignId}, ${npoId}, 'all_or_nothing', ${new Date(Date.now() + 4 * DAY)})`);
  await db.execute(sql`
    INSERT INTO crowdfunding_rewards (campaign_id, position, amount_minor, title, description, delivery_date,
      quantity, shipping_required, fair_market_value_minor)
    VALUES (${campaignId}, 0, 5000, 'Your name on the van', 'Your name painted on the van with the other first backers.',
      ${new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10)}, 200, false, 0)`);
  await seedPledges(db, npoId, campaignId);
}

// cf17c: saved pledges on the all-or-nothing demo (docs/decisions/065-all-or-nothing-settlement.md): sandbox
// cards saved, nothing charged; the settlement job charges them if the goal is met by the deadline.
const PLEDGERS = ['Maya Ortiz', 'Sam Okafor', 'Lena Fischer', 'Tom Reyes', 'Aisha Khan', 'Ben Carter', 'Nora Lind'];

async function seedPledges(db: Db, npoId: number, campaignId: number): Promise<void> {
  for (const [i, name] of PLEDGERS.entries()) {
    const [first, last] = name.split(' ');
    const email = `${(first ?? '').toLowerCase()}.pledge@example.org`;
    const method = `pm_sandbox_seed_van_${i + 1}`;
    await db.execute(sql`
      INSERT INTO sandbox_payment_methods (id, npo_id, type, card_last4, card_exp_month, card_exp_year)
      VALUES (${method}, ${npoId}, 'card', '4242', 12, 2034) ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO crowdfunding_pledges (campaign_id, npo_id, reference, provider, setup_id, payment_method_id,
        amount_minor, currency, email, first_name, last_name, status, created_at)
      VALUES (${campaignId}, ${npoId}, ${`seed-van-pledge-${i + 1}`}, 'sandbox', ${`seti_sandbox_seed_van_${i + 1}`},
        ${method}, ${(i % 3 === 0 ? 50_000 : 10_000) + i * 2500}, 'USD', ${email}, ${first ?? ''}, ${last ?? ''},
        'pledged', ${new Date(Date.now() - (20 - i * 2) * DAY)})`);
  }
}

export async function seedCrowdfunding(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  await seedAllOrNothing(db, npoId);
  const exists = await db.execute(sql`SELECT 1 FROM campaigns WHERE campaign_url = 'community-garden'`);
  if (exists.rows.length > 0) return;
  const campaignId = await ensureCampaign(
    db,
    npoId,
    { ...GARDEN, description: sanitiseDescription(GARDEN.description ?? '') },
    {
      createdAt: new Date(Date.now() - 25 * DAY),
    },
  );
  await db.execute(sql`
    INSERT INTO crowdfunding_campaigns (campaign_id, npo_id, deadline)
    VALUES (${campaignId}, ${npoId}, ${new Date(Date.now() + 20 * DAY)})`);
  await seedImages(db, npoId, campaignId);
  const rewardIds: number[] = [];
  for (const [i, r] of REWARDS.entries()) {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO crowdfunding_rewards (campaign_id, position, amount_minor, title, description, delivery_date,
        quantity, taken, shipping_required, fair_market_value_minor)
      VALUES (${campaignId}, ${i}, ${r.amount}, ${r.title}, ${r.description},
        ${new Date(Date.now() + (60 + i * 30) * DAY).toISOString().slice(0, 10)}, ${r.quantity}, ${r.claims},
        ${r.ship}, ${r.fmv})
      RETURNING id`);
    rewardIds.push(Number(rows[0]?.id));
  }
  for (const u of UPDATES) {
    await db.execute(sql`
      INSERT INTO crowdfunding_updates (campaign_id, title, body_html, published_at)
      VALUES (${campaignId}, ${u.title}, ${sanitiseDescription(u.body)}, ${new Date(Date.now() - u.days * DAY)})`);
  }
  await seedBackers(db, npoId, campaignId, rewardIds);
}
