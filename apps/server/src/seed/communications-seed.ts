// The demo's communications record (docs/product/crm-communications.md): calls, a meeting and a
// letter logged with the Riverside Food Bank's largest givers. Added once: an organisation that
// already logged something keeps its own record.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

const ENTRIES = [
  {
    kind: 'call',
    direction: 'outbound',
    days: 1,
    subject: 'Thank-you call',
    body: 'Thanked her for the spring gift. She asked about volunteering at the Saturday pantry.',
  },
  {
    kind: 'meeting',
    direction: 'outbound',
    days: 4,
    subject: 'Coffee at the warehouse',
    body: 'Toured the new cold store. Interested in naming the delivery van; follow up in January.',
  },
  {
    kind: 'letter',
    direction: 'outbound',
    days: 9,
    subject: 'Annual impact report',
    body: 'Posted the printed report with a handwritten note from the director.',
  },
  {
    kind: 'email',
    direction: 'inbound',
    days: 12,
    subject: 'Question about matching gifts',
    body: 'Asked whether his employer matches; sent the matching-gift form.',
  },
  {
    kind: 'call',
    direction: 'inbound',
    days: 16,
    subject: 'Change of address',
    body: 'Moving in March; will send the new address. Prefers post to e-mail.',
  },
  {
    kind: 'sms',
    direction: 'outbound',
    days: 20,
    subject: 'Gala reminder',
    body: 'Reminded about the harvest gala table booking.',
  },
] as const;

export async function seedCommunications(db: Db, npoIds: Map<string, number>, userId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId || userId === null) return;
  const { rows: existing } = await db.execute(sql`SELECT 1 FROM logged_communications WHERE npo_id = ${npoId} LIMIT 1`);
  if (existing.length > 0) return;
  const { rows: givers } = await db.execute<{ id: number }>(sql`
    SELECT donor_id AS id FROM donor_giving WHERE npo_id = ${npoId} AND gift_count > 0
    ORDER BY lifetime_base_minor DESC, donor_id LIMIT 4`);
  if (givers.length === 0) return;
  for (const [i, e] of ENTRIES.entries()) {
    const donorId = Number(givers[i % givers.length]?.id);
    await db.execute(sql`
      INSERT INTO logged_communications (npo_id, donor_id, kind, direction, subject, body, occurred_at, user_id)
      VALUES (${npoId}, ${donorId}, ${e.kind}, ${e.direction}, ${e.subject}, ${e.body},
        now() - make_interval(days => ${e.days}, hours => ${2 + i}), ${userId})`);
  }
}
