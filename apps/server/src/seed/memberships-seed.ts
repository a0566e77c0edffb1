// The demo's membership campaign (docs/decisions/049-memberships.md): Riverside's Friends of
// Riverside at /subscriptions/friends-of-riverside with three tiers (individual yearly, household
// yearly, monthly supporter) and sixty members in every state, some expiring within a month. The
// members are listed without gifts of their own, so no donation figure of the demo changes. Added
// once: an installation that already has the campaign keeps what staff and members made of it.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { randomToken } from '../platform/security/tokens.ts';

type SeedTier = {
  name: string;
  description: string;
  benefits: string[];
  billing: 'monthly' | 'yearly';
  price: number;
  fmv: number;
  household: number;
  capacity: number | null;
};
const TIERS: SeedTier[] = [
  {
    name: 'Individual',
    description: 'A year of membership for one person.',
    benefits: ['Members’ newsletter', 'Invitation to the annual harvest walk', '10% off the pantry shop'],
    billing: 'yearly',
    price: 6000,
    fmv: 1500,
    household: 1,
    capacity: null,
  },
  {
    name: 'Household',
    description: 'A year of membership for up to four people at one address.',
    benefits: ['Everything in Individual, for each member', 'Two guest passes to the Harvest Gala reception'],
    billing: 'yearly',
    price: 10000,
    fmv: 3000,
    household: 4,
    capacity: 200,
  },
  {
    name: 'Monthly supporter',
    description: 'Support the pantry every month; cancel at any time.',
    benefits: ['Members’ newsletter', 'A thank-you card each spring'],
    billing: 'monthly',
    price: 1500,
    fmv: 0,
    household: 1,
    capacity: null,
  },
];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Elena', 'Farid', 'Gwen', 'Hiro', 'Iris', 'Jonah', 'Kemi', 'Lars'];
const LAST = ['Alvarez', 'Brennan', 'Castillo', 'Dubois', 'Eriksen'];

/** Member n's tier, status and expiry in days from today (negative: already past). */
function memberPlan(n: number): { tier: number; status: string; expiresInDays: number } {
  if (n < 8) return { tier: n % 2, status: 'active', expiresInDays: 3 + n * 3 }; // expiring within a month
  if (n < 14) return { tier: n % 2, status: 'in_grace', expiresInDays: -(5 + n) };
  if (n < 20) return { tier: n % 2, status: 'lapsed', expiresInDays: -(60 + n) };
  if (n < 23) return { tier: n % 3, status: 'cancelled', expiresInDays: 40 + n };
  return { tier: n % 3, status: 'active', expiresInDays: 45 + ((n * 7) % 300) };
}

export async function seedMemberships(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const exists = await db.execute(sql`SELECT 1 FROM campaigns WHERE campaign_url = 'friends-of-riverside'`);
  if (exists.rows.length > 0) return;
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, campaign_url, status, campaign_type, currency, call_to_action, description)
      VALUES (${npoId}, 'Friends of Riverside', 'friends-of-riverside', 'active', 'membership', 'USD',
        'Become a Friend of Riverside',
        '<p>Friends keep the pantry open all year. Choose a membership for yourself or your household.</p>')
      RETURNING id`);
    const campaignId = Number(rows[0]?.id);
    const tierIds: number[] = [];
    for (const [position, t] of TIERS.entries()) {
      const { rows: tierRows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO membership_tiers (npo_id, campaign_id, name, description, benefits, billing, price_minor,
          fair_market_value_minor, capacity, household_size, position)
        VALUES (${npoId}, ${campaignId}, ${t.name}, ${t.description}, ${JSON.stringify(t.benefits)}::jsonb,
          ${t.billing}, ${t.price}, ${t.fmv}, ${t.capacity}, ${t.household}, ${position})
        RETURNING id`);
      tierIds.push(Number(tierRows[0]?.id));
      await tx.execute(sql`
        INSERT INTO campaign_amounts (npo_id, campaign_id, amount_minor, interval, description, position)
        VALUES (${npoId}, ${campaignId}, ${t.price}, ${t.billing}, ${t.name}, ${position})`);
    }
    for (let n = 0; n < 60; n += 1) {
      const plan = memberPlan(n);
      const tier = TIERS[plan.tier] as SeedTier;
      const first = FIRST[n % FIRST.length] as string;
      const last = LAST[Math.floor(n / FIRST.length) % LAST.length] as string;
      const people = [{ name: `${first} ${last}`, email: `${first}.${last}.${n}@members.example.org`.toLowerCase() }];
      if (tier.household > 1 && n % 4 === 1)
        people.push({ name: `Sam ${last}`, email: `sam.${last}.${n}@members.example.org`.toLowerCase() });
      const term = tier.billing === 'monthly' ? '1 month' : '1 year';
      const search = people
        .map((p) => `${p.name} ${p.email}`)
        .join(' ')
        .toLowerCase();
      const { rows: created } = await tx.execute<{ id: number }>(sql`
        INSERT INTO supporter_memberships (npo_id, tier_id, reference, status, renewal, currency, price_minor,
          fair_market_value_minor, joined_at, period_start, period_end, search_text)
        VALUES (${npoId}, ${tierIds[plan.tier]}, ${randomToken(18)}, ${plan.status}, 'manual', 'USD', ${tier.price},
          ${tier.fmv}, now() + make_interval(days => ${plan.expiresInDays}) - ${term}::interval - interval '20 days',
          now() + make_interval(days => ${plan.expiresInDays}) - ${term}::interval,
          now() + make_interval(days => ${plan.expiresInDays}), ${search})
        RETURNING id`);
      const id = Number(created[0]?.id);
      for (const [position, p] of people.entries()) {
        await tx.execute(sql`
          INSERT INTO membership_members (membership_id, position, name, email) VALUES (${id}, ${position}, ${p.name}, ${p.email})`);
      }
      await tx.execute(
        sql`INSERT INTO membership_history (membership_id, kind, detail) VALUES (${id}, 'joined', 'Joined.')`,
      );
      // m19: each state change dated when it would have happened, and a renewal for some long-standing
      // members, so the Figures tab's months show lapses and renewals (docs/product/memberships.md).
      const lead = plan.status === 'lapsed' ? 30 : plan.status === 'cancelled' ? -(plan.expiresInDays + n) : 0;
      if (plan.status !== 'active') {
        await tx.execute(sql`
          INSERT INTO membership_history (membership_id, kind, detail, at)
          VALUES (${id}, ${plan.status}, 'Seeded state.', least(now(), now() + make_interval(days => ${plan.expiresInDays + lead})))`);
      } else if (n >= 23 && n % 3 === 0 && tier.billing !== 'monthly') {
        await tx.execute(sql`
          UPDATE supporter_memberships SET joined_at = joined_at - interval '1 year' WHERE id = ${id}`);
        await tx.execute(sql`
          INSERT INTO membership_history (membership_id, kind, detail, at)
          SELECT id, 'renewed', 'Renewed through the renewal link.', period_start FROM supporter_memberships WHERE id = ${id}`);
      }
    }
    // A tier's places: its active and in-grace memberships.
    await tx.execute(sql`
      UPDATE membership_tiers t SET taken = (SELECT count(*) FROM supporter_memberships m
        WHERE m.tier_id = t.id AND m.status IN ('active', 'in_grace'))
      WHERE t.campaign_id = ${campaignId}`);
  });
}
