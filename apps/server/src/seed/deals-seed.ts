// The demo's major-gift pipeline and tasks (docs/decisions/043-deals-and-tasks.md): six deals across
// the stages with owners (the won one fulfilled by a gift), and tasks due today and overdue for the
// demo admin. Added once: an organisation that already has deals keeps what staff made of the demo.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { dayIn } from '../platform/format/calendar.ts';

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Person = { id: number; name: string };

async function people(db: Db, npoId: number) {
  const { rows: contacts } = await db.execute<Person & { gift: number | null; amount: string | null }>(sql`
    SELECT d.id, coalesce(nullif(trim(d.first_name || ' ' || d.last_name), ''), d.email) AS name,
      (SELECT g.id FROM donations g WHERE g.donor_id = d.id AND g.status = 'succeeded' AND g.currency = n.base_currency
        ORDER BY g.amount_minor DESC LIMIT 1) AS gift,
      (SELECT max(g.amount_minor) FROM donations g WHERE g.donor_id = d.id AND g.status = 'succeeded' AND g.currency = n.base_currency) AS amount
    FROM donors d JOIN npos n ON n.id = d.npo_id LEFT JOIN donor_giving dg ON dg.donor_id = d.id
    WHERE d.npo_id = ${npoId} AND (d.first_name <> '' OR d.last_name <> '')
    ORDER BY coalesce(dg.lifetime_base_minor, 0) DESC, d.id LIMIT 6`);
  const { rows: staff } = await db.execute<{ id: number; email: string }>(sql`
    SELECT u.id, lower(u.email) AS email FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.npo_id = ${npoId} AND lower(u.email) IN ('admin@kindling.test', 'staff@kindling.test')`);
  return {
    contacts,
    admin: staff.find((s) => s.email === 'admin@kindling.test')?.id ?? null,
    staff: staff.find((s) => s.email === 'staff@kindling.test')?.id ?? null,
  };
}

export async function seedDeals(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows: existing } = await db.execute(sql`SELECT 1 FROM deals WHERE npo_id = ${npoId} LIMIT 1`);
  if (existing.length > 0) return;
  const { contacts, admin, staff } = await people(db, npoId);
  if (contacts.length < 6 || !admin) return;
  const { rows: zone } = await db.execute<{ zone: string; currency: string }>(
    sql`SELECT time_zone AS zone, base_currency AS currency FROM npos WHERE id = ${npoId}`,
  );
  const today = dayIn(new Date(), zone[0]?.zone ?? 'UTC');
  const currency = zone[0]?.currency ?? 'USD';
  const won = contacts.find((c) => c.gift !== null) ?? contacts[5];
  const others = contacts.filter((c) => c !== won);
  const deals = [
    {
      title: 'Naming gift for the new pantry',
      contact: others[0],
      amount: 5_000_000,
      stage: 'identified',
      days: 240,
      owner: admin,
      next: 'Research giving capacity',
    },
    {
      title: 'Winter meals sponsorship',
      contact: others[1],
      amount: 1_500_000,
      stage: 'qualified',
      days: 120,
      owner: staff,
      next: 'Send the impact report',
    },
    {
      title: 'Mobile pantry van',
      contact: others[2],
      amount: 3_500_000,
      stage: 'cultivation',
      days: 90,
      owner: admin,
      next: 'Site visit to the warehouse',
    },
    {
      title: 'Three-year operating pledge',
      contact: others[3],
      amount: 2_400_000,
      stage: 'solicitation',
      days: 30,
      owner: staff,
      next: 'Proposal meeting',
    },
    {
      title: 'Capital campaign pledge',
      contact: others[4],
      amount: 1_000_000,
      stage: 'pledged',
      days: 15,
      owner: admin,
      next: 'Confirm the payment schedule',
    },
    {
      title: 'Annual leadership gift',
      contact: won,
      amount: Number(won?.amount ?? 50_000),
      stage: 'won',
      days: -10,
      owner: admin,
      next: '',
    },
  ];
  const ids: number[] = [];
  for (const [position, d] of deals.entries()) {
    if (!d.contact) continue;
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO deals (npo_id, contact_id, title, amount_minor, currency, expected_on, stage, owner_user_id, next_step, position)
      VALUES (${npoId}, ${d.contact.id}, ${d.title}, ${d.amount}, ${currency}, ${shift(today, d.days)}::date, ${d.stage},
        ${d.owner}, ${d.next}, ${position + 1})
      RETURNING id`);
    ids.push(Number(rows[0]?.id));
  }
  const wonId = ids.at(-1);
  if (won?.gift && wonId) {
    await db.execute(
      sql`INSERT INTO deal_gifts (deal_id, donation_id) VALUES (${wonId}, ${won.gift}) ON CONFLICT DO NOTHING`,
    );
  }
  const tasks = [
    {
      title: `Call ${others[0]?.name ?? 'the prospect'} about the pantry`,
      contact: others[0],
      deal: ids[0],
      due: 0,
      priority: 'high',
    },
    { title: 'Thank-you calls for this week’s gifts', contact: null, deal: undefined, due: 0, priority: 'normal' },
    { title: 'Send the winter meals proposal', contact: others[1], deal: ids[1], due: -2, priority: 'high' },
    {
      title: `Write to ${others[3]?.name ?? 'the donor'} after the meeting`,
      contact: others[3],
      deal: ids[3],
      due: -5,
      priority: 'normal',
    },
    { title: 'Plan the donor appreciation evening', contact: null, deal: undefined, due: 7, priority: 'low' },
  ];
  for (const t of tasks) {
    await db.execute(sql`
      INSERT INTO tasks (npo_id, title, due_on, assignee_user_id, contact_id, deal_id, priority, created_by_user_id)
      VALUES (${npoId}, ${t.title}, ${shift(today, t.due)}::date, ${admin}, ${t.contact?.id ?? null}, ${t.deal ?? null},
        ${t.priority}, ${admin})`);
  }
}
