// The demo's member tickets (docs/decisions/090-member-tickets.md, docs/product/events.md#member-tickets):
// the Harvest Gala sells a "Member ticket" whose member price Friends of Riverside members pay, and a
// members-only "Members' preview" for the yearly tiers (Individual and Household). Added by name, so an
// installation seeded before keeps its gala and gains the two types once.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

type SeedMemberType = {
  name: string;
  description: string;
  price: number;
  memberPrice: number | null;
  fmv: number;
  quantity: number;
  perOrder: number;
  membersOnly: boolean;
  /** Tier names of Friends of Riverside whose members qualify; empty: every tier. */
  tiers: string[];
};

export const MEMBER_TICKET_TYPES: SeedMemberType[] = [
  {
    name: 'Member ticket',
    description: 'Dinner, music and the auction. Friends of Riverside pay the member price.',
    price: 15000,
    memberPrice: 11000,
    fmv: 6000,
    quantity: 60,
    perOrder: 4,
    membersOnly: false,
    tiers: [],
  },
  {
    name: 'Members’ preview',
    description: 'A tour of the pantry and its garden with the chefs, before dinner. For yearly members.',
    price: 2500,
    memberPrice: null,
    fmv: 1000,
    quantity: 30,
    perOrder: 2,
    membersOnly: true,
    tiers: ['Individual', 'Household'],
  },
];

export async function seedMemberTickets(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows } = await db.execute<{ id: number; next: number }>(sql`
    SELECT e.id, coalesce((SELECT max(position) + 1 FROM event_ticket_types t WHERE t.event_id = e.id), 0) AS next
    FROM events e WHERE e.slug = 'harvest-gala' AND e.npo_id = ${npoId}`);
  const gala = rows[0];
  if (!gala) return;
  for (const [i, t] of MEMBER_TICKET_TYPES.entries()) {
    const tierIds = sql`coalesce((SELECT array_agg(r.id ORDER BY r.position) FROM membership_tiers r
      JOIN campaigns c ON c.id = r.campaign_id
      WHERE r.npo_id = ${npoId} AND c.campaign_url = 'friends-of-riverside' AND r.name IN (SELECT jsonb_array_elements_text(${JSON.stringify(t.tiers)}::jsonb))), '{}')`;
    await db.execute(sql`
      INSERT INTO event_ticket_types (event_id, name, description, price_minor, fair_market_value_minor, quantity,
        per_order_limit, position, members_only, member_price_minor, member_tier_ids)
      SELECT ${gala.id}, ${t.name}, ${t.description}, ${t.price}, ${t.fmv}, ${t.quantity}, ${t.perOrder},
        ${Number(gala.next) + i}, ${t.membersOnly}, ${t.memberPrice}, ${tierIds}
      WHERE NOT EXISTS (SELECT 1 FROM event_ticket_types x WHERE x.event_id = ${gala.id} AND x.name = ${t.name})`);
  }
}
