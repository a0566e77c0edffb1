import { type TCampaignInput, ZCampaignInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { columnsOf, replaceChildren } from '../modules/campaigns/campaigns.repository.ts';
import { campaigns } from '../modules/campaigns/campaigns.tables.ts';
import { type GivingInterval, recordSucceededPayment } from '../modules/donations/index.ts';
import { seedRecurringPlans } from '../modules/plans/index.ts';
import type { Db } from '../platform/db/client.ts';

// The donation-flow demo (docs/product/donation-form.md): in Riverside Food Bank, an active campaign at /spring-appeal,
// a fundraiser's peer campaign at /raise/spring-appeal-team-sam, a draft, and 48 donations over
// the last two years. Donations go through recordSucceededPayment with fixed sandbox references,
// so a second run finds every one already recorded and adds nothing.

const SPRING: TCampaignInput = {
  name: 'Spring Appeal',
  campaign_url: 'spring-appeal',
  status: 'active',
  goal_minor: 5_000_000,
  currency: 'USD',
  currencies: ['USD', 'EUR', 'GBP'],
  call_to_action: 'Fill a family’s shelves this spring',
  description:
    '<p>Every spring our shelves run low just as school holidays begin. Your gift buys fresh produce, staples and baby supplies for families across the river district.</p>',
  user_amount_enable: true,
  include_payment_fees: true,
  gift_aid: true,
  collect_address: true,
  designation_label: 'Where should your gift go?',
  thank_you_message: '',
  amounts: [
    { amount_minor: 2500, interval: 'once', description: 'A week of fresh vegetables for a family', image_url: null },
    { amount_minor: 5000, interval: 'once', description: 'A full grocery box for a family of four', image_url: null },
    { amount_minor: 10000, interval: 'once', description: 'Baby formula and nappies for a month', image_url: null },
    { amount_minor: 1000, interval: 'monthly', description: 'Breakfast for a child every school day', image_url: null },
    { amount_minor: 2500, interval: 'monthly', description: 'Keeps the community fridge stocked', image_url: null },
  ],
  designations: [
    { name: 'Fresh produce', description: 'Fruit and vegetables from local growers' },
    { name: 'Family hampers', description: 'Weekly boxes delivered to families in need' },
  ],
  questions: [
    {
      content: 'How did you hear about the Spring Appeal?',
      answer_type: 'dropdown',
      options: ['Friend or family', 'Social media', 'Local news', 'At the food bank'],
      response_required: true,
    },
    {
      content: 'Anything you would like our volunteers to know?',
      answer_type: 'Text',
      options: [],
      response_required: false,
    },
  ],
  campaign_settings: { theme_color: '#e8590c', button_color: '#e8590c', button_text_color: '#ffffff' },
  // Served scoped to the form, the @media block too (decision 023).
  custom_css: '.kd-cta { letter-spacing: 0.01em; }\n@media (max-width: 480px) { .kd-cta { font-size: 1.2rem; } }',
  // faults15: the largest gift the form takes, converted for euros and pounds (decision 035).
  max_amount_minor: 2_500_000,
};

const TEAM_SAM: TCampaignInput = {
  name: 'Team Sam for the Spring Appeal',
  campaign_url: 'spring-appeal-team-sam',
  status: 'active',
  goal_minor: 250_000,
  call_to_action: 'Sam is running the river 10k to fill the shelves',
};

const DRAFT: TCampaignInput = {
  name: 'Summer Lunch Club',
  campaign_url: 'summer-lunch-club',
  status: 'draft',
  goal_minor: 1_500_000,
  amounts: [{ amount_minor: 1500, interval: 'once', description: 'Ten lunches', image_url: null }],
};

const FIRST = ['Alex', 'Priya', 'Tom', 'Maria', 'Kwame', 'Sofia', 'Liam', 'Aiko', 'Noah', 'Fatima', 'Ellen', 'Ravi'];
const LAST = ['Walker', 'Shah', 'Okafor', 'Garcia', 'Mensah', 'Rossi', 'Byrne', 'Tanaka', 'Levi', 'Haddad'];

/** mulberry32: the same sequence on every run, so the demo looks the same everywhere. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function ensureCampaign(
  db: Db,
  npoId: number,
  spec: TCampaignInput,
  extra: { parentCampaignId?: number; ownerUserId?: number; createdAt: Date },
): Promise<number> {
  const input = ZCampaignInput.parse(spec);
  const found = await db.execute<{ id: number }>(
    sql`SELECT id FROM campaigns WHERE campaign_url = ${input.campaign_url}`,
  );
  const existing = found.rows[0];
  if (existing) return Number(existing.id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ ...columnsOf(input), npoId, ...extra, updatedAt: extra.createdAt })
      .returning({ id: campaigns.id });
    if (!row) throw new Error('campaign seed insert returned no row');
    if (!extra.parentCampaignId) await replaceChildren(tx, npoId, row.id, input);
    return row.id;
  });
}

type Ids = { npoId: number; spring: number; peer: number; designations: number[]; questions: number[] };

async function seedDonations(db: Db, ids: Ids): Promise<void> {
  const next = random(20260321);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const now = Date.now();
  // Oldest first, so each donor is created on the date of their first gift.
  const ages = Array.from({ length: 48 }, (_, i) => (i < 4 ? 1 + i * 2 : Math.floor(next() * 720) + 10)).sort(
    (a, b) => b - a,
  );
  for (const [i, ageDays] of ages.entries()) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const currency = pick(['USD', 'USD', 'EUR', 'GBP'] as const);
    const interval: GivingInterval = next() < 0.25 ? 'monthly' : 'once';
    const gift = interval === 'monthly' ? pick([1000, 2500]) : pick([2500, 5000, 10000, 1800, 7500, 25000]);
    const coversFee = next() < 0.4;
    const fee = coversFee ? Math.round(gift * 0.032) : 0;
    await recordSucceededPayment(db, {
      npoId: ids.npoId,
      campaignId: ids.spring,
      peerCampaignId: i % 6 === 0 ? ids.peer : null,
      provider: 'sandbox',
      providerReference: `seed_spring_${String(i + 1).padStart(3, '0')}`,
      amountMinor: gift + fee,
      feeCoveredMinor: fee,
      currency,
      interval,
      paymentMethod: next() < 0.8 ? 'card' : 'paypal',
      donor: {
        email: `${first}.${last}@example.org`.toLowerCase(),
        firstName: first,
        lastName: last,
        city: pick(['Riverside', 'Millbrook', 'Eastbank']),
        country: currency === 'GBP' ? 'GB' : currency === 'EUR' ? 'IE' : 'US',
      },
      designationId: next() < 0.6 ? pick(ids.designations) : null,
      answers: [
        { question_id: ids.questions[0] ?? null, answer: pick(['Friend or family', 'Social media', 'Local news']) },
      ],
      comment: next() < 0.3 ? 'Happy to help this spring!' : '',
      giftAid:
        currency === 'GBP' && next() < 0.7
          ? { name: `${first} ${last}`, address: '12 Mill Lane, Leeds', postcode: 'LS1 4AP' }
          : null,
      donorWall: { addToDonorWall: next() < 0.5, firstNameOnly: next() < 0.3, showAmount: true, showComment: true },
      occurredAt: new Date(now - ageDays * 86_400_000),
    });
  }
}

/** Adds the donation-flow demo to Riverside Food Bank; a second run changes nothing. */
export async function seedCampaigns(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const owner = await db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE lower(email) = 'fundraiser@kindling.test'`,
  );
  const ownerUserId = owner.rows[0] ? Number(owner.rows[0].id) : undefined;
  const twoYearsAgo = new Date(Date.now() - 730 * 86_400_000);
  const spring = await ensureCampaign(db, npoId, SPRING, { createdAt: twoYearsAgo });
  const peer = await ensureCampaign(db, npoId, TEAM_SAM, {
    parentCampaignId: spring,
    ownerUserId,
    createdAt: twoYearsAgo,
  });
  await ensureCampaign(db, npoId, DRAFT, { createdAt: new Date() });
  const children = await db.execute<{ kind: string; id: number }>(sql`
    SELECT 'designation' AS kind, id FROM campaign_designations WHERE campaign_id = ${spring} AND npo_id = ${npoId}
    UNION ALL
    SELECT 'question', id FROM campaign_questions WHERE campaign_id = ${spring} AND npo_id = ${npoId}
    ORDER BY 1, 2`);
  const idsOf = (kind: string) => children.rows.filter((r) => r.kind === kind).map((r) => Number(r.id));
  await seedDonations(db, { npoId, spring, peer, designations: idsOf('designation'), questions: idsOf('question') });
  await seedRecurringPlans(db, npoId);
}
