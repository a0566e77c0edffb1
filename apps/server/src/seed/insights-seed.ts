// ai22: two years of giving for the AI insights page (docs/product/insights.md#demo): one-off and
// monthly donors in six countries who keep giving or stop, recurring plans with failed charges and
// cards about to expire, a campaign behind its pace, a card-testing burst with declines from one
// country and refunds above normal. Generated from a fixed seed, written in a few bulk statements.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

const DAY = 86_400_000;
const MARKER = 'history-000@donors.kindling.test';

const COUNTRIES = [
  {
    country: 'US',
    weight: 50,
    currency: 'USD',
    rate: 1,
    regions: [
      ['NY', '10001'],
      ['CA', '94110'],
      ['TX', '73301'],
    ],
  },
  {
    country: 'GB',
    weight: 15,
    currency: 'GBP',
    rate: 1.27,
    regions: [
      ['London', 'E1 6AN'],
      ['Leeds', 'LS1 4AP'],
    ],
  },
  {
    country: 'CA',
    weight: 12,
    currency: 'CAD',
    rate: 0.73,
    regions: [
      ['ON', 'M5V 2T6'],
      ['BC', 'V6B 1A1'],
    ],
  },
  { country: 'DE', weight: 8, currency: 'EUR', rate: 1.08, regions: [['Berlin', '10115']] },
  { country: 'AU', weight: 8, currency: 'AUD', rate: 0.66, regions: [['NSW', '2000']] },
  { country: 'FR', weight: 7, currency: 'EUR', rate: 1.08, regions: [['Paris', '75001']] },
] as const;
const FIRST = [
  'Ada',
  'Ben',
  'Cleo',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kai',
  'Lia',
  'Max',
  'Nia',
  'Oto',
  'Pia',
];
const LAST = [
  'Archer',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fox',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Moss',
];

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function countryAt(point: number) {
  let upTo = 0;
  for (const c of COUNTRIES) {
    upTo += c.weight;
    if (point < upTo) return c;
  }
  return COUNTRIES[0];
}

type Donor = { email: string; first: string; last: string; country: string; state: string; postcode: string };
type Gift = {
  donor: number;
  at: number;
  amount: number;
  currency: string;
  base: number;
  status: 'succeeded' | 'failed';
  method: string;
  interval: string;
  campaign: number | null;
  fee: number;
  plan: number | null;
};
type Plan = {
  donor: number;
  amount: number;
  currency: string;
  start: number;
  status: string;
  expMonth: number;
  expYear: number;
  brand: string;
  failed: number;
  cancelled: number | null;
  last: number | null;
};

/** The generated history: deterministic for a given `now`, so a test can reason about it. */
export function insightsHistory(now: number, donorCount = 360) {
  const rand = random(22);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const donors: Donor[] = [];
  const gifts: Gift[] = [];
  const plans: Plan[] = [];
  for (let i = 0; i < donorCount; i++) {
    const c = countryAt(rand() * 100);
    const [state, postcode] = pick<readonly string[]>(c.regions) as [string, string];
    donors.push({
      email: i === 0 ? MARKER : `history-${String(i).padStart(3, '0')}@donors.kindling.test`,
      first: pick(FIRST),
      last: pick(LAST),
      country: c.country,
      state,
      postcode,
    });
    const start = now - (20 + rand() * 710) * DAY;
    const monthly = rand() < 0.35;
    const method = rand() < 0.8 ? 'card' : 'paypal';
    const fee = rand() < 0.3;
    if (monthly) {
      const amount = pick([1000, 2000, 2500, 5000, 10000]);
      const failing = rand() < 0.25;
      const expiring = rand() < 0.2;
      const planIndex = plans.length;
      let t = start;
      let failed = 0;
      let cancelled: number | null = null;
      let last: number | null = null;
      while (t < now) {
        const fails = failing && rand() < 0.3;
        gifts.push({
          donor: i,
          at: t,
          amount,
          currency: c.currency,
          base: Math.round(amount * c.rate),
          status: fails ? 'failed' : 'succeeded',
          method: 'card',
          interval: 'monthly',
          campaign: null,
          fee: fee ? Math.round(amount * 0.03) : 0,
          plan: planIndex,
        });
        if (fails) failed++;
        else last = t;
        // Donors stop more often after failed charges: the churn the model should find.
        if (rand() < 0.02 + (fails ? 0.25 : 0)) {
          cancelled = t + 3 * DAY;
          break;
        }
        t += 30.44 * DAY;
      }
      const exp = new Date(expiring ? now + 30 * DAY : now + (200 + rand() * 900) * DAY);
      plans.push({
        donor: i,
        amount,
        currency: c.currency,
        start,
        status: cancelled ? 'cancelled' : failed > 2 ? 'past_due' : 'active',
        expMonth: exp.getUTCMonth() + 1,
        expYear: exp.getUTCFullYear(),
        brand: pick(['visa', 'mastercard', 'amex']),
        failed: cancelled ? 0 : Math.min(failed, 3),
        cancelled,
        last,
      });
    } else {
      const every = (45 + rand() * 200) * DAY;
      const base = 1500 + Math.floor(rand() * rand() * 40_000);
      const rising = rand() < 0.08;
      let t = start;
      let k = 0;
      while (t < now) {
        const amount = Math.round((rising ? base * (1 + k * 0.6) : base) / 100) * 100;
        gifts.push({
          donor: i,
          at: t,
          amount,
          currency: c.currency,
          base: Math.round(amount * c.rate),
          status: 'succeeded',
          method,
          interval: 'once',
          campaign: null,
          fee: fee ? Math.round(amount * 0.03) : 0,
          plan: null,
        });
        if (rand() < 0.22) break;
        t += every * (0.6 + rand() * 0.8);
        k++;
      }
    }
  }
  // Declines from one country in the last ten days (fraud insights).
  for (let j = 0; j < 4; j++)
    donors.push({
      email: `history-ng-${j}@donors.kindling.test`,
      first: pick(FIRST),
      last: pick(LAST),
      country: 'NG',
      state: 'Lagos',
      postcode: '100001',
    });
  for (let j = 0; j < 24; j++) {
    const donor = donorCount + (j % 4);
    gifts.push({
      donor,
      at: now - (1 + rand() * 9) * DAY,
      amount: 500 + j * 100,
      currency: 'USD',
      base: 500 + j * 100,
      status: j % 8 === 0 ? 'succeeded' : 'failed',
      method: 'card',
      interval: 'once',
      campaign: null,
      fee: 0,
      plan: null,
    });
  }
  return { donors, gifts, plans };
}

export async function seedInsightsHistory(db: Db, npoId: number, now = Date.now()): Promise<void> {
  const seen = await db.execute(sql`SELECT 1 FROM donors WHERE npo_id = ${npoId} AND email = ${MARKER}`);
  if (seen.rows.length > 0) return;
  const { donors, gifts, plans } = insightsHistory(now);
  const campaigns = await seedInsightCampaigns(db, npoId, now);
  // A fifth of the last two months' one-off gifts go to the appeal behind its pace, some of the summer's to the past campaign.
  for (const g of gifts) {
    if (g.plan !== null || g.status !== 'succeeded') continue;
    if (g.at > now - 45 * DAY && g.donor % 5 === 0) g.campaign = campaigns.behind;
    if (g.at > now - 400 * DAY && g.at < now - 310 * DAY && g.donor % 3 === 0) g.campaign = campaigns.past;
  }
  const donorIds = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO donors (npo_id, email, first_name, last_name, state, postal_code, country, created_at)
      SELECT ${npoId}, e, f, l, s, p, c, now() FROM unnest(
        ${sql.param(donors.map((d) => d.email))}::text[], ${sql.param(donors.map((d) => d.first))}::text[], ${sql.param(donors.map((d) => d.last))}::text[],
        ${sql.param(donors.map((d) => d.state))}::text[], ${sql.param(donors.map((d) => d.postcode))}::text[], ${sql.param(donors.map((d) => d.country))}::text[]
      ) WITH ORDINALITY AS t(e, f, l, s, p, c, n) ORDER BY n
      RETURNING id`)
  ).rows.map((r) => Number(r.id));
  const giftIds = await insertGifts(db, npoId, gifts, donorIds);
  await insertPlans(db, npoId, plans, gifts, giftIds, donorIds);
  await seedFraudSignals(db, npoId, now, giftIds.filter((_, i) => gifts[i]?.status === 'succeeded').slice(-40, -37));
}

async function insertGifts(db: Db, npoId: number, gifts: Gift[], donorIds: number[]): Promise<number[]> {
  const col = <T>(f: (g: Gift) => T) => gifts.map(f);
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO donations (npo_id, donor_id, campaign_id, amount_minor, fee_covered_minor, currency, base_amount_minor, base_currency,
      fx_rate, interval, status, payment_method, provider, created_at, updated_at)
    SELECT ${npoId}, d, c, a, f, cur, b, 'USD', round(b::numeric / a, 8), i, s, m, 'sandbox', at, at FROM unnest(
      ${sql.param(col((g) => donorIds[g.donor] ?? 0))}::bigint[], ${sql.param(col((g) => g.campaign))}::bigint[], ${sql.param(col((g) => g.amount))}::bigint[],
      ${sql.param(col((g) => g.fee))}::bigint[], ${sql.param(col((g) => g.currency))}::text[], ${sql.param(col((g) => g.base))}::bigint[], ${sql.param(col((g) => g.interval))}::text[],
      ${sql.param(col((g) => g.status))}::text[], ${sql.param(col((g) => g.method))}::text[], ${sql.param(col((g) => new Date(g.at).toISOString()))}::timestamptz[]
    ) WITH ORDINALITY AS t(d, c, a, f, cur, b, i, s, m, at, n) ORDER BY n
    RETURNING id`);
  const ids = rows.map((r) => Number(r.id));
  await db.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT npo_id, id, 'gift', amount_minor, currency, base_amount_minor, base_currency, created_at FROM donations
    WHERE id = ANY(${sql.param(ids)}::bigint[]) AND status = 'succeeded'`);
  return ids;
}

async function insertPlans(db: Db, npoId: number, plans: Plan[], gifts: Gift[], giftIds: number[], donorIds: number[]) {
  const first = plans.map((_, p) => giftIds[gifts.findIndex((g) => g.plan === p)] ?? 0);
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO recurring_plans (npo_id, donor_id, amount_minor, currency, interval, provider, card_brand, card_exp_month, card_exp_year,
      status, anchor_at, started_at, cancelled_at, last_charged_at, failed_attempts, first_donation_id, past_due_since)
    SELECT ${npoId}, d, a, c, 'monthly', 'sandbox', br, em, ey, s, st, st, ca, la, fa, fd, CASE WHEN s = 'past_due' THEN now() - interval '5 days' END
    FROM unnest(
      ${sql.param(plans.map((p) => donorIds[p.donor] ?? 0))}::bigint[], ${sql.param(plans.map((p) => p.amount))}::bigint[], ${sql.param(plans.map((p) => p.currency))}::text[],
      ${sql.param(plans.map((p) => p.brand))}::text[], ${sql.param(plans.map((p) => p.expMonth))}::int[], ${sql.param(plans.map((p) => p.expYear))}::int[],
      ${sql.param(plans.map((p) => p.status))}::text[], ${sql.param(plans.map((p) => iso(p.start)))}::timestamptz[], ${sql.param(plans.map((p) => iso(p.cancelled)))}::timestamptz[],
      ${sql.param(plans.map((p) => iso(p.last)))}::timestamptz[], ${sql.param(plans.map((p) => p.failed))}::int[], ${sql.param(first)}::bigint[]
    ) WITH ORDINALITY AS t(d, a, c, br, em, ey, s, st, ca, la, fa, fd, n) ORDER BY n
    RETURNING id`);
  const planIds = rows.map((r) => Number(r.id));
  await db.execute(sql`
    UPDATE donations SET recurring_plan_id = p.plan FROM unnest(${sql.param(giftIds)}::bigint[], ${sql.param(gifts.map((g) => (g.plan === null ? null : planIds[g.plan])))}::bigint[]) AS p(gift, plan)
    WHERE donations.id = p.gift AND p.plan IS NOT NULL`);
}

async function seedInsightCampaigns(db: Db, npoId: number, now: number) {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const insert = (name: string, url: string, status: string, goal: number, starts: string, ends: string) =>
    db.execute<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, campaign_url, status, goal_minor, currency, starts_at, ends_at)
      VALUES (${npoId}, ${name}, ${url}, ${status}, ${goal}, 'USD', ${starts}, ${ends}) RETURNING id`);
  const behind = await insert(
    'Winter Warmth Appeal',
    `winter-warmth-appeal-${npoId}`,
    'active',
    6_000_000,
    at(-50),
    at(40),
  );
  const past = await insert('Summer Lunches', `summer-lunches-${npoId}`, 'ended', 2_000_000, at(-400), at(-310));
  return { behind: Number(behind.rows[0]?.id), past: Number(past.rows[0]?.id) };
}

async function seedFraudSignals(db: Db, npoId: number, now: number, refundIds: number[]) {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  await db.execute(sql`
    INSERT INTO card_testing_bursts (npo_id, scope, subject_digest, source, declines, started_at, last_decline_at, challenge_until)
    VALUES (${npoId}, 'address', ${'0'.repeat(64)}, '203.0.113.45', 38, ${at(-3)}, ${at(-3)}, ${at(-3)})`);
  // Three gifts refunded this week: above the organisation's usual.
  await db.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT npo_id, id, 'refund', -amount_minor, currency, -base_amount_minor, base_currency, ${at(-2)}::timestamptz FROM donations
    WHERE id = ANY(${sql.param(refundIds)}::bigint[])`);
  await db.execute(
    sql`UPDATE donations SET status = 'refunded', refunded_at = ${at(-2)}::timestamptz WHERE id = ANY(${sql.param(refundIds)}::bigint[])`,
  );
}
