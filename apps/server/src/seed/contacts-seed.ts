// The demo's CRM contacts (docs/product/crm.md): a household of two donors, prospects and partners
// who have not given, relationships, two custom fields and a shared saved view. Added once: an
// organisation that already has a household keeps what staff made of the demo.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Tx } from '../platform/db/tx.ts';

type Prospect = {
  type: string;
  first: string;
  last: string;
  email: string;
  tags: string[];
  custom: Record<string, unknown>;
};

const PROSPECTS: Prospect[] = [
  {
    type: 'prospect',
    first: 'Grace',
    last: 'Whitfield',
    email: 'grace.whitfield@example.org',
    tags: ['major-gift'],
    custom: { interest: 'Major gifts' },
  },
  {
    type: 'foundation',
    first: '',
    last: 'Harbor Bank Foundation',
    email: 'grants@harborbank.example.org',
    tags: ['grants'],
    custom: {},
  },
  {
    type: 'volunteer',
    first: 'Sam',
    last: 'Adeyemi',
    email: '',
    tags: ['pantry-shift'],
    custom: { interest: 'Volunteering' },
  },
  {
    type: 'board_member',
    first: 'Elena',
    last: 'Park',
    email: 'elena.park@example.org',
    tags: ['board'],
    custom: { table: 3 },
  },
];

const one = async (db: Tx, query: ReturnType<typeof sql>) => {
  const { rows } = await db.execute<{ id: number }>(query);
  return rows[0] ? Number(rows[0].id) : null;
};

export async function seedContacts(db: Db, npoIds: Map<string, number>, ownerUserId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId || (await one(db, sql`SELECT id FROM households WHERE npo_id = ${npoId} LIMIT 1`))) return;
  await db.transaction(async (tx) => {
    const interest = await one(
      tx,
      sql`
      INSERT INTO contact_fields (npo_id, label, field_type, options)
      VALUES (${npoId}, 'Interest', 'choice', ARRAY['Food drives', 'Volunteering', 'Major gifts']) RETURNING id`,
    );
    const table = await one(
      tx,
      sql`
      INSERT INTO contact_fields (npo_id, label, field_type) VALUES (${npoId}, 'Gala table', 'number') RETURNING id`,
    );
    const fieldIds: Record<string, number | null> = { interest, table };

    // The household: the organisation's two earliest donors, at the first one's address.
    const { rows: givers } = await tx.execute<{ id: number; last_name: string }>(sql`
      SELECT id, last_name FROM donors WHERE npo_id = ${npoId} ORDER BY id LIMIT 2`);
    const household = await one(
      tx,
      sql`
      INSERT INTO households (npo_id, name, salutation, address, city, state, postal_code, country)
      SELECT ${npoId}, 'The ' || last_name || ' Household', 'Dear friends', address, city, state, postal_code, country
      FROM donors WHERE id = ${givers[0]?.id ?? 0} RETURNING id`,
    );
    for (const g of givers) {
      await tx.execute(sql`
        INSERT INTO contact_details (donor_id, npo_id, household_id, tags, source)
        VALUES (${g.id}, ${npoId}, ${household}, ARRAY['household'], 'Online gift')`);
    }
    const ids: number[] = [];
    for (const p of PROSPECTS) {
      const custom = Object.fromEntries(Object.entries(p.custom).map(([k, v]) => [String(fieldIds[k]), v]));
      const id = await one(
        tx,
        sql`
        INSERT INTO donors (npo_id, email, first_name, last_name) VALUES (${npoId}, ${p.email}, ${p.first}, ${p.last})
        ON CONFLICT (npo_id, lower(email)) WHERE email <> '' DO NOTHING RETURNING id`,
      );
      if (id === null) continue;
      ids.push(id);
      await tx.execute(sql`
        INSERT INTO contact_details (donor_id, npo_id, contact_type, tags, owner_user_id, source, custom_fields)
        VALUES (${id}, ${npoId}, ${p.type}, ${sql.param(p.tags)}::text[], ${ownerUserId}, 'Staff', ${JSON.stringify(custom)}::jsonb)`);
    }
    const [grace, foundation, sam, elena] = ids;
    const relate = async (from: number | undefined, to: number | undefined, kind: string) => {
      if (from && to)
        await tx.execute(sql`
          INSERT INTO contact_relationships (npo_id, from_donor_id, to_donor_id, kind) VALUES (${npoId}, ${from}, ${to}, ${kind})
          ON CONFLICT DO NOTHING`);
    };
    await relate(givers[0]?.id, givers[1]?.id, 'spouse');
    // crm20: the first spouse's earliest gift is soft-credited to the other (the household counts it once).
    await tx.execute(sql`
      INSERT INTO donation_soft_credits (npo_id, donation_id, donor_id, kind)
      SELECT ${npoId}, d.id, ${givers[1]?.id ?? 0}, 'soft_credit' FROM donations d
      WHERE d.donor_id = ${givers[0]?.id ?? 0} AND d.status = 'succeeded' AND ${givers[1]?.id ?? 0} <> 0
      ORDER BY d.id LIMIT 1`);
    await relate(elena, foundation, 'board_member');
    await relate(foundation, grace, 'employer');
    await relate(sam, givers[0]?.id, 'friend');
    if (ownerUserId) {
      await tx.execute(sql`
        INSERT INTO contact_views (npo_id, owner_user_id, name, config, created_by_user_id)
        VALUES (${npoId}, NULL, 'Major gift prospects', ${JSON.stringify({
          columns: ['email', 'type', 'tags', 'owner', 'lifetime_total'],
          filters: { type: 'prospect', tag: 'major-gift' },
          sort: 'name',
          direction: 'asc',
        })}::jsonb, ${ownerUserId})`);
    }
  });
}
